"""Where `score()`'s clock goes beside riichienv: the cost of the result's shape alone (issue 22).

In one process, interleaved rounds, best of ``--rounds``, each round's list of results freed inside
its timing (as `bench_native.py` does), on the 2,000 dev hands (../shared/conformance, read in place):

- riichienv's compiled ``HandEvaluator(...).calc(...)`` (inputs prepared, one object per call);
- ``riichi_cli.score(mapping)``, results kept; and results dropped at once;
- "shape only": the same result trees (docs/output.md: about 15 dicts and 4 lists a win) made by
  copying the kept results level by level with C-level ``dict.copy``/list displays: no reading, no
  scoring, the numbers and strings shared. Its time is a floor for any `score()` that returns that
  output as plain dicts and lists: allocating the containers, the garbage collector's passes they
  cause (each counts towards a gen-0 collection; the lists and the dicts that hold containers are
  walked), and freeing them.

Then the same with the collector switched off in this process only (``gc.disable()``: to split its
share; the library never changes gc settings). Run with the interpreter of a venv where riichi is
installed compiled, from anywhere:

    V/bin/python bench/bench_shape.py [--rounds 7]
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(1, str(HERE))

import majiang  # noqa: E402
from bench_native import riichienv_inputs, score_sides  # noqa: E402


def shape_copies(results: list[dict]):
    """A function making a fresh copy of every result tree, container by container (values shared)."""

    def copies() -> list[dict]:
        out = []
        for r in results:
            d = r.copy()
            d["yaku"] = [y.copy() for y in r["yaku"]]
            d["fu_breakdown"] = [line.copy() for line in r["fu_breakdown"]]
            points = r["points"].copy()
            if points["tsumo"] is not None:
                points["tsumo"] = points["tsumo"].copy()
            d["points"] = points
            d["payments"] = r["payments"].copy()
            d["warnings"] = []
            reading = r["reading"].copy()
            reading["groups"] = [g.copy() for g in reading["groups"]]
            d["reading"] = reading
            out.append(d)
        return out

    return copies


def best_times(rounds: int, fns: dict) -> dict[str, tuple[float, float]]:
    """Best wall and CPU time of each function over interleaved rounds."""
    best = {name: (float("inf"), float("inf")) for name in fns}
    for _ in range(rounds):
        for name, fn in fns.items():
            wall, cpu = time.perf_counter(), time.process_time()
            fn()
            took = (time.perf_counter() - wall, time.process_time() - cpu)
            best[name] = (min(best[name][0], took[0]), min(best[name][1], took[1]))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds, best kept (default 7)")
    args = parser.parse_args()
    if not majiang.HULE.is_file():
        sys.exit(f"conformance data not found: {majiang.HULE}")
    import riichi_cli

    mappings = [majiang.to_mapping(item) for item in majiang.load()]
    ours, theirs = score_sides(mappings, [riichienv_inputs(m) for m in mappings])
    score = riichi_cli.score

    def dropped() -> None:
        for m in mappings:
            score(m)

    fns = {
        "riichienv calc": theirs,
        "score(), results kept": ours,
        "score(), results dropped": dropped,
        "shape only, kept": shape_copies(ours()),
    }
    on = best_times(args.rounds, fns)
    gc.disable()
    try:
        off = best_times(args.rounds, fns)
    finally:
        gc.enable()
    n, base = len(mappings), on["riichienv calc"][0]
    print(f"{n} hands, best of {args.rounds} interleaved rounds, us a call (ratio: to riichienv, gc on)")
    print(f"{'':26s} {'gc on: wall':>12s} {'CPU':>8s} {'ratio':>7s}   {'gc off: wall':>12s} {'ratio':>7s}")
    for name in fns:
        (w, c), (w_off, _) = on[name], off[name]
        line = f"{name:26s} {w / n * 1e6:12.2f} {c / n * 1e6:8.2f} {w / base:6.2f}x"
        print(f"{line}   {w_off / n * 1e6:12.2f} {w_off / base:6.2f}x")


if __name__ == "__main__":
    main()
