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


def test_indicators_are_plain_tiles_and_the_ura_is_not_yet_seen():
    # 234m 0(red 5)67m 22p 78p 456s waits 6p/9p. Dora indicator a plain 5m (the red one is in the hand:
    # one red 5m in all, as tenhou has); the ura indicator 6p is not turned over yet, so the player sees
    # no 6p: 4 unseen of each wait. Ron on 6p: riichi, pinfu, tanyao, dora 6m, aka, ura 7p = 6 han:
    # haneman 12000. Tenpai, so no next step; the id is echoed.
    mapping = {"hand": "234067m2278p456s", "riichi": True, "dora": ["5m"], "ura": ["6p"], "id": "w1"}
    r = riichi_cli.waits(mapping)
    assert r["ok"], r["error"]
    assert [(w["tile"], w["unseen"]) for w in r["waits"]] == [("6p", 4), ("9p", 4)]
    assert r["waits"][0]["ron"]["points"]["total"] == 12000
    assert (r["id"], r["tenpai"], r["next"]) == ("w1", True, None)
    assert {w[kind]["id"] for w in r["waits"] for kind in ("ron", "tsumo")} == {"w1"}


@pytest.mark.parametrize(("rules", "shanten"), [("tenhou", 1), ("tenhou3", 2)])
def test_shanten_of_a_hand_is_read_in_the_tables_tile_set(rules, shanten):
    # 111m 999m 234p 55p and a fourth 1m and 9m, which no draw can pair (no fifth copy). Four players:
    # draw 2m, drop 9m: 111m 12m 999m 234p 55p waits 3m: one draw from tenpai, 1-shanten. Three players
    # have no 2m or 3m: 1m and 9m only ever make triplets, so both strays must go and a new pair or
    # partial set be built from two draws: 2-shanten.
    r = riichi_cli.waits({"hand": "1111m9999m234p55p", "rules": rules})
    assert (r["tenpai"], r["shanten"], r["waits"]) == (False, shanten, [])
    assert r["next"] == "riichi shanten 11119999m23455p"


@pytest.mark.parametrize(
    ("hand", "where"),
    [
        ("1111m234p567p789s", "1m are in the hand (pure karaten)"),  # four held: pure karaten
        ("123m456p789s4z pon:444z", "4z are in your own hand and melds"),  # North, no kita set aside
    ],
)
def test_a_wait_that_never_comes_says_where_its_copies_are(hand, where):
    (wait,) = riichi_cli.waits({"hand": hand})["waits"]
    assert wait["ron"]["error"]["message"] == f"all four {where}: this wait can never be won"


def test_a_plain_five_won_beside_a_red_one_held():
    # 34m 0(red 5)67m 234p 567s 99s waits 2m, 5m (both readings) and 8m; the red 5m held is tenhou's one,
    # the 5m won a plain one (3 left). Each ron: pinfu + aka, 2 han 30 fu: 30 x 16 x 4 = 1920 -> 2000.
    r = riichi_cli.waits({"hand": "34067m234p567s99s"})
    assert [(w["tile"], w["unseen"], w["ron"]["points"]["total"]) for w in r["waits"]] == [
        ("2m", 4, 2000), ("5m", 3, 2000), ("8m", 4, 2000)
    ]  # fmt: skip
    assert all([y["id"] for y in w["ron"]["yaku"]] == ["pinfu", "aka_dora"] for w in r["waits"])


def test_houtei_given_is_haitei_for_the_tsumo():
    # The last tile: a ron on it is houtei, a tsumo haitei (both 1 han). 234567m 22p 456s 78p waits 6p, 9p.
    r = riichi_cli.waits({"hand": "234567m2278p456s", "houtei": True})
    six = r["waits"][0]
    assert [y["id"] for y in six["ron"]["yaku"]] == ["pinfu", "tanyao", "houtei"]
    assert [y["id"] for y in six["tsumo"]["yaku"]] == ["menzen_tsumo", "pinfu", "tanyao", "haitei"]


def test_a_refused_column_echoes_the_win_it_refuses():
    (wait,) = riichi_cli.waits({"hand": "1111m234p567p789s", "id": "n"})["waits"]
    ron = wait["ron"]
    assert (ron["id"], ron["hand"], ron["win_tile"], ron["win"]) == ("n", "1111m234567p789s1m", "1m", "ron")


@pytest.mark.parametrize(
    ("command", "hand", "message"),
    [
        ("waits", "123m456p789s1122z3z",
         "this needs 13 tiles (a meld counts 3), the hand has 14; for 14 tiles see `riichi shanten` "
         "(which discard) or `riichi score` (a win) (at character 19 of '123m456p789s1122z3z')"),
        ("waits", "123m456p789s11z",
         "this needs 13 tiles (a meld counts 3), the hand has 11 (at character 15 of '123m456p789s11z')"),
        ("shanten", "123m456p789s11z",
         "this needs 13 or 14 tiles (a meld counts 3), the hand has 11 "
         "(at character 15 of '123m456p789s11z')"),
    ],
)  # fmt: skip
def test_a_hand_of_the_wrong_size_is_refused_with_its_count(command, hand, message):
    r = getattr(riichi_cli, command)({"hand": hand, "id": "x"})
    assert (r["id"], r["error"]["detail"], r["error"]["message"]) == ("x", "wrong_tile_count", message)


def test_waits_of_something_not_a_mapping():
    out = riichi_cli.waits([1])
    assert out["ok"] is False and out["error"]["message"] == "a hand must be a mapping of keys, got list"
