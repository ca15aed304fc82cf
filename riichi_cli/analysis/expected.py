"""Which discard, and what is it worth: the engine of `riichi analyze` (SPEC section 13).

Pure: no I/O. The caller (the surface: notation, mapping, flags) builds a `Problem` from checked
input; `analyze_problem` returns an `Analysis` with one `DiscardValue` per distinct discard (a red five
apart from a plain five). The model is the solo self-draw model of ../shared/analysis/README.md:
one player draws alone from turn ``turn`` to 17, each draw of tile k with probability c_k / (S - t),
and three values (tenpai by the end, win, expected score) are each maximised over the discards at
every step, by a backward calculation over every hand the player can reach.

Where the README leaves a choice open, the reference results decide (all 40 hands agree to 1e-9):

- the hand-change budget is ``dist + shanten <= starting shanten + extra`` after the move, ``dist``
  counting the tiles held beyond the starting 14 (37 kinds: a red five is not a plain five); a draw
  that lowers the shanten and a discard that keeps it are always allowed; without hand changes the
  budget is the starting shanten, which still lets the tile just thrown come back and reopen the
  starting choice (`riichi_cli.analysis.expected_graph`);
- after riichi only winning tiles are drawn; a win may be declined for the expected score, and the
  declined hand may then throw any tile that keeps it tenpai within the budget (win and tenpai
  probabilities never gain from declining, so they keep the closed form of a fixed wait);
- the reference program counts double yakuman (suuankou tanki ...): the rules decide here, so its
  numbers are met with ``double_yakuman: true`` (tests/analysis_reference.py).

Pieces: `expected_graph` (states, draws, discards), `expected_win` (the value of a win),
`expected_solve` (the backward calculation); this module checks the problem and assembles the answer.
"""

from __future__ import annotations

import gc
from typing import Final

from ..core.context import not_in_set
from ..core.errors import InvalidContext, InvalidHand
from ..core.hand import Meld
from ..core.native import i64
from ..core.record import Record
from ..core.rules import Rules
from ..core.tiles import NOT_IN_THREE_PLAYER, name
from .expected_graph import (
    FIVES,
    NUM_KINDS,
    RED_KINDS,
    TILE_OF,
    UNIT_HI,
    UNIT_LO,
    Graph,
    Shanten,
    kind_tile,
)  # fmt: skip
from .expected_solve import PerTurn, WinValues, solve
from .expected_ura import NO_MELDS
from .expected_win import WinScorer

#: The last turn: the state at turn 18 is the end (no draw is left).
LAST_TURN: Final = 18
#: The targets a discard can be best for, in the order `Analysis.best` lists them.
TARGETS: Final = ("ev", "win", "tenpai")
#: `TARGETS` as a list (compiled, a Final tuple is built anew at each use).
_TARGET_LIST: Final = list(TARGETS)
#: Red fives of 5m 5p 5s in the set by the ``aka_dora`` option (lists: compiled, a tuple read at a
#: variable place is boxed into a new tuple first).
_RED_LIMITS: Final = {0: [0, 0, 0], 2: [0, 1, 1], 3: [1, 1, 1], 4: [1, 2, 1]}
_NO_REDS: Final = [0, 0, 0]
#: `FIVES` and `RED_KINDS` as lists: compiled, a Final tuple of another module is built anew at each use.
_FIVES: Final = list(FIVES)
_RED_KINDS: Final = list(RED_KINDS)
#: Tenhou, the rules of the reference model.
_DEFAULT_RULES: Final = Rules()


class Problem(Record):
    """A checked discard problem.

    ``counts``: the 34 counts of the concealed tiles, the drawn tile included (14 - 3 per meld tiles);
    ``reds``: red fives among them per suit (m, p, s); ``melds``: called melds (and concealed kans).
    ``dora``: dora indicators and ``seen``: other tiles visible on the table (they leave the pool), each
    as (tile, red) pairs. ``turn``: the turn of the next draw (1-18; 18 = no draw left). The model
    options are those of SPEC 13: ``hand_changes`` (draws that do not lower the shanten),
    ``shanten_back`` (discards that raise it), ``extra`` (their budget), ``riichi`` (False: dama),
    ``ura``, ``ippatsu`` and ``haitei`` in the value of a win.
    """

    FIELDS = (
        "counts", "reds", "melds", "dora", "round_wind", "seat_wind", "rules", "seen", "turn",
        "hand_changes", "shanten_back", "extra", "riichi", "ura", "ippatsu", "haitei",
    )  # fmt: skip

    def __init__(
        self,
        counts: tuple[int, ...],
        reds: tuple[int, int, int] = (0, 0, 0),
        melds: tuple[Meld, ...] = (),
        dora: tuple[tuple[int, bool], ...] = (),
        round_wind: str = "E",
        seat_wind: str = "S",
        rules: Rules = _DEFAULT_RULES,
        seen: tuple[tuple[int, bool], ...] = (),
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
        self.turn: Final = turn
        self.hand_changes: Final = hand_changes
        self.shanten_back: Final = shanten_back
        self.extra: Final = extra
        self.riichi: Final = riichi
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
    ``fifth_copy``, ``too_many_red_fives``) and InvalidContext (``turn_out_of_range``, ``bad_extra``,
    ``too_few_unseen``); the surface checks the same earlier, with the input's text for the caret.
    """
    check_problem(problem)
    # The graph's lists hold up to millions of objects that never form a cycle: the collector's passes
    # over them cost a tenth of the time and free nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _analyze(problem)
    finally:
        if collecting:
            gc.enable()


def _analyze(p: Problem) -> Analysis:
    start = _start_key(p)
    pool = _pool(p, start)
    # The 34 tiles' unseen copies, the hand's included; as the 14 tiles leave them.
    pool34 = pool[:34]
    for s in range(3):  # a red five's copies are its five's
        pool34[_FIVES[s]] = pool34[_FIVES[s]] + pool[_RED_KINDS[s]]
    # Unseen: the pool less the concealed tiles (check_problem: 14 less 3 a meld).
    unseen = 0
    for n in pool:
        unseen += n
    unseen -= 14 - 3 * len(p.melds)
    if unseen - (LAST_TURN - 1) < 1:
        raise InvalidContext(
            f"{unseen} unseen tiles: too few for draws up to turn {LAST_TURN - 1}", detail="too_few_unseen"
        )
    shanten = Shanten(len(p.melds), p.rules.players)
    s0, kept = shanten.near(start[0], start[1], -1)
    if s0 < 0:
        raise InvalidHand(
            "a complete hand: nothing to discard (see `riichi score` for its value)",
            detail="not_a_discard_problem",
        )
    closed = all(not m.is_open for m in p.melds)
    draw_budget = s0 + (p.extra if p.hand_changes else 0)
    back_budget = s0 + (p.extra if p.shanten_back else 0)
    g = Graph(start, pool, shanten, draw_budget, back_budget, p.riichi and closed, (s0, kept))
    tops = _top_discards(g, start, s0, kept)
    g.expand()
    g.finish()
    wins = _win_values(g, p, pool34, unseen)
    values = solve(g, wins, unseen, p.turn, [i for _, i in tops], p.ippatsu and p.riichi and closed)
    discards = []
    for n, (kind, i) in enumerate(tops):
        discards.append(_discard_value(g, pool34, p.counts, kind, i, n, values))
    best = {}
    for target in _TARGET_LIST:
        top = discards[0]
        for n in range(1, len(discards)):
            d = discards[n]
            if d.value(target) > top.value(target):
                top = d
        best[target] = top.tile
    return Analysis(s0, unseen, p.turn, LAST_TURN - p.turn, tuple(discards), best)


def _start_key(p: Problem) -> tuple[int, int]:
    """The packed starting hand, red fives as their own kinds (`pack`, read from the counts in place)."""
    hi: i64 = 0
    lo: i64 = 0
    shift: i64 = 0
    for c in p.counts:
        n: i64 = c
        if shift < _LO_SHIFT:
            hi |= n << shift
        else:
            lo |= n << (shift - _LO_SHIFT)
        shift += 3
    reds = [p.reds[0], p.reds[1], p.reds[2]]  # a list: see `_RED_LIMITS`
    for s in range(3):
        r: i64 = reds[s]
        five = _FIVES[s]
        hi -= r * _UNIT_HI[five]
        lo += r * (_UNIT_LO[_RED_KINDS[s]] - _UNIT_LO[five])
    return hi, lo


#: Where kind 18 (the first in ``lo``) starts in the bits of the counts read in order.
_LO_SHIFT: Final = 3 * 18
#: `UNIT_HI` and `UNIT_LO` as this module's lists (compiled, read without a look-up).
_UNIT_HI: Final = list(UNIT_HI)
_UNIT_LO: Final = list(UNIT_LO)


def _pool(p: Problem, start: tuple[int, int]) -> list[int]:
    """Copies of each kind the player cannot see (the hand's own included), refusing more copies than
    the set has."""
    red_limit = _RED_LIMITS.get(p.rules.aka_dora, _NO_REDS)
    pool = [4] * NUM_KINDS
    for s in range(3):
        pool[_FIVES[s]] = 4 - red_limit[s]
        pool[_RED_KINDS[s]] = red_limit[s]
    if p.rules.players == 3:
        for t in NOT_IN_THREE_PLAYER:
            pool[t] = 0
    _take(pool, p.dora)
    _take(pool, p.seen)
    for meld in p.melds:
        _take(pool, tuple(meld.pairs()))
    hi: i64 = start[0]
    lo: i64 = start[1]
    k: i64
    for k in range(NUM_KINDS):
        left: i64 = pool[k]
        if left < (hi >> (3 * k) if k < 18 else lo >> (3 * k - 54)) & 7:  # `count_of`, inline
            _refuse(p, k)
    return pool


def _take(pool: list[int], pairs: tuple[tuple[int, bool], ...]) -> None:
    """Take seen tiles, (tile, red) pairs, out of the pool."""
    for t, red in pairs:
        k = _RED_KINDS[t // 9] if red and t < 27 and t % 9 == 4 else t
        pool[k] = pool[k] - 1


def _refuse(p: Problem, k: int) -> None:
    """The error for more copies of kind ``k`` than the set has."""
    tile = kind_tile(k)
    if k >= 34:
        raise InvalidHand(
            f"more red {name(tile)} than the rules have (aka_dora: {p.rules.aka_dora})",
            detail="too_many_red_fives",
        )
    if p.rules.players == 3 and tile in NOT_IN_THREE_PLAYER:
        raise InvalidHand(not_in_set(tile), detail="not_in_three_player_set")
    raise InvalidHand(
        f"more than four {name(tile)} (hand, melds, indicators and seen tiles together)",
        detail="fifth_copy",
    )


def _top_discards(g: Graph, start: tuple[int, int], s0: int, kept: int) -> list[tuple[int, int]]:
    """(kind, 13-tile state) of each discard the model reaches from the starting hand, in tile order,
    a red five just after its plain five. ``kept``: the tiles whose discard keeps the shanten
    (`Shanten.near`)."""
    hi: i64 = start[0]
    lo: i64 = start[1]
    out: list[tuple[int, int]] = []
    t: i64
    for t in range(34):
        if (hi >> (3 * t) if t < 18 else lo >> (3 * t - 54)) & 7:  # `count_of`, inline
            _top_discard(g, hi, lo, s0, kept, t, out)
        if t < 27 and t % 9 == 4:  # a five: its red kind next
            red: i64 = 34 + t // 9
            if lo >> (3 * red - 54) & 7:
                _top_discard(g, hi, lo, s0, kept, red, out)
    return out


def _top_discard(g: Graph, hi: i64, lo: i64, s0: i64, kept: i64, k: i64, out: list[tuple[int, int]]) -> None:
    """`_top_discards` of kind ``k`` (held): its 13-tile state, if the model reaches it."""
    s13: i64 = s0 + 1 - (kept >> _TILE_OF[k] & 1)
    if s13 == s0 or s13 <= g.back_budget:
        out.append((k, g.state13(hi - _UNIT_HI[k], lo - _UNIT_LO[k], s13, 0)))


#: `TILE_OF` as this module's list.
_TILE_OF: Final = list(TILE_OF)


def _win_values(g: Graph, p: Problem, pool34: list[int], unseen: int) -> WinValues:
    """The value of every win of the graph: plain, and on the ippatsu and last draws when asked.
    ``unseen``: the pool's tiles but the hand's."""
    meld_counts = NO_MELDS
    if p.melds:
        meld_counts = [0] * 34
        for meld in p.melds:
            for t in meld.tiles:
                meld_counts[t] = meld_counts[t] + 1
    dora = tuple([t for t, _ in p.dora])
    held = 14 - 3 * len(p.melds)  # the concealed tiles (`check_problem`), all in the pool
    # the values asked: plain, on the ippatsu draw, on the last, on both
    asked = len(g.win_hi) * (2 if p.ippatsu and g.riichi else 1) * (2 if p.haitei else 1)
    scorer = WinScorer(
        p.melds, meld_counts, pool34, dora, p.round_wind, p.seat_wind, p.rules, p.ura, unseen + held, asked
    )
    wins = range(len(g.win_hi))
    hi, lo, kind = g.win_hi, g.win_lo, g.win_kind
    plain = [scorer.value(hi[w], lo[w], kind[w], g.riichi, False, False) for w in wins]
    ippatsu, last, both = plain, plain, plain
    if p.ippatsu and g.riichi:
        ippatsu = [scorer.value(hi[w], lo[w], kind[w], True, True, False) for w in wins]
    if p.haitei:
        last = [scorer.value(hi[w], lo[w], kind[w], g.riichi, False, True) for w in wins]
        both = last
        if p.ippatsu and g.riichi:
            both = [scorer.value(hi[w], lo[w], kind[w], True, True, True) for w in wins]
    return WinValues(plain, ippatsu, last, both)


def _discard_value(
    g: Graph, pool34: list[int], counts: tuple[int, ...], kind: int, i: int, n: int, values: PerTurn
) -> DiscardValue:
    """One row of the answer: the discard, its acceptance (the unseen copies: ``pool34`` less the 14
    tiles' ``counts``), its values per turn."""
    s13 = g.shanten13[i]
    # The draws that lower the shanten (a tile held four times has none unseen).
    better: i64 = g.start_better[i]
    acceptance: list[tuple[str, int]] = []
    total = 0
    t: i64
    for t in range(34):
        if better >> t & 1:
            unseen = pool34[t] - counts[t]
            if unseen > 0:
                acceptance.append((name(t), unseen))
                total += unseen
    tenpai = tuple(values.tenpai[n])
    win = tuple(values.win[n])
    ev = tuple(values.ev[n])
    tile = kind_tile(kind)
    return DiscardValue(
        name(tile, kind >= 34), tile, kind >= 34, s13, tuple(acceptance), total, tenpai, win, ev
    )


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
