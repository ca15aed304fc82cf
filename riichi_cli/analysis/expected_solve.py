"""The backward calculation of `riichi analyze`: the three values of every state, turn by turn.

At turn t a 13-tile state draws kind k with probability ``c_k / (S - t)``; a draw the graph does not
pursue is thrown back (the state stays). After a draw the player takes the best of the allowed
discards, or the win, each value maximised on its own: the probability of being tenpai at the end,
of winning, and the expected score. The state at turn 18 is the end: tenpai counts 1, the rest 0.

With ippatsu valued, a riichi state has two expected scores: entered by the riichi discard ("fresh":
its next draw is the ippatsu draw) and stayed in ("stale"). Every other state has one.
"""

from __future__ import annotations

from typing import Final

from ..core.native import i64
from .expected_graph import Graph, word
from .expected_win import NO_WIN

#: Final: compiled, a plain module name is looked up in the module's dict at every turn.
LAST_DRAW: Final = 17


class WinValues:
    """The value of each win of the graph (`Graph.wins` order) on an ordinary draw, on the ippatsu
    draw and on the last draw (haitei; with ippatsu too when both are asked)."""

    def __init__(
        self, plain: list[float], ippatsu: list[float], last: list[float], last_ippatsu: list[float]
    ) -> None:
        self.plain = plain
        self.ippatsu = ippatsu
        self.last = last
        self.last_ippatsu = last_ippatsu


class PerTurn:
    """Values of the watched states per turn: ``tenpai[i][n]`` is watched state i's from turn
    ``turn + n``, up to turn 18."""

    def __init__(self, tenpai: list[list[float]], win: list[list[float]], ev: list[list[float]]) -> None:
        self.tenpai = tenpai
        self.win = win
        self.ev = ev


class Values13:
    """A 13-tile state's values from the turn being solved: native floats in one object (a list of
    floats would box each value read and allocate each value written). ``stale`` is the expected
    score of a riichi state stayed in (with ippatsu valued; ``ev`` otherwise). Its draws are the
    draw edges ``begin`` to ``end`` (read once from the packed bounds: `_states13`)."""

    def __init__(self, tenpai: float, begin: i64 = 0, end: i64 = 0, riichi: bool = False) -> None:
        self.tenpai = tenpai
        self.win = 0.0
        self.ev = 0.0
        self.stale = 0.0
        self.begin = begin
        self.end = end
        self.riichi = riichi


class Best14:
    """A 14-tile state's best values after this turn's draw (``first``: on the ippatsu draw), its
    discards (edges ``begin`` to ``end``) and the win it offers (``offer``: its number, or -1)."""

    def __init__(self, begin: i64 = 0, end: i64 = 0, offer: i64 = -1) -> None:
        self.tenpai = 0.0
        self.win = 0.0
        self.ev = 0.0
        self.first = 0.0
        self.begin = begin
        self.end = end
        self.offer = offer


def solve(g: Graph, wins: WinValues, unseen: int, turn: int, watched: list[int], ippatsu: bool) -> PerTurn:
    """The values of the ``watched`` 13-tile states from every turn ``turn``..18.

    The 13-tile states' values are updated in place turn by turn (a state's new value reads only its
    own old value and the 14-tile states' best values, computed first from the old values); the
    14-tile states' best values are kept in objects reused every turn. A win offers tenpai and win 1
    at every turn, written once.
    """
    states, bests = _states13(g), _states14(g)
    # The first turn solved is the last draw's: its wins (haitei may be a hand's only yaku) are the
    # wins of every earlier turn and more; a win that is none earlier is then written as a non-win.
    for best in bests:
        if best.offer >= 0 and wins.last[best.offer] != NO_WIN:
            best.tenpai = 1.0
            best.win = 1.0
    # Each watched state's values per turn, written from turn 18 backwards into rows made whole first
    # (a write in place costs less than an append, and no row is reversed).
    watch = [states[i] for i in watched]
    first_turn: i64 = turn
    size: i64 = LAST_DRAW - first_turn + 2
    out_t = [[0.0] * size for _ in watched]
    out_w = [[0.0] * size for _ in watched]
    out_e = [[0.0] * size for _ in watched]
    n: i64
    for n in range(len(watch)):
        out_t[n][size - 1] = watch[n].tenpai
    ends13, ends14 = _ends(g.depth13), _ends(g.depth14)
    last13: i64 = len(ends13) - 1
    last14: i64 = len(ends14) - 1
    succ, drawn = _successors(g, states), _drawn(g, bests)
    draws = g.draws_b
    plain_values, last_values = wins.plain, wins.last
    first_values, last_first = wins.ippatsu, wins.last_ippatsu
    left: i64 = unseen
    top = 0.0  # the most any 13-tile state's (stale) expected score is worth from the next turn
    t: i64 = LAST_DRAW
    while t >= first_turn:
        last = t == LAST_DRAW
        plain = last_values if last else plain_values
        # Only the states reached in t - turn draws or fewer matter from turn t.
        reach: i64 = t - first_turn
        if reach > last13:
            reach = last13
        n13: i64 = ends13[reach]
        n14: i64 = ends14[reach if reach < last14 else last14]
        _after_draw(n14, succ, plain, bests, top)
        if ippatsu:
            _first_draw(n14, succ, plain, last_first if last else first_values, bests)
        top = _before_draw(draws, n13, float(left - t), states, drawn, ippatsu)
        at: i64 = t - first_turn
        for n in range(len(watch)):
            state = watch[n]
            out_t[n][at] = state.tenpai
            out_w[n][at] = state.win
            out_e[n][at] = state.ev
        t -= 1
    return PerTurn(out_t, out_w, out_e)


def _ends(depths: list[int]) -> list[int]:
    """``ends[d]``: how many states (numbered by depth) are at depth d or less."""
    ends: list[int] = []
    for i in range(len(depths)):
        while len(ends) < depths[i]:
            ends.append(i)
    while len(ends) <= (depths[-1] if depths else 0):
        ends.append(len(depths))
    return ends


def _states13(g: Graph) -> list[Values13]:
    """The 13-tile states, each with its draw edges' bounds (4 bytes each, see `word`), its riichi
    flag, and its value at the end (turn 18): tenpai counts 1."""
    lo, shanten13, riichi13 = g.draw_lo_b, g.shanten13, g.riichi13
    out: list[Values13] = []
    i: i64
    begin = word(lo, 0)
    for i in range(len(lo) // 4 - 1):
        end = word(lo, i + 1)
        out.append(Values13(1.0 if shanten13[i] == 0 else 0.0, begin, end, riichi13[i]))
        begin = end
    return out


def _states14(g: Graph) -> list[Best14]:
    """The 14-tile states, each with its discard edges' bounds and the number of its win (-1: none)."""
    lo, win14 = g.succ_lo_b, g.win14_b
    out: list[Best14] = []
    j: i64
    begin = word(lo, 0)
    for j in range(len(lo) // 4 - 1):
        end = word(lo, j + 1)
        out.append(Best14(begin, end, word(win14, j) - 1))
        begin = end
    return out


def _successors(g: Graph, states: list[Values13]) -> list[Values13]:
    """The 13-tile state each discard edge leads to, in edge order: read once from the packed edges
    (4 bytes each, see `word`), then every turn by its place."""
    succ = g.succ_b
    out: list[Values13] = []
    e: i64
    for e in range(0, len(succ), 4):
        out.append(
            states[i64(succ[e]) | i64(succ[e + 1]) << 8 | i64(succ[e + 2]) << 16 | i64(succ[e + 3]) << 24]
        )
    return out


def _drawn(g: Graph, bests: list[Best14]) -> list[Best14]:
    """The 14-tile state each draw edge leads to, in edge order (an edge is the state shifted left 3
    bits, or'd with the copies: those are the first byte's low bits, read by `_before_draw`)."""
    draws = g.draws_b
    out: list[Best14] = []
    e: i64
    for e in range(0, len(draws), 4):
        edge = i64(draws[e]) | i64(draws[e + 1]) << 8 | i64(draws[e + 2]) << 16 | i64(draws[e + 3]) << 24
        out.append(bests[edge >> 3])
    return out


def _after_draw(n14: i64, succ: list[Values13], plain: list[float], bests: list[Best14], top: float) -> None:
    """The best of each 14-tile state: its win or its discards into next turn's 13-tile states.

    The discards that decline a win lead on into the stale values (riichi stays declared); a win's
    tenpai and win (1) are written once by `solve`. A win worth ``top`` or more (at least any stale
    value: `_before_draw` gives the most it wrote) is taken without a look at them.
    """
    j: i64
    e: i64
    w: i64
    for j in range(n14):
        best = bests[j]
        w = best.offer
        value = plain[w] if w >= 0 else NO_WIN
        be = 0.0
        if value != NO_WIN:  # a win: tenpai and win are 1; declining it matters to the score only
            if value >= top:
                best.ev = value
                continue
            for e in range(best.begin, best.end):
                v = succ[e].stale
                if v > be:
                    be = v
            best.ev = value if value > be else be
            continue
        bt = bw = 0.0
        for e in range(best.begin, best.end):
            s = succ[e]
            v = s.tenpai
            if v > bt:
                bt = v
            v = s.win
            if v > bw:
                bw = v
            v = s.ev
            if v > be:
                be = v
        best.tenpai = bt
        best.win = bw
        best.ev = be


def _first_draw(
    n14: i64, succ: list[Values13], plain: list[float], first: list[float], bests: list[Best14]
) -> None:
    """With ippatsu valued: each 14-tile state's expected score when this draw is the riichi's first
    (a win is worth ``first``; declining it, or any other state, is worth what `_after_draw` found)."""
    j: i64
    e: i64
    w: i64
    for j in range(n14):
        best = bests[j]
        w = best.offer
        if w >= 0 and plain[w] != NO_WIN:
            be = 0.0
            for e in range(best.begin, best.end):
                v = succ[e].stale
                if v > be:
                    be = v
            best.first = first[w] if first[w] > be else be
        else:
            best.first = best.ev


def _before_draw(
    draws: bytes, n13: i64, den: float, states: list[Values13], drawn: list[Best14], apart: bool
) -> float:
    """Each 13-tile state's values from this turn (in place): its pursued draws, the rest thrown back.

    A riichi state's draws all win, so its tenpai stays 1 (``(sum c + rest) / den``), unwritten. With
    ippatsu valued (``apart``: ``stale`` apart from ``ev``) a riichi state's fresh value takes its
    wins at the first draw's value; otherwise ``stale`` is written equal to ``ev``. Returns the most
    a stale value written is worth (the earlier turn's ``top``). ``draws``: the packed draw edges,
    whose first byte's low 3 bits are the copies drawn (see `_drawn`).
    """
    i: i64
    e: i64
    top = 0.0
    for i in range(n13):
        rest = den
        state = states[i]
        if state.riichi:
            aw = ae = af = 0.0
            for e in range(state.begin, state.end):
                c = float(draws[4 * e] & 7)
                best = drawn[e]
                rest -= c
                aw += c * best.win
                ae += c * best.ev
                if apart:  # the ippatsu draw's values (the same as best.ev otherwise)
                    af += c * best.first
            if not apart:
                af = ae
        else:
            at = aw = ae = 0.0
            for e in range(state.begin, state.end):
                c = float(draws[4 * e] & 7)
                best = drawn[e]
                rest -= c
                at += c * best.tenpai
                aw += c * best.win
                ae += c * best.ev
            af = ae
            state.tenpai = (at + rest * state.tenpai) / den
        state.win = (aw + rest * state.win) / den
        kept = rest * state.stale
        value = (ae + kept) / den
        if value > top:
            top = value
        state.stale = value
        state.ev = (af + kept) / den if apart else value
    return top
