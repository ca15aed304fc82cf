"""Settling the end of a round (docs/input.md, "Settlement files"): each seat's change and what comes next.

Pure core: a mapping (as read from YAML) in, the dict of docs/output.md out; no click, rich, yaml, I/O.
Seats are seat winds; East deals. Choices made here:

- Every result has the same keys: id, ok, error, kind, rules, wins, skipped, pao, draw, chombo,
  deltas, dealer_continues, next, scores, warnings. ``kind`` is ``win``, ``exhaustive_draw``,
  ``abortive_draw`` or ``chombo``. ``draw`` is ``{kind, reason, tenpai, noten, nagashi}`` and ``chombo``
  ``{seat, reason, penalty, deduction, sticks_returned}`` (``null`` for other outcomes); ``pao`` lists
  ``{seat_wind, liable, yakuman, scope, liable_pays}``; ``scores`` is ``null`` unless the input gives
  ``scores``. A refusal has ``ok: false``, ``error: {code, message}`` and the other keys empty.
- Validation errors use the codes of docs/output.md: ``invalid_context`` for the settlement itself;
  a win that does not score keeps its own code (``not_a_win``, ``furiten``, ...), its message prefixed
  ``win N (SEAT):``.
  Every win is scored, a head-bumped one too: a ron that could not be called is an input error.
- Several rons: ``wins`` run in turn order from the discarder (the head-bump order). Each win's
  ``payments`` is what that winner actually gets (its hand, the honba paid to it, the deposits it takes),
  so ``deltas`` is their sum. Three rons under ``multiple_ron: double`` are an abortive draw (sanchahou).
- Deposits: all to the first winner after the discarder; under ``own_stick_back`` (EMA) each winning
  riichi declarer of a multiple ron first takes back their own stick.
- Pao: ``pao: SEAT`` on a win. On tsumo the liable seat pays the covered part; on ron the liable seat and
  the discarder pay half of it each; the honba are paid by the liable seat, or on a ron by the discarder
  under ``pao_honba: discarder`` (EMA). ``pao_scope: share`` covers only the liable yakuman's share of a
  stacked hand, the rest is paid as usual. Liability needs a liable player: every set of the yakuman
  declared and at least one of them called (the last one came from the liable seat); suukantsu needs a
  daiminkan. Under ``pao_daiminkan`` a rinshan tsumo after a daiminkan is paid in full by the seat that
  fed the kan (``pao:`` names it), as a tsumo's total, honba included.
- Abortive draws are refused under ``abortive_draws: false``; ``sanchahou`` (three rons) only exists
  under ``multiple_ron: double``.
- Chombo: the hand is replayed, so this hand's riichi sticks go back to their owners: +1000 each in
  ``deltas`` and out of ``next.riichi_sticks`` (earlier deposits stay). ``chombo: points`` moves nothing
  at the table; ``chombo.deduction`` is taken off the final score at the end of the game.

So ``sum(deltas) == 1000 * (riichi_sticks - next.riichi_sticks)`` for every outcome.
"""

from __future__ import annotations

from ..core.errors import RiichiError
from ..core.rules import Rules
from ..io.report import checked
from .chombo import settle_chombo
from .draws import settle_draw
from .outcome import error_result
from .read import read_round
from .wins import settle_wins

__all__ = ["error_result", "settle", "settle_checked", "settle_round"]


def settle_checked(mapping: object, rules: Rules | None = None) -> tuple[dict, RiichiError | None]:
    """Settle one round; ``rules`` are the defaults its ``rules:``/``rule_options:`` may override.
    Returns (the settlement object, the refusal or None); never raises for bad input."""
    return checked(lambda: settle_round(mapping, rules), error_result)


def settle(mapping: object, rules: Rules | None = None) -> dict:
    """The docs/input.md, docs/output.md object of one round (``ok: false`` with the error for bad input)."""
    return settle_checked(mapping, rules)[0]


def settle_round(mapping: object, rules: Rules | None = None) -> dict:
    """Settle one round, or raise the refusal."""
    rnd = read_round(mapping, rules)
    assert isinstance(mapping, dict)
    if mapping.get("wins") is not None:
        return settle_wins(rnd, mapping["wins"])
    if mapping.get("draw") is not None:
        return settle_draw(rnd, mapping["draw"])
    return settle_chombo(rnd, mapping["chombo"])
