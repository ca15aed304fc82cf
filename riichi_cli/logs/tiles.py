"""The tiles of a log as one small int: ``kind * 2 + red`` (kind 0-33 as in :mod:`core.tiles`).

Both log formats land here: mjlog's 136 tile ids (four copies of each kind, ids 16, 52 and 88
the red fives) and tenhou6's two-digit codes (11-19 man, 21-29 pin, 31-39 sou, 41-47 honours,
51-53 the red fives).
"""

from __future__ import annotations

from typing import Final

from ..core.tiles import format_counts
from ..core.tiles import name as kind_name

RED_IDS: Final = (16, 52, 88)  # the copy 0 of 5m, 5p, 5s
LAST_ID: Final = 135


class LogError(ValueError):
    """A log that cannot be read or a round that cannot be rebuilt; the message says why."""


def tile(kind: int, red: bool = False) -> int:
    return kind * 2 + (1 if red else 0)


def kind_of(t: int) -> int:
    return t >> 1


def is_red(t: int) -> bool:
    return bool(t & 1)


def from_id(i: int, red_fives: bool = True) -> int:
    """The tile of an mjlog id: ``from_id(16)`` is the red 5m, ``from_id(17)`` a plain one; a game
    without red fives has none (``red_fives=False``)."""
    if not 0 <= i <= LAST_ID:
        raise LogError(f"tile id {i} is not in 0-135")
    return tile(i // 4, red_fives and i in RED_IDS)


def from_code(code: int) -> int:
    """The tile of a tenhou6 code: ``from_code(15)`` is 5m, ``from_code(51)`` the red 5m."""
    tens, unit = divmod(code, 10)
    if 1 <= tens <= 3 and 1 <= unit <= 9:
        return tile((tens - 1) * 9 + unit - 1)
    if tens == 4 and 1 <= unit <= 7:
        return tile(27 + unit - 1)
    if tens == 5 and 1 <= unit <= 3:
        return tile((unit - 1) * 9 + 4, True)
    raise LogError(f"{code} is not a tenhou6 tile code")


def name(t: int) -> str:
    """Notation of one tile: ``5m``, ``0m`` for the red one."""
    return kind_name(kind_of(t), is_red(t))


def names(tiles: list[int]) -> str:
    """Compact sorted notation of several tiles: ``[from_id(16), from_id(0)]`` -> ``10m``."""
    counts, reds = [0] * 34, [0, 0, 0]
    for t in tiles:  # x[i] = x[i] + 1: compiled, an augmented item assignment is a generic call
        k = t >> 1
        counts[k] = counts[k] + 1
        if t & 1:
            reds[k // 9] = reds[k // 9] + 1
    return format_counts(counts, reds)
