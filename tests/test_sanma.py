"""Three players (sanma, SPEC 12): presets, the 108-tile set, kita, three-seat payments, waits, shanten,
the score table and the command line. Every expected value is worked out by hand in the comment beside it.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import riichi_cli
from riichi_cli.analysis.waits import read_hand, shanten_report, waits_of
from riichi_cli.cli import main
from riichi_cli.core.rules import PRESETS, UNVERIFIED, resolve_rules

TENHOU3 = {"rules": "tenhou3"}


def score(hand: str, **context) -> dict:
    return riichi_cli.score({"hand": hand, **TENHOU3, **context})


def points(r: dict) -> tuple:
    assert r["ok"], r["error"]
    return r["han"], r["fu"], r["points"]["total"], r["payments"]


def yaku(r: dict) -> dict:
    return {y["id"]: y.get("han", y.get("yakuman")) for y in r["yaku"]}


# -- presets ---------------------------------------------------------------------------------


def test_three_player_presets_and_aliases():
    for name in ("tenhou3", "sanma"):
        rules = resolve_rules(name)
        assert rules.name == "tenhou3"
        # SPEC 12: 3 players, red 5p and 5s only, tsumo loss, 200 per honba, 2000 noten, 35000 start
        assert (rules.players, rules.aka_dora, rules.tsumo_loss) == (3, 2, True)
        assert (rules.honba_points, rules.noten_penalty) == (200, 2000)
        assert (rules.multiple_ron, rules.double_yakuman) == ("double", False)  # as tenhou
    for name in ("mahjongsoul3", "majsoul3"):
        rules = resolve_rules(name)
        assert rules.name == "mahjongsoul3" and rules.players == 3
        assert rules.multiple_ron == "double"  # a triple ron cannot happen with three players
        assert rules.double_yakuman and rules.kokushi_chankan_ankan  # as mahjongsoul
    # the four-player presets keep four players
    assert all(r.players == 4 for n, r in PRESETS.items() if not n.endswith("3"))


def test_unverified_three_player_values_are_marked():
    assert "nagashi_mangan" in UNVERIFIED["tenhou3"]
    assert {"honba_points", "noten_penalty", "aka_dora"} <= UNVERIFIED["mahjongsoul3"]
    # values SPEC 12 states are not marked for tenhou3
    assert not {"players", "honba_points", "noten_penalty", "tsumo_loss"} & UNVERIFIED["tenhou3"]
    out = CliRunner().invoke(main, ["rules", "mahjongsoul3"], env={"NO_COLOR": "1"}).output
    line = next(li for li in out.splitlines() if li.lstrip().startswith("noten_penalty"))
    assert line.split()[1:3] == ["2000", "*"]  # the value, marked unverified


def test_players_option_is_checked():
    r = riichi_cli.score({"hand": "234567m2278p456s9p", "rule_options": {"players": 5}})
    assert r["error"]["code"] == "invalid_context" and "4, 3" in r["error"]["message"]


# -- the tile set ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "context", "code", "words"),
    [
        ("234m567p345s88s678s", {}, "invalid_hand", "2m is not in three-player mahjong"),
        ("111999m55p678p0m5m5s", {}, "invalid_hand", "5m is not in three-player"),  # a red 5m too
        ("345p88s678s chi:123p 999m", {}, "invalid_hand", "no chi in three-player"),
        ("345p88s678s111z pon:555m", {}, "invalid_hand", "5m is not in three-player"),
        ("234p678p345s567s88s", {"dora": ["3m"]}, "invalid_context", "dora: 3m is not in three-player"),
        ("234p678p345s567s88s", {"discards": "7m"}, "invalid_context", "discards: 7m"),
        ("234p678p345s567s88s", {"seat_wind": "N"}, "invalid_context", "seat_wind N"),
        ("234p678p345s567s88s", {"from": "N"}, "invalid_context", "from N"),
        ("234p678p345s567s88s", {"round_wind": "N"}, "invalid_context", "round_wind N"),
        ("234p678p345s567s88s", {"kita": 5}, "invalid_context", "kita must be 0-4"),
        ("234p678p345s567s88s", {"kita": -1}, "invalid_context", "kita must be a whole number"),
        # 2 North in the hand + 1 indicator + 2 kita = 5 North tiles
        ("234p678p345s44z567s", {"kita": 2, "dora": ["4z"]}, "invalid_hand", "5 North tiles"),
        ("234p678p345s567s88s", {"kita": 1, "win": "tsumo", "seat_wind": "E", "tenhou": True},
         "invalid_context", "after a kita"),
    ],
)  # fmt: skip
def test_three_player_refusals(hand, context, code, words):
    r = score(hand, **context)
    assert not r["ok"] and r["error"]["code"] == code, r["error"]
    assert words in r["error"]["message"], r["error"]["message"]


def test_kita_is_three_player_only():
    r = riichi_cli.score({"hand": "234p678p345s567s88s", "kita": 1})
    assert r["error"]["code"] == "invalid_context" and "three players" in r["error"]["message"]


def test_red_fives_are_5p_and_5s_only():
    # riichi 1 + pinfu 1 + tanyao 1 + aka 2 (0p, 0s) = 5 han: mangan 8000
    r = score("234p067p345s067s88s", riichi=True, win_tile="7p")
    assert r["han"] == 5 and yaku(r)["aka_dora"] == 2 and r["points"]["total"] == 8000
    r = score("234p067p345s567s88s", rule_options={"aka_dora": 4})  # two red 5p where the rules say so
    assert r["ok"], r["error"]


# -- dora and kita ---------------------------------------------------------------------------


def test_1m_indicator_makes_9m_dora_and_9m_makes_1m():
    # riichi 1 + dora 3 (999m, indicator 1m) = 4 han; fu 20 + 10 closed ron + 8 closed pung of 9m
    # = 38 -> 40; 4 han 40 fu is mangan: 8000 from E (the seat before S).
    r = score("999m234p678p345s8p8p", riichi=True, dora=["1m"])
    assert points(r)[:3] == (4, 40, 8000) and yaku(r)["dora"] == 3
    r = score("111m234p678p345s8p8p", riichi=True, dora=["9m"])  # 9m -> 1m
    assert yaku(r)["dora"] == 3
    # four players: 1m points at 2m, so no dora
    r = riichi_cli.score({"hand": "999m234p678p345s8p8p", "riichi": True, "dora": ["1m"]})
    assert "dora" not in yaku(r)


def test_kita_counts_as_dora_with_north_indicators():
    # riichi 1 + pinfu 1 + tanyao 1 = 3 han of yaku; kita 2; dora indicator West -> North: +1 per kita = 2
    # => 7 han haneman, ron 12000 paid by E.
    r = score("23467p34556788s8p", riichi=True, kita=2, dora=["3z"])
    assert yaku(r) == {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 2, "kita": 2}
    assert r["limit"] == "haneman" and r["payments"] == {"E": -12000, "S": 12000, "W": 0}
    # the same with the West indicator as ura: ura 2 instead of dora 2
    r = score("23467p34556788s8p", riichi=True, kita=2, dora=["1z"], ura=["3z"])
    assert yaku(r) == {"riichi": 1, "pinfu": 1, "tanyao": 1, "ura_dora": 2, "kita": 2}


def test_kita_and_dora_are_not_a_yaku():
    # open (pon of 9m breaks tanyao), no yaku: kita 1 and dora do not make it a win
    r = score("234p678p345s8s8s pon:999m", kita=1, dora=["8s"])
    assert r["error"]["code"] == "no_yaku" and "kita" in r["error"]["message"]


def test_north_is_not_a_value_tile():
    # pon of North with no seat or round North: no yakuhai; only tanyao is impossible too -> no yaku
    r = score("234p678p345s8s8s pon:444z")
    assert r["error"]["code"] == "no_yaku"


def test_rinshan_after_a_kita():
    # a tsumo on the replacement tile after a kita is rinshan, without any kan (SPEC 12)
    r = score("23467p34556788s8p", win="tsumo", rinshan=True, kita=1, riichi=True)
    assert {"rinshan", "menzen_tsumo", "riichi", "kita"} <= set(yaku(r))
    r = score("23467p34556788s8p", win="tsumo", rinshan=True)  # no kan, no kita
    assert r["error"]["code"] == "invalid_context"


# -- payments --------------------------------------------------------------------------------


def test_non_dealer_mangan_tsumo_pays_6000_with_tsumo_loss():
    # ittsu 2 + riichi 1 + menzen tsumo 1 = 4 han; fu 20 + 2 tsumo + 8 (111s) + 2 penchan + 2 (5z pair)
    # = 34 -> 40: mangan. Dealer pays 4000, West 2000; North's 2000 is lost: 6000 in all.
    r = score("12456789p111s55z3p", win="tsumo", riichi=True)
    assert points(r) == (4, 40, 6000, {"E": -4000, "S": 6000, "W": -2000})
    assert r["points"]["tsumo"] == {"dealer": 4000, "non_dealer": 2000}


def test_dealer_haneman_tsumo_at_two_honba_with_a_stick():
    # riichi 1 + menzen tsumo 1 + haku 1 + honitsu 3 = 6 han: haneman, 6000 all from two payers;
    # honba 2 x 100 from each payer; the stick 1000: 6000 + 6000 + 400 + 1000 = 13400.
    r = score("1233457779p555z9p", win="tsumo", riichi=True, seat_wind="E", honba=2, riichi_sticks=1)
    assert r["limit"] == "haneman" and r["points"]["total"] == 12000
    assert r["payments"] == {"E": 13400, "S": -6200, "W": -6200}
    assert (r["points"]["honba"], r["points"]["deposits"]) == (400, 1000)  # 2 honba x 100 x 2 payers


def test_dealer_mangan_tsumo_is_4000_all():
    # ittsu 2 + riichi 1 + tsumo 1 = 4 han 40 fu mangan; dealer: 4000 from each of S and W = 8000
    r = score("12456789p111s55z3p", win="tsumo", riichi=True, seat_wind="E")
    assert r["points"]["total"] == 8000 and r["payments"] == {"E": 8000, "S": -4000, "W": -4000}


def test_north_bisection():
    loss_off = {"rule_options": {"tsumo_loss": False}}
    # mangan non-dealer: dealer 4000 + 1000, West 2000 + 1000 (half of North's 2000) = 8000
    r = score("12456789p111s55z3p", win="tsumo", riichi=True, **loss_off)
    assert r["payments"] == {"E": -5000, "S": 8000, "W": -3000}
    # mangan dealer: 4000 + 2000 (half of North's 4000) from each = 12000, as a ron
    r = score("12456789p111s55z3p", win="tsumo", riichi=True, seat_wind="E", **loss_off)
    assert r["payments"] == {"E": 12000, "S": -6000, "W": -6000}
    # 1 han 30 fu non-dealer: 300/500; North's 300, half 150 -> rounded up 200: 500/700 = 1200
    # haku 1 han; fu 20 + 2 tsumo + 4 open dragon pung + 2 tanki = 28 -> 30
    r = score("234p678p345s8s8s pon:555z", win="tsumo", **loss_off)
    assert (r["han"], r["fu"]) == (1, 30) and r["payments"] == {"E": -700, "S": 1200, "W": -500}


def test_ron_honba_is_200_each():
    # riichi + pinfu + tanyao = 3 han 30 fu: 3900; honba 3 x 200 = 600 from the discarder W
    r = score("23467p34556788s8p", riichi=True, honba=3, **{"from": "W"})
    assert r["payments"] == {"E": 0, "S": 4500, "W": -4500}


def test_kokushi_with_1m_and_9m():
    # dealer 13-sided kokushi tsumo: tenhou3 one yakuman, 16000 from each of two = 32000;
    # mahjongsoul3 counts it double: 32000 each = 64000.
    r = score("19m19p19s1234567z1m", win="tsumo", seat_wind="E")
    assert r["yakuman"] == 1 and r["payments"] == {"E": 32000, "S": -16000, "W": -16000}
    r = score("19m19p19s1234567z1m", win="tsumo", seat_wind="E", rules="mahjongsoul3")
    assert r["yakuman"] == 2 and r["payments"] == {"E": 64000, "S": -32000, "W": -32000}


def test_default_discarder_is_the_seat_before_at_three_seats():
    r = score("23467p34556788s8p", riichi=True, seat_wind="E")  # before East sits West, not North
    assert r["from"] == "W" and r["payments"]["W"] == -5800  # dealer 3 han 30 fu ron


# -- waits and shanten -----------------------------------------------------------------------


def test_waits_count_the_108_tile_set_and_kita():
    out, err = waits_of({"hand": "111999m22p456s44z", "kita": 2, "riichi": True}, resolve_rules("tenhou3"))
    assert err is None
    # waits 2p and North (shanpon); North: 2 in hand + 2 set aside = unseen 0; 2p: 4 - 2 = 2
    assert [(w["tile"], w["unseen"]) for w in out["waits"]] == [("2p", 2), ("4z", 0)]
    assert out["waits"][0]["ron"]["payments"].keys() == {"E", "S", "W"}
    # the four North are the player's own (two held, two set aside): that wait can never be won
    assert "all four 4z are in your own hand, melds and kita" in out["waits"][1]["ron"]["error"]["message"]


def test_waits_refuse_tiles_outside_the_set():
    _, err = waits_of({"hand": "111999m22p456s44z"}, resolve_rules("tenhou3"), [(2, False)])
    assert err is not None and "3m is not in three-player" in err.message
    _, err = waits_of({"hand": "11199m22p456s44z5m"}, resolve_rules("tenhou3"))
    assert err is not None and err.code == "invalid_hand"


def test_kokushi_waits_and_shanten_use_1m_and_9m():
    # 13-sided kokushi: 13 waits, each unseen 3 (one in the hand)
    out, _ = waits_of({"hand": "19m19p19s1234567z"}, resolve_rules("tenhou3"))
    assert len(out["waits"]) == 13 and {w["unseen"] for w in out["waits"]} == {3}
    # one orphan short: 1m 9p 9s ... missing 9m: kokushi 0-shanten, only 9m completes it (4 unseen)
    rep = shanten_report(read_hand("1m199p19s1234567z", (13,)), players=3)
    assert rep["shanten"]["kokushi"] == 0 and rep["accepts"] == [{"tile": "9m", "unseen": 4}]


def test_shanten_acceptance_never_lists_2m_to_8m():
    # three sets and four lone tiles (2-shanten): four players accept 2m and 3m beside the 1m (a
    # taatsu), three players only its pair
    hand = read_hand("1m123p456p789s157z", (13,))
    four = [a["tile"] for a in shanten_report(hand)["accepts"]]
    three = [a["tile"] for a in shanten_report(hand, players=3)["accepts"]]
    assert {"1m", "2m", "3m"} <= set(four) and "1m" in three
    assert not [t for t in three if t[1] == "m" and t[0] not in "19"]


def test_shanten_refuses_a_chi_and_2m_in_three_players():
    with pytest.raises(riichi_cli.core.errors.InvalidHand):
        shanten_report(read_hand("345p88s678s11z chi:123p", (13,)), players=3)


# -- command line and views ------------------------------------------------------------------


def run(*args: str):
    return CliRunner().invoke(main, list(args), env={"NO_COLOR": "1"})


def test_score_cli_kita_flag():
    res = run(
        "score", "23467p34556788s8p", "--rules", "sanma", "--riichi", "--kita", "2", "--dora", "3z", "--json"
    )
    data = json.loads(res.output)
    assert res.exit_code == 0 and {"id": "kita", "name": "Kita", "han": 2} in data["yaku"]
    res = run("score", "23467p34556788s8p", "--rules", "sanma", "--kita", "x")
    assert res.exit_code == 2 and "--kita must be a whole number" in res.output


def test_rich_view_lists_kita_and_three_seats():
    res = run("score", "23467p34556788s8p", "--rules", "tenhou3", "--riichi", "--kita", "1")
    assert res.exit_code == 0
    assert "Kita" in res.output and "抜きドラ" in res.output
    assert "W 0" in res.output and " N " not in res.output.split("Payments:")[1]


def test_table_shows_the_tsumo_loss():
    res = run("table", "--rules", "tenhou3")
    assert res.exit_code == 0
    # non-dealer mangan: ron 8000, tsumo 2000/4000 = 6000; dealer mangan tsumo 4000 all = 8000
    mangan = next(li for li in res.output.splitlines() if li.strip().startswith("mangan"))
    assert mangan.split() == ["mangan", "8000", "2000/4000", "=6000", "12000", "4000", "all", "=8000"]
    assert "tsumo loss" in res.output
    data = json.loads(run("table", "--rules", "tenhou3", "--json").output)
    assert data["players"] == 3 and data["tsumo_loss"] is True
    cell = next(c for c in data["cells"] if (c["han"], c["fu"], c["dealer"]) == (1, 30, False))
    # 1 han 30 fu: base 240 -> 300 / 500 tsumo (800 with loss), ron 1000
    assert (cell["ron"], cell["tsumo_other"], cell["tsumo_dealer"], cell["tsumo_total"]) == (
        1000,
        300,
        500,
        800,
    )


def test_shanten_cli_takes_rules():
    res = run("shanten", "1m123p456p789s111z", "--rules", "tenhou3", "--json")
    assert [a["tile"] for a in json.loads(res.output)["accepts"]] == ["1m"]
    res = run("shanten", "5m123p456p789s111z", "--rules", "tenhou3")
    assert res.exit_code == 2 and "5m is not in three-player" in res.output


def test_api_shanten_takes_rules():
    hand = "1m123p456p789s157z"
    three = [a["tile"] for a in riichi_cli.api.shanten(hand, "tenhou3")["accepts"]]
    four = [
        a["tile"] for a in riichi_cli.api.shanten({"hand": hand, "rules": "tenhou"}, "tenhou3")["accepts"]
    ]
    assert "2m" not in three and "2m" in four  # the mapping's own rules win over the default
    assert (
        riichi_cli.api.shanten({"hand": "5m123p456p789s157z", "rules": "sanma"})["error"]["code"]
        == "invalid_hand"
    )
