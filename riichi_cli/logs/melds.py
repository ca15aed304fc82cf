"""Calls as the logs write them: mjlog's ``m`` bit field and tenhou6's call strings.

A `Meld` keeps its tiles, the called (or added) tile and where it came from, counted the way
both formats count: 0 the caller, 1 the next player (shimocha), 2 across (toimen), 3 the
previous player (kamicha).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..core.tiles import NORTH
from .tiles import LogError, from_code, from_id, kind_of, names

CHI: Final = "chi"
PON: Final = "pon"
KAN: Final = "kan"  # open kan (daiminkan)
KAKAN: Final = "kakan"  # added kan (shouminkan)
ANKAN: Final = "ankan"  # concealed kan
NUKI: Final = "nuki"  # a North set aside in three-player games


@dataclass(init=False)  # its own __init__, not frozen: compiled, a call is made fast (see model.py)
class Meld:
    """One call. ``tiles`` are all its tiles; ``called`` is the tile taken from another player (the
    added tile of a kakan, any tile of an ankan); ``source`` the relative seat it came from."""

    kind: str
    tiles: tuple[int, ...]
    called: int
    source: int

    def __init__(self, kind: str, tiles: tuple[int, ...], called: int, source: int) -> None:
        self.kind, self.tiles, self.called, self.source = kind, tiles, called, source

    def notation(self) -> str:
        """The meld in notation: ``chi:340m``, ``pon:777z``, ``kakan:5505m``..."""
        return f"{self.kind}:{names(list(self.tiles))}"

    @property
    def kind_tile(self) -> int:
        """The tile kind of a pon or kan (the lowest kind of a chi)."""
        low = -1
        for t in self.tiles:  # a loop, not min() of a generator: compiled, a tenth of the cost
            k = kind_of(t)
            if low < 0 or k < low:
                low = k
        if low < 0:
            raise ValueError("min() arg is an empty sequence")  # a meld without tiles, as min() said
        return low


# -- mjlog ------------------------------------------------------------------------------------


def decode_m(m: int, red_fives: bool = True) -> Meld:
    """Decode mjlog's ``m`` attribute. Bits 0-1 are the source; then bit 2 marks a chi, bit 3 a pon,
    bit 4 an added kan, bit 5 a nuki, and none of them an open or concealed kan."""
    meld = _decode(m)
    if red_fives:
        return meld
    plain = tuple(t & ~1 for t in meld.tiles)  # the red bit off: a game without red fives
    return Meld(meld.kind, plain, meld.called & ~1, meld.source)


def _decode(m: int) -> Meld:
    source = m & 3
    if m & 0x4:
        return _chi(m, source)
    if m & 0x18:
        return _pon(m, source)
    if m & 0x20:
        return nuki(from_id(m >> 8))  # bits 8-15: the tile id of the North set aside
    called_id = m >> 8
    ids = tuple(called_id // 4 * 4 + j for j in range(4))
    return Meld(KAN if source else ANKAN, tuple(from_id(i) for i in ids), from_id(called_id), source)


def _chi(m: int, source: int) -> Meld:
    """Bits 10-15: ``base * 3 + called``, base counting 7 starts per suit; bits 3-8 the copy of each tile."""
    base, called = divmod(m >> 10, 3)
    first = base // 7 * 9 + base % 7
    ids = [(first + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
    return Meld(CHI, tuple(from_id(i) for i in ids), from_id(ids[called]), source)


def _pon(m: int, source: int) -> Meld:
    """Bits 9-15: ``kind * 3 + called``; bits 5-6 the copy left out of the pon (the one a kakan adds)."""
    kind, called = divmod(m >> 9, 3)
    unused = (m >> 5) & 3
    ids = [kind * 4 + j for j in range(4) if j != unused]
    if kind > 33:
        raise LogError(f"call m={m} names tile kind {kind}")
    if m & 0x10:
        added = kind * 4 + unused
        return Meld(KAKAN, tuple(from_id(i) for i in ids + [added]), from_id(added), source)
    return Meld(PON, tuple(from_id(i) for i in ids), from_id(ids[called]), source)


def source_seat(who: int, relative: int, players: int) -> int:
    """The absolute seat a call of ``who`` took its tile from. Tenhou counts three-player calls on the
    four-seat cycle, as if the empty North seat were there: West (2) calling East's (0) discard writes
    "from across" (2), East calling West writes "from across" too. A relative seat that lands on the
    empty seat is read as a converter's count modulo 3 (1 the next player, else the previous one)."""
    if players == 4:
        return (who + relative) % 4
    seat = (who + relative) % 4
    return seat if seat < players else (who + (1 if relative == 1 else -1)) % players


def relative_seat(who: int, fed: int) -> int:
    """The relative seat (1 next, 2 across, 3 previous) of ``fed`` seen from ``who``, on the four-seat
    cycle at three seats too (the way Tenhou writes it)."""
    return (fed - who) % 4


def nuki(tile: int) -> Meld:
    """A North set aside (kita) as a `Meld`: it is not a set, only the event of the call."""
    if kind_of(tile) != NORTH:
        raise LogError(f"a tile set aside as kita must be North, not {names([tile])}")
    return Meld(NUKI, (tile,), tile, 0)


# -- tenhou6 ----------------------------------------------------------------------------------

#: Where the letter stands in the string -> the relative seat the tile came from.
_SOURCE = {"c": {0: 3}, "p": {0: 3, 2: 2, 4: 1}, "m": {0: 3, 2: 2, 6: 1}, "k": {0: 3, 2: 2, 4: 1}}


def parse_call(text: str) -> Meld:
    """Decode a tenhou6 call: ``c275226`` (chi of 7p taken, with 5p red and 6p), ``41p4141`` (pon
    from across), ``m39393939`` (open kan from the left), ``3737k3737`` (7s added to a pon taken from
    the right, the added tile after the letter), ``151515a51`` (concealed kan of 5m, one red)."""
    letters = [(i, c) for i, c in enumerate(text) if c.isalpha()]
    if len(letters) != 1 or letters[0][1] not in "cpmka":
        raise LogError(f"{text!r} is not a tenhou6 call")
    pos, letter = letters[0]
    digits = text[:pos] + text[pos + 1 :]
    if len(digits) not in (6, 8) or not digits.isdigit():
        raise LogError(f"{text!r} is not a tenhou6 call")
    tiles = tuple(from_code(int(digits[i : i + 2])) for i in range(0, len(digits), 2))
    called = from_code(int(text[pos + 1 : pos + 3]))
    kind = {"c": CHI, "p": PON, "m": KAN, "k": KAKAN, "a": ANKAN}[letter]
    size = 3 if kind in (CHI, PON) else 4
    source = 0 if kind == ANKAN else _SOURCE[letter].get(pos, -1)
    if len(tiles) != size or source < 0:
        raise LogError(f"{text!r} is not a tenhou6 call")
    return Meld(kind, tiles, called, source)
