"""The settlement object every outcome returns (docs/output.md): its keys, the next round, scores."""

from __future__ import annotations

from ..core.errors import RiichiError
from ..core.points import payments, table_points
from ..core.rules import Rules
from ..io.report import error_object
from .read import Round

STICK = 1000  # one riichi deposit
MANGAN_BASE = 2000  # nagashi mangan and the reverse-mangan chombo are sized as a mangan tsumo


def blank(ident: object = None) -> dict:
    """Every key of a settlement, empty."""
    return {"id": ident, "ok": True, "error": None, "kind": None, "rules": None, "wins": [], "skipped": [],
            "pao": [], "draw": None, "chombo": None, "deltas": None, "dealer_continues": None,
            "next": None, "scores": None, "warnings": []}  # fmt: skip


def outcome(
    rnd: Round, kind: str, deltas: dict[str, int], stays: bool, honba: int, sticks: int, **parts
) -> dict:
    """The settlement object; final scores and a below-zero warning when the round gives scores."""
    out = blank(rnd.id)
    out.update(kind=kind, rules=rnd.rules.name, deltas=deltas, dealer_continues=stays,
               next={"honba": honba, "riichi_sticks": sticks}, **parts)  # fmt: skip
    if rnd.scores is not None:
        out["scores"] = {s: rnd.scores[s] + deltas[s] for s in rnd.seats}
        below = [(s, v) for s, v in out["scores"].items() if v < 0]
        out["warnings"] = out["warnings"] + [f"{s} ends below zero ({v}): the game is over under most rules"
                                             for s, v in below]  # fmt: skip
    return out


def error_result(err: RiichiError) -> dict:
    """The settlement object of a refused settlement."""
    return {**blank(), "ok": False, "error": error_object(err)}


def abortive_outcome(rnd: Round, reason: str, skipped: list[dict] | None = None) -> dict:
    """No payments, the dealer stays, honba + 1, deposits stay."""
    info = {"kind": "abortive", "reason": reason, "tenpai": [], "noten": [], "nagashi": []}
    return outcome(rnd, "abortive_draw", dict.fromkeys(rnd.seats, 0), True, rnd.honba + 1, rnd.sticks,
                   draw=info, skipped=skipped or [])  # fmt: skip


def mangan_tsumo(seat: str, rules: Rules) -> dict[str, int]:
    """Each seat's change when ``seat`` wins a mangan by tsumo, without honba or deposits: how a
    nagashi mangan is paid, and (reversed) a chombo under ``chombo: mangan``."""
    return payments(table_points(MANGAN_BASE, seat == "E", True, rules), seat, None, 0, 0, rules)
