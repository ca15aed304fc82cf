"""The view of `riichi batch`: one row per hand, then a one-line summary.

The answer (the yaku, or the refusal) is never the part that is cut. When the table fits the
terminal each hand is one row and the answer column wraps at words; on a narrower terminal the
source shows its file's base name (``ittsu.yaml#0``), and narrower still the hand and its answer
go on their own line under the source, the id and the value. Off a terminal the console does
not wrap at all (see `console.console`): a pipe gets every row whole, with the full source path.
"""

from __future__ import annotations

import os

from rich.console import Console, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from .console import column_widths, console, fit_columns, new_table, set_widths
from .numbers import num, plural, short_value
from .safe import plain

COLUMNS = ("source", "id", "hand", "win", "han/fu", "points", "yaku / refusal")
#: The least width the answer column may wrap to before it goes on a line of its own.
ANSWER_LEAST = 28
#: On a narrow terminal the source and the id fold first, then the hand too (numbers never do).
_FOLD = ({"source": 12, "id": 10}, {"source": 10, "id": 8})


def yaku_list(d: dict) -> str:
    """``Riichi, Pinfu, Dora 2``: yaku by name, dora with their count."""
    items = []
    for y in d["yaku"] or []:
        count = y["han"] if "han" in y else y["yakuman"]
        dora = y["id"] in ("dora", "aka_dora", "ura_dora")
        items.append(f"{y['name']} {count}" if dora or count > 1 and "yakuman" in y else y["name"])
    return ", ".join(items)


def base_source(source: str) -> str:
    """``sample_hands/ittsu.yaml#0`` -> ``ittsu.yaml#0``: the file's base name and the hand's index."""
    return os.path.basename(source)


def batch_row(d: dict, short_source: bool = False) -> list[Text]:
    """The cells of one result (a refusal: its code and message)."""
    # Source, id, hand and message echo the input: escapes and markup are shown, never obeyed.
    # Text, not str: a str cell is read as Rich markup, and an id like "[/]" is not markup.
    source = plain(d.get("source", ""))
    ident = "" if d["id"] is None else d["id"]
    common = [Text(base_source(source) if short_source else source), Text(plain(ident))]
    common += [Text(plain(d["hand"] or "")), Text(d["win"] or "")]
    if not d["ok"]:
        err = d["error"]
        return common + [Text("-"), Text("-"), Text(f"{err['code']}: {plain(err['message'])}", style="red")]
    return common + [Text(short_value(d)), Text(num(d["points"]["total"]), style="green"), Text(yaku_list(d))]


def _table(rows: list[list[Text]], columns: tuple[str, ...] = COLUMNS) -> Table:
    table = new_table(*columns)
    for row in rows:
        table.add_row(*row[: len(columns)])
    return table


def _room_for_answer(rows: list[list[Text]], width: int) -> int:
    """How wide the answer column can be when every other column keeps its full width."""
    others = [max([len(c)] + [r[i].cell_len for r in rows]) for i, c in enumerate(COLUMNS[:-1])]
    return width - sum(others) - 2 * len(others)


def batch_table(results: list[dict], out: Console | None = None) -> RenderableType:
    """Every result on one row, the answer column wrapping at words (see `print_batch`)."""
    out = out or console()
    rows = [batch_row(d) for d in results]
    if _room_for_answer(rows, out.width) < ANSWER_LEAST:
        rows = [batch_row(d, short_source=True) for d in results]
    return fit_columns(_table(rows), out)


#: The columns of the narrow layout; the hand and the answer go on the line under them.
_STACKED = ("source", "id", "win", "han/fu", "points")


def stacked_lines(results: list[dict], out: Console) -> bool:
    """On a terminal too narrow for the answer beside the hand: each hand's source, id and value on
    one row, then its hand and answer on the next line (indented, wrapped at words). False
    (nothing printed) when the table fits."""
    rows = [batch_row(d, short_source=True) for d in results]
    if _room_for_answer(rows, out.width) >= min(ANSWER_LEAST, max(r[-1].cell_len for r in rows)):
        return False
    rows = [[r[0], r[1], r[3], r[4], r[5], r[2], r[6]] for r in rows]  # source id win value | hand answer
    widths = column_widths(_table(rows, _STACKED), out, fold=_FOLD)
    header = Text("hand  yaku / refusal", style="bold")
    for row in [None, *rows]:
        table = _table([row] if row else [], _STACKED)
        table.show_header = row is None
        set_widths(table, widths)
        out.print(table)
        line = header if row is None else Text.assemble(row[5], "  ", row[6])
        out.print(Padding(line, (0, 0, 0, 4)))
    return True


def summary_line(stats: dict) -> str:
    """``14 hands: 12 scored, 2 invalid_notation`` (``1 hand`` for one)."""
    n = stats["hands"]
    errors = ", ".join(f"{count} {code}" for code, count in stats["errors"].items())
    return f"{plural(n, 'hand')}: {stats['ok']} scored" + (f", {errors}" if errors else "")


def print_batch(results: list[dict], stats: dict) -> None:
    """The table and the summary."""
    out = console()
    if results and not stacked_lines(results, out):
        out.print(batch_table(results, out))
    out.print(summary_line(stats))
