"""A game log in one shape whatever its format: rounds of events, each round ending in wins or a draw.

Seats are absolute (0 = the first dealer), tiles are the ints of :mod:`logs.tiles`. What the log
recorded about each round end (`Recorded`) sits beside the events, so the rebuilt round can be
compared with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from .melds import Meld

# The events and round ends are dataclasses with their own __init__ and not frozen: a round holds about
# a hundred events, and compiled by mypyc a dataclass's generated __init__ still runs as Python (a frozen
# one through object.__setattr__ too), three times the cost of a compiled __init__. Nothing changes one
# once made; they compare by value as before (and, not frozen, do not hash: nothing puts them in a set).


@dataclass(init=False)
class Draw:
    who: int
    tile: int

    def __init__(self, who: int, tile: int) -> None:
        self.who, self.tile = who, tile


@dataclass(init=False)
class Discard:
    """``tsumogiri``: the tile just drawn goes out (as the log tells it: same copy, or tenhou6's 60)."""

    who: int
    tile: int
    tsumogiri: bool

    def __init__(self, who: int, tile: int, tsumogiri: bool = False) -> None:
        self.who, self.tile, self.tsumogiri = who, tile, tsumogiri


@dataclass(init=False)
class Call:
    who: int
    meld: Meld

    def __init__(self, who: int, meld: Meld) -> None:
        self.who, self.meld = who, meld


@dataclass(init=False)
class Riichi:
    """``step`` 1 is the declaration; 2 the stick accepted (the declaring discard was not ronned)."""

    who: int
    step: int

    def __init__(self, who: int, step: int) -> None:
        self.who, self.step = who, step


@dataclass(init=False)
class Dora:
    """A new dora indicator turned over (after a kan)."""

    tile: int

    def __init__(self, tile: int) -> None:
        self.tile = tile


Event = Union[Draw, Discard, Call, Riichi, Dora]  # noqa: UP007 (a runtime alias: X | Y needs 3.10 objects)


@dataclass(init=False)
class Recorded:
    """What the log says one win was worth; ``han`` and ``fu`` are None where the log does not say
    (yakuman hands, and tenhou6's limit hands, which give no fu); every field but ``deltas`` is None
    when the log gives only the deltas. ``yaku`` is (id, han or yakuman count, is_yakuman) in the
    log's order; ``deltas`` each seat's change (three in a three-player game)."""

    han: int | None
    fu: int | None
    yakuman: int | None
    points: int | None
    yaku: tuple[tuple[str, int, bool], ...] | None
    deltas: tuple[int, ...]

    def __init__(self, han: int | None, fu: int | None, yakuman: int | None, points: int | None,
                 yaku: tuple[tuple[str, int, bool], ...] | None,
                 deltas: tuple[int, ...]) -> None:  # fmt: skip
        self.han, self.fu, self.yakuman, self.points, self.yaku = han, fu, yakuman, points, yaku
        self.deltas = deltas


@dataclass(init=False)
class Win:
    """One winner: ``source`` is the discarder's seat (None for tsumo), ``pao`` the liable seat or None
    (-1: the log does not say)."""

    who: int
    source: int | None
    pao: int | None
    ura: tuple[int, ...]
    recorded: Recorded

    def __init__(self, who: int, source: int | None, pao: int | None, ura: tuple[int, ...],
                 recorded: Recorded) -> None:  # fmt: skip
        self.who, self.source, self.pao, self.ura, self.recorded = who, source, pao, ura, recorded


@dataclass(init=False)
class Ending:
    """A draw: ``reason`` is exhaustive, nagashi, kyuushu, suufon, suucha_riichi, suukan or sanchahou."""

    reason: str
    deltas: tuple[int, ...]

    def __init__(self, reason: str, deltas: tuple[int, ...]) -> None:
        self.reason, self.deltas = reason, deltas


@dataclass(init=False)
class Round:
    """One hand of the game: the table at its start, its events, and how it ended (``wins`` or ``draw``;
    both empty when the log stops before the round ends)."""

    index: int
    kyoku: int  # 0 = East 1 ... 4 = South 1 ...
    honba: int
    sticks: int
    scores: tuple[int, ...]
    dora: list[int]
    hands: list[list[int]]
    events: list[Event]
    wins: list[Win]
    draw: Ending | None

    def __init__(self, index: int, kyoku: int, honba: int, sticks: int, scores: tuple[int, ...],
                 dora: list[int], hands: list[list[int]], events: list[Event] | None = None,
                 wins: list[Win] | None = None, draw: Ending | None = None) -> None:  # fmt: skip
        self.index, self.kyoku, self.honba, self.sticks, self.scores = index, kyoku, honba, sticks, scores
        self.dora, self.hands, self.draw = dora, hands, draw
        self.events = [] if events is None else events
        self.wins = [] if wins is None else wins

    @property
    def dealer(self) -> int:
        return self.kyoku % 4

    @property
    def players(self) -> int:
        """Seats at the table: 4, or 3 in a three-player game (no North seat)."""
        return len(self.hands)

    @property
    def name(self) -> str:
        """``E1``, ``S4``..."""
        return f"{'ESWN'[self.kyoku // 4 % 4]}{self.kyoku % 4 + 1}"


@dataclass
class Game:
    """A whole log: its id, seat count, the lobby's rule bits, and the rounds as read."""

    ref: str
    players: int
    red_fives: bool
    open_tanyao: bool
    rounds: list[Round]
    #: rounds that could not be read: (round index, why, the round's name and honba when known)
    problems: list[tuple[int, str, str | None, int | None]] = field(default_factory=list)
    started: int = 0  # rounds begun so far, read or not: the next round's index
    #: what the log says besides the rounds, for `riichi convert`: ``name``, ``dan``, ``rate``, ``sx``,
    #: ``lobby``, ``type`` (mjlog's rule bits), ``sc`` (final scores and points)...
    info: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Problem:
    """A round that could not be read: its index, why, and its name and honba when known."""

    index: int
    why: str
    kyoku: str | None = None
    honba: int | None = None


# Not frozen: a compiled frozen dataclass cannot be unpickled (it goes to the pool's workers); no __init__
# of its own either: a compiled class with one is called without arguments when unpickled, and fails.
@dataclass
class Piece:
    """Some consecutive rounds of one log, as the reader of its format takes them: a slice of the text
    (mjlog, mjai) or the raw round lists (tenhou6). Small and picklable: the unit of work of a pool.
    ``game`` is the log's header (rounds empty); ``first`` the index of the first round in it;
    ``last`` whether the log ends with this piece."""

    fmt: str
    game: Game
    payload: str | list
    first: int
    last: bool


def finished(rnd: Round, why: str = "the log ends before this round does") -> Round | Problem:
    """The round as read, or a `Problem` when it has no end (no win, no draw)."""
    if rnd.wins or rnd.draw is not None:
        return rnd
    return Problem(rnd.index, why, rnd.name, rnd.honba)
