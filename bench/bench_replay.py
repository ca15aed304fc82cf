"""Time `riichi replay` over every log in ../shared/logs (read in place): games/s and wins/s.

Three ways, each the best of N runs: the whole `riichi replay LOGS --format jsonl` process with
`--jobs 1` and `--jobs 2` (and the table view, its CPU against jsonl's), and the same command with
`--scheduler` on a Dask LocalCluster of two worker processes started here (skipped when dask is not
installed). The process time includes interpreter start and imports; the in-process lines time
`riichi_cli.replay` alone, on one core (all the logs, then the mjlog ones alone).
Each line gives wall-clock time and CPU time (user + system of this process or of the child and its
workers): on a shared machine the CPU time is the steadier measure of the work done. The whole-process
runs take turns (one of each per round), so a load that comes and goes weighs on them alike, and the
line "two busy processes" says how free the second core was: `--jobs 2` can only gain when it is.
``--repeat N`` gives the logs folder N times to the whole-process runs (a corpus N times larger, the
same games): start-up (interpreter, imports, worker processes) then weighs less against the work, as
on a real corpus of thousands of games.

    .venv/bin/python bench/bench_replay.py [--rounds 3] [--jobs 1,2] [--repeat 1] [--no-dask]
"""

from __future__ import annotations

import argparse
import itertools
import json
import logging
import resource
import subprocess
import sys
import time
from pathlib import Path

from bench_batch import parallel_headroom  # this folder is on sys.path when run as a script

ROOT = Path(__file__).resolve().parents[1]
LOGS = ROOT.parent / "shared" / "logs"


def riichi_command() -> list[str]:
    """The `riichi` executable beside this interpreter, else `python -m riichi_cli`."""
    exe = Path(sys.executable).parent / ("riichi.exe" if sys.platform == "win32" else "riichi")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "riichi_cli"]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmds: list[list[str]], rounds: int) -> list[tuple[float, float, str]]:
    """(best wall seconds, best CPU seconds, stdout) of each command, the commands taking turns."""
    best = [(float("inf"), float("inf"), "")] * len(cmds)
    for _ in range(rounds):
        for i, cmd in enumerate(cmds):
            start, start_cpu = time.perf_counter(), children_cpu()
            proc = subprocess.run(cmd, capture_output=True, text=True)
            wall, cpu = time.perf_counter() - start, children_cpu() - start_cpu
            best[i] = (min(best[i][0], wall), min(best[i][1], cpu), proc.stdout)
    return best


def in_process(path: Path, rounds: int) -> None:
    """`riichi_cli.replay` of ``path`` in this process, the best of ``rounds`` runs."""
    import riichi_cli

    best, cpu = float("inf"), float("inf")
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        objs = riichi_cli.replay(str(path))
        best, cpu = min(best, time.perf_counter() - start), min(cpu, time.process_time() - start_cpu)
    games, wins = len({d["source"] for d in objs}), sum(d["kind"] == "win" for d in objs)
    print(f"{games} logs, {wins} wins, {len(objs)} round-end objects in {path}")
    report("in-process (one core)", best, cpu, games, wins)


def counts(jsonl: str) -> tuple[int, int]:
    """(games, wins) of jsonl output: a game is a run of objects of one file (a folder given twice is
    read twice)."""
    objs = [json.loads(line) for line in jsonl.splitlines()]
    return sum(1 for _ in itertools.groupby(d["source"] for d in objs)), sum(d["kind"] == "win" for d in objs)


def report(label: str, seconds: float, cpu: float | None, games: int, wins: int) -> None:
    line = f"{label:<27} wall {seconds:6.3f} s {games / seconds:7.1f} games/s {wins / seconds:7.1f} wins/s"
    if cpu:
        line += f" | cpu {cpu:6.3f} s {games / cpu:7.1f} games/s {wins / cpu:7.1f} wins/s"
    print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs per way, best kept (default 3)")
    parser.add_argument("--jobs", default="1,2", help="comma-separated --jobs values (default 1,2)")
    parser.add_argument("--repeat", type=int, default=1, help="the logs N times in the whole-process runs")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask LocalCluster run")
    args = parser.parse_args()
    if not LOGS.is_dir():
        sys.exit(f"game logs not found: {LOGS}")
    in_process(LOGS, args.rounds)
    in_process(LOGS / "mjlog", args.rounds)
    print(f"two busy processes side by side take {parallel_headroom():.2f}x one alone "
          "(1 on two idle cores, 2 with one core left)")  # fmt: skip
    corpus = [str(LOGS)] * args.repeat
    base = riichi_command() + ["replay", *corpus, "--format", "jsonl"]
    jobs = [int(j) for j in args.jobs.split(",")]
    table = riichi_command() + ["replay", *corpus, "--jobs", "1"]
    runs = timed([base + ["--jobs", str(j)] for j in jobs] + [table], args.rounds)
    for j, (seconds, cpu, out) in zip(jobs, runs):
        report(f"riichi replay --jobs {j}", seconds, cpu, *counts(out))
    games, wins = counts(runs[0][2])
    seconds, cpu, _ = runs[-1]
    report("riichi replay (table view)", seconds, cpu, games, wins)
    print(f"table view / jsonl, CPU of the whole process: {cpu / runs[0][1]:.2f}x")
    print(f"two busy processes side by side take {parallel_headroom():.2f}x one alone (after)")
    if args.no_dask:
        return
    try:
        from dask.distributed import LocalCluster
    except ImportError:
        print("dask not installed: pip install 'riichi-cli[dask]' for the --scheduler run")
        return
    quiet = {"silence_logs": logging.CRITICAL}  # no heartbeat noise when the cluster shuts down
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, **quiet
    ) as cluster:
        seconds, _, out = timed([base + ["--scheduler", cluster.scheduler_address]], args.rounds)[0]
        report("riichi replay --scheduler", seconds, None, *counts(out))  # the workers' CPU is not ours


if __name__ == "__main__":
    main()
