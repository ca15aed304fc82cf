"""What a self-drawn win is worth in the model of `riichi analyze`: the core's score, ura dora expected.

The value is what the winner receives by tsumo (every payer's share; no honba, no sticks), scored by
the core under the rules given. With riichi, the ura dora are expected exactly: as many ura indicators
as dora indicators (one without kan ura) are drawn without replacement from the tiles unseen at the
moment of the win, a red five and a plain five as one kind. The han they add is added to every
reading, and the best reading is taken for each count of ura dora, as the scorer would.
"""

from __future__ import annotations

from typing import Final

from ..core.context import Context
from ..core.decompose import Group, standard_splits
from ..core.hand import Hand, Meld
from ..core.native import i64
from ..core.points import base_points, table_points
from ..core.reading import readings
from ..core.rules import Rules
from ..core.tiles import COUNT_BITS
from ..core.win_tally import tally
from .closed_tsumo import FIXED_AT, FU_AT, ClosedTsumo, packed_tally
from .expected_graph import StateIndex, kind_tile
from .expected_ura import WEIGHT_BITS, WEIGHT_MASK, UraHits, total_weight

#: The value of a complete hand that is no win (no yaku): never taken.
NO_WIN: Final = -1.0


class WinScorer:
    """Scores the wins of one problem: the same situation, hands and winning tiles varying.

    A hand is scored once for its 34 tiles and winning tile, red fives read as plain: a red five adds
    one han (aka dora) and nothing else, so each red variant of a hand costs only the points of its
    readings with that han more. The readings' han and fu and the ura dora's chances are kept.
    """

    def __init__(
        self,
        melds: tuple[Meld, ...],
        meld_counts: list[int],
        pool34: list[int],
        dora: tuple[int, ...],
        round_wind: str,
        seat_wind: str,
        rules: Rules,
        ura: bool,
        pool_total: int = -1,
        asked: int = -1,
    ) -> None:
        """``pool_total``: the sum of ``pool34``, when the caller has it (`UraHits`); ``asked``: how
        many values `value` will be asked at most, when the caller knows (-1: not known)."""
        self.melds = melds
        self.meld_counts = meld_counts  # the 34 tiles' counts in the melds
        self.pool34 = pool34  # copies of the 34 tiles not seen by the player, the hand's included
        self.dora = dora
        self.round_wind = round_wind
        self.seat_wind = seat_wind
        self.rules = rules
        self.ura = ura and rules.ura_dora
        ura_count = max(1, len(dora)) if rules.kan_ura else 1
        self.ura_hits = UraHits(self.pool34, meld_counts, rules.players, ura_count, pool_total)
        #: The wins scored, numbered by their 34 tiles (red fives as fives) and their flags and winning
        #: tile (`value`): a look-up is native arithmetic on the two words, no dict key made. Most
        #: problems have a few wins (1-5 without hand changes): up to `_SCANNED` asked, they are found
        #: by a scan of their words (`_scan`; making and freeing a StateIndex cost more).
        few = 0 <= asked <= _SCANNED
        self.shapes: list[WinShape] = []
        self.shape_keys = _Keys(few)
        #: The 34 tiles' ura dora chances by the 34 tiles (any winning tile, any flags), found alike.
        #: One index with the wins' was tried: more instructions with many wins (longer probes, a
        #: second look-up).
        self.hands: list[HandTiles] = []
        self.hand_keys = _Keys(few)
        #: One Context per (riichi, ippatsu, haitei) flags: the situation is the same for every hand
        #: (made when the core first counts a hand: `_context`).
        self.contexts: list[Context | None] = []
        self.dealer = seat_wind == "E"
        self.aka = rules.aka_dora != 0
        #: Points of a tsumo by han and fu (the winner's seat is fixed): many readings share them, and
        #: every problem under the same rules (`_points_memo`). By han, fu / 5 and dealer in one list
        #: (0: not known yet); in a dict beyond.
        self.points, self.more_points = _points_memo(rules)
        #: Closed hands' wins counted without the core's objects (None with melds: the core counts).
        self.closed = None if melds else ClosedTsumo(round_wind, seat_wind, dora, rules)

    def value(self, hi: i64, lo: i64, kind: i64, riichi: bool, ippatsu: bool, haitei: bool) -> float:
        """The expected value of winning with the packed 14 tiles (the winning tile in) on ``kind``;
        `NO_WIN` when no reading has a yaku."""
        reds: i64 = (lo >> 48 & 7) + (lo >> 51 & 7) + (lo >> 54 & 7)
        # The 34 tiles in two words (red fives as their fives), the flags and winning tile beside them.
        # Native words: the same arithmetic on boxed ints checks every step.
        tiles_hi: i64 = hi + ((lo >> 48 & 7) << 12) + ((lo >> 51 & 7) << 39)
        tiles_lo: i64 = (lo & _TILES_LO) + ((lo >> 54 & 7) << 12)
        flags: i64 = (1 if riichi else 0) | (2 if ippatsu else 0) | (4 if haitei else 0)
        win: i64 = kind_tile(kind)
        outer: i64 = tiles_lo | (flags << 48) | (win << 51)
        keys = self.shape_keys
        found = keys.find(tiles_hi, outer)
        if found >= 0:
            shape = self.shapes[found]
        else:
            shape = self._shape(tiles_hi, tiles_lo, win, flags)
            self.shapes.append(shape)
            keys.add(tiles_hi, outer, found)
        return shape.value(reds if self.aka else 0, self)

    def _shape(self, tiles_hi: i64, tiles_lo: i64, win: i64, flags: i64) -> WinShape:
        tallies: list[int] | None = None
        if self.closed is not None:
            tallies = self.closed.tallies(tiles_hi, tiles_lo, win, flags)
        if tallies is None:
            tallies = self._core_tallies(tiles_hi, tiles_lo, win, flags)
        weights: i64 = 1  # without ura dora: one tile in all, finding none (chance 1 of 0 ura)
        chances: list[tuple[int, float]] | None = None
        if flags & 1 and self.ura and tallies:
            tiles = self._tiles(tiles_hi, tiles_lo)
            if self.ura_hits.draws > 1:
                if tiles.ura is None:
                    tiles.ura = self.ura_hits.of_words(tiles_hi, tiles_lo)
                chances = tiles.ura
            else:
                if tiles.weights < 0:
                    tiles.weights = self.ura_hits.weights(tiles_hi, tiles_lo)
                weights = tiles.weights
        return WinShape(tallies, weights, chances, self.dealer)

    def _core_tallies(self, tiles_hi: int, tiles_lo: int, win: int, flags: int) -> list[int]:
        """The tallies of the hand's readings as the core counts them (`readings`, `tally`), packed
        (`packed_tally`)."""
        counts, splits = _hand_tiles(tiles_hi, tiles_lo)
        hand = Hand(counts, win, self.melds, (0, 0, 0), False)
        tallies: list[int] = []
        for r in readings(hand, self._context(flags), self.rules, splits):
            counted = tally(r)  # the han and fu `score_reading` would give, without its record
            if counted is not None:
                tallies.append(packed_tally(counted))
        return tallies

    def _context(self, flags: int) -> Context:
        if not self.contexts:
            self.contexts = [None] * 8
        ctx = self.contexts[flags]
        if ctx is None:
            riichi = flags & 1 != 0
            ctx = Context(
                tsumo=True,
                round_wind=self.round_wind,
                seat_wind=self.seat_wind,
                riichi=riichi,
                ippatsu=flags & 2 != 0 and riichi and self.rules.ippatsu,
                haitei=flags & 4 != 0,
                dora=self.dora,
                players=self.rules.players,
            )
            self.contexts[flags] = ctx
        return ctx

    def _tiles(self, tiles_hi: i64, tiles_lo: i64) -> HandTiles:
        """The record of a hand's 34 tiles: a hand wins on several tiles, with several flags."""
        keys = self.hand_keys
        found = keys.find(tiles_hi, tiles_lo)
        if found >= 0:
            return self.hands[found]
        tiles = HandTiles()
        self.hands.append(tiles)
        keys.add(tiles_hi, tiles_lo, found)
        return tiles

    def points_of(self, han: int, fu: int, dealer: bool) -> int:
        """What a reading of ``han`` and ``fu`` pays by tsumo (memoised: the rules are fixed)."""
        h: i64 = han
        f: i64 = fu
        if 0 <= h < 32 and 0 <= f < 160 and f % 5 == 0:
            slot: i64 = (h << 6) + (f // 5 << 1) + (1 if dealer else 0)
            found: int = self.points[slot]
            if found == 0:
                found = self._points(han, fu, dealer)
                self.points[slot] = found
            return found
        key = (han << 10 | fu) << 1 | (1 if dealer else 0)
        found = self.more_points.get(key, 0)
        if found == 0:
            found = self._points(han, fu, dealer)
            self.more_points[key] = found
        return found

    def _points(self, han: int, fu: int, dealer: bool) -> int:
        base = base_points(han, fu, self.rules)[0]
        return table_points(base, dealer, True, self.rules).total


class _Keys:
    """Pairs of words numbered in the order added: found by a scan of two lists when few are asked
    (making and freeing a `StateIndex` cost more), else by a `StateIndex`."""

    def __init__(self, few: bool) -> None:
        self.his: list[int] = [] if few else _UNUSED  # (`_UNUSED` with an index: no list made)
        self.los: list[int] = [] if few else _UNUSED
        self.index: StateIndex | None = None if few else StateIndex()

    def find(self, hi: i64, lo: i64) -> i64:
        """The number of ``hi``, ``lo``; negative for new words (then `add` them with it)."""
        index = self.index
        if index is not None:
            return index.find(hi, lo)
        return _scan(self.his, self.los, hi, lo)

    def add(self, hi: i64, lo: i64, found: i64) -> None:
        """Number new words (``found``: what `find` said of them)."""
        index = self.index
        if index is not None:
            index.add(hi, lo, found)
        else:
            self.his.append(hi)
            self.los.append(lo)


def _scan(his: list[int], los: list[int], hi: i64, lo: i64) -> i64:
    """The number of words ``hi``, ``lo`` among those kept, -1 for new ones."""
    i: i64
    for i in range(len(his)):
        w: i64 = his[i]
        if w == hi:
            w = los[i]
            if w == lo:
                return i
    return -1


#: `WinScorer` finds its wins and hands by a scan when asked this many values at most.
_SCANNED: Final = 8
#: The words of `WinScorer`'s wins and hands when it has an index: never read or changed.
_UNUSED: Final[list[int]] = []


def _hand_tiles(tiles_hi: i64, tiles_lo: i64) -> tuple[tuple[int, ...], list[tuple[tuple[Group, ...], int]]]:
    """The 34 counts of two words (tiles 0-17 in ``tiles_hi``, 18-33 in ``tiles_lo``, 3
    bits each), split by `standard_splits` with each suit's `suit_key` made in the same pass."""
    counts = [0] * 34
    keys = [0, 0, 0, 0]
    word: i64 = tiles_hi
    key: i64 = 0
    t: i64
    for t in range(34):
        if t == 18:
            word = tiles_lo
        n: i64 = word & 7
        word = word >> 3
        if n:  # 14 tiles: most counts stay 0
            counts[t] = n
            key = key << COUNT_BITS | n
        else:
            key = key << COUNT_BITS
        if t == 8 or t == 17 or t == 26 or t == 33:
            suit: i64 = t // 9
            keys[suit] = key << 2 | suit if key else 0
            key = 0
    return tuple(counts), standard_splits(counts, keys)


#: `WinScorer.points` and ``more_points`` by what the points of a han and fu depend on (`_payout_key`).
_POINTS: Final[dict[int, tuple[list[int], dict[int, int]]]] = {}
#: `WinScorer.points`: one slot per han below 32, fu / 5 below 32 and dealer (`points_of`).
_SLOTS: Final = 32 * 32 * 2


def _points_memo(rules: Rules) -> tuple[list[int], dict[int, int]]:
    if _LAST_RULES and _LAST_RULES[0] is rules:  # the problems of a run share their Rules
        return _LAST_MEMO[0]
    key = _payout_key(rules)
    found = _POINTS.get(key)
    if found is None:
        found = ([0] * _SLOTS, {})
        _POINTS[key] = found
    _LAST_RULES[:] = [rules]
    _LAST_MEMO[:] = [found]
    return found


#: The Rules `_points_memo` last met and their memo.
_LAST_RULES: Final[list[Rules]] = []
_LAST_MEMO: Final[list[tuple[list[int], dict[int, int]]]] = []


def _payout_key(rules: Rules) -> int:
    """The options a tsumo's points by han and fu read: `base_points` the limits (``kazoe_yakuman``,
    ``kiriage_mangan``), `table_points` the table (``players``, ``tsumo_loss``). One int, where a
    key by the whole Rules would hash its 36 fields in interpreted code on every problem."""
    return (
        rules.players << 3
        | (4 if rules.kazoe_yakuman else 0)
        | (2 if rules.kiriage_mangan else 0)
        | (1 if rules.tsumo_loss else 0)
    )


#: The bits of a packed hand's low word that hold tiles (the red fives sit above).
_TILES_LO: Final = (1 << 48) - 1


class HandTiles:
    """A winning hand's ura dora chances (by its 34 counts, red fives as fives), when first asked:
    packed weights of one indicator (`UraHits.weights`, -1 until asked), or the list of several."""

    def __init__(self) -> None:
        self.weights: i64 = -1
        self.ura: list[tuple[int, float]] | None = None


class WinShape:
    """One winning hand's readings that have a yaku (`tally`: han, fu, fixed points, each in one int:
    `packed_tally`) and the ura dora's chances: its expected value by the han that red fives add."""

    def __init__(
        self,
        tallies: list[int],
        weights: i64,
        ura: list[tuple[int, float]] | None,
        dealer: bool,
    ) -> None:
        self.tallies = tallies
        self.weights = weights  # the ura dora's chances of one indicator (`UraHits.weights`)
        self.ura = ura  # or of several, as (ura dora, probability)
        self.dealer = dealer

    def value(self, aka: i64, scorer: WinScorer) -> float:
        """Over the ura dora's chances, what the best reading pays by tsumo with the han of ``aka`` red
        fives and the ura dora found (a fixed amount pays as it is). Not kept: a win is mostly asked
        once for each number of red fives (a list of values per win cost more than the few asked
        twice)."""
        tallies = self.tallies
        if not tallies:
            return NO_WIN
        dealer = self.dealer
        total = 0.0
        if self.ura is not None:
            for hits, chance in self.ura:
                total += chance * _best(tallies, aka + hits, dealer, scorer)
            return total
        weights: i64 = self.weights
        tiles: i64 = total_weight(weights)
        found: i64
        for found in range(5):  # as `chances_of` lists them
            weight: i64 = weights >> (WEIGHT_BITS * found) & WEIGHT_MASK
            if weight:
                chance = int(weight) / int(tiles)
                total += chance * _best(tallies, aka + found, dealer, scorer)
        return total


def _best(tallies: list[int], more: i64, dealer: bool, scorer: WinScorer) -> int:
    """What the best reading pays by tsumo with ``more`` han (a fixed amount pays as it is). The points
    of a han and fu read from the scorer's memo here, `WinScorer.points_of` called only to fill it."""
    memo = scorer.points
    side: i64 = 1 if dealer else 0
    best: i64 = 0
    i: i64
    for i in range(len(tallies)):
        counted: i64 = tallies[i]
        points: i64 = counted >> FIXED_AT
        if points == 0:
            han: i64 = (counted & 255) + more
            fu: i64 = counted >> FU_AT & 255
            if 0 <= han < 32 and fu < 160 and fu % 5 == 0:
                points = memo[(han << 6) + (fu // 5 << 1) + side]
            if points == 0:
                points = scorer.points_of(han, fu, dealer)
        if points > best:
            best = points
    return best
