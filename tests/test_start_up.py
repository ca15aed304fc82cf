"""Issue 22: `riichi batch` starts without the modules it does not need. Importing typing was about 3 ms
of the 80 a batch of 8,000 hands takes (core/hints.py); click, yaml and multiprocessing were checked
before (cli/quick.py, files/loader.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GOOD = {"hand": "234567m2278p456s9p", "win": "ron", "from": "E", "seat_wind": "S"}
BAD = {"hand": "234567m2278p456s9", "win": "ron"}  # a refusal writes an error object

# Runs the batch as the `riichi` script does (its wrapper imports re), then lists what was loaded.
CHILD = """
import os, re, sys
sys.argv = ["riichi", "batch", *sys.argv[1:]]
from riichi_cli.cli import quick
def _exit(code):
    sys.stdout.flush()
    print(json.dumps(sorted(sys.modules)), file=sys.stderr)
    os._exit(code)
import json
quick._exit = _exit
from riichi_cli.cli import run
run()
"""


def _loaded(tmp_path: Path, suffix: str, *args: str) -> tuple[set[str], str]:
    path = tmp_path / f"hands{suffix}"
    if suffix == ".jsonl":
        path.write_text("".join(json.dumps(m) + "\n" for m in (GOOD, BAD, GOOD)))
    else:
        import yaml

        path.write_text(yaml.safe_dump({"hands": [dict(GOOD), BAD, dict(GOOD)]}))  # copies: no aliases
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, str(path), *args], capture_output=True, text=True, env=env, timeout=120
    )
    assert proc.returncode == 1, proc.stderr[-2000:]  # one refused hand
    return set(json.loads(proc.stderr.strip().splitlines()[-1])), proc.stdout


@pytest.mark.parametrize("suffix", [".yaml", ".jsonl"])
@pytest.mark.parametrize(
    "options", [("--format", "jsonl"), ("--format", "json"), ("--format", "jsonl", "-j", "2")]
)
def test_a_batch_loads_no_typing_contextlib_click_yaml_or_pool(tmp_path, suffix, options):
    loaded, out = _loaded(tmp_path, suffix, *options)
    assert out.count('"ok": true') == 2 and out.count('"ok": false') == 1
    unwanted = {"typing", "mypy_extensions", "contextlib", "click", "yaml", "multiprocessing", "rich"}
    assert not loaded & unwanted, sorted(loaded & unwanted)
    assert "riichi_cli.io.result_text" in loaded  # (the batch did run)
