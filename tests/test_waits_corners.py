"""Keishiki tenpai at its corners (issue 21): furiten set aside, and a tsumo standing in for a ron the
situation rules out. Keishiki: tenpai by shape, but no wait has a yaku for a ron."""

from __future__ import annotations

import riichi_cli


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
