"""The score table as data: every han x fu cell and every limit, dealer and non-dealer, ron and tsumo.

`riichi table --json` prints `score_table`; the Rich view draws the same data.
"""

from __future__ import annotations

from typing import Final

from .points import base_points, table_points
from .rules import Rules

FU_ROWS: Final = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
LIMIT_ROWS: Final = (("mangan", 5), ("haneman", 6), ("baiman", 8), ("sanbaiman", 11), ("yakuman", 13))


def _possible(han: int, fu: int, tsumo: bool) -> bool:
    """20 fu exists only as pinfu tsumo (2+ han); 25 fu only as seven pairs (2+ han, tsumo 3+)."""
    if fu == 20:
        return tsumo and han >= 2
    if fu == 25:
        return han >= (3 if tsumo else 2)
    return True


def _cell(base: int, dealer: bool, rules: Rules) -> dict:
    """One cell; ``tsumo_total`` is what a tsumo collects (with three players less than a ron: tsumo loss)."""
    ron, tsumo = table_points(base, dealer, False, rules), table_points(base, dealer, True, rules)
    return {"ron": ron.ron, "tsumo_dealer": tsumo.tsumo_dealer, "tsumo_other": tsumo.tsumo_other,
            "tsumo_total": tsumo.total}  # fmt: skip


def score_table(rules: Rules) -> dict:
    """Every han (1-4) x fu cell and every limit, for dealer and non-dealer, ron and tsumo."""
    cells = []
    for han in (1, 2, 3, 4):
        for fu in FU_ROWS:
            base, limit = base_points(han, fu, rules)
            for dealer in (False, True):
                cell = _cell(base, dealer, rules)
                if not _possible(han, fu, False):
                    cell["ron"] = None
                if not _possible(han, fu, True):
                    cell["tsumo_dealer"] = cell["tsumo_other"] = cell["tsumo_total"] = None
                cells.append({"han": han, "fu": fu, "dealer": dealer, "limit": limit, **cell})
    limits = []
    for limit, han in LIMIT_ROWS:
        base = 8000 if limit == "yakuman" else base_points(han, 30, rules)[0]
        for dealer in (False, True):
            limits.append({"limit": limit, "dealer": dealer, **_cell(base, dealer, rules)})
    loss = rules.tsumo_loss if rules.players == 3 else None
    return {"rules": rules.name, "players": rules.players, "tsumo_loss": loss, "cells": cells,
            "limits": limits}  # fmt: skip
