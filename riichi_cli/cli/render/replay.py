"""The view of `riichi replay`: a table per game, a row per round end, then the summary.

A row gives the round (``E2-1``: East 2, one honba), who won how (seats are the log's: P0 deals
first), the value the log recorded and the one riichi computed (``3h40 5200``: 3 han 40 fu, 5200
points; a draw shows the seats' changes), a mark, and the scores once the round is paid. Each
difference follows its game's table on its own line, whole.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from .console import console, fit_columns, new_table
from .numbers import num, plural, signed
from .safe import plain


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


def row(d: dict) -> list[str | Text]:
    """The cells of one round end (an error: its code; the message follows the table)."""
    if d["kind"] == "error":
        return [round_label(d), Text(d["error"]["code"], style="red"), "", "", Text("!", style="red"), ""]
    shown = value_of(d["computed"])
    if d["kind"] == "draw" and d["agree"]:
        shown = "same"  # a draw's value is its deltas: no need to print them twice
    mark = Text("ok", style="green") if d["agree"] else Text("DIFF", style="bold red")
    scores = " ".join(num(s) for s in d.get("scores") or [])
    computed = Text(shown, style="" if d["agree"] else "red")
    return [round_label(d), how_text(d), value_of(d["recorded"]), computed, mark, scores]


COLUMNS = ("round", "result", ("recorded", "right"), ("computed", "right"), "", ("scores after", "right"))


def print_game(objs: list[dict], out: Console | None = None) -> None:
    """One game's table, then its differences, one per line."""
    if not objs:
        return
    out = out or console()
    title = plain(objs[0].get("game") or objs[0]["source"])  # a file name or a log's ref: no markup
    notes = [
        Text(plain(f"{round_label(d)} {head}: {line}"), style="red")
        for d in objs
        for head, line in notes_of(d)
    ]
    if not out.is_terminal:  # a pipe or a file: the same text without Rich's measuring (long logs)
        out.file.write(plain_table(title, [row(d) for d in objs]))
        out.file.write("".join(n.plain + "\n" for n in notes))
        return
    table = new_table(*COLUMNS, title=Text(title))
    for d in objs:
        table.add_row(*row(d))
    out.print(fit_columns(table, out, first=("recorded", "computed")))
    for note in notes:
        out.print(note, soft_wrap=True)


def notes_of(d: dict) -> list[tuple[str, str]]:
    """What follows the table for a round end: each difference, or an error's message."""
    if d["kind"] == "error":
        return [(d["error"]["code"], d["error"]["message"])]
    return [(how_text(d), diff) for diff in d.get("differences") or []]


def plain_table(title: str, rows: list[list[str | Text]]) -> str:
    """The table as Rich prints it off a terminal (no box, two spaces between columns, numbers to the
    right, no trailing blanks), written directly: Rich measures every cell, which a log of thousands
    of rounds pays dearly for."""
    cells = [[c.plain if isinstance(c, Text) else c for c in r] for r in rows]
    heads = [c if isinstance(c, str) else c[0] for c in COLUMNS]
    right = [not isinstance(c, str) for c in COLUMNS]
    widths = [max(cell_len(x) for x in col) for col in zip(heads, *cells)]
    lines = [title]
    for r in [heads, *cells]:
        padded = [(" " * (w - cell_len(x)) + x) if r_ else (x + " " * (w - cell_len(x)))
                  for x, w, r_ in zip(r, widths, right)]  # fmt: skip
        lines.append("  ".join(padded).rstrip(" "))
    return "\n".join(lines) + "\n"


def print_summary(stats: dict, out: Console | None = None) -> None:
    """``3 games (1 incomplete), 1 unreadable file, 40 round ends: 30 wins, 10 draws; 39 agree, 1 differs,
    1 error``: games and refused files counted apart."""
    games = plural(stats["games"], "game")
    if stats.get("incomplete"):
        games += f" ({stats['incomplete']} incomplete)"
    refused = f", {plural(stats['unreadable'], 'unreadable file')}" if stats.get("unreadable") else ""
    differ = stats["differences"]
    (out or console()).print(Text.assemble(
        (games, "bold"), (refused, "red"), f", {plural(stats['round_ends'], 'round end')}: ",
        f"{plural(stats['wins'], 'win')}, {plural(stats['draws'], 'draw')}; ",
        (f"{stats['agreements']} agree", "green"), ", ",
        (f"{differ} differ{'s' if differ == 1 else ''}", "red" if differ else ""), ", ",
        (plural(stats["errors"], "error"), "red" if stats["errors"] else ""),
    ))  # fmt: skip
