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


def load() -> None:
    """Decode the table (once per process)."""
    if _table:
        return
    from .suit_table_data import TABLE, VECTORS

    _ids.extend([_intern(tuple(vec)) for vec in VECTORS])
    _table.append(zlib.decompress(base64.b64decode(TABLE)))


def stored_vector_id(key: i64) -> i64:
    """The interned vector id of a suit by its key (nine counts, 3 bits each, position 0 lowest),
    or -1 when the table does not hold it (more than 14 tiles) or is not loaded."""
    if not _table:
        return -1
    at: i64 = 0
    scale: i64 = 1
    pos: i64
    for pos in range(9):
        at += (key >> (3 * pos) & 7) * scale
        scale *= 5
    n: i64 = _table[0][at]
    return _ids[n] if n != NOT_STORED else -1
