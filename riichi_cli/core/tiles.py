"""Tiles as small ints.

0-8 are 1m-9m, 9-17 1p-9p, 18-26 1s-9s, 27-33 the honors East, South, West, North,
White, Green, Red (``1z``-``7z``). A hand is a 34-tuple of counts indexed by tile.
Red fives are ordinary fives here; who holds a red one is tracked beside the counts.
"""

from __future__ import annotations

from collections.abc import Sequence

from .native import i64
from .templates import Templates

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Final

SUITS: Final = "mpsz"
NUM_TILES: Final = 34
EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
WHITE: Final = 31
GREEN: Final = 32
RED: Final = 33
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (WHITE, GREEN, RED)
FIVES: Final = (4, 13, 22)  # 5m 5p 5s: the tiles that have a red version
TERMINALS: Final = (0, 8, 9, 17, 18, 26)
ORPHANS: Final = TERMINALS + tuple(range(27, 34))
#: Tiles of ryuuiisou: 2s 3s 4s 6s 8s and Green.
GREEN_TILES: Final = frozenset((19, 20, 21, 23, 25, GREEN))

SEATS: Final = "ESWN"
#: A seat letter's place in SEATS (a dict lookup is cheaper than ``str.index`` in the compiled core).
SEAT_INDEX: Final = {seat: i for i, seat in enumerate(SEATS)}
SEAT_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}
#: The honours as players call them, East to Red (``1z``-``7z``), and as printed on the tiles.
HONOR_NAMES: Final = ("East", "South", "West", "North", "White", "Green", "Red")
HONOR_KANJI: Final = ("東", "南", "西", "北", "白", "發", "中")

_DIGITS: Final = "123456789"
_NAMES: Final = tuple(f"{i % 9 + 1}{SUITS[i // 9]}" for i in range(NUM_TILES))
_IS_TERMINAL_OR_HONOR: Final = tuple(t >= 27 or t % 9 in (0, 8) for t in range(NUM_TILES))


def name(tile: int, red: bool = False) -> str:
    """The notation of one tile: ``name(4) == '5m'``, ``name(4, red=True) == '0m'``."""
    return f"0{SUITS[tile // 9]}" if red else _NAMES[tile]


def spell_digits(tiles: Sequence[int], reds: int) -> str:
    """The digits of ascending tiles, the first ``reds`` fives written 0 (so before the plain fives):
    the one spelling of red fives, for hands, melds and groups alike.

    >>> spell_digits([3, 4, 4, 5], 1)
    '4056'
    """
    digits = ""
    for t in tiles:
        if reds > 0 and t in FIVES:
            digits += "0"
            reds -= 1
        else:
            digits += _DIGITS[t % 9]
    return digits


def seat_before(seat: str, players: int = 4) -> str:
    """The seat that plays just before ``seat``: the default discarder of a ron (with three players
    the seat before East is West)."""
    if players == 4:
        return _BEFORE_OF_FOUR[seat]
    return SEATS[(SEAT_INDEX[seat] - 1) % players]


_BEFORE_OF_FOUR: Final = {"E": "N", "S": "E", "W": "S", "N": "W"}


def is_terminal(tile: int) -> bool:
    return tile < 27 and tile % 9 in (0, 8)


def is_orphan(tile: int) -> bool:
    """Terminal or honor (yaochuuhai)."""
    return _IS_TERMINAL_OR_HONOR[tile]


def dora_of(indicator: int) -> int:
    """The dora a given indicator points at: 9 wraps to 1, North to East, Red to White."""
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator <= NORTH:
        return EAST + (indicator - EAST + 1) % 4
    return WHITE + (indicator - WHITE + 1) % 3


#: 2m-8m: the tiles a three-player set leaves out (108 tiles: 1m 9m, the pins, the bamboos, the honors).
NOT_IN_THREE_PLAYER: Final = frozenset(range(1, 8))
#: The tiles of each set by player count, in tile order.
TILE_SET: Final = {4: tuple(range(NUM_TILES)), 3: tuple(t for t in range(NUM_TILES) if not 1 <= t <= 7)}


def dora_of_players(indicator: int, players: int) -> int:
    """`dora_of` for a table of ``players``: with three, 1m points at 9m and 9m at 1m.

    >>> name(dora_of_players(0, 3)), name(dora_of_players(8, 3))
    ('9m', '1m')
    """
    if players == 3 and indicator in (0, 8):
        return 8 - indicator
    return dora_of(indicator)


def table_seats(players: int) -> str:
    """The seats at a table: ``'ESWN'``, or ``'ESW'`` for three players (no North seat)."""
    return SEATS[:players]


def wind_tile(seat: str) -> int:
    """The wind tile of a seat letter: ``wind_tile('S') == SOUTH``."""
    # Compared first: a literal comparison compiled costs less than a dict look-up (every reading).
    if seat == "E":
        return EAST
    if seat == "S":
        return SOUTH
    return EAST + SEAT_INDEX[seat]


def format_counts(counts: Sequence[int], reds: Sequence[int] = (0, 0, 0)) -> str:
    """Compact notation of a 34-counts vector, ``reds[suit]`` of its fives written ``0``.

    >>> format_counts([0, 0, 0, 1, 2] + [0] * 29, [1, 0, 0])
    '405m'
    """
    return format_held(list(counts), (reds[0], reds[1], reds[2]), -1)


def format_held(counts: list[int], reds: tuple[int, int, int], skip: int) -> str:
    """`format_counts` of ``counts`` less one ``skip`` tile (-1: none), e.g. a hand without its winning
    tile, without copying the counts.

    Each suit's text is cached by its packed counts (`suit_key`) and red fives (`suit_text`): hands
    repeat the same suit shapes far more often than the same whole hand.
    """
    out = ""
    for s in range(4):
        base = s * 9
        key = 0
        for t in range(base, base + (7 if s == 3 else 9)):
            n = counts[t] - (t == skip)
            if not 0 <= n <= 4:  # not a hand's count: no cache
                return _format_slow(counts, reds, skip)
            key = key << COUNT_BITS | n
        if key:
            red = 0 if s == 3 else reds[0] if s == 0 else reds[1] if s == 1 else reds[2]
            if not 0 <= red <= 4:
                return _format_slow(counts, reds, skip)
            out += suit_text(key << 2 | s, red)
    return out


#: Bits per tile count when a suit's counts are packed in one int (`suit_key`): a count may reach 5 (a
#: fifth copy, tried by `decompose.winning_tiles`); 4 bits leave room.
COUNT_BITS: Final = 4


#: What one copy of each tile adds to its suit's `suit_key`. A table, not ``1 << n`` on native ints:
#: mypyc writes that literal 1 as a C int, 32 bits wide.
TILE_UNIT: Final[list[int]] = [
    1 << 2 + COUNT_BITS * ((6 if t >= 27 else 8) - t % 9) for t in range(NUM_TILES)
]
#: Where each tile's count sits in its suit's `suit_key`: `TILE_UNIT` is 1 shifted by this. Bytes:
#: compiled, a byte is read as a native int (a list item is an object to check and unbox).
UNIT_SHIFT: Final = bytes([2 + COUNT_BITS * ((6 if t >= 27 else 8) - t % 9) for t in range(NUM_TILES)])


def suit_key(counts: list[int], suit: int) -> int:
    """One suit's counts (9 numbers, or 7 honors), first tile highest, and the suit in the low 2 bits,
    as one int; 0 when the suit is empty."""
    key = 0
    for t in range(suit * 9, suit * 9 + (7 if suit == 3 else 9)):
        key = key << COUNT_BITS | counts[t]
    return key << 2 | suit if key else 0


def hand_suit_keys(counts: tuple[int, ...]) -> list[int] | None:
    """`suit_key` of each suit of a hand's 34 counts, in one pass; None when a count is not 0-4."""
    keys: list[int] = []
    s: i64
    t: i64
    for s in range(4):
        key: i64 = 0
        for t in range(s * 9, s * 9 + (7 if s == 3 else 9)):
            n: i64 = counts[t]
            if not 0 <= n <= 4:
                return None
            key = key << COUNT_BITS | n
        keys.append(key << 2 | s if key else 0)
    return keys


#: Suit texts made when first needed (at most 100,000) by (`suit_key`, red fives 0-4) packed in an int:
#: `Templates`, since these keys are too large for a dict to take without making an int object per
#: look-up.
_suit_texts: Final[Templates] = Templates(100_000)


def suit_text(key: i64, red: i64) -> str:
    """The notation of one suit packed by `suit_key` (counts 0-4), ``red`` (0-4) of its fives written 0.
    (Native ints: the look-up key is a shift and an OR of them, where an int's shift is a call.)"""
    found: str | None = _suit_texts.get(key << 3 | red)
    if found is not None:
        return found
    suit, counts = key & 3, key >> 2
    size = 7 if suit == 3 else 9
    digits = ""
    for i in range(size):
        n = counts >> COUNT_BITS * (size - 1 - i) & 15
        if n:
            digits += spell_digits([suit * 9 + i] * n, red)
    text = digits + SUITS[suit]
    _suit_texts.put(key << 3 | red, text)
    return text


def _format_slow(counts: list[int], reds: tuple[int, int, int], skip: int) -> str:
    out: list[str] = []
    for s in range(4):
        base = s * 9
        start = len(out)
        for i in range(7 if s == 3 else 9):
            n = counts[base + i] - (base + i == skip)
            if n > 0:  # any count (a refused hand may hold six copies): spelled out, never indexed
                out.append(spell_digits([base + i] * n, reds[s] if s < 3 else 0))
        if len(out) > start:
            out.append(SUITS[s])
    return "".join(out)
