"""Issue 23, point 8: replay shows game titles and file names the way batch does (control characters
as escapes, Rich markup literal, a non-UTF-8 byte as ``\\xff``), and so does "cannot write PATH"."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = (ROOT / "examples" / "logs" / "double-riichi.json").read_text(encoding="utf-8")
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}


def riichi(*args: str, env: dict | None = None) -> tuple[int, bytes, bytes]:
    p = subprocess.run([sys.executable, "-m", "riichi_cli", *args], capture_output=True, timeout=60,
                       env={**ENV, **(env or {})})  # fmt: skip
    return p.returncode, p.stdout, p.stderr


def test_replay_table_shows_a_hostile_ref_literally(tmp_path):
    log = json.loads(EXAMPLE)
    log["ref"] = "\x1b]0;owned\x07[bold red]game[/]"
    (tmp_path / "g.json").write_text(json.dumps(log), encoding="utf-8")
    code, out, err = riichi("replay", str(tmp_path / "g.json"))
    text = out.decode()
    assert b"\x1b" not in out and b"\x07" not in out, text
    assert "\\x1b]0;owned\\x07[bold red]game[/]" in text


def test_replay_table_shows_a_hostile_file_name_literally(tmp_path):
    name = "a\x1b[2J[red]y.json"  # no "/": it is a file name
    (tmp_path / name).write_text(EXAMPLE, encoding="utf-8")
    code, out, err = riichi("replay", str(tmp_path))
    assert b"\x1b" not in out and "a\\x1b[2J[red]y" in out.decode()


def test_a_non_utf8_file_name_is_escaped_in_replay_jsonl(tmp_path):
    (tmp_path / os.fsdecode(b"g\xff.json")).write_text(EXAMPLE, encoding="utf-8")
    (tmp_path / os.fsdecode(b"bad\xfe.json")).write_text("{not json", encoding="utf-8")
    for env in ({"PYTHONIOENCODING": "utf-8"}, {"LC_ALL": "C"}, {}):
        code, out, err = riichi("replay", str(tmp_path), "--format", "jsonl", env=env)
        out.decode("utf-8")  # strict: raised on the raw 0xff byte before issue 23
        records = [json.loads(line) for line in out.splitlines()]
        sources = {d["source"].rsplit("/", 1)[1] for d in records}
        assert sources == {"g\\xff.json", "bad\\xfe.json"}, sources
        assert any(d["game"] == "g\\xff" for d in records)


def test_cannot_write_shows_the_path_escaped(tmp_path):
    for name in ("no\x1b[31mdir/x.svg", os.fsdecode(b"no\xffdir/x.svg")):
        code, out, err = riichi("score", "234567m2278p456s9p", "--svg", str(tmp_path / name))
        assert code == 2 and b"\x1b" not in err and b"\xff" not in err
        assert err.decode().startswith("riichi: cannot write ") and err.count(b"\n") == 1


def test_a_lone_surrogate_in_an_id_is_shown_escaped_in_the_batch_table(tmp_path):
    # JSON text may spell a lone surrogate ("\ud800"); no encoding can print it, so the table shows
    # the escape, where it once stopped with an internal error.
    f = tmp_path / "hands.jsonl"
    f.write_text('{"id": "\\ud800x", "hand": "123456s234m55p789s", "win": "ron", "from": "W"}\n')
    code, out, err = riichi("batch", str(f))
    assert (code, err) == (0, b"")
    assert b"\\ud800x" in out and b"3900" in out
