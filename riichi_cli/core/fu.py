"""Fu, line by line. Each rule is one line of `fu_lines`; `round_fu` rounds the sum."""

from __future__ import annotations

from .decompose import TRIP
from .reading import Reading
from .tiles import DRAGONS, is_orphan, name


def pair_fu(r: Reading) -> int:
    """Fu of the pair: 2 for a dragon, 2 each for seat and round wind (a double wind per rules)."""
    if r.pair in DRAGONS:
        return 2
    if r.pair == r.seat_tile and r.pair == r.round_tile:
        return r.rules.double_wind_pair_fu
    return 2 if r.pair in (r.seat_tile, r.round_tile) else 0


def set_fu(tile: int, is_open: bool, is_kan: bool) -> int:
    """2 for an open pung of simples, doubled for terminals/honors, for concealed, and x4 for a kan."""
    return 2 * (2 if is_orphan(tile) else 1) * (1 if is_open else 2) * (4 if is_kan else 1)


def fu_lines(r: Reading, no_tsumo_fu: bool) -> list[tuple[str, int]]:
    """Every fu of a reading as (reason, fu), unrounded.

    ``no_tsumo_fu`` says whether a yaku that forbids the tsumo fu (pinfu) was scored.
    """
    if r.form == "chiitoitsu":
        return [("chiitoitsu", 25)]
    lines = [("base", 20)]
    ctx = r.ctx
    if r.closed and not ctx.tsumo:
        lines.append(("closed ron", 10))
    if ctx.tsumo and not no_tsumo_fu and (r.rules.rinshan_tsumo_fu or not ctx.rinshan):
        lines.append(("tsumo", 2))
    for kind, tile, is_open, is_kan in r.sets:
        if kind == TRIP:
            what = f"{'open' if is_open else 'closed'} {'kan' if is_kan else 'pung'} {name(tile)}"
            lines.append((what, set_fu(tile, is_open, is_kan)))
    if r.wait in ("kanchan", "penchan", "tanki"):
        lines.append((f"{r.wait} wait", 2))
    if fu := pair_fu(r):
        lines.append((f"value pair {name(r.pair)}", fu))
    if not r.closed and sum(fu for _, fu in lines) == 20:
        lines.append(("open hand with no fu", 10))
    return lines


def round_fu(lines: list[tuple[str, int]]) -> int:
    """The sum rounded up to 10 (seven pairs stay at 25)."""
    total = sum(fu for _, fu in lines)
    return total if total == 25 and lines[0][0] == "chiitoitsu" else -(-total // 10) * 10
