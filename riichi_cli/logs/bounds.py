# mypyc: skip (NonFinite is a plain Python class with __int__; nothing here is hot)
"""What one number, one tag, one round of a log may hold (issue 23): past these a round is refused
with a short reason, so that a hostile log within the input caps costs bounded memory and output.

A round has at most a few hundred events (about 70 draws, 70 discards and a few calls), a win a few
dozen yaku; an attribute of an mjlog tag a few dozen numbers. The bounds below leave ample room.
"""

from __future__ import annotations

import json
from typing import Any, Final

from ..core.errors import clip
from .tiles import LogError

#: Events of one round (draws, discards, calls, riichi, dora).
MAX_EVENTS: Final = 1000
#: Characters of one tag attribute (``hai0``, ``yaku``, ``sc``...).
MAX_ATTRIBUTE: Final = 4096
#: Yaku items of one win.
MAX_YAKU: Final = 64
#: Round number (0 = East 1 ... 15 = North 4), honba and riichi sticks.
MAX_KYOKU: Final = 15
MAX_COUNTER: Final = 999
#: Characters of a log's text repeated in a message (a tag, a number, a line).
ECHO: Final = 60


class NonFinite:
    """A JSON number that is not a finite float (``1e400``, ``Infinity``, ``NaN``): ``int()`` refuses it
    with ValueError, as it refuses any other bad value, so the round it is in is refused alone."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __int__(self) -> int:
        raise ValueError(f"{clip(self.text, ECHO)} is not a finite number")

    def __repr__(self) -> str:
        return clip(self.text, ECHO)


def _float(text: str) -> float | NonFinite:
    value = float(text)
    return value if value - value == 0 else NonFinite(text)


def loads(text: str) -> Any:
    """JSON with every non-finite number as a `NonFinite` (json.loads makes ``1e400`` an infinity,
    which ``int()`` refuses with OverflowError, an error no reader expects)."""
    return json.loads(text, parse_float=_float, parse_constant=NonFinite)


def check_round(kyoku: object, honba: object, sticks: object) -> None:
    """LogError unless the round's number, honba and sticks are whole numbers in range."""
    for what, value, top in (("round number", kyoku, MAX_KYOKU), ("honba", honba, MAX_COUNTER),
                             ("riichi sticks", sticks, MAX_COUNTER)):  # fmt: skip
        if type(value) is not int or not 0 <= value <= top:
            raise LogError(f"{what} {clip(repr(value), ECHO)} is not a whole number from 0 to {top}")


def attribute(text: str) -> str:
    """An mjlog attribute's text, or LogError when it is longer than any real one."""
    if len(text) > MAX_ATTRIBUTE:
        raise LogError(f"an attribute of {len(text)} characters (at most {MAX_ATTRIBUTE})")
    return text


def events_room(count: int) -> None:
    """LogError when a round already holds `MAX_EVENTS` events."""
    if count >= MAX_EVENTS:
        raise LogError(f"a round of more than {MAX_EVENTS} events")


def yaku_count(count: int) -> None:
    """LogError when one win lists more than `MAX_YAKU` yaku."""
    if count > MAX_YAKU:
        raise LogError(f"a win with {count} yaku items (at most {MAX_YAKU})")
