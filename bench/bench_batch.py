"""Time `riichi batch FILE --format jsonl` as a whole process on the 2,000 dev hands in ONE YAML file.

The hands (../shared/conformance/hule-dev.json, read in place) are converted to docs/input.md mappings and
written as one YAML file (a `hands:` list) into a temporary directory, which is deleted afterwards:
nothing is written into the repository. Each `--jobs` value is run N times (best kept); the time is
the whole process: interpreter start, imports, YAML parsing, scoring and JSON output.

    .venv/bin/python bench/bench_batch.py [--rounds 3] [--jobs 1,2]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import majiang  # noqa: E402


def riichi_command() -> list[str]:
    """The `riichi` executable beside this interpreter, else `python -m riichi_cli`."""
    exe = Path(sys.executable).parent / ("riichi.exe" if sys.platform == "win32" else "riichi")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "riichi_cli"]


def run_batch(path: Path, jobs: int) -> tuple[float, subprocess.CompletedProcess]:
    cmd = riichi_command() + ["batch", str(path), "--format", "jsonl", "--jobs", str(jobs)]
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    return time.perf_counter() - start, proc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs per --jobs value, best kept (default 3)")
    parser.add_argument("--jobs", default="1,2", help="comma-separated --jobs values (default 1,2)")
    args = parser.parse_args()
    if not majiang.HULE.is_file():
        sys.exit(f"conformance data not found: {majiang.HULE}")
    items = majiang.load()
    mappings = [majiang.to_mapping(item) for item in items]
    expected = [item["out"]["defen"] for item in items]
    n = len(mappings)
    print(f"command: {' '.join(riichi_command())} batch FILE --format jsonl --jobs N")
    with tempfile.TemporaryDirectory(prefix="riichi-bench-") as tmp:
        path = Path(tmp) / "hule-dev.yaml"
        with path.open("w", encoding="utf-8") as f:
            yaml.safe_dump({"hands": mappings}, f, allow_unicode=True, sort_keys=False)
        size = path.stat().st_size / 1024
        print(f"{n} hands in one YAML file ({size:.0f} KiB), best of {args.rounds} runs")
        for jobs in (int(j) for j in args.jobs.split(",")):
            best, proc = min((run_batch(path, jobs) for _ in range(args.rounds)), key=lambda r: r[0])
            lines = [line for line in proc.stdout.splitlines() if line.strip()]
            try:
                results = [json.loads(line) for line in lines]
            except json.JSONDecodeError as err:
                results = []
                print(f"  output is not JSON lines ({err}); stderr: {proc.stderr.strip()[:500]}")
            good = sum(r.get("ok") and r["points"]["total"] == e for r, e in zip(results, expected))
            status = "" if proc.returncode == 0 else f"  exit {proc.returncode}: {proc.stderr.strip()[:500]}"
            print(
                f"--jobs {jobs}: {best:6.3f} s  {n / best:8.0f} hands/s  "
                f"({len(results)} objects, {good} match the reference points){status}"
            )


if __name__ == "__main__":
    main()
