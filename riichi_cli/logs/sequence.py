"""Whether a log holds its whole game: each round must start where the one before ended.

A round's start (round, honba, sticks on the table, each seat's score) follows from the round before:
the scores once its riichi sticks and its deltas are paid, the sticks taken by a winner or left for the
next round, a dealer who wins or draws keeping the deal with one more honba, a non-dealer win passing the
deal on with none. A round that does not follow means rounds are missing; a first round other than East 1
means the start is missing. The end of the game is each format's own (mjlog's ``owari``, tenhou6's final
scores, mjai's ``end_game``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import Riichi, Round


# Not frozen: a compiled frozen dataclass cannot be unpickled (it comes back from the workers), and no
# __init__ of its own: a compiled class with one cannot be unpickled either (it is called without
# arguments), so its generated __init__ runs as Python (once a round).
@dataclass
class Summary:
    """What the next round's start must follow from."""

    index: int
    name: str
    kyoku: int
    honba: int
    sticks: int
    scores: tuple[int, ...]
    after: tuple[int, ...]  # the scores once the round's sticks and deltas are paid
    won: bool
    dealer_won: bool
    left: int  # riichi sticks left on the table for the next round


def summary(rnd: Round) -> Summary:
    """The start and end of a round as read (before any rebuilding)."""
    paid = [0] * rnd.players
    for e in rnd.events:
        if isinstance(e, Riichi) and e.step == 2:
            paid[e.who] += 1000
    after = [s - p for s, p in zip(rnd.scores, paid)]
    deltas = [w.recorded.deltas for w in rnd.wins] or ([rnd.draw.deltas] if rnd.draw else [])
    for d in deltas:
        after = [a + x for a, x in zip(after, d)]
    left = 0 if rnd.wins else rnd.sticks + sum(paid) // 1000
    dealer_won = any(w.who == rnd.dealer for w in rnd.wins)
    name = f"{rnd.name}-{rnd.honba}"
    won = bool(rnd.wins)
    start = (rnd.kyoku, rnd.honba, rnd.sticks, rnd.scores)
    return Summary(rnd.index, name, *start, tuple(after), won, dealer_won, left)


def next_kyoku(kyoku: int, players: int) -> int:
    """The round after ``kyoku`` once the deal passes on (three players skip the North dealer)."""
    nxt = kyoku + 1
    return nxt + 1 if players == 3 and nxt % 4 == 3 else nxt


def gap(prev: Summary, cur: Summary, players: int) -> str | None:
    """Why ``cur`` cannot be the round right after ``prev``, or None."""
    here, before = f"round {cur.index} ({cur.name})", f"round {prev.index} ({prev.name})"
    if cur.scores != prev.after:
        return (f"{here} starts with scores {list(cur.scores)}, but {before} ends with {list(prev.after)}: "
                "rounds are missing between them")  # fmt: skip
    stays = prev.dealer_won or not prev.won  # the dealer keeps the deal, one more honba
    passed = next_kyoku(prev.kyoku, players)
    kyokus = ((prev.kyoku,) if prev.won else (prev.kyoku, passed)) if stays else (passed,)
    if cur.honba != (prev.honba + 1 if stays else 0) or cur.kyoku not in kyokus or cur.sticks != prev.left:
        return f"{here} cannot follow {before}: rounds are missing"
    return None


class Sequence:
    """Fed each round's `Summary` in log order (None for a round that could not be read), it keeps the
    first reason the rounds do not make a whole game."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.last: Summary | None = None
        self.seen = 0
        self.reason: str | None = None

    def add(self, s: Summary | None) -> None:
        self.seen += 1
        if s is not None and self.reason is None:
            if self.seen == 1 and (s.kyoku, s.honba, s.sticks) != (0, 0, 0):
                self.reason = (f"the log starts at {s.name}, not at the first round (E1-0): the rounds "
                               "before it are missing")  # fmt: skip
            elif self.last is not None:
                self.reason = gap(self.last, s, self.players)
        self.last = s

    def final(self, scores: tuple[int, ...] | None) -> None:
        """The game's final scores as the log gives them; None when it gives none."""
        if self.reason is not None or self.last is None:
            return
        if scores is None:
            self.reason = "the log gives no final scores: it may hold only part of the game"
        elif not same_end(scores, self.last):
            last = f"({self.last.name}, {list(self.last.after)})"
            self.reason = f"the final scores {list(scores)} do not follow from the last round {last}: " + (
                "rounds are missing at the end")  # fmt: skip


def same_end(scores: tuple[int, ...], last: Summary) -> bool:
    """The final scores are the last round's, the sticks still on the table given to one seat (the top)."""
    more = [s - a for s, a in zip(scores, last.after)]
    return len(scores) == len(last.after) and sorted(more)[:-1] == [0] * (len(more) - 1) and max(more) in (
        0, 1000 * last.left)  # fmt: skip
