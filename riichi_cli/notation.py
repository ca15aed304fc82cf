"""Tile and hand notation (SPEC section 2): ``123m456p789s11z``, ``0m`` red fives, meld prefixes.

Refusals point at the first bad character of the text they were given.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import InvalidHand, NotationError
from .hand import KAN_KINDS, MELD_KINDS, Hand, Meld
from .tiles import FIVES, name

_SUIT_INDEX = {"m": 0, "p": 1, "s": 2, "z": 3}


@dataclass(frozen=True)
class Tile:
    """One written tile: its id, whether it is a red five, and where it stands in the text."""

    tile: int
    red: bool
    pos: int


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
    """Tile groups like ``123m0p77z`` in ``text[start:end]``; positions index ``text``.

    >>> [t.tile for t in parse_tiles("19m7z")]
    [0, 8, 33]
    """
    end = len(text) if end is None else end
    tiles: list[Tile] = []
    digits: list[int] = []  # positions of digits waiting for their suit letter
    for i in range(start, end):
        ch = text[i]
        if ch.isdigit() and ch.isascii():
            digits.append(i)
        elif ch in _SUIT_INDEX:
            if not digits:
                raise NotationError(f"suit letter {ch!r} has no digits before it", text, i)
            s = _SUIT_INDEX[ch]
            for pos in digits:
                d = int(text[pos])
                if s == 3 and not 1 <= d <= 7:
                    raise NotationError(f"'{d}z' is not a tile (honors are 1z-7z)", text, pos)
                if d == 0:
                    tiles.append(Tile(s * 9 + 4, True, pos))
                else:
                    tiles.append(Tile(s * 9 + d - 1, False, pos))
            digits = []
        else:
            hint = " (suits are m, p, s, z)" if ch.isalpha() else ""
            raise NotationError(f"unexpected character {ch!r}{hint}", text, i)
    if digits:
        raise NotationError("digits without a suit letter after them", text, digits[0])
    return tiles


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
            kind = text[i:colon].lower()
            if kind not in MELD_KINDS:
                raise NotationError(
                    f"unknown meld prefix {text[i:colon]!r} (use {', '.join(MELD_KINDS)})", text, i
                )
            if colon + 1 == j:
                raise NotationError(f"meld {kind}: has no tiles", text, colon)
            melds.append((kind, tuple(parse_tiles(text, colon + 1, j)), i))
        i = j
    if not concealed and not melds:
        raise NotationError("empty hand", text, 0)
    return Parsed(text, tuple(concealed), tuple(melds))


def make_meld(kind: str, tiles: tuple[Tile, ...], text: str, pos: int) -> Meld:
    """Check a meld's shape: a chi is three consecutive number tiles of one suit, a pon three
    equal tiles, a kan four."""
    ids = sorted(t.tile for t in tiles)
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
    return Meld(kind, tuple(ids), sum(t.red for t in tiles))


def build_melds(parsed: Parsed) -> tuple[Meld, ...]:
    return tuple(make_meld(kind, tiles, parsed.text, pos) for kind, tiles, pos in parsed.melds)


def concealed_size(parsed: Parsed) -> tuple[int, int]:
    """(concealed tiles written, tiles the melds stand for at 3 each)."""
    return len(parsed.concealed), 3 * len(parsed.melds)


def parse_hand(text: str, win: str | None = None) -> Hand:
    """A 14-tile winning hand; the winning tile is the last concealed tile unless ``win`` names one.

    ``win='5m'`` names a plain five if the hand has one, else the red one; ``'0m'`` only the red one.

    >>> parse_hand("123m456p789s1122z", win="1z").win_tile
    27
    """
    parsed = parse(text)
    melds = build_melds(parsed)
    held, in_melds = concealed_size(parsed)
    if len(melds) > 4 or held + in_melds != 14:
        raise InvalidHand(
            f"a winning hand has 14 tiles (a meld counts 3), this one has {held + in_melds}",
            text,
            len(text.rstrip()) - 1 if text.strip() else 0,
        )
    last = parsed.concealed[-1]
    win_tile, win_red = last.tile, last.red
    if win is not None:
        win_tile, win_red = pick_win_tile(parsed, win)
    return Hand(tuple(parsed.counts()), win_tile, melds, parsed.reds(), win_red)


def pick_win_tile(parsed: Parsed, win: str) -> tuple[int, bool]:
    """The (tile, red) that ``win`` names among the concealed tiles."""
    try:
        tiles = parse_tiles(win)
    except NotationError as e:
        raise NotationError(f"win_tile: {e.message}", e.text, e.position) from None
    if len(tiles) != 1:
        raise NotationError(f"win_tile must be one tile, got {len(tiles)}", win, 0)
    want = tiles[0]
    same = [t for t in parsed.concealed if t.tile == want.tile]
    if want.red:
        same = [t for t in same if t.red]
    elif any(not t.red for t in same):
        same = [t for t in same if not t.red]
    if not same:
        raise InvalidHand(f"winning tile {win} is not in the concealed part of {parsed.text!r}")
    return want.tile, same[0].red


def check_limits(parsed_tiles: list[tuple[int, bool]], aka_dora: int, text: str) -> None:
    """Refuse more than four of a tile or more red fives than the rules have."""
    counts = [0] * 34
    reds = [0, 0, 0, 0]
    for t, red in parsed_tiles:
        counts[t] += 1
        reds[t // 9] += red
        if counts[t] > 4:
            raise InvalidHand(f"more than four {name(t)} (hand, melds and indicators together)", text)
    allowed = {0: (0, 0, 0), 3: (1, 1, 1), 4: (1, 2, 1)}[aka_dora]
    for s, (have, most) in enumerate(zip(reds, allowed)):
        if have > most:
            raise InvalidHand(
                f"{have} red {name(FIVES[s])} but the rules have {most} (aka_dora: {aka_dora})", text
            )
