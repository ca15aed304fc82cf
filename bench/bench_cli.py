"""Whole-process time of `riichi score` against importing its libraries and nothing else.

Runs, best of N each (subprocess, wall clock):
  riichi score 234567m2278p456s9p --riichi --dora 1p            (table output)
  riichi score 234567m2278p456s9p --riichi --dora 1p --json
  python -c "import click, rich.console, rich.table, yaml"       (the baseline)
and prints each ratio to the baseline (the goal: within 1.3x). Every command runs once untimed first.
Bytecode is cached in a temporary PYTHONPYCACHEPREFIX for all of them (deleted afterwards), so a
PYTHONDONTWRITEBYTECODE environment does not time compiling riichi_cli from source on every run,
and nothing is written into the repository. When a ratio is above 1.3, prints the
top offenders of `python -X importtime` for `riichi score`, and the modules it imports that the
baseline does not.

    .venv/bin/python bench/bench_cli.py [--rounds 10] [--top 15]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HAND = ["234567m2278p456s9p", "--riichi", "--dora", "1p"]
BASELINE = "import click, rich.console, rich.table, yaml"
LIMIT = 1.3


def riichi_command() -> list[str]:
    """The `riichi` executable beside this interpreter, else `python -m riichi_cli`."""
    exe = Path(sys.executable).parent / ("riichi.exe" if sys.platform == "win32" else "riichi")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "riichi_cli"]


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV["COLUMNS"] = "100"


def best_of(rounds: int, cmd: list[str]) -> float:
    best = float("inf")
    subprocess.run(cmd, capture_output=True, env=ENV)  # warm the bytecode cache
    for _ in range(rounds):
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, env=ENV)
        elapsed = time.perf_counter() - start
        if proc.returncode != 0:
            sys.exit(f"{' '.join(cmd)} failed with exit {proc.returncode}:\n{proc.stderr.decode()[-2000:]}")
        best = min(best, elapsed)
    return best


def import_times(code_args: list[str]) -> list[tuple[int, int, str]]:
    """(self us, cumulative us, module) of every import made by ``python -X importtime ARGS``."""
    cmd = [sys.executable, "-X", "importtime", *code_args]
    subprocess.run(cmd, capture_output=True, env=ENV)
    proc = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
    rows = []
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, cumulative, name = (part.strip() for part in line[len("import time:") :].split("|"))
        rows.append((int(self_us), int(cumulative), name))
    return rows


def report_imports(top: int) -> None:
    ours = import_times(["-m", "riichi_cli", "score", *HAND])
    base = {name.strip() for _, _, name in import_times(["-c", BASELINE])}
    total = sum(s for s, _, _ in ours)
    print(f"\npython -X importtime -m riichi_cli score {' '.join(HAND)}: {total / 1000:.1f} ms of imports")
    print(f"top {top} by self time (us):")
    for self_us, cumulative, name in sorted(ours, reverse=True)[:top]:
        print(f"  {self_us:8d} self {cumulative:8d} cumulative  {name.strip()}")
    extra = [(s, c, n.strip()) for s, c, n in ours if n.strip() not in base]
    extra_total = sum(s for s, _, _ in extra)
    print(f"modules beyond the baseline: {len(extra)}, {extra_total / 1000:.1f} ms self time; top {top}:")
    for self_us, cumulative, name in sorted(extra, reverse=True)[:top]:
        print(f"  {self_us:8d} self {cumulative:8d} cumulative  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="runs per command, best kept (default 10)")
    parser.add_argument("--top", type=int, default=15, help="import offenders to list (default 15)")
    parser.add_argument("--imports", action="store_true", help="list the import offenders whatever the ratio")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="riichi-pycache-") as cache:
        ENV["PYTHONPYCACHEPREFIX"] = cache
        run(args)


def run(args: argparse.Namespace) -> None:
    riichi = riichi_command()
    runs = [
        ("riichi score (table)", riichi + ["score", *HAND]),
        ("riichi score --json", riichi + ["score", *HAND, "--json"]),
    ]
    baseline = best_of(args.rounds, [sys.executable, "-c", BASELINE])
    print(f"best of {args.rounds} runs, wall clock, Python {sys.version.split()[0]}")
    print(f"{'baseline: python -c ' + repr(BASELINE):58s} {baseline * 1000:7.1f} ms")
    worst = 0.0
    for label, cmd in runs:
        t = best_of(args.rounds, cmd)
        worst = max(worst, t / baseline)
        print(f"{label:58s} {t * 1000:7.1f} ms  {t / baseline:5.2f}x baseline")
    verdict = "within" if worst <= LIMIT else "ABOVE"
    print(f"worst ratio {worst:.2f}x: {verdict} the {LIMIT}x goal")
    if worst > LIMIT or args.imports:
        report_imports(args.top)


if __name__ == "__main__":
    main()
