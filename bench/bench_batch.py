"""Time `riichi batch FILE --format jsonl` as a whole process against `riichi_cli.score()` in one process.

The 2,000 dev hands (../shared/conformance/hule-dev.json, read in place) are converted to docs/input.md
mappings, repeated to `--hands` (default 10,000) and written as one YAML file (a `hands:` list) into a
temporary directory, deleted afterwards: nothing is written into the repository. Measured, best of
`--rounds`, each in a fresh process of this interpreter's `riichi`:

- `score`: a child process builds the mappings, then times ``[riichi_cli.score(m) for m in mappings]``
  (only the loop: the in-process speed a Python caller gets);
- `batch --jobs N`: the whole process `riichi batch FILE --format jsonl --jobs N` (interpreter start,
  imports, reading and parsing the YAML, scoring, JSON output).

It prints wall-clock and CPU seconds (the CPU time of the process and its workers: on a shared machine it
varies less), and the ratios of issue 10: batch speed / score speed (goal: at least 0.5) and
jobs 1 time / jobs 2 time (goal: above 1, i.e. --jobs 2 faster). Every run's output is checked against
the reference points, and the outputs of every --jobs value must be byte-identical.

    .venv/bin/python bench/bench_batch.py [--rounds 3] [--jobs 1,2] [--hands 10000]
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import majiang  # noqa: E402

# The child that times score(): it prints its wall and CPU time of the loop, and whether the core is compiled.
SCORE_CHILD = """
import json, sys, time
import riichi_cli
from riichi_cli.core import scoring
mappings = json.load(open(sys.argv[1], encoding="utf-8"))
wall, cpu = time.perf_counter(), time.process_time()
out = [riichi_cli.score(m) for m in mappings]
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
totals = [r["ok"] and r["points"]["total"] for r in out]
print(json.dumps([wall, cpu, not scoring.__file__.endswith(".py"), totals]))
"""


def riichi_command() -> list[str]:
    """The `riichi` executable beside this interpreter, else `python -m riichi_cli`."""
    exe = Path(sys.executable).parent / ("riichi.exe" if sys.platform == "win32" else "riichi")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "riichi_cli"]


def timed(cmd: list[str]) -> tuple[float, float, subprocess.CompletedProcess]:
    """Wall and CPU seconds of a child process (its own workers included), its output as text.

    The output is read as bytes and decoded after the clock stops: decoding the 9 MB a batch of 8,000
    hands writes (text mode's newline pass included) took this process about 20 ms after the child had
    exited, and that time was counted as the batch's."""
    before = os.times()
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True)
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    proc.stdout, proc.stderr = proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8", "replace")
    return wall, cpu, proc


def burn(n: int) -> int:
    total = 0
    for i in range(n):
        total += i
    return total


def parallel_headroom() -> float:
    """How many times longer two CPU-bound processes take side by side than one alone: about 1 on two
    idle cores, about 2 when other work leaves one core (then --jobs 2 cannot be faster)."""
    import multiprocessing

    n = 5_000_000
    start = time.perf_counter()
    burn(n)
    one = time.perf_counter() - start
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        pool.map(burn, [1000, 1000])  # started before timing
        start = time.perf_counter()
        pool.map(burn, [n, n], chunksize=1)
        return (time.perf_counter() - start) / one


def best(runs: list[tuple]) -> tuple:
    """The run with the least wall time, with the least CPU time seen in any run."""
    top = min(runs, key=lambda r: r[0])
    return (top[0], min(r[1] for r in runs), *top[2:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs of each measure, best kept (default 3)")
    parser.add_argument("--jobs", default="1,2", help="comma-separated --jobs values (default 1,2)")
    parser.add_argument("--hands", type=int, default=10_000, help="hands in the file (default 10,000)")
    args = parser.parse_args()
    if not majiang.HULE.is_file():
        sys.exit(f"conformance data not found: {majiang.HULE}")
    items = majiang.load()
    n = args.hands
    mappings = [copy.deepcopy(majiang.to_mapping(items[i % len(items)])) for i in range(n)]
    expected = [items[i % len(items)]["out"]["defen"] for i in range(n)]
    with tempfile.TemporaryDirectory(prefix="riichi-bench-") as tmp:
        path, as_json = Path(tmp) / "hands.yaml", Path(tmp) / "hands.json"
        with path.open("w", encoding="utf-8") as f:
            yaml.safe_dump({"hands": mappings}, f, allow_unicode=True, sort_keys=False)
        as_json.write_text(json.dumps(mappings), encoding="utf-8")
        size = path.stat().st_size / 1024
        print(f"{n} hands in one YAML file ({size:.0f} KiB), best of {args.rounds} runs")

        runs = []
        for _ in range(args.rounds):
            child = [sys.executable, "-c", SCORE_CHILD, str(as_json)]
            proc = subprocess.run(child, capture_output=True, text=True)
            if proc.returncode:
                sys.exit(f"score child failed: {proc.stderr.strip()[-800:]}")
            wall, cpu, compiled, totals = json.loads(proc.stdout)
            runs.append((wall, cpu))
        score_wall, score_cpu = best(runs)
        good = sum(t == e for t, e in zip(totals, expected))
        core = "compiled with mypyc" if compiled else "PURE PYTHON (not the measure of issue 10)"
        print(f"riichi_cli core: {core}")
        print(f"score() in process: {score_wall:6.3f} s wall {score_cpu:6.3f} s CPU  "
              f"{n / score_wall:8.0f} hands/s  ({good} match the reference points)")  # fmt: skip

        print(f"command: {' '.join(riichi_command())} batch FILE --format jsonl --jobs N")
        times, outputs = {}, {}
        for jobs in (int(j) for j in args.jobs.split(",")):
            cmd = riichi_command() + ["batch", str(path), "--format", "jsonl", "--jobs", str(jobs)]
            wall, cpu, proc = best([timed(cmd) for _ in range(args.rounds)])
            times[jobs], outputs[jobs] = (wall, cpu), proc.stdout
            lines = [line for line in proc.stdout.splitlines() if line.strip()]
            try:
                results = [json.loads(line) for line in lines]
            except json.JSONDecodeError as err:
                results = []
                print(f"  output is not JSON lines ({err}); stderr: {proc.stderr.strip()[:500]}")
            good = sum(bool(r.get("ok")) and r["points"]["total"] == e for r, e in zip(results, expected))
            status = "" if proc.returncode == 0 else f"  exit {proc.returncode}: {proc.stderr.strip()[:500]}"
            print(f"batch --jobs {jobs}: {wall:6.3f} s wall {cpu:6.3f} s CPU  {n / wall:8.0f} hands/s  "
                  f"({len(results)} objects, {good} match the reference points){status}")  # fmt: skip

        if len(set(outputs.values())) > 1:
            print("OUTPUTS DIFFER between --jobs values")
        print("ratios (wall):")
        for jobs, (wall, _) in times.items():
            print(f"  batch --jobs {jobs} speed / score() speed: {score_wall / wall:5.2f}  (goal >= 0.5)")
        if 1 in times and 2 in times:
            print(f"  --jobs 1 time / --jobs 2 time: {times[1][0] / times[2][0]:5.2f}  (goal > 1)")
            print(f"  (two busy processes side by side take {parallel_headroom():.2f}x one alone: about 1 on "
                  "two idle cores; near 2 only one core is free and --jobs 2 cannot win)")  # fmt: skip


if __name__ == "__main__":
    main()
