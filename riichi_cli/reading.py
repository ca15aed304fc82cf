"""Readings of a winning hand: one decomposition plus which group the winning tile completed.

A tile can finish a hand in several ways (the 5 of 34556 closes a sequence or the pair);
each way is a reading, and the scorer keeps the one that pays most.
"""

from __future__ import annotations

from .context import Context
from .decompose import SEQ, TRIP, is_chiitoitsu, is_kokushi, standard_splits
from .hand import Hand
from .rules import Rules
from .tiles import GREEN_TILES, ORPHANS, TERMINALS, wind_tile

_ORPHANS, _TERMINALS = frozenset(ORPHANS), frozenset(TERMINALS)

# A set in a reading: (kind, first tile, open, kan). "open" is as fu and sanankou see it:
# called, or a triplet completed by a ron.
Set = tuple[int, int, bool, bool]


class Reading:
    """One way to read the hand. ``form`` is standard, chiitoitsu or kokushi."""

    __slots__ = (
        "form", "sets", "pair", "wait", "trips", "seqs", "concealed_trips", "kans", "h",
        "closed", "counts", "ctx", "rules", "seat_tile", "round_tile", "win_tile", "hand",
    )  # fmt: skip

    def __init__(self, form: str, sets: tuple[Set, ...], pair: int, wait: str, h: HandFacts) -> None:
        self.form: str = form
        self.sets: tuple[Set, ...] = sets
        self.pair: int = pair
        self.wait: str = wait
        self.h: HandFacts = h
        # copied from the shared facts because the predicates read them constantly
        self.closed: bool = h.closed
        self.counts: list[int] = h.counts
        self.ctx: Context = h.ctx
        self.rules: Rules = h.rules
        self.seat_tile: int = h.seat_tile
        self.round_tile: int = h.round_tile
        self.win_tile: int = h.win
        self.hand: Hand = h.hand
        self.trips = tuple(t for kind, t, _, _ in sets if kind == TRIP)
        self.seqs = tuple(t for kind, t, _, _ in sets if kind == SEQ)
        self.concealed_trips = sum(1 for kind, _, is_open, _ in sets if kind == TRIP and not is_open)
        self.kans = sum(1 for s in sets if s[3])


class HandFacts:
    """What every reading of one hand shares: the tiles, the situation, and tile-set facts."""

    __slots__ = (
        "hand", "ctx", "rules", "closed", "counts", "win", "seat_tile", "round_tile", "suits",
        "all_simple", "all_orphan", "all_honor", "all_terminal", "all_green",
    )  # fmt: skip

    def __init__(self, hand: Hand, ctx: Context, rules: Rules) -> None:
        self.hand: Hand = hand
        self.ctx: Context = ctx
        self.rules: Rules = rules
        self.win: int = hand.win_tile
        self.closed: bool = hand.is_closed
        self.counts: list[int] = hand.all_counts()
        self.seat_tile: int = wind_tile(ctx.seat_wind)
        self.round_tile: int = wind_tile(ctx.round_wind)
        present = {t for t, n in enumerate(self.counts) if n}
        self.suits = {t // 9 for t in present}
        self.all_simple = present.isdisjoint(_ORPHANS)
        self.all_orphan = present <= _ORPHANS
        self.all_honor = min(present) >= 27
        self.all_terminal = present <= _TERMINALS
        self.all_green = present <= GREEN_TILES


def _sequence_wait(first: int, win: int) -> str:
    if win == first + 1:
        return "kanchan"
    if (win == first and first % 9 == 6) or (win == first + 2 and first % 9 == 0):
        return "penchan"
    return "ryanmen"


def readings(hand: Hand, ctx: Context, rules: Rules) -> list[Reading]:
    """Every reading of a 14-tile hand; empty when the tiles are not a winning shape."""
    shared = HandFacts(hand, ctx, rules)
    melds = tuple((SEQ if m.is_chi else TRIP, m.tiles[0], m.is_open, m.is_kan) for m in hand.melds)
    win, ron = hand.win_tile, not ctx.tsumo
    out: list[Reading] = []
    for groups, pair in standard_splits(hand.concealed):
        sets = [(kind, t, False, False) for kind, t in groups]
        tried = set()
        options = [(-1, "tanki")] if pair == win else []
        for i, (kind, t) in enumerate(groups):
            if (kind, t) in tried:
                continue
            if kind == TRIP and t == win:
                options.append((i, "shanpon"))
            elif kind == SEQ and t <= win <= t + 2:
                options.append((i, _sequence_wait(t, win)))
            else:
                continue
            tried.add((kind, t))
        for i, wait in options:
            these = list(sets)
            if wait == "shanpon" and ron:
                these[i] = (TRIP, win, True, False)
            out.append(Reading("standard", tuple(these) + melds, pair, wait, shared))
    if not hand.melds and sum(hand.concealed) == 14:
        if is_chiitoitsu(hand.concealed):
            out.append(Reading("chiitoitsu", (), -1, "tanki", shared))
        elif is_kokushi(hand.concealed):
            wait = "kokushi13" if hand.concealed[win] == 2 else "tanki"
            out.append(Reading("kokushi", (), -1, wait, shared))
    return out
