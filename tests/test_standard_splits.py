"""`decompose.standard_splits` (each suit's splits held in locals, the common one-way case joined as
tuples) gives what the product of the suits' splits gives, in the same order: on seeded random
concealed tiles of every size a hand holds (2 to 14), with and without the caller's suit keys, and
on the 2,000 conformance hands (../shared/conformance, read in place)."""

from __future__ import annotations

import itertools
import random

import majiang
import pytest

from riichi_cli.core.decompose import standard_splits, suit_splits
from riichi_cli.core.notation import parse_hand
from riichi_cli.core.tiles import hand_suit_keys, suit_key


def product_splits(counts: list[int]) -> list[tuple[tuple[tuple[int, int], ...], int]]:
    """The reference: one split per non-empty suit in `itertools.product` order, exactly one pair."""
    parts = []
    for s in range(4):
        key = suit_key(counts, s)
        if key:
            parts.append(suit_splits(s, counts, key))
    out = []
    for choice in itertools.product(*parts):
        pairs = [pair for _, pair in choice if pair >= 0]
        if len(pairs) == 1:
            out.append((tuple(g for groups, _ in choice for g in groups), pairs[0]))
    return out


def random_counts(rnd: random.Random, size: int, tiles: list[int]) -> list[int]:
    counts = [0] * 34
    while sum(counts) < size:
        t = rnd.choice(tiles)
        if counts[t] < 4:
            counts[t] += 1
    return counts


def test_random_tiles_split_as_the_product_of_the_suits():
    rnd = random.Random(22)
    few = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 27, 28]  # few kinds: many ways to split
    for i in range(6000):
        size = rnd.choice([2, 5, 8, 11, 14, 14, 14])
        counts = random_counts(rnd, size, few if i % 2 else list(range(34)))
        want = product_splits(counts)
        assert standard_splits(counts) == want, counts
        assert standard_splits(tuple(counts), hand_suit_keys(tuple(counts))) == want, counts


@pytest.mark.skipif(not majiang.HULE.exists(), reason=f"conformance hands not found at {majiang.HULE}")
def test_conformance_hands_split_as_the_product_of_the_suits():
    for item in majiang.load():
        m = majiang.to_mapping(item)
        hand = parse_hand(m["hand"], m.get("win_tile"))
        assert standard_splits(hand.concealed, hand.suit_keys()) == product_splits(list(hand.concealed))
