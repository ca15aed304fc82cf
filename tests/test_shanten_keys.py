"""The packed data layout of riichi_cli.analysis.shanten against an independent brute force.

Parts of a hand are keyed by one int, three bits a count, and blocks of a suit are memoised together
with their mirror image. A layout mistake (two bits a count, where 4 at one position equals 1 at the
next; a mirror that is not one) gives wrong numbers only for some hands, so these tests aim at them:
one-suit hands full of quads, checked against the definition of the standard shanten itself.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations_with_replacement

import pytest

from riichi_cli.analysis.acceptance import accepts, discard_table
from riichi_cli.analysis.shanten import shanten, standard_shanten

#: The sets within one suit, as the positions they use: nine triplets and seven sequences.
SETS = [(i, i, i) for i in range(9)] + [(i, i + 1, i + 2) for i in range(7)]


@lru_cache(maxsize=1)
def targets() -> dict[tuple[int, ...], int]:
    """Every complete hand's share of one suit: its nine counts -> the fewest tiles from elsewhere.

    A complete hand is four sets and a pair, at most four of a tile. Sets and the pair outside the
    suit cost all their tiles (3 a set, 2 the pair), since the hands tested hold nothing there.
    """
    out: dict[tuple[int, ...], int] = {}
    for k in range(5):
        for sets in combinations_with_replacement(range(len(SETS)), k):
            base = [0] * 9
            for s in sets:
                for pos in SETS[s]:
                    base[pos] += 1
            for pair in [None, *range(9)]:
                counts = list(base)
                if pair is not None:
                    counts[pair] += 2
                if max(counts) > 4:
                    continue
                elsewhere = 3 * (4 - k) + (2 if pair is None else 0)
                key = tuple(counts)
                if elsewhere < out.get(key, 99):
                    out[key] = elsewhere
    return out


def brute_standard(suit: list[int]) -> int:
    """The definition: the fewest tiles to draw to complete the hand, minus one."""
    return (
        min(
            sum(t - h for t, h in zip(target, suit) if t > h) + elsewhere
            for target, elsewhere in targets().items()
        )
        - 1
    )


def quad_hands(seed: int, count: int) -> list[list[int]]:
    """One-suit hands of 13 or 14 tiles with at least one quad, many with quads side by side."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        size = rng.choice((13, 14))
        suit = [0] * 9
        for pos in rng.sample(range(9), rng.randint(1, 3)):
            suit[pos] = 4
        while sum(suit) < size:
            pos = rng.randrange(9)
            if suit[pos] < 4:
                suit[pos] += 1
        if sum(suit) == size:
            out.append(suit)
    return out


# Hands whose keys a two-bit packing would confuse: 4 at one position reads as 1 at the next.
COLLIDING = [
    [4, 0, 4, 0, 4, 1, 0, 0, 0],  # 111133335555m6m
    [0, 4, 4, 4, 1, 0, 0, 0, 0],  # 2222333344445m
    [4, 4, 4, 0, 0, 0, 0, 1, 1],  # 111122223333m89m
    [1, 1, 4, 4, 4, 0, 0, 0, 0],  # 12m333344445555m
]


def hand(suit: list[int], where: int = 0) -> list[int]:
    counts = [0] * 34
    counts[where : where + 9] = suit
    return counts


@pytest.mark.parametrize("suit", COLLIDING + quad_hands(10, 24))
def test_standard_shanten_is_the_definition(suit: list[int]) -> None:
    expected = brute_standard(suit)
    for where in (0, 9, 18):  # the same shape in any suit: keys do not depend on the suit
        assert standard_shanten(hand(suit, where)) == expected


@pytest.mark.parametrize("suit", COLLIDING + quad_hands(11, 12))
def test_mirror_images_agree(suit: list[int]) -> None:
    """9 - n mirrors a suit: sets map to sets, so the shanten and the accepted kinds mirror too."""
    mirror = suit[::-1]
    assert standard_shanten(hand(suit)) == standard_shanten(hand(mirror)) == brute_standard(mirror)
    if sum(suit) == 13:
        # Tiles of other suits (a new kind for seven pairs) are accepted alike by both.
        ours, theirs = accepts(hand(suit)), accepts(hand(mirror))
        assert sorted(8 - t for t in ours if t < 9) == [t for t in theirs if t < 9]
        assert [t for t in ours if t >= 9] == [t for t in theirs if t >= 9]


def test_honor_keys_do_not_meet_suit_keys() -> None:
    """The same counts as honors and as a suit must not share a memo entry.

    By hand: honors make no sequences, so 1111z2222z3333z55z is three triplets and the pair (55z);
    the fourth set must come from nothing, 3 tiles to draw: 2-shanten. The same counts in manzu,
    1111m2222m3333m55m, read 111m 222m 333m 123m + 55m: complete, -1."""
    honors = [0] * 27 + [4, 4, 4, 0, 2, 0, 0]
    manzu = [4, 4, 4, 0, 2] + [0] * 29
    assert standard_shanten(honors) == 2
    assert standard_shanten(manzu) == -1


def test_discard_table_rows_are_fresh_lists() -> None:
    """The accepted tiles of a row belong to the caller: changing one leaves later answers alone."""
    counts = hand([3, 1, 1, 1, 1, 1, 1, 1, 3])
    counts[27] = 1  # 1112345678999m + 1z: discard 1z for the nine-sided wait
    first = discard_table(counts)
    first[0][2].append(99)
    assert discard_table(counts)[0][2] == list(range(9))
    assert shanten(counts).standard == 0


def honor_draws(honors: list[int], sets: int) -> int:
    """The definition for honors: the fewest tiles to draw for ``sets`` sets and the pair from the held
    honor kinds (a triplet lacks ``3 - count``, the pair ``2 - count``, never below 0) or from nothing
    (3 tiles a set, 2 the pair), no kind used twice."""
    best = 99
    kinds = range(len(honors))
    for pair in [None, *kinds]:
        cost = 2 if pair is None else max(0, 2 - honors[pair])
        rest = sorted(max(0, 3 - honors[k]) for k in kinds if k != pair)
        best = min(best, cost + sum((rest + [3] * sets)[:sets]))
    return best


def honor_multisets(tiles: int) -> list[list[int]]:
    """Every way to hold ``tiles`` honor tiles (counts 1..4 of at most seven kinds), largest first."""
    out = []

    def grow(prefix: list[int], left: int, cap: int) -> None:
        if left == 0:
            out.append(prefix)
        elif len(prefix) < 7:
            for c in range(min(cap, left), 0, -1):
                grow(prefix + [c], left - c, c)

    grow([], tiles, 4)
    return out


def test_honors_are_found_by_how_many_kinds_are_held_once_twice_and_thrice() -> None:
    """The honors' vector is looked up by the number of kinds held once or more, twice or more and
    three times or more: every way to hold 1 to 14 honor tiles (the rest of the hand called melds), in
    several seats, must give the definition's number. A shape index that confused two holdings (say
    3+2 with 2+2, or 2+2 with 1+1) would hand the first one's vector to the other."""
    for tiles in (1, 2, 4, 5, 7, 8, 10, 11, 13, 14):
        sets = (tiles - 1) // 3
        for held in honor_multisets(tiles):
            for seats in (list(range(7)), list(range(6, -1, -1)), [3, 0, 5, 1, 6, 2, 4]):
                honors = [0] * 7
                for seat, c in zip(seats, held):
                    honors[seat] = c
                got = shanten([0] * 27 + honors, melds=4 - sets).standard
                assert got == honor_draws(held, sets) - 1, (held, seats)


class Count(int):
    """An int that is not one of the interpreter's shared int objects."""


def test_counts_that_are_not_the_shared_int_objects_read_the_same() -> None:
    """Counts are read by which of the interpreter's int objects 0..4 they are, falling back to their
    values: an int subclass, bools, or one odd count among plain ints give the same numbers.

    By hand: 1112345678999m1z: the nine-sided wait and an East to discard, standard 0; seven pairs: ten
    kinds, two of them paired (1m, 9m), 6 - 2 = 4; thirteen orphans: 1m 9m 1z held, one paired,
    13 - 3 - 1 = 9."""
    counts = [3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 18 + [1, 0, 0, 0, 0, 0, 0]
    expected = (0, 4, 9, 0)
    assert shanten(counts) == expected
    assert shanten([Count(c) for c in counts]) == expected
    one_odd = list(counts)
    one_odd[33] = Count(0)
    assert shanten(one_odd) == expected
    assert shanten(tuple(counts)) == expected
    flags = [c > 0 for c in counts]  # True and False are ints 1 and 0, but other objects
    flags[0] = flags[8] = 3
    assert shanten(flags) == expected
    for bad in (5, -1, Count(5)):
        wrong = list(counts)
        wrong[4] = bad
        with pytest.raises(ValueError, match="tile counts must be 0..4"):
            shanten(wrong)
