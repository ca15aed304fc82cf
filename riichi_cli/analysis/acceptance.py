"""Accepted tiles (ukeire kinds) of a ``3k + 1``-tile hand and the discard table of a ``3k + 2``-tile
hand, without re-solving whole hands: a discard or a draw changes one part, whose new vector is
combined with the product of the other three (see :mod:`riichi_cli.analysis.shanten`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .parts import (
    _HONORS,
    _PART_START,
    _THREE_PLAYER_MAN,
    _check_size,
    _part_id,
    _part_size,
    _parts,
    _tile,
    _unpack,
)
from .vectors import (
    _BITS,
    _COUNT_MASK,
    _COUNTS,
    _FRESH,
    _HONOR_FLAG,
    _ID_BITS,
    _MEMO_LIMIT,
    _NUM_TILES,
    _ORPHAN_SET,
    _ORPHANS,
    _TWO_KINDS,
    Counts,
    _entry,
    _intern,
    _times,
)

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
