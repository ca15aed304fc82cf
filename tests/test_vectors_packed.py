"""Shanten vectors packed in one int (riichi_cli/analysis/vectors.py): the product worked out on the
packed ints, a row at a time, agrees with the product of the tuples, entry by entry; so does an entry."""

from __future__ import annotations

import random

from riichi_cli.analysis import parts, suit_table, vectors


def _ids() -> list[int]:
    suit_table.load()
    # Block vectors (with entries no target reaches: the packed `_PACKED_INF`) and honors.
    for ext in ([1], [2, 0, 1], [0, 0, 3, 1, 1, 0, 0], [4, 4, 4, 3], [1, 1, 1, 1, 1, 1, 1, 1, 1]):
        parts._block_id(ext)
    for held in [(1,), (1, 2), (3, 3, 3), (1, 1, 1, 1, 1, 1, 1), (2, 4, 4, 4)]:
        parts._honor_vector_id(held)
    return [vid for vid in range(len(vectors._vectors)) if vectors.packed_vector(vid) >= 0]


def test_the_packed_product_is_the_product() -> None:
    ids = _ids()
    rng = random.Random(7)
    pairs = [(a, b) for a in ids for b in ids]
    for a, b in rng.sample(pairs, 4000) + [(a, a) for a in ids]:
        want = vectors._product(vectors._vectors[a], vectors._vectors[b])
        got = vectors._packed_product(vectors.packed_vector(a), vectors.packed_vector(b))
        assert vectors._unpack(got) == want, (vectors._vectors[a], vectors._vectors[b])
        left, right = vectors._vectors[a], vectors._vectors[b]
        for target in (1, 3, 5, 7, 9):
            entry = vectors._packed_entry(vectors.packed_vector(a), vectors.packed_vector(b), target)
            assert entry == min(left[j] + right[target - j] for j in range(target + 1))


def test_a_vector_out_of_bounds_has_no_packed_form() -> None:
    assert vectors._pack((-1,) * 10) == -1
    assert vectors._pack(vectors._FRESH) >= 0
    assert vectors._unpack(vectors._pack(vectors._FRESH)) == vectors._FRESH
