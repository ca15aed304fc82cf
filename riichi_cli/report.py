"""Results and errors as the JSON objects of SPEC section 4 (plain dicts, no I/O)."""

from __future__ import annotations

from .errors import RiichiError
from .scoring import Result
from .tiles import name
from .yaku import NAMES

ECHO_KEYS = ("hand", "win_tile", "win", "from", "seat_wind", "round_wind")
SCORE_KEYS = ("han", "fu", "yakuman", "limit", "yaku", "fu_breakdown", "points", "payments")


def result_dict(res: Result, id: object = None, source: str | None = None) -> dict:
    """The SPEC 4 object of a scored win."""
    ctx, pts = res.context, res.points
    out: dict = {} if source is None else {"source": source}
    out.update(
        id=id, ok=True, error=None, hand=res.hand.text,
        win_tile=name(res.hand.win_tile, res.hand.win_red), win="tsumo" if ctx.tsumo else "ron",
        **{"from": ctx.discarder}, seat_wind=ctx.seat_wind, round_wind=ctx.round_wind,
        dealer=ctx.dealer, han=res.han, fu=res.fu, yakuman=res.yakuman, limit=res.limit,
        yaku=[yaku_dict(i.id, i.han, i.yakuman) for i in res.yaku],
        fu_breakdown=[{"reason": r, "fu": f} for r, f in res.fu_lines],
        points={
            "total": pts.total,
            "ron": pts.ron,
            "tsumo": None if pts.ron is not None
            else {"dealer": pts.tsumo_dealer, "non_dealer": pts.tsumo_other},
        },
        payments=res.payments, warnings=[],
    )  # fmt: skip
    return out


def yaku_dict(id: str, han: int | None, yakuman: int | None) -> dict:
    item = {"id": id, "name": NAMES[id][0]}
    if yakuman:
        item["yakuman"] = yakuman
    else:
        item["han"] = han
    return item


def error_dict(err: RiichiError, echo: dict, source: str | None = None) -> dict:
    """The SPEC 4 object of a refused hand: what could be read is echoed, scoring keys are null."""
    out: dict = {} if source is None else {"source": source}
    out.update(id=echo.get("id"), ok=False, error={"code": err.code, "message": err.one_line()})
    out.update({k: echo.get(k) for k in ECHO_KEYS})
    seat = echo.get("seat_wind")
    out["dealer"] = None if seat is None else seat == "E"
    out.update(dict.fromkeys(SCORE_KEYS))
    out["warnings"] = []
    return out
