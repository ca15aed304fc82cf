"""Time `riichi replay` over every log in ../shared/logs (read in place): games/s and wins/s.

Three ways, each the best of N runs: the whole `riichi replay LOGS --format jsonl` process with
`--jobs 1` and `--jobs 2` (and the table view, its CPU against jsonl's), and the same command with
`--scheduler` on a Dask LocalCluster of two worker processes started here (skipped when dask is not
installed). The process time includes interpreter start and imports; the in-process line times
`riichi_cli.replay` alone, on one core.
Each line gives wall-clock time and CPU time (user + system of this process or of the child and its
workers): on a shared machine the CPU time is the steadier measure of the work done.

    .venv/bin/python bench/bench_replay.py [--rounds 3] [--jobs 1,2] [--no-dask]
"""

from __future__ import annotations

import argparse
import json
import logging
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOGS = ROOT.parent / "shared" / "logs"


def riichi_command() -> list[str]:
    """The `riichi` executable beside this interpreter, else `python -m riichi_cli`."""
    exe = Path(sys.executable).parent / ("riichi.exe" if sys.platform == "win32" else "riichi")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "riichi_cli"]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd: list[str], rounds: int) -> tuple[float, float, str]:
    """(best wall seconds, best CPU seconds, stdout) of running ``cmd``."""
    best, cpu, out = float("inf"), float("inf"), ""
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), children_cpu()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        best = min(best, time.perf_counter() - start)
        cpu = min(cpu, children_cpu() - start_cpu)
        out = proc.stdout
    return best, cpu, out


def counts(jsonl: str) -> tuple[int, int]:
    objs = [json.loads(line) for line in jsonl.splitlines()]
    return len({d["source"] for d in objs}), sum(d["kind"] == "win" for d in objs)


def report(label: str, seconds: float, cpu: float | None, games: int, wins: int) -> None:
    line = f"{label:<27} wall {seconds:6.3f} s {games / seconds:7.1f} games/s {wins / seconds:7.1f} wins/s"
    if cpu:
        line += f" | cpu {cpu:6.3f} s {games / cpu:7.1f} games/s {wins / cpu:7.1f} wins/s"
    print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs per way, best kept (default 3)")
    parser.add_argument("--jobs", default="1,2", help="comma-separated --jobs values (default 1,2)")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask LocalCluster run")
    args = parser.parse_args()
    if not LOGS.is_dir():
        sys.exit(f"game logs not found: {LOGS}")
    import riichi_cli

    best, cpu = float("inf"), float("inf")
    for _ in range(args.rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        objs = riichi_cli.replay(str(LOGS))
        best, cpu = min(best, time.perf_counter() - start), min(cpu, time.process_time() - start_cpu)
    games, wins = len({d["source"] for d in objs}), sum(d["kind"] == "win" for d in objs)
    print(f"{games} logs, {wins} wins, {len(objs)} round-end objects in {LOGS}")
    report("in-process (one core)", best, cpu, games, wins)
    base = riichi_command() + ["replay", str(LOGS), "--format", "jsonl"]
    jsonl_cpu = 0.0
    for jobs in (int(j) for j in args.jobs.split(",")):
        seconds, cpu, out = timed(base + ["--jobs", str(jobs)], args.rounds)
        report(f"riichi replay --jobs {jobs}", seconds, cpu, *counts(out))
        jsonl_cpu = jsonl_cpu or cpu
    table = riichi_command() + ["replay", str(LOGS), "--jobs", "1"]
    seconds, cpu, _ = timed(table, args.rounds)
    report("riichi replay (table view)", seconds, cpu, games, wins)
    print(f"table view / jsonl, CPU of the whole process: {cpu / jsonl_cpu:.2f}x")
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
        seconds, _, out = timed(base + ["--scheduler", cluster.scheduler_address], args.rounds)
        report("riichi replay --scheduler", seconds, None, *counts(out))  # the workers' CPU is not ours


if __name__ == "__main__":
    main()
