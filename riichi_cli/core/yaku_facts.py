"""What the yaku and yakuman tests read off a reading beyond its fields: the facts as bits (a row that
needs one is skipped without a call when the reading lacks it), triplets held, renhou's rule."""

from __future__ import annotations

from typing import Final

from .reading import Reading
from .tiles import is_orphan

#: The honors' bit in `HandFacts.suit_bits` (m, p, s, z: 1, 2, 4, 8).
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


def reading_facts(r: Reading) -> int:
    """The facts above that hold for a reading, as bits."""
    ctx, h = r.ctx, r.h
    facts = 0
    last_tile = ctx.haitei or ctx.houtei
    if ctx.double_riichi or ctx.ippatsu or last_tile or ctx.rinshan or ctx.chankan or ctx.renhou:
        facts |= SITUATION
    if ctx.riichi:
        facts |= RIICHI
    if ctx.tsumo:
        facts |= TSUMO
    if r.trip_bits >> 27:
        facts |= HONOR_TRIP
    if h.suit_bits & _HONORS:
        facts |= HONOR
    if h.all_simple:
        facts |= SIMPLES
    if h.suit_count == 1:
        facts |= ONE_SUIT
    if h.all_orphan:
        facts |= ALL_ORPHANS
    if r.form == "chiitoitsu":
        facts |= SEVEN_PAIRS
    elif r.pair >= 0 and is_orphan(r.pair):
        facts |= END_PAIR
    seqs = len(r.seqs)
    if seqs >= 2:
        facts |= TWO_SEQS if seqs == 2 else TWO_SEQS | THREE_SEQS
    if len(r.trips) >= 3:
        facts |= THREE_TRIPS
    return facts
