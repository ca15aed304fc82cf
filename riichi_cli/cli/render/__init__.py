"""Rich views of results, presets and the score table. Input is always the SPEC JSON dicts."""

from __future__ import annotations

import os

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ...core.points import base_points, table_points
from ...core.rules import DESCRIPTIONS as RULE_DESCRIPTIONS
from ...core.rules import PRESETS, UNVERIFIED, Rules, option_items
from ...core.tiles import SEAT_NAMES
from ...core.yaku import NAMES

_consoles: dict[bool, Console] = {}


def console(stderr: bool = False) -> Console:
    """A shared console on stdout or stderr (Rich honours NO_COLOR and non-terminals itself)."""
    if stderr not in _consoles:
        # NO_COLOR means no escapes at all: Rich alone would still write bold and dim.
        plain = bool(os.environ.get("NO_COLOR"))
        _consoles[stderr] = Console(
            stderr=stderr, highlight=False, **({"color_system": None} if plain else {})
        )
    return _consoles[stderr]


def points_text(d: dict) -> str:
    """What a win pays: ``7700`` for a ron, ``2000/3900`` or ``2600 all`` for a tsumo."""
    pts = d["points"]
    if pts["ron"] is not None:
        return str(pts["ron"])
    tsumo = pts["tsumo"]
    if tsumo["dealer"] is None:
        return f"{tsumo['non_dealer']} all"
    return f"{tsumo['non_dealer']}/{tsumo['dealer']}"


def value_text(d: dict) -> str:
    """``4 han 30 fu``, ``mangan (5 han)``, ``double yakuman``..."""
    if d["yakuman"]:
        return {1: "yakuman", 2: "double yakuman", 3: "triple yakuman"}.get(
            d["yakuman"], f"{d['yakuman']}x yakuman"
        )
    text = f"{d['han']} han" + (f" {d['fu']} fu" if d["fu"] is not None else "")
    return f"{d['limit'].replace('_', ' ')} ({text})" if d["limit"] else text


def _situation(d: dict) -> str:
    how = "tsumo" if d["win"] == "tsumo" else f"ron from {SEAT_NAMES[d['from']]}"
    seat = SEAT_NAMES[d["seat_wind"]] + (" (dealer)" if d["dealer"] else "")
    return f"{how} on {d['win_tile']}, {seat} seat, {SEAT_NAMES[d['round_wind']]} round"


def yaku_table(d: dict) -> Table:
    table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    for col, justify in (("Yaku", "left"), ("", "left"), ("", "left"), ("Han", "right")):
        table.add_column(col, justify=justify)
    for item in d["yaku"]:
        name, english, japanese = NAMES[item["id"]]
        value = f"{item['yakuman']}x yakuman" if "yakuman" in item else str(item["han"])
        table.add_row(name, Text(english, style="dim"), japanese, value)
    return table


def fu_text(d: dict) -> str | None:
    lines = d["fu_breakdown"]
    if not lines:
        return None
    parts = " + ".join(f"{line['fu']} {line['reason']}" for line in lines)
    total = sum(line["fu"] for line in lines)
    rounded = "" if total == d["fu"] else f" -> {d['fu']}"
    return f"Fu: {parts} = {total}{rounded}"


def payments_text(d: dict) -> Text:
    text = Text("Payments: ")
    seats = list(d["payments"])  # E S W N, or E S W at a three-player table
    for i, seat in enumerate(seats):
        delta = d["payments"][seat]
        tag = " winner" if seat == d["seat_wind"] else ""
        tag += " dealer" if seat == "E" else ""
        style = "green" if delta > 0 else "red" if delta < 0 else "dim"
        text.append(f"{seat}{'(' + tag.strip() + ')' if tag else ''} ", style="bold" if tag else "")
        text.append(f"{delta:+d}" if delta else "0", style=style)
        if i < len(seats) - 1:
            text.append("  ")
    return text


def print_result(d: dict, out: Console | None = None) -> None:
    """The full view of one scored win: hand, yaku, fu, limit, points, payments."""
    out = out or console()
    out.print(Text.assemble(("Hand ", "bold"), d["hand"], "  ", (_situation(d), "dim")))
    out.print(yaku_table(d))
    if fu := fu_text(d):
        out.print(fu)
    how = "ron" if d["win"] == "ron" else f"tsumo ({points_text(d)})"
    out.print(Text.assemble((value_text(d), "bold"), f" = {d['points']['total']} by {how}"))
    out.print(payments_text(d))


# -- rules ---------------------------------------------------------------------------------


def print_presets(out: Console | None = None) -> None:
    out = out or console()
    table = Table(title="Rule presets (riichi rules NAME shows every option)", box=None, header_style="bold")
    keys = ("players", "aka_dora", "kiriage_mangan", "kazoe_yakuman", "double_yakuman", "multiple_ron")
    keys += ("chombo",)
    table.add_column("preset", no_wrap=True)
    for key in keys:
        table.add_column(key)
    for name, rules in PRESETS.items():
        table.add_row(name, *(str(getattr(rules, k)).lower() for k in keys))
    out.print(table)
    out.print(
        "Aliases: wrc = wrc2022, ema = ema2025, jpml = jpml2023, majsoul = mahjongsoul, sanma = tenhou3, "
        "majsoul3 = mahjongsoul3. Default: tenhou."
    )
    unverified = ", ".join(f"{name} {len(UNVERIFIED[name])}" for name in PRESETS if UNVERIFIED[name])
    out.print(f"Unverified values (riichi rules NAME marks them): {unverified}.")


def print_preset(name: str, out: Console | None = None) -> None:
    out = out or console()
    table = Table(title=f"Preset {name}", box=None, header_style="bold")
    for col in ("option", "value", "meaning", ""):
        table.add_column(col)
    for key, value in option_items(PRESETS[name]):
        note = Text("(unverified)", style="yellow") if key in UNVERIFIED[name] else ""
        table.add_row(key, str(value).lower(), Text(RULE_DESCRIPTIONS[key], style="dim"), note)
    out.print(table)
    if UNVERIFIED[name]:
        out.print("(unverified): could not be checked against the organiser's own rule text.", style="dim")


# -- the score table -----------------------------------------------------------------------

FU_ROWS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
LIMIT_ROWS = (("mangan", 5), ("haneman", 6), ("baiman", 8), ("sanbaiman", 11), ("yakuman", 13))


def _possible(han: int, fu: int, tsumo: bool) -> bool:
    """20 fu exists only as pinfu tsumo (2+ han); 25 fu only as seven pairs (2+ han, tsumo 3+)."""
    if fu == 20:
        return tsumo and han >= 2
    if fu == 25:
        return han >= (3 if tsumo else 2)
    return True


def _cell(base: int, dealer: bool, rules: Rules) -> dict:
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
    return {
        "rules": rules.name,
        "players": rules.players,
        "tsumo_loss": loss,
        "cells": cells,
        "limits": limits,
    }


def _tsumo_text(cell: dict) -> str:
    if cell["tsumo_other"] is None:
        return "-"
    if cell["tsumo_dealer"] is None:
        return f"{cell['tsumo_other']} all"
    return f"{cell['tsumo_other']}/{cell['tsumo_dealer']}"


def _ron_text(cell: dict) -> str:
    return "-" if cell["ron"] is None else str(cell["ron"])


def _tsumo_total_text(cell: dict) -> str:
    """Three players: the shares and what they add up to, so the tsumo loss shows beside the ron."""
    text = _tsumo_text(cell)
    return text if cell["tsumo_total"] is None else f"{text} ={cell['tsumo_total']}"


def print_table(rules: Rules, out: Console | None = None) -> None:
    """Four han x fu grids (non-dealer and dealer, ron and tsumo), then the limits."""
    out = out or console()
    data = score_table(rules)
    tsumo_text = _tsumo_total_text if rules.players == 3 else _tsumo_text
    for dealer in (False, True):
        for how, text in (("ron", _ron_text), ("tsumo", tsumo_text)):
            who = "Dealer" if dealer else "Non-dealer"
            table = Table(title=f"{who} {how} ({rules.name})", header_style="bold", box=None)
            table.add_column("fu", justify="right")
            for han in (1, 2, 3, 4):
                table.add_column(f"{han} han", justify="right")
            for fu in FU_ROWS:
                row = [c for c in data["cells"] if c["fu"] == fu and c["dealer"] == dealer]
                table.add_row(str(fu), *(text(c) + (" *" if c["limit"] else "") for c in row))
            out.print(table)
    limits = Table(title="Limits", header_style="bold", box=None)
    for col in ("limit", "non-dealer ron", "non-dealer tsumo", "dealer ron", "dealer tsumo"):
        limits.add_column(col, justify="right")
    for limit, _ in LIMIT_ROWS:
        cells = [c for c in data["limits"] if c["limit"] == limit]
        limits.add_row(limit, *(f(c) for c in cells for f in (_ron_text, tsumo_text)))
    out.print(limits)
    out.print("* mangan" + (" (kiriage_mangan: true)" if rules.kiriage_mangan else ""), style="dim")
    if rules.players == 3:
        out.print(three_player_note(rules), style="dim")


def three_player_note(rules: Rules) -> str:
    """What the tsumo columns of a three-player table mean."""
    if rules.tsumo_loss:
        how = (
            "tsumo loss (tsumo_loss: true): a tsumo is paid without North's share, so it pays less than a ron"
        )
    else:
        how = "North bisection (tsumo_loss: false): each payer adds half of a non-dealer's share"
    return f"Three players (E, S, W): {how}; honba {rules.honba_points} on a ron."


# -- batch ---------------------------------------------------------------------------------


def batch_table(results: list[dict]) -> Table:
    table = Table(box=None, header_style="bold", pad_edge=False)
    for col in ("source", "id", "hand", "win", "value", "points"):
        table.add_column(col, overflow="fold")
    for d in results:
        win = d["win"] or ""
        if d["ok"]:
            how = "" if d["win"] == "ron" else f" ({points_text(d)})"
            value, pts = value_text(d), Text(f"{d['points']['total']}{how}", style="green")
        else:
            value, pts = Text(d["error"]["code"], style="red"), Text(d["error"]["message"], style="red")
        table.add_row(d.get("source", ""), str(d["id"] or ""), d["hand"] or "", win, value, pts)
    return table
