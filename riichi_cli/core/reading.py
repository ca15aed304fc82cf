"""Readings of a winning hand: one decomposition plus which group the winning tile completed.

A tile can finish a hand in several ways (the 5 of 34556 closes a sequence or the pair);
each way is a reading, and the scorer keeps the one that pays most.
"""

from __future__ import annotations

from .context import Context
from .decompose import (
    SEQ,
    SEVERAL,
    TRIP,
    Group,
    is_chiitoitsu,
    is_chiitoitsu_packed,
    is_kokushi,
    packed_splits,
    single_split,
    standard_splits,
)
from .hand import Hand
from .hints import cast
from .native import i64
from .rules import Rules
from .tiles import EAST, GREEN_TILES, NORTH, ORPHANS, SOUTH, TERMINALS, UNIT_SHIFT, WEST, wind_tile

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Final

# One bit per tile property, so that a hand's facts are an AND and an OR over its tiles.
_ORPHAN: Final = 1
_TERMINAL: Final = 2
_HONOR: Final = 4
_GREEN: Final = 8
_SUIT_BIT: Final = 16
#: Bytes, not a list: compiled, a byte is read as a native int (a list item is an object to unbox).
_BITS: Final = bytes([
    (_ORPHAN if t in ORPHANS else 0)
    | (_TERMINAL if t in TERMINALS else 0)
    | (_HONOR if t >= 27 else 0)
    | (_GREEN if t in GREEN_TILES else 0)
    | (_SUIT_BIT << (t // 9))
    for t in range(34)
])  # fmt: skip
_ALL_BITS: Final = (_SUIT_BIT << 4) - 1
_M: Final = _SUIT_BIT
_P: Final = _SUIT_BIT << 1
_S: Final = _SUIT_BIT << 2
_Z: Final = _SUIT_BIT << 3

# A set in a reading: (kind, first tile, open, kan). "open" is as fu and sanankou see it:
# called, or a triplet completed by a ron.
Set = tuple[int, int, bool, bool]
#: The concealed sets by kind * 34 + tile, and the triplets a ron completes by tile: shared values,
#: so a reading builds no tuple per set.
#: Typed as objects: read as `Set`, compiled code unpacks a tuple into native values and packs a new
#: one where it is stored (a tuple made and freed per set).
_CONCEALED_SETS: Final[tuple[object, ...]] = tuple(
    [(kind, t, False, False) for kind in (SEQ, TRIP) for t in range(34)]
)
_RON_TRIPS: Final[tuple[object, ...]] = tuple([(TRIP, t, True, False) for t in range(34)])


#: Bits per first tile in `Reading.trip_starts` and ``seq_starts`` (tiles below 64; four sets at most).
START_BITS: Final = 6
START_MASK: Final = 63


def _starts(packed: i64, n: i64) -> list[int]:
    """The ``n`` first tiles packed in ``packed`` (`START_BITS` bits each, the first lowest), as a list."""
    out: list[int] = []
    i: i64
    for i in range(n):
        out.append(packed >> (START_BITS * i) & START_MASK)
    return out


class Reading:
    """One way to read the hand. ``form`` is standard, chiitoitsu or kokushi.

    The sets are the concealed ``groups`` of the split (its own tuple, shared: no tuple of sets made per
    reading), then the ``melds``; ``ron_index`` is the concealed triplet a ron completed (open as fu
    and sanankou see it), -1 for none. `sets` lists them as (kind, first tile, open, kan).

    The facts of the hand's tiles and situation are the same for every reading: the first reading of a
    hand works them out, the others copy them from it (``like``): no object of their own to make.
    """

    __slots__ = (
        "form", "groups", "melds", "ron_index", "pair", "wait", "trip_starts", "seq_starts", "n_trips",
        "n_seqs", "trip_bits", "seq_bits", "concealed_trips", "kans",
        "hand", "ctx", "rules", "closed", "win_tile", "seat_tile", "round_tile", "suit_bits", "suit_count",
        "all_simple", "all_orphan", "all_honor", "all_terminal", "all_green",
    )  # fmt: skip

    def __init__(
        self,
        form: str,
        groups: tuple[Group, ...],
        melds: tuple[Set, ...],
        ron_index: i64,
        pair: i64,
        wait: str,
        hand: Hand,
        ctx: Context,
        rules: Rules,
        like: Reading | None,
    ) -> None:
        self.form: str = form
        self.groups: tuple[Group, ...] = groups
        self.melds: tuple[Set, ...] = melds
        self.ron_index: i64 = ron_index
        self.pair: i64 = pair
        self.wait: str = wait
        self.hand: Hand = hand
        self.ctx: Context = ctx
        self.rules: Rules = rules
        if like is None:
            self._hand_facts()
        else:
            self._copy_facts(like)
        # The triplets' and the sequences' first tiles packed in native ints (`START_BITS` bits each, in
        # the sets' order) with their numbers, not in lists: two lists a reading to make and free
        # cost more than the tests that read them (`trips` and `seqs` make the lists when asked).
        trip_starts: i64 = 0
        seq_starts: i64 = 0
        n_trips: i64 = 0
        n_seqs: i64 = 0
        concealed: i64 = 0
        kans: i64 = 0
        trip_bits: i64 = 0
        seq_bits: i64 = 0
        ron: i64 = ron_index
        i: i64 = 0
        for kind, t in groups:
            first: i64 = t
            if kind == TRIP:
                trip_starts |= first << (START_BITS * n_trips)
                n_trips += 1
                trip_bits |= _tile_bit(first)
                if i != ron:
                    concealed += 1
            else:
                seq_starts |= first << (START_BITS * n_seqs)
                n_seqs += 1
                seq_bits |= _tile_bit(first)
            i += 1
        for kind, t, is_open, is_kan in melds:
            first = t
            if kind == TRIP:
                trip_starts |= first << (START_BITS * n_trips)
                n_trips += 1
                trip_bits |= _tile_bit(first)
                if not is_open:
                    concealed += 1
                if is_kan:
                    kans += 1
            else:
                seq_starts |= first << (START_BITS * n_seqs)
                n_seqs += 1
                seq_bits |= _tile_bit(first)
        self.trip_starts: i64 = trip_starts
        self.seq_starts: i64 = seq_starts
        self.n_trips: i64 = n_trips
        self.n_seqs: i64 = n_seqs
        # One bit per tile that starts a triplet (or quad) / a sequence: `has_trip` and `has_seq`.
        self.trip_bits: i64 = trip_bits
        self.seq_bits: i64 = seq_bits
        self.concealed_trips: i64 = concealed
        self.kans: i64 = kans

    def _hand_facts(self) -> None:
        """The hand's own facts: closed, the winning tile, the wind tiles, and its tile-set facts."""
        hand, ctx = self.hand, self.ctx
        self.win_tile: i64 = hand.win_tile
        self.closed: bool = hand.is_closed
        self.seat_tile: i64 = _wind(ctx.seat_wind)
        self.round_tile: i64 = _wind(ctx.round_wind)
        every, some = _tile_bits(hand)
        # One bit per suit present (m p s z), and how many suits.
        self.suit_bits: i64 = some // _SUIT_BIT
        self.suit_count: i64 = (some & _M) // _M + (some & _P) // _P + (some & _S) // _S + (some & _Z) // _Z
        self.all_simple: bool = not some & _ORPHAN
        self.all_orphan: bool = bool(every & _ORPHAN)
        self.all_honor: bool = bool(every & _HONOR)
        self.all_terminal: bool = bool(every & _TERMINAL)
        self.all_green: bool = bool(every & _GREEN)

    def _copy_facts(self, like: Reading) -> None:
        """`_hand_facts`, copied from another reading of the same hand."""
        self.win_tile = like.win_tile
        self.closed = like.closed
        self.seat_tile = like.seat_tile
        self.round_tile = like.round_tile
        self.suit_bits = like.suit_bits
        self.suit_count = like.suit_count
        self.all_simple = like.all_simple
        self.all_orphan = like.all_orphan
        self.all_honor = like.all_honor
        self.all_terminal = like.all_terminal
        self.all_green = like.all_green

    @property
    def sets(self) -> tuple[Set, ...]:
        """Every set as (kind, first tile, open, kan): the concealed groups, then the melds."""
        out: list[object] = [_CONCEALED_SETS[kind * 34 + t] for kind, t in self.groups]
        if self.ron_index >= 0:
            out[self.ron_index] = _RON_TRIPS[self.win_tile]
        return cast(tuple[Set, ...], tuple(out)) + self.melds

    @property
    def counts(self) -> tuple[int, ...]:
        """Counts of every tile, melds included (a kan counts 4): the concealed counts themselves when
        there is no meld. Made when asked (the scorer counts what it needs without them: `copies`)."""
        return tuple(self.hand.all_counts()) if self.hand.melds else self.hand.concealed

    def copies(self, t: int) -> int:
        """How many of tile ``t`` the hand holds, melds included (`counts`' item, without the 34)."""
        hand = self.hand
        n: i64 = hand.held(t)
        suit: i64 = t // 9
        shift: i64 = UNIT_SHIFT[t]
        for m in hand.melds:  # a meld's tiles packed as its suit's counts (`Meld.packed`, made once)
            packed: i64 = m.packed()
            if packed & 3 == suit:
                n += packed >> shift & 15
        return n

    @property
    def trips(self) -> list[int]:
        """The first tile of each triplet or quad, in the sets' order."""
        return _starts(self.trip_starts, self.n_trips)

    @property
    def seqs(self) -> list[int]:
        """The first tile of each sequence, in the sets' order."""
        return _starts(self.seq_starts, self.n_seqs)

    def has_trip(self, t: int) -> bool:
        """Whether a triplet or quad of ``t`` is among the sets."""
        return t >= 0 and _bit(self.trip_bits, t)

    def has_seq(self, t: int) -> bool:
        """Whether a sequence starting at ``t`` is among the sets."""
        return t >= 0 and _bit(self.seq_bits, t)


def _tile_bit(t: i64) -> i64:
    """``1 << t``, shifted from a variable that changes: mypyc shifts a literal 1 (or a variable that
    only ever holds 1) as a 32-bit C int. (A list of the 34 bits cost an object read and unboxed a
    set, through a call from tile 30 on.)"""
    bit: i64 = 1
    bit = bit << t
    return bit


def _bit(bits: i64, t: i64) -> bool:
    """Bit ``t`` of ``bits``, shifted as native ints (an int's shift is a call)."""
    return (bits >> t & 1) != 0


#: Nibbles of a number suit's packed counts (`suit_key` >> 2: the 9 at the lowest 4 bits, the 1 at the
#: highest): the 1 and the 9, the 2 to 8, the green 2 3 4 6 8 of bamboos, and the others.
_ENDS: Final = 0xF0000000F
_MIDDLE: Final = 0x0FFFFFFF0
_GREEN_SOU: Final = 0x0FFF0F0F0
_OTHER_SOU: Final = 0xF000F0F0F
#: Nibbles of the honors' packed counts (East highest, Red lowest): Green, and the others.
_GREEN_HONOR: Final = 0x00000F0
_OTHER_HONOR: Final = 0xFFFFF0F


#: The seats' letters, compared by identity in `_wind`.
_E_LETTER: Final = "E"
_S_LETTER: Final = "S"
_W_LETTER: Final = "W"
_N_LETTER: Final = "N"


def _wind(seat: str) -> int:
    """`tiles.wind_tile`, a seat's one character compared as a native int (a string comparison that
    fails is a call and a memcmp; `wind_tile` makes a look-up). The letters first by identity: a
    one-character text below 256 is one shared object in CPython, so a seat is nearly always the very
    object (no length and character read through two calls)."""
    if seat is _E_LETTER:
        return EAST
    if seat is _S_LETTER:
        return SOUTH
    if seat is _W_LETTER:
        return WEST
    if seat is _N_LETTER:
        return NORTH
    if len(seat) == 1:
        c: i64 = ord(seat)
        if c == 69:  # E
            return EAST
        if c == 83:  # S
            return SOUTH
        if c == 87:  # W
            return WEST
        if c == 78:  # N
            return NORTH
    return wind_tile(seat)


def _tile_bits(hand: Hand) -> tuple[i64, i64]:
    """The AND and the OR of `_BITS` over every tile the hand holds (melds included).

    From the packed suit keys when the hand has them: a few masks per suit (which of its tiles are
    there), not a walk over its tiles (tests/test_tile_bits.py checks it against the walk)."""
    if not hand.packed_already():  # not packed (or counts no hand holds): walked one by one
        return _counted_bits(hand.all_counts())
    every: i64 = _ALL_BITS
    some: i64 = 0
    s: i64
    for s in range(3):
        key: i64 = hand.key_m
        if s == 1:
            key = hand.key_p
        elif s == 2:
            key = hand.key_s
        x: i64 = key >> 2
        if x:
            suit: i64 = _SUIT_BIT << s
            some |= suit
            every &= suit | _ORPHAN | _TERMINAL | _GREEN  # not honors
            if x & _ENDS:
                some |= _ORPHAN | _TERMINAL
            if x & _MIDDLE:
                every &= ~(_ORPHAN | _TERMINAL)
            if s != 2 or x & _OTHER_SOU:
                every &= ~_GREEN
            if s == 2 and x & _GREEN_SOU:
                some |= _GREEN
    x = hand.key_z >> 2
    if x:
        some |= _Z | _ORPHAN | _HONOR
        every &= _Z | _ORPHAN | _HONOR | _GREEN
        if x & _GREEN_HONOR:
            some |= _GREEN
        if x & _OTHER_HONOR:
            every &= ~_GREEN
    for m in hand.melds:
        for meld_tile in m.tiles:
            bits: i64 = _BITS[meld_tile]
            every &= bits
            some |= bits
    return every, some


def _counted_bits(counts: list[int]) -> tuple[i64, i64]:
    """`_tile_bits` of 34 counts, tile by tile."""
    every: i64 = _ALL_BITS
    some: i64 = 0
    t: i64 = 0
    n: i64
    for n in counts:
        if n:
            bits: i64 = _BITS[t]
            every &= bits
            some |= bits
        t += 1
    return every, some


def _sequence_wait(first: i64, win: i64) -> str:
    if win == first + 1:
        return "kanchan"
    if (win == first and first % 9 == 6) or (win == first + 2 and first % 9 == 0):
        return "penchan"
    return "ryanmen"


def readings(
    hand: Hand, ctx: Context, rules: Rules, splits: list[tuple[tuple[Group, ...], int]] | None = None
) -> list[Reading]:
    """Every reading of a 14-tile hand; empty when the tiles are not a winning shape. ``splits``:
    `standard_splits` of the concealed tiles, from a caller that reads the same tiles with several
    winning tiles (they do not depend on it)."""
    melds: tuple[Set, ...] = ()
    n: i64 = len(hand.melds)
    if n == 1:  # the meld's own one-tuple, shared
        melds = cast(tuple[Set, ...], hand.melds[0].sets())
    elif n:  # (each set read as an object: a `Set` would be unpacked and packed anew)
        melds = cast(tuple[Set, ...], tuple([cast(tuple[object, ...], m.sets())[0] for m in hand.melds]))
    out: list[Reading] = []  # the first reading works out the hand's facts, the others copy them
    if splits is None and not hand.packs():  # counts no hand holds
        splits = standard_splits(hand.concealed)
    elif splits is None:
        m, p, s, z = hand.key_m, hand.key_p, hand.key_s, hand.key_z
        groups, pair = single_split(m, p, s, z)  # the common case: no list of splits
        if pair == SEVERAL:
            splits = packed_splits(m, p, s, z)
        elif pair >= 0:
            _split_readings(out, groups, pair, melds, hand, ctx, rules)
    # (else a caller's hand built from counts: not packed only for seven pairs)
    if splits is not None:
        for groups, pair in splits:
            _split_readings(out, groups, pair, melds, hand, ctx, rules)
    if not hand.melds:  # both shapes count their 14 tiles themselves
        packed = hand.packed_already()
        if (
            is_chiitoitsu_packed(hand.key_m, hand.key_p, hand.key_s, hand.key_z)
            if packed
            else is_chiitoitsu(hand.concealed)
        ):
            out.append(Reading("chiitoitsu", (), (), -1, -1, "tanki", hand, ctx, rules, _first(out)))
        elif not out and is_kokushi(hand.concealed):  # thirteen orphans make no sets
            wait = "kokushi13" if hand.concealed[hand.win_tile] == 2 else "tanki"
            out.append(Reading("kokushi", (), (), -1, -1, wait, hand, ctx, rules, _first(out)))
    return out


def _split_readings(
    out: list[Reading],
    groups: tuple[Group, ...],
    pair: i64,
    melds: tuple[Set, ...],
    hand: Hand,
    ctx: Context,
    rules: Rules,
) -> None:
    """Append to ``out`` the readings of one split (``groups`` and ``pair``): one per group the winning
    tile may have completed."""
    win: i64 = hand.win_tile
    if pair == win:
        out.append(Reading("standard", groups, melds, -1, pair, "tanki", hand, ctx, rules, _first(out)))
    # Bits of the sequences already tried (equal sequences make one reading). Native ints: an int's
    # shift is a call.
    tried_seqs: i64 = 0
    i: i64 = 0
    for kind, first in groups:
        t: i64 = first
        if kind == TRIP:
            if t == win:  # one triplet of a tile at most among concealed groups
                ron: i64 = -1  # a triplet the winning tile completed counts as open by a ron
                if not ctx.tsumo:
                    ron = i
                out.append(
                    Reading("standard", groups, melds, ron, pair, "shanpon", hand, ctx, rules, _first(out))
                )
        elif t <= win <= t + 2 and not tried_seqs >> t & 1:
            wait = _sequence_wait(t, win)
            out.append(Reading("standard", groups, melds, -1, pair, wait, hand, ctx, rules, _first(out)))
            tried_seqs |= _tile_bit(t)
        i += 1


def _first(out: list[Reading]) -> Reading | None:
    """The first reading of ``out``, if any."""
    return out[0] if out else None
