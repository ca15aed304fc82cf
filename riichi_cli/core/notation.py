"""Tile and hand notation (SPEC section 2): ``123m456p789s11z``, ``0m`` red fives, meld prefixes.

Refusals point at the first bad character of the text they were given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from .errors import InvalidHand, NotationError
from .hand import KAN_KINDS, MELD_KINDS, Hand, Meld
from .tiles import FIVES, name


class Tile(NamedTuple):
    """One written tile: its id and whether it is a red five."""

    tile: int
    red: bool


_SUIT_OF: Final = {ord(letter): s for s, letter in enumerate("mpsz")}
#: (tile, red) by suit * 10 + digit, None where the digit and suit make no tile ("0m" is red 5m).
_TILE_TABLE: Final[list[tuple[int, bool] | None]] = [
    (s * 9 + (4 if d == 0 else d - 1), d == 0) if s < 3 or 1 <= d <= 7 else None
    for s in range(4)
    for d in range(10)
]


@dataclass(frozen=True)
class Parsed:
    """A hand as written: concealed tiles in written order, then melds (kind, tiles, position)."""

    text: str
    concealed: tuple[Tile, ...]
    melds: tuple[tuple[str, tuple[Tile, ...], int], ...]

    def counts(self) -> list[int]:
        counts = [0] * 34
        for t in self.concealed:
            counts[t.tile] += 1
        return counts

    def reds(self) -> tuple[int, int, int]:
        reds = [0, 0, 0]
        for t in self.concealed:
            if t.red:
                reds[t.tile // 9] += 1
        return reds[0], reds[1], reds[2]


def parse_tiles(text: str, start: int = 0, end: int | None = None) -> list[Tile]:
    """Tile groups like ``123m0p77z`` in ``text[start:end]``.

    >>> [t.tile for t in parse_tiles("19m7z")]
    [0, 8, 33]
    """
    return [Tile(t, red) for t, red in scan(text, start, end)]


def scan(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, bool]]:
    """(tile, red) pairs of the tile groups in ``text[start:end]``; bad notation raises
    NotationError pointing at the first bad character."""
    stop = len(text) if end is None else end
    out: list[tuple[int, bool]] = []
    first = start  # where the digits waiting for their suit letter begin
    for i in range(start, stop):
        code = ord(text[i])
        if 48 <= code <= 57:  # a digit
            continue
        suit = _SUIT_OF.get(code, -1)
        if i == first or suit < 0:
            _refuse(text, start, stop)
        for k in range(first, i):
            tile = _TILE_TABLE[suit * 10 + ord(text[k]) - 48]
            if tile is None:  # 0z, 8z, 9z
                _refuse(text, start, stop)
                raise AssertionError  # unreachable: _refuse raises
            out.append(tile)
        first = i + 1
    if first != stop:
        _refuse(text, start, stop)
    return out


def _refuse(text: str, start: int, end: int) -> None:
    """Walk bad notation character by character and raise at the first character at fault."""
    digits: list[int] = []  # positions of digits waiting for their suit letter
    for i in range(start, end):
        ch = text[i]
        if ch.isdigit() and ch.isascii():
            digits.append(i)
        elif ch in "mpsz":
            if not digits:
                raise NotationError(f"suit letter {ch!r} has no digits before it", text, i)
            for pos in digits:
                if ch == "z" and text[pos] in "089":
                    raise NotationError(f"'{text[pos]}z' is not a tile (honors are 1z-7z)", text, pos)
            digits = []
        else:
            hint = " (suits are m, p, s, z)" if ch.isalpha() else ""
            raise NotationError(f"unexpected character {ch!r}{hint}", text, i)
    if digits:
        raise NotationError("digits without a suit letter after them", text, digits[0])
    raise NotationError("not tile notation", text, start)


def parse(text: str) -> Parsed:
    """Split a hand into its concealed part and its melds, checking only the notation."""
    concealed: list[Tile] = []
    melds: list[tuple[str, tuple[Tile, ...], int]] = []
    i, n = 0, len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        j = i
        while j < n and not text[j].isspace():
            j += 1
        colon = text.find(":", i, j)
        if colon < 0:
            concealed.extend(parse_tiles(text, i, j))
        else:
            kind = meld_kind(text, i, colon, j)
            melds.append((kind, tuple(parse_tiles(text, colon + 1, j)), i))
        i = j
    if not concealed and not melds:
        raise NotationError("empty hand", text, 0)
    return Parsed(text, tuple(concealed), tuple(melds))


def make_meld(kind: str, tiles, text: str, pos: int) -> Meld:
    """Check a meld's shape: a chi is three consecutive number tiles of one suit, a pon three
    equal tiles, a kan four. ``tiles`` are (tile, red, ...) tuples."""
    ids = sorted(t[0] for t in tiles)
    want = 4 if kind in KAN_KINDS else 3
    if len(ids) != want:
        article = "an" if kind[0] in "aeiou" else "a"
        raise InvalidHand(f"{article} {kind} has {want} tiles, this one has {len(ids)}", text, pos)
    if kind == "chi":
        first = ids[0]
        if first >= 27 or first % 9 > 6 or ids != [first, first + 1, first + 2]:
            raise InvalidHand("a chi is three consecutive tiles of one number suit", text, pos)
    elif len(set(ids)) != 1:
        article = "an" if kind[0] in "aeiou" else "a"
        raise InvalidHand(f"{article} {kind} is {want} equal tiles", text, pos)
    return Meld(kind, tuple(ids), sum(t[1] for t in tiles))


def build_melds(parsed: Parsed) -> tuple[Meld, ...]:
    return tuple(make_meld(kind, tiles, parsed.text, pos) for kind, tiles, pos in parsed.melds)


def _tokens(text: str) -> list[tuple[int, int]]:
    """(start, end) of each whitespace-separated group."""
    spans, start, n = [], -1, len(text)
    for i in range(n):
        if text[i].isspace():
            if start >= 0:
                spans.append((start, i))
                start = -1
        elif start < 0:
            start = i
    if start >= 0:
        spans.append((start, n))
    return spans


def parse_hand(text: str, win: str | None = None) -> Hand:
    """A 14-tile winning hand; the winning tile is the last concealed tile unless ``win`` names one.

    ``win='5m'`` names a plain five if the hand has one, else the red one; ``'0m'`` only the red one.

    >>> parse_hand("123m456p789s1122z", win="1z").win_tile
    27
    """
    counts, reds, melds = [0] * 34, [0, 0, 0], []
    last = None
    for start, end in _tokens(text):
        colon = text.find(":", start, end)
        if colon < 0:
            for tile in scan(text, start, end):
                counts[tile[0]] += 1
                if tile[1]:
                    reds[tile[0] // 9] += 1
                last = tile
        else:
            kind = meld_kind(text, start, colon, end)
            melds.append(make_meld(kind, scan(text, colon + 1, end), text, start))
    size = sum(counts) + 3 * len(melds)
    if last is None and not melds:
        raise NotationError("empty hand", text, 0)
    if len(melds) > 4 or size != 14 or last is None:
        raise InvalidHand(
            f"a winning hand has 14 tiles (a meld counts 3), this one has {size}",
            text,
            max(len(text.rstrip()) - 1, 0),
        )
    win_tile, win_red = last if win is None else pick_win_tile(counts, reds, win, text)
    return Hand(tuple(counts), win_tile, tuple(melds), (reds[0], reds[1], reds[2]), win_red)


def meld_kind(text: str, start: int, colon: int, end: int) -> str:
    kind = text[start:colon].lower()
    if kind not in MELD_KINDS:
        raise NotationError(
            f"unknown meld prefix {text[start:colon]!r} (use {', '.join(MELD_KINDS)})", text, start
        )
    if colon + 1 == end:
        raise NotationError(f"meld {kind}: has no tiles", text, colon)
    return kind


def pick_win_tile(counts: list[int], reds: list[int], win: str, text: str) -> tuple[int, bool]:
    """The (tile, red) that ``win`` names among the concealed tiles (given as counts and reds)."""
    try:
        tiles = parse_tiles(win)
    except NotationError as e:
        raise NotationError(f"win_tile: {e.message}", e.text, e.position) from None
    if len(tiles) != 1:
        raise NotationError(f"win_tile must be one tile, got {len(tiles)}", win, 0)
    tile, red = tiles[0].tile, tiles[0].red
    held = counts[tile]
    held_red = reds[tile // 9] if tile in FIVES else 0
    if held == 0 or (red and held_red == 0):
        raise InvalidHand(f"winning tile {win} is not in the concealed part of {text!r}")
    # '5m' names a plain five when there is one, else the red one
    return tile, red or held == held_red


def check_limits(parsed_tiles: list[tuple[int, bool]], aka_dora: int, text: str) -> None:
    """Refuse more than four of a tile or more red fives than the rules have."""
    counts = [0] * 34
    reds = [0, 0, 0, 0]
    for t, red in parsed_tiles:
        counts[t] += 1
        reds[t // 9] += red
    check_counts(counts, reds, aka_dora, text)


_RED_LIMITS: Final = {0: (0, 0, 0), 2: (0, 1, 1), 3: (1, 1, 1), 4: (1, 2, 1)}


def check_counts(counts: list[int], reds: list[int], aka_dora: int, text: str) -> None:
    """`check_limits` on counts of every tile and red fives per suit (m, p, s)."""
    for t in range(34):
        if counts[t] > 4:
            raise InvalidHand(f"more than four {name(t)} (hand, melds and indicators together)", text)
    allowed = _RED_LIMITS[aka_dora]
    for s in range(3):
        have, most = reds[s], allowed[s]
        if have > most:
            raise InvalidHand(
                f"{have} red {name(FIVES[s])} but the rules have {most} (aka_dora: {aka_dora})", text
            )
