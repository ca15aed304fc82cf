"""The han and fu of a closed hand's self-drawn win, counted on its packed tiles: `riichi analyze`'s
wins without the core's objects.

`core.win_tally.tally` counts a reading's han and fu through the core's readings (a Hand,
a Reading per way the winning tile fits, the yaku table, the fu lines): most of what a win of `riichi
analyze` cost. Here the same readings are walked as bit masks: each suit's splits (the same search as
`decompose._split`, so the same splits as often) packed in one int, a reading's yaku and fu read off
the masks. Only the hands where that is short are counted here: closed (no melds), a tsumo of
`riichi analyze`'s situation (riichi, ippatsu and haitei the only flags; no honba), and no yakuman
possible (`yakuman._may_be_yakuman`: no reading with three triplets, not one suit, not all orphans,
not all green); `tallies` gives None for any other and the caller asks the core.
tests/test_closed_tsumo.py checks the tallies against the core's on random closed wins.
"""

from __future__ import annotations

from typing import Final

from ..core.int_table import IntTable
from ..core.native import i64
from ..core.rules import Rules
from ..core.tiles import DRAGONS, GREEN_TILES, ORPHANS, TERMINALS, WINDS, dora_of_players, wind_tile
from ..core.yaku import YAKU

# A suit's split in one int: five fields of 9 bits (one bit per tile of the suit), then the pair.
#: Tiles that start a sequence (S1), two sequences (S2), four (S4); that hold a triplet (T).
_S2_AT: Final = 9
_S4_AT: Final = 18
_T_AT: Final = 27
#: The pair's place in the suit plus one (0: no pair), 4 bits.
_P_AT: Final = 36
_NINE: Final = 511

#: The han of each yaku counted here, closed (the core's table, `YAKU`).
_HAN: Final = {y.id: y.closed_han for y in YAKU}
_RIICHI: Final[int] = _HAN["riichi"]
_IPPATSU: Final[int] = _HAN["ippatsu"]
_TSUMO: Final[int] = _HAN["menzen_tsumo"]
_PINFU: Final[int] = _HAN["pinfu"]
_TANYAO: Final[int] = _HAN["tanyao"]
_IIPEIKOU: Final[int] = _HAN["iipeikou"]
_RYANPEIKOU: Final[int] = _HAN["ryanpeikou"]
_YAKUHAI: Final[int] = _HAN["haku"]
_HAITEI: Final[int] = _HAN["haitei"]
_SANSHOKU: Final[int] = _HAN["sanshoku"]
_ITTSU: Final[int] = _HAN["ittsu"]
_CHANTA: Final[int] = _HAN["chanta"]
_JUNCHAN: Final[int] = _HAN["junchan"]
_CHIITOITSU: Final[int] = _HAN["chiitoitsu"]
_SHOUSANGEN: Final[int] = _HAN["shousangen"]
_HONITSU: Final[int] = _HAN["honitsu"]
assert _HAN["hatsu"] == _HAN["chun"] == _HAN["round_wind"] == _HAN["seat_wind"] == _YAKUHAI


def _mask(tiles: tuple[int, ...] | frozenset[int]) -> int:
    out = 0
    for t in tiles:
        out |= 1 << t
    return out


#: One bit per tile (0-33) of the 34: orphans, terminals, dragons.
_ORPHAN_BITS: Final = _mask(ORPHANS)
_TERMINAL_BITS: Final = _mask(TERMINALS)
_DRAGON_BITS: Final = _mask(DRAGONS)
_WIND_BITS: Final = [1 << t for t in WINDS]
#: Sequence starts holding a terminal (1 and 7 of each suit), and 1-4-7 of the man suit (ittsu).
_OUTSIDE_STARTS: Final = _mask((0, 6, 9, 15, 18, 24))
_STRAIGHT: Final = _mask((0, 3, 6))
#: Three bits a tile: the count fields of a packed suit's terminals (1 and 9), and the low and high
#: bit of every count (a count of 0 or 2 has neither: seven pairs).
_ENDS: Final = 7 | 7 << 24
_LOW_BITS: Final = sum([1 << 3 * i for i in range(9)])
_HIGH_BITS: Final = _LOW_BITS << 2
#: The green tiles' count fields in the sou word and in the honor word (ryuuiisou).
_GREEN_SOU: Final = sum([7 << 3 * (t - 18) for t in GREEN_TILES if 18 <= t < 27])
_GREEN_HONOR: Final = sum([7 << 3 * (t - 27) for t in GREEN_TILES if t >= 27])
_WORD: Final = (1 << 27) - 1

#: A suit's splits by its packed counts (3 bits a tile, and 1 for the honors): the splits in a flat
#: list (`_SPLITS`), found by their first place << 8 | how many. Bounded like `decompose._splits`.
#: The table starts with room for the ~2,000 shapes of a run of problems (4,096 slots made at import,
#: a few microseconds: growing it meanwhile re-inserted every key each time).
#: The first is the split of an empty suit: no group, no pair.
_SPLITS: Final[list[int]] = [0]

#: A tally (`win_tally.tally`: han, fu, fixed points) in one int: the han in the low 8 bits, the fu
#: in the next 8, the fixed points above.
FU_AT: Final = 8
FIXED_AT: Final = 16


def packed_tally(counted: tuple[int, int, int]) -> int:
    """The int of a tally."""
    han, fu, fixed = counted
    return han | fu << FU_AT | fixed << FIXED_AT


_SPLIT_IDS: Final = IntTable(12, 20)
_MAX_SPLITS: Final = 1 << 20


class ClosedTsumo:
    """Counts the wins of one problem: the winds, dora indicators and rules fixed."""

    def __init__(self, round_wind: str, seat_wind: str, dora: tuple[int, ...], rules: Rules) -> None:
        round_tile: i64 = wind_tile(round_wind)
        seat_tile: i64 = wind_tile(seat_wind)
        self.round_tile = round_tile
        self.seat_tile = seat_tile
        players = rules.players
        targets: list[int] = []
        for i in dora:
            targets.append(dora_of_players(i, players))
        self.dora = targets
        self.min_han: i64 = rules.min_han
        self.ippatsu = rules.ippatsu
        self.double_wind_fu: i64 = rules.double_wind_pair_fu
        #: The pairs worth fu (`fu.pair_fu`) and the ones that forbid pinfu: dragons, seat and round.
        self.value_pairs: i64 = _DRAGON_BITS | _WIND_BITS[round_tile - 27] | _WIND_BITS[seat_tile - 27]

    def tallies(self, hi: i64, lo: i64, win: i64, flags: i64) -> list[int] | None:
        """`tally` of every reading of the closed 14 tiles packed in ``hi`` and ``lo`` (3 bits a
        tile: 0-17, 18-33) that has one (`packed_tally`), won by tsumo on ``win``; ``flags``: riichi 1,
        ippatsu 2, haitei 4. None when the hand is not one counted here (the core's `tally` says)."""
        man: i64 = hi & _WORD
        pin: i64 = hi >> 27
        sou: i64 = lo & _WORD
        honor: i64 = lo >> 27
        suits: i64 = (1 if man else 0) + (1 if pin else 0) + (1 if sou else 0) + (1 if honor else 0)
        numbers: i64 = man | pin | sou
        if suits == 1 or numbers & ~_ENDS == 0:  # one suit (honors too); all terminals and honors
            return None
        if man == 0 and pin == 0 and sou & ~_GREEN_SOU == 0 and honor & ~_GREEN_HONOR == 0:
            return None
        # What every reading has: riichi, ippatsu, menzen tsumo, haitei, tanyao, honitsu.
        han: i64 = _TSUMO
        if flags & 1:
            han += _RIICHI
            if flags & 2 and self.ippatsu:
                han += _IPPATSU
        if flags & 4:
            han += _HAITEI
        if honor == 0 and numbers & _ENDS == 0:
            han += _TANYAO
        if honor and suits == 2:
            han += _HONITSU
        dora: i64 = 0
        t: i64
        for t in self.dora:
            dora += hi >> 3 * t & 7 if t < 18 else lo >> 3 * (t - 18) & 7
        out: list[int] = []
        m0, m1 = _splits_of(man, 0)
        p0, p1 = _splits_of(pin, 0)
        s0, s1 = _splits_of(sou, 0)
        z0, z1 = _splits_of(honor, 1)
        a: i64
        b: i64
        c: i64
        d: i64
        for a in range(m0, m1):
            xa: i64 = _SPLITS[a]
            for b in range(p0, p1):
                xb: i64 = _SPLITS[b]
                for c in range(s0, s1):
                    xc: i64 = _SPLITS[c]
                    for d in range(z0, z1):
                        xd: i64 = _SPLITS[d]
                        if not self._readings(xa, xb, xc, xd, win, han, dora, out):
                            return None
        if (man | pin | sou | honor) & (_LOW_BITS | _HIGH_BITS) == 0:  # seven pairs (14 tiles)
            if han + _CHIITOITSU >= self.min_han:
                out.append(han + _CHIITOITSU + dora | 25 << FU_AT)
        elif not out:  # thirteen orphans, or no win
            return None
        return out

    def _readings(
        self,
        xa: i64,
        xb: i64,
        xc: i64,
        xd: i64,
        win: i64,
        han: i64,
        dora: i64,
        out: list[int],
    ) -> bool:
        """Append the tallies of the readings of one split per suit (man ``xa``, pin, sou, honors
        ``xd``) where the winning tile fits; False when the split has three triplets or more (a
        yakuman may hold: the core counts the hand)."""
        pa: i64 = xa >> _P_AT
        pb: i64 = xb >> _P_AT
        pc: i64 = xc >> _P_AT
        pd: i64 = xd >> _P_AT
        if (1 if pa else 0) + (1 if pb else 0) + (1 if pc else 0) + (1 if pd else 0) != 1:
            return True  # a standard reading has exactly one pair
        pair: i64 = pa - 1 if pa else pb + 8 if pb else pc + 17 if pc else pd + 26
        seqs: i64 = (xa & _NINE) | (xb & _NINE) << 9 | (xc & _NINE) << 18
        twice: i64 = (xa >> _S2_AT & _NINE) | (xb >> _S2_AT & _NINE) << 9 | (xc >> _S2_AT & _NINE) << 18
        four: i64 = (xa >> _S4_AT & _NINE) | (xb >> _S4_AT & _NINE) << 9 | (xc >> _S4_AT & _NINE) << 18
        trips: i64 = (
            (xa >> _T_AT & _NINE)
            | (xb >> _T_AT & _NINE) << 9
            | (xc >> _T_AT & _NINE) << 18
            | (xd >> _T_AT & _NINE) << 27
        )
        fewer: i64 = trips & (trips - 1)
        if fewer & (fewer - 1):
            return False
        # The yaku of the split, the wait aside (pinfu).
        if twice:
            peikou: i64 = (2 if twice & (twice - 1) else 1) + (1 if four else 0)
            han += _IIPEIKOU if peikou == 1 else _RYANPEIKOU
        if trips >> 27:
            t: i64
            for t in range(27, 34):  # each dragon, seat and round wind (a double wind twice)
                if trips >> t & 1:
                    if _DRAGON_BITS >> t & 1:
                        han += _YAKUHAI
                    else:
                        if t == self.round_tile:
                            han += _YAKUHAI
                        if t == self.seat_tile:
                            han += _YAKUHAI
        if seqs & seqs >> 9 & seqs >> 18 & _NINE:
            han += _SANSHOKU
        if (
            seqs & _STRAIGHT == _STRAIGHT
            or seqs >> 9 & _STRAIGHT == _STRAIGHT
            or seqs >> 18 & _STRAIGHT == _STRAIGHT
        ):
            han += _ITTSU
        # Bits read by shifting the mask right: compiled, ``1 << pair`` is a 32-bit C shift.
        if seqs and seqs & ~_OUTSIDE_STARTS == 0:
            if trips & ~_TERMINAL_BITS == 0 and _TERMINAL_BITS >> pair & 1:
                han += _JUNCHAN
            elif xd and trips & ~_ORPHAN_BITS == 0 and _ORPHAN_BITS >> pair & 1:
                han += _CHANTA
        value_pair = self.value_pairs >> pair & 1 != 0
        if _DRAGON_BITS >> pair & 1 and trips & _DRAGON_BITS:
            dragons: i64 = trips & _DRAGON_BITS
            if dragons & (dragons - 1):
                han += _SHOUSANGEN
        # Fu: 20, closed triplets 4 (8 of orphans), the pair; the wait and tsumo by reading.
        fu: i64 = 20
        rest: i64 = trips
        while rest:
            low_trip: i64 = rest & -rest
            fu += 8 if low_trip & _ORPHAN_BITS else 4
            rest = rest & (rest - 1)
        if value_pair:
            if pair == self.round_tile and pair == self.seat_tile:
                fu += self.double_wind_fu
            else:
                fu += 2
        if pair == win:
            self._add(han, dora, fu + 4, out)  # tanki: 2, tsumo 2
        if trips >> win & 1:
            self._add(han, dora, fu + 2, out)  # shanpon
        first: i64 = win - 2 if win >= 2 else 0
        for s in range(first, win + 1):
            if seqs >> s & 1:
                if win == s + 1 or (win == s and s % 9 == 6) or (win == s + 2 and s % 9 == 0):
                    self._add(han, dora, fu + 4, out)  # kanchan or penchan: 2, tsumo 2
                elif trips == 0 and not value_pair:
                    self._add(han + _PINFU, dora, 20, out)  # ryanmen: pinfu, no tsumo fu
                else:
                    self._add(han, dora, fu + 2, out)
        return True

    def _add(self, han: i64, dora: i64, fu: i64, out: list[int]) -> None:
        if han >= self.min_han:
            out.append(han + dora | (-(-fu // 10) * 10) << FU_AT)


def _splits_of(word: i64, honors: i64) -> tuple[i64, i64]:
    """The place of one suit's splits in `_SPLITS`: from, to. ``word``: the suit's counts, 3 bits
    a tile; ``honors``: 1 for the honors (no sequences)."""
    if word == 0:
        return 0, 1
    key: i64 = word << 1 | honors
    found: i64 = _SPLIT_IDS.get(key)
    if found < 0:
        if len(_SPLITS) >= _MAX_SPLITS:
            del _SPLITS[1:]
            _SPLIT_IDS.clear()
        start: i64 = len(_SPLITS)
        _search(word, 7 if honors else 9, 0, 0, 0, -1)
        found = start << 8 | (len(_SPLITS) - start)
        _SPLIT_IDS.put(key, found)
    return found >> 8, (found >> 8) + (found & 255)


def _search(word: i64, size: i64, i: i64, seqs: i64, trips: i64, pair: i64) -> None:
    """Append to `_SPLITS` every split of the counts from tile ``i`` on, as `decompose._split` finds
    them (a triplet at the first tile left first, then a sequence, then the pair): ``seqs`` counts
    the sequences by first tile (3 bits each), ``trips`` and ``pair`` what is held so far."""
    while i < size and word >> 3 * i & 7 == 0:
        i += 1
    if i == size:
        _SPLITS.append(_packed(seqs, trips, pair))
        return
    unit: i64 = 1 << 3 * i  # below 2**24: a C int's shift (compiled) holds it
    n: i64 = word >> 3 * i & 7
    if n >= 3:
        _search(word - 3 * unit, size, i, seqs, trips | 1 << i, pair)
    if size == 9 and i <= 6 and word >> 3 * (i + 1) & 7 and word >> 3 * (i + 2) & 7:
        _search(word - unit - (unit << 3) - (unit << 6), size, i, seqs + unit, trips, pair)
    if pair < 0 and n >= 2:
        _search(word - 2 * unit, size, i, seqs, trips, i)


def _packed(seqs: i64, trips: i64, pair: i64) -> i64:
    """A split's int: the tiles that start one, two and four sequences, the triplets, the pair."""
    once: i64 = 0
    twice: i64 = 0
    four: i64 = 0
    i: i64
    for i in range(7):
        n: i64 = seqs >> 3 * i & 7
        if n >= 1:
            once |= 1 << i  # below 2**7: a C int's shift holds it
        if n >= 2:
            twice |= 1 << i
        if n >= 4:
            four |= 1 << i
    return once | twice << _S2_AT | four << _S4_AT | trips << _T_AT | (pair + 1) << _P_AT
