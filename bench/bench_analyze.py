"""Time `riichi analyze`'s engine on the 40 reference hands (read in place from ../shared/analysis).

For each setting (hand changes on, off) and shanten (0-3): the median CPU time of
`riichi_cli.analysis.expected.analyze_problem` per hand, the median of the C++ library's times carried
in the reference lines (``cpu_ms``), and their ratio; then the peak memory the engine allocates on one
hand (tracemalloc, a second pass) and the process's peak resident size.

Run it with an installed (compiled) package, from outside the source tree, e.g.
``/work/venv-analyze/bin/python bench/bench_analyze.py`` from /tmp with the path spelled out;
``--setting on --shanten 2`` picks a part, ``--repeat N`` times each hand N times (the best kept).

Not timed: importing the engine, which decodes its precomputed suit table once per process (the
C++ library loads its tables at start-up too); the first line says what that import cost. Every
memo the engine fills while it runs (shanten products, neighbour lists) is timed, in the order run.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_IMPORT_START = time.process_time()
try:  # the installed (compiled) package; the source tree, pure Python, only when none is installed
    from riichi_cli.analysis import expected_graph
except ImportError:
    sys.path.insert(0, str(ROOT))
    from riichi_cli.analysis import expected_graph
from riichi_cli.analysis.expected import Problem, analyze_problem  # noqa: E402

_IMPORT_MS = (time.process_time() - _IMPORT_START) * 1000

sys.path.insert(0, str(ROOT / "tests"))  # the reference lines are read as the test reads them
from analysis_reference import FOLDER, problem_of, reference_lines  # noqa: E402


def lines(setting: str, shanten: int | None) -> list[dict]:
    found = reference_lines(setting)
    if not found:
        sys.exit(f"bench_analyze: reference results not found in {FOLDER}")
    return [line for line in found if shanten is None or line["shanten"] == shanten]


def cpu_ms(problem: Problem, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        analyze_problem(problem)
        best = min(best, time.process_time() - start)
    return best * 1000


def peak_mb(problem: Problem) -> float:
    tracemalloc.start()
    analyze_problem(problem)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1e6


def calibration_ns() -> float:
    """CPU time of one iteration of a plain Python loop: on a shared machine the load slows every
    process (cache, hyperthreads), and this says how much, beside the ratios."""
    start = time.process_time()
    total = 0
    for i in range(2_000_000):
        total += i
    return (time.process_time() - start) / 2_000_000 * 1e9


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setting", choices=("on", "off"), action="append")
    parser.add_argument("--shanten", type=int)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--no-memory", action="store_true", help="skip the tracemalloc pass")
    args = parser.parse_args()
    compiled = expected_graph.__file__.endswith((".so", ".pyd"))
    print(f"engine: {'compiled' if compiled else 'pure Python'} ({expected_graph.__file__})")
    print(f"engine import, suit table decoded (once per process, not timed): {_IMPORT_MS:.0f} ms of CPU")
    load = os.getloadavg()[0]
    print(f"machine: load {load:.1f}, a plain Python loop iteration {calibration_ns():.0f} ns of CPU")
    print("setting shanten hands  median_ms  cpp_median_ms  ratio  worst_ratio  peak_mb")
    for setting in args.setting or ["off", "on"]:
        for shanten in [args.shanten] if args.shanten is not None else [0, 1, 2, 3]:
            found = lines(setting, shanten)
            ours = [cpu_ms(problem_of(line), args.repeat) for line in found]
            theirs = [line["cpu_ms"] for line in found]
            worst = max(a / b for a, b in zip(ours, theirs))
            peak = 0.0 if args.no_memory else max(peak_mb(problem_of(line)) for line in found)
            mine, cpp = statistics.median(ours), statistics.median(theirs)
            print(
                f"{setting:7} {shanten:7} {len(found):5}  {mine:9.3f}  {cpp:13.3f}  {mine / cpp:5.2f}"
                f"  {worst:11.2f}  {peak:7.2f}",
                flush=True,
            )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"process peak resident size: {rss:.0f} MB")


if __name__ == "__main__":
    main()
