"""Issue 22: a batch writing into a pipe widens it, so that a group of records does not wait on the
reader for every 64 KiB; what is written stays the same bytes."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from riichi_cli.cli.streams import PIPE_BYTES, widen_pipe, write_json_texts

ROOT = Path(__file__).resolve().parents[1]
fcntl = pytest.importorskip("fcntl")
if not hasattr(fcntl, "F_GETPIPE_SZ"):
    pytest.skip("this system cannot size a pipe (F_SETPIPE_SZ is Linux's)", allow_module_level=True)


def _max_pipe() -> int:
    try:
        return int(Path("/proc/sys/fs/pipe-max-size").read_text())
    except (OSError, ValueError):
        return 0


needs_room = pytest.mark.skipif(_max_pipe() < PIPE_BYTES, reason="pipe-max-size below 1 MiB here")


@needs_room
def test_a_pipe_is_widened_and_a_wide_one_left_alone():
    r, w = os.pipe()
    try:
        with open(w, "w", closefd=False) as out:
            assert fcntl.fcntl(w, fcntl.F_GETPIPE_SZ) < PIPE_BYTES
            widen_pipe(out)
            assert fcntl.fcntl(r, fcntl.F_GETPIPE_SZ) == PIPE_BYTES  # one pipe: both ends see it
            widen_pipe(out)  # already as wide: nothing to do, nothing raised
            assert fcntl.fcntl(w, fcntl.F_GETPIPE_SZ) == PIPE_BYTES
    finally:
        os.close(r)
        os.close(w)


def test_what_is_no_pipe_is_left_alone(tmp_path):
    with open(tmp_path / "out.jsonl", "w") as f:
        widen_pipe(f)  # a regular file
    widen_pipe(io.StringIO())  # no file descriptor at all
    widen_pipe(object())  # not even a stream


def _batch_into(stdout) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "riichi_cli", "batch", str(ROOT / "sample_hands"), "--format", "jsonl"]
    return subprocess.Popen(cmd, stdout=stdout, stderr=subprocess.PIPE, env=env)


@needs_room
def test_a_batch_widens_the_pipe_it_writes_to_and_writes_the_same_bytes(tmp_path):
    with open(tmp_path / "out.jsonl", "wb") as f:
        proc = _batch_into(f)
        proc.communicate(timeout=120)
    as_file = (tmp_path / "out.jsonl").read_bytes()
    r, w = os.pipe()
    proc = _batch_into(w)
    os.close(w)
    with open(r, "rb", closefd=False) as reader:
        through_pipe = reader.read()
    proc.communicate(timeout=120)
    try:
        assert fcntl.fcntl(r, fcntl.F_GETPIPE_SZ) == PIPE_BYTES
    finally:
        os.close(r)
    assert proc.returncode in (0, 1)  # (sample_hands holds refused hands on purpose)
    assert through_pipe == as_file
    assert as_file.count(b"\n") > 10


@pytest.mark.parametrize("texts", [[], ["{}"], ['{"a": 1}', '{"b": "\u4e2d"}', "[]"]])
def test_json_lines_and_a_json_document_are_written_as_before(texts):
    lines, document = io.StringIO(), io.StringIO()
    write_json_texts(texts, lines, "", "\n", "\n")
    write_json_texts(texts, document, '{"results": [', ", ", "")
    assert lines.getvalue() == "\n".join(texts) + "\n"
    assert document.getvalue() == '{"results": [' + ", ".join(texts)
