"""The hand: concealed tiles as 34 counts, the winning tile, and the called melds."""

from __future__ import annotations

from collections.abc import Sequence

from .decompose import SEQ, TRIP
from .hints import cast
from .native import i64
from .record import Record
from .tiles import (
    FIVES,
    TILE_UNIT,
    UNIT_SHIFT,
    format_counts,
    format_held,
    hand_suit_keys,
    name,
    spell_digits,
    suit_text,
)

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Final

MELD_KINDS: Final = ("chi", "pon", "kan", "kakan", "ankan")
KAN_KINDS: Final = ("kan", "kakan", "ankan")
#: One tile as written: its id and whether it is a red five.
TilePair = tuple[int, bool]
_KIND_INDEX: Final = {kind: i for i, kind in enumerate(MELD_KINDS)}
#: The notation of a well-formed meld (a run, or equal tiles) by (kind, first tile, red fives) packed in
#: an int, made when first needed.
_meld_texts: Final[list[str | None]] = [None] * (len(MELD_KINDS) * 34 * 5)


class Meld(Record):
    """A called (or concealed-kan) group. ``tiles`` are sorted; ``reds`` counts red fives in it."""

    FIELDS = ("kind", "tiles", "reds")

    def __init__(self, kind: str, tiles: tuple[int, ...], reds: int = 0) -> None:
        self.kind: Final = kind
        self.tiles: Final = tiles
        self.reds: Final = reds
        self._notation: str | None = None  # `notation()`, once asked for (by the hand and its reading)
        self._spaced: str | None = None  # `spaced()`, once asked for
        self._packed: i64 = -1  # `packed()`, once asked for
        self._sets: object = None  # `sets()`, once asked for
        # Called (not a concealed kan). A field, not a property: compiled, a read of it is a load, where
        # the comparison of the kind is a call that fails on a memcmp for every other kind.
        self.is_open: Final = kind != "ankan"

    @property
    def is_kan(self) -> bool:
        return self.kind in KAN_KINDS

    @property
    def is_chi(self) -> bool:
        return self.kind == "chi"

    def pairs(self) -> list[tuple[int, bool]]:
        """(tile, red) for each tile, the first ``reds`` fives marked red."""
        pairs, red_left = [], self.reds
        for t in self.tiles:
            red = t in FIVES and red_left > 0
            red_left -= red
            pairs.append((t, red))
        return pairs

    def packed(self) -> int:
        """The meld's tiles as counts packed like `tiles.suit_key` (4 bits a tile, the suit in the low 2
        bits), computed once: a mapping's reader adds them to the concealed counts (a fifth copy)."""
        if self._packed < 0:
            key = 0
            for t in self.tiles:
                key += TILE_UNIT[t]
            self._packed = key | self.tiles[0] // 9
        return self._packed

    def sets(self) -> object:
        """The meld as a reading's sets of a hand whose only meld it is: a one-tuple of (kind, first tile,
        open, kan), kind `SEQ` for a chi, else `TRIP` (`reading.Set`). Made once per Meld (most melds are
        shared: `notation._MELD_TABLE`), so a reading builds no tuple for them. Typed as an object:
        compiled, a tuple of fixed shape is unpacked where read and packed anew."""
        if self._sets is None:
            kind = SEQ if self.kind == "chi" else TRIP
            self._sets = ((kind, self.tiles[0], self.is_open, self.kind in KAN_KINDS),)
        return self._sets

    def notation(self) -> str:
        """``chi:340m``: tiles ascending, red fives written 0 before the plain fives."""
        if self._notation is None:
            self._notation = self._written()
        return self._notation

    def spaced(self) -> str:
        """`notation` after a space, as a hand's notation lists it (made once: compiled, each part of
        an f-string costs about a hundred instructions, the space one too)."""
        if self._spaced is None:
            self._spaced = f" {self.notation()}"
        return self._spaced

    def _written(self) -> str:
        tiles = self.tiles
        first = tiles[0]
        standard = (
            self.kind in _KIND_INDEX
            and len(tiles) == (4 if self.kind in KAN_KINDS else 3)
            and (tiles[1] == first + 1 == tiles[2] - 1 if self.kind == "chi" else tiles[-1] == first)
            and 0 <= self.reds < 5
        )
        if not standard:
            return self._spelled()
        key = (_KIND_INDEX[self.kind] * 34 + first) * 5 + self.reds
        text = _meld_texts[key]
        if text is None:
            text = _meld_texts[key] = self._spelled()
        return text

    def _spelled(self) -> str:
        return f"{self.kind}:{spell_digits(self.tiles, self.reds)}{'mpsz'[self.tiles[0] // 9]}"


class Hand(Record):
    """A winning hand. ``concealed`` holds 34 counts including the winning tile (made from the suits'
    packed counts when first asked, for a hand the notation reader packed: see `packed_hand`).

    ``reds`` is the number of red fives among the concealed tiles per number suit (m, p, s),
    the winning tile included when ``win_red``.
    """

    FIELDS = ("concealed", "win_tile", "melds", "reds", "win_red")

    def __init__(
        self,
        concealed: tuple[int, ...],
        win_tile: int,
        melds: tuple[Meld, ...] = (),
        reds: tuple[int, int, int] = (0, 0, 0),
        win_red: bool = False,
    ) -> None:
        self._concealed = concealed  # `concealed`; () until made, for a hand of `packed_hand`
        self.win_tile: Final = win_tile
        self.melds: Final = melds
        self.reds: Final = reds
        self.win_red: Final = win_red
        self._text: str | None = None  # `text`, once asked for
        # The concealed counts of each suit (m, p, s, honors) packed by `tiles.suit_key`, in native ints:
        # notation, decomposition and the tile facts read them without a list or an int object each.
        # They hold when `_keyed` is 1 (see `packs`); 0: counts no hand holds; -1: not worked out yet.
        self.key_m: i64 = 0
        self.key_p: i64 = 0
        self.key_s: i64 = 0
        self.key_z: i64 = 0
        self._keyed: i64 = -1

    @property
    def concealed(self) -> tuple[int, ...]:
        """The 34 concealed counts, the winning tile included."""
        held = self._concealed
        if not held and self._keyed == 1:  # a hand of `packed_hand`: the counts made once, when asked
            held = self._concealed = unpacked_counts(self.key_m, self.key_p, self.key_s, self.key_z)
        return held

    def held(self, t: i64) -> i64:
        """How many of tile ``t`` the concealed tiles hold (``concealed[t]``; read off the suit's packed
        counts when they hold, without the 34 counts)."""
        if self._keyed == 1:
            suit: i64 = t // 9
            key: i64 = self.key_m
            if suit == 1:
                key = self.key_p
            elif suit == 2:
                key = self.key_s
            elif suit == 3:
                key = self.key_z
            return key >> UNIT_SHIFT[t] & 15
        return self.concealed[t]

    @property
    def is_closed(self) -> bool:
        """Menzen: no called meld (a concealed kan keeps the hand closed)."""
        for m in self.melds:
            if m.is_open:
                return False
        return True

    def all_counts(self) -> list[int]:
        """Counts of every tile in the hand, melds included (a kan counts 4)."""
        counts: list[int] = list(self.concealed)
        for meld in self.melds:
            for t in meld.tiles:
                counts[t] = counts[t] + 1
        return counts

    def tally(self) -> tuple[list[int], list[int]]:
        """Counts of every tile and red fives per suit (m, p, s, z), concealed and melded."""
        return tally(self.concealed, self.reds, self.melds)

    def aka_count(self) -> int:
        n = self.reds[0] + self.reds[1] + self.reds[2]
        for m in self.melds:
            n += m.reds
        return n

    @property
    def win_name(self) -> str:
        """The winning tile as written back: ``5m``, or ``0m`` for a red five."""
        return name(self.win_tile, self.win_red)

    @property
    def text(self) -> str:
        """`notation()`, computed once."""
        if self._text is None:
            self._text = self.notation()
        return self._text

    def packs(self) -> bool:
        """Whether `key_m`, `key_p`, `key_s` and `key_z` hold the suits' packed counts (worked out the
        first time); False when a count or red count is beyond any hand's."""
        if self._keyed < 0:
            reds = self.reds
            plain = 0 <= reds[0] <= 4 and 0 <= reds[1] <= 4 and 0 <= reds[2] <= 4
            keys = hand_suit_keys(self.concealed) if plain else None
            if keys is None:
                self._keyed = 0
            else:
                self._set_keys(keys[0], keys[1], keys[2], keys[3])
        return self._keyed == 1

    def packed_already(self) -> bool:
        """Whether the packed counts are known already (the notation reader packs them as it reads):
        for a caller that has another way and should not pack them only for itself."""
        return self._keyed == 1

    def _set_keys(self, m: i64, p: i64, s: i64, z: i64) -> None:
        self.key_m = m
        self.key_p = p
        self.key_s = s
        self.key_z = z
        self._keyed = 1

    def suit_keys(self) -> list[int] | None:
        """The packed counts (`packs`) as a list [m, p, s, honors]; None when they do not hold."""
        if not self.packs():
            return None
        return [self.key_m, self.key_p, self.key_s, self.key_z]

    def notation(self) -> str:
        """Canonical notation: concealed tiles without the winning tile, the winning tile, the melds.

        >>> from riichi_cli.core.notation import parse_hand
        >>> parse_hand("123456s234m55p chi:789s").notation()
        '234m5p123456s5p chi:789s'
        """
        win: i64 = self.win_tile
        r0, r1, r2 = self.reds
        if self.win_red:
            r0, r1, r2 = r0 - (win < 9), r1 - (9 <= win < 18), r2 - (18 <= win < 27)
        # Each suit's text in a local of its own, "" when the suit is empty, put together by one
        # f-string (compiled: one string built from the parts, no list to fill and join).
        if self.packs():
            m_text = _suit_text(self.key_m, 0, win, r0)
            p_text = _suit_text(self.key_p, 1, win, r1)
            s_text = _suit_text(self.key_s, 2, win, r2)
            z_text = _suit_text(self.key_z, 3, win, 0)
        else:  # counts no hand holds: spelled out
            m_text = format_held(list(self.concealed), (r0, r1, r2), win)
            p_text = s_text = z_text = ""
        melds = self.melds
        n = len(melds)
        if n == 0:
            return f"{m_text}{p_text}{s_text}{z_text}{self.win_name}"
        if n == 1:  # one or two melds in the same f-string: one string built, not one per meld
            return f"{m_text}{p_text}{s_text}{z_text}{self.win_name}{melds[0].spaced()}"
        text = f"{m_text}{p_text}{s_text}{z_text}{self.win_name}{melds[0].spaced()}{melds[1].spaced()}"
        for i in range(2, n):
            text = f"{text}{melds[i].spaced()}"
        return text


def _suit_text(key: i64, suit: i64, win: i64, red: int) -> str:
    """The notation of one suit of `Hand.notation` (its packed counts, without the winning tile), ""
    when it holds no tile."""
    if suit == win // 9:  # (the unit shifted here: a `TILE_UNIT` item above 2**30 unboxes through a call)
        unit: i64 = 1
        unit = unit << UNIT_SHIFT[win]
        key = key - unit
    return suit_text(key, red) if key >> 2 else ""


def packed_hand(
    win_tile: int,
    melds: tuple[Meld, ...],
    reds: tuple[int, int, int],
    win_red: bool,
    m: i64,
    p: i64,
    s: i64,
    z: i64,
) -> Hand:
    """A Hand of the suits' packed counts ``m``, ``p``, ``s`` and ``z`` (`Hand.packs`: counts 0-4,
    `tiles.suit_key`) the caller has already (the notation reader, tile by tile): its 34 counts are
    made only if asked for (scoring most hands reads the packed counts only)."""
    hand = Hand((), win_tile, melds, reds, win_red)
    hand._set_keys(m, p, s, z)
    return hand


def unpacked_counts(m: i64, p: i64, s: i64, z: i64) -> tuple[int, ...]:
    """The 34 counts of four suits' packed counts (`tiles.suit_key`, with or without the
    suit bits, each count within 4 bits), as one tuple display: no list to fill and copy. The counts are taken
    as objects from `_COUNTS` (an int made from a native one is a call each)."""
    n = _COUNTS
    return cast(tuple[int, ...], (
        n[m >> 34 & 15], n[m >> 30 & 15], n[m >> 26 & 15], n[m >> 22 & 15], n[m >> 18 & 15],
        n[m >> 14 & 15], n[m >> 10 & 15], n[m >> 6 & 15], n[m >> 2 & 15],
        n[p >> 34 & 15], n[p >> 30 & 15], n[p >> 26 & 15], n[p >> 22 & 15], n[p >> 18 & 15],
        n[p >> 14 & 15], n[p >> 10 & 15], n[p >> 6 & 15], n[p >> 2 & 15],
        n[s >> 34 & 15], n[s >> 30 & 15], n[s >> 26 & 15], n[s >> 22 & 15], n[s >> 18 & 15],
        n[s >> 14 & 15], n[s >> 10 & 15], n[s >> 6 & 15], n[s >> 2 & 15],
        n[z >> 26 & 15], n[z >> 22 & 15], n[z >> 18 & 15], n[z >> 14 & 15], n[z >> 10 & 15],
        n[z >> 6 & 15], n[z >> 2 & 15],
    ))  # fmt: skip


#: The int objects of the counts 0-15, typed as objects so that compiled code stores them as they are.
_COUNTS: Final[tuple[object, ...]] = tuple(range(16))


class HeldHand(Record):
    """A hand as written, not (yet) a win: concealed counts, red fives per suit (m, p, s) and melds.

    ``last`` is the last concealed tile written, (tile, red), which a winning hand wins on by default.
    """

    FIELDS = ("text", "counts", "reds", "melds", "last")

    def __init__(
        self,
        text: str,
        counts: tuple[int, ...],
        reds: tuple[int, int, int],
        melds: tuple[Meld, ...],
        last: tuple[int, bool] | None = None,
    ) -> None:
        self.text: Final = text
        self.counts: Final = counts
        self.reds: Final = reds
        self.melds: Final = melds
        self.last: Final = last

    @property
    def size(self) -> int:
        """Tiles as the rules count them: concealed tiles plus 3 per meld."""
        return count_tiles(self.counts) + 3 * len(self.melds)

    def pairs(self) -> list[tuple[int, bool]]:
        """(tile, red) of the concealed tiles and of the melds, kans counted 4."""
        out = concealed_pairs(self.counts, self.reds)
        for meld in self.melds:
            out += meld.pairs()
        return out

    def tally(self) -> tuple[list[int], list[int]]:
        """Counts of every tile and red fives per suit (m, p, s, z), concealed and melded."""
        return tally(self.counts, self.reds, self.melds)

    def notation(self) -> str:
        """Canonical notation: the concealed tiles in order, then the melds."""
        return " ".join([format_counts(list(self.counts), self.reds)] + [m.notation() for m in self.melds])

    def with_tile(self, tile: int) -> Hand:
        """The winning hand this hand makes with a plain (not red) ``tile`` drawn or called."""
        counts = list(self.counts)
        counts[tile] = counts[tile] + 1
        return Hand(tuple(counts), tile, self.melds, self.reds, False)


def count_tiles(counts: tuple[int, ...]) -> int:
    """How many tiles a counts vector holds (``sum``, without the generic call)."""
    n: i64 = 0
    c: i64
    for c in counts:
        n += c
    return n


def concealed_pairs(counts: list[int] | tuple[int, ...], reds: Sequence[int]) -> list[tuple[int, bool]]:
    """(tile, red) for each tile of a counts vector, the first ``reds[suit]`` fives marked red."""
    out: list[tuple[int, bool]] = []
    for t, n in enumerate(counts):
        red_left = reds[t // 9] if t in FIVES else 0
        out.extend((t, i < red_left) for i in range(n))
    return out


def tally(
    counts: tuple[int, ...], reds: tuple[int, int, int], melds: tuple[Meld, ...]
) -> tuple[list[int], list[int]]:
    """Counts of every tile and red fives per suit (m, p, s, z) of concealed counts and melds."""
    out: list[int] = list(counts)
    red: list[int] = [reds[0], reds[1], reds[2], 0]
    for meld in melds:
        for t in meld.tiles:
            out[t] = out[t] + 1
        suit = meld.tiles[0] // 9
        red[suit] = red[suit] + meld.reds
    return out, red
