"""One implementation of each rule (issue 11): the pieces that were written two or three times.

Each test says how its expected values were worked out; none is copied from riichi's output.
"""

from __future__ import annotations

import ast
import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from layout import ROOT

import riichi_cli
from riichi_cli.analysis.waits import read_hand, waits_of
from riichi_cli.cli import main
from riichi_cli.core.decompose import winning_tiles
from riichi_cli.core.rules import Rules, resolve_rules
from riichi_cli.io.mapping import Head, read_situation
from riichi_cli.settle.settlement import settle

# -- winning_tiles against an implementation it shares no code with ---------------------------------


def test_analysis_shanten_shares_no_code_with_core_decompose():
    """The tests that compare `winning_tiles` with `analysis.shanten.is_complete` are only worth
    something while the two are separate searches."""
    tree = ast.parse((ROOT / "riichi_cli" / "analysis" / "shanten.py").read_text(encoding="utf-8"))
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in imported if "decompose" in m or "core" in m], imported


@st.composite
def waiting_counts(draw) -> list[int]:
    """13 concealed tiles, at most 4 of a kind, biased to one suit so that waits are common."""
    suit = draw(st.integers(0, 2))
    pool = [t for t in range(suit * 9, suit * 9 + 9) for _ in range(4)] + [27, 27, 31, 31]
    picks = draw(st.permutations(pool))[:13]
    return [picks.count(t) for t in range(34)]


@settings(max_examples=150, deadline=None)
@given(waiting_counts())
def test_winning_tiles_agree_with_the_mahjong_package(counts):
    """The `mahjong` package (an independent library, a test dependency) decides each 14-tile
    shape; a fifth copy is asked about too, since `winning_tiles` lists pure karaten waits."""
    agari = pytest.importorskip("mahjong.agari").Agari()
    expected = []
    for t in range(34):
        counts[t] += 1
        if counts[t] <= 4 and agari.is_agari(counts):
            expected.append(t)
        counts[t] -= 1
    found = [t for t in winning_tiles(counts) if counts[t] < 4]
    assert found == expected


# -- a 13-tile situation needs no winning hand -------------------------------------------------------


def test_a_situation_is_read_for_thirteen_tiles():
    """A waits question is checked against the hand's 13 tiles and melds, without a 14th tile:
    here 4 dora indicators of 1m next to a hand holding no 1m are fine (4 copies in all)."""
    hand = read_hand("234m567p345s678s9s")
    head = Head(None, resolve_rules(), False, "E", "S")
    mapping = {"riichi": True, "dora": ["1m", "1m", "1m", "1m"]}
    ctx = read_situation(mapping, head, hand.tally(), hand.melds, hand.text, {})
    assert ctx.dora == (0, 0, 0, 0) and ctx.in_riichi


def test_waits_refusal_of_a_situation_names_the_check():
    # ippatsu without riichi cannot happen by ron or by tsumo: the whole question is refused
    out, err = waits_of({"hand": "234m567p345s678s9s", "ippatsu": True})
    assert err is not None and out["error"]["detail"] == "ippatsu_without_riichi"


# -- stable ids beside the prose ---------------------------------------------------------------------


def test_fu_breakdown_lines_have_ids():
    """111z (East, a closed triplet of an honor: 8 fu), 99p pair, 2m 3m ryanmen ron on 4m:
    20 base + 10 closed ron + 8 = 38 -> 40 fu. Seat S, round E: East is the round wind (1 han)."""
    r = riichi_cli.score({"hand": "111z456p789s99p23m4m", "seat_wind": "S"})
    assert r["ok"], r
    ids = [(line["id"], line["fu"]) for line in r["fu_breakdown"]]
    assert ids == [("base", 20), ("closed_ron", 10), ("closed_triplet_honor", 8)]
    assert [line["reason"] for line in r["fu_breakdown"]][0] == "base"  # the prose stays


def test_fu_ids_for_waits_pairs_and_kans():
    """Seat E, round E, pair 11z is a double wind (4 fu under tenhou); an open kan of Red (chun,
    the yaku): 16 fu; kanchan 4p on 35p: 2 fu; 20 + 16 + 2 + 4 = 42 -> 50 fu (open: no closed ron)."""
    r = riichi_cli.score({"hand": "345m678s11z35p4p kan:7777z", "seat_wind": "E"})
    assert r["ok"], r
    ids = {line["id"]: line["fu"] for line in r["fu_breakdown"]}
    assert ids == {"base": 20, "open_quad_honor": 16, "kanchan_wait": 2, "pair_double_wind": 4}
    assert r["fu"] == 50


@pytest.mark.parametrize(
    ("mapping", "detail"),
    [
        ({"hand": "234567m2278p456s9p", "ippatsu": True}, "ippatsu_without_riichi"),
        ({"hand": "234567m2278p456s9p", "win": "tsumo", "from": "W"}, "tsumo_with_from"),
        ({"hand": "234567m2278p456s9p", "hnd": 1}, "unknown_key"),
        ({"hand": "234567m2278p456s9q"}, "unexpected_character"),
        ({"hand": "11111m234m77p456s9p"}, "fifth_copy"),
        ({"win": "ron"}, "missing_hand"),
        ({"hand": "123456789m1245p7z"}, "not_a_winning_shape"),
    ],
)
def test_each_refusal_names_the_failed_check(mapping, detail):
    r = riichi_cli.score(mapping)
    assert r["ok"] is False and r["error"]["detail"] == detail, r["error"]


def test_settle_refusal_names_the_failed_check():
    r = settle({"wins": [{"seat_wind": "S", "hand": "234567m2278p456s9p"}]})
    assert r["error"]["detail"] == "ron_without_from"


# -- settle reports the Result it paid, not a patched dict ----------------------------------------


def test_settled_win_reports_what_the_winner_gets():
    """1 honba and 1 deposit on the table; S wins 2h30fu (riichi, pinfu... here: pinfu tanyao
    = 2 han 30 fu ron, 2000) from W: S gets 2000 + 300 + 1000, W pays 2300."""
    r = settle({"honba": 1, "riichi_sticks": 1, "wins": [
        {"seat_wind": "S", "hand": "234m456p22345678s", "from": "W"}]})  # fmt: skip
    assert r["ok"], r
    assert r["wins"][0]["payments"] == {"E": 0, "S": 3300, "W": -2300, "N": 0}
    assert r["deltas"] == r["wins"][0]["payments"]


# -- exit codes, decided in one place ------------------------------------------------------------------


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


@pytest.mark.parametrize(
    ("args", "input", "code"),
    [
        (["score", "234567m2278p456s9q"], None, 2),  # bad notation
        (["waits", "234m567p345s678s9q"], None, 2),
        (["shanten", "234m567p345s678s9q"], None, 2),
        (["settle", "-"], "wins: [{seat_wind: S, hand: 234567m2278p456s9q, from: W}]\n", 2),
        (["score", "123456789m1245p7z"], None, 1),  # not a winning shape
        (["settle", "-"], "wins: [{seat_wind: S, hand: 123456789m1245p7z, from: W}]\n", 1),
        (["score", "234567m2278p456s9p", "--ippatsu"], None, 2),  # an impossible situation
        (["settle", "-"], "wins: [{seat_wind: S, hand: 234567m2278p456s9p}]\n", 1),  # a refused settlement
    ],
)
def test_exit_codes_follow_one_rule(args, input, code):
    res = run(*args, input=input)
    assert res.exit_code == code, res.output
    assert res.stderr.startswith("riichi: ") and "Traceback" not in res.output


@pytest.mark.parametrize("command", ["score", "waits", "shanten"])
def test_a_missing_hand_is_the_same_error_in_every_command(command):
    res = run(command, "--json")
    assert res.exit_code == 2
    error = json.loads(res.stdout)["error"]
    assert error["code"] == "invalid_context" and error["detail"] == "missing_hand"
    assert "give a HAND of" in res.stderr


# -- every rule option changes some result ---------------------------------------------------------

KOKUSHI = "19m19p19s1234567z1m"
SETTLE_WIN = {"seat_wind": "S", "hand": "234m456p22345678s", "from": "W"}
DOUBLE_RON = [SETTLE_WIN, {"seat_wind": "N", "hand": "234m456p22345678s", "from": "W"}]
# daisangen (every dragon set called) and tsuuiisou: N fed the last dragon pon
PAO_STACKED = {"seat_wind": "S", "hand": "111z22z pon:555z pon:666z pon:777z", "from": "W", "pao": "N"}
# a rinshan tsumo (chun and rinshan) on the replacement tile of an open kan that N fed
PAO_RINSHAN = {
    "seat_wind": "S",
    "hand": "234m456p678s2s2s kan:7777z",
    "win": "tsumo",
    "rinshan": True,
    "pao": "N",
}
RIICHI_DOUBLE_RON = [{**SETTLE_WIN, "riichi": True}, DOUBLE_RON[1]]
PAO_KANS = {"seat_wind": "S", "hand": "5z5z kan:1111m kan:2222p kan:3333s kan:4444z", "from": "W", "pao": "N"}

#: option -> (what is asked, the input, two values of the option). Worked out from the rule's
#: meaning: the two values must give different answers for this input.
CASES = {
    "aka_dora": ("score", {"hand": "234067m2278p456s9p"}, 3, 0),  # a red five, or no red fives
    "kuitan": ("score", {"hand": "456p678s22s345m chi:234m"}, True, False),  # open tanyao only
    "double_wind_pair_fu": (
        "score", {"hand": "123m456p789s234s11z", "seat_wind": "E", "riichi": True}, 4, 2
    ),
    "rinshan_tsumo_fu": (
        "score", {"hand": "234m456p78s99s9s ankan:1111z", "win": "tsumo", "rinshan": True}, True, False
    ),
    "kiriage_mangan": ("score", {"hand": "234567m2278p456s9p", "riichi": True, "dora": "1p"}, False, True),
    "kazoe_yakuman": (
        "score", {"hand": "345p678s99s234p ankan:2222m", "riichi": True, "dora": "1m1m1m1m"}, True, False
    ),
    "double_yakuman": ("score", {"hand": KOKUSHI}, False, True),  # 13-sided kokushi
    "yakuman_stacking": ("score", {"hand": "555666777z111z22z"}, True, False),  # daisangen + tsuuiisou
    "ippatsu": ("score", {"hand": "234567m2278p456s9p", "riichi": True, "ippatsu": True}, True, False),
    "ura_dora": ("score", {"hand": "234567m2278p456s9p", "riichi": True, "ura": "1z"}, True, False),
    "kan_dora": ("score", {"hand": "234567m2278p456s9p", "dora": "1z2z"}, True, False),
    "kan_ura": (
        "score", {"hand": "234567m2278p456s9p", "riichi": True, "dora": "1z2z", "ura": "3z4z"}, True, False
    ),
    "renhou": ("score", {"hand": "234567m2278p456s9p", "renhou": True}, "none", "mangan"),
    # a dealer's tenhou written with 4z last: on 4z a shanpon (suuankou), on 5z a tanki (suuankou tanki,
    # double with double_yakuman): the option tries every tile and keeps the best
    "tenhou_best_wait": (
        "score", {"hand": "111m222p333s55z444z", "win": "tsumo", "seat_wind": "E", "tenhou": True,
                  "rule_options": {"double_yakuman": True}}, False, True,
    ),
    # kokushi robbing a concealed kan of 9s (the only 9s it would hold)
    "kokushi_chankan_ankan": ("score", {"hand": "19m19p1s12345677z9s", "chankan": "ankan"}, False, True),
    "multiple_ron": ("settle", {"wins": DOUBLE_RON}, "double", "head_bump"),
    "multiple_ron_honba": ("settle", {"honba": 1, "wins": DOUBLE_RON}, "nearest", "each"),
    "nagashi_mangan": ("settle", {"draw": {"kind": "exhaustive", "nagashi": ["S"]}}, True, False),
    "pao": ("settle", {"wins": [PAO_STACKED]}, True, False),
    "pao_scope": ("settle", {"wins": [PAO_STACKED]}, "whole", "share"),
    "pao_suukantsu": ("settle", {"wins": [PAO_KANS]}, False, True),
    "pao_honba": ("settle", {"honba": 1, "wins": [PAO_STACKED]}, "liable", "discarder"),
    "pao_daiminkan": ("settle", {"wins": [PAO_RINSHAN]}, True, False),
    # S declared riichi (its stick is on the table): back to S, or to N, the first winner after W
    "own_stick_back": (
        "settle", {"riichi": ["S"], "riichi_sticks": 1, "wins": RIICHI_DOUBLE_RON}, True, False
    ),
    "abortive_draws": ("settle", {"draw": {"kind": "abortive", "reason": "kyuushu"}}, True, False),
    "chombo": ("settle", {"chombo": {"seat": "N"}}, "none", "mangan"),
    "chombo_points": ("settle", {"chombo": {"seat": "N"}, "rule_options": {"chombo": "points"}}, 0, 20000),
    "noten_penalty": ("settle", {"draw": {"kind": "exhaustive", "tenpai": ["S"]}}, 3000, 1500),
    "pure_karaten_is_tenpai": ("waits", {"hand": "1111m234p567s789s"}, False, True),
    "min_han": ("score", {"hand": "123m456p789s22s345s"}, 1, 2),  # pinfu only: 1 han
    "ryanshiba": ("score", {"hand": "123m456p789s22s345s", "honba": 5}, False, True),
    "honba_points": ("score", {"hand": "234m456p22345678s", "honba": 1}, 300, 100),
    # a mangan tsumo: four players 2000/4000 = 8000; three players lose North's 2000 (6000)
    "players": ("score", {"hand": "12456789p111s55z3p", "win": "tsumo", "riichi": True}, 4, 3),
    "tsumo_loss": (
        "score", {"hand": "12456789p111s55z3p", "win": "tsumo", "riichi": True, "rules": "tenhou3"},
        True, False,
    ),
}  # fmt: skip


def answer(kind: str, mapping: dict, option: str, value: object) -> dict:
    options = {**mapping.get("rule_options", {}), option: value}
    given = {**mapping, "rule_options": options}
    if kind == "score":
        out = riichi_cli.score(given)
    elif kind == "settle":
        out = settle(given)
    else:
        out = waits_of(given)[0]
    out.pop("rules", None)  # the rules' name says nothing about what they did
    return out


def test_every_rule_option_has_a_case():
    assert set(CASES) == set(Rules.FIELDS) - {"name"}


@pytest.mark.parametrize("option", sorted(CASES))
def test_every_rule_option_changes_some_result(option):
    kind, mapping, a, b = CASES[option]
    first, second = answer(kind, mapping, option, a), answer(kind, mapping, option, b)
    assert first["ok"] or second["ok"], (first["error"], second["error"])
    assert first != second
