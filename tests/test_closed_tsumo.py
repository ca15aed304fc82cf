"""`analysis.closed_tsumo.ClosedTsumo` counts what the core counts: on random closed wins (four sets and
a pair, seven pairs; honors, terminals and repeated sequences made common), every winning tile of the
hand, every riichi/ippatsu/haitei flag, winds, dora and rules varied, its tallies are the core's
(`readings` and `tally` under the Context `riichi analyze` builds), or it leaves the hand to the core."""

from __future__ import annotations

import random

from riichi_cli.analysis.closed_tsumo import ClosedTsumo, packed_tally
from riichi_cli.core.context import Context
from riichi_cli.core.hand import Hand
from riichi_cli.core.reading import readings
from riichi_cli.core.rules import PRESETS, Rules
from riichi_cli.core.win_tally import tally

WINDS = "ESWN"
#: Rules that change what a closed tsumo counts: the least han, a double wind pair's fu, ippatsu,
#: three players (their dora), and presets.
RULES = [
    Rules(),
    Rules(min_han=2),
    Rules(double_wind_pair_fu=2, ippatsu=False),
    Rules(players=3, aka_dora=2),
    *PRESETS.values(),
]


def core_tallies(counts: list[int], win: int, flags: int, round_wind: str, seat_wind: str,
                 dora: tuple[int, ...], rules: Rules) -> list[tuple[int, int, int]]:  # fmt: skip
    riichi = flags & 1 != 0
    ctx = Context(
        tsumo=True,
        round_wind=round_wind,
        seat_wind=seat_wind,
        riichi=riichi,
        ippatsu=flags & 2 != 0 and riichi and rules.ippatsu,
        haitei=flags & 4 != 0,
        dora=dora,
        players=rules.players,
    )
    out = []
    for r in readings(Hand(tuple(counts), win, (), (0, 0, 0), False), ctx, rules):
        counted = tally(r)
        if counted is not None:
            out.append(counted)
    return sorted(out)


def words(counts: list[int]) -> tuple[int, int]:
    hi = lo = 0
    for t in range(18):
        hi |= counts[t] << 3 * t
    for t in range(16):
        lo |= counts[18 + t] << 3 * t
    return hi, lo


def random_hand(rng: random.Random, three: bool) -> list[int] | None:
    """14 tiles as four sets and a pair, or seven pairs; None when a tile would be held five times."""
    suits = rng.sample(range(4), rng.choice((1, 2, 2, 3, 3, 4)))
    tiles = [t for t in range(34) if t // 9 in suits and not (three and 1 <= t <= 7)]
    counts = [0] * 34
    if rng.random() < 0.15:
        if len(tiles) < 7:
            return None
        for t in rng.sample(tiles, 7):
            counts[t] = 2
        return counts
    outside = [t for t in tiles if t < 27 and t % 9 in (0, 6) and t + 2 in tiles]
    sets = []
    if not three and rng.random() < 0.1:  # sanshoku
        n = rng.randrange(7)
        sets = [(n, n + 1, n + 2), (n + 9, n + 10, n + 11), (n + 18, n + 19, n + 20)]
    elif rng.random() < 0.05:  # two dragon triplets (shousangen with a dragon pair)
        sets = [(31, 31, 31), (32 + rng.randrange(2),) * 3]
    for group in sets:
        for u in group:
            counts[u] += 1
    for _ in range(4 - len(sets)):
        t = rng.choice(outside if outside and rng.random() < 0.25 else tiles)
        if rng.random() < 0.8 and t < 27 and t % 9 <= 6 and t + 2 in tiles:
            for u in (t, t + 1, t + 2):
                counts[u] += 1
        else:
            counts[t] += 3
    if sets and rng.random() < 0.5:
        counts[rng.choice((31, 32, 33) if sets[0][0] == 31 else (0, 8, 9, 17, 18, 26))] += 2
        return counts if max(counts) <= 4 else None
    counts[rng.choice(tiles)] += 2
    return counts if max(counts) <= 4 else None


def test_random_closed_wins_count_as_the_core() -> None:
    rng = random.Random(18)
    counted = left = wins = 0
    failures = []
    while wins < 20000:
        rules = rng.choice(RULES)
        three = rules.players == 3
        counts = random_hand(rng, three)
        if counts is None:
            continue
        seats = WINDS[:3] if three else WINDS
        round_wind, seat_wind = rng.choice("EEES"), rng.choice(seats)
        dora = tuple(
            rng.sample([t for t in range(34) if not (three and 1 <= t <= 7)], rng.choice((1, 1, 2, 3)))
        )
        scorer = ClosedTsumo(round_wind, seat_wind, dora, rules)
        hi, lo = words(counts)
        for win in [t for t in range(34) if counts[t]]:
            flags = rng.randrange(8)
            wins += 1
            ours = scorer.tallies(hi, lo, win, flags)
            if ours is None:
                left += 1
                continue
            counted += 1
            theirs = core_tallies(counts, win, flags, round_wind, seat_wind, dora, rules)
            if sorted(ours) != sorted([packed_tally(t) for t in theirs]):
                failures.append(
                    f"{counts} win {win} flags {flags} {round_wind}{seat_wind} dora {dora}: {ours} {theirs}"
                )
    assert not failures, f"{len(failures)} of {counted} disagree; first: {failures[:3]}"
    assert counted > 2 * left  # most wins are counted here, not left to the core


def test_yakuman_and_thirteen_orphans_are_left_to_the_core() -> None:
    scorer = ClosedTsumo("E", "S", (0,), Rules())
    suuankou = [0] * 34
    for t in (0, 9, 18, 27):
        suuankou[t] = 3
    suuankou[31] = 2
    kokushi = [0] * 34
    for t in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
        kokushi[t] = 1
    kokushi[0] = 2
    for counts in (suuankou, kokushi):
        hi, lo = words(counts)
        assert scorer.tallies(hi, lo, 0, 1) is None
