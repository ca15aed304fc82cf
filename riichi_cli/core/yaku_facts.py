"""What the yaku and yakuman tests read off a reading beyond its fields: the facts as bits (a row that
needs one is skipped without a call when the reading lacks it), triplets held, renhou's rule."""

from __future__ import annotations

from .native import i64
from .reading import Reading
from .tiles import is_orphan

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Final

#: The honors' bit in `Reading.suit_bits` (m, p, s, z: 1, 2, 4, 8).
_HONORS: Final = 8


def _held(tiles: tuple[int, ...], r: Reading) -> int:
    """How many of ``tiles`` the reading has as triplets (or quads)."""
    n = 0
    for t in tiles:
        if r.has_trip(t):
            n += 1
    return n


def renhou_as(r: Reading, value: str) -> bool:
    """Whether the win is renhou scored as ``value`` of the ``renhou`` rule: ``han5`` (a yaku here),
    ``yakuman`` (the yakuman table) or ``mangan`` (a flat mangan, see `scoring.score_reading`)."""
    return r.ctx.renhou and r.rules.renhou == value


# -- facts a test needs ----------------------------------------------------------------------
# Most hands lack most of these, so a row that names one in ``needs`` costs one AND instead of a
# call for them (tests/test_yaku_needs.py checks every row's needs against its test).

#: A situation flag other than riichi: double riichi, ippatsu, haitei, houtei, rinshan, chankan, renhou.
SITUATION: Final = 1
#: A triplet or quad of honors.
HONOR_TRIP: Final = 2
#: An honor tile anywhere in the hand.
HONOR: Final = 4
#: Two sequences or more.
TWO_SEQS: Final = 8
#: Three sequences or more.
THREE_SEQS: Final = 16
#: Three triplets or quads or more.
THREE_TRIPS: Final = 32
#: Riichi declared (``riichi``, or ``double_riichi`` given with it).
RIICHI: Final = 64
#: A win by tsumo.
TSUMO: Final = 128
#: No terminal or honor anywhere in the hand.
SIMPLES: Final = 256
#: Read as seven pairs.
SEVEN_PAIRS: Final = 512
#: Tiles of one suit only (honors count as a suit).
ONE_SUIT: Final = 1024
#: Terminals and honors only.
ALL_ORPHANS: Final = 2048
#: The pair of a four-sets reading is a terminal or an honor.
END_PAIR: Final = 4096
#: A triplet or quad of dragons.
DRAGON_TRIP: Final = 8192
#: A triplet or quad of winds.
WIND_TRIP: Final = 16384
#: The pair is a dragon.
DRAGON_PAIR: Final = 32768
#: Some sequence twice (or more).
REPEATED_SEQ: Final = 65536
#: A sequence in each of the three number suits.
SEQS_EVERY_SUIT: Final = 131072
#: Sequences from the 1, the 4 and the 7 of one suit (a straight's).
STRAIGHT_SEQS: Final = 262144
#: A sequence, and every sequence starts at a 1 or a 7 (holds a terminal).
OUTSIDE_SEQS: Final = 524288
#: Four sequences.
FOUR_SEQS: Final = 1048576
#: A two-sided (ryanmen) wait.
RYANMEN: Final = 2097152
#: Tiles of two suits (honors count as a suit).
TWO_SUITS: Final = 4194304


def reading_facts(r: Reading) -> i64:
    """The facts above that hold for a reading, as bits."""
    ctx = r.ctx
    facts: i64 = 0  # native: its ORs need no tagged-int checks
    last_tile = ctx.haitei or ctx.houtei
    if ctx.double_riichi or ctx.ippatsu or last_tile or ctx.rinshan or ctx.chankan or ctx.renhou:
        facts |= SITUATION
    if ctx.riichi:
        facts |= RIICHI
    if ctx.tsumo:
        facts |= TSUMO
    honor_trips: i64 = r.trip_bits >> 27
    if honor_trips:
        facts |= HONOR_TRIP
        if honor_trips & 15:  # East to North
            facts |= WIND_TRIP
        if honor_trips >> 4:  # White, Green, Red
            facts |= DRAGON_TRIP
    if r.suit_bits & _HONORS:
        facts |= HONOR
    if r.all_simple:
        facts |= SIMPLES
    if r.suit_count == 1:
        facts |= ONE_SUIT
    elif r.suit_count == 2:
        facts |= TWO_SUITS
    if r.all_orphan:
        facts |= ALL_ORPHANS
    if r.form == "chiitoitsu":
        facts |= SEVEN_PAIRS
    elif r.pair >= 0 and is_orphan(r.pair):
        facts |= END_PAIR
        if r.pair >= 31:
            facts |= DRAGON_PAIR
    if r.n_seqs:
        facts |= _sequence_facts(r.seq_bits, r.n_seqs)
    if r.wait == "ryanmen":
        facts |= RYANMEN
    if r.n_trips >= 3:
        facts |= THREE_TRIPS
    return facts


#: The sequences' first tiles that hold a terminal (1 or 7 of a suit), one bit per tile.
_OUTSIDE_STARTS: Final = 0x1048241
#: The 1s of the three suits, one bit per tile (a straight starts at one, 3 and 6 tiles above it).
_SUIT_ONES: Final = 0x40201
assert _OUTSIDE_STARTS == sum(1 << t for t in (0, 6, 9, 15, 18, 24)) and _SUIT_ONES == 1 | 1 << 9 | 1 << 18


def _sequence_facts(bits: i64, n: i64) -> int:
    """The facts above about a reading's sequences (``n``, one at least, with one bit per tile that
    starts one in ``bits``: `Reading.seq_bits`): how many, repeated, in which suits, a straight,
    whether each holds a terminal. Masks over the bits, no walk over the sequences."""
    facts: i64 = 0
    if n >= 2:
        facts = (
            TWO_SEQS if n == 2 else (TWO_SEQS | THREE_SEQS if n == 3 else TWO_SEQS | THREE_SEQS | FOUR_SEQS)
        )
    if _bit_count(bits) < n:  # two sequences share a first tile
        facts |= REPEATED_SEQ
    if bits & 511 and bits >> 9 & 511 and bits >> 18 & 511:
        facts |= SEQS_EVERY_SUIT
    if bits & bits >> 3 & bits >> 6 & _SUIT_ONES:
        facts |= STRAIGHT_SEQS
    if not bits & ~_OUTSIDE_STARTS:
        facts |= OUTSIDE_SEQS
    return facts


def _bit_count(x: i64) -> i64:
    """How many bits of ``x`` (below 2**32) are set, by adding neighbouring fields (native: mypyc has
    no primitive for `int.bit_count`)."""
    x = x - (x >> 1 & 0x55555555)
    x = (x & 0x33333333) + (x >> 2 & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return (x * 0x01010101) >> 24 & 255
