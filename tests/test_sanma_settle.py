"""`settle` at a three-player table (SPEC 12): three seats, double ron at most, noten payments of 2000 in all,
nagashi and chombo with tsumo loss, kyuushu the only abortive draw. Expected deltas are worked out by hand
in the comments (and in the comments of sample_hands/sanma/settle/*.yaml).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi_cli.cli import main
from riichi_cli.settle import settle

SAMPLES = Path(__file__).resolve().parents[1] / "sample_hands" / "sanma" / "settle"
SEATS = "ESW"
# Closed hands winning on 8p (tenhou3, no dora):
#   PINFU_TANYAO: pinfu + tanyao, 2 han 30 fu: non-dealer ron 2000, dealer 2900.
#   RIICHI_999M: riichi only, 1 han 40 fu: non-dealer ron 1300.
PINFU_TANYAO = "23467p34556788s8p"
RIICHI_999M = "999m234p67p345s88s8p"


def run(mapping: dict, **options) -> dict:
    return settle({"rules": "tenhou3", **mapping, **({"rule_options": options} if options else {})})


def ok(mapping: dict, **options) -> dict:
    r = run(mapping, **options)
    assert r["ok"], r["error"]
    return r


@pytest.mark.parametrize(
    ("name", "deltas", "stays", "next_"),
    [
        ("double-ron", {"E": 4100, "S": 1300, "W": -4400}, True, {"honba": 2, "riichi_sticks": 0}),
        ("exhaustive-draw", {"E": -1000, "S": 2000, "W": -1000}, False, {"honba": 1, "riichi_sticks": 0}),
        ("nagashi", {"E": -4000, "S": -2000, "W": 6000}, False, {"honba": 2, "riichi_sticks": 0}),
        ("pao-tsumo", {"E": 0, "S": 25200, "W": -24200}, False, {"honba": 0, "riichi_sticks": 0}),
        ("kyuushu", {"E": 0, "S": 0, "W": 0}, True, {"honba": 3, "riichi_sticks": 1}),
    ],
)
def test_sample_files(name, deltas, stays, next_):
    out = CliRunner().invoke(main, ["settle", str(SAMPLES / f"{name}.yaml"), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert (data["deltas"], data["dealer_continues"], data["next"]) == (deltas, stays, next_)


def test_table_view_has_three_seats():
    out = CliRunner().invoke(main, ["settle", str(SAMPLES / "exhaustive-draw.yaml")], env={"NO_COLOR": "1"})
    assert out.exit_code == 0 and "West (W)" in out.stdout and "North" not in out.stdout
    assert "37000" in out.stdout  # South: 35000 + 2000


@pytest.mark.parametrize(
    ("tenpai", "deltas"),
    [
        ([], {"E": 0, "S": 0, "W": 0}),
        (["S"], {"E": -1000, "S": 2000, "W": -1000}),  # one tenpai: 1000 from each noten
        (["E", "W"], {"E": 1000, "S": -2000, "W": 1000}),  # two tenpai: the noten pays 2000, 1000 each
        (["E", "S", "W"], {"E": 0, "S": 0, "W": 0}),
    ],
)
def test_noten_payments_total_2000(tenpai, deltas):
    r = ok({"draw": {"kind": "exhaustive", "tenpai": tenpai}})
    assert r["deltas"] == deltas and r["draw"]["noten"] == [s for s in SEATS if s not in tenpai]


def test_dealer_nagashi_is_4000_from_each():
    r = ok({"draw": {"kind": "exhaustive", "tenpai": ["E"], "nagashi": ["E"]}})
    assert r["deltas"] == {"E": 8000, "S": -4000, "W": -4000} and r["dealer_continues"]


def test_head_bump_order_skips_the_missing_north():
    # West discards, East and South ron: East plays right after West, so head bump keeps East
    wins = [{"seat_wind": "S", "hand": RIICHI_999M, "from": "W", "riichi": True},
            {"seat_wind": "E", "hand": PINFU_TANYAO, "from": "W"}]  # fmt: skip
    r = ok({"wins": wins, "riichi_sticks": 1, "riichi": ["S"]}, multiple_ron="head_bump")
    assert [w["seat_wind"] for w in r["wins"]] == ["E"] and r["skipped"][0]["seat_wind"] == "S"
    # East 2900 and the stick; West pays 2900
    assert r["deltas"] == {"E": 3900, "S": 0, "W": -2900}


def test_three_rons_cannot_happen():
    wins = [{"seat_wind": s, "hand": PINFU_TANYAO, "from": "E"} for s in "SW"] * 2
    r = run({"wins": wins[:3]})
    assert not r["ok"] and "at most 2" in r["error"]["message"]


@pytest.mark.parametrize(
    ("mapping", "words"),
    [
        ({"draw": {"kind": "abortive", "reason": "suufon"}}, "kyuushu at a three-player table"),
        ({"draw": {"kind": "abortive", "reason": "suucha_riichi"}}, "kyuushu at a three-player table"),
        ({"draw": {"kind": "exhaustive", "tenpai": ["N"]}}, "draw.tenpai: N is not a seat"),
        ({"chombo": {"seat": "N"}}, "chombo.seat: N is not a seat"),
        ({"wins": [{"seat_wind": "N", "hand": PINFU_TANYAO, "from": "E"}]}, "seat_wind: N is not a seat"),
        ({"wins": [{"seat_wind": "S", "hand": PINFU_TANYAO, "from": "N"}]}, "from: N is not a seat"),
        ({"round_wind": "N", "chombo": {"seat": "E"}}, "round_wind: N is not a seat"),
        ({"scores": {"E": 1, "S": 2, "W": 3, "N": 4}, "chombo": {"seat": "E"}}, "three seats E, S, W"),
        (
            {"wins": [{"seat_wind": "S", "hand": "234m567p345s88s678s", "from": "E"}]},
            "2m is not in three-player",
        ),
    ],
)
def test_three_player_settlements_refused(mapping, words):
    r = run(mapping)
    assert not r["ok"] and words in r["error"]["message"], r["error"]


def test_scores_with_three_seats():
    r = ok({"scores": {"E": 35000, "S": 35000, "W": 35000}, "draw": {"kind": "exhaustive", "tenpai": ["W"]}})
    assert r["scores"] == {"E": 34000, "S": 34000, "W": 37000}


def test_chombo_reverse_mangan_with_tsumo_loss():
    # a non-dealer pays a mangan tsumo: 4000 to the dealer, 2000 to the other non-dealer
    r = ok({"chombo": {"seat": "S"}}, chombo="mangan")
    assert r["deltas"] == {"E": 4000, "S": -6000, "W": 2000}
    r = ok({"chombo": {"seat": "E"}}, chombo="mangan")  # the dealer: 4000 to each
    assert r["deltas"] == {"E": -8000, "S": 4000, "W": 4000}


def test_tsumo_win_honba_and_next_dealer():
    # South's riichi pinfu tanyao tsumo: 4 han 20 fu: base 20 x 64 = 1280: 1300 / 2600 (tsumo loss: 3900);
    # honba 2 x 100 from each payer; the stick. South is not the dealer: South deals next, honba 0.
    win = {"seat_wind": "S", "hand": PINFU_TANYAO, "win": "tsumo", "riichi": True}
    r = ok({"wins": [win], "honba": 2, "riichi_sticks": 1, "riichi": ["S"]})
    assert r["deltas"] == {"E": -2800, "S": 5300, "W": -1500}
    assert r["dealer_continues"] is False and r["next"] == {"honba": 0, "riichi_sticks": 0}


# -- the property -----------------------------------------------------------------------------

DAISANGEN = "234p8s8s pon:555z pon:666z pon:777z"


@st.composite
def settlements(draw):
    preset = draw(st.sampled_from(["tenhou3", "mahjongsoul3"]))
    declared = draw(st.lists(st.sampled_from(SEATS), unique=True))
    base = {"rules": preset, "honba": draw(st.integers(0, 4)), "riichi": declared,
            "riichi_sticks": len(declared) + draw(st.integers(0, 3)),
            "rule_options": {"tsumo_loss": draw(st.booleans()),
                             "chombo": draw(st.sampled_from(["none", "mangan"])),
                             "multiple_ron": draw(st.sampled_from(["double", "head_bump"]))}}  # fmt: skip
    kind = draw(st.sampled_from(["ron", "tsumo", "pao", "draw", "chombo"]))
    if kind == "ron":
        discarder = draw(st.sampled_from(SEATS))
        winners = draw(
            st.lists(st.sampled_from([s for s in SEATS if s != discarder]), min_size=1, unique=True)
        )
        base["wins"] = [{"seat_wind": w, "hand": PINFU_TANYAO, "from": discarder} for w in winners]
    elif kind == "tsumo":
        base["wins"] = [{"seat_wind": draw(st.sampled_from(SEATS)), "hand": PINFU_TANYAO, "win": "tsumo"}]
    elif kind == "pao":
        winner = draw(st.sampled_from([s for s in SEATS if s not in declared] or ["-"]))
        if winner == "-":
            base["riichi"], winner = [], "S"
        liable = draw(st.sampled_from([s for s in SEATS if s != winner]))
        how = draw(st.sampled_from([{"win": "tsumo"}] + [{"from": s} for s in SEATS if s != winner]))
        base["wins"] = [
            {"seat_wind": winner, "hand": DAISANGEN, "pao": liable, "kita": draw(st.integers(0, 4)), **how}
        ]
    elif kind == "draw":
        tenpai = draw(st.lists(st.sampled_from(SEATS), unique=True))
        nagashi = draw(st.lists(st.sampled_from(SEATS), unique=True, max_size=1))
        base["draw"] = {"kind": "exhaustive", "tenpai": tenpai, "nagashi": nagashi}
    else:
        base["chombo"] = {"seat": draw(st.sampled_from(SEATS))}
    return base


@settings(max_examples=100, deadline=None)
@given(settlements())
def test_points_are_conserved_at_three_seats(mapping):
    r = settle(mapping)
    assert r["ok"], (mapping, r["error"])
    assert set(r["deltas"]) == set(SEATS)
    assert sum(r["deltas"].values()) == 1000 * (mapping["riichi_sticks"] - r["next"]["riichi_sticks"])
    for w in r["wins"]:
        assert set(w["payments"]) == set(SEATS)


# -- schemas ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("score", ["score", "12456789p111s55z3p", "--rules", "tenhou3", "--tsumo", "--riichi", "--json"]),
        ("score", ["score", "23467p34556788s8p", "--rules", "sanma", "--kita", "2", "--riichi", "--json"]),
        ("waits", ["waits", "111999m22p456s44z", "--rules", "tenhou3", "--kita", "2", "--json"]),
        ("shanten", ["shanten", "1m123p456p789s157z", "--rules", "tenhou3", "--json"]),
        ("settle", ["settle", str(SAMPLES / "double-ron.yaml"), "--json"]),
        ("settle", ["settle", str(SAMPLES / "pao-tsumo.yaml"), "--json"]),
        ("settle", ["settle", str(SAMPLES / "exhaustive-draw.yaml"), "--json"]),
    ],
)
def test_three_player_outputs_match_the_schemas(name, args):
    jsonschema = pytest.importorskip("jsonschema")
    from riichi_cli.cli.schema import bundled

    out = CliRunner().invoke(main, args)
    assert out.exit_code == 0, out.output
    jsonschema.Draft202012Validator(bundled(name)).validate(json.loads(out.stdout))
