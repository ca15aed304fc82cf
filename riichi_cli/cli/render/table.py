"""The view of `riichi table`: four han x fu grids, then the limits."""

from __future__ import annotations

from rich.console import Console

from ...core.rules import Rules
from ...core.table import FU_ROWS, LIMIT_ROWS, score_table
from .console import console, fit_columns, new_table
from .numbers import num


def tsumo_cell(cell: dict) -> str:
    if cell["tsumo_other"] is None:
        return "-"
    if cell["tsumo_dealer"] is None:
        return f"{num(cell['tsumo_other'])} all"
    return f"{num(cell['tsumo_other'])}/{num(cell['tsumo_dealer'])}"


def tsumo_total_cell(cell: dict) -> str:
    """Three players: the shares and what they add up to, so the tsumo loss shows beside the ron."""
    text = tsumo_cell(cell)
    return text if cell["tsumo_total"] is None else f"{text} ={num(cell['tsumo_total'])}"


def three_player_note(rules: Rules) -> str:
    """What the tsumo columns of a three-player table mean."""
    if rules.tsumo_loss:
        how = "tsumo loss (tsumo_loss: true): a tsumo is paid without North's share, so it pays less than ron"
    else:
        how = "North bisection (tsumo_loss: false): each payer adds half of a non-dealer's share"
    return f"Three players (E, S, W): {how}; honba {rules.honba_points} on a ron."


def ron_cell(cell: dict) -> str:
    return "-" if cell["ron"] is None else num(cell["ron"])


def print_table(rules: Rules, out: Console | None = None) -> None:
    """Four han x fu grids (non-dealer and dealer, ron and tsumo), then the limits."""
    out = out or console()
    data = score_table(rules)
    tsumo_text = tsumo_total_cell if rules.players == 3 else tsumo_cell
    for dealer in (False, True):
        for how, text in (("ron", ron_cell), ("tsumo", tsumo_text)):
            who = "Dealer" if dealer else "Non-dealer"
            table = new_table(("fu", "right"), *((f"{h} han", "right") for h in (1, 2, 3, 4)),
                              title=f"{who} {how} ({rules.name})")  # fmt: skip
            for fu in FU_ROWS:
                row = [c for c in data["cells"] if c["fu"] == fu and c["dealer"] == dealer]
                table.add_row(str(fu), *(text(c) + (" *" if c["limit"] else "") for c in row))
            out.print(fit_columns(table, out))
            out.print()
    cols = ("limit", "non-dealer ron", "non-dealer tsumo", "dealer ron", "dealer tsumo")
    limits = new_table(*((c, "right") for c in cols), title="Limits")
    for limit, _ in LIMIT_ROWS:
        cells = [c for c in data["limits"] if c["limit"] == limit]
        limits.add_row(limit, *(f(c) for c in cells for f in (ron_cell, tsumo_text)))
    out.print(fit_columns(limits, out))
    out.print("* mangan" + (" (kiriage_mangan: true)" if rules.kiriage_mangan else ""), style="dim")
    if rules.players == 3:
        out.print(three_player_note(rules), style="dim")
