"""Distance vectors for shanten (see :mod:`riichi_cli.analysis.shanten`): interned as small int ids,
and their min-plus product, memoised in tables indexed by those ids.

The distance of a part of the hand to "``s`` sets and ``p`` pairs" (``s <= 4``, ``p <= 1``) is a vector
indexed by ``2 * s + p``; a part of the hand (a suit or the honors) is keyed by one int, its counts
three bits each (a count reaches 4, so two bits would make ``4`` at one position equal ``1`` at the
next). The memos are dicts or lists keyed by ints built from those ids and keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..core.int_table import IntTable
from ..core.native import i64

Counts = Sequence[int]

_NUM_TILES: Final = 34
_ORPHANS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_ORPHAN_SET: Final = frozenset(_ORPHANS)
_MAX_SETS: Final = 4
#: A distance vector is indexed by ``2 * sets + pairs`` for sets 0..4 and pairs 0..1.
_VEC_LEN: Final = 2 * (_MAX_SETS + 1)
_INF: Final = 99
#: Memo sizes: real hands need some tens of thousands of entries; the bound stops runaway growth.
_MEMO_LIMIT: Final = 250_000
_BLOCK_CACHE_SIZE: Final = 1 << 16

#: Bits of one count in a part key (counts 0..4 need three).
_BITS: Final = 3
_COUNT_MASK: Final = (1 << _BITS) - 1
#: Set in the key of the honors, so that suit and honor keys never meet in one dict.
_HONOR_FLAG: Final = 1 << (9 * _BITS)
#: Set, with _HONOR_FLAG, in the key of the three-player characters (see _THREE_PLAYER_MAN).
_TWO_KINDS: Final = _HONOR_FLAG << 1
#: The counts of a key without its flags.
_COUNTS: Final = _HONOR_FLAG - 1
# --------------------------------------------------------------------------------------------
# Distance vectors and their min-plus product


def _product(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    """Min-plus product: the cheapest way to get ``s`` sets and ``p`` pairs from both parts."""
    # Lists of native ints and a while loop: compiled, a Sequence is read through the generic
    # protocol and a range with a variable step is a range object (30,000 instructions a product).
    left = list(a)
    right = list(b)
    out = [_INF] * _VEC_LEN
    i: i64
    for i in range(_VEC_LEN):
        ai: i64 = left[i]
        if ai >= _INF:
            continue
        pi: i64 = i & 1
        # j runs over the entries keeping at most 4 sets in all; with a pair in a, j has none.
        j: i64 = 0
        while j < _VEC_LEN - (i - pi):
            v: i64 = ai + right[j]
            if v < out[i + j]:
                out[i + j] = v
            j += 1 + pi
    return tuple(out)


#: Sets and a pair made from tiles the hand does not hold at all.
_FRESH: Final = tuple(3 * (i // 2) + 2 * (i % 2) for i in range(_VEC_LEN))

# --------------------------------------------------------------------------------------------
# Packed vectors: entry i in bits 4i..4i+3, `_PACKED_INF` for _INF. An entry is the tiles a part
# lacks for its target, so it is at most the target's size (3 a set, 2 the pair: 14), and so is an
# entry of a product (the sizes add up); a vector outside these bounds (the id 0 filler) has no
# packed form (-1) and takes the tuple path.

_PACKED_INF: Final = 15
#: Every entry `_PACKED_INF`: the product's start.
_PACKED_ALL_INF: Final = 0xFFFFFFFFFF  # 4 * _VEC_LEN bits


def _size(i: int) -> int:
    """The tiles of target ``i`` (``i // 2`` sets and ``i % 2`` pairs)."""
    return 3 * (i // 2) + 2 * (i % 2)


def _pack(vec: tuple[int, ...]) -> int:
    """A vector as one int (see above), or -1 when an entry is out of bounds."""
    out = 0
    for i in range(_VEC_LEN):
        e = vec[i]
        if e >= _INF:
            e = _PACKED_INF
        elif not 0 <= e <= _size(i):
            return -1
        out |= e << (4 * i)
    return out


def _unpack(packed: int) -> tuple[int, ...]:
    """The vector of a packed int."""
    out = []
    for i in range(_VEC_LEN):
        e = packed >> (4 * i) & 15
        out.append(_INF if e == _PACKED_INF else e)
    return tuple(out)


def _packed_product(a: i64, b: i64) -> i64:
    """`_product` of two packed vectors, packed.

    Row by row of ``a`` at once: for entry i, ``b`` moved up i entries plus ``a[i]`` in each is every
    sum ending at i + j, and the product is their least, entry by entry. No sum of entries within
    their bounds (`_pack`) exceeds 14, so no 4-bit entry carries into the next; a vector with an
    `_PACKED_INF` entry goes entry by entry (`_packed_product_slow`).
    """
    if _has_inf(a) or _has_inf(b):
        return _packed_product_slow(a, b)
    out: i64 = _PACKED_ALL_INF
    ones: i64 = _ENTRY_ONES  # bit 0 of the entries i and up
    below: i64 = 0  # the entries below i, all bits set
    i: i64
    for i in range(_VEC_LEN):
        ai: i64 = a >> (4 * i) & 15
        if i & 1:  # with a pair in a, b brings none: the odd sums are not made
            sums: i64 = ((b & _EVEN_ENTRIES) << (4 * i)) + ai * ones & _PACKED_ALL_INF | below | _EVEN_ENTRIES
        else:
            sums = (b << (4 * i)) + ai * ones & _PACKED_ALL_INF | below
        # The least of each entry, the even and the odd entries apart in bytes (written out: a call
        # costs as much): a byte's high bit after (x | 0x80) - y says x >= y, with no borrow out.
        x: i64 = out & _EVEN_ENTRIES
        y: i64 = sums & _EVEN_ENTRIES
        take: i64 = ((((x | _HIGH_BITS) - y) & _HIGH_BITS) >> 7) * 0xFF
        least: i64 = (y & take) | (x & ~take)
        x = out >> 4 & _EVEN_ENTRIES
        y = sums >> 4 & _EVEN_ENTRIES
        take = ((((x | _HIGH_BITS) - y) & _HIGH_BITS) >> 7) * 0xFF
        out = least | ((y & take) | (x & ~take)) << 4
        ones = ones << 4 & _PACKED_ALL_INF
        below = below << 4 | 15
    return out


#: Bit 0 of each entry; the even entries (no pair).
_ENTRY_ONES: Final = 0x1111111111
_EVEN_ENTRIES: Final = 0x0F0F0F0F0F
#: The high bit of each byte of the even (or odd) entries spread one a byte.
_HIGH_BITS: Final = 0x8080808080


def _has_inf(v: i64) -> bool:
    """Whether an entry of packed ``v`` is `_PACKED_INF` (its complement has a zero entry)."""
    c: i64 = ~v & _PACKED_ALL_INF
    return ((c - _ENTRY_ONES) & ~c & 0x8888888888) != 0


def _packed_product_slow(a: i64, b: i64) -> i64:
    """`_packed_product` entry by entry, for vectors with an `_PACKED_INF` entry."""
    out: i64 = _PACKED_ALL_INF
    i: i64
    for i in range(_VEC_LEN):
        ai: i64 = a >> (4 * i) & 15
        if ai == _PACKED_INF:
            continue
        pi: i64 = i & 1
        j: i64 = 0
        while j < _VEC_LEN - (i - pi):  # as `_product`: with a pair in a, j has none
            bj: i64 = b >> (4 * j) & 15
            if bj != _PACKED_INF:
                v: i64 = ai + bj
                shift: i64 = 4 * (i + j)
                o: i64 = out >> shift & 15
                if v < o:
                    out -= (o - v) << shift
            j += 1 + pi
    return out


def _packed_entry(a: i64, b: i64, target: i64) -> i64:
    """`_entry` of two packed vectors."""
    best: i64 = 4 * _INF
    j: i64
    for j in range(target + 1):
        x: i64 = a >> (4 * j) & 15
        y: i64 = b >> (4 * (target - j)) & 15
        v: i64 = (_INF if x == _PACKED_INF else x) + (_INF if y == _PACKED_INF else y)
        if v < best:
            best = v
    return best


def lowered(v: i64, u: i64) -> i64:
    """The entries j (bit j) where packed ``u`` is one less than packed ``v``, for ``u`` the vector
    of a part with one tile more than ``v``'s (each entry the same or one less)."""
    d: i64 = v - u  # no borrow: each 4-bit entry is 0 or 1
    bits: i64 = 0
    j: i64
    for j in range(_VEC_LEN):
        bits |= (d >> (3 * j)) & _unit_bits(j)
    return bits


def _unit_bits(j: i64) -> i64:
    """Bit j alone: 2 ** j as a native shift (a literal 1 shifted by a native int is a C int shift)."""
    one: i64 = j - j + 1
    return one << j


def product(a: i64, b: i64) -> i64:
    """The id of the product of vectors ``a`` and ``b``."""
    return _times(a, b)


def packed_vector(vid: i64) -> i64:
    """The packed form of vector ``vid`` (-1: none)."""
    return _packed[vid]


# The memos below are Final (filled and cleared, never rebound): compiled code then reads them
# from a C global instead of looking their names up in the module's dict at every use.
# Interned vectors: each distinct vector gets a small int id (a few hundred occur). Products and
# entries of products are memoised in tables indexed by ids: lists, not dicts, since the ids are
# small and dense and a list read needs neither hashing nor a boxed key. Row ``a`` of
# _product_rows holds at index ``b`` the id of ``a * b``; row ``a`` of _entry_rows holds at index
# ``5 * b + k`` entry ``2k + 1`` of ``a * b``; -1 marks what is not computed yet.
#: Vector ids stay below ``1 << _ID_BITS``, so that a memo key can pack one in that many bits.
_ID_BITS: Final = 20
_vectors: Final[list[tuple[int, ...]]] = []
_vector_ids: Final[dict[tuple[int, ...], int]] = {}
#: Each interned vector packed in one int (`_pack`), and the ids by packed vector: a product or an
#: entry not met before is worked out on the packed ints, with no list, tuple or dict.
_packed: Final[list[int]] = []
_packed_ids: Final = IntTable(10, 20)
_product_rows: Final[list[list[int]]] = []
_ROW_IDS: Final = 256
_entry_rows: Final[list[list[int]]] = []


def _intern(vec: tuple[int, ...]) -> int:
    vid = _vector_ids.get(vec)
    if vid is None:
        vid = len(_vectors)
        if vid >> _ID_BITS:  # a few hundred vectors exist; this guards the packed memo keys
            raise RuntimeError("too many distinct shanten vectors")
        _vector_ids[vec] = vid
        _vectors.append(vec)
        packed = _pack(vec)
        _packed.append(packed)
        if packed >= 0:
            _packed_ids.put(packed, vid)
        # Rows for the ids a hand meets (a few hundred exist): made once, not grown a new id at a time.
        _product_rows.append([-1] * _ROW_IDS)
        _entry_rows.append([-1] * (5 * _ROW_IDS))
    return vid


def _grow(row: list[int], size: int) -> None:
    """Pad a memo row with -1 (not computed) up to ``size`` entries or more (twice its length: a row
    meets new ids one at a time, and one extend each would cost more than the product)."""
    if len(row) < size:
        row.extend([-1] * (max(size, 2 * len(row)) - len(row)))


def _times(a: i64, b: i64) -> i64:
    """The id of the product of vectors ``a`` and ``b`` (memoised)."""
    row = _product_rows[a]
    if b < len(row):
        vid: i64 = row[b]
        if vid >= 0:
            return vid
    pa: i64 = _packed[a]
    pb: i64 = _packed[b]
    if pa >= 0 and pb >= 0:
        packed = _packed_product(pa, pb)
        vid = _packed_ids.get(packed)
        if vid < 0:
            vid = _intern(_unpack(packed))
    else:
        vid = _intern(_product(_vectors[a], _vectors[b]))
    _grow(row, b + 1)
    row[b] = vid
    return vid


def fill_products() -> None:
    """Every product of the vectors interned so far, and of those products, until no new vector comes
    (for the analyze engine, at import: ~180 vectors, ~16,000 products, a few ms). Each state of a
    problem asks for six products of its parts: a product met for the first time cost ~1,000
    instructions, and a problem met most of its products for the first time."""
    done = 1  # id 0 is no vector (below); pairs of ids below `done` are filled
    while done < len(_vectors):
        size = len(_vectors)
        a: i64
        b: i64
        for a in range(1, size):
            for b in range(a if a > done else done, size):
                vid = _times(a, b)
                other = _product_rows[b]
                _grow(other, a + 1)
                other[a] = vid
        done = size


# Id 0 is no real vector (no distance is negative): every id read from a memo is then a boxed int of
# one digit, where 0 has none and its read takes another branch (an empty suit, the fresh vector, is
# common and mispredicted: cachegrind, issue 22).
_intern((-1,) * _VEC_LEN)
_FRESH_ID: Final = _intern(_FRESH)


def _entry(a: i64, b: i64, target: i64) -> i64:
    """Entry ``target`` of the product of vectors ``a`` and ``b``; only that entry is computed.

    ``target`` is odd (a pair), so every split of it puts the pair on exactly one side.
    """
    row = _entry_rows[a]
    i = 5 * b + (target >> 1)
    if i < len(row):
        value: i64 = row[i]
        if value >= 0:
            return value
    pa: i64 = _packed[a]
    pb: i64 = _packed[b]
    if pa >= 0 and pb >= 0:
        value = _packed_entry(pa, pb, target)
    else:
        left, right = _vectors[a], _vectors[b]
        value = min([left[j] + right[target - j] for j in range(target + 1)])
    _grow(row, 5 * b + 5)
    row[i] = value
    return value
