"""`riichi replay`'s table off a terminal is written without Rich (issue 19, point 8: a pipe need not
import Rich): it must read exactly as Rich's own table does, on every log of ../shared/logs and the
shipped examples, at every width the table fits in, and for odd text (wide characters, control
characters, blanks at the end of a name or a message)."""

from __future__ import annotations

import io
from itertools import groupby
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

import riichi_cli
from riichi_cli.cli import main
from riichi_cli.cli.render.console import PIPE_WIDTH
from riichi_cli.cli.render.replay import plain_game, print_game, print_summary

ROOT = Path(__file__).resolve().parents[1]
LOGS = ROOT.parent / "shared" / "logs"
EXAMPLES = ROOT / "examples" / "logs"


def games(path: Path) -> list[list[dict]]:
    """The replay objects of every file under ``path``, a list per file (as the table view prints them)."""
    objs = riichi_cli.replay(str(path))
    return [list(group) for _, group in groupby(objs, key=lambda d: d["source"])]


def through_rich(objs: list[dict], width: int) -> str:
    """The game as Rich's table prints it on a terminal ``width`` columns wide, without colour, the
    blanks Rich pads each line with taken off (as riichi does off a terminal)."""
    buf = io.StringIO()
    out = Console(file=buf, width=width, force_terminal=True, color_system=None, highlight=False)
    print_game(objs, out)
    return "".join(line.rstrip(" ") + "\n" for line in buf.getvalue().split("\n")[:-1])


def check_same(objs: list[dict]) -> None:
    plain = plain_game(objs)
    widest = max(len(line) for line in plain.split("\n"))
    for width in (PIPE_WIDTH, 1000, 200, widest):
        if width >= widest:  # narrower, Rich wraps cells: a terminal's view, never a pipe's
            assert plain == through_rich(objs, width), (objs[0]["source"], width)


@pytest.mark.skipif(not LOGS.is_dir(), reason=f"the shared game logs are not at {LOGS}")
def test_the_plain_table_is_richs_on_every_shared_log():
    found = games(LOGS)
    assert len(found) > 60
    for objs in found:
        check_same(objs)


def test_the_plain_table_is_richs_on_the_examples():
    found = games(EXAMPLES)
    assert len(found) == 2
    for objs in found:
        check_same(objs)


def odd(d: dict, **changes: object) -> dict:
    return {**d, **changes}


def test_odd_text_reads_the_same():
    objs = games(EXAMPLES / "tenhou.mjlog")[0]
    win = next(d for d in objs if d["kind"] == "win")
    wide = [
        # a wide-character name with blanks at its end: Rich counts two cells a character
        odd(win, game="東風戦 ", kyoku="東1"),
        # a control character and a message ending in blanks
        odd(win, kyoku="E\x1b1", agree=False, differences=["han: recorded 3, computed 2  "]),
        {**objs[-1], "kind": "error", "error": {"code": "incomplete", "message": "cut\u2028 here  "}},
    ]
    for case in ([*objs, *wide], wide, wide[1:], objs[:1]):
        check_same(case)
    lines = plain_game(wide).split("\n")
    assert lines[0] == "東風戦"  # the blanks at the end go, as off a terminal before
    assert lines[2].startswith("東1-")


def test_the_summary_reads_the_same(capsys):
    stats = {"games": 3, "complete": 2, "incomplete": 1, "unreadable": 1, "round_ends": 1, "wins": 1,
             "draws": 0, "agreements": 0, "errors": 1, "differences": 1}  # fmt: skip
    buf = io.StringIO()
    print_summary(stats, Console(file=buf, width=PIPE_WIDTH, color_system=None, highlight=False))
    print_summary(stats)  # captured: not a terminal, so written without Rich
    assert capsys.readouterr().out == buf.getvalue()
    said = "3 games (1 incomplete), 1 unreadable file, 1 round end: "
    said += "1 win, 0 draws; 0 agree, 1 differs, 1 error"
    assert buf.getvalue() == said + "\n"


@pytest.mark.parametrize("env", [{"TTY_COMPATIBLE": "0"}, {"FORCE_COLOR": ""}])
def test_the_command_reads_the_same_through_rich(env):
    """With TTY_COMPATIBLE=0 or an empty FORCE_COLOR riichi leaves the pipe to Rich's console (which
    reads them): the same bytes."""
    path = str(LOGS if LOGS.is_dir() else EXAMPLES)
    runner = CliRunner()
    plain = runner.invoke(main, ["replay", path])
    rich = runner.invoke(main, ["replay", path], env=env)
    assert plain.exit_code == rich.exit_code and plain.output == rich.output
    assert plain.output.count("\n") > (20 if LOGS.is_dir() else 3)  # the examples are two short games
