"""Chombo: the penalty (a reverse mangan tsumo, or points off the final score) and the hand replayed."""

from __future__ import annotations

from ..core.errors import InvalidContext, short
from ..core.rules import Rules
from ..core.tiles import table_seats
from .outcome import STICK, mangan_tsumo, outcome
from .read import CHOMBO_KEYS, Round, check_deposits, refuse_unknown, table_seat


def chombo_deltas(offender: str, rules: Rules) -> dict[str, int]:
    """The table payment of ``chombo``: a reverse mangan tsumo under ``mangan``, nothing otherwise."""
    if rules.chombo != "mangan":
        return dict.fromkeys(table_seats(rules.players), 0)
    pay = mangan_tsumo(offender, rules)
    return {s: -v for s, v in pay.items()}


def settle_chombo(rnd: Round, raw: object) -> dict:
    if not isinstance(raw, dict):
        raise InvalidContext(
            f"chombo must be a mapping like {{seat: N, reason: ...}}, got {short(raw)}", detail="bad_chombo"
        )
    refuse_unknown(raw, CHOMBO_KEYS, "chombo: ")
    offender = table_seat(raw.get("seat"), "chombo.seat", rnd.seats)
    reason = raw.get("reason")
    if reason is not None and not isinstance(reason, str):
        raise InvalidContext(f"chombo.reason must be text, got {short(reason)}", detail="bad_chombo_reason")
    check_deposits(rnd, rnd.riichi)
    rules = rnd.rules
    deltas = chombo_deltas(offender, rules)
    for s in rnd.riichi:  # the hand is replayed: this hand's sticks go back to their owners
        deltas[s] += STICK
    info = {"seat": offender, "reason": reason, "penalty": rules.chombo,
            "deduction": rules.chombo_points if rules.chombo == "points" else 0,
            "sticks_returned": list(rnd.riichi)}  # fmt: skip
    notes = [f"chombo carries no penalty under {rules.name} (chombo: none)"] if rules.chombo == "none" else []
    return outcome(rnd, "chombo", deltas, True, rnd.honba, rnd.sticks - len(rnd.riichi),
                   chombo=info, warnings=notes)  # fmt: skip
