"""Shell completion (issue 20, point 6), tested by running the completion function itself: bash
sources the script riichi prints and calls it with COMP_WORDS/COMP_CWORD set as bash would, so
``--rule kuitan=<TAB>`` (which bash splits at ``=``) completes the values, ``kuit<TAB>`` leaves no
space after ``kuitan=``, and file arguments complete as paths."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAUNCH = "import sys; sys.argv[0] = 'riichi'; from riichi_cli.cli import run; run()"


@pytest.fixture(scope="module")
def riichi_on_path(tmp_path_factory) -> dict:
    """An environment whose PATH has a `riichi` that runs this tree."""
    folder = tmp_path_factory.mktemp("bin")
    exe = folder / "riichi"
    exe.write_text(f'#!/bin/sh\nexec {sys.executable} -c "{LAUNCH}" "$@"\n')
    exe.chmod(0o755)
    return {**os.environ, "PATH": f"{folder}:{os.environ['PATH']}", "PYTHONPATH": str(ROOT)}


def bash_complete(env: dict, *words: str) -> tuple[list[str], list[str]]:
    """COMPREPLY for the words (the last is the one being completed), and the compopt calls made."""
    if shutil.which("bash") is None:
        pytest.skip("bash is not installed")
    quoted = " ".join(f"'{w}'" for w in words)
    script = f"""
eval "$(_RIICHI_COMPLETE=bash_source riichi)"
compopt() {{ echo "compopt $*" >&2; }}
COMP_WORDS=({quoted}); COMP_CWORD=$((${{#COMP_WORDS[@]}}-1)); COMPREPLY=()
_riichi_completion riichi
printf '%s\\n' "${{COMPREPLY[@]}}"
"""
    proc = subprocess.run(["bash", "-c", script], capture_output=True, env=env, cwd=ROOT, timeout=60)
    calls = [" ".join(line.split()) for line in proc.stderr.decode().replace("\n", " ").split("compopt")]
    return [w for w in proc.stdout.decode().splitlines() if w], [c for c in calls if c]


def test_bash_completes_a_value_after_the_equals_sign(riichi_on_path):
    # bash's words for `riichi score 1m --rule kuitan=`: ... 'kuitan' '=' (the cursor on '=')
    replies, _ = bash_complete(riichi_on_path, "riichi", "score", "1m", "--rule", "kuitan", "=")
    assert replies == ["=true", "=false"]  # bash replaces the '=' it is on: kuitan=true
    replies, _ = bash_complete(riichi_on_path, "riichi", "score", "1m", "--rule", "kuitan", "=", "tr")
    assert replies == ["true"]
    replies, _ = bash_complete(riichi_on_path, "riichi", "waits", "1m", "--rule", "multiple_ron", "=", "")
    assert set(replies) == {"head_bump", "double", "triple"}


def test_bash_leaves_no_space_after_a_key(riichi_on_path):
    replies, calls = bash_complete(riichi_on_path, "riichi", "score", "1m", "--rule", "kuit")
    assert replies == ["kuitan="]
    assert "-o nospace" in calls


@pytest.mark.parametrize(
    "words",
    [
        ("riichi", "batch", "sample_hands/itt"),
        ("riichi", "replay", "exa"),
        ("riichi", "settle", "sample_hands/set"),
        ("riichi", "score", "--context", "exa"),
        ("riichi", "score", "1m", "--svg", "h"),
    ],
)
def test_bash_completes_file_arguments_as_paths(riichi_on_path, words):
    replies, calls = bash_complete(riichi_on_path, *words)
    assert replies == [] and "-o default" in calls  # bash's own file name completion


def test_bash_completes_commands(riichi_on_path):
    replies, _ = bash_complete(riichi_on_path, "riichi", "sco")
    assert replies == ["score"]


def test_zsh_leaves_no_space_after_a_key(riichi_on_path):
    source = subprocess.run(
        ["riichi"], env={**riichi_on_path, "_RIICHI_COMPLETE": "zsh_source"}, capture_output=True, timeout=60
    ).stdout.decode()
    assert "compadd -S '' -U -V unsorted -- \"$key\"" in source
    words = "riichi score 1m --rule kuitan="
    env = {**riichi_on_path, "_RIICHI_COMPLETE": "zsh_complete", "COMP_WORDS": words, "COMP_CWORD": "4"}
    out = subprocess.run(["riichi"], env=env, capture_output=True, timeout=60).stdout.decode().split("\n")
    assert out[0::3][:2] == ["plain", "plain"] and out[1::3][:2] == ["kuitan=true", "kuitan=false"]
