"""Time riichi_cli.analysis.shanten on the 10,000 conformance hands (read in place from ../shared).

Run from the repo root: ``.venv/bin/python bench/bench_shanten.py``.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "conformance" / "shanten-dev.json"
REPEATS = 5

try:  # the installed (compiled) package; the source tree, pure Python, only when none is installed
    from riichi_cli.analysis.acceptance import accepts, discard_table
    from riichi_cli.analysis.shanten import shanten, standard_shanten
except ImportError:
    sys.path.insert(0, str(ROOT))
    from riichi_cli.analysis.acceptance import accepts, discard_table
    from riichi_cli.analysis.shanten import shanten, standard_shanten


def load() -> list[tuple[int, ...]]:
    if not DATA.exists():
        sys.exit(f"bench_shanten: conformance data not found at {DATA}")
    hands = []
    for item in json.loads(DATA.read_text()):
        counts = [0] * 34
        for tile in item["q"]:
            counts["mpsz".index(tile[0]) * 9 + (int(tile[1:]) or 5) - 1] += 1
        hands.append(tuple(counts))
    return hands


def drop_last(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The 13-tile hand left by dropping the highest-numbered tile (the last in sorted order)."""
    last = max(t for t, c in enumerate(counts) if c)
    return counts[:last] + (counts[last] - 1,) + counts[last + 1 :]


def run(
    label: str,
    fn: Callable[[tuple[int, ...]], object],
    hands: list[tuple[int, ...]],
    repeats: int = REPEATS,
) -> None:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for counts in hands:
            fn(counts)
        times.append(time.perf_counter() - start)
    print(
        f"{label:<18} first pass {len(hands) / times[0]:>10,.0f} hands/s   "
        f"best of {repeats} {len(hands) / min(times):>10,.0f} hands/s   "
        f"(first pass {times[0]:.2f} s)"
    )


def main() -> None:
    hands = load()
    import riichi_cli.analysis.shanten as module

    kind = "pure Python" if module.__file__.endswith(".py") else "compiled"
    print(f"{len(hands)} hands from {DATA.name}; riichi_cli.analysis.shanten {kind}")
    run("standard_shanten", standard_shanten, hands)
    run("shanten (all 3)", shanten, hands)
    thirteen = [drop_last(counts) for counts in hands]
    run("accepts (13)", accepts, thirteen, repeats=3)
    run("discard_table", discard_table, hands, repeats=3)


if __name__ == "__main__":
    main()
