"""Fu, line by line. Each rule is one line of `fu_lines`; `round_fu` rounds the sum."""

from __future__ import annotations

from typing import Final

from .decompose import TRIP
from .reading import Reading
from .record import Record
from .tiles import DRAGONS, is_orphan, name


class FuLine(Record):
    """One line of the fu breakdown: a stable ``id`` (``closed_triplet_honor``), the prose, the fu."""

    FIELDS = ("id", "reason", "fu")

    def __init__(self, id: str, reason: str, fu: int) -> None:
        self.id: Final = id
        self.reason: Final = reason
        self.fu: Final = fu


def pair_kind(r: Reading) -> str:
    """What makes the pair worth fu: ``dragon``, ``double_wind``, ``wind`` (seat or round), or ``""``."""
    if r.pair in DRAGONS:
        return "dragon"
    if r.pair == r.seat_tile and r.pair == r.round_tile:
        return "double_wind"
    return "wind" if r.pair in (r.seat_tile, r.round_tile) else ""


def set_id(tile: int, is_open: bool, is_kan: bool) -> str:
    """``open_triplet_simple``, ``closed_quad_terminal``, ``closed_triplet_honor``, ..."""
    kind = "terminal" if tile < 27 and is_orphan(tile) else "honor" if tile >= 27 else "simple"
    return f"{'open' if is_open else 'closed'}_{'quad' if is_kan else 'triplet'}_{kind}"


def pair_fu(r: Reading) -> int:
    """Fu of the pair: 2 for a dragon, 2 for a seat or round wind, a double wind per rules."""
    kind = pair_kind(r)
    if kind == "double_wind":
        return r.rules.double_wind_pair_fu
    return 2 if kind else 0


def set_fu(tile: int, is_open: bool, is_kan: bool) -> int:
    """2 for an open pung of simples, doubled for terminals/honors, for concealed, and x4 for a kan."""
    return 2 * (2 if is_orphan(tile) else 1) * (1 if is_open else 2) * (4 if is_kan else 1)


def fu_lines(r: Reading, no_tsumo_fu: bool) -> list[FuLine]:
    """Every fu of a reading as (reason, fu), unrounded.

    ``no_tsumo_fu`` says whether a yaku that forbids the tsumo fu (pinfu) was scored.
    """
    if r.form == "chiitoitsu":
        return [FuLine("chiitoitsu", "chiitoitsu", 25)]
    lines = [FuLine("base", "base", 20)]
    ctx = r.ctx
    if r.closed and not ctx.tsumo:
        lines.append(FuLine("closed_ron", "closed ron", 10))
    if ctx.tsumo and not no_tsumo_fu and (r.rules.rinshan_tsumo_fu or not ctx.rinshan):
        lines.append(FuLine("tsumo", "tsumo", 2))
    for kind, tile, is_open, is_kan in r.sets:
        if kind == TRIP:
            what = f"{'open' if is_open else 'closed'} {'kan' if is_kan else 'pung'} {name(tile)}"
            lines.append(FuLine(set_id(tile, is_open, is_kan), what, set_fu(tile, is_open, is_kan)))
    if r.wait in ("kanchan", "penchan", "tanki"):
        lines.append(FuLine(f"{r.wait}_wait", f"{r.wait} wait", 2))
    if fu := pair_fu(r):
        lines.append(FuLine(f"pair_{pair_kind(r)}", f"value pair {name(r.pair)}", fu))
    if not r.closed and sum(line.fu for line in lines) == 20:
        lines.append(FuLine("open_no_fu", "open hand with no fu", 10))
    return lines


def round_fu(lines: list[FuLine]) -> int:
    """The sum rounded up to 10 (seven pairs stay at 25)."""
    total = sum(line.fu for line in lines)
    return total if total == 25 and lines[0].id == "chiitoitsu" else -(-total // 10) * 10
