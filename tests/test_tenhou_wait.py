"""Tenhou (blessing of heaven) has no winning tile: under ``tenhou_best_wait`` the best reading of any
tile of the hand is scored (issue 21, point 6). A dealer's yakuman tsumo is 16000 from each player per
yakuman (48000 in all)."""

from __future__ import annotations

import pytest

import riichi_cli

TENHOU = {"tenhou": True, "win": "tsumo", "seat_wind": "E"}


def score(hand: str, win: str, rules: str, **options) -> dict:
    mapping = {"hand": hand, "win_tile": win, **TENHOU}
    if options:
        mapping["rule_options"] = options
    result = riichi_cli.score(mapping, rules)
    assert result["ok"], result["error"]
    return result


def yakuman(result: dict) -> dict[str, int]:
    return {y["id"]: y["yakuman"] for y in result["yaku"]}


@pytest.mark.parametrize(
    ("hand", "named", "best"),
    [
        ("119m19p19s1234567z", "9s", "kokushi_13"),  # any tile: the 13-sided reading
        ("111222333m44455p", "3m", "suuankou_tanki"),  # the pair as the wait, not a shanpon
        ("11123455678999m", "9m", "junsei_chuuren"),  # the extra 5m as the winning tile: pure
    ],
)
def test_mahjongsoul_reads_the_best_winning_tile(hand, named, best):
    # Mahjong Soul: the double form (2) + tenhou (1) = 3 yakuman, 48000 from each of three: 144000.
    r = score(hand, named, "mahjongsoul")
    assert yakuman(r) == {best: 2, "tenhou": 1}
    assert r["points"]["total"] == 144000 and r["payments"] == {
        "E": 144000,
        "S": -48000,
        "W": -48000,
        "N": -48000,
    }


@pytest.mark.parametrize(
    ("hand", "named", "plain"),
    [("119m19p19s1234567z", "9s", "kokushi"), ("111222333m44455p", "3m", "suuankou"),
     ("11123455678999m", "9m", "chuuren")],
)  # fmt: skip
def test_without_the_option_the_named_tile_is_the_winning_tile(hand, named, plain):
    # tenhou preset: the named tile wins; plain form 1 + tenhou 1 = 2 yakuman = 96000
    r = score(hand, named, "tenhou")
    assert yakuman(r) == {plain: 1, "tenhou": 1} and r["points"]["total"] == 96000
    assert r["win_tile"] == named
    # the same under mahjongsoul with the option off: plain 1 + tenhou 1
    assert yakuman(score(hand, named, "mahjongsoul", tenhou_best_wait=False)) == {plain: 1, "tenhou": 1}


def test_without_double_yakuman_no_tile_pays_more_so_the_named_one_stays():
    # kokushi and kokushi_13 are one yakuman each under tenhou's rules: equal, so the named tile stays
    r = score("119m19p19s1234567z", "9s", "tenhou", tenhou_best_wait=True)
    assert (
        yakuman(r) == {"kokushi": 1, "tenhou": 1} and r["points"]["total"] == 96000 and r["win_tile"] == "9s"
    )
    # with double yakuman on, the 13-sided reading pays more and is taken
    r = score("119m19p19s1234567z", "9s", "tenhou", tenhou_best_wait=True, double_yakuman=True)
    assert yakuman(r) == {"kokushi_13": 2, "tenhou": 1} and r["points"]["total"] == 144000


def test_of_equal_readings_the_named_tile_stays():
    # An ordinary hand: tenhou alone whatever the tile; the named 2z stays the winning tile.
    r = score("123m456p789s11122z", "2z", "mahjongsoul")
    assert yakuman(r) == {"tenhou": 1} and r["win_tile"] == "2z"
