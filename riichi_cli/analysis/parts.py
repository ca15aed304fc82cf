"""The distance vector of each part of a hand (three suits and the honors) for shanten.

A suit splits into blocks of tiles separated by two or more empty positions; no set can touch two
blocks, so each block is solved once by a short dynamic programme over its positions (memoised by
its shape and the room beside it), and the blocks, the honors and "fresh" sets made from nothing
(3 tiles a set, 2 a pair) are combined by the min-plus product of :mod:`.vectors`. A hand is
validated and read as four part keys here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

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


def _part_id(key: int) -> int:
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


def _part_scan(c: list[i64], start: i64, stop: i64) -> tuple[i64, i64, i64, i64]:
    """Counts ``c[start:stop]`` packed 3 bits each (the first lowest), their sum, the kinds held and
    the kinds held twice or more. Refuses a count outside 0..4.

    No branch depends on a count (the kinds held are ``(x + 3) >> 2``, those held twice ``(x + 2) >> 2``
    for a count 0..4): a hand's counts are too irregular for a branch predictor, and its misses were
    a third of the time of a shanten call (cachegrind, bench/README.md issue 22)."""
    key: i64 = 0
    n: i64 = 0
    kinds: i64 = 0
    pairs: i64 = 0
    shift: i64 = 0
    t: i64
    for t in range(start, stop):
        x: i64 = c[t]
        if x < 0 or x > 4:
            raise ValueError("tile counts must be 0..4")
        key |= x << shift  # x is a native int, so the shift is 64 bits wide (a literal 1 would be a C int)
        n += x
        kinds += (x + 3) >> 2
        pairs += (x + 2) >> 2
        shift += _BITS
    return key, n, kinds, pairs


def _terminals(key: i64) -> tuple[i64, i64]:
    """Of the 1 and the 9 of a suit key: how many are held, how many twice or more (no branch)."""
    low: i64 = key & _COUNT_MASK
    high: i64 = key >> (8 * _BITS)
    return ((low + 3) >> 2) + ((high + 3) >> 2), ((low + 2) >> 2) + ((high + 2) >> 2)


def _scan(c: list[int]) -> tuple[i64, i64, i64, i64, i64, i64, i64]:
    """One pass over 34 counts: the four part keys, the tile count, and the seven pairs and thirteen
    orphans shanten. Refuses a count outside 0..4."""
    m, n, kinds, pairs = _part_scan(c, 0, 9)
    p, n1, kinds1, pairs1 = _part_scan(c, 9, 18)
    s, n2, kinds2, pairs2 = _part_scan(c, 18, 27)
    h, n3, kinds3, pairs3 = _part_scan(c, 27, 34)
    kinds += kinds1 + kinds2 + kinds3
    pairs += pairs1 + pairs2 + pairs3
    chiitoitsu = 6 - pairs + (7 - kinds if kinds < 7 else 0)  # four equal tiles are one pair
    # Thirteen orphans: the terminals and honors held, less one if one of them is held twice.
    o1, d1 = _terminals(m)
    o2, d2 = _terminals(p)
    o3, d3 = _terminals(s)
    orphans = kinds3 + o1 + o2 + o3
    paired = pairs3 + d1 + d2 + d3
    return m, p, s, h, n + n1 + n2 + n3, chiitoitsu, 13 - orphans - (1 if paired else 0)


def _keys(counts: Counts, melds: int, players: int = 4) -> tuple[int, int, int, int, int]:
    """Validate a hand; return its four part keys and the sets it still needs.

    With ``players`` 3 the characters are the two-kind part of 1m and 9m.
    """
    m, p, s, h, need, _, _ = _hand_keys(_as_list(counts), melds, players)
    return m, p, s, h, need


def _hand_keys(c: list[int], melds: int, players: int) -> tuple[int, int, int, int, int, int, int]:
    """`_keys` of a list, with the seven pairs and thirteen orphans shanten (closed shapes)."""
    if len(c) != _NUM_TILES:
        raise ValueError(f"a hand has {_NUM_TILES} counts, got {len(c)}")
    if players == 3 and any(c[1:8]):
        raise ValueError("three players: the set has no 2m-8m")
    if not 0 <= melds <= _MAX_SETS:
        raise ValueError(f"melds must be 0..4, got {melds}")
    m, p, s, h, n, chiitoitsu, kokushi = _scan(c)
    need = _MAX_SETS - melds
    if n != 3 * need + 1 and n != 3 * need + 2:
        raise ValueError(
            f"with {melds} meld(s) the concealed hand has {3 * need + 1} or {3 * need + 2} tiles, got {n}"
        )
    if players == 3:  # 1m at position 0, 9m at 8: moved to positions 0 and 1
        m = (m & _COUNT_MASK) | (m >> (7 * _BITS)) | _HONOR_FLAG | _TWO_KINDS
    return m, p, s, h | _HONOR_FLAG, need, chiitoitsu, kokushi


def _parts(counts: Counts, melds: int, players: int = 4) -> tuple[list[int], list[int], int]:
    """The keys of the four parts of a hand, their vector ids and the sets still needed."""
    m, p, s, h, need = _keys(counts, melds, players)
    keys = [m, p, s, h]
    return keys, [_part_id(key) for key in keys], need


def _standard(m: int, p: int, s: int, h: int, need: int) -> int:
    """Standard shanten of a hand by its part keys: the distance to ``need`` sets and a pair, less one."""
    return _entry(_times(_times(_part_id(m), _part_id(p)), _part_id(s)), _part_id(h), 2 * need + 1) - 1


def part_key(part: int, counts: int, players: int = 4) -> int:
    """The key of one part of a hand (0-2 the suits, 3 the honors) from its counts packed 3 bits a
    count, position 0 lowest: for callers that keep hands packed this way and change them a tile at a
    time (`riichi_cli.analysis.expected_graph`). No check: every count must be 0..4."""
    if part == 3:
        return counts | _HONOR_FLAG
    if part == 0 and players == 3:  # 1m at position 0, 9m at 8: moved to positions 0 and 1, as `_keys`
        return (counts & _COUNT_MASK) | (counts >> (7 * _BITS)) | _HONOR_FLAG | _TWO_KINDS
    return counts


def part_vector(key: int) -> int:
    """The distance vector id of one part, by its `part_key`."""
    return _part_id(key)


def rest_vectors(a: int, b: int, c: int, d: int) -> tuple[int, int, int, int]:
    """For each of four part vectors, the product of the other three."""
    ab = _times(a, b)
    cd = _times(c, d)
    return _times(b, cd), _times(a, cd), _times(ab, d), _times(ab, c)


def part_distance(vector: int, rest: int, need: int) -> int:
    """The standard shanten of a hand whose part has ``vector`` and the other three parts ``rest``
    (`rest_vectors`), with ``need`` sets to make."""
    return _entry(vector, rest, 2 * need + 1) - 1


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
