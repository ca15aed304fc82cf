"""Run riichi as a real process with its output on a pseudo-terminal (for colour, NO_COLOR, widths)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: What would make a terminal look otherwise to Rich: the tests set what they need themselves.
TERMINAL_KEYS = (
    "NO_COLOR",
    "FORCE_COLOR",
    "TTY_COMPATIBLE",
    "TTY_INTERACTIVE",
    "COLUMNS",
    "LINES",
    "RIICHI_TILES",
)


def on_terminal(args: list[str], env: dict, stderr: bool = False) -> bytes:
    """What `riichi ARGS` writes to a pseudo-terminal on stdout (and stderr with ``stderr``)."""
    pty = pytest.importorskip("pty")
    master, slave = pty.openpty()
    base = {k: v for k, v in os.environ.items() if k not in TERMINAL_KEYS}
    proc = subprocess.Popen(
        [sys.executable, "-m", "riichi_cli", *args],
        stdout=slave, stderr=slave if stderr else subprocess.DEVNULL, stdin=subprocess.DEVNULL,
        env={**base, "TERM": "xterm-256color", **env}, cwd=ROOT,
    )  # fmt: skip
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    proc.wait(timeout=120)
    return out
