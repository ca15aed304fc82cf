"""The shanten distance vector of every suit of at most 14 tiles, read from a precomputed table.

The block DP of `riichi_cli.analysis.parts` costs ~10-20 us a block compiled, and `riichi analyze`
meets thousands of new suits per problem (every state asks for its 34 neighbours): on a small
problem that cold memo was three quarters of the time. The 405,350 suits of at most 14 tiles have
only 126 distinct vectors, so the table is one byte per suit at the base-5 number of its counts
(5**9 bytes, ~100 KB compressed in `suit_table_data`, written by bench/make_suit_table.py from the
same DP and checked against it by tests/test_suit_table.py).

Decoding it takes ~15 ms, more than a single shanten question costs: `load` runs once, when the
analyze engine is imported; until then `stored_vector_id` answers -1 and the DP runs as before.
"""

from __future__ import annotations

import base64
import zlib
from typing import Final

from ..core.native import i64
from .vectors import _intern

#: A table byte for a suit the table does not hold (more than 14 tiles).
NOT_STORED: Final = 255
#: The decoded table (one bytes object) once `load` has run, and the interned id of each byte.
_table: Final[list[bytes]] = []
_ids: Final[list[int]] = []
#: The base-5 number of a key's low five counts (15 bits) and of its high four (12 bits): a key's
#: place in the table is one sum of two reads (`stored_index`), not a loop over its counts.
_LOW_BITS: Final = 15
_low: Final[list[int]] = []
_high: Final[list[int]] = []
#: By the table bytes of a suit (``less``) and of one with a tile more (``more``), at ``more << 8 |
#: less``: the entries j (bit j) of the vector the tile lowers (every other entry is the same: a tile
#: changes the tiles lacking for a target by one at most).
_lowered: Final[list[int]] = []
#: Where one more tile at each position moves a suit in the table (a list: compiled, a Final tuple
#: read from a function is built anew each time).
_POWERS: Final[list[int]] = [5**pos for pos in range(9)]


def load() -> None:
    """Decode the table (once per process)."""
    if _table:
        return
    from .suit_table_data import TABLE, VECTORS

    _ids.extend([_intern(tuple(vec)) for vec in VECTORS])
    _lowered.extend([0] * (256 * 256))
    for more, big in enumerate(VECTORS):
        for less, small in enumerate(VECTORS):
            _lowered[more << 8 | less] = _entries_lowered(small, big)
    _low.extend([_base5(key, 5) for key in range(1 << _LOW_BITS)])
    _high.extend([_base5(key, 4) * _POWERS[5] for key in range(1 << (27 - _LOW_BITS))])
    _table.append(zlib.decompress(base64.b64decode(TABLE)))


def _entries_lowered(less: tuple[int, ...], more: tuple[int, ...]) -> int:
    bits = 0
    for j in range(len(less)):
        if more[j] < less[j]:
            bits |= 1 << j
    return bits


def suit_moves(key: i64, plus: bool, splits: i64) -> i64:
    """The positions (bit p) of a suit where one more tile (``plus``) lowers, or one less keeps, an
    entry j (bit j of ``splits``) of the suit's vector; -1 when the table is not loaded or does not
    hold the suit or a neighbour."""
    if not _table:
        return -1
    table = _table[0]
    at = stored_index(key)
    here: i64 = table[at]
    if here == NOT_STORED:
        return -1
    mask: i64 = 0
    step: i64 = 1  # 5 ** pos: one tile more at pos moves the suit that far in the table
    bit: i64 = step  # 2 ** pos (a native variable: a literal 1 shifted is a 32-bit C shift)
    pos: i64
    for pos in range(9):
        n = key >> (3 * pos) & 7
        if plus:
            if n != 4:
                there: i64 = table[at + step]
                if there == NOT_STORED:
                    return -1
                if splits & _lowered[there << 8 | here]:
                    mask |= bit
        elif n != 0:
            there = table[at - step]
            if splits & ~_lowered[here << 8 | there]:
                mask |= bit
        step *= 5
        bit <<= 1
    return mask


def _base5(key: int, size: int) -> int:
    """The counts (3 bits each, the first lowest) read as a base-5 number; 0 if a count is over 4 (no
    suit key has one)."""
    at = 0
    for pos in range(size - 1, -1, -1):
        n = key >> (3 * pos) & 7
        if n > 4:
            return 0
        at = 5 * at + n
    return at


def stored_vector_id(key: i64) -> i64:
    """The interned vector id of a suit by its key (nine counts, 3 bits each, position 0 lowest),
    or -1 when the table does not hold it (more than 14 tiles) or is not loaded."""
    if not _table:
        return -1
    return stored_id_at(stored_index(key))


def stored_index(key: i64) -> i64:
    """The place of a suit in the table, by its key (the table must be loaded): the base-5 number of
    its counts, so one more tile at position p is ``5 ** p`` further."""
    return _low[key & 0x7FFF] + _high[key >> _LOW_BITS]  # 0x7FFF: the low 15 bits


def stored_neighbour_id(at: i64, pos: i64, sign: i64) -> i64:
    """`stored_id_at` of the suit at place ``at`` with one tile more (``sign`` 1) or less (-1) at
    ``pos``."""
    step: i64 = _POWERS[pos]
    return stored_id_at(at + step if sign > 0 else at - step)


def stored_id_at(at: i64) -> i64:
    """The interned vector id of the suit at place ``at`` of the loaded table, or -1 when the table
    does not hold it (more than 14 tiles)."""
    n: i64 = _table[0][at]
    return _ids[n] if n != NOT_STORED else -1
