"""One value of an input mapping read and checked: ids, seats, flags, counters, lists of tiles.

Pure: each reader takes the value and the key it came under (for the message) and returns the core
value, or raises the refusal with its detail id."""

from __future__ import annotations

import math

from ..core.errors import InvalidContext, NotationError, did_you_mean, short
from ..core.notation import scan_codes, tile_code

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Any, Final, NoReturn

_SEATS: Final = {"E": "E", "S": "S", "W": "W", "N": "N"}
_SEAT_WORDS: Final = {
    "e": "E",
    "s": "S",
    "w": "W",
    "n": "N",
    "east": "E",
    "south": "S",
    "west": "W",
    "north": "N",
}
TilePairs = list[tuple[int, bool]]


def unknown_key_message(key: object, valid: frozenset[str] | set[str]) -> str:
    """``unknown key 'hnd' (did you mean 'hand'?)``, or the valid keys when nothing is close."""
    hint = did_you_mean(key, valid) or " (valid keys: " + ", ".join(sorted(valid)) + ")"
    return f"unknown key {short(key)}{hint}"


def valid_id(value: object) -> bool:
    """An ``id`` is echoed into JSON as it is: a string, a finite number of at most 30 digits (no
    NaN, no infinity, no int too long to print), a bool or nothing."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value.bit_length() <= 100
    return value is None or isinstance(value, (str, bool))


def read_id(mapping: dict) -> Any:
    """The ``id`` key, checked by `valid_id`."""
    ident = mapping.get("id")
    if not valid_id(ident):
        message = f"id must be a string or a finite number of at most 30 digits, got {short(ident)}"
        raise InvalidContext(message, detail="bad_id")
    return ident


def seat(value: object, key: str) -> str:
    if not isinstance(value, str):
        found = None
    elif value == "E":  # as written most of the time: compared (compiled, cheaper than a look-up)
        return "E"
    elif value == "S":
        return "S"
    else:
        found = _SEATS.get(value)
        if found is None:
            found = _SEAT_WORDS.get(value.strip().lower())
    if found is None:
        raise InvalidContext(f"{key} must be one of E, S, W, N, got {short(value)}", detail="bad_seat")
    return found


def flag(value: object, key: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidContext(f"{key} must be true or false, got {short(value)}", detail="bad_flag")
    return value


def chankan_value(value: object) -> tuple[bool, bool]:
    """(chankan, the robbed kan was concealed) of ``chankan: true | false | ankan``."""
    if isinstance(value, bool):
        return value, False
    if isinstance(value, str) and value.strip().lower() == "ankan":
        return True, True
    message = f"chankan must be true, false or ankan (a robbed concealed kan), got {short(value)}"
    raise InvalidContext(message, detail="bad_flag")


#: Counters (honba, deposits) above this are refused: no table gets there, and points stay small.
MAX_COUNT: Final = 999


def count(value: object, key: str, high: int = MAX_COUNT) -> int:
    """A whole number from 0 to ``high`` (bounded, so a 5,000-digit honba is refused, not computed)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise InvalidContext(
            f"{key} must be a whole number from 0 to {high}, got {short(value)}", detail="bad_count"
        )
    return value


def tile_list(value: object, key: str) -> TilePairs:
    """A list of tiles (``[4s, 1z]``) or a string of groups (``"4s1z"``, ``"3m,4m"``, ``"1p 2p"``)
    as (tile, red) pairs: commas and spaces may separate the groups."""
    return [(code >> 1, bool(code & 1)) for code in tile_codes(value, key)]


def tile_codes(value: object, key: str) -> list[int]:
    """`tile_list` as tile codes (tile * 2 + red): no pair to build per tile."""
    if value is None:
        return []
    items: list  # walked as a list (a union of list and tuple is walked by the generic protocol)
    if isinstance(value, str):
        items = [value]
    elif isinstance(value, list):
        items = value
    elif isinstance(value, tuple):
        items = list(value)
    else:
        _not_a_tile_list(key, value)
    for item in items:
        if not _tile_item(item):
            _not_a_tile_list(key, value)
    try:
        out: list[int] = []
        for item in items:
            text = item if isinstance(item, str) else str(item)
            code = tile_code(text)  # most items are one tile, like '1m'
            if code >= 0:
                out.append(code)
            else:
                out += scan_list(text)
        return out
    except NotationError as e:
        raise e.reworded(f"{key}: {e.message}") from None


def _not_a_tile_list(key: str, value: object) -> NoReturn:
    raise InvalidContext(
        f"{key} must be a list of tiles or a string like '4s1z', got {short(value)}", detail="bad_tile_list"
    )


def _tile_item(value: object) -> bool:
    """A list item that may name tiles: text, or a small number (YAML reads ``[55]`` as one)."""
    return isinstance(value, str) or (isinstance(value, int) and abs(value) < 10**9)


def scan_list(text: str) -> list[int]:
    """The tile codes of ``text``, its groups separated by commas and/or whitespace (or nothing)."""
    out: list[int] = []
    start = 0
    for i in range(len(text) + 1):
        if i == len(text) or text[i] == "," or text[i].isspace():
            if i > start:
                out += scan_codes(text, start, i)  # positions stay those of ``text`` for the caret
            start = i + 1
    return out
