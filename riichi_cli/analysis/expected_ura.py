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

    def __init__(self, pool34: list[int], meld_counts: list[int], players: int, draws: int) -> None:
        self.pool34 = pool34
        self.meld_counts = meld_counts
        self.draws = draws
        #: The tile each tile indicates.
        self.target = _targets(players)
        # One indicator: the weights of no hand at all (`_base`, when first needed), changed by
        # `_one` only at the tiles a hand holds and those indicating them (``near``: bits of the
        # tiles indicating each tile).
        self.base: list[int] = []
        self.near: list[int] = []
        self.tiles = 0

    def of(self, counts: list[int]) -> list[tuple[int, float]]:
        """(ura dora, probability) for the indicators drawn from the unseen tiles, the hand holding
        ``counts`` (34 counts of its concealed tiles)."""
        if self.draws == 1:
            return self._one(counts)
        pool34, target, meld_counts = self.pool34, self.target, self.meld_counts
        unseen: list[int] = []
        hits: list[int] = []
        t: i64
        for t in range(34):
            left = pool34[t] - counts[t]
            if left > 0:
                unseen.append(left)
                d = target[t]
                hits.append(counts[d] + meld_counts[d])
        return hit_chances(unseen, hits, self.draws)

    def _one(self, counts: list[int]) -> list[tuple[int, float]]:
        """One indicator: the weight of each number of ura dora is the unseen copies of the tiles
        indicating that many (`hit_chances` with one draw: the same integers, the same division)."""
        if not self.base:
            self._base()
        pool34, target, meld_counts, near = self.pool34, self.target, self.meld_counts, self.near
        t: i64
        changed: i64 = 0
        for t in range(34):
            if counts[t]:
                changed |= _BIT[t] | near[t]
        weights = self.base[:]
        tiles: i64 = self.tiles
        for t in range(34):
            if changed >> t & 1:
                n: i64 = pool34[t]
                if n > 0:
                    d: i64 = target[t]
                    weights[meld_counts[d]] -= n
                    held: i64 = counts[t]
                    tiles -= held  # the pool holds the hand: n - held >= 0
                    if n > held:
                        weights[counts[d] + meld_counts[d]] += n - held
        out: list[tuple[int, float]] = []
        found: i64
        for found in range(9):
            if weights[found]:
                out.append((found, weights[found] / tiles))
        return out

    def _base(self) -> None:
        self.base = [0] * 9
        self.near = [0] * 34
        t: i64
        for t in range(34):
            d = self.target[t]
            self.near[d] = self.near[d] | _BIT[t]
            if self.pool34[t] > 0:
                self.base[self.meld_counts[d]] += self.pool34[t]
                self.tiles += self.pool34[t]


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


#: Bit t of a set of tiles. (A table: mypyc compiles ``1 << t`` for a native int t as a shift of a C
#: int, wrong from t = 31 on.)
_BIT: Final = [2**t for t in range(34)]

#: The tile each tile indicates as ura dora, by the number of players (the same for every problem).
_TARGETS: Final[dict[int, list[int]]] = {}


def _targets(players: int) -> list[int]:
    found = _TARGETS.get(players)
    if found is None:
        found = [dora_of_players(t, players) for t in range(34)]
        _TARGETS[players] = found
    return found
