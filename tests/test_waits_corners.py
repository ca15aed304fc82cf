"""Keishiki tenpai at its corners (issue 21): furiten set aside, and a tsumo standing in for a ron the
situation rules out. Keishiki: tenpai by shape, but no wait has a yaku for a ron. And what a wait that can
never come echoes, and red fives seen elsewhere."""

from __future__ import annotations

import pytest

import riichi_cli
from riichi_cli.analysis.waits import waits_of
from riichi_cli.core.rules import resolve_rules


def test_discard_furiten_does_not_make_a_hand_keishiki():
    # 234567m 22p 456s 78p waits 6p-9p: pinfu on either, so a ron has a yaku; 9p discarded: furiten,
    # yet the hand is tenpai with yaku, not keishiki.
    r = riichi_cli.waits({"hand": "234567m22p456s78p", "discards": ["9p"]})
    assert r["tenpai"] and r["furiten"]["kind"] == "discard"
    assert r["keishiki"] is False
    assert [w["ron"]["error"]["code"] for w in r["waits"]] == ["furiten", "furiten"]


def test_discard_furiten_without_a_yaku_is_keishiki():
    # 123m 456p 55p 789s 13s waits 2s (kanchan): no yaku for a ron, furiten or not.
    r = riichi_cli.waits({"hand": "123m456p55p789s13s", "discards": ["2s"]})
    assert r["tenpai"] and r["furiten"]["kind"] == "discard" and r["keishiki"] is True
    r = riichi_cli.waits({"hand": "123m456p55p789s13s"})
    assert r["keishiki"] is True


def test_temporary_furiten_does_not_make_a_hand_keishiki():
    r = riichi_cli.waits({"hand": "234567m22p456s78p", "passed": ["6p"]})
    assert r["furiten"]["kind"] == "temporary" and r["keishiki"] is False


# 67m 99s 234p 678s and a concealed kan of 5m: waits 8m (5m: all four in the kan). The kan breaks pinfu
# and 9s tanyao: a ron has no yaku (keishiki). On the replacement tile (rinshan) a ron cannot happen; the
# tsumo then stands in, and it has rinshan kaihou and menzen tsumo: not keishiki.
KAN_HAND = "234p678s99s67m ankan:5555m"


def test_a_kan_hand_without_ron_yaku_is_keishiki():
    r = riichi_cli.waits({"hand": KAN_HAND})
    assert r["tenpai"] and r["keishiki"] is True
    assert [w["tile"] for w in r["waits"]] == ["5m", "8m"]
    assert r["waits"][0]["ron"]["error"]["detail"] == "wait_never_comes"


def test_under_rinshan_the_tsumo_stands_in_for_the_ron():
    r = riichi_cli.waits({"hand": KAN_HAND, "rinshan": True})
    assert r["tenpai"] and r["keishiki"] is False
    eight = r["waits"][1]
    assert eight["ron"]["error"]["detail"] == "rinshan_with_ron"
    assert [y["id"] for y in eight["tsumo"]["yaku"]] == ["menzen_tsumo", "rinshan"]


@pytest.mark.parametrize(
    ("context", "rules", "ron_from"),
    [
        ({}, "tenhou", "E"),  # S is the winner by default: the discard comes from the seat before, E
        ({"from": "N"}, "tenhou", "N"),
        ({"seat_wind": "E"}, "tenhou3", "W"),  # three players: before E comes W
        # rinshan rules the ron out (the kan of 7s makes the tsumo possible): its column still echoes
        # the discarder given, as the ron of a wait that can come does
        ({"rinshan": True, "from": "N"}, "tenhou", "N"),
    ],
)
def test_a_wait_that_never_comes_echoes_who_would_deal_in(context, rules, ron_from):
    # 1111m + three sets: 1m is the only wait and all four are in the hand: both columns are refused,
    # the ron naming the seat it would come from, the tsumo none.
    hand = "1111m234p567p kan:7777s" if context.get("rinshan") else "1111m234p567p789s"
    out, err = waits_of({"hand": hand, **context}, resolve_rules(rules))
    assert err is None
    (wait,) = out["waits"]
    assert wait["ron"]["error"]["detail"] == "wait_never_comes" and wait["ron"]["from"] == ron_from
    assert wait["tsumo"]["error"]["detail"] == "wait_never_comes" and wait["tsumo"]["from"] is None


def test_a_red_five_seen_elsewhere_counts_with_the_hands():
    # 406p holds the red 5p; a red 5p seen on the table would be a second, and tenhou has one per suit.
    out, err = waits_of({"hand": "123m406p789s1122z"}, None, [(13, True)])
    assert err is not None and err.detail == "too_many_red_fives"
    assert err.message.startswith("2 red 5p but the rules have 1")
