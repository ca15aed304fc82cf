"""The ura dora a riichi win of `riichi analyze` expects: their number's distribution, exactly.

As many ura indicators as dora indicators (one without kan ura) are drawn without replacement from the
tiles the player has not seen at the moment of the win, a red five and a plain five as one kind; each
copy of a tile finds as many dora as the hand (and its melds) holds of the tile it indicates.
"""

from __future__ import annotations

from typing import Final

from ..core.native import i64
from ..core.tiles import dora_of_players


class UraHits:
    """The ura dora's chances for the hands of one problem: the unseen tiles (``pool34``, the hand's
    own included) and the melds are fixed, the concealed tiles vary."""

    def __init__(
        self, pool34: list[int], meld_counts: list[int], players: int, draws: int, pool_total: int = -1
    ) -> None:
        """``pool_total``: the sum of ``pool34`` when the caller has it."""
        self.pool34 = pool34
        self.meld_counts = meld_counts
        self.draws = draws
        #: The tile each tile indicates.
        self.target = _TARGETS[0 if players == 3 else 1]
        self.places = _PLACES[0 if players == 3 else 1]
        #: The tiles indicating each tile (a second for 1m and 9m with three players; 34: none).
        self.indicators = _INDICATORS[0 if players == 3 else 1]
        #: The pool's copies in all, for `_closed_weights` (-1 until first needed).
        self.pool_total: i64 = pool_total
        #: Per tile, for `_one` (`_info`): its unseen copies (the hand's included) and the copies of
        #: the tile it indicates in the melds; made when first needed.
        self.info: list[int] = []

    def of(self, counts: list[int]) -> list[tuple[int, float]]:
        """(ura dora, probability) for the indicators drawn from the unseen tiles, the hand holding
        ``counts`` (34 counts of its concealed tiles)."""
        hi: i64 = 0
        lo: i64 = 0
        t: i64
        for t in range(18):
            hi |= i64(counts[t]) << (3 * t)
        for t in range(16):
            lo |= i64(counts[18 + t]) << (3 * t)
        return self.of_words(hi, lo)

    def of_words(self, hi: i64, lo: i64) -> list[tuple[int, float]]:
        """`of` a hand's 34 counts packed 3 bits each: tiles 0-17 in ``hi``, 18-33 in ``lo``."""
        if self.draws == 1:
            return self._one(hi, lo)
        pool34, target, meld_counts = self.pool34, self.target, self.meld_counts
        unseen: list[int] = []
        hits: list[int] = []
        t: i64
        for t in range(34):
            left = pool34[t] - _count(hi, lo, t)
            if left > 0:
                unseen.append(left)
                d = target[t]
                hits.append(_count(hi, lo, d) + meld_counts[d])
        return hit_chances(unseen, hits, self.draws)

    def _one(self, hi: i64, lo: i64) -> list[tuple[int, float]]:
        """One indicator: `weights` as (ura dora, probability) pairs."""
        return chances_of(self.weights(hi, lo))

    def weights(self, hi: i64, lo: i64) -> i64:
        """One indicator: the weight of each number of ura dora (0-4, `WEIGHT_BITS` each) is the
        unseen copies of the tiles indicating that many (`hit_chances` with one draw: the same
        integers, divided by their sum in `chances_of`). A tile has four copies, so an indicator
        finds 0-4 (hand and melds together), and no weight passes 136 copies."""
        if not self.info:
            self.info = _info(self.pool34, self.target, self.meld_counts)
        if self.info is self.pool34:
            return self._closed_weights(hi, lo)
        info = self.info
        places = self.places
        weights: i64 = 0
        word: i64 = hi  # the hand's counts, tile by tile
        t: i64
        for t in range(34):
            if t == 18:
                word = lo
            x: i64 = info[t]
            left: i64 = (x & 7) - (word & 7)
            word = word >> 3
            if left > 0:
                # the indicated tile's copies: in the hand (its word and place), then in the melds
                place: i64 = places[t]  # bytes: a native read (a list's item is an object to unbox)
                found: i64 = ((lo if place & _IN_LO else hi) >> (place & 63) & 7) + (x >> 3)
                weights += left << (WEIGHT_BITS * found)
        return weights

    def _closed_weights(self, hi: i64, lo: i64) -> i64:
        """`weights` without melds, from the held tiles only: every unseen copy finds none (all the
        pool's copies in weight 0), then each held tile ``t`` takes its copies off its indicator's
        weight (the number of the tile it indicates held) and moves the pool's copies of the tiles
        indicating it to the weight of its count. The same integers: the packed sum is linear, and
        every weight ends between 0 and 136."""
        pool34 = self.pool34
        places = self.places
        first, second = self.indicators
        if self.pool_total < 0:
            total: i64 = 0
            for n in pool34:
                total += n
            self.pool_total = total
        weights: i64 = self.pool_total
        word: i64 = hi
        t: i64
        for t in range(34):
            if t == 18:
                word = lo
            held: i64 = word & 7
            word = word >> 3
            if held:
                place: i64 = places[t]
                found: i64 = (lo if place & _IN_LO else hi) >> (place & 63) & 7
                weights -= held << (WEIGHT_BITS * found)
                move: i64 = 1  # a variable: mypyc shifts a literal 1 as a 32-bit C int
                move = (move << (WEIGHT_BITS * held)) - 1
                k: i64 = first[t]
                if k < 34:
                    weights += i64(pool34[k]) * move
                    k = second[t]
                    if k < 34:
                        weights += i64(pool34[k]) * move
        return weights


#: The melds' counts of a hand without melds, for a caller that has none (never changed): `UraHits`
#: knows them without reading them.
NO_MELDS: Final = [0] * 34
#: `UraHits.weights`: the bits of each number of ura dora's weight.
WEIGHT_BITS: Final = 12
WEIGHT_MASK: Final = 4095


def total_weight(weights: i64) -> i64:
    """The sum of packed `UraHits.weights`: the unseen tiles."""
    total: i64 = 0
    while weights:
        total += weights & WEIGHT_MASK
        weights = weights >> WEIGHT_BITS
    return total


def chances_of(weights: i64) -> list[tuple[int, float]]:
    """(ura dora, probability) of packed `UraHits.weights`, those of weight 0 left out."""
    tiles = total_weight(weights)
    out: list[tuple[int, float]] = []
    t: i64
    for t in range(5):
        weight: i64 = weights >> (WEIGHT_BITS * t) & WEIGHT_MASK
        if weight:
            out.append((t, int(weight) / int(tiles)))
    return out


#: `_places`: the indicated tile is in the low word (tiles 18-33).
_IN_LO: Final = 64


def _info(pool34: list[int], target: list[int], meld_counts: list[int]) -> list[int]:
    """Per tile: its unseen copies (3 bits) and the copies of the tile it indicates in the melds (from
    bit 3): ints below 64, which CPython keeps made (no allocation). The pool itself without melds."""
    if meld_counts is NO_MELDS:
        return pool34
    for n in meld_counts:
        if n:
            break
    else:
        return pool34
    out = [0] * 34
    t: i64
    for t in range(34):
        out[t] = i64(pool34[t]) | i64(meld_counts[target[t]]) << 3
    return out


def _count(hi: i64, lo: i64, t: i64) -> i64:
    return hi >> (3 * t) & 7 if t < 18 else lo >> (3 * (t - 18)) & 7


def hit_chances(unseen: list[int], hits: list[int], draws: int) -> list[tuple[int, float]]:
    """The distribution of the dora an indicator draw finds: ``draws`` tiles without replacement from
    kinds of ``unseen[i]`` copies, each copy of kind i finding ``hits[i]``."""
    if draws == 1:  # the usual case: one indicator, its kind's share of the unseen tiles
        chances: dict[int, float] = {}
        tiles = 0
        for i in range(len(unseen)):
            chances[hits[i]] = chances.get(hits[i], 0.0) + unseen[i]
            tiles += unseen[i]
        return [(found, n / tiles) for found, n in sorted(chances.items())]
    # ways[j] maps hits found to the number of ways to draw j tiles finding them.
    ways: list[dict[int, float]] = [{0: 1.0}] + [{} for _ in range(draws)]
    for i in range(len(unseen)):
        c, h = unseen[i], hits[i]
        for j in range(draws, 0, -1):  # downwards: each kind is used once
            row = ways[j]
            choose = 1.0
            for x in range(1, min(c, j) + 1):
                choose = choose * (c - x + 1) / x
                for found, n in ways[j - x].items():
                    row[found + x * h] = row.get(found + x * h, 0.0) + n * choose
    total = 0.0
    for n in ways[draws].values():
        total += n
    return [(found, n / total) for found, n in sorted(ways[draws].items())]


#: The tile each tile indicates as ura dora, for three players (index 0) and four (1): two small
#: tables made at import, the same for every problem.
_TARGETS: Final = [[dora_of_players(t, players) for t in range(34)] for players in (3, 4)]
#: Per tile, where the tile it indicates sits in a hand packed in two words (`UraHits.of_words`): its
#: shift in its word, `_IN_LO` for the low word; three players (0), four (1). Bytes: read natively.
_PLACES: Final = [bytes([3 * d if d < 18 else 3 * (d - 18) | _IN_LO for d in row]) for row in _TARGETS]
#: Per tile, the tiles that indicate it (the first and a second, 34 for none); three players (0), four
#: (1). Bytes: read natively.
_INDICATORS: Final = [
    (
        bytes([([t for t in range(34) if row[t] == u] + [34, 34])[0] for u in range(34)]),
        bytes([([t for t in range(34) if row[t] == u] + [34, 34])[1] for u in range(34)]),
    )
    for row in _TARGETS
]
