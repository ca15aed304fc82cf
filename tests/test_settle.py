"""Tests of `riichi settle` (docs/input.md, docs/output.md): each expected number is worked out by hand.

Payments: base = fu x 2^(han+2); non-dealer ron 4x base, dealer ron 6x, tsumo 1x/2x;
each share rounded up to 100. Honba 300 per counter (100 from each payer on a tsumo); deposits 1000.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi_cli.cli import main
from riichi_cli.core.rules import PRESETS, resolve_rules
from riichi_cli.settle import settle

FOUR_PLAYER = sorted(p for p, r in PRESETS.items() if r.players == 4)

SAMPLES = Path(__file__).resolve().parents[1] / "sample_hands" / "settle"

# Closed hands winning on 9p. With a 1p indicator (dora 2p):
#   PINFU_DORA2: pinfu 1 + dora 2 (the 22p pair) = 3 han 30 fu, base 960:
#     non-dealer ron 3840 -> 3900, dealer 5760 -> 5800.
#   PINFU_9P: pinfu only; with riichi 2 han 30 fu: non-dealer ron 1920 -> 2000.
PINFU_DORA2 = "234567m2278p456s9p"
PINFU_9P = "123456m789s3378p9p"
# Closed hands winning on 6p (no dora):
#   TANYAO_PINFU: 2 han 30 fu: dealer ron 2880 -> 2900, non-dealer 1920 -> 2000.
#   ITTSU_PINFU: 3 han 30 fu: non-dealer ron 3840 -> 3900.
#   PINFU_6P: pinfu only; with riichi 2 han 30 fu: non-dealer ron 2000.
TANYAO_PINFU = "234m567s22s345p78p6p"
ITTSU_PINFU = "123456789m55s78p6p"
PINFU_6P = "234m678m345s99s45p6p"
# Menzen tsumo + tanyao + pinfu = 3 han 20 fu, base 640: non-dealer tsumo 700 / 1300 (dealer);
# dealer tsumo 1300 from each. With riichi 4 han 20 fu, base 1280: 1300 / 2600; dealer 2600 each.
TSUMO_HAND = "234m345p567s2234s5s"
# Yakuman (non-dealer 32000, dealer 48000 per yakuman):
DAISANGEN_RON = "123m1p1p pon:555z pon:666z pon:777z"  # wins on 1p; every dragon set called, so pao applies
DAISANGEN_TSUMO = "234m1p1p pon:555z pon:666z pon:777z"
STACKED = "11z222z pon:555z pon:666z pon:777z"  # daisangen + tsuuiisou: 2 yakuman where they stack
DAISUUSHII = "11m pon:111z pon:222z pon:333z pon:444z"  # 2 yakuman under double_yakuman
SUUKANTSU = "11m kan:2222p kan:3333s kan:4444m kan:6666z"


def run(mapping: dict, preset: str = "tenhou", **options) -> dict:
    result = settle(mapping, resolve_rules(preset, options or None))
    assert result["ok"], result["error"]
    assert sum(result["deltas"].values()) == 1000 * (
        mapping.get("riichi_sticks", 0) - result["next"]["riichi_sticks"]
    )
    return result


def deltas(result: dict) -> list[int]:
    """The deltas as [E, S, W, N]."""
    return [result["deltas"][s] for s in "ESWN"]


def nxt(result: dict) -> tuple[bool, int, int]:
    return result["dealer_continues"], result["next"]["honba"], result["next"]["riichi_sticks"]


def refused(mapping: dict, preset: str = "tenhou", **options) -> str:
    result = settle(mapping, resolve_rules(preset, options or None))
    assert result["ok"] is False and result["deltas"] is None
    return result["error"]["message"]


# -- single wins ----------------------------------------------------------------------------


def test_single_ron_with_honba_sticks_and_scores():
    # S riichi + pinfu + dora 2 = 4 han 30 fu non-dealer ron 7700; 1 honba 300 from W; S's own stick.
    r = run({
        "honba": 1, "riichi_sticks": 1, "riichi": ["S"], "dora": ["1p"],
        "scores": {"E": 25000, "S": 24000, "W": 26000, "N": 24000},
        "wins": [{"seat_wind": "S", "hand": PINFU_DORA2, "from": "W"}],
    })  # fmt: skip
    assert deltas(r) == [0, 7700 + 300 + 1000, -(7700 + 300), 0]
    assert r["kind"] == "win" and nxt(r) == (False, 0, 0)  # non-dealer win: honba back to 0
    assert r["scores"] == {"E": 25000, "S": 33000, "W": 18000, "N": 24000}
    assert r["wins"][0]["payments"] == r["deltas"] and r["wins"][0]["points"]["total"] == 7700
    assert r["warnings"] == []


def test_riichi_listed_for_the_round_applies_to_the_win():
    # Without the round's riichi list S has pinfu + dora 2 = 3 han 30 fu = 3900, not 7700.
    r = run({"dora": ["1p"], "wins": [{"seat_wind": "S", "hand": PINFU_DORA2, "from": "W"}]})
    assert deltas(r) == [0, 3900, -3900, 0]


def test_dealer_ron_keeps_the_deal():
    # E: 3 han 30 fu dealer ron 5800, 2 honba 600.
    r = run({"honba": 2, "dora": ["1p"], "wins": [{"seat_wind": "E", "hand": PINFU_DORA2, "from": "N"}]})
    assert deltas(r) == [6400, 0, 0, -6400]
    assert nxt(r) == (True, 3, 0)


def test_non_dealer_tsumo_with_honba_and_sticks():
    # N riichi tsumo 4 han 20 fu: E pays 2600, S and W 1300; 2 honba = 200 from each; 2 deposits.
    r = run({"honba": 2, "riichi_sticks": 2, "riichi": ["N"],
             "wins": [{"seat_wind": "N", "hand": TSUMO_HAND, "win": "tsumo"}]})  # fmt: skip
    assert deltas(r) == [-2800, -1500, -1500, 2800 + 1500 + 1500 + 2000]
    assert nxt(r) == (False, 0, 0)


def test_dealer_tsumo():
    # E 3 han 20 fu dealer tsumo: 1300 from each + 100 honba each.
    r = run({"honba": 1, "wins": [{"seat_wind": "E", "hand": TSUMO_HAND, "win": "tsumo"}]})
    assert deltas(r) == [4200, -1400, -1400, -1400]
    assert nxt(r) == (True, 2, 0)


def test_scores_below_zero_warn():
    r = run({"scores": {"E": 25000, "S": 25000, "W": 3000, "N": 47000}, "dora": ["1p"],
             "wins": [{"seat_wind": "S", "hand": PINFU_DORA2, "from": "W"}]})  # fmt: skip
    assert r["scores"]["W"] == 3000 - 3900
    assert any("W ends below zero (-900)" in w for w in r["warnings"])


# -- several rons ---------------------------------------------------------------------------

# W deals in 9p; after W come N, E, S, so E is the nearest winner. 1 honba, 2 deposits (S's and one more).
DOUBLE = {
    "honba": 1, "riichi_sticks": 2, "riichi": ["S"], "dora": ["1p"],
    "wins": [{"seat_wind": "S", "hand": PINFU_9P, "from": "W"},
             {"seat_wind": "E", "hand": PINFU_DORA2, "from": "W"}],
}  # fmt: skip


@pytest.mark.parametrize("preset", ["tenhou", "mahjongsoul"])
def test_double_ron_honba_and_deposits_to_the_nearest(preset):
    # E 5800 + 300 + 2000 = 8100; S 2000; W pays 5800 + 300 + 2000 = 8100.
    r = run(DOUBLE, preset)
    assert deltas(r) == [8100, 2000, -8100, 0]
    assert [w["seat_wind"] for w in r["wins"]] == ["E", "S"]  # nearest first
    assert r["wins"][0]["payments"] == {"E": 8100, "S": 0, "W": -6100, "N": 0}
    assert r["wins"][1]["payments"] == {"E": 0, "S": 2000, "W": -2000, "N": 0}
    assert nxt(r) == (True, 2, 0)  # the dealer is among the winners: renchan


def test_double_ron_in_any_order():
    reordered = {**DOUBLE, "wins": DOUBLE["wins"][::-1]}
    assert run(reordered)["deltas"] == run(DOUBLE)["deltas"]


@pytest.mark.parametrize("preset", ["mleague", "wrc2022", "jpml2023"])
def test_head_bump_keeps_the_nearest(preset):
    # Only E wins: 5800 + 300 + both sticks; S (who declared riichi) is skipped and loses the stick.
    r = run(DOUBLE, preset)
    assert deltas(r) == [8100, 0, -6100, 0]
    assert r["skipped"] == [{"seat_wind": "S", "reason": "head bump"}]
    assert [w["seat_wind"] for w in r["wins"]] == ["E"]


def test_ema_honba_to_each_and_own_sticks_back():
    # E 5800 + 300 + the carried stick = 7100; S 2000 + 300 + own stick = 3300; W pays 6100 + 2300.
    r = run(DOUBLE, "ema2025")
    assert deltas(r) == [7100, 3300, -8400, 0]
    assert r["wins"][1]["payments"] == {"E": 0, "S": 3300, "W": -2300, "N": 0}


def test_stick_return_is_its_own_option():
    # own_stick_back and multiple_ron_honba are independent (issue 7, item 11).
    # tenhou + honba to each: E 5800 + 300 + both sticks = 8100, S 2000 + 300 = 2300, W pays 8400.
    assert deltas(run(DOUBLE, "tenhou", multiple_ron_honba="each")) == [8100, 2300, -8400, 0]
    # tenhou + own stick back: E 5800 + 300 + the carried stick = 7100, S 2000 + own stick = 3000.
    assert deltas(run(DOUBLE, "tenhou", own_stick_back=True)) == [7100, 3000, -8100, 0]
    # EMA without the stick return: honba to each, both sticks to E: 8100, 2300, W -8400.
    assert deltas(run(DOUBLE, "ema2025", own_stick_back=False)) == [8100, 2300, -8400, 0]


def test_riichi_winner_not_in_the_round_list_counts_as_declared():
    # S says riichi on its own win: under EMA it takes back its stick (2 sticks on the table).
    mapping = {**DOUBLE, "riichi": [], "wins": [{**DOUBLE["wins"][0], "riichi": True}, DOUBLE["wins"][1]]}
    assert deltas(run(mapping, "ema2025")) == [7100, 3300, -8400, 0]


# N deals in 6p; after N come E, S, W. 2 honba, 2 deposits (W's and one more).
TRIPLE = {
    "honba": 2, "riichi_sticks": 2, "riichi": ["W"],
    "wins": [{"seat_wind": "E", "hand": TANYAO_PINFU, "from": "N"},
             {"seat_wind": "S", "hand": ITTSU_PINFU, "from": "N"},
             {"seat_wind": "W", "hand": PINFU_6P, "from": "N"}],
}  # fmt: skip


def test_triple_ron_is_an_abortive_draw_under_tenhou():
    r = run(TRIPLE)
    assert r["kind"] == "abortive_draw" and r["draw"]["reason"] == "sanchahou"
    assert deltas(r) == [0, 0, 0, 0] and r["wins"] == []
    assert r["skipped"] == [
        {"seat_wind": s, "reason": "triple ron: abortive draw (sanchahou)"} for s in "ESW"
    ]
    assert nxt(r) == (True, 3, 2)  # dealer stays, honba + 1, deposits stay


def test_triple_ron_refused_where_abortive_draws_are_not_played():
    assert refused(TRIPLE, abortive_draws=False) == (
        "three rons under multiple_ron: double make an abortive draw (sanchahou), which tenhou does not "
        "play (abortive_draws: false)"
    )


def test_triple_ron_nearest_under_mahjongsoul():
    # E 2900 + 600 + 2000 = 5500; S 3900; W 2000; N pays 3500 + 3900 + 2000.
    r = run(TRIPLE, "mahjongsoul")
    assert deltas(r) == [5500, 3900, 2000, -9400]
    assert nxt(r) == (True, 3, 0)


def test_triple_ron_each_under_ema():
    # E 2900 + 600 + the carried stick = 4500; S 3900 + 600 = 4500; W 2000 + 600 + own stick = 3600.
    r = run(TRIPLE, "ema2025")
    assert deltas(r) == [4500, 4500, 3600, -(3500 + 4500 + 2600)]


@pytest.mark.parametrize("preset", ["mleague", "wrc2022", "jpml2023"])
def test_triple_ron_head_bump(preset):
    # Only E: 2900 + 600 + 2000.
    r = run(TRIPLE, preset)
    assert deltas(r) == [5500, 0, 0, -3500]
    assert [s["seat_wind"] for s in r["skipped"]] == ["S", "W"]


# -- pao ------------------------------------------------------------------------------------


def test_pao_tsumo_liable_pays_all_and_the_honba():
    # S daisangen tsumo 32000, all from W, plus 1 honba (300); S takes 1 deposit.
    r = run({"honba": 1, "riichi_sticks": 1,
             "wins": [{"seat_wind": "S", "hand": DAISANGEN_TSUMO, "win": "tsumo", "pao": "W"}]})  # fmt: skip
    assert deltas(r) == [0, 33300, -32300, 0]
    assert r["pao"] == [{"seat_wind": "S", "liable": "W", "yakuman": ["daisangen"], "scope": "whole",
                         "liable_pays": 32300}]  # fmt: skip


def test_pao_dealer_tsumo():
    # E daisangen tsumo 48000, all from W, plus 300 honba; the dealer stays.
    r = run({"honba": 1, "wins": [{"seat_wind": "E", "hand": DAISANGEN_TSUMO, "win": "tsumo", "pao": "W"}]})
    assert deltas(r) == [48300, 0, -48300, 0]
    assert nxt(r) == (True, 2, 0)


def test_pao_ron_split_half_and_honba_to_the_liable():
    # S daisangen ron from E: 32000 split, N 16000 + 2 honba 600, E 16000.
    r = run({"honba": 2, "wins": [{"seat_wind": "S", "hand": DAISANGEN_RON, "from": "E", "pao": "N"}]})
    assert deltas(r) == [-16000, 32600, 0, -16600]


def test_pao_liable_discarder_pays_everything():
    r = run({"honba": 2, "wins": [{"seat_wind": "S", "hand": DAISANGEN_RON, "from": "N", "pao": "N"}]})
    assert deltas(r) == [0, 32600, 0, -32600]


STACKED_RON = {"honba": 1, "riichi_sticks": 1,
               "wins": [{"seat_wind": "S", "hand": STACKED, "from": "E", "pao": "N"}]}  # fmt: skip
STACKED_TSUMO = {"honba": 1, "riichi_sticks": 1,
                 "wins": [{"seat_wind": "S", "hand": STACKED, "win": "tsumo", "pao": "N"}]}  # fmt: skip


def test_pao_whole_covers_stacked_yakuman():
    # tenhou: 64000; ron: N 32000 + 300, E 32000. Tsumo: N 64000 + 300.
    assert deltas(run(STACKED_RON)) == [-32000, 65300, 0, -32300]
    assert deltas(run(STACKED_TSUMO)) == [0, 65300, 0, -64300]


def test_pao_share_covers_only_the_liable_yakuman():
    # mahjongsoul: daisangen's 32000 is covered. Ron: N 16000 + 300; E 16000 + the other 32000.
    r = run(STACKED_RON, "mahjongsoul")
    assert deltas(r) == [-48000, 65300, 0, -16300]
    assert r["pao"][0]["scope"] == "share"
    # Tsumo: N 32000 + 300; the other 32000 as a tsumo: E 16000, W 8000, N 8000.
    assert deltas(run(STACKED_TSUMO, "mahjongsoul")) == [-16000, 65300, -8000, -40300]


def test_pao_without_stacking():
    # ema2025: one yakuman, 32000 split N 16000, E 16000; under EMA (pao_honba: discarder) the
    # discarder E alone pays the honba: E -16300, N -16000.
    assert deltas(run(STACKED_RON, "ema2025")) == [-16300, 33300, 0, -16000]


def test_pao_daisuushii_double_yakuman():
    # mahjongsoul: daisuushii counts 2 = 64000 non-dealer; it is the liable yakuman itself, all from W.
    win = {"seat_wind": "S", "hand": DAISUUSHII, "win": "tsumo", "pao": "W"}
    assert deltas(run({"wins": [win]}, "mahjongsoul")) == [0, 64000, -64000, 0]
    assert deltas(run({"wins": [win]})) == [0, 32000, -32000, 0]  # tenhou: a single yakuman


def test_pao_suukantsu_only_where_played():
    win = {"seat_wind": "S", "hand": SUUKANTSU, "win": "tsumo", "pao": "W"}
    assert deltas(run({"wins": [win]}, "mleague")) == [0, 32000, -32000, 0]
    assert "no daisangen or daisuushii" in refused({"wins": [win]})


def test_pao_refused_where_not_played_or_without_its_yakuman():
    win = {"seat_wind": "S", "hand": DAISANGEN_RON, "from": "E", "pao": "N"}
    assert "pao is not played" in refused({"wins": [win]}, pao=False)
    plain = {"seat_wind": "S", "hand": PINFU_DORA2, "from": "W", "pao": "N"}
    assert "has no daisangen" in refused({"wins": [plain]})


# -- exhaustive draws -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "tenpai, expected",
    [
        ([], [0, 0, 0, 0]),
        (["S"], [-1000, 3000, -1000, -1000]),  # 3 noten pay 1000 each to the one tenpai
        (["E", "W"], [1500, -1500, 1500, -1500]),  # 2 noten pay 1500 each
        (["E", "S", "W"], [1000, 1000, 1000, -3000]),  # 1 noten pays 1000 to each
        (["E", "S", "W", "N"], [0, 0, 0, 0]),
    ],
)
def test_noten_payments(tenpai, expected):
    r = run({"honba": 1, "riichi_sticks": 2, "draw": {"kind": "exhaustive", "tenpai": tenpai}})
    assert r["kind"] == "exhaustive_draw" and deltas(r) == expected
    assert nxt(r) == ("E" in tenpai, 2, 2)  # honba + 1 whoever deals; deposits stay


def test_noten_penalty_that_does_not_split_evenly():
    # 1000 from 3 noten: 334 + 333 + 333 (the first seat takes the odd point); the tenpai gets 1000.
    r = run({"draw": {"kind": "exhaustive", "tenpai": ["S"]}}, noten_penalty=1000)
    assert deltas(r) == [-334, 1000, -333, -333]


def test_noten_riichi_warns():
    r = run({"riichi_sticks": 1, "riichi": ["N"], "draw": {"kind": "exhaustive", "tenpai": ["S"]}})
    assert any("N declared riichi but is noten" in w for w in r["warnings"])


KARATEN = "1111m234p567p789s"  # waits only on 1m, held four times: pure karaten
KARATEN_OPEN = "1111m234p567p pon:777z"


@pytest.mark.parametrize("preset", FOUR_PLAYER)
@pytest.mark.parametrize("hand", [KARATEN, KARATEN_OPEN])
def test_pure_karaten_is_noten_in_every_preset(preset, hand):
    draw = {"kind": "exhaustive", "tenpai": ["S", "W"], "hands": {"S": "123m456p789s1122z", "W": hand}}
    r = run({"draw": draw}, preset)
    assert r["draw"]["tenpai"] == ["S"] and deltas(r) == [-1000, 3000, -1000, -1000]
    assert any("W counts as noten: pure karaten" in w for w in r["warnings"])


def test_pure_karaten_counts_where_the_rule_says_so():
    draw = {"kind": "exhaustive", "tenpai": ["S", "W"], "hands": {"S": "123m456p789s1122z", "W": KARATEN}}
    r = run({"draw": draw}, pure_karaten_is_tenpai=True)
    assert deltas(r) == [-1500, 1500, 1500, -1500] and r["warnings"] == []


@pytest.mark.parametrize("hand", ["2222345m444z555z", "5555777m123s555z"])
def test_a_karaten_wait_beside_a_live_one_is_tenpai(hand):
    # 2222m 345m: waits on 2m (all four held: karaten) and 5m (live); 5555m 777m: on 5m (all four
    # held) and 6m. One live wait is enough, before or after the dead one in tile order: no note.
    draw = {"kind": "exhaustive", "tenpai": ["S", "W"], "hands": {"S": "123m456p789s1122z", "W": hand}}
    r = run({"draw": draw})
    assert r["draw"]["tenpai"] == ["S", "W"] and r["warnings"] == []
    assert deltas(r) == [-1500, 1500, 1500, -1500]


def test_tenpai_hands_are_checked():
    def draw(hands: dict, tenpai=("S",)) -> dict:
        return {"draw": {"kind": "exhaustive", "tenpai": list(tenpai), "hands": hands}}

    assert "is not tenpai" in refused(draw({"S": "123m456p789s1357z"}))
    assert "13 tiles" in refused(draw({"S": "123m456p789s11223z"}))
    assert "not listed tenpai" in refused(draw({"W": "123m456p789s1122z"}))


def _hands(hands: object) -> dict:
    return {"draw": {"kind": "exhaustive", "tenpai": ["S"], "hands": hands}}


# A refusal names the key at fault and shows what it got (one line, docs/output.md "error").
@pytest.mark.parametrize(
    ("mapping", "message"),
    [
        (_hands(["x"]), "draw.hands must be a mapping of seat to hand, got ['x']"),
        (_hands({"S": 5}), "draw.hands.S must be a hand in tile notation, got 5"),
        (_hands({"S": "123m456p789s11223z"}),
         "draw.hands.S: a hand at a draw has 13 tiles (a meld counts 3), this one has 14"),
        ({"chombo": "N"}, "chombo must be a mapping like {seat: N, reason: ...}, got 'N'"),
        ({"chombo": {"seat": "N", "reason": 5}}, "chombo.reason must be text, got 5"),
        ({"chombo": {"seat": "N", "points": 1}}, "chombo: unknown key 'points'; valid keys: reason, seat"),
    ],
)  # fmt: skip
def test_refusals_name_the_key_and_show_the_input(mapping, message):
    assert refused(mapping) == message


def test_the_pure_karaten_note_names_the_seat_the_wait_and_the_rule():
    r = run({"draw": {"kind": "exhaustive", "tenpai": ["W"], "hands": {"W": KARATEN}}})
    assert r["warnings"] == [
        "W counts as noten: pure karaten (every wait, 1m, is held four times in the hand) under tenhou "
        "(pure_karaten_is_tenpai: false)"
    ]


def test_a_tenpai_hand_with_a_red_five_counts():
    # 123m 406p (a red 5p) 789s 11z 22z: shanpon on East and South, tenpai; tenhou has three red fives.
    draw = {"kind": "exhaustive", "tenpai": ["S"], "hands": {"S": "123m406p789s1122z"}}
    r = run({"draw": draw})
    assert r["draw"]["tenpai"] == ["S"] and deltas(r) == [-1000, 3000, -1000, -1000]


# -- nagashi mangan -------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["tenhou", "mahjongsoul"])
def test_nagashi_replaces_noten_payments(preset):
    # S nagashi: a non-dealer mangan tsumo, E 4000, W and N 2000; no noten payment, no honba, deposits stay.
    draw = {"kind": "exhaustive", "tenpai": ["E"], "nagashi": ["S"]}
    r = run({"honba": 1, "riichi_sticks": 1, "draw": draw}, preset)
    assert deltas(r) == [-4000, 8000, -2000, -2000]
    assert nxt(r) == (True, 2, 1)  # the dealer is tenpai: stays


def test_dealer_nagashi_and_two_nagashi():
    # E nagashi: 4000 from each; E is noten, so the deal passes.
    r = run({"draw": {"kind": "exhaustive", "nagashi": ["E"]}})
    assert deltas(r) == [12000, -4000, -4000, -4000] and nxt(r) == (False, 1, 0)
    # S and W: S gets E 4000 + W 2000 + N 2000, W gets E 4000 + S 2000 + N 2000.
    r = run({"draw": {"kind": "exhaustive", "nagashi": ["S", "W"]}})
    assert deltas(r) == [-8000, 8000 - 2000, 8000 - 2000, -4000]


@pytest.mark.parametrize("preset", ["mleague", "wrc2022", "ema2025", "jpml2023"])
def test_nagashi_refused_where_not_played(preset):
    message = refused({"draw": {"kind": "exhaustive", "nagashi": ["S"]}}, preset)
    assert "nagashi mangan is not played" in message


# -- abortive draws and chombo --------------------------------------------------------------


@pytest.mark.parametrize("reason", ["kyuushu", "suufon", "suucha_riichi", "suukan", "sanchahou"])
def test_abortive_draws_move_nothing(reason):
    draw = {"kind": "abortive", "reason": reason}
    r = run({"honba": 2, "riichi_sticks": 5, "riichi": list("ESWN"), "draw": draw})
    assert r["kind"] == "abortive_draw" and deltas(r) == [0, 0, 0, 0]
    assert nxt(r) == (True, 3, 5)
    # no tenpai is checked at an abortive draw: the draw object names the reason, its lists are empty
    assert r["draw"] == {"kind": "abortive", "reason": reason, "tenpai": [], "noten": [], "nagashi": []}


def test_chombo_mangan_non_dealer():
    # N pays 4000 to E and 2000 to S and W; the hand is replayed, S's stick of this hand goes back.
    chombo = {"seat": "N", "reason": "furiten ron"}
    r = run({"honba": 1, "riichi_sticks": 2, "riichi": ["S"], "chombo": chombo}, chombo="mangan")
    assert deltas(r) == [4000, 2000 + 1000, 2000, -8000]
    assert nxt(r) == (True, 1, 1)  # dealer stays, honba unchanged, the carried stick stays
    assert r["chombo"] == {"seat": "N", "reason": "furiten ron", "penalty": "mangan", "deduction": 0,
                           "sticks_returned": ["S"]}  # fmt: skip


def test_chombo_mangan_dealer():
    r = run({"chombo": {"seat": "E"}}, chombo="mangan")
    assert deltas(r) == [-12000, 4000, 4000, 4000]


@pytest.mark.parametrize("preset", ["mleague", "ema2025"])
def test_chombo_mangan_takes_no_points_off_the_final_score(preset):
    # chombo: mangan where the preset's chombo_points is 20000: the reverse mangan tsumo is the whole
    # penalty (W: 4000 to E, 2000 to S and N), nothing is deducted at the end, no "no penalty" note.
    r = run({"chombo": {"seat": "W"}}, preset, chombo="mangan")
    assert deltas(r) == [4000, 2000, -8000, 2000]
    assert r["chombo"]["deduction"] == 0 and r["warnings"] == []


@pytest.mark.parametrize("preset", ["tenhou", "mahjongsoul"])
def test_chombo_none(preset):
    r = run({"honba": 3, "riichi_sticks": 1, "riichi": ["W"], "chombo": {"seat": "S"}}, preset)
    assert deltas(r) == [0, 0, 1000, 0] and nxt(r) == (True, 3, 0)
    assert r["chombo"]["penalty"] == "none" and any("no penalty" in w for w in r["warnings"])


@pytest.mark.parametrize("preset", ["mleague", "wrc2022", "ema2025", "jpml2023"])
def test_chombo_points_off_the_final_score(preset):
    r = run({"chombo": {"seat": "W"}, "scores": {"E": 25000, "S": 25000, "W": 25000, "N": 25000}}, preset)
    assert deltas(r) == [0, 0, 0, 0] and r["scores"]["W"] == 25000  # not at the table
    assert r["chombo"]["penalty"] == "points" and r["chombo"]["deduction"] == 20000
    assert run({"chombo": {"seat": "W"}}, preset, chombo_points=8000)["chombo"]["deduction"] == 8000


# -- validation -----------------------------------------------------------------------------

RON = {"seat_wind": "S", "hand": PINFU_DORA2, "from": "W"}


@pytest.mark.parametrize(
    "mapping, message",
    [
        ({"wins": [{"seat_wind": "S", "hand": PINFU_DORA2}]}, "a ron needs 'from'"),
        ({"wins": [{"seat_wind": "S", "hand": TSUMO_HAND, "win": "tsumo"},
                   {"seat_wind": "N", "hand": TSUMO_HAND, "win": "tsumo"}]}, "two tsumo wins"),
        ({"wins": [{**RON, "win": "tsumo"}]}, "a tsumo has no 'from'"),
        ({"wins": [RON, {"seat_wind": "N", "hand": TSUMO_HAND, "win": "tsumo"}]}, "beside a ron"),
        ({"wins": [{**RON, "from": "S"}]}, "a win by the discarder"),
        ({"wins": [RON, {"seat_wind": "W", "hand": PINFU_9P, "from": "W"}]}, "a win by the discarder"),
        ({"wins": [RON, {"seat_wind": "E", "hand": PINFU_9P, "from": "N"}]}, "rons from different seats"),
        ({"wins": [RON, {"seat_wind": "N", "hand": TANYAO_PINFU, "from": "W"}]}, "win on one tile"),
        ({"wins": [RON, RON]}, "seat S wins twice"),
        ({"riichi": ["S", "S"], "riichi_sticks": 2, "wins": [RON]}, "listed twice"),
        ({"draw": {"kind": "exhaustive", "tenpai": ["E", "E"]}}, "listed twice"),
        ({"wins": [RON], "draw": {"kind": "abortive", "reason": "suufon"}}, "exactly one of"),
        ({"wins": [RON], "chombo": {"seat": "N"}}, "exactly one of"),
        ({"draw": {"kind": "abortive", "reason": "suufon"}, "chombo": {"seat": "N"}}, "exactly one of"),
        ({"honba": 1}, "exactly one of"),
        ({"wins": [{**RON, "pao": "S"}]}, "the pao seat is the winner"),
        ({"riichi": ["S"], "wins": [RON]}, "fewer than the 1 riichi"),
        ({"wins": [{**RON, "riichi": True}]}, "fewer than the 1 riichi"),
        ({"wins": [{**RON, "double_riichi": True}]}, "fewer than the 1 riichi declared this round (S)"),
        ({"riichi": ["S", "N"], "riichi_sticks": 1, "chombo": {"seat": "N"}}, "fewer than the 2 riichi"),
        ({"riichi": ["S"], "riichi_sticks": 1, "wins": [{**RON, "riichi": False}]}, "riichi: false"),
        ({"riichi": ["S"], "riichi_sticks": 1, "wins": [{**RON, "double_riichi": False}]}, "riichi: false"),
        ({"wins": [RON], "honbaa": 1}, "unknown key 'honbaa'"),
        ({"wins": [{**RON, "sticks": 1}]}, "win 1: unknown key 'sticks'"),
        ({"wins": [{**RON, "honba": 1}]}, "set once for the round"),
        ({"draw": {"kind": "exhaustive", "reason": "kyuushu"}}, "unknown key 'reason'"),
        ({"draw": {"kind": "abortive", "reason": "bored"}}, "draw.reason must be one of"),
        ({"draw": {"kind": "ryuukyoku"}}, "kind: exhaustive or abortive"),
        ({"draw": {"kind": "abortive", "reason": "suucha_riichi"}}, "needs all four seats"),
        ({"chombo": {"seat": "N", "points": 8000}}, "unknown key 'points'"),
        ({"chombo": {"reason": "furiten"}}, "chombo.seat must be one of"),
        ({"wins": [{"hand": PINFU_DORA2, "from": "W"}]}, "give seat_wind"),
        ({"wins": []}, "non-empty list"),
        ({"wins": [RON] * 4}, "at most 3"),
        ({"riichi": ["E"] * 10**6, "chombo": {"seat": "N"}}, "seat E is listed twice"),
        ({"scores": {"E": 1, "S": 2, "W": 3}, "wins": [RON]}, "four seats"),
        ([RON], "a settlement must be a mapping"),
    ],
)  # fmt: skip
def test_invalid_settlements(mapping, message):
    assert message in refused(mapping)


# The whole message of round-level refusals (each names the key at fault and what was found).
@pytest.mark.parametrize(
    ("mapping", "message"),
    [
        ({"wins": [RON], "honbaa": 1}, "unknown key 'honbaa' (did you mean 'honba'?); valid keys: chombo, "
         "dora, draw, honba, id, riichi, riichi_sticks, round_wind, rule_options, rules, scores, ura, wins"),
        ({"draw": {"kind": "exhaustive"}, "chombo": {"seat": "N"}},
         "give exactly one of wins, draw, chombo (found draw and chombo)"),
        ({"id": "x"}, "give exactly one of wins, draw, chombo (found none)"),
        ([RON], "a settlement must be a mapping of keys, got list"),
        ({"wins": [RON], "honba": -1}, "honba must be a whole number from 0 to 999, got -1"),
        ({"wins": [RON], "riichi_sticks": "x"},
         "riichi_sticks must be a whole number from 0 to 999, got 'x'"),
    ],
)  # fmt: skip
def test_round_refusals_in_full(mapping, message):
    assert refused(mapping) == message


def test_a_bad_win_keeps_its_code_and_names_the_win():
    result = settle({"wins": [{"seat_wind": "S", "hand": "123m456p789s1357z1z", "from": "W"}]})
    assert result["error"]["code"] == "not_a_win"
    assert result["error"]["message"].startswith("win 1 (S): ")


# -- the property ---------------------------------------------------------------------------

POOL_6P = [TANYAO_PINFU, ITTSU_PINFU, PINFU_6P]  # closed, so riichi can be added to any of them
SEATS = "ESWN"


@st.composite
def settlements(draw):
    """A random valid settlement and its preset."""
    preset = draw(st.sampled_from(FOUR_PLAYER))  # three players: tests/test_sanma_settle.py
    rules = PRESETS[preset]
    declared = draw(st.lists(st.sampled_from(SEATS), unique=True))
    base = {"honba": draw(st.integers(0, 4)), "riichi": declared,
            "riichi_sticks": len(declared) + draw(st.integers(0, 3))}  # fmt: skip
    kind = draw(st.sampled_from(["ron", "tsumo", "pao", "draw", "abortive", "chombo"]))
    if kind == "ron":
        discarder = draw(st.sampled_from(SEATS))
        others = [s for s in SEATS if s != discarder]
        winners = draw(st.lists(st.sampled_from(others), min_size=1, max_size=3, unique=True))
        hands = [draw(st.sampled_from(POOL_6P)) for _ in winners]
        base["wins"] = [{"seat_wind": w, "hand": h, "from": discarder} for w, h in zip(winners, hands)]
    elif kind == "tsumo":
        base["wins"] = [{"seat_wind": draw(st.sampled_from(SEATS)), "hand": TSUMO_HAND, "win": "tsumo"}]
    elif kind == "pao":  # an open hand: its winner did not declare riichi
        winner = draw(st.sampled_from([s for s in SEATS if s not in declared] or ["-"]))
        if winner == "-":
            base["riichi"], winner = [], "S"
        liable = draw(st.sampled_from([s for s in SEATS if s != winner]))
        discarder = draw(st.sampled_from([s for s in SEATS if s != winner]))
        how = draw(st.sampled_from([{"win": "tsumo"}, {"from": discarder}]))
        base["wins"] = [{"seat_wind": winner, "hand": STACKED, "pao": liable, **how}]
    elif kind == "draw":
        nagashi = draw(st.lists(st.sampled_from(SEATS), unique=True)) if rules.nagashi_mangan else []
        base["draw"] = {"kind": "exhaustive", "tenpai": draw(st.lists(st.sampled_from(SEATS), unique=True)),
                        "nagashi": nagashi}  # fmt: skip
    elif kind == "abortive" and rules.abortive_draws:
        reasons = ["kyuushu", "suufon", "suukan"] + (["sanchahou"] if rules.multiple_ron == "double" else [])
        reasons += ["suucha_riichi"] if len(declared) == 4 else []
        base["draw"] = {"kind": "abortive", "reason": draw(st.sampled_from(reasons))}
    else:  # a chombo (also where abortive draws are not played)
        base["chombo"] = {"seat": draw(st.sampled_from(SEATS))}
    return preset, base


@settings(max_examples=100, deadline=None)
@given(settlements())
def test_points_are_conserved(case):
    preset, mapping = case
    r = settle(mapping, resolve_rules(preset))
    assert r["ok"], r["error"]
    sticks, left = mapping["riichi_sticks"], r["next"]["riichi_sticks"]
    assert sum(r["deltas"].values()) == 1000 * (sticks - left)
    if r["kind"] == "win":
        assert left == 0
        assert {s: sum(w["payments"][s] for w in r["wins"]) for s in SEATS} == r["deltas"]
    elif r["kind"] == "chombo":  # only this hand's sticks leave the table, back to their owners
        assert left == sticks - len(mapping["riichi"])
    else:  # draws move no deposits
        assert left == sticks
    if r["kind"] == "abortive_draw":
        assert set(r["deltas"].values()) == {0} and r["dealer_continues"]


# -- the command ----------------------------------------------------------------------------


def cli(*args: str, input: str | None = None):
    return CliRunner().invoke(main, ["settle", *args], input=input)


def test_cli_table():
    out = cli(str(SAMPLES / "single-ron.yaml"))
    assert out.exit_code == 0, out.output
    for text in ("Ron on West's discard", "East (E), dealer", "+9000", "-8000", "33000", "dealt in",
                 "wins by ron", "South deals"):  # fmt: skip
        assert text in out.stdout


def test_cli_table_names_the_liable_player_and_skipped():
    assert "pao: liable for daisangen" in cli(str(SAMPLES / "pao-tsumo.yaml")).stdout
    assert "ron not paid: head bump" in cli(str(SAMPLES / "head-bump.yaml")).stdout


def test_cli_json_is_the_settlement():
    out = cli(str(SAMPLES / "double-ron.yaml"), "--json")
    assert out.exit_code == 0
    data = json.loads(out.stdout)
    assert list(data) == ["id", "ok", "error", "kind", "rules", "wins", "skipped", "pao", "draw", "chombo",
                          "deltas", "dealer_continues", "next", "scores", "warnings"]  # fmt: skip
    assert data["deltas"] == {"E": 8100, "S": 2000, "W": -8100, "N": 0}
    assert data["next"] == {"honba": 2, "riichi_sticks": 0} and data["dealer_continues"] is True


def test_cli_stdin():
    text = "draw: {kind: exhaustive, tenpai: [S]}\n"
    out = cli("-", "--json", input=text)
    assert out.exit_code == 0 and json.loads(out.stdout)["deltas"]["S"] == 3000


def test_cli_rules_flags_win_over_the_file():
    # head-bump.yaml says mleague; --rules tenhou makes it a double ron (N riichi + ittsu 3 han 40 fu 5200).
    data = json.loads(cli(str(SAMPLES / "head-bump.yaml"), "--rules", "tenhou", "--json").stdout)
    assert data["deltas"] == {"E": 0, "S": -(3300 - 1000) - 5200, "W": 3300, "N": 5200}
    # chombo.yaml sets chombo: mangan; --rule chombo=points replaces it, the file's other keys stay.
    data = json.loads(cli(str(SAMPLES / "chombo.yaml"), "--rule", "chombo=points", "--json").stdout)
    assert data["deltas"] == {"E": 0, "S": 1000, "W": 0, "N": 0} and data["chombo"]["penalty"] == "points"


def test_cli_invalid_settlement_exits_1():
    out = cli("-", input="wins: [{seat_wind: S, hand: 234567m2278p456s9p}]\n")
    assert out.exit_code == 1 and out.stdout == ""
    expected = "riichi: invalid_context: win 1 (S): a ron needs 'from', the seat that dealt in"
    assert out.stderr.strip() == expected
    out = cli("-", "--json", input="wins: [{seat_wind: S, hand: 234567m2278p456s9p}]\n")
    assert out.exit_code == 1 and json.loads(out.stdout)["ok"] is False


@pytest.mark.parametrize(
    "args, input",
    [(("no-such-file.yaml",), None), (("-",), "wins: [\n"), (("-",), ""), (("-",), "a: 1\n---\nb: 2\n"),
     (("-", "--rules", "nope"), "chombo: {seat: N}\n"), (("-", "--rule", "kuitan"), "chombo: {seat: N}\n")],
)  # fmt: skip
def test_cli_unreadable_input_exits_2(args, input):
    out = cli(*args, input=input)
    assert out.exit_code == 2 and "Traceback" not in out.output
    assert out.stderr.startswith("riichi: ")


# -- the sample files -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, preset, expected",
    [
        ("single-ron", None, [0, 9000, -8000, 0]),
        ("tsumo-honba-sticks", None, [-2800, -1500, -1500, 7800]),
        ("double-ron", None, [8100, 2000, -8100, 0]),
        ("double-ron", "ema2025", [7100, 3300, -8400, 0]),
        ("double-ron", "mleague", [8100, 0, -6100, 0]),
        ("head-bump", None, [0, -2300, 3300, 0]),
        ("triple-ron", None, [0, 0, 0, 0]),
        ("triple-ron", "mahjongsoul", [5500, 3900, 2000, -9400]),
        ("triple-ron", "ema2025", [4500, 4500, 3600, -10600]),
        ("pao-tsumo", None, [0, 33300, -32300, 0]),
        ("pao-stacked-ron", None, [-32000, 65300, 0, -32300]),
        ("pao-stacked-ron", "mahjongsoul", [-48000, 65300, 0, -16300]),
        ("pao-stacked-ron", "ema2025", [-16300, 33300, 0, -16000]),
        ("exhaustive-draw", None, [-1000, 3000, -1000, -1000]),
        ("nagashi", None, [-4000, 8000, -2000, -2000]),
        ("pao-daiminkan", None, [0, 2800, -1800, 0]),
        ("abortive", None, [0, 0, 0, 0]),
        ("chombo", None, [4000, 3000, 2000, -8000]),
    ],
)
def test_sample_files(name, preset, expected):
    """The deltas each sample's comment works out by hand."""
    out = cli(str(SAMPLES / f"{name}.yaml"), "--json", *(["--rules", preset] if preset else []))
    assert out.exit_code == 0, out.output
    assert [json.loads(out.stdout)["deltas"][s] for s in SEATS] == expected
