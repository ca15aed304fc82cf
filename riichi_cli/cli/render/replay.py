"""The view of `riichi replay`: a table per game, a row per round end, then the summary.

A row gives the round (``E2-1``: East 2, one honba), who won how (seats are the log's: P0 deals
first), the value the log recorded and the one riichi computed (``3h40 5200``: 3 han 40 fu, 5200
points; a draw shows the seats' changes), a mark, and the scores once the round is paid. Each
difference follows its game's table on its own line, whole.

Off a terminal the same text is written without Rich (`plain_game`): Rich is imported only for a
terminal, where the table is fitted to its width.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from .numbers import num, plural, signed
from .pipe import cell_widths, piped
from .safe import plain

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text


def value_of(v: dict | None) -> str:
    """``3h40 5200``, ``yakuman 32000``, ``-1000 -1000 +3000 -1000`` for a draw."""
    if v is None:
        return "-"
    if v["points"] is None:
        return " ".join(signed(d) for d in v["deltas"])
    if v["yakuman"]:
        head = "yakuman" if v["yakuman"] == 1 else f"{v['yakuman']}x yakuman"
    else:
        head = f"{v['han']}h" + (f"{v['fu']}" if v["fu"] is not None else "")
    return f"{head} {num(v['points'])}"


def how_text(d: dict) -> str:
    """``P2 ron P0``, ``P1 tsumo``, ``ryuukyoku`` (the wall ran out) or the abortive draw's reason."""
    if d["kind"] == "draw":
        return "ryuukyoku" if d["draw"] == "exhaustive" else d["draw"]
    if d["from"] is None:
        return f"P{d['seat']} tsumo"
    return f"P{d['seat']} ron P{d['from']}"


def round_label(d: dict) -> str:
    if d.get("round") is not None:
        return f"{d.get('kyoku') or '?'}-{d.get('honba') or 0}"
    return "game" if d.get("kind") == "error" and d["error"]["code"] == "incomplete" else "file"


def cells(d: dict) -> list[tuple[str, str | None]]:
    """The cells of one round end as (text, style), the style None for a cell Rich gets as a plain
    string (an error: its code; the message follows the table)."""
    if d["kind"] == "error":
        red = (d["error"]["code"], "red")
        return [(round_label(d), None), red, ("", None), ("", None), ("!", "red"), ("", None)]
    shown = value_of(d["computed"])
    if d["kind"] == "draw" and d["agree"]:
        shown = "same"  # a draw's value is its deltas: no need to print them twice
    mark = ("ok", "green") if d["agree"] else ("DIFF", "bold red")
    scores = " ".join(num(s) for s in d.get("scores") or [])
    computed = (shown, "" if d["agree"] else "red")
    return [(round_label(d), None), (how_text(d), None), (value_of(d["recorded"]), None), computed, mark,
            (scores, None)]  # fmt: skip


def row(d: dict) -> list[str | Text]:
    """The cells of one round end for a Rich table."""
    from rich.text import Text

    return [text if style is None else Text(text, style=style) for text, style in cells(d)]


COLUMNS = ("round", "result", ("recorded", "right"), ("computed", "right"), "", ("scores after", "right"))


def print_game(objs: list[dict], out: Console | None = None) -> None:
    """One game's table, then its differences, one per line."""
    if not objs:
        return
    if out is None and piped():  # a pipe or a file: plain text, without Rich (long logs, short runs)
        sys.stdout.write(plain_game(objs))
        return
    from rich.text import Text

    from .console import console, fit_columns, new_table

    out = out or console()
    if not out.is_terminal:
        out.file.write(plain_game(objs))
        return
    table = new_table(*COLUMNS, title=Text(game_title(objs)))
    for d in objs:
        table.add_row(*row(d))
    out.print(fit_columns(table, out, first=("recorded", "computed")))
    for note in notes(objs):
        out.print(Text(note, style="red"), soft_wrap=True)


def game_title(objs: list[dict]) -> str:
    return plain(objs[0].get("game") or objs[0]["source"])  # a file name or a log's ref: no markup


def notes(objs: list[dict]) -> list[str]:
    """The lines that follow a game's table: ``E2-0 P1 ron P2: han 3 against 2``."""
    return [plain(f"{round_label(d)} {head}: {line}") for d in objs for head, line in notes_of(d)]


def notes_of(d: dict) -> list[tuple[str, str]]:
    """What follows the table for a round end: each difference, or an error's message."""
    if d["kind"] == "error":
        return [(d["error"]["code"], d["error"]["message"])]
    return [(how_text(d), diff) for diff in d.get("differences") or []]


def plain_game(objs: list[dict]) -> str:
    """A game's table and notes as Rich prints them off a terminal (no box, two spaces between
    columns, numbers to the right, no blanks at the end of a line), written directly: Rich measures
    every cell, which a log of thousands of rounds pays dearly for."""
    rows = [[text for text, _ in cells(d)] for d in objs]
    heads = [c if isinstance(c, str) else c[0] for c in COLUMNS]
    right = [not isinstance(c, str) for c in COLUMNS]
    flat = [x for r in [heads, *rows] for x in r]
    sizes = cell_widths(flat)
    n = len(heads)
    widths = [max(sizes[i::n]) for i in range(n)]
    lines = [game_title(objs)]
    for k, r in enumerate([heads, *rows]):
        padded = [(" " * (w - size) + x) if r_ else (x + " " * (w - size))
                  for x, w, size, r_ in zip(r, widths, sizes[k * n : k * n + n], right)]  # fmt: skip
        lines.append("  ".join(padded))
    lines += notes(objs)
    return "".join(line.rstrip(" ") + "\n" for line in lines)


def print_summary(stats: dict, out: Console | None = None) -> None:
    """``3 games (1 incomplete), 1 unreadable file, 40 round ends: 30 wins, 10 draws; 39 agree, 1 differs,
    1 error``: games and refused files counted apart."""
    parts = summary_parts(stats)
    if out is None and piped():
        sys.stdout.write("".join(text for text, _ in parts).rstrip(" ") + "\n")
        sys.stdout.flush()  # as Rich does after each print: stderr lines that follow stay after it
        return
    from rich.text import Text

    from .console import console

    (out or console()).print(Text.assemble(*parts))


def summary_parts(stats: dict) -> list[tuple[str, str]]:
    """The summary line as (text, style) parts."""
    games = plural(stats["games"], "game")
    if stats.get("incomplete"):
        games += f" ({stats['incomplete']} incomplete)"
    refused = f", {plural(stats['unreadable'], 'unreadable file')}" if stats.get("unreadable") else ""
    differ = stats["differences"]
    return [
        (games, "bold"), (refused, "red"), (f", {plural(stats['round_ends'], 'round end')}: ", ""),
        (f"{plural(stats['wins'], 'win')}, {plural(stats['draws'], 'draw')}; ", ""),
        (f"{stats['agreements']} agree", "green"), (", ", ""),
        (f"{differ} differ{'s' if differ == 1 else ''}", "red" if differ else ""), (", ", ""),
        (plural(stats["errors"], "error"), "red" if stats["errors"] else ""),
    ]  # fmt: skip
