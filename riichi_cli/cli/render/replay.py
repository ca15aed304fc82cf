"""The Rich view of `riichi replay`: one table per game, a line per round end, then the summary."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

SEAT_LETTERS = "0123"


def value_of(v: dict | None) -> str:
    """``3h40 5200``, ``yakuman 32000``, ``+1500 -1500 0 0`` for a draw."""
    if v is None:
        return "-"
    if v["points"] is None:
        return " ".join(f"{d:+d}" if d else "0" for d in v["deltas"])
    if v["yakuman"]:
        head = "yakuman" if v["yakuman"] == 1 else f"{v['yakuman']}x yakuman"
    else:
        head = f"{v['han']}h" + (f"{v['fu']}" if v["fu"] is not None else "")
    return f"{head} {v['points']}"


def how_text(d: dict) -> str:
    """``P2 ron P0``, ``P1 tsumo``, ``ryuukyoku`` (the wall ran out) or the abortive draw's reason."""
    if d["kind"] == "draw":
        return "ryuukyoku" if d["draw"] == "exhaustive" else d["draw"]
    if d["from"] is None:
        return f"P{d['seat']} tsumo"
    return f"P{d['seat']} ron P{d['from']}"


def game_table(game: str, objs: list[dict]) -> Table:
    """One line per round end: round, who won how, recorded, computed, a mark, the scores after;
    the differences follow the table, one line each (han h fu: ``3h40`` is 3 han 40 fu)."""
    table = Table(title=game, title_justify="left", box=None, header_style="bold", pad_edge=False)
    for col, justify in (("round", "left"), ("result", "left"), ("recorded", "right"),
                         ("computed", "right"), ("", "left"), ("scores after", "right")):  # fmt: skip
        table.add_column(col, justify=justify, no_wrap=True)
    for d in objs:
        label = f"{d.get('kyoku') or '?'}-{d.get('honba', 0)}" if d.get("round") is not None else "file"
        if d["kind"] == "error":
            code, message = (Text(d["error"][k], style="red") for k in ("code", "message"))
            table.add_row(label, code, message, "", Text("!", style="red"), "")
            continue
        mark = Text("ok", style="green") if d["agree"] else Text("DIFF", style="bold red")
        shown = value_of(d["computed"])
        if d["kind"] == "draw" and d["agree"]:
            shown = "same"  # a draw's value is its deltas: no need to print them twice
        computed = Text(shown, style="" if d["agree"] else "red")
        scores = " ".join(str(s) for s in d.get("scores") or [])
        table.add_row(label, how_text(d), value_of(d["recorded"]), computed, mark, scores)
    return table


def difference_lines(objs: list[dict]) -> list[Text]:
    """``E2-2 P0 ron P2: deltas: recorded [...], computed [...]`` for each difference."""
    return [Text(f"{d['kyoku']}-{d['honba']} {how_text(d)}: {diff}", style="red")
            for d in objs if d["kind"] != "error" for diff in d["differences"]]  # fmt: skip


def summary_text(stats: dict) -> Text:
    text = Text.assemble(
        (f"{stats['games']} games", "bold"), f", {stats['rounds']} round ends: {stats['wins']} wins, ",
        f"{stats['draws']} draws; ", (f"{stats['agreements']} agree", "green"), ", ",
        (f"{stats['differences']} differ", "red" if stats["differences"] else ""), ", ",
        (f"{stats['errors']} errors", "red" if stats["errors"] else ""),
    )  # fmt: skip
    return text
