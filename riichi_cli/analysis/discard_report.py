"""The `riichi analyze` object (SPEC 13, docs/output.md) of a problem mapping: read, analysed, sorted.

The reading is :mod:`riichi_cli.io.problem`'s, the values are :mod:`riichi_cli.analysis.expected`'s;
this module says which hands are not a discard problem, hands the engine its `Problem`, and writes
the answer as the JSON-shaped dict the command prints. No I/O.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.errors import InvalidHand, RiichiError
from ..core.rules import Rules
from ..io.problem import AnalyzeInput, read_problem
from ..io.report import checked, refusal
from .expected import Analysis, DiscardValue, Problem, analyze_problem
from .shanten import shanten

#: The keys of an analyze object that are null when the input is refused.
ANALYZE_KEYS: Final = ("hand", "turn", "draws", "unseen", "shanten", "target", "model", "discards", "best")


def analyze_of(mapping: Any, rules: Rules | None = None) -> tuple[dict, RiichiError | None]:
    """The analyze object of a mapping and None, or its refusal and the error: never raises for bad input."""
    return checked(
        lambda: analysis_report(read_problem(mapping, rules)), lambda err: refusal(err, mapping, ANALYZE_KEYS)
    )


def analysis_report(asked: AnalyzeInput) -> dict:
    """The analyze object of a checked problem (a complete hand is refused: it has nothing to discard)."""
    hand = asked.hand
    if shanten(hand.counts, len(hand.melds), asked.rules.players).best == -1:
        text = hand.notation()
        raise InvalidHand(
            f"{text} is a complete hand (shanten -1): nothing to discard; "
            f"score the win with `riichi score {text} --tsumo`",
            detail="not_a_discard_problem",
        )
    found = analyze_problem(engine_problem(asked))
    return report(asked, found)


def riichi_allowed(asked: AnalyzeInput) -> bool:
    """Whether the model declares riichi: not under --dama, and only with a closed hand."""
    return asked.riichi and all(not m.is_open for m in asked.hand.melds)


def engine_problem(asked: AnalyzeInput) -> Problem:
    """The engine's problem: ``--no-hand-changes`` turns off going back a shanten too, as the model's
    reference does; ura dora come with riichi."""
    hand = asked.hand
    return Problem(
        counts=hand.counts, reds=hand.reds, melds=hand.melds, dora=pairs(asked.dora),
        round_wind=asked.round_wind, seat_wind=asked.seat_wind, rules=asked.rules, seen=pairs(asked.seen),
        turn=asked.turn, hand_changes=asked.hand_changes, shanten_back=asked.hand_changes,
        extra=asked.extra, riichi=asked.riichi, ura=True, ippatsu=asked.ippatsu, haitei=asked.haitei,
    )  # fmt: skip


def pairs(codes: tuple[int, ...]) -> tuple[tuple[int, bool], ...]:
    """Tile codes (tile * 2 + red) as (tile, red) pairs."""
    return tuple([(code >> 1, bool(code & 1)) for code in codes])


def model_dict(asked: AnalyzeInput) -> dict:
    """What the model allowed: hand changes, going back, the budget, riichi, and what a win counts
    (ura dora and ippatsu come only with riichi)."""
    riichi = riichi_allowed(asked)
    return {
        "hand_changes": asked.hand_changes, "shanten_back": asked.hand_changes, "extra": asked.extra,
        "riichi": riichi, "ura": riichi, "ippatsu": asked.ippatsu and riichi, "haitei": asked.haitei,
    }  # fmt: skip


def probability(p: float) -> float:
    """A probability to 9 decimals (as the reference gives them; no 1.0000000000000002, no -0.0)."""
    return round(p, 9) + 0.0


def points(ev: float) -> float:
    """An expected score to 5 decimals."""
    return round(ev, 5) + 0.0


def discard_dict(d: DiscardValue) -> dict:
    """One discard: what it leaves and accepts, its values now and from each turn on."""
    return {
        "tile": d.tile,
        "shanten": d.shanten,
        "acceptance": [{"tile": tile, "unseen": n} for tile, n in d.acceptance],
        "acceptance_count": d.acceptance_count,
        "tenpai": probability(d.tenpai[0]),
        "win": probability(d.win[0]),
        "ev": points(d.ev[0]),
        "per_turn": {
            "tenpai": [probability(p) for p in d.tenpai],
            "win": [probability(p) for p in d.win],
            "ev": [points(v) for v in d.ev],
        },
    }


def report(asked: AnalyzeInput, found: Analysis) -> dict:
    """The analyze object: the discards sorted by the target, best first (ties keep tile order)."""
    ranked = sorted(found.discards, key=lambda d: -d.value(asked.target))
    return {
        "id": asked.id, "ok": True, "error": None, "hand": asked.hand.notation(), "turn": found.turn,
        "draws": found.draws, "unseen": found.unseen, "shanten": found.shanten, "target": asked.target,
        "model": model_dict(asked), "discards": [discard_dict(d) for d in ranked], "best": dict(found.best),
    }  # fmt: skip
