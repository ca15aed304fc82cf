"""The one Console of the command line and the one table style every command uses."""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from typing import IO

from rich.console import Console
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
    out = Console(stderr=stderr, highlight=False, **extra)
    if not out.is_terminal:
        out = Console(file=_Unpadded(out.file), width=PIPE_WIDTH, highlight=False, **extra)
    return out


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
    a cell too wide is cut with an ellipsis (`fit_columns` says which columns give way first).
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


def fit_columns(table: Table, out: Console, shrink: tuple[tuple[str, int], ...]) -> Table:
    """Make a filled table fit ``out`` by cutting the ``shrink`` columns, in order, down to their least.

    Rich alone would cut every column a little (a value column can vanish); here the other
    columns keep their full width. Off a terminal nothing is cut (the console is wide).
    """
    wide = out.options.update_width(PIPE_WIDTH)
    widths = {}
    for col in table.columns:
        cells = [col.header, *col.cells]
        widths[str(col.header)] = max(Measurement.get(out, wide, c).maximum for c in cells)
    excess = sum(widths.values()) + 2 * (len(widths) - 1) - out.width
    for name, least in shrink:
        if excess <= 0:
            break
        cut = min(excess, max(0, widths[name] - least))
        widths[name] -= cut
        excess -= cut
    if excess <= 0:
        for col in table.columns:
            col.width = widths[str(col.header)]
    return table


def fitting(build: Callable[[frozenset[str]], Table], optional: tuple[str, ...], out: Console) -> Table:
    """``build(left_out)`` leaving out the fewest ``optional`` columns (in order) that fit ``out``."""
    left_out: frozenset[str] = frozenset()
    table = build(left_out)
    for name in optional:
        if Measurement.get(out, out.options.update_width(10_000), table).maximum <= out.width:
            break
        left_out |= {name}
        table = build(left_out)
    return table
