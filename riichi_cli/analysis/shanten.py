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
(3 tiles a set, 2 a pair) are combined by a min-plus product. Each suit's result is memoised by its
nine counts, and the products of results by their interned ids, so that a hand of suits already seen
costs a handful of dictionary look-ups.

Accepted tiles and discard tables do not re-solve whole hands. A hand is four parts (three suits and
the honors); a discard or a draw changes one part, whose new vector is combined with the product of
the other three. Only draws next to held tiles are tried one by one: all the others act alike, and
one product decides them together (see "Accepted tiles" below).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

__all__ = [
    "accepts",
    "chiitoitsu_shanten",
    "discard_table",
    "is_complete",
    "kokushi_shanten",
    "shanten",
    "standard_shanten",
]

Counts = Sequence[int]

_NUM_TILES = 34
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_ORPHAN_SET = frozenset(_ORPHANS)
_MAX_SETS = 4
#: A distance vector is indexed by ``2 * sets + pairs`` for sets 0..4 and pairs 0..1.
_VEC_LEN = 2 * (_MAX_SETS + 1)
_INF = 99
#: Memo sizes: real hands need some tens of thousands of entries; the bound stops runaway growth.
_MEMO_LIMIT = 250_000
_BLOCK_CACHE_SIZE = 1 << 16

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
_FRESH = tuple(3 * (i // 2) + 2 * (i % 2) for i in range(_VEC_LEN))

# Interned vectors: each distinct vector gets a small int id, products are cached by id pairs.
_vectors: list[tuple[int, ...]] = []
_vector_ids: dict[tuple[int, ...], int] = {}
_products: dict[tuple[int, int], int] = {}


def _intern(vec: tuple[int, ...]) -> int:
    vid = _vector_ids.get(vec)
    if vid is None:
        vid = _vector_ids[vec] = len(_vectors)
        _vectors.append(vec)
    return vid


def _product_id(a: int, b: int) -> int:
    vid = _intern(_product(_vectors[a], _vectors[b]))
    _products[a, b] = vid
    return vid


def _times(a: int, b: int) -> int:
    """The id of the product of vectors ``a`` and ``b`` (memoised)."""
    vid = _products.get((a, b))
    if vid is None:
        vid = _product_id(a, b)
    return vid


_FRESH_ID = _intern(_FRESH)


# --------------------------------------------------------------------------------------------
# One suit


@lru_cache(maxsize=_BLOCK_CACHE_SIZE)
def _block_vector(ext: tuple[int, ...]) -> tuple[int, ...]:
    """Distances of one block, given with the empty room (at most 2) that lies on each side of it.

    A dynamic programme over the positions; the state is the number of sequences begun two and one
    positions back (they still need this tile), the sets used and whether the pair is used. At each
    position it chooses how many sequences start there and then a triplet, the pair or neither,
    keeping at most four of the kind in the target; the cost is the target tiles the hand lacks.
    Sets and pairs that would use none of the block's tiles are left to the fresh ones.
    """
    n = len(ext)
    max_sets = min(_MAX_SETS, sum(ext))  # each set uses at least one tile of the block
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for i in range(n):
        have = ext[i]
        may_start = i + 2 < n and (have or ext[i + 1] or ext[i + 2])
        nxt: dict[tuple[int, int, int, int], int] = {}
        get = nxt.get
        for (two_back, one_back, sets, pair), cost in states.items():
            running = two_back + one_back
            max_new = min(4 - running, max_sets - sets) if may_start else 0
            for new_seqs in range(max_new + 1):
                need = running + new_seqs
                used = sets + new_seqs
                # Neither a triplet nor the pair here.
                total = cost + (need - have if need > have else 0)
                key = (one_back, new_seqs, used, pair)
                if total < get(key, _INF):
                    nxt[key] = total
                if not have:
                    continue
                if not pair and need <= 2:  # the pair here
                    total = cost + (need + 2 - have if need + 2 > have else 0)
                    key = (one_back, new_seqs, used, 1)
                    if total < get(key, _INF):
                        nxt[key] = total
                if need <= 1 and used < max_sets:  # a triplet here
                    total = cost + (need + 3 - have if need + 3 > have else 0)
                    key = (one_back, new_seqs, used + 1, pair)
                    if total < get(key, _INF):
                        nxt[key] = total
        states = nxt
    vec = [_INF] * _VEC_LEN
    for (_, _, sets, pair), cost in states.items():
        i = 2 * sets + pair
        if cost < vec[i]:
            vec[i] = cost
    return tuple(vec)


def _suit_vector_id(suit: tuple[int, ...]) -> int:
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
        left = min(2, start)
        right = min(2, 8 - end)
        ext = (0,) * left + tuple(suit[start : end + 1]) + (0,) * right
        block = _intern(_block_vector(min(ext, ext[::-1])))  # a block and its mirror agree
        vid = _times(vid, block)  # few distinct block vectors: the products are memoised
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
# A hand as four parts: three suits and the honors

#: Where each part lies in the 34 counts; the honors are part 3.
_PARTS = ((0, 9), (9, 18), (18, 27), (27, 34))
_HONORS = 3

# Vector ids by part contents. Suit keys have nine counts and honor keys seven, so one dict serves.
_part_ids: dict[tuple[int, ...], int] = {}
# Entry ``target`` of the product of two interned vectors, by (id, id, target).
_entries: dict[tuple[int, int, int], int] = {}


def _part_id(key: tuple[int, ...]) -> int:
    """The interned distance vector of one part (nine suit counts or seven honor counts)."""
    vid = _part_ids.get(key)
    if vid is None:
        if len(_part_ids) > _MEMO_LIMIT:
            _part_ids.clear()
        if len(key) == 9:
            vid = _suit_vector_id(key)
        else:
            vid = _honor_vector_id(tuple(sorted(x for x in key if x)))
        _part_ids[key] = vid
    return vid


#: Three players: the characters are 1m and 9m only. They never form a sequence, so they are one
#: part of two kinds read like the honors (pairs and triplets): a key of two counts. The four-player
#: suit would let a fourth 1m join 2m 3m that do not exist.
_THREE_PLAYER_MAN = (0, 8)


def _parts(c: Sequence[int], three: bool = False) -> tuple[list[tuple[int, ...]], list[int]]:
    """The counts of the four parts of a hand and their vector ids (``three``: the 108-tile set)."""
    keys = [tuple(c[lo:hi]) for lo, hi in _PARTS]
    if three:
        keys[0] = (c[0], c[8])
    return keys, [_part_id(key) for key in keys]


def _tile(lo: int, key: tuple[int, ...], pos: int) -> int:
    """The tile at ``pos`` of a part that starts at ``lo`` (the two-kind characters of three players)."""
    return _THREE_PLAYER_MAN[pos] if len(key) == 2 else lo + pos


def _entry(a: int, b: int, target: int) -> int:
    """Entry ``target`` of the product of vectors ``a`` and ``b``; only that entry is computed.

    ``target`` is odd (a pair), so every split of it puts the pair on exactly one side.
    """
    key = (a, b, target)
    value = _entries.get(key)
    if value is None:
        if len(_entries) > _MEMO_LIMIT:
            _entries.clear()
        left, right = _vectors[a], _vectors[b]
        value = _entries[key] = min(left[i] + right[target - i] for i in range(target + 1))
    return value


def _distance(c: Sequence[int], sets: int, three: bool = False) -> int:
    """Fewest tiles to draw to reach ``sets`` sets and a pair (at most four of a tile)."""
    _, (a, b, d, h) = _parts(c, three)
    return _entry(_times(_times(a, b), d), h, 2 * sets + 1)


# --------------------------------------------------------------------------------------------
# Validation


def _check(counts: Counts, melds: int, max_count: int = 4, players: int = 4) -> tuple[int, int]:
    """Validate a hand; return (concealed tile count, sets still needed)."""
    if len(counts) != _NUM_TILES:
        raise ValueError(f"a hand has {_NUM_TILES} counts, got {len(counts)}")
    if players == 3 and any(counts[1:8]):
        raise ValueError("three players: the set has no 2m-8m")
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


def _check_size(n: int, need: int, extra: int, what: str) -> None:
    if n != 3 * need + extra:
        raise ValueError(f"{what} needs a hand of {3 * need + extra} concealed tiles, got {n}")


# --------------------------------------------------------------------------------------------
# Shanten numbers


def standard_shanten(counts: Counts, melds: int = 0) -> int:
    """Shanten of the four-sets-and-a-pair shape, ``melds`` sets being already called.

    Exact: one less than the fewest tiles the concealed hand must draw (discarding as many) to be
    complete, no tile being used more than four times. -1 means complete.

    >>> standard_shanten([3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25)  # 1112345678999m: nine-sided
    0
    """
    _, need = _check(counts, melds)
    return _distance(counts, need) - 1


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
    _, need = _check(counts, melds, players=players)
    standard = _distance(counts, need, players == 3) - 1
    if melds:
        return {"standard": standard, "chiitoitsu": None, "kokushi": None, "best": standard}
    chiitoitsu = _chiitoitsu(counts)
    kokushi = _kokushi(counts)
    return {
        "standard": standard,
        "chiitoitsu": chiitoitsu,
        "kokushi": kokushi,
        "best": min(standard, chiitoitsu, kokushi),
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
_ISOLATED_ID = _intern(tuple(f - 1 if f else 0 for f in _FRESH))
_draw_tables: dict[tuple[int, ...], tuple[tuple[tuple[int, int], ...], tuple[int, ...]]] = {}


def _draw_table(key: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The draws into one part: ``((position, vector id after the draw), ...), isolated positions``.

    The first lists the positions worth trying one by one (held fewer than four times, or in a suit
    within two of a held tile); the second the isolated ones, which all act alike.
    """
    table = _draw_tables.get(key)
    if table is None:
        if len(_draw_tables) > _MEMO_LIMIT:
            _draw_tables.clear()
        suit = len(key) == 9
        draws = []
        isolated = []
        for pos, x in enumerate(key):
            if not (x or (suit and any(key[max(0, pos - 2) : pos + 3]))):
                isolated.append(pos)
            elif x < 4:
                draws.append((pos, _part_id(key[:pos] + (x + 1,) + key[pos + 1 :])))
        table = _draw_tables[key] = (tuple(draws), tuple(isolated))
    return table


def _others(ids: Sequence[int]) -> tuple[int, int, int, int]:
    """For each part, the product of the other three parts' vectors."""
    a, b, d, h = ids
    ab = _times(a, b)
    dh = _times(d, h)
    return _times(b, dh), _times(a, dh), _times(ab, h), _times(ab, d)


# Accepted tiles of one part, by (first tile of the part, its counts, the other parts' product,
# target). Within a discard table a part meets the same rest of the hand again and again.
_part_accepts_memo: dict[tuple[int, tuple[int, ...], int, int], tuple[int, ...]] = {}


def _part_accepts(lo: int, key: tuple[int, ...], rest: int, target: int) -> tuple[int, ...]:
    """The tiles of one part whose draw lowers the standard distance, in order.

    ``lo`` is the part's first tile, ``key`` its counts and ``rest`` the product of the vectors of
    the other three parts.
    """
    memo_key = (lo, key, rest, target)
    tiles = _part_accepts_memo.get(memo_key)
    if tiles is None:
        if len(_part_accepts_memo) > _MEMO_LIMIT:
            _part_accepts_memo.clear()
        vid = _part_id(key)
        now = _entry(vid, rest, target)
        draws, isolated = _draw_table(key)
        out = [pos for pos, after in draws if _entry(after, rest, target) < now]
        if _entry(_times(vid, rest), _ISOLATED_ID, target) < now:
            out.extend(isolated)
        tiles = _part_accepts_memo[memo_key] = tuple(_tile(lo, key, pos) for pos in sorted(out))
    return tiles


def _standard_accepts(keys: Sequence[tuple[int, ...]], others: Sequence[int], target: int) -> list[int]:
    """The tiles whose draw lowers the standard distance of the hand with these parts, in order."""
    out: list[int] = []
    for p, (lo, _) in enumerate(_PARTS):
        out.extend(_part_accepts(lo, keys[p], others[p], target))
    return out


def _closed_stats(c: Sequence[int]) -> tuple[int, int, int, int]:
    """What seven pairs and thirteen orphans look at: kinds, pairs, orphan kinds, paired orphans."""
    kinds = sum(1 for x in c if x)
    pairs = sum(1 for x in c if x >= 2)
    orphans = sum(1 for t in _ORPHANS if c[t])
    paired = sum(1 for t in _ORPHANS if c[t] >= 2)
    return kinds, pairs, orphans, paired


def _less_stats(stats: tuple[int, int, int, int], x: int, orphan: bool) -> tuple[int, int, int, int]:
    """The stats after dropping one copy of a tile held ``x`` times."""
    kinds, pairs, orphans, paired = stats
    gone, unpaired = x == 1, x == 2
    return kinds - gone, pairs - unpaired, orphans - (orphan and gone), paired - (orphan and unpaired)


def _closed_accepts(c: Sequence[int], stats: tuple[int, int, int, int], best: int) -> list[int]:
    """The tiles that lower seven pairs or thirteen orphans, for those of them at ``best``."""
    kinds, pairs, orphans, paired = stats
    out: list[int] = []
    if 6 - pairs + max(0, 7 - kinds) == best:  # a second copy; a new kind while under seven
        out.extend(t for t, x in enumerate(c) if x == 1 or (x == 0 and kinds < 7))
    if 13 - orphans - (paired > 0) == best:  # a new orphan; a second copy while none is paired
        out.extend(t for t in _ORPHANS if c[t] == 0 or (c[t] == 1 and not paired))
    return out


def _best_accepts(
    c: Sequence[int],
    keys: Sequence[tuple[int, ...]],
    ids: Sequence[int],
    need: int,
    stats: tuple[int, int, int, int] | None,
) -> tuple[int, list[int]]:
    """Best shanten of a ``3k + 1``-tile hand and the tiles whose draw lowers it.

    ``keys`` and ``ids`` are the hand's parts (see :func:`_parts`); ``stats`` its
    :func:`_closed_stats`, or None when melds rule out the closed shapes.
    """
    target = 2 * need + 1
    others = _others(ids)
    standard = _entry(others[_HONORS], ids[_HONORS], target) - 1
    if stats is None:
        return standard, _standard_accepts(keys, others, target)
    kinds, pairs, orphans, paired = stats
    best = min(standard, 6 - pairs + max(0, 7 - kinds), 13 - orphans - (paired > 0))
    out = _closed_accepts(c, stats, best)
    if standard == best:
        out.extend(_standard_accepts(keys, others, target))
    return best, sorted(set(out))


def accepts(counts: Counts, melds: int = 0, players: int = 4) -> list[int]:
    """The tiles whose draw lowers the best shanten of a ``3k + 1``-tile hand (ukeire kinds).

    A tile held four times is never accepted: it cannot be drawn. With ``players`` 3 the standard
    shape reads 1m and 9m as two kinds without sequences; tiles outside the 108 are left to the caller
    (seven pairs may name any new kind).
    """
    n, need = _check(counts, melds, players=players)
    _check_size(n, need, 1, "accepts")
    keys, ids = _parts(counts, players == 3)
    stats = None if melds else _closed_stats(counts)
    return _best_accepts(counts, keys, ids, need, stats)[1]


def discard_table(counts: Counts, melds: int = 0, players: int = 4) -> list[tuple[int, int, list[int]]]:
    """For a ``3k + 2``-tile hand: ``(discard, best shanten after it, accepted tiles after it)``.

    One row per distinct tile held, sorted by shanten, then most accepted kinds, then tile.
    Weighing the accepted tiles by how many are unseen is left to the caller. ``players`` as for
    `accepts`.
    """
    n, need = _check(counts, melds, players=players)
    _check_size(n, need, 2, "discard_table")
    c = list(counts)
    keys, ids = _parts(c, players == 3)
    stats = None if melds else _closed_stats(c)
    rows = []
    for p, (lo, _) in enumerate(_PARTS):
        key, vid = keys[p], ids[p]
        for pos, x in enumerate(key):
            if not x:
                continue
            t = _tile(lo, key, pos)
            # Only this part changes: the others keep their keys and vector ids.
            keys[p] = key[:pos] + (x - 1,) + key[pos + 1 :]
            ids[p] = _part_id(keys[p])
            c[t] -= 1
            after = None if stats is None else _less_stats(stats, x, t in _ORPHAN_SET)
            rows.append((t, *_best_accepts(c, keys, ids, need, after)))
            c[t] += 1
        keys[p], ids[p] = key, vid
    rows.sort(key=lambda row: (row[1], -len(row[2]), row[0]))
    return rows
