"""Which discard, and what is it worth: the engine of `riichi analyze` (SPEC section 13).

Pure: no I/O. The caller (the surface: notation, mapping, flags) builds a `Problem` from checked
input; `analyze_problem` returns an `Analysis` with one `DiscardValue` per distinct discard (a red five
apart from a plain five). The model is the solo self-draw model of ../shared/analysis/README.md:
one player draws alone from turn ``turn`` to 17, each draw of tile k with probability c_k / (S - t),
and three values (tenpai by the end, win, expected score) are each maximised over the discards at
every step, by a backward calculation over every hand the player can reach.
"""

from __future__ import annotations

from typing import Final

from ..core.errors import InvalidContext, InvalidHand
from ..core.hand import Meld
from ..core.record import Record
from ..core.rules import Rules

#: The last turn: the state at turn 18 is the end (no draw is left).
LAST_TURN: Final = 18
#: The targets a discard can be best for, in the order `Analysis.best` lists them.
TARGETS: Final = ("ev", "win", "tenpai")
#: Tenhou, the rules of the reference model.
_DEFAULT_RULES: Final = Rules()


class Problem(Record):
    """A checked discard problem.

    ``counts``: the 34 counts of the concealed tiles, the drawn tile included (14 - 3 per meld tiles);
    ``reds``: red fives among them per suit (m, p, s); ``melds``: called melds (and concealed kans).
    ``dora``: dora indicators (tile ids; a red indicator is its five). ``seen``: other tiles visible on
    the table (they leave the pool); ``seen_reds``: red fives among them per suit.
    ``turn``: the turn of the next draw (1-18; 18 = no draw left). Model options as in SPEC 13.
    """

    FIELDS = (
        "counts", "reds", "melds", "dora", "round_wind", "seat_wind", "rules", "seen", "seen_reds",
        "turn", "hand_changes", "shanten_back", "extra", "riichi", "ura", "ippatsu", "haitei",
    )  # fmt: skip

    def __init__(
        self,
        counts: tuple[int, ...],
        reds: tuple[int, int, int] = (0, 0, 0),
        melds: tuple[Meld, ...] = (),
        dora: tuple[int, ...] = (),
        round_wind: str = "E",
        seat_wind: str = "S",
        rules: Rules = _DEFAULT_RULES,
        seen: tuple[int, ...] = (),
        seen_reds: tuple[int, int, int] = (0, 0, 0),
        turn: int = 1,
        hand_changes: bool = True,
        shanten_back: bool = True,
        extra: int = 1,
        riichi: bool = True,
        ura: bool = True,
        ippatsu: bool = False,
        haitei: bool = False,
    ) -> None:
        self.counts: Final = counts
        self.reds: Final = reds
        self.melds: Final = melds
        self.dora: Final = dora
        self.round_wind: Final = round_wind
        self.seat_wind: Final = seat_wind
        self.rules: Final = rules
        self.seen: Final = seen
        self.seen_reds: Final = seen_reds
        self.turn: Final = turn
        self.hand_changes: Final = hand_changes
        self.shanten_back: Final = shanten_back
        self.extra: Final = extra
        self.riichi: Final = riichi  # False: --dama, never declare (a closed tenpai hand needs a yaku)
        self.ura: Final = ura
        self.ippatsu: Final = ippatsu
        self.haitei: Final = haitei


class DiscardValue(Record):
    """One discard: ``tile`` as written (``0m`` for a red five), its id and red flag, the shanten of
    the hand left, the tiles that lower that shanten with their unseen copies (as the 14 tiles leave
    them), and per turn from the problem's turn to 18 the probability of being tenpai at the end, of
    winning, and the expected score (``tenpai[0]`` etc. are the values from the current turn)."""

    FIELDS = ("tile", "tile_id", "red", "shanten", "acceptance", "acceptance_count", "tenpai", "win", "ev")

    def __init__(
        self,
        tile: str,
        tile_id: int,
        red: bool,
        shanten: int,
        acceptance: tuple[tuple[str, int], ...],
        acceptance_count: int,
        tenpai: tuple[float, ...],
        win: tuple[float, ...],
        ev: tuple[float, ...],
    ) -> None:
        self.tile: Final = tile
        self.tile_id: Final = tile_id
        self.red: Final = red
        self.shanten: Final = shanten
        self.acceptance: Final = acceptance
        self.acceptance_count: Final = acceptance_count
        self.tenpai: Final = tenpai
        self.win: Final = win
        self.ev: Final = ev

    def value(self, target: str) -> float:
        """The value from the current turn for ``target`` (``ev``, ``win`` or ``tenpai``)."""
        per_turn = self.ev if target == "ev" else self.win if target == "win" else self.tenpai
        return per_turn[0]


class Analysis(Record):
    """The answer: the hand's shanten (of the 14 tiles), the unseen pool S, the turn and the draws
    left, one `DiscardValue` per distinct discard the model reaches (in tile order, a red five before
    its plain five), and the best discard's tile for each target (ties: the first in that order)."""

    FIELDS = ("shanten", "unseen", "turn", "draws", "discards", "best")

    def __init__(
        self,
        shanten: int,
        unseen: int,
        turn: int,
        draws: int,
        discards: tuple[DiscardValue, ...],
        best: dict[str, str],
    ) -> None:
        self.shanten: Final = shanten
        self.unseen: Final = unseen
        self.turn: Final = turn
        self.draws: Final = draws
        self.discards: Final = discards
        self.best: Final = best


def analyze_problem(problem: Problem) -> Analysis:
    """Every discard of ``problem`` with its exact values under the model.

    Raises InvalidHand (``not_a_discard_problem`` for a complete hand, ``wrong_tile_count``,
    ``fifth_copy``, ``too_many_red_fives``) and InvalidContext (``turn_out_of_range``,
    ``bad_extra``); the surface checks the same earlier with the input's text for the caret.
    """
    check_problem(problem)
    raise NotImplementedError("the engine lands in the next commit")


def check_problem(p: Problem) -> None:
    """Refuse what the engine cannot answer (the surface reports the same with a caret first)."""
    if not 1 <= p.turn <= LAST_TURN:
        raise InvalidContext(f"turn {p.turn} is outside 1-{LAST_TURN}", detail="turn_out_of_range")
    if not 0 <= p.extra <= 4:
        raise InvalidContext(f"extra {p.extra} is outside 0-4", detail="bad_extra")
    n = 0
    for c in p.counts:
        n += c
    if len(p.counts) != 34 or n + 3 * len(p.melds) != 14:
        raise InvalidHand(
            f"this needs 14 tiles (a meld counts 3), the hand has {n + 3 * len(p.melds)}",
            detail="wrong_tile_count",
        )
