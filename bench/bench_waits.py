"""Whole-process timings of `riichi shanten -` and `riichi waits` (issue 3, "Speed").

1. `riichi shanten -` over the 10,000 dev hands of ../shared/conformance/shanten-dev.json, written to a
   temporary file in hand notation first, stdin from that file and stdout to /dev/null.
2. `riichi waits 1112345678999m` (nine waits, each scored by ron and by tsumo), as a table and as --json.

Each is the best of N runs of the whole process, startup included. Run from the repo root:
``.venv/bin/python bench/bench_waits.py [--repeats N]``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "conformance" / "shanten-dev.json"
CHINITSU = "1112345678999m"


def riichi_command() -> list[str]:
    """The installed `riichi` script beside this Python, else ``python -m riichi_cli``."""
    script = Path(sys.executable).with_name("riichi")
    return [str(script)] if script.exists() else [sys.executable, "-m", "riichi_cli"]


def dev_notation(q: list[str]) -> str:
    """``["m3", "m5", "z1"]`` (suit letter first) as ``35m1z``."""
    return "".join("".join(t[1:] for t in q if t[0] == s) + s for s in "mpsz" if any(t[0] == s for t in q))


def best_of(repeats: int, args: list[str], stdin_path: Path | None = None) -> float:
    """Fastest wall time of ``repeats`` runs; a failing run stops the bench (exit 1 = a bad line)."""
    times = []
    for _ in range(repeats):
        with open(stdin_path or "/dev/null", "rb") as stdin:
            start = time.perf_counter()
            proc = subprocess.run(args, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            times.append(time.perf_counter() - start)
        if proc.returncode != 0:
            sys.exit(f"bench_waits: {' '.join(args)} exited {proc.returncode}: {proc.stderr.decode()[:500]}")
    return min(times)


def bench_shanten_stdin(repeats: int) -> None:
    if not DATA.exists():
        print(f"shanten -: skipped, conformance data not found at {DATA}")
        return
    hands = [dev_notation(item["q"]) for item in json.loads(DATA.read_text())]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.txt"
        path.write_text("".join(h + "\n" for h in hands))
        secs = best_of(repeats, [*riichi_command(), "shanten", "-"], path)
    print(
        f"riichi shanten - < {len(hands)} dev hands (14 tiles, every discard ranked): "
        f"{secs:.2f} s, {len(hands) / secs:,.0f} hands/s (best of {repeats})"
    )


def bench_waits(repeats: int) -> None:
    for extra in ([], ["--json"]):
        args = [*riichi_command(), "waits", CHINITSU, *extra]
        secs = best_of(repeats, args)
        print(
            f"riichi waits {CHINITSU} {' '.join(extra)}".rstrip()
            + f": {secs * 1000:.0f} ms (best of {repeats})"
        )
    secs = best_of(repeats, [*riichi_command(), "--version"])
    print(f"riichi --version (startup alone): {secs * 1000:.0f} ms (best of {repeats})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="runs of `shanten -` (waits runs 10x that)")
    ns = parser.parse_args()
    bench_waits(10 * ns.repeats)
    bench_shanten_stdin(ns.repeats)


if __name__ == "__main__":
    main()
