"""The view of one scored win (`riichi score`): the reading, each yaku explained, fu, points, payments."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.console import Console, RenderableType
from rich.text import Text

from ...core.tiles import SEAT_NAMES, SEATS, dora_of_players, name
from ...core.yaku import NAMES, YAKU
from .console import console, fit_columns, new_table
from .numbers import collected_text, num, points_text, signed, value_text, yakuman_text
from .tiles import split_tiles, tile_label, tiles_text

_CLOSED_HAN = {y.id: y.closed_han for y in YAKU}
#: How an open group is written: the meld kind a player called.
_OPEN_PREFIX = {"sequence": "chi:", "triplet": "pon:", "quad": "kan:"}


@dataclass(frozen=True)
class Indicators:
    """The dora and ura indicators of the win, as tile ints, to name them in the dora lines."""

    dora: list[int] = field(default_factory=list)
    ura: list[int] = field(default_factory=list)


def group_text(group: dict, win_tile: str) -> Text:
    """One group of the reading: ``234m``, ``chi:789s``, ``[78p+9p]`` for the one the win completed."""
    tiles = split_tiles(group["tiles"])
    if group["win"]:
        rest = list(tiles)
        rest.remove(win_tile if win_tile in rest else win_tile.replace("0", "5"))
        return Text.assemble("[", tiles_text(rest), "+", tiles_text([win_tile]), "]")
    if group["open"]:
        return Text.assemble(_OPEN_PREFIX[group["kind"]], tiles_text(tiles))
    if group["kind"] == "quad":
        return Text.assemble("ankan:", tiles_text(tiles))
    return tiles_text(tiles)


def reading_text(d: dict) -> Text:
    """``234m 567m 22p [78p+9p] 456s  ryanmen``."""
    reading = d["reading"]
    out = Text()
    for i, group in enumerate(reading["groups"]):
        out.append(" " if i else "")
        out.append_text(group_text(group, d["win_tile"]))
    out.append(f"  {reading['wait'].replace('_', ' ')}", style="bold")
    return out


def _hand_counts(d: dict) -> dict[str, int]:
    """How many of each tile the hand holds, red fives counted as fives."""
    counts: dict[str, int] = {}
    for group in d["reading"]["groups"]:
        for t in split_tiles(group["tiles"]):
            key = t.replace("0", "5")
            counts[key] = counts.get(key, 0) + 1
    return counts


def _indicator_note(indicators: list[int], counts: dict[str, int], players: int = 4) -> str:
    """``indicator 1p -> 2p x2``; several indicators joined, those that point at nothing left out."""
    parts = []
    for i in indicators:
        target = name(dora_of_players(i, players))
        if counts.get(target):
            parts.append(f"{_tile_word(name(i))} -> {_tile_word(target)} x{counts[target]}")
    word = "indicator" if len(parts) == 1 else "indicators"
    return f"{word} {', '.join(parts)}" if parts else ""


def _tile_word(tile: str) -> str:
    return tile_label(tile).plain


def yaku_note(d: dict, item: dict, indicators: Indicators) -> str:
    """Why a line counts: the dora tiles, the wind named, the han lost by calling."""
    yid = item["id"]
    if yid in ("dora", "ura_dora"):
        counts, players = _hand_counts(d), len(d["payments"])
        kita = next((y["han"] for y in d["yaku"] if y["id"] == "kita"), 0)
        if kita:  # the set-aside North tiles are dora tiles too
            counts["4z"] = counts.get("4z", 0) + kita
        return _indicator_note(indicators.dora if yid == "dora" else indicators.ura, counts, players)
    if yid == "kita":
        return f"{_tile_word('4z')} x{item['han']} set aside"
    if yid == "aka_dora":
        reds = [t for g in d["reading"]["groups"] for t in split_tiles(g["tiles"]) if t[0] == "0"]
        return ", ".join(_tile_word(t) for t in reds)
    if yid in ("seat_wind", "round_wind"):
        wind = d["seat_wind"] if yid == "seat_wind" else d["round_wind"]
        text = _tile_word(f"{SEATS.index(wind) + 1}z")
        if d["seat_wind"] == d["round_wind"] and yid == "seat_wind":
            text += f", Double {SEAT_NAMES[wind]}"
        return text
    closed = _CLOSED_HAN.get(yid)
    is_open = any(g["open"] for g in d["reading"]["groups"])
    if is_open and closed and "han" in item and item["han"] < closed:
        return f"({closed} closed)"
    return ""


def yaku_table(d: dict, indicators: Indicators | None = None, out: Console | None = None) -> RenderableType:
    """Yaku, its English and Japanese names, han, and why it counts (wrapped at words when narrow)."""
    indicators = indicators or Indicators()
    rows = []
    for item in d["yaku"]:
        yaku, english, japanese = NAMES[item["id"]]
        value = str(item["han"]) if "yakuman" not in item else yakuman_text(item["yakuman"])
        rows.append((yaku, english, japanese, value, yaku_note(d, item, indicators)))

    table = new_table("Yaku", "In English", "Japanese", ("Han", "right"), "Why")
    for yaku, english, japanese, value, note in rows:
        table.add_row(yaku, Text(english, style="dim"), japanese, value, note)
    return fit_columns(table, out or console())


def fu_text(d: dict) -> str | None:
    """``Fu: 20 base + 10 closed ron = 30``; None for a yakuman (no fu)."""
    lines = d["fu_breakdown"]
    if not lines:
        return None
    parts = " + ".join(f"{line['fu']} {line['reason']}" for line in lines)
    total = sum(line["fu"] for line in lines)
    rounded = "" if total == d["fu"] else f" -> {d['fu']}"
    return f"Fu: {parts} = {total}{rounded}"


def situation_text(d: dict) -> Text:
    """``ron from West on 9p, South seat, East round``."""
    how = "tsumo" if d["win"] == "tsumo" else f"ron from {SEAT_NAMES[d['from']]}"
    seat = SEAT_NAMES[d["seat_wind"]] + (" (dealer)" if d["dealer"] else "")
    return Text.assemble(
        f"{how} on ", tile_label(d["win_tile"]), f", {seat} seat, {SEAT_NAMES[d['round_wind']]} round"
    )


def payments_text(d: dict) -> Text:
    """``Payments: E(dealer) 0  S(winner) +7700  W -7700  N 0``: each seat's change, all included."""
    text = Text("Payments: ")
    seats = list(d["payments"])  # E S W N, or E S W at a three-player table
    for i, seat in enumerate(seats):
        delta = d["payments"][seat]
        tags = [t for t, on in (("winner", seat == d["seat_wind"]), ("dealer", seat == "E")) if on]
        style = "green" if delta > 0 else "red" if delta < 0 else "dim"
        text.append(seat + (f"({' '.join(tags)})" if tags else "") + " ", style="bold" if tags else "")
        text.append(signed(delta), style=style)
        if i < len(seats) - 1:
            text.append("  ")
    return text


def value_line(d: dict) -> Text:
    """``4 han 30 fu = 7700 by ron`` (a tsumo: ``= 3900 by tsumo (1000/2000)``)."""
    how = "ron" if d["win"] == "ron" else f"tsumo ({points_text(d)})"
    return Text.assemble((value_text(d), "bold"), f" = {num(d['points']['total'])} by {how}")


def print_result(d: dict, indicators: Indicators | None = None, out: Console | None = None) -> None:
    """The full view of one scored win."""
    out = out or console()
    situation = situation_text(d)
    situation.stylize("dim")
    out.print(Text.assemble(("Hand ", "bold"), d["hand"], "  ", situation))
    out.print(Text.assemble(("Reading ", "bold"), reading_text(d)))
    out.print(yaku_table(d, indicators, out))
    if fu := fu_text(d):
        out.print(fu)
    out.print(value_line(d))
    if d["points"].get("honba") or d["points"].get("deposits"):
        out.print(f"The winner collects {collected_text(d)}")
    out.print(payments_text(d))
