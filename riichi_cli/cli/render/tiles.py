"""Tiles as a player reads them: ``5m``, ``East 東``, or the Unicode mahjong glyphs.

Two styles: ``text`` (the default: number tiles in notation, honours by name or kanji) and
``unicode`` (U+1F000 block glyphs), chosen by ``--tiles`` or the environment variable
``RIICHI_TILES``. Red fives are written ``0`` in text, a glyph with ``*`` in unicode, and shown red.
"""

from __future__ import annotations

import os

from rich.text import Text

from ...core.tiles import HONOR_KANJI, HONOR_NAMES

STYLES = ("text", "unicode")
RED_STYLE = "bold red"
#: U+1F000 block: winds E S W N, then Red, Green, White dragons; then 1-9 man, 1-9 sou, 1-9 pin.
_GLYPH_BASE = {"m": 0x1F007, "s": 0x1F010, "p": 0x1F019}
_HONOR_GLYPHS = (
    "\U0001f000",
    "\U0001f001",
    "\U0001f002",
    "\U0001f003",
    "\U0001f006",
    "\U0001f005",
    "\U0001f004",
)

_style: list[str] = []


def set_style(name: str | None) -> None:
    """Use ``name`` (text or unicode); None keeps RIICHI_TILES or the default."""
    _style[:] = [name] if name else []


def style() -> str:
    """The tile style in force: --tiles, else RIICHI_TILES, else text."""
    if _style:
        return _style[0]
    env = os.environ.get("RIICHI_TILES", "").strip().lower()
    if env and env not in STYLES:
        warn_once(f"riichi: warning: RIICHI_TILES={env!r} is not text or unicode; drawing tiles as text")
    return env if env in STYLES else "text"


_warned: set[str] = set()


def warn_once(message: str) -> None:
    """``message`` on stderr, the first time only (a view asks for the style many times)."""
    if message not in _warned:
        _warned.add(message)
        import sys

        print(message, file=sys.stderr)


def split_tiles(text: str) -> list[str]:
    """Notation to single tiles: ``split_tiles('340m1z') == ['3m', '4m', '0m', '1z']``."""
    out: list[str] = []
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        elif ch in "mpsz":
            out += [d + ch for d in digits]
            digits = ""
    return out


def join_tiles(tiles: list[str]) -> str:
    """Single tiles back to notation, suit by suit in the order given: ``['3m', '4m', '1z'] -> '34m1z'``."""
    out, suit = "", ""
    for t in tiles:
        if suit and t[1] != suit:
            out += suit
        out += t[0]
        suit = t[1]
    return out + suit


def glyph(tile: str) -> str:
    """The Unicode glyph of one tile (a red five is its plain five's glyph)."""
    n, suit = int(tile[0]) or 5, tile[1]
    if suit == "z":
        return _HONOR_GLYPHS[n - 1]
    return chr(_GLYPH_BASE[suit] + n - 1)


def honor_name(tile: str) -> str:
    """``East``... ``Red`` for an honour, else the tile itself."""
    return HONOR_NAMES[int(tile[0]) - 1] if tile[1] == "z" else tile


def tile_label(tile: str) -> Text:
    """One tile named for a table or a sentence: ``5m``, ``red 5m``, ``East 東``, or its glyph."""
    red = tile[0] == "0"
    if style() == "unicode":
        return Text(glyph(tile) + ("*" if red else ""), style=RED_STYLE if red else "")
    if tile[1] == "z":
        i = int(tile[0]) - 1
        return Text(f"{HONOR_NAMES[i]} {HONOR_KANJI[i]}")
    return Text(f"red 5{tile[1]}", style=RED_STYLE) if red else Text(tile)


def tiles_text(tiles: list[str]) -> Text:
    """Several tiles as one word: ``340m`` (the 0 red), ``中中中``, or glyphs."""
    out = Text()
    if style() == "unicode":
        for t in tiles:
            red = t[0] == "0"
            out.append(glyph(t) + ("*" if red else ""), style=RED_STYLE if red else "")
        return out
    i = 0
    while i < len(tiles):
        suit = tiles[i][1]
        j = i
        while j < len(tiles) and tiles[j][1] == suit:
            t = tiles[j]
            if suit == "z":
                out.append(HONOR_KANJI[int(t[0]) - 1])
            else:
                out.append(t[0], style=RED_STYLE if t[0] == "0" else "")
            j += 1
        if suit != "z":
            out.append(suit)
        i = j
    return out


def hand_text(notation: str) -> Text:
    """A whole hand as the user wrote it (notation), or in glyphs with melds kept apart."""
    if style() != "unicode":
        return Text(notation)
    out = Text()
    for i, part in enumerate(notation.split()):
        out.append(" " if i else "")
        kind, _, tiles = part.rpartition(":")
        out.append(f"{kind}:" if kind else "")
        out.append_text(tiles_text(split_tiles(tiles)))
    return out
