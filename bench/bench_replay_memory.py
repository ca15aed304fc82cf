"""Peak memory of `riichi replay` on one long log: a real mjlog game's rounds repeated N times (written
to a temporary folder, never into the repository), replayed with `--format jsonl` (and the table view)
and `--jobs 1` and `--jobs 2`. Each line gives the input size, the peak resident memory of the largest
process (the riichi process or one of its workers: ``ru_maxrss`` of the waited-for children) and the
round ends per second. Memory should not grow with N nor with `--jobs`.

    .venv/bin/python bench/bench_replay_memory.py [--rounds 1000,4000,16000] [--jobs 1,2]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT.parent / "shared" / "logs" / "mjlog" / "2019021004gm-00a9-0000-e2f6516d.xml"


def riichi_command() -> list[str]:
    exe = Path(sys.executable).parent / "riichi"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "riichi_cli"]


def long_log(n: int) -> str:
    """The game's header, then its rounds over and over until there are ``n``, then the end."""
    text = GAME.read_text(encoding="utf-8")
    first = text.index("<INIT")
    rounds = re.split(r"(?=<INIT)", text[first : text.rindex("</mjloggm>")])[1:]
    body = [rounds[i % len(rounds)] for i in range(n)]
    return text[:first] + "".join(body) + "</mjloggm>"


def peak(cmd: list[str]) -> tuple[float, float, float, int]:
    """(seconds, CPU seconds of the process and its workers, peak MB of the largest process, lines) of
    one run, measured by a small Python parent so that each run's ``ru_maxrss`` is its own."""
    probe = ("import resource,subprocess,sys,time;t=time.perf_counter();"
             "p=subprocess.run(sys.argv[1:],stdout=subprocess.PIPE);"
             "u=resource.getrusage(resource.RUSAGE_CHILDREN);"
             "print(time.perf_counter()-t,u.ru_utime+u.ru_stime,u.ru_maxrss,"
             "p.stdout.count(b'\\n'))")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", probe, *cmd], capture_output=True, text=True, check=True)
    seconds, cpu, kb, lines = out.stdout.split()
    return float(seconds), float(cpu), int(kb) / 1024, int(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", default="1000,4000,16000", help="round counts (default 1000,4000,16000)")
    parser.add_argument("--jobs", default="1,2", help="--jobs values (default 1,2)")
    parser.add_argument("--table", action="store_true", help="also the table view (--jobs 1)")
    args = parser.parse_args()
    if not GAME.is_file():
        sys.exit(f"game log not found: {GAME}")
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(x) for x in args.rounds.split(",")):
            path = os.path.join(tmp, f"long-{n}.mjlog")
            Path(path).write_text(long_log(n), encoding="utf-8")
            size = os.path.getsize(path) / 2**20
            views = [("jsonl", j) for j in (int(x) for x in args.jobs.split(","))]
            views += [("table", 1)] if args.table else []
            for fmt, jobs in views:
                cmd = riichi_command() + ["replay", path, "--format", fmt, "--jobs", str(jobs)]
                seconds, cpu, mb, lines = peak(cmd)
                print(f"{n:6d} rounds {size:6.1f} MB  --format {fmt:<5} --jobs {jobs}: peak {mb:6.1f} MB, "
                      f"wall {seconds:6.2f} s, cpu {cpu:6.2f} s, {n / cpu:6.0f} rounds per CPU-second "
                      f"({lines} lines)")  # fmt: skip


if __name__ == "__main__":
    main()
