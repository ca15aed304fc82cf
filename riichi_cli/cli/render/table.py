"""The view of `riichi table`: four han x fu grids, then the limits."""

from __future__ import annotations

from rich.console import Console

from ...core.rules import Rules
from ...core.table import FU_ROWS, LIMIT_ROWS, score_table
from .console import console, new_table
from .numbers import num


def tsumo_cell(cell: dict) -> str:
    if cell["tsumo_other"] is None:
        return "-"
    if cell["tsumo_dealer"] is None:
        return f"{num(cell['tsumo_other'])} all"
    return f"{num(cell['tsumo_other'])}/{num(cell['tsumo_dealer'])}"


def ron_cell(cell: dict) -> str:
    return "-" if cell["ron"] is None else num(cell["ron"])


def print_table(rules: Rules, out: Console | None = None) -> None:
    """Four han x fu grids (non-dealer and dealer, ron and tsumo), then the limits."""
    out = out or console()
    data = score_table(rules)
    for dealer in (False, True):
        for how, text in (("ron", ron_cell), ("tsumo", tsumo_cell)):
            who = "Dealer" if dealer else "Non-dealer"
            table = new_table(("fu", "right"), *((f"{h} han", "right") for h in (1, 2, 3, 4)),
                              title=f"{who} {how} ({rules.name})")  # fmt: skip
            for fu in FU_ROWS:
                row = [c for c in data["cells"] if c["fu"] == fu and c["dealer"] == dealer]
                table.add_row(str(fu), *(text(c) + (" *" if c["limit"] else "") for c in row))
            out.print(table)
            out.print()
    cols = ("limit", "non-dealer ron", "non-dealer tsumo", "dealer ron", "dealer tsumo")
    limits = new_table(*((c, "right") for c in cols), title="Limits")
    for limit, _ in LIMIT_ROWS:
        cells = [c for c in data["limits"] if c["limit"] == limit]
        limits.add_row(limit, *(f(c) for c in cells for f in (ron_cell, tsumo_cell)))
    out.print(limits)
    out.print("* mangan" + (" (kiriage_mangan: true)" if rules.kiriage_mangan else ""), style="dim")
