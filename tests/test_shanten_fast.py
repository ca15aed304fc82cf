"""The pruned, incremental accepts / discard_table / winning_tiles against brute force.

The fast paths try only some draws one by one (and decide the "isolated" ones together), and reuse
the vectors of the parts a discard leaves alone. The references below try every tile and recompute
every hand through the public :func:`shanten` and :func:`is_complete`.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from riichi_cli.analysis.acceptance import accepts, discard_table
from riichi_cli.analysis.shanten import is_complete, shanten, standard_shanten
from riichi_cli.core.decompose import winning_tiles

SHANTEN_DEV = Path(__file__).resolve().parents[1].parent / "shared" / "conformance" / "shanten-dev.json"


def best(counts: list[int], melds: int) -> int:
    return shanten(counts, melds).best


def brute_accepts(counts: list[int], melds: int) -> list[int]:
    now = best(counts, melds)
    out = []
    for t in range(34):
        if counts[t] < 4:
            after = list(counts)
            after[t] += 1
            if best(after, melds) < now:
                out.append(t)
    return out


def brute_discard_table(counts: list[int], melds: int) -> list[tuple[int, int, list[int]]]:
    rows = []
    for t in range(34):
        if counts[t]:
            after = list(counts)
            after[t] -= 1
            rows.append((t, best(after, melds), brute_accepts(after, melds)))
    rows.sort(key=lambda row: (row[1], -len(row[2]), row[0]))
    return rows


def brute_winning_tiles(counts: list[int], melds: int) -> list[int]:
    out = []
    for t in range(34):
        after = list(counts)
        after[t] += 1
        if is_complete(after, melds):
            out.append(t)
    return out


def isolated(counts: list[int], t: int) -> bool:
    """Not held, and (in a suit) nothing held within two: the draws the fast path never tries."""
    if counts[t]:
        return False
    if t >= 27:
        return True
    lo = t - t % 9
    return not any(counts[max(lo, t - 2) : min(lo + 9, t + 3)])


def random_hands(seed: int, count: int) -> list[tuple[list[int], int]]:
    """Hands of every size (melds 0..4), half drawn from a few kinds only, so quads are common."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        melds = rng.randint(0, 4)
        size = 3 * (4 - melds) + rng.choice((1, 2))
        kinds = list(range(34)) if rng.random() < 0.5 else rng.sample(range(34), rng.randint(1, 6))
        wall = [t for t in kinds for _ in range(4)]
        if len(wall) < size:
            continue
        counts = [0] * 34
        for t in rng.sample(wall, size):
            counts[t] += 1
        out.append((counts, melds))
    return out


RANDOM = random_hands(20260, 600)


def check(counts: list[int], melds: int) -> None:
    if sum(counts) % 3 == 2:
        assert discard_table(counts, melds) == brute_discard_table(counts, melds), (counts, melds)
    else:
        assert accepts(counts, melds) == brute_accepts(counts, melds), (counts, melds)
        assert winning_tiles(counts) == brute_winning_tiles(counts, melds), (counts, melds)


@pytest.mark.parametrize("start", range(0, len(RANDOM), 100))
def test_random_hands_match_brute_force(start: int) -> None:
    for counts, melds in RANDOM[start : start + 100]:
        check(counts, melds)


def test_random_hands_exercise_isolated_draws() -> None:
    """Some random hands accept isolated tiles through the standard shape, so that path is tested."""
    hits = 0
    for counts, melds in RANDOM:
        if sum(counts) % 3 != 1:
            continue
        now = standard_shanten(counts, melds)
        t = next(t for t in range(34) if isolated(counts, t))
        after = list(counts)
        after[t] += 1
        hits += standard_shanten(after, melds) < now
    assert hits >= 5


def test_isolated_draws_can_help() -> None:
    """1111z with three melds: any other tile X gives 1111z X, which drops a 1z and waits on X."""
    counts = [0] * 34
    counts[27] = 4
    assert accepts(counts, 3) == [t for t in range(34) if t != 27]
    assert accepts(counts, 3) == brute_accepts(counts, 3)


@pytest.mark.skipif(not SHANTEN_DEV.exists(), reason="conformance data not available")
def test_dev_hands_match_brute_force() -> None:
    items = json.loads(SHANTEN_DEV.read_text())
    for item in items[::50]:  # 200 of the 10,000
        counts = [0] * 34
        for tile in item["q"]:
            counts["mpsz".index(tile[0]) * 9 + (int(tile[1:]) or 5) - 1] += 1
        check(counts, 0)
        last = max(t for t in range(34) if counts[t])
        counts[last] -= 1
        check(counts, 0)
