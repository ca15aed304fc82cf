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
from ..core.hand import Hand, Meld
from ..core.points import base_points, table_points
from ..core.reading import readings
from ..core.rules import Rules
from ..core.scoring import Result, score_reading
from ..core.tiles import dora_of_players
from .expected_graph import NUM_KINDS, count_of, kind_tile

#: The value of a complete hand that is no win (no yaku): never taken.
NO_WIN: Final = -1.0


class WinScorer:
    """Scores the wins of one problem: the same situation, hands and winning tiles varying."""

    def __init__(
        self,
        melds: tuple[Meld, ...],
        meld_counts: list[int],
        pool: list[int],
        dora: tuple[int, ...],
        round_wind: str,
        seat_wind: str,
        rules: Rules,
        ura: bool,
    ) -> None:
        self.melds = melds
        self.meld_counts = meld_counts  # the 34 tiles' counts in the melds
        self.pool34 = [0] * 34  # copies not seen by the player, the hand's included
        for k in range(NUM_KINDS):
            t = kind_tile(k)
            self.pool34[t] = self.pool34[t] + pool[k]
        self.dora = dora
        self.round_wind = round_wind
        self.seat_wind = seat_wind
        self.rules = rules
        self.ura = ura and rules.ura_dora
        self.ura_count = max(1, len(dora)) if rules.kan_ura else 1

    def value(self, key: int, kind: int, riichi: bool, ippatsu: bool, haitei: bool) -> float:
        """The expected value of winning with hand ``key`` (14 tiles, the winning tile in) on ``kind``;
        `NO_WIN` when no reading has a yaku."""
        counts = [0] * 34
        for k in range(NUM_KINDS):
            n = count_of(key, k)
            if n:
                t = kind_tile(k)
                counts[t] = counts[t] + n
        reds = (count_of(key, 34), count_of(key, 35), count_of(key, 36))
        hand = Hand(tuple(counts), kind_tile(kind), self.melds, reds, kind >= 34)
        ctx = Context(
            tsumo=True,
            round_wind=self.round_wind,
            seat_wind=self.seat_wind,
            riichi=riichi,
            ippatsu=ippatsu and riichi and self.rules.ippatsu,
            haitei=haitei,
            dora=self.dora,
            players=self.rules.players,
        )
        results: list[Result] = []
        for r in readings(hand, ctx, self.rules):
            res = score_reading(r)
            if isinstance(res, Result):
                results.append(res)
        if not results:
            return NO_WIN
        if not (riichi and self.ura):
            return float(_best(results, 0, ctx, self.rules))
        total = 0.0
        for hits, chance in self._ura_hits(counts):
            total += chance * _best(results, hits, ctx, self.rules)
        return total

    def _ura_hits(self, counts: list[int]) -> list[tuple[int, float]]:
        """(ura dora, probability) for the indicators drawn from the unseen tiles."""
        held = list(counts)
        for t in range(34):
            held[t] = held[t] + self.meld_counts[t]
        unseen: list[int] = []
        hits: list[int] = []
        for t in range(34):
            left = self.pool34[t] - counts[t]
            if left > 0:
                unseen.append(left)
                hits.append(held[dora_of_players(t, self.rules.players)])
        return hit_chances(unseen, hits, self.ura_count)


def hit_chances(unseen: list[int], hits: list[int], draws: int) -> list[tuple[int, float]]:
    """The distribution of the dora an indicator draw finds: ``draws`` tiles without replacement from
    kinds of ``unseen[i]`` copies, each copy of kind i finding ``hits[i]``."""
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


def _best(results: list[Result], ura: int, ctx: Context, rules: Rules) -> int:
    """What the best reading pays with ``ura`` more han (a yakuman pays as it is)."""
    best = 0
    for r in results:
        if r.yakuman or r.han is None or r.fu is None:
            points = r.points.total
        else:
            base = base_points(r.han + ura, r.fu, rules)[0]
            points = table_points(base, ctx.dealer, True, rules).total
        best = max(best, points)
    return best
