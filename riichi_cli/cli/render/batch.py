"""The view of `riichi batch`: one row per hand that never wraps, then a one-line summary.

On a terminal too narrow for the table the yaku are cut at the end and the source and the hand
in the middle (``sample_…/ittsu.yaml#0``), so every hand stays on one line. Off a terminal the
console does not wrap at all (see `console.console`): a pipe gets every row whole.
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from .console import console, new_table
from .numbers import num, short_value
from .safe import plain

COLUMNS = ("source", "id", "hand", "win", "han/fu", "points", "yaku / refusal")
#: How the table gives way on a narrow terminal, step by step: (column, least width), or
#: (column, 0) to leave the column out.
_SHRINK = (
    ("yaku / refusal", 14), ("source", 14), ("hand", 16), ("id", 0), ("han/fu", 0),
    ("yaku / refusal", 8), ("source", 10), ("hand", 12),
)  # fmt: skip


def yaku_list(d: dict) -> str:
    """``Riichi, Pinfu, Dora 2``: yaku by name, dora with their count."""
    items = []
    for y in d["yaku"] or []:
        count = y["han"] if "han" in y else y["yakuman"]
        dora = y["id"] in ("dora", "aka_dora", "ura_dora")
        items.append(f"{y['name']} {count}" if dora or count > 1 and "yakuman" in y else y["name"])
    return ", ".join(items)


def middle_cut(text: str, width: int) -> str:
    """``text`` cut in the middle to ``width`` cells: ``sample_…/ittsu.yaml#0``."""
    if len(text) <= width:
        return text
    head = (width - 1) // 2
    return text[:head] + "…" + text[len(text) - (width - 1 - head) :]


def batch_row(d: dict) -> list[str | Text]:
    """The cells of one result (a refusal: its code and message)."""
    # Source, id, hand and message echo the input: escapes and markup are shown, never obeyed.
    ident = "" if d["id"] is None else d["id"]
    common = [plain(d.get("source", "")), plain(ident), plain(d["hand"] or ""), d["win"] or ""]
    if not d["ok"]:
        err = d["error"]
        return common + ["-", "-", Text(f"{err['code']}: {plain(err['message'])}", style="red")]
    return common + [short_value(d), Text(num(d["points"]["total"]), style="green"), yaku_list(d)]


def _fit(rows: list[list[str | Text]], width: int) -> dict[str, int]:
    """The columns shown and their widths, so that a row fits ``width`` cells (two spaces apart)."""
    widths = {c: max([len(c)] + [len(r[i]) for r in rows]) for i, c in enumerate(COLUMNS)}

    def excess() -> int:
        return sum(widths.values()) + 2 * (len(widths) - 1) - width

    for name, least in _SHRINK:
        if excess() <= 0:
            break
        if least == 0:
            del widths[name]
        elif widths[name] > least:
            widths[name] -= min(excess(), widths[name] - least)
    return widths


def batch_table(results: list[dict], out: Console | None = None) -> Table:
    """Every result on one row, the source and the hand cut in the middle when they must be."""
    out = out or console()
    rows = [batch_row(d) for d in results]
    widths = _fit(rows, out.width)
    table = new_table(*widths)
    for col in table.columns:
        col.max_width = widths[str(col.header)]
    for row in rows:
        cells = dict(zip(COLUMNS, row, strict=True))
        for name in ("source", "hand"):
            cells[name] = middle_cut(str(cells[name]), widths[name])
        # Text, not str: a str cell is read as Rich markup, and an id like "[/]" is not markup.
        table.add_row(*(Text(c) if isinstance(c, str) else c for c in (cells[c] for c in widths)))
    return table


def summary_line(stats: dict) -> str:
    """``14 hands: 12 scored, 2 invalid_notation`` (``1 hand`` for one)."""
    n = stats["hands"]
    errors = ", ".join(f"{count} {code}" for code, count in stats["errors"].items())
    return f"{n} hand{'' if n == 1 else 's'}: {stats['ok']} scored" + (f", {errors}" if errors else "")


def print_batch(results: list[dict], stats: dict) -> None:
    """The table and the summary."""
    out = console()
    out.print(batch_table(results, out))
    out.print(summary_line(stats))
