"""The situation of a win or of a waiting hand, and the checks that it could happen at a table.

The keys of a mapping are read by :mod:`riichi_cli.io.mapping`; this module holds what they
become (a `Context`, a checked `Request`) and the table-side checks. Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .errors import InvalidContext
from .hand import Hand, Meld
from .rules import Rules
from .tiles import seat_before


@dataclass(frozen=True)
class Context:
    """Everything about a win that is not the tiles. Seats are ``'E' 'S' 'W' 'N'``; East deals."""

    tsumo: bool = False
    from_seat: str | None = None
    round_wind: str = "E"
    seat_wind: str = "S"
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    dora: tuple[int, ...] = ()
    ura: tuple[int, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    discards: tuple[int, ...] = ()
    passed: tuple[int, ...] = ()

    @property
    def dealer(self) -> bool:
        return self.seat_wind == "E"

    @property
    def in_riichi(self) -> bool:
        return self.riichi or self.double_riichi

    @property
    def discarder(self) -> str | None:
        """The seat that dealt in: ``from``, else the seat before the winner; None on tsumo."""
        if self.tsumo:
            return None
        return self.from_seat or seat_before(self.seat_wind)


class Request(NamedTuple):
    """A checked win: what `riichi_cli.io.mapping.build_request` returns and `score_request` takes."""

    hand: Hand
    context: Context
    rules: Rules
    id: Any = None


def check_context(melds: tuple[Meld, ...], c: Context, rules: Rules) -> None:
    """Refuse situations that cannot happen at a table, given the player's melds."""
    if not (c.in_riichi or c.from_seat or c.ura or len(c.dora) > 1 or c.ippatsu or c.haitei or c.houtei
            or c.rinshan or c.chankan or c.tenhou or c.chiihou or c.renhou):  # fmt: skip
        return  # none of the rules below can be broken
    has_kan = any(m.is_kan for m in melds)
    called = any(m.is_open for m in melds)
    problems = [
        (c.in_riichi and called, "riichi with open melds"),
        (c.ippatsu and not c.in_riichi, "ippatsu without riichi"),
        (c.ippatsu and not rules.ippatsu, "ippatsu is not played under {rules} (ippatsu: false)"),
        (c.tsumo and c.from_seat is not None, "tsumo with 'from' (only a ron has a discarder)"),
        (c.from_seat == c.seat_wind, "the winner cannot deal in to themselves ('from' is the seat wind)"),
        (c.haitei and not c.tsumo, "haitei with ron (haitei is a tsumo on the last tile; see houtei)"),
        (c.houtei and c.tsumo, "houtei with tsumo (houtei is a ron on the last discard; see haitei)"),
        (c.chankan and c.tsumo, "chankan with tsumo (chankan robs a kan: a ron)"),
        (c.rinshan and not c.tsumo, "rinshan with ron (rinshan is a tsumo on the replacement tile)"),
        (c.rinshan and not has_kan, "rinshan without a kan in the hand"),
        (c.rinshan and c.haitei, "rinshan and haitei together (the replacement tile is not the last tile)"),
        (c.chankan and c.houtei, "chankan and houtei together"),
        (c.tenhou and not c.dealer, "tenhou for a non-dealer (see chiihou)"),
        (c.tenhou and not c.tsumo, "tenhou with ron"),
        (c.chiihou and c.dealer, "chiihou for the dealer (see tenhou)"),
        (c.chiihou and not c.tsumo, "chiihou with ron (see renhou)"),
        (c.renhou and (c.dealer or c.tsumo), "renhou is a non-dealer's ron before their first draw"),
        (c.renhou and rules.renhou == "none", "renhou is not played under {rules} (renhou: none)"),
        ((c.tenhou or c.chiihou or c.renhou) and bool(melds), "tenhou/chiihou/renhou with melds"),
        ((c.tenhou or c.chiihou or c.renhou) and c.in_riichi, "tenhou/chiihou/renhou with riichi"),
        (bool(c.ura) and not c.in_riichi, "ura dora indicators without riichi"),
        (bool(c.ura) and not rules.ura_dora, "ura dora are not played under {rules} (ura_dora: false)"),
        (len(c.dora) > 1 and not rules.kan_dora, "{dora} dora indicators but kan_dora is false"),
        (len(c.dora) > 5, "{dora} dora indicators (at most 5: one plus four kans)"),
        (len(c.ura) > 5, "{ura} ura dora indicators (at most 5)"),
    ]
    for bad, message in problems:
        if bad:  # messages are formatted only when they are shown
            text = message.format(rules=rules.name, dora=len(c.dora), ura=len(c.ura))
            raise InvalidContext(f"impossible context: {text}")
