"""The distance vector of each part of a hand (three suits and the honors) for shanten.

A suit splits into blocks of tiles separated by two or more empty positions; no set can touch two
blocks, so each block is solved once by a short dynamic programme over its positions (memoised by
its shape and the room beside it), and the blocks, the honors and "fresh" sets made from nothing
(3 tiles a set, 2 a pair) are combined by the min-plus product of :mod:`.vectors`. A hand is
validated and read as four part keys here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, cast

from ..core.int_table import IntTable
from ..core.native import i64
from .suit_table import stored_vector_id
from .vectors import (
    _BITS,
    _COUNT_MASK,
    _COUNTS,
    _FRESH,
    _FRESH_ID,
    _HONOR_FLAG,
    _INF,
    _MAX_SETS,
    _MEMO_LIMIT,
    _NUM_TILES,
    _TWO_KINDS,
    _VEC_LEN,
    Counts,
    _entry,
    _intern,
    _product,
    _times,
)

# --------------------------------------------------------------------------------------------
# One suit

#: Sequences the block DP starts at one position. Three equal sequences are the same tiles as three
#: triplets, so no target needs more than two (a triplet on a position the block does not hold costs
#: its three tiles, as a fresh set does: the suit's vector, fresh sets included, is the same).
_MAX_STARTS: Final = 2
#: A DP state of a block: (sequences begun two back, one back, sets used, pair used) as one index.
_STATES: Final = (_MAX_STARTS + 1) * (_MAX_STARTS + 1) * (_MAX_SETS + 1) * 2


def _block_vector(ext: list[int]) -> tuple[int, ...]:
    """Distances of one block, given with the empty room (at most 2) that lies on each side of it.

    A dynamic programme over the positions; the state is the number of sequences begun two and one
    positions back (they still need this tile), the sets used and whether the pair is used, packed
    as ``((two_back * 3 + one_back) * 5 + sets) * 2 + pair``. At each position it chooses how many
    sequences start there (at most two, see _MAX_STARTS) and then a triplet, the pair or neither,
    keeping at most four of the kind in the target; the cost is the target tiles the hand lacks.
    Sets and pairs that would use none of the block's tiles are left to the fresh ones.

    Nearly every block is met once, through a draw into a suit (see _draw_table), so the loop is
    written for the compiler: native ints, each state lowered in place (a state reached for the
    first time joins ``reached``), two cost rows swapped (a row is reset as it is read), no call
    per step.
    """
    n: i64 = len(ext)
    total: i64 = 0
    for x in ext:
        total += x
    max_sets: i64 = _MAX_SETS if total > _MAX_SETS else total  # each set uses a tile of the block
    costs = [_INF] * _STATES
    nxt = [_INF] * _STATES
    costs[0] = 0
    active: list[int] = [0]
    reached: list[int] = []
    i: i64
    for i in range(n):
        have: i64 = ext[i]
        may_start = i + 2 < n and (have > 0 or ext[i + 1] > 0 or ext[i + 2] > 0)
        for s in active:
            state: i64 = s
            cost: i64 = costs[state]
            costs[state] = _INF  # this row is the next position's `nxt`
            pair: i64 = state & 1
            rest: i64 = state >> 1
            sets: i64 = rest % 5
            one_back: i64 = rest // 5 % 3
            running: i64 = rest // 15 + one_back
            max_new: i64 = 0
            if may_start:
                max_new = _MAX_STARTS if 4 - running > _MAX_STARTS else 4 - running
                if max_sets - sets < max_new:
                    max_new = max_sets - sets
            new_seqs: i64
            for new_seqs in range(max_new + 1):
                need = running + new_seqs
                used = sets + new_seqs
                head = ((one_back * 3 + new_seqs) * 5 + used) * 2
                # Neither a triplet nor the pair here.
                target = head + pair
                c = cost + need - have if need > have else cost
                old: i64 = nxt[target]
                if c < old:
                    if old == _INF:
                        reached.append(target)
                    nxt[target] = c
                if have == 0:
                    continue
                if pair == 0 and need <= 2:  # the pair here
                    target = head + 1
                    c = cost + need + 2 - have if need + 2 > have else cost
                    old = nxt[target]
                    if c < old:
                        if old == _INF:
                            reached.append(target)
                        nxt[target] = c
                if need <= 1 and used < max_sets:  # a triplet here
                    target = head + 2 + pair
                    c = cost + need + 3 - have if need + 3 > have else cost
                    old = nxt[target]
                    if c < old:
                        if old == _INF:
                            reached.append(target)
                        nxt[target] = c
        costs, nxt = nxt, costs
        active, reached = reached, active
        reached.clear()
    vec = [_INF] * _VEC_LEN
    for s in active:  # no sequence is open at the end: the last two positions start none
        k = 2 * ((s >> 1) % 5) + (s & 1)
        if costs[s] < vec[k]:
            vec[k] = costs[s]
    return tuple(vec)


# Block vector ids by the block's counts (with its room) packed in an int, mirror images alike.
_blocks: Final[dict[int, int]] = {}


def _block_id(ext: list[int]) -> int:
    """The interned vector of one block; a block and its mirror image agree."""
    key = mirror = 0
    n = len(ext)
    for i in range(n):
        key = (key << _BITS) | ext[i]
        mirror = (mirror << _BITS) | ext[n - 1 - i]
    key = min(key, mirror) << 4 | n
    vid = _blocks.get(key)
    if vid is None:
        if len(_blocks) > _MEMO_LIMIT:
            _blocks.clear()
        vid = _blocks[key] = _intern(_block_vector(ext))
    return vid


def _unpack(key: int, size: int) -> list[int]:
    """The counts packed in a part key."""
    return [(key >> (_BITS * i)) & _COUNT_MASK for i in range(size)]


def _suit_vector_id(suit: list[int]) -> int:
    """The interned distance vector of one suit (nine counts), fresh sets included."""
    vid = _FRESH_ID
    i = 0
    while i < 9:
        if not suit[i]:
            i += 1
            continue
        start = i
        end = i  # last held position of the block
        j = i + 1
        while j < 9 and (suit[j] or (j + 1 < 9 and suit[j + 1])):
            if suit[j]:
                end = j
            j += 1
        ext = [0] * min(2, start) + suit[start : end + 1] + [0] * min(2, 8 - end)
        vid = _times(vid, _block_id(ext))  # few distinct block vectors: the products are memoised
        i = end + 1
    return vid


@lru_cache(maxsize=512)  # at most 330 sorted count lists
def _honor_vector_id(held: tuple[int, ...]) -> int:
    """The interned distance vector of the honors, given their nonzero counts sorted."""
    vec = _FRESH
    for c in held:
        # One kind: a triplet costs 3 - c, the pair 2 - c (never below 0); not both (5 tiles).
        one = [_INF] * _VEC_LEN
        one[0] = 0
        one[1] = max(0, 2 - c)
        one[2] = max(0, 3 - c)
        vec = _product(vec, one)
    return _intern(vec)


# --------------------------------------------------------------------------------------------
# A hand as four parts: three suits and the honors, each keyed by an int

#: The first tile of each part; the honors are part 3.
_PART_START: Final = (0, 9, 18, 27)
_HONORS: Final = 3

#: Three players: the characters are 1m and 9m only. They never form a sequence, so they are one
#: part of two kinds read like the honors (pairs and triplets): a key of two counts, flagged
#: _HONOR_FLAG | _TWO_KINDS. The four-player suit would let a fourth 1m join 2m 3m that do not exist.
_THREE_PLAYER_MAN: Final = (0, 8)

# Vector ids by part key (suit keys below _HONOR_FLAG, honor keys and two-kind keys with it): a
# table of native ints (`IntTable`), since a hand costs four look-ups of keys too large for a dict
# to take without making an int object each time. At most 2**18 keys (as _MEMO_LIMIT), then cleared.
_part_ids: Final = IntTable(12, 19)


def _part_size(key: int) -> int:
    """The kinds in a part: 9 in a suit, 7 honors, 2 for the three-player characters."""
    if not key & _HONOR_FLAG:
        return 9
    return 2 if key & _TWO_KINDS else 7


def _tile(part: int, key: int, pos: int) -> int:
    """The tile at ``pos`` of a part."""
    return _THREE_PLAYER_MAN[pos] if key & _TWO_KINDS else _PART_START[part] + pos


def _part_id(key: i64) -> i64:
    """The interned distance vector of one part, by its key."""
    vid = _part_ids.get(key)
    if vid < 0:
        if key & _HONOR_FLAG:
            vid = _honor_vector_id(tuple(sorted(c for c in _unpack(key & _COUNTS, 7) if c)))
        else:
            vid = stored_vector_id(key)
            if vid < 0:  # more than 14 tiles: the table stops there
                vid = _suit_vector_id(_unpack(key, 9))
        _part_ids.put(key, vid)
    return vid


def _as_list(counts: Counts) -> list[int]:
    """The counts as a list (compiled code indexes a list directly; any other sequence generically)."""
    return counts if isinstance(counts, list) else list(counts)


def _part_key(c: list[i64], start: i64, stop: i64) -> i64:
    """Counts ``c[start:stop]`` packed 3 bits each (the first lowest). Refuses a count outside 0..4."""
    key: i64 = 0
    shift: i64 = 0
    t: i64
    for t in range(start, stop):
        x: i64 = c[t]
        if x < 0 or x > 4:
            raise ValueError("tile counts must be 0..4")
        key |= x << shift  # x is a native int, so the shift is 64 bits wide (a literal 1 would be a C int)
        shift += _BITS
    return key


#: The interpreter's int objects 0..4: ``int`` hands out these same objects for every small value, so a
#: count is nearly always one of them (`_object_keys`). One name each: compiled, a Final name is read
#: without a call.
_SMALL_INTS: Final[list[object]] = list(range(5))
_ZERO: Final[object] = _SMALL_INTS[0]
_ONE: Final[object] = _SMALL_INTS[1]
_TWO: Final[object] = _SMALL_INTS[2]
_THREE: Final[object] = _SMALL_INTS[3]
_FOUR: Final[object] = _SMALL_INTS[4]


def _object_keys(c: list[object]) -> tuple[i64, i64, i64, i64, i64]:
    """The four part keys of 34 counts (`_part_key`), each count known by which of the interpreter's
    int objects 0..4 it *is*, and how many counts are the object 0. Every count is one of them when the
    kinds held (the nonzero fields of the keys) and the zeros make 34; otherwise the keys mean nothing
    and `_scan` reads the counts one by one.

    Why: reading the value of an int branches on its size, and CPython stores 0 with no digit and 1-4
    with one, so a hand's irregular counts mispredicted about one read in three (cachegrind: 15 of the
    20 mispredicted branches of a shanten call). Comparing a count with five objects is five compares
    of addresses and no branch, and a list walked by ``for`` is read in line, without a call per item."""
    zero = _ZERO
    one = _ONE
    two = _TWO
    three = _THREE
    four = _FOUR
    zeros: i64 = 0
    key: i64 = 0
    shift: i64 = 0
    m: i64 = 0
    p: i64 = 0
    s: i64 = 0
    for x in c:
        a: i64 = x is one
        b: i64 = x is two
        d: i64 = x is three
        e: i64 = x is four
        z: i64 = x is zero
        zeros += z
        key |= (a + 2 * b + 3 * d + 4 * e) << shift
        shift += _BITS
        if shift == 9 * _BITS:  # the end of a suit: the keys move up one (m gets the first suit's)
            m = p
            p = s
            s = key
            key = 0
            shift = 0
    return m, p, s, key, zeros


# The kinds of a part key counted at once, 3 bits a kind: a count 0..4 plus 3 (2, 1, 0) reaches bit 2
# of its field exactly when it is 1 (2, 3, 4) or more, and no field carries into the next.
_LOW_BITS: Final = 0o111111111
_AT_LEAST_1: Final = 0o333333333
_AT_LEAST_2: Final = 0o222222222
_AT_LEAST_3: Final = 0o111111111
#: The 1 and the 9 of the three suits in a mask of `_suits_at_least`.
_ENDS: Final = 0o700000007


def _suits_at_least(m: i64, p: i64, s: i64, plus: i64) -> i64:
    """The kinds of the three suits held ``4 - plus`` times or more, in one mask: bits 3i, 3i+1 and
    3i+2 for position i of the characters, circles and bamboo."""
    return (
        (((m + plus) >> 2) & _LOW_BITS)
        | (((p + plus) >> 2) & _LOW_BITS) << 1
        | (((s + plus) >> 2) & _LOW_BITS) << 2
    )


def _bit_count(x: i64) -> i64:
    """The bits set in ``x`` (0 <= x < 2**32), with no loop and no branch."""
    x -= (x >> 1) & 0x55555555
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    x += x >> 8
    x += x >> 16
    return x & 0x3F


def _honor_count(h: i64, plus: i64) -> i64:
    """The honors held ``4 - plus`` times or more, of the honors' key: the product puts the sum of the
    seven fields of the mask (at most 7, so no field overflows) in field 6."""
    return (((h + plus) >> 2) & _LOW_BITS) * 0o1111111 >> (6 * _BITS) & _COUNT_MASK


def _scan(c: list[int]) -> tuple[i64, i64, i64, i64, i64, i64, i64, i64]:
    """One pass over 34 counts: the four part keys, the tile count, the seven pairs and thirteen
    orphans shanten, and the shape of the honors (`_honor_shape`). Refuses a count outside 0..4."""
    m, p, s, h, zeros = _object_keys(cast(list[object], c))
    held = _suits_at_least(m, p, s, _AT_LEAST_1)
    honors_held = _honor_count(h, _AT_LEAST_1)
    kinds = _bit_count(held) + honors_held
    if kinds + zeros != _NUM_TILES:  # a count is not one of the int objects 0..4: read each
        m = _part_key(c, 0, 9)
        p = _part_key(c, 9, 18)
        s = _part_key(c, 18, 27)
        h = _part_key(c, 27, 34)
        held = _suits_at_least(m, p, s, _AT_LEAST_1)
        honors_held = _honor_count(h, _AT_LEAST_1)
        kinds = _bit_count(held) + honors_held
    twice = _suits_at_least(m, p, s, _AT_LEAST_2)
    honors_twice = _honor_count(h, _AT_LEAST_2)
    honors_thrice = _honor_count(h, _AT_LEAST_3)
    pairs = _bit_count(twice) + honors_twice
    # A count is the number of the thresholds 1, 2, 3 and 4 it reaches.
    more = _bit_count(_suits_at_least(m, p, s, _AT_LEAST_3)) + _bit_count(_suits_at_least(m, p, s, 0))
    n = kinds + pairs + more + honors_thrice + _honor_count(h, 0)
    chiitoitsu = 6 - pairs + (7 - kinds if kinds < 7 else 0)  # four equal tiles are one pair
    # Thirteen orphans: the terminals and honors held, less one if one of them is held twice.
    orphans = _bit_count(held & _ENDS) + honors_held
    paired = _bit_count(twice & _ENDS) + honors_twice
    kokushi = 13 - orphans - (1 if paired else 0)
    shape = _honor_shape(honors_held, honors_twice, honors_thrice)
    return m, p, s, h, n, chiitoitsu, kokushi, shape


def _honor_shape(held: i64, twice: i64, thrice: i64) -> i64:
    """The honor kinds held once or more, twice or more and three times or more, as one index below
    512. The honors' vector depends on nothing else: no honor makes a sequence, and a kind is used
    for a triplet or the pair at most (`_honor_vector_id`), so a fourth copy changes nothing."""
    return held | twice << 3 | thrice << 6


#: The honors' vector id plus one by `_honor_shape` (0: not known yet): a hand's honors cost one read
#: of a short list of small ints instead of a look-up of their key (120 shapes exist).
_honor_ids: Final[list[int]] = [0] * 512


def load_honors() -> None:
    """Every honors' vector by `_honor_shape` (120 shapes; for the analyze engine, at import)."""
    for thrice in range(8):
        for twice in range(thrice, 8):
            for held in range(twice, 8):
                counts = [3] * thrice + [2] * (twice - thrice) + [1] * (held - twice)
                key = _HONOR_FLAG
                for pos, n in enumerate(counts):
                    key |= n << (_BITS * pos)
                _honor_id(key, _honor_shape(held, twice, thrice))


def _honor_id(key: i64, shape: i64) -> i64:
    """The vector id of the honors, by their key and `_honor_shape`."""
    known: i64 = _honor_ids[shape]
    if known:
        return known - 1
    vid: i64 = _part_id(key)
    _honor_ids[shape] = vid + 1
    return vid


def _keys(counts: Counts, melds: int, players: int = 4) -> tuple[int, int, int, int, int]:
    """Validate a hand; return its four part keys and the sets it still needs.

    With ``players`` 3 the characters are the two-kind part of 1m and 9m.
    """
    m, p, s, h, need, _, _, _ = _hand_keys(_as_list(counts), melds, players)
    return m, p, s, h, need


def _hand_keys(c: list[int], melds: int, players: int) -> tuple[i64, i64, i64, i64, i64, i64, i64, i64]:
    """`_keys` of a list, with the seven pairs and thirteen orphans shanten (closed shapes) and the
    honors' `_honor_shape`."""
    if len(c) != _NUM_TILES:
        raise ValueError(f"a hand has {_NUM_TILES} counts, got {len(c)}")
    if players == 3 and any(c[1:8]):
        raise ValueError("three players: the set has no 2m-8m")
    if not 0 <= melds <= _MAX_SETS:
        raise ValueError(f"melds must be 0..4, got {melds}")
    m, p, s, h, n, chiitoitsu, kokushi, shape = _scan(c)
    need: i64 = _MAX_SETS - melds
    if n != 3 * need + 1 and n != 3 * need + 2:
        raise ValueError(
            f"with {melds} meld(s) the concealed hand has {3 * need + 1} or {3 * need + 2} tiles, got {n}"
        )
    if players == 3:  # 1m at position 0, 9m at 8: moved to positions 0 and 1
        m = (m & _COUNT_MASK) | (m >> (7 * _BITS)) | _HONOR_FLAG | _TWO_KINDS
    return m, p, s, h | _HONOR_FLAG, need, chiitoitsu, kokushi, shape


def _parts(counts: Counts, melds: int, players: int = 4) -> tuple[list[int], list[int], int]:
    """The keys of the four parts of a hand, their vector ids and the sets still needed."""
    m, p, s, h, need = _keys(counts, melds, players)
    keys = [m, p, s, h]
    return keys, [_part_id(key) for key in keys], need


def _standard(m: int, p: int, s: int, h: int, need: int) -> int:
    """Standard shanten of a hand by its part keys: the distance to ``need`` sets and a pair, less one."""
    return _entry(_times(_times(_part_id(m), _part_id(p)), _part_id(s)), _part_id(h), 2 * need + 1) - 1


def _standard_shaped(m: i64, p: i64, s: i64, h: i64, shape: i64, need: i64) -> i64:
    """`_standard`, the honors found by their `_honor_shape`."""
    mps = _times(_times(_part_id(m), _part_id(p)), _part_id(s))
    return _entry(mps, _honor_id(h, shape), 2 * need + 1) - 1


def part_key(part: int, counts: int, players: int = 4) -> int:
    """The key of one part of a hand (0-2 the suits, 3 the honors) from its counts packed 3 bits a
    count, position 0 lowest: for callers that keep hands packed this way and change them a tile at a
    time (`riichi_cli.analysis.expected_graph`). No check: every count must be 0..4."""
    if part == 3:
        return counts | _HONOR_FLAG
    if part == 0 and players == 3:  # 1m at position 0, 9m at 8: moved to positions 0 and 1, as `_keys`
        return (counts & _COUNT_MASK) | (counts >> (7 * _BITS)) | _HONOR_FLAG | _TWO_KINDS
    return counts


def part_vector(key: i64) -> i64:
    """The distance vector id of one part, by its `part_key`: a suit read from the suit table, the
    honors by their `_honor_shape`, without a look-up of the key."""
    if not key & _HONOR_FLAG:
        vid = stored_vector_id(key)
        if vid >= 0:
            return vid
    elif not key & _TWO_KINDS:
        return honor_vector(key)
    return _part_id(key)


def honor_vector(key: i64) -> i64:
    """The distance vector id of the honors, by their `part_key`."""
    h: i64 = key & _COUNTS
    held = _honor_count(h, _AT_LEAST_1)
    return _honor_id(key, _honor_shape(held, _honor_count(h, _AT_LEAST_2), _honor_count(h, _AT_LEAST_3)))


def rest_vectors(a: int, b: int, c: int, d: int) -> tuple[int, int, int, int]:
    """For each of four part vectors, the product of the other three."""
    ab = _times(a, b)
    cd = _times(c, d)
    return _times(b, cd), _times(a, cd), _times(ab, d), _times(ab, c)


def _check_size(n: int, need: int, extra: int, what: str) -> None:
    if n != 3 * need + extra:
        raise ValueError(f"{what} needs a hand of {3 * need + extra} concealed tiles, got {n}")


def _check(counts: Counts, melds: int, max_count: int = 4) -> tuple[int, int]:
    """Validate a hand (counts may reach ``max_count``); return (concealed tile count, sets needed)."""
    if len(counts) != _NUM_TILES:
        raise ValueError(f"a hand has {_NUM_TILES} counts, got {len(counts)}")
    if not 0 <= melds <= _MAX_SETS:
        raise ValueError(f"melds must be 0..4, got {melds}")
    if min(counts) < 0 or max(counts) > max_count:
        raise ValueError(f"tile counts must be 0..{max_count}")
    n = sum(counts)
    need = _MAX_SETS - melds
    if n not in (3 * need + 1, 3 * need + 2):
        raise ValueError(
            f"with {melds} meld(s) the concealed hand has {3 * need + 1} or {3 * need + 2} tiles, got {n}"
        )
    return n, need
