"""The precomputed suit table (riichi_cli/analysis/suit_table.py) agrees with the block DP it was
written from, and the shanten numbers read through it are the hand-checked ones."""

from __future__ import annotations

import random

import pytest

from riichi_cli.analysis import parts, suit_table, vectors
from riichi_cli.analysis.shanten import standard_shanten


def key_of(counts: list[int]) -> int:
    return sum(c << (3 * i) for i, c in enumerate(counts))


def dp_vector(counts: list[int]) -> tuple[int, ...]:
    return vectors._vectors[parts._suit_vector_id(counts)]


def table_vector(counts: list[int]) -> tuple[int, ...]:
    suit_table.load()
    vid = suit_table.stored_vector_id(key_of(counts))
    assert vid >= 0, counts
    return vectors._vectors[vid]


def test_small_suits_by_hand():
    # Distances to (sets, pair) = (0,0), (0,1), (1,0), (1,1), ...: an empty suit makes everything
    # fresh (3 tiles a set, 2 a pair); 123 is one set; 11 is the pair.
    assert table_vector([0] * 9) == (0, 2, 3, 5, 6, 8, 9, 11, 12, 14)
    assert table_vector([1, 1, 1, 0, 0, 0, 0, 0, 0])[2] == 0
    assert table_vector([2, 0, 0, 0, 0, 0, 0, 0, 0])[1] == 0
    assert table_vector([1, 1, 1, 1, 1, 1, 1, 1, 1])[6] == 0  # three sequences


def test_random_suits_match_the_dp():
    rng = random.Random(18)
    for _ in range(1500):
        counts = [rng.randint(0, 4) for _ in range(9)]
        while sum(counts) > 14:
            counts[rng.randrange(9)] = 0
        assert table_vector(counts) == dp_vector(counts), counts


def test_a_suit_beyond_14_tiles_is_not_stored():
    suit_table.load()
    assert suit_table.stored_vector_id(key_of([4, 4, 4, 3, 0, 0, 0, 0, 0])) == -1


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ([3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25, 0),  # 1112345678999m: nine-sided
        ([4, 4, 4, 1, 0, 0, 0, 0, 0] + [0] * 25, 0),  # 1111222233334m: 123m x4, 4m waits
        ([1, 0, 0, 1, 0, 0, 1, 0, 0] * 3 + [1, 1, 1, 1, 0, 0, 0], 8),  # 147m147p147s1234z
    ],
)
def test_shanten_through_the_table(hand, expected):
    suit_table.load()
    assert standard_shanten(hand) == expected
