"""The one Console of the command line and the one table style every command uses."""

from __future__ import annotations

import io
import os
from typing import IO

from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.table import Table

#: The width of output that is not a terminal: lines are never wrapped or cut for a pipe or a file.
PIPE_WIDTH = 10_000


def no_color() -> bool:
    """NO_COLOR set to anything non-empty (https://no-color.org): no escapes at all."""
    return bool(os.environ.get("NO_COLOR"))


def console(stderr: bool = False) -> Console:
    """The console every command prints through, on stdout (or stderr).

    Rich alone keeps bold and dim under NO_COLOR; here NO_COLOR means no escape sequence at all.
    Off a terminal nothing is wrapped: a pipe gets one line per row, whatever COLUMNS says.
    Made afresh for each view, so that NO_COLOR and the output stream are read when it prints.
    """
    extra: dict = {"color_system": None, "no_color": True} if no_color() else {}
    out = _Console(stderr=stderr, highlight=False, **extra)
    if not out.is_terminal:
        out = _Console(file=_Unpadded(out.file), width=PIPE_WIDTH, highlight=False, **extra)
    return out


class _Console(Console):
    """Rich's console, but a closed pipe goes to `riichi_cli.cli.run` (exit 0, quietly), where Rich
    alone would exit 1."""

    def on_broken_pipe(self) -> None:
        raise BrokenPipeError


class _Unpadded(io.TextIOBase):
    """A stream that drops the spaces Rich pads table rows with, at the end of each line."""

    def __init__(self, target: IO[str]) -> None:
        self.target = target
        self.pending = ""

    def write(self, text: str) -> int:
        lines = (self.pending + text).split("\n")
        self.pending = lines.pop()
        if lines:
            self.target.write("".join(line.rstrip(" ") + "\n" for line in lines))
        return len(text)

    def flush(self) -> None:
        if self.pending:
            self.target.write(self.pending.rstrip(" "))
            self.pending = ""
        self.target.flush()

    def isatty(self) -> bool:
        return False


def new_table(*columns: str | tuple[str, str], title: str | None = None, wrap: tuple[str, ...] = ()) -> Table:
    """A table in the house style: no box, a bold header, two spaces between columns.

    A column is a name, or (name, "right") for numbers. Cells are never wrapped, except in the
    columns named in ``wrap`` (free text such as notes, which wraps at words on a narrow terminal);
    `fit_columns` makes a filled table fit the terminal by wrapping at words, never by cutting.
    """
    table = Table(box=None, header_style="bold", pad_edge=False, title=title, title_justify="left")
    for col in columns:
        name, justify = (col, "left") if isinstance(col, str) else col
        wraps = name in wrap
        table.add_column(
            name, justify=justify,  # type: ignore[arg-type]
            no_wrap=not wraps, overflow="fold" if wraps else "ellipsis", min_width=10 if wraps else None,
        )  # fmt: skip
    return table


def fit_columns(
    table: Table, out: Console, fold: tuple[dict[str, int], ...] = (), first: tuple[str, ...] = ()
) -> RenderableType:
    """Make a filled table fit ``out`` by wrapping cells at spaces, never by cutting them.

    Each column keeps at least its longest word (a number, a tile group, a name is never cut or
    split); the columns named in ``first`` give way first, then the widest. A table that cannot fit
    even so is split into tables of fewer columns, each led by the first column. Off a terminal
    nothing changes (the console is wide), and every row stays on one line.
    """
    if not out.is_terminal:
        return table
    widths = column_widths(table, out, fold, first)
    if sum(widths) + 2 * (len(widths) - 1) > out.width and len(widths) > 2:
        return Group(*(fit_columns(part, out) for part in split_columns(table, widths, out.width)))
    set_widths(table, widths)
    return table


def set_widths(table: Table, widths: list[int]) -> None:
    """Fixed column widths; a cell longer than its column wraps at words."""
    for col, width in zip(table.columns, widths):
        col.width, col.min_width, col.max_width = width, None, None
        col.no_wrap, col.overflow = False, "fold"


def column_widths(
    table: Table, out: Console, fold: tuple[dict[str, int], ...] = (), first: tuple[str, ...] = ()
) -> list[int]:
    """The widths `fit_columns` gives. ``fold`` names text columns (names, ids) that may, when words
    alone do not fit, be folded down to the given widths, tier after tier: numbers never are."""
    wide = out.options.update_width(PIPE_WIDTH)
    natural, least = [], []
    for col in table.columns:
        sizes = [Measurement.get(out, wide, c) for c in (col.header, *col.cells)]
        natural.append(max(m.maximum for m in sizes))
        least.append(max(m.minimum for m in sizes))
    room = out.width - 2 * (len(natural) - 1)
    names = [str(col.header) for col in table.columns]
    widths = natural
    if first:
        widths = shrunk(natural, [w if n not in first else m for w, m, n in zip(natural, least, names)], room)
    widths = shrunk(widths, least, room)
    for tier in fold:
        if sum(widths) > room:
            least = [min(w, tier.get(n, w)) for w, n in zip(least, names)]
            widths = shrunk(widths, least, room)
    return widths


def split_columns(table: Table, widths: list[int], width: int) -> list[Table]:
    """The table as several, each led by its first column and holding as many others as fit."""
    parts: list[list[int]] = [[0]]
    for i in range(1, len(widths)):
        used = sum(widths[j] + 2 for j in parts[-1])
        if used + widths[i] > width and len(parts[-1]) > 1:
            parts.append([0])
        parts[-1].append(i)
    tables = []
    for k, part in enumerate(parts):
        cols = [table.columns[i] for i in part]
        piece = Table(box=None, header_style="bold", pad_edge=False, title=table.title if k == 0 else None,
                      title_justify="left")  # fmt: skip
        for col in cols:
            piece.add_column(col.header, justify=col.justify)
        for r in range(table.row_count):
            piece.add_row(*(col._cells[r] for col in cols))
        tables.append(piece)
    return tables


def shrunk(natural: list[int], least: list[int], room: int) -> list[int]:
    """Column widths that add up to at most ``room``: the widest column that can still give a cell
    gives it, one at a time, never below its ``least``."""
    widths = list(natural)
    excess = sum(widths) - room
    while excess > 0:
        slack = [(w, i) for i, w in enumerate(widths) if w > least[i]]
        if not slack:
            break
        _, i = max(slack)
        widths[i] -= 1
        excess -= 1
    return widths


def fits(table: Table, out: Console) -> bool:
    """Whether the table's rows fit ``out`` each on one line."""
    return Measurement.get(out, out.options.update_width(PIPE_WIDTH), table).maximum <= out.width
