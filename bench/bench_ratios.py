"""The ratios of issue 10, measured side by side in one run (ratios, not absolute times, are the goals).

1. in process: `riichi_cli.score(mapping)` vs mahjong 2.1.0's bare `estimate_hand_value` on the
   2,000 dev hands (goal: 3.5x or more);
2. whole processes on ONE YAML file of 10,000 hands (the dev hands five times): `riichi batch FILE
   --format jsonl --jobs 1` and `--jobs 2` vs a process that imports riichi_cli, reads the same
   mappings from a JSON file and calls `riichi_cli.score` on each (goal: batch at least half as fast);
3. whole processes over the 10,000 shanten dev hands: `riichi shanten -` (the 14-tile hands) and
   `riichi waits -` (the same hands less their last tile in sorted order: 13 tiles); with
   ``--against VENV`` the same commands of another installation run in the same rounds, and the
   speed-up is printed (goal: 3x or more against the code before issue 10);
4. in process: `standard_shanten` of the 14-tile dev hands, warm caches (goal: 500k hands/s or more).

Data is read in place from ../shared/conformance; temporary files go to the system temp directory.
Run with the interpreter of a venv where riichi is installed compiled (``pip install '.[test]'``):

    .venv/bin/python bench/bench_ratios.py [--rounds 3] [--only score,batch,lines,shanten]
        [--against /tmp/old-venv]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(1, str(HERE))

import majiang  # noqa: E402

SHANTEN_DEV = majiang.CONFORMANCE / "shanten-dev.json"
REPEAT = 5  # the 2,000 dev hands five times: 10,000 hands in the batch file


def best_of(rounds: int, fn: Callable[[], object]) -> float:
    """Fastest wall time of ``rounds`` calls of ``fn``."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def riichi_command(venv: Path | None = None) -> list[str]:
    """The `riichi` script of a venv (default: beside this interpreter), else ``python -m riichi_cli``."""
    python = Path(sys.executable) if venv is None else venv / "bin" / "python"
    script = python.with_name("riichi")
    return [str(script)] if script.exists() else [str(python), "-m", "riichi_cli"]


def children_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_process(args: list[str], stdin: Path | None = None, cpu: list[float] | None = None) -> float:
    """Wall time of one whole process, stdout discarded; a failing run stops the bench.

    Its CPU time is appended to ``cpu``: on a shared machine it varies less than the wall time.
    """
    with open(stdin or "/dev/null", "rb") as feed:
        before = children_cpu()
        start = time.perf_counter()
        proc = subprocess.run(args, stdin=feed, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        seconds = time.perf_counter() - start
    if cpu is not None:
        cpu.append(children_cpu() - before)
    if proc.returncode not in (0, 1):  # 1: some line refused (waits on a hand that is not 13 tiles)
        sys.exit(f"bench_ratios: {' '.join(args)} exited {proc.returncode}: {proc.stderr.decode()[:500]}")
    return seconds


def compiled_note() -> str:
    from riichi_cli.analysis import shanten
    from riichi_cli.core import scoring

    kinds = {"core": scoring.__file__, "analysis": shanten.__file__}
    return ", ".join(f"{k} {'pure Python' if f.endswith('.py') else 'compiled'}" for k, f in kinds.items())


# -- 1. score vs mahjong -----------------------------------------------------------------------


def bench_score(rounds: int) -> None:
    from bench_score import interleaved, library_inputs
    from mahjong.hand_calculating.hand import HandCalculator

    import riichi_cli

    items = majiang.load()
    mappings = [majiang.to_mapping(item) for item in items]
    inputs = [library_inputs(m) for m in mappings]
    score, estimate = riichi_cli.score, HandCalculator.estimate_hand_value
    ok = sum(score(m)["points"]["total"] == it["out"]["defen"] for m, it in zip(mappings, items))
    for kw in inputs:  # warm both sides alike
        estimate(**kw)
    # Interleaved rounds (as bench_score.py): a machine busy for a while slows both alike.
    ours, theirs = interleaved(
        rounds, lambda: [score(m) for m in mappings], lambda: [estimate(**kw) for kw in inputs]
    )
    n = len(mappings)
    print(f"1. score: {n} dev hands in process, best of {rounds} ({ok}/{n} agree with the reference)")
    print(f"   riichi_cli.score(mapping)         {n / ours:9,.0f} hands/s")
    print(f"   mahjong estimate_hand_value       {n / theirs:9,.0f} hands/s")
    print(f"   ratio riichi / mahjong            {theirs / ours:9.2f}x   (goal 3.5x)")


# -- 2. batch vs score in one process -----------------------------------------------------------

_SCORE_ALL = """\
import json, sys, riichi_cli
score = riichi_cli.score
with open(sys.argv[1], encoding="utf-8") as f:
    mappings = json.load(f)
out = sys.stdout.write
for m in mappings:
    out(json.dumps(score(m), ensure_ascii=False) + "\\n")
"""


def bench_batch(rounds: int) -> None:
    import yaml
    from bench_score import interleaved

    items = majiang.load()
    # Distinct objects: a repeated one would be written as a YAML anchor and aliases, which no real
    # hand file has (and which sends the file to the full loader).
    mappings = [majiang.to_mapping(item) for _ in range(REPEAT) for item in items]
    n = len(mappings)
    with tempfile.TemporaryDirectory(prefix="riichi-bench-") as tmp:
        yaml_path, json_path = Path(tmp) / "hands.yaml", Path(tmp) / "hands.json"
        with yaml_path.open("w", encoding="utf-8") as f:
            yaml.safe_dump({"hands": mappings}, f, allow_unicode=True, sort_keys=False)
        json_path.write_text(json.dumps(mappings), encoding="utf-8")
        script = Path(tmp) / "score_all.py"
        script.write_text(_SCORE_ALL, encoding="utf-8")
        commands = [[sys.executable, str(script), str(json_path)]] + [
            [*riichi_command(), "batch", str(yaml_path), "--format", "jsonl", "--jobs", str(jobs)]
            for jobs in (1, 2)
        ]
        # Interleaved rounds (as bench_score.py): a machine busy for a while slows all three alike.
        baseline, *times = interleaved(rounds, *[lambda args=args: run_process(args) for args in commands])
        batch = dict(zip((1, 2), times))
    print(f"2. batch: {n} hands in one YAML file, whole processes, best of {rounds}")
    print(f"   python: json.load + riichi_cli.score each   {n / baseline:8,.0f} hands/s  ({baseline:.2f} s)")
    for jobs, secs in batch.items():
        print(
            f"   riichi batch --jobs {jobs}                     {n / secs:8,.0f} hands/s  ({secs:.2f} s)"
            f"  ratio to score {baseline / secs:.2f}   (goal 0.5)"
        )
    print(f"   --jobs 2 / --jobs 1 speed                   {batch[1] / batch[2]:8.2f}x   (goal above 1)")


# -- 3. shanten - and waits - -------------------------------------------------------------------


def dev_counts() -> list[list[int]]:
    """The 14-tile shanten dev hands as 34 counts."""
    hands = []
    for item in json.loads(SHANTEN_DEV.read_text()):
        counts = [0] * 34
        for tile in item["q"]:
            counts["mpsz".index(tile[0]) * 9 + (int(tile[1:]) or 5) - 1] += 1
        hands.append(counts)
    return hands


def notation(counts: list[int]) -> str:
    return "".join(
        "".join(str(t % 9 + 1) * counts[t] for t in range(9 * s, min(9 * s + 9, 34))) + "mpsz"[s]
        for s in range(4)
        if any(counts[9 * s : 9 * s + 9])
    )


def drop_last(counts: list[int]) -> list[int]:
    """The 13-tile hand left by dropping the highest tile held."""
    last = max(t for t, c in enumerate(counts) if c)
    return counts[:last] + [counts[last] - 1] + counts[last + 1 :]


def bench_lines(rounds: int, against: Path | None) -> None:
    hands = dev_counts()
    commands = {"this": riichi_command()}
    if against is not None:
        commands["against"] = riichi_command(against)
    times: dict[tuple[str, str], list[float]] = {}
    cpus: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="riichi-bench-") as tmp:
        files = {"shanten": Path(tmp) / "fourteen.txt", "waits": Path(tmp) / "thirteen.txt"}
        files["shanten"].write_text("".join(notation(c) + "\n" for c in hands))
        files["waits"].write_text("".join(notation(drop_last(c)) + "\n" for c in hands))
        for _ in range(rounds):  # alternate the installations so load changes hit both alike
            for cmd in ("shanten", "waits"):
                for who, base in commands.items():
                    cpu = cpus.setdefault((cmd, who), [])
                    secs = run_process([*base, cmd, "-"], files[cmd], cpu)
                    times.setdefault((cmd, who), []).append(secs)
    print(f"3. whole processes over the {len(hands)} shanten dev hands, best of {rounds}")
    for cmd, what in (("shanten", "14 tiles"), ("waits", "13 tiles")):
        this, this_cpu = min(times[cmd, "this"]), min(cpus[cmd, "this"])
        print(
            f"   riichi {cmd} - ({what})   {this:6.2f} s  {len(hands) / this:8,.0f} hands/s"
            f"  (cpu {this_cpu:.2f} s)"
        )
        if against is not None:
            other, other_cpu = min(times[cmd, "against"]), min(cpus[cmd, "against"])
            print(
                f"     against {other:6.2f} s (cpu {other_cpu:.2f} s): {other / this:.2f}x faster"
                f" by wall time, {other_cpu / this_cpu:.2f}x by cpu time (goal 3x)"
            )


# -- 4. standard shanten in process -------------------------------------------------------------


def bench_shanten(rounds: int) -> None:
    from riichi_cli.analysis.shanten import standard_shanten

    hands = [tuple(c) for c in dev_counts()]
    cold = best_of(1, lambda: [standard_shanten(c) for c in hands])
    warm = best_of(max(rounds, 5), lambda: [standard_shanten(c) for c in hands])
    n = len(hands)
    print(f"4. standard_shanten of the {n} 14-tile dev hands in process")
    print(f"   first pass (cold caches) {n / cold:10,.0f} hands/s")
    print(f"   warm, best of {max(rounds, 5)}          {n / warm:10,.0f} hands/s   (goal 500,000)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds, the best is kept (default 3)")
    parser.add_argument("--only", default="score,batch,lines,shanten", help="which parts to run")
    parser.add_argument("--against", type=Path, default=None, help="another venv for part 3")
    ns = parser.parse_args()
    if not majiang.HULE.is_file() or not SHANTEN_DEV.is_file():
        sys.exit(f"bench_ratios: conformance data not found in {majiang.CONFORMANCE}")
    print(f"riichi_cli: {compiled_note()}; Python {sys.version.split()[0]}")
    parts = {"score": bench_score, "batch": bench_batch, "shanten": bench_shanten}
    for part in ns.only.split(","):
        if part == "lines":
            bench_lines(ns.rounds, ns.against)
        else:
            parts[part](ns.rounds)


if __name__ == "__main__":
    main()
