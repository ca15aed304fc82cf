"""Settlement corners no other test looked at (issue 21): the round's ura and dora against a win's own,
double riichi and the round's ura, three-player honba shares, whole-number payments, pao seats.

Every number is worked out by hand: base = fu x 2^(han+2); non-dealer ron 4x base, each share rounded
up to 100; limits mangan 8000 / haneman 12000 (non-dealer). Deposits 1000 each.
"""

from __future__ import annotations

import pytest

from riichi_cli.core.rules import resolve_rules
from riichi_cli.settle import settle

# Closed, S wins on 9p from W. Pinfu; the 22p pair and one each of 2m..7m.
#   riichi + pinfu = 2 han; dora 1p (-> 2p, the pair): +2.
HAND = "234567m2278p456s9p"


def whole(obj: object) -> None:
    """Every number in a settlement is an int (a float payment would still compare equal)."""
    if isinstance(obj, dict):
        for v in obj.values():
            whole(v)
    elif isinstance(obj, list):
        for v in obj:
            whole(v)
    else:
        assert not isinstance(obj, float), obj


def run(mapping: dict, preset: str = "tenhou", **options) -> dict:
    result = settle(mapping, resolve_rules(preset, options or None))
    assert result["ok"], result["error"]
    whole(result)
    return result


def win(**keys) -> dict:
    return {"seat_wind": "S", "hand": HAND, "from": "W", **keys}


def test_round_ura_reaches_a_riichi_winner():
    # riichi 1 + pinfu 1 + dora 2 (1p -> 2p pair) + ura 1 (3m -> 4m, one held) = 5 han: mangan 8000;
    # S also takes back the stick on the table: +9000; W pays 8000.
    r = run({"riichi": ["S"], "riichi_sticks": 1, "dora": ["1p"], "ura": ["3m"], "wins": [win()]})
    assert r["deltas"] == {"E": 0, "S": 9000, "W": -8000, "N": 0}
    assert [y["id"] for y in r["wins"][0]["yaku"]] == ["riichi", "pinfu", "dora", "ura_dora"]


def test_round_ura_reaches_a_double_riichi_winner():
    # double riichi 2 + pinfu 1 + dora 2 + ura 1 = 6 han: haneman 12000; +1000 stick.
    r = run({"riichi_sticks": 1, "dora": ["1p"], "ura": ["3m"], "wins": [win(double_riichi=True)]})
    assert r["deltas"] == {"E": 0, "S": 13000, "W": -12000, "N": 0}


def test_round_ura_is_not_given_to_a_winner_without_riichi():
    # no riichi: pinfu 1 + dora 2 = 3 han 30 fu: 30 x 32 = 960 x 4 = 3840 -> 3900; the ura is not read.
    r = run({"dora": ["1p"], "ura": ["3m"], "wins": [win()]})
    assert r["deltas"] == {"E": 0, "S": 3900, "W": -3900, "N": 0}


def test_a_wins_own_dora_wins_over_the_rounds():
    # The win's dora 3m (-> 4m, one held): riichi 1 + pinfu 1 + dora 1 = 3 han 30 fu = 3900 (the round's
    # 1p would have made it 4 han 7700); +1000 stick.
    r = run({"riichi": ["S"], "riichi_sticks": 1, "dora": ["1p"], "wins": [win(dora=["3m"])]})
    assert r["deltas"] == {"E": 0, "S": 4900, "W": -3900, "N": 0}


def test_a_wins_own_ura_wins_over_the_rounds():
    # ura 9s (-> 1s: none held) on the win, 3m on the round: riichi + pinfu + dora 2 = 4 han 30 fu 7700
    r = run({"riichi": ["S"], "riichi_sticks": 1, "dora": ["1p"], "ura": ["3m"], "wins": [win(ura=["9s"])]})
    assert r["deltas"] == {"E": 0, "S": 8700, "W": -7700, "N": 0}


# -- three players ---------------------------------------------------------------------------------
# S tsumo at a three-player table: 123p 456p 789s 123s 99s, the 9s completing 78s (ryanmen):
# menzen tsumo + pinfu = 2 han 20 fu, base 320: dealer pays 640 -> 700, W 320 -> 400.
SANMA_TSUMO = {"seat_wind": "S", "hand": "123p456p789s123s99s", "win": "tsumo"}


def test_three_player_tsumo_honba_shares():
    # tenhou3: honba_points 200, each of the two payers pays half a honba's points: 100 a counter.
    r = run({"honba": 2, "wins": [SANMA_TSUMO]}, "tenhou3")
    assert r["deltas"] == {"E": -900, "S": 1500, "W": -600}
    assert r["wins"][0]["points"]["honba"] == 400


def test_three_player_tsumo_honba_share_rounds_up():
    # honba_points 300: half is 150, rounded up to 200 from each payer per counter; 2 counters = 400 each.
    r = run({"honba": 2, "wins": [SANMA_TSUMO]}, "tenhou3", honba_points=300)
    assert r["deltas"] == {"E": -1100, "S": 1900, "W": -800}
    assert r["wins"][0]["points"]["honba"] == 800 == r["deltas"]["S"] - 1100


def test_four_player_tsumo_honba_shares_for_comparison():
    # The same shares at four: honba_points 300 is 100 from each of three payers.
    tsumo = {"seat_wind": "S", "hand": "234m345p567s2234s5s", "win": "tsumo"}
    # menzen tsumo + tanyao + pinfu = 3 han 20 fu, base 640: dealer 1280 -> 1300, others 700.
    r = run({"honba": 2, "wins": [tsumo]}, "tenhou")
    assert r["deltas"] == {"E": -1500, "S": 3300, "W": -900, "N": -900}


def test_three_player_pao_payments_are_whole_numbers():
    # S daisangen by ron from W, every dragon called, the last from E (pao E). Three players: 32000.
    # Pao on a ron: the liable E and the discarder W pay half each, 16000; honba 1 (200 under tenhou3)
    # paid by the liable seat.
    hand = {"seat_wind": "S", "hand": "111p9s9s pon:555z pon:666z pon:777z", "from": "W", "pao": "E"}
    r = run({"honba": 1, "wins": [hand]}, "tenhou3")
    assert r["deltas"] == {"E": -16200, "S": 32200, "W": -16000}
    assert r["pao"][0]["liable_pays"] == 16200


def test_three_player_pao_tsumo():
    # The same hand by tsumo: a non-dealer yakuman tsumo at three is 16000 (dealer) + 8000 (W) = 24000
    # with tsumo loss, and the liable E pays that whole total.
    hand = {"seat_wind": "S", "hand": "111p9s9s pon:555z pon:666z pon:777z", "win": "tsumo", "pao": "E"}
    r = run({"wins": [hand]}, "tenhou3")
    assert r["deltas"] == {"E": -24000, "S": 24000, "W": 0}


DAISANGEN3 = {"seat_wind": "S", "hand": "111p9s9s pon:555z pon:666z pon:777z", "from": "W"}
TENPAI3 = "111999m456p1122z"  # 13 tiles of the three-player set, tenpai on 1z and 2z


# Every seat a settlement names is a seat of the table: North at three players is refused (bad_seat)
# by the key that names it, never taken as a fourth seat (a nagashi or a hand for North).
@pytest.mark.parametrize(
    ("mapping", "key"),
    [
        ({"wins": [{**DAISANGEN3, "pao": "N"}]}, "win 1 (S) pao"),
        ({"wins": [{**DAISANGEN3, "from": "N"}]}, "win 1 (S) from"),
        ({"wins": [{**DAISANGEN3, "seat_wind": "N"}]}, "win 1 seat_wind"),
        ({"round_wind": "N", "chombo": {"seat": "S"}}, "round_wind"),
        ({"riichi": ["N"], "riichi_sticks": 1, "chombo": {"seat": "S"}}, "riichi"),
        ({"chombo": {"seat": "N"}}, "chombo.seat"),
        ({"draw": {"kind": "exhaustive", "tenpai": ["N"]}}, "draw.tenpai"),
        ({"draw": {"kind": "exhaustive", "nagashi": ["N"]}}, "draw.nagashi"),
        ({"draw": {"kind": "exhaustive", "tenpai": ["S"], "hands": {"N": TENPAI3}}}, "draw.hands"),
    ],
)
def test_every_seat_is_a_seat_of_the_table(mapping, key):
    result = settle(mapping, resolve_rules("tenhou3"))
    assert result["ok"] is False and result["error"]["detail"] == "bad_seat"
    assert result["error"]["message"] == f"{key}: N is not a seat at a three-player table (E, S, W)"


# A non-dealer mangan tsumo at three: dealer 4000, W 2000, North's 2000 lost (tsumo loss); without
# tsumo loss each payer adds half of North's share: 5000 and 3000.
@pytest.mark.parametrize(("loss", "dealer", "other"), [(True, 4000, 2000), (False, 5000, 3000)])
def test_three_player_nagashi_and_mangan_chombo(loss, dealer, other):
    r = run({"draw": {"kind": "exhaustive", "nagashi": ["S"]}}, "tenhou3", tsumo_loss=loss)
    assert r["deltas"] == {"E": -dealer, "S": dealer + other, "W": -other}
    r = run({"chombo": {"seat": "S"}}, "tenhou3", tsumo_loss=loss, chombo="mangan")
    assert r["deltas"] == {"E": dealer, "S": -(dealer + other), "W": other}


def test_tsumo_loss_is_a_three_player_option_only():
    # Four players: tsumo_loss false changes nothing (there is no missing North share): 3 han 20 fu
    # menzen tsumo + tanyao + pinfu, base 640: dealer 1300, the others 700 each.
    tsumo = {"seat_wind": "S", "hand": "234m345p567s2234s5s", "win": "tsumo"}
    for loss in (True, False):
        r = run({"wins": [tsumo]}, "tenhou", tsumo_loss=loss)
        assert r["deltas"] == {"E": -1300, "S": 2700, "W": -700, "N": -700}


def test_the_rounds_wind_reaches_the_win():
    # South round, South seat, 222z: seat wind and round wind, 2 han; 20 + 10 (closed ron) + 8 (closed
    # honor triplet) + 2 (tanki 5s) = 40 fu: 40 x 16 = 640 x 4 = 2560 -> 2600. (In the East round it
    # would be the seat wind alone: 1300.)
    win = {"seat_wind": "S", "hand": "222z234m456p789s5s5s", "from": "W"}
    assert run({"round_wind": "S", "wins": [win]})["deltas"] == {"E": 0, "S": 2600, "W": -2600, "N": 0}
    assert run({"wins": [win]})["deltas"] == {"E": 0, "S": 1300, "W": -1300, "N": 0}


def test_a_pao_ron_pays_the_ron_honba():
    # Three players, honba_points 300: the liable E pays half the 32000 and the ron's 300 a counter
    # (not a tsumo's two shares of 200).
    hand = {"seat_wind": "S", "hand": "111p9s9s pon:555z pon:666z pon:777z", "from": "W", "pao": "E"}
    r = run({"honba": 1, "wins": [hand]}, "tenhou3", honba_points=300)
    assert r["deltas"] == {"E": -16300, "S": 32300, "W": -16000}


def test_the_rounds_honba_reach_the_scorer():
    # ryanshiba: from 5 honba a win needs 2 han; pinfu alone (1 han) is refused at 5 honba, not at 4.
    win = {"seat_wind": "S", "hand": "123456m789s3378p9p", "from": "W"}
    refused = settle({"honba": 5, "wins": [win]}, resolve_rules("tenhou", {"ryanshiba": True}))
    assert refused["ok"] is False and refused["error"]["detail"] == "below_minimum"
    # 4 honba: pinfu 1 han 30 fu = 1000, plus 4 x 300
    assert run({"honba": 4, "wins": [win]}, "tenhou", ryanshiba=True)["deltas"]["S"] == 1000 + 1200


def test_the_nearest_winner_takes_back_their_own_stick_and_the_rest():
    # EMA (own_stick_back): S declared riichi this round, one more stick was carried: 2 on the table.
    # S is the only (so the nearest) winner: its own stick back plus the carried one, +2000 in all;
    # riichi + pinfu 2 han 30 fu: 30 x 16 = 480 x 4 = 1920 -> 2000 from W. Nothing is left on the table.
    r = run({"riichi": ["S"], "riichi_sticks": 2, "wins": [win()]}, "ema2025")
    assert r["deltas"] == {"E": 0, "S": 4000, "W": -2000, "N": 0}
    assert r["next"]["riichi_sticks"] == 0


def test_the_settlement_echoes_its_id_the_rules_and_each_wins_id():
    r = run({"id": "round 7", "wins": [win(id="S's win")]}, "mleague")
    assert r["id"] == "round 7" and r["rules"] == "mleague"
    assert r["wins"][0]["id"] == "S's win"


@pytest.mark.parametrize(("before", "warned"), [(2000, False), (1900, True)])
def test_a_seat_ending_at_zero_is_not_below_zero(before, warned):
    # riichi + pinfu 2 han 30 fu: W pays 2000. From 2000 W ends at 0 (not below zero: no warning), from
    # 1900 at -100 (warned).
    scores = {"E": 25000, "S": 25000, "W": before, "N": 25000}
    r = run({"scores": scores, "wins": [win(riichi=True)], "riichi_sticks": 1})
    assert r["scores"]["W"] == before - 2000
    below = "W ends below zero (-100): the game is over under most rules"
    assert r["warnings"] == ([below] if warned else [])


def test_each_pao_of_a_double_ron_is_listed():
    # W deals in 9s to N (daisuushii, every wind called, the last from E) and S (daisangen, every
    # dragon called, the last from E); without double yakuman each is a non-dealer yakuman, 32000.
    # Pao on a ron: the liable E and the discarder W pay half each, 16000 + 16000 per win.
    north = {"seat_wind": "N", "hand": "9s pon:111z pon:222z pon:333z pon:444z 9s", "from": "W", "pao": "E"}
    south = {"seat_wind": "S", "hand": "111p9s pon:555z pon:666z pon:777z 9s", "from": "W", "pao": "E"}
    r = run({"wins": [south, north]}, "tenhou", double_yakuman=False)
    assert r["deltas"] == {"E": -32000, "S": 32000, "W": -32000, "N": 32000}
    assert r["pao"] == [
        {"seat_wind": "N", "liable": "E", "yakuman": ["daisuushii"], "scope": "whole", "liable_pays": 16000},
        {"seat_wind": "S", "liable": "E", "yakuman": ["daisangen"], "scope": "whole", "liable_pays": 16000},
    ]


def test_a_red_five_and_a_plain_five_are_two_tiles():
    # Two rons on W's discard: N on a red 5p (34p + 0p: tanyao, pinfu), S on a plain 5p (pinfu). One
    # discard is one tile, so the settlement is refused; the message lists the wins nearest first.
    north = {"seat_wind": "N", "hand": "234567m34p45688s0p", "from": "W"}
    south = {"seat_wind": "S", "hand": "123678m34p45699s5p", "from": "W"}
    result = settle({"wins": [south, north]}, resolve_rules("tenhou"))
    assert result["ok"] is False and result["error"]["detail"] == "rons_on_different_tiles"
    assert result["error"]["message"] == "rons on one discard win on one tile, not N on 0p, S on 5p"


# A pao named on a hand nobody can be liable for: the refusal says each way liability could have come.
@pytest.mark.parametrize(
    ("options", "why"),
    [
        (None, "the hand has no daisangen or daisuushii"),
        ({"pao_daiminkan": True},
         "the hand has no daisangen or daisuushii and the win is not a rinshan tsumo after a daiminkan"),
        ({"pao": False, "pao_daiminkan": True}, "the win is not a rinshan tsumo after a daiminkan"),
    ],
)  # fmt: skip
def test_pao_without_a_yakuman_says_why(options, why):
    result = settle({"wins": [win(pao="E")]}, resolve_rules("tenhou", options))
    assert result["ok"] is False and result["error"]["detail"] == "pao_without_yakuman"
    assert result["error"]["message"] == f"win 1 (S): pao names E, but {why}"


# Scores before the settlement: a mapping giving each seat of the table once, whole numbers within
# ±10,000,000. Each row breaks one of those; a bool is no number here, nor a float of a whole value.
FOUR = {"E": 25000, "S": 25000, "W": 25000, "N": 25000}


@pytest.mark.parametrize(
    "scores",
    [
        [25000, 25000, 25000, 25000],  # not a mapping
        {**FOUR, "east": 25000},  # five keys: E spelt twice
        {"E": 25000, "east": 25000, "S": 25000, "W": 25000},  # four keys, but E twice and no N
        {**FOUR, "W": 25000.0},
        {**FOUR, "W": True},
        {**FOUR, "W": "25000"},
        {**FOUR, "W": 10_000_001},
        {**FOUR, "W": -10_000_001},
    ],
)
def test_bad_scores_are_refused(scores):
    result = settle({"scores": scores, "wins": [win()]}, resolve_rules("tenhou"))
    assert result["ok"] is False and result["error"]["detail"] == "bad_scores", result["error"]


def test_scores_at_the_bounds_are_read():
    # pinfu alone, 1 han 30 fu: W pays S 1000. E and N sit exactly at the bounds and do not move.
    scores = {"E": 10_000_000, "S": 0, "W": 0, "N": -10_000_000}
    r = run({"scores": scores, "wins": [win()]})
    assert r["scores"] == {"E": 10_000_000, "S": 1000, "W": -1000, "N": -10_000_000}


def test_seat_lists_come_out_in_seat_order():
    # Listed N before S: the settlement lists seats E, S, W, N (S before N, though N < S as text).
    # Two tenpai, two noten: each noten pays 1500, each tenpai takes 1500.
    r = run({"draw": {"kind": "exhaustive", "tenpai": ["N", "S"]}})
    assert (r["draw"]["tenpai"], r["draw"]["noten"]) == (["S", "N"], ["E", "W"])
    assert r["deltas"] == {"E": -1500, "S": 1500, "W": -1500, "N": 1500}


def test_one_seat_may_be_written_as_a_word():
    # tenpai: south is the list [S]: S takes 1000 from each of the three noten seats.
    r = run({"draw": {"kind": "exhaustive", "tenpai": "south"}})
    assert r["draw"]["tenpai"] == ["S"] and r["deltas"] == {"E": -1000, "S": 3000, "W": -1000, "N": -1000}


def test_a_win_saying_double_riichi_false_declares_no_riichi():
    # No riichi, so no stick is owed: pinfu alone, 1 han 30 fu, 30 x 8 x 4 = 960 -> 1000 from W.
    r = run({"wins": [win(double_riichi=False)]})
    assert r["deltas"] == {"E": 0, "S": 1000, "W": -1000, "N": 0}
