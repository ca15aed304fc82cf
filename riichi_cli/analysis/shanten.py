"""Shanten: how many tile exchanges a hand is away from tenpai.

A hand is a 34-sequence of tile counts (see :mod:`riichi_cli.core.tiles`). ``melds`` is the number of
called melds and kans set aside; the concealed part then holds ``3k + 1`` tiles (waiting to draw)
or ``3k + 2`` tiles (about to discard), where ``k = 4 - melds`` is the number of sets it still needs.

Shanten -1 means complete, 0 tenpai, 1 one exchange from tenpai and so on.

The standard (four sets and a pair) number is *exact*: it is the least number of tiles the hand must
draw to become a complete hand, minus one, where the complete hand may hold at most four of any tile.
Away from the corner cases this is the usual ``8 - 2*sets - taatsu - pair`` with ``sets + taatsu``
capped at ``k``; unlike that formula it knows that a tile held four times cannot be waited on
(``1111m`` + three sets is one-shanten, not tenpai) and that a fourth honor is useless. Only the
concealed counts are known here, so copies sitting in called melds or discards are not subtracted.

How it is computed: the distance of a suit to "``s`` sets and ``p`` pairs" (``s <= 4``, ``p <= 1``)
is a short dynamic programme over its nine positions. A suit splits into blocks of tiles separated
by two or more empty positions; no set can touch two blocks, so each block is solved once (memoised
by its shape and the room beside it) and the blocks, the honors and "fresh" sets made from nothing
(3 tiles a set, 2 a pair) are combined by a min-plus product.

Data layout, for speed: a part of the hand (a suit or the honors) is keyed by one int, its counts
three bits each (a count reaches 4, so two bits would make ``4`` at one position equal ``1`` at the
next). Distance vectors are interned as small int ids (a few hundred occur), and every memo (part
vectors, products of vectors, the entries of products, accepted tiles) is a dict keyed by one int
built from those, so a hand of parts already seen costs a handful of int-keyed look-ups.

Accepted tiles and discard tables do not re-solve whole hands. A hand is four parts (three suits and
the honors); a discard or a draw changes one part, whose new vector is combined with the product of
the other three. Only draws next to held tiles are tried one by one: all the others act alike, and
one product decides them together (see "Accepted tiles" below).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

__all__ = [
    "accepts",
    "chiitoitsu_shanten",
    "discard_masks",
    "discard_table",
    "is_complete",
    "kokushi_shanten",
    "shanten",
    "standard_of_parts",
    "standard_shanten",
]

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
    out = [_INF] * _VEC_LEN
    for i in range(_VEC_LEN):
        ai = a[i]
        if ai >= _INF:
            continue
        pi = i & 1
        # j runs over the entries keeping at most 4 sets in all; with a pair in a, j has none.
        for j in range(0, _VEC_LEN - (i - pi), 1 + pi):
            v = ai + b[j]
            if v < out[i + j]:
                out[i + j] = v
    return tuple(out)


#: Sets and a pair made from tiles the hand does not hold at all.
_FRESH: Final = tuple(3 * (i // 2) + 2 * (i % 2) for i in range(_VEC_LEN))

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
_product_rows: Final[list[list[int]]] = []
_entry_rows: Final[list[list[int]]] = []


def _intern(vec: tuple[int, ...]) -> int:
    vid = _vector_ids.get(vec)
    if vid is None:
        vid = len(_vectors)
        if vid >> _ID_BITS:  # a few hundred vectors exist; this guards the packed memo keys
            raise RuntimeError("too many distinct shanten vectors")
        _vector_ids[vec] = vid
        _vectors.append(vec)
        _product_rows.append([])
        _entry_rows.append([])
    return vid


def _grow(row: list[int], size: int) -> None:
    """Pad a memo row with -1 (not computed) up to ``size`` entries."""
    if len(row) < size:
        row.extend([-1] * (size - len(row)))


def _times(a: int, b: int) -> int:
    """The id of the product of vectors ``a`` and ``b`` (memoised)."""
    row = _product_rows[a]
    if b < len(row):
        vid = row[b]
        if vid >= 0:
            return vid
    vid = _intern(_product(_vectors[a], _vectors[b]))
    _grow(row, b + 1)
    row[b] = vid
    return vid


_FRESH_ID: Final = _intern(_FRESH)


def _entry(a: int, b: int, target: int) -> int:
    """Entry ``target`` of the product of vectors ``a`` and ``b``; only that entry is computed.

    ``target`` is odd (a pair), so every split of it puts the pair on exactly one side.
    """
    row = _entry_rows[a]
    i = 5 * b + (target >> 1)
    if i < len(row):
        value = row[i]
        if value >= 0:
            return value
    left, right = _vectors[a], _vectors[b]
    value = min([left[j] + right[target - j] for j in range(target + 1)])
    _grow(row, 5 * b + 5)
    row[i] = value
    return value


# --------------------------------------------------------------------------------------------
# One suit

#: Sequences the block DP starts at one position. Three equal sequences are the same tiles as three
#: triplets, so no target needs more than two (a triplet on a position the block does not hold costs
#: its three tiles, as a fresh set does: the suit's vector, fresh sets included, is the same).
_MAX_STARTS: Final = 2
#: A DP state of a block: (sequences begun two back, one back, sets used, pair used) as one index.
_STATES: Final = (_MAX_STARTS + 1) * (_MAX_STARTS + 1) * (_MAX_SETS + 1) * 2


def _relax(costs: list[int], reached: list[int], state: int, cost: int) -> None:
    """Lower ``costs[state]`` to ``cost``; a state reached for the first time joins ``reached``."""
    old = costs[state]
    if cost < old:
        if old == _INF:
            reached.append(state)
        costs[state] = cost


def _block_vector(ext: list[int]) -> tuple[int, ...]:
    """Distances of one block, given with the empty room (at most 2) that lies on each side of it.

    A dynamic programme over the positions; the state is the number of sequences begun two and one
    positions back (they still need this tile), the sets used and whether the pair is used, packed
    as ``((two_back * 3 + one_back) * 5 + sets) * 2 + pair``. At each position it chooses how many
    sequences start there (at most two, see _MAX_STARTS) and then a triplet, the pair or neither,
    keeping at most four of the kind in the target; the cost is the target tiles the hand lacks.
    Sets and pairs that would use none of the block's tiles are left to the fresh ones.

    Nearly every block is met once, through a draw into a suit (see _draw_table), so the loop is
    written for the compiler: each state lowered in place (a state reached for the first time
    joins ``reached``), no call per step.
    """
    n = len(ext)
    max_sets = min(_MAX_SETS, sum(ext))  # each set uses at least one tile of the block
    costs = [_INF] * _STATES
    costs[0] = 0
    active = [0]
    for i in range(n):
        have = ext[i]
        may_start = i + 2 < n and (have > 0 or ext[i + 1] > 0 or ext[i + 2] > 0)
        nxt = [_INF] * _STATES
        reached: list[int] = []
        for state in active:
            cost = costs[state]
            pair = state & 1
            rest = state >> 1
            sets = rest % 5
            one_back = rest // 5 % 3
            running = rest // 15 + one_back
            # min of two ints at a time: compiled code calls the generic builtin for three
            max_new = min(min(_MAX_STARTS, 4 - running), max_sets - sets) if may_start else 0
            for new_seqs in range(max_new + 1):
                need = running + new_seqs
                used = sets + new_seqs
                head = ((one_back * 3 + new_seqs) * 5 + used) * 2
                # Neither a triplet nor the pair here.
                _relax(nxt, reached, head + pair, cost + need - have if need > have else cost)
                if have == 0:
                    continue
                if pair == 0 and need <= 2:  # the pair here
                    _relax(nxt, reached, head + 1, cost + need + 2 - have if need + 2 > have else cost)
                if need <= 1 and used < max_sets:  # a triplet here
                    _relax(nxt, reached, head + 2 + pair, cost + need + 3 - have if need + 3 > have else cost)
        costs = nxt
        active = reached
    vec = [_INF] * _VEC_LEN
    for state in active:  # no sequence is open at the end: the last two positions start none
        i = 2 * ((state >> 1) % 5) + (state & 1)
        if costs[state] < vec[i]:
            vec[i] = costs[state]
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

# Vector ids by part key (suit keys below _HONOR_FLAG, honor keys and two-kind keys with it).
_part_ids: Final[dict[int, int]] = {}


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
    if vid is None:
        if len(_part_ids) > _MEMO_LIMIT:
            _part_ids.clear()
        if key & _HONOR_FLAG:
            vid = _honor_vector_id(tuple(sorted(c for c in _unpack(key & _COUNTS, 7) if c)))
        else:
            vid = _suit_vector_id(_unpack(key, 9))
        _part_ids[key] = vid
    return vid


def _pack(counts: Counts, lo: int, size: int) -> tuple[int, int]:
    """The key of ``size`` counts from ``lo`` and their sum; refuses a count outside 0..4."""
    key = 0
    total = 0
    for i in range(size):
        x = counts[lo + i]
        if x < 0 or x > 4:
            raise ValueError("tile counts must be 0..4")
        key |= x << (_BITS * i)
        total += x
    return key, total


def _keys(counts: Counts, melds: int, players: int = 4) -> tuple[int, int, int, int, int]:
    """Validate a hand; return its four part keys and the sets it still needs.

    With ``players`` 3 the characters are the two-kind part of 1m and 9m.
    """
    if len(counts) != _NUM_TILES:
        raise ValueError(f"a hand has {_NUM_TILES} counts, got {len(counts)}")
    if players == 3 and any(counts[1:8]):
        raise ValueError("three players: the set has no 2m-8m")
    if not 0 <= melds <= _MAX_SETS:
        raise ValueError(f"melds must be 0..4, got {melds}")
    m, n_m = _pack(counts, 0, 9)
    p, n_p = _pack(counts, 9, 9)
    s, n_s = _pack(counts, 18, 9)
    h, n_h = _pack(counts, 27, 7)
    n = n_m + n_p + n_s + n_h
    need = _MAX_SETS - melds
    if n != 3 * need + 1 and n != 3 * need + 2:
        raise ValueError(
            f"with {melds} meld(s) the concealed hand has {3 * need + 1} or {3 * need + 2} tiles, got {n}"
        )
    if players == 3:  # 1m at position 0, 9m at 8: moved to positions 0 and 1
        m = (m & _COUNT_MASK) | (m >> (7 * _BITS)) | _HONOR_FLAG | _TWO_KINDS
    return m, p, s, h | _HONOR_FLAG, need


def _parts(counts: Counts, melds: int, players: int = 4) -> tuple[list[int], list[int], int]:
    """The keys of the four parts of a hand, their vector ids and the sets still needed."""
    m, p, s, h, need = _keys(counts, melds, players)
    keys = [m, p, s, h]
    return keys, [_part_id(key) for key in keys], need


def _standard(m: int, p: int, s: int, h: int, need: int) -> int:
    """Standard shanten of a hand by its part keys: the distance to ``need`` sets and a pair, less one."""
    return _entry(_times(_times(_part_id(m), _part_id(p)), _part_id(s)), _part_id(h), 2 * need + 1) - 1


def standard_of_parts(man: int, pin: int, sou: int, honors: int, need: int, players: int = 4) -> int:
    """Standard shanten of a hand given as its four parts, each packed 3 bits a count, position 0
    lowest (``1m`` at bits 0-2 of ``man``, ``East`` at bits 0-2 of ``honors``), with ``need`` sets to
    make: for callers that keep hands packed this way (`riichi_cli.analysis.expected_graph`).
    No check: every count must be 0..4."""
    if players == 3:  # 1m at position 0, 9m at 8: moved to positions 0 and 1, as `_keys` does
        man = (man & _COUNT_MASK) | (man >> (7 * _BITS)) | _HONOR_FLAG | _TWO_KINDS
    return _standard(man, pin, sou, honors | _HONOR_FLAG, need)


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


# --------------------------------------------------------------------------------------------
# Shanten numbers


def standard_shanten(counts: Counts, melds: int = 0) -> int:
    """Shanten of the four-sets-and-a-pair shape, ``melds`` sets being already called.

    Exact: one less than the fewest tiles the concealed hand must draw (discarding as many) to be
    complete, no tile being used more than four times. -1 means complete.

    >>> standard_shanten([3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25)  # 1112345678999m: nine-sided
    0
    """
    m, p, s, h, need = _keys(counts, melds)
    return _standard(m, p, s, h, need)


def _chiitoitsu(counts: Counts) -> int:
    pairs = 0
    kinds = 0
    for c in counts:
        if c:
            kinds += 1
            if c >= 2:
                pairs += 1
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


def _kokushi(counts: Counts) -> int:
    kinds = 0
    paired = 0
    for t in _ORPHANS:
        c = counts[t]
        if c:
            kinds += 1
            if c >= 2:
                paired = 1
    return 13 - kinds - paired


def chiitoitsu_shanten(counts: Counts) -> int:
    """Shanten of seven pairs: ``6 - pairs + max(0, 7 - kinds)``; four equal tiles are one pair.

    A closed shape: the hand must have 13 or 14 tiles.
    """
    _check(counts, 0)
    return _chiitoitsu(counts)


def kokushi_shanten(counts: Counts) -> int:
    """Shanten of thirteen orphans: ``13 - distinct orphans - (1 if an orphan is paired)``.

    A closed shape: the hand must have 13 or 14 tiles.
    """
    _check(counts, 0)
    return _kokushi(counts)


def shanten(counts: Counts, melds: int = 0, players: int = 4) -> dict[str, int | None]:
    """All shanten numbers of a hand: ``standard``, ``chiitoitsu``, ``kokushi`` and ``best``.

    Seven pairs and thirteen orphans are closed-hand shapes: with ``melds > 0`` they are ``None``
    and ``best`` is the standard number. ``players`` 3 reads the hand in the 108-tile set.
    """
    m, p, s, h, need = _keys(counts, melds, players)
    standard = _standard(m, p, s, h, need)
    if melds:
        return {"standard": standard, "chiitoitsu": None, "kokushi": None, "best": standard}
    chiitoitsu = _chiitoitsu(counts)
    kokushi = _kokushi(counts)
    return {
        "standard": standard,
        "chiitoitsu": chiitoitsu,
        "kokushi": kokushi,
        "best": min(standard, min(chiitoitsu, kokushi)),
    }


# --------------------------------------------------------------------------------------------
# Complete hands and waits


@lru_cache(maxsize=_BLOCK_CACHE_SIZE)
def _suit_complete(suit: tuple[int, ...], honors: bool) -> bool:
    """Whether the counts split wholly into sets (triplets, and sequences unless honors).

    Greedy from the lowest tile: taking a triplet when there are three or more is never wrong,
    since three equal sequences are the same tiles as three triplets. Counts of 5 are allowed.
    """
    c = list(suit)
    n = len(c)
    for i in range(n):
        x = c[i]
        if x >= 3:
            x -= 3
        if x:
            if honors or i + 2 >= n or c[i + 1] < x or c[i + 2] < x:
                return False
            c[i + 1] -= x
            c[i + 2] -= x
    return True


def _standard_complete(counts: Sequence[int]) -> bool:
    """Whether the concealed tiles are sets and one pair (counts may reach 5)."""
    parts = [
        (tuple(counts[0:9]), False),
        (tuple(counts[9:18]), False),
        (tuple(counts[18:27]), False),
        (tuple(counts[27:34]), True),
    ]
    pair_part = -1
    for idx, (part, _) in enumerate(parts):
        r = sum(part) % 3
        if r == 1:
            return False
        if r == 2:
            if pair_part >= 0:
                return False
            pair_part = idx
    if pair_part < 0:
        return False
    for idx, (part, honors) in enumerate(parts):
        if idx != pair_part and not _suit_complete(part, honors):
            return False
    part, honors = parts[pair_part]
    for i, x in enumerate(part):
        if x >= 2:
            rest = part[:i] + (x - 2,) + part[i + 1 :]
            if _suit_complete(rest, honors):
                return True
    return False


def _complete(counts: Sequence[int], melds: int) -> bool:
    if _standard_complete(counts):
        return True
    if melds:
        return False
    if all(c == 2 or c == 0 for c in counts) and sum(1 for c in counts if c) == 7:
        return True
    return all(counts[t] for t in _ORPHANS) and sum(counts[t] for t in _ORPHANS) == 14


def is_complete(counts: Counts, melds: int = 0) -> bool:
    """Whether a ``3k + 2``-tile concealed hand is a winning shape.

    Four sets and a pair (with ``melds`` of the sets called), seven *distinct* pairs, or thirteen
    orphans; other hand sizes are not complete. Counts of 5 are accepted, so that
    a caller can ask about a fifth copy.
    """
    n, need = _check(counts, melds, max_count=5)
    if n != 3 * need + 2:
        return False
    return _complete(counts, melds)


# --------------------------------------------------------------------------------------------
# Accepted tiles
#
# A draw lowers the best shanten only through a shape whose shanten equals the best, since no
# shape's number falls by more than one per tile drawn (a draw supplies at most one missing tile).
# So each shape at the best lists its own accepted tiles and the answer is their union; seven pairs
# and thirteen orphans read theirs off a few counts.
#
# Standard shape. A draw changes one part, so the new distance is the part's new vector times the
# product of the other three parts, computed once per hand. Held tiles and tiles within two of a
# held tile of the same suit are tried one by one. Every other tile is "isolated", and isolated
# draws all have the same effect, which one product decides:
#
# - drawn into a suit, an isolated tile is a block of its own, and the other blocks keep their
#   shape and room (the room only depends on the edges of the suit). A block holding one tile
#   costs 1 for the pair, 2 for a set, and never less than the target's tiles minus one;
# - an unheld honor adds the one-kind honor vector [0, 1, 2, inf, ...];
# - every part's vector already includes the fresh sets, and the fresh vector times either of
#   those is the fresh vector minus one (except at "nothing"): _ISOLATED_ID below.
#
# So every isolated draw turns the hand's vector v into v * _ISOLATED_ID. Such a draw sometimes
# help: with three melds, 1111z draws X to 1111z X, discards the useless fourth 1z and waits on X.


#: Fresh sets with one tile of the target already in hand: the effect of an isolated draw.
_ISOLATED_ID: Final = _intern(tuple(f - 1 if f else 0 for f in _FRESH))
_draw_tables: Final[dict[int, tuple[list[tuple[int, int]], list[int]]]] = {}


def _draw_table(key: int) -> tuple[list[tuple[int, int]], list[int]]:
    """The draws into one part: ``[(position, vector id after the draw), ...], isolated positions``.

    The first lists the positions worth trying one by one (held fewer than four times, or in a suit
    within two of a held tile); the second the isolated ones, which all act alike.
    """
    table = _draw_tables.get(key)
    if table is None:
        if len(_draw_tables) > _MEMO_LIMIT:
            _draw_tables.clear()
        suit = not key & _HONOR_FLAG
        held = _unpack(key & _COUNTS, _part_size(key))
        draws = []
        isolated = []
        for pos, x in enumerate(held):
            if not (x or (suit and any(held[max(0, pos - 2) : pos + 3]))):
                isolated.append(pos)
            elif x < 4:
                draws.append((pos, _part_id(key + (1 << (_BITS * pos)))))
        table = _draw_tables[key] = (draws, isolated)
    return table


def _others(ids: Sequence[int]) -> tuple[int, int, int, int]:
    """For each part, the product of the other three parts' vectors."""
    a, b, d, h = ids[0], ids[1], ids[2], ids[3]
    ab = _times(a, b)
    dh = _times(d, h)
    return _times(b, dh), _times(a, dh), _times(ab, h), _times(ab, d)


# Accepted tiles are sets of tiles as bit masks (bit t for tile t): a union is an OR, and the
# sorted list is read off once per answer.


def _tiles_of(mask: int) -> list[int]:
    """The tiles of a mask, in order."""
    out: list[int] = []
    t = 0
    while mask:
        if mask & 1:
            out.append(t)
        mask >>= 1
        t += 1
    return out


# Accepted tiles of one part, by (its key, the other parts' product, target, part) packed in an
# int. Within a discard table a part meets the same rest of the hand again and again.
_part_accepts_memo: Final[dict[int, int]] = {}


def _part_accepts(part: int, key: int, rest: int, target: int) -> int:
    """The mask of the tiles of one part whose draw lowers the standard distance.

    ``key`` is the part's key and ``rest`` the product of the vectors of the other three parts.
    """
    memo_key = ((key << _ID_BITS | rest) << 4 | target) << 2 | part
    mask = _part_accepts_memo.get(memo_key)
    if mask is None:
        if len(_part_accepts_memo) > _MEMO_LIMIT:
            _part_accepts_memo.clear()
        vid = _part_id(key)
        now = _entry(vid, rest, target)
        draws, isolated = _draw_table(key)
        found = 0
        for pos, after in draws:
            if _entry(after, rest, target) < now:
                found |= 1 << pos
        if _entry(_times(vid, rest), _ISOLATED_ID, target) < now:
            for pos in isolated:
                found |= 1 << pos
        if key & _TWO_KINDS:  # positions 0 and 1 are 1m and 9m
            mask = (found & 1) | (found >> 1) << _THREE_PLAYER_MAN[1]
        else:
            mask = found << _PART_START[part]
        _part_accepts_memo[memo_key] = mask
    return mask


def _standard_accepts(keys: Sequence[int], others: tuple[int, int, int, int], target: int) -> int:
    """The mask of the tiles whose draw lowers the standard distance of the hand with these parts."""
    return (
        _part_accepts(0, keys[0], others[0], target)
        | _part_accepts(1, keys[1], others[1], target)
        | _part_accepts(2, keys[2], others[2], target)
        | _part_accepts(3, keys[3], others[3], target)
    )


def _closed_stats(c: list[int]) -> tuple[int, int, int, int]:
    """What seven pairs and thirteen orphans look at: kinds, pairs, orphan kinds, paired orphans."""
    kinds = pairs = orphans = paired = 0
    for t in range(_NUM_TILES):
        x = c[t]
        if x:
            kinds += 1
            if x >= 2:
                pairs += 1
            if t in _ORPHAN_SET:
                orphans += 1
                if x >= 2:
                    paired += 1
    return kinds, pairs, orphans, paired


def _less_stats(stats: tuple[int, int, int, int], x: int, orphan: bool) -> tuple[int, int, int, int]:
    """The stats after dropping one copy of a tile held ``x`` times."""
    kinds, pairs, orphans, paired = stats
    gone, unpaired = x == 1, x == 2
    return kinds - gone, pairs - unpaired, orphans - (orphan and gone), paired - (orphan and unpaired)


def _closed_accepts(c: list[int], stats: tuple[int, int, int, int], best: int) -> int:
    """The mask of the tiles that lower seven pairs or thirteen orphans, for those of them at ``best``."""
    kinds, pairs, orphans, paired = stats
    mask = 0
    if 6 - pairs + max(0, 7 - kinds) == best:  # a second copy; a new kind while under seven
        for t in range(_NUM_TILES):
            x = c[t]
            if x == 1 or (x == 0 and kinds < 7):
                mask |= 1 << t
    if 13 - orphans - (paired > 0) == best:  # a new orphan; a second copy while none is paired
        for t in _ORPHANS:
            if c[t] == 0 or (c[t] == 1 and not paired):
                mask |= 1 << t
    return mask


def _best_accepts(
    c: list[int],
    keys: Sequence[int],
    ids: Sequence[int],
    need: int,
    stats: tuple[int, int, int, int] | None,
) -> tuple[int, int]:
    """Best shanten of a ``3k + 1``-tile hand and the mask of the tiles whose draw lowers it.

    ``keys`` and ``ids`` are the hand's parts (see :func:`_parts`); ``stats`` its
    :func:`_closed_stats`, or None when melds rule out the closed shapes.
    """
    target = 2 * need + 1
    others = _others(ids)
    standard = _entry(others[_HONORS], ids[_HONORS], target) - 1
    if stats is None:
        return standard, _standard_accepts(keys, others, target)
    kinds, pairs, orphans, paired = stats
    best = min(standard, min(6 - pairs + max(0, 7 - kinds), 13 - orphans - (paired > 0)))
    mask = _closed_accepts(c, stats, best)
    if standard == best:
        mask |= _standard_accepts(keys, others, target)
    return best, mask


def accepts(counts: Counts, melds: int = 0, players: int = 4) -> list[int]:
    """The tiles whose draw lowers the best shanten of a ``3k + 1``-tile hand (ukeire kinds).

    A tile held four times is never accepted: it cannot be drawn. With ``players`` 3 the standard
    shape reads 1m and 9m as two kinds without sequences; tiles outside the 108 are left to the caller
    (seven pairs may name any new kind).
    """
    keys, ids, need = _parts(counts, melds, players)
    c = list(counts)
    _check_size(sum(c), need, 1, "accepts")
    stats = None if melds else _closed_stats(c)
    return _tiles_of(_best_accepts(c, keys, ids, need, stats)[1])


def discard_masks(counts: Counts, melds: int = 0, players: int = 4) -> list[tuple[int, int, int]]:
    """`discard_table` unsorted, with the accepted tiles as a mask (bit t for tile t).

    One row ``(discard, best shanten after it, mask)`` per distinct tile held, in tile order.
    """
    keys, ids, need = _parts(counts, melds, players)
    c = list(counts)
    _check_size(sum(c), need, 2, "discard_table")
    stats = None if melds else _closed_stats(c)
    rows = []
    for part in range(4):
        key, vid = keys[part], ids[part]
        for pos in range(_part_size(key)):
            x = (key >> (_BITS * pos)) & _COUNT_MASK
            if not x:
                continue
            t = _tile(part, key, pos)
            # Only this part changes: the others keep their keys and vector ids.
            keys[part] = key - (1 << (_BITS * pos))
            ids[part] = _part_id(keys[part])
            c[t] -= 1
            after = None if stats is None else _less_stats(stats, x, t in _ORPHAN_SET)
            shanten_after, mask = _best_accepts(c, keys, ids, need, after)
            rows.append((t, shanten_after, mask))
            c[t] += 1
        keys[part], ids[part] = key, vid
    return rows


def discard_table(counts: Counts, melds: int = 0, players: int = 4) -> list[tuple[int, int, list[int]]]:
    """For a ``3k + 2``-tile hand: ``(discard, best shanten after it, accepted tiles after it)``.

    One row per distinct tile held, sorted by shanten, then most accepted kinds, then tile.
    Weighing the accepted tiles by how many are unseen is left to the caller. ``players`` as for
    `accepts`.
    """
    rows = [(t, after, _tiles_of(mask)) for t, after, mask in discard_masks(counts, melds, players)]
    rows.sort(key=lambda row: (row[1], -len(row[2]), row[0]))
    return rows
