"""The ura dora chances `riichi analyze` gives a riichi win (`expected_ura.UraHits`), and the points
its scorer keeps by han and fu.

One indicator is counted straight from the hand's packed counts: checked by hand on two hands, and
against the plain definition (every unseen tile, the dora its copies find) on random hands, melds and
pools, four and three players; two indicators against `hit_chances` on the same hands.
"""

from __future__ import annotations

import random

import pytest

from riichi_cli.analysis.expected_ura import UraHits, hit_chances
from riichi_cli.analysis.expected_win import WinScorer
from riichi_cli.core.points import base_points, table_points
from riichi_cli.core.rules import PRESETS, resolve_rules
from riichi_cli.core.tiles import NOT_IN_THREE_PLAYER, dora_of_players


def test_one_indicator_by_hand() -> None:
    """111m 222m 333m 444p 55p with 1z as the dora indicator: 121 unseen. An ura indicator finds 3
    dora on 9m (4 unseen), 1m (1), 2m (1) and 3p (4): 10 tiles; 2 on 4p (1 unseen); none otherwise:
    110 tiles."""
    counts = [0] * 34
    for t, n in ((0, 3), (1, 3), (2, 3), (12, 3), (13, 2)):
        counts[t] = n
    pool34 = [4] * 34
    pool34[27] = 3  # the dora indicator
    got = UraHits(pool34, [0] * 34, 4, 1).of(counts)
    assert got == [(0, 110 / 121), (2, 1 / 121), (3, 10 / 121)]


def test_a_meld_adds_its_copies_to_what_an_indicator_finds() -> None:
    """A pon of 7z beside 123m 123p 123s 11z: the four 6z (7z's indicator) find 3 dora each."""
    counts = [0] * 34
    for t in (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27):
        counts[t] += 1
    melds = [0] * 34
    melds[33] = 3
    pool34 = [4] * 34
    pool34[33] = 1  # the pon's three are seen
    got = UraHits(pool34, melds, 4, 1).of(counts)
    unseen = sum(pool34) - 11
    # 9m 1m 2m / 9p 1p 2p / 9s 1s 2s find one (4 + 3 + 3 each); 4z finds two (East 2 held); 6z three.
    assert got == [(0, (unseen - 30 - 4 - 4) / unseen), (1, 30 / unseen), (2, 4 / unseen), (3, 4 / unseen)]


def _plain(pool34: list[int], melds: list[int], counts: list[int], players: int) -> list[tuple[int, float]]:
    """The definition: each unseen copy of each tile finds the dora its indicated tile makes."""
    weights: dict[int, int] = {}
    tiles = 0
    for t in range(34):
        left = pool34[t] - counts[t]
        if left > 0:
            d = dora_of_players(t, players)
            found = counts[d] + melds[d]
            weights[found] = weights.get(found, 0) + left
            tiles += left
    return [(found, n / tiles) for found, n in sorted(weights.items())]


@pytest.mark.parametrize("players", [4, 3])
def test_one_indicator_is_the_plain_definition(players: int) -> None:
    rng = random.Random(18 + players)
    tiles = [t for t in range(34) if players == 4 or t not in NOT_IN_THREE_PLAYER]
    for _ in range(300):
        wall = [t for t in tiles for _ in range(4)]
        rng.shuffle(wall)
        melds = [0] * 34
        for _ in range(rng.randrange(3)):  # pons of tiles then out of the wall
            t = wall[-1]
            if wall.count(t) >= 3:
                for _ in range(3):
                    wall.remove(t)
                melds[t] += 3
        for _ in range(rng.randrange(1, 30)):  # dora indicators and other tiles seen leave the pool
            wall.pop()
        pool34 = [wall.count(t) for t in range(34)]  # the hand is drawn from these
        counts = [0] * 34
        for t in wall[: 14 - 3 * (sum(melds) // 3)]:
            counts[t] += 1
        scorer = UraHits(pool34, melds, players, 1)
        assert scorer.of(counts) == _plain(pool34, melds, counts, players)
        # The same scorer for a second hand (its weights start again from no hand).
        counts2 = [0] * 34
        for t in wall[14:28]:
            counts2[t] += 1
        assert scorer.of(counts2) == _plain(pool34, melds, counts2, players)
        two = UraHits(pool34, melds, players, 2).of(counts)
        unseen = [pool34[t] - counts[t] for t in range(34) if pool34[t] > counts[t]]
        hits = [
            counts[dora_of_players(t, players)] + melds[dora_of_players(t, players)]
            for t in range(34)
            if pool34[t] > counts[t]
        ]
        assert two == hit_chances(unseen, hits, 2)


def test_points_of_a_win_follow_the_rules_of_each_problem() -> None:
    """The points by han and fu are kept for every problem under the same rules, apart by rules: a
    non-dealer tsumo of 4 han 30 fu pays 2000 + 2000 + 3900 = 7900, and 8000 where kiriage mangan
    rounds it up; 3 han 30 fu pays 1000 + 1000 + 2000 under both."""
    plain, kiriage = resolve_rules("tenhou"), resolve_rules("tenhou", {"kiriage_mangan": "true"})
    for rules in (plain, kiriage, plain):
        scorer = WinScorer((), [0] * 34, [4] * 34, (), "E", "S", rules, False)
        assert scorer.points_of(4, 30, False) == (8000 if rules.kiriage_mangan else 7900)
        assert scorer.points_of(3, 30, False) == 1000 + 1000 + 2000


def test_points_memo_shared_by_rules_that_pay_alike() -> None:
    """The memo of points by han and fu is shared by every Rules with the same payout options
    (`_payout_key`): under each preset, and each with the four payout options flipped, in turns, every
    han and fu pays what `table_points(base_points(...))` says for that preset itself."""
    variants = []
    for name in PRESETS:
        rules = resolve_rules(name)
        variants.append(rules)
        for option in ("kiriage_mangan", "kazoe_yakuman", "tsumo_loss"):
            variants.append(resolve_rules(name, {option: str(not getattr(rules, option)).lower()}))
    for rules in variants + variants[::-1]:
        scorer = WinScorer((), [0] * 34, [4] * 34, (), "E", "S", rules, False)
        for han in range(1, 40):
            for fu in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110, 130, 170):
                for dealer in (False, True):
                    expected = table_points(base_points(han, fu, rules)[0], dealer, True, rules).total
                    assert scorer.points_of(han, fu, dealer) == expected, (rules.name, han, fu, dealer)
