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
one product decides them together.

Where it lives: the vectors and their product in :mod:`.vectors`, the block DP and the part keys in
:mod:`.parts`, accepted tiles and discard tables in :mod:`.acceptance`; the numbers here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final, NamedTuple

from .parts import _as_list, _check, _hand_keys, _keys, _standard, _standard_shaped
from .vectors import _BLOCK_CACHE_SIZE, _ORPHANS, Counts

__all__ = [
    "ShantenNumbers",
    "chiitoitsu_shanten",
    "is_complete",
    "kokushi_shanten",
    "shanten",
    "standard_shanten",
]


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


class ShantenNumbers(NamedTuple):
    """The shanten numbers of a hand (`shanten`): seven pairs and thirteen orphans are None when melds
    are called. A tuple, so that one object per set of numbers can be shared by every hand that has them
    (a call allocates nothing); ``_asdict()`` gives the ``shanten`` object of the JSON output."""

    standard: int
    chiitoitsu: int | None
    kokushi: int | None
    best: int


def shanten(counts: Counts, melds: int = 0, players: int = 4) -> ShantenNumbers:
    """All shanten numbers of a hand: ``standard``, ``chiitoitsu``, ``kokushi`` and ``best``.

    Seven pairs and thirteen orphans are closed-hand shapes: with ``melds > 0`` they are ``None``
    and ``best`` is the standard number. ``players`` 3 reads the hand in the 108-tile set.

    >>> shanten([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] + [0] * 20)  # 123456789m12345p
    ShantenNumbers(standard=0, chiitoitsu=6, kokushi=10, best=0)
    """
    # One pass over the counts gives the part keys and both closed shapes (`parts._scan`).
    m, p, s, h, need, chiitoitsu, kokushi, shape = _hand_keys(_as_list(counts), melds, players)
    standard = _standard_shaped(m, p, s, h, shape, need)
    if not -1 <= standard <= 8:  # never: every hand is at most 8 from tenpai
        raise AssertionError(f"standard shanten {standard} out of range")
    if melds:
        found = _open_results[standard + 1]
        if found is None:
            found = _open_results[standard + 1] = ShantenNumbers(standard, None, None, standard)
        return found
    if not (-1 <= chiitoitsu <= 6 and -1 <= kokushi <= 13):  # never, for 13 or 14 tiles
        raise AssertionError(f"closed shanten {chiitoitsu}, {kokushi} out of range")
    key = ((standard + 1) * 8 + chiitoitsu + 1) * 15 + kokushi + 1
    found = _results[key]
    if found is None:
        best = standard if standard < chiitoitsu else chiitoitsu
        best = best if best < kokushi else kokushi
        found = _results[key] = ShantenNumbers(standard, chiitoitsu, kokushi, best)
    return found


#: The numbers of each (standard, seven pairs, thirteen orphans) shanten of a closed hand (-1..8, -1..6
#: and -1..13: 13 or 14 tiles hold at least 4 kinds, so at most 6 from seven pairs), and of each
#: standard shanten of an open hand, made when first needed and returned to every hand that has them
#: (a tuple: nobody can change it).
_results: Final[list[ShantenNumbers | None]] = [None] * (10 * 8 * 15)
_open_results: Final[list[ShantenNumbers | None]] = [None] * 10


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
