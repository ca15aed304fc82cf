"""`riichi waits`: hand-checked waits of hard shapes, furiten, karaten, keishiki, stdin mode, exit codes.

Expected waits and values are worked out by hand in the comments, not copied from the output.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from riichi_cli.analysis.shanten import is_complete  # its own search, independent of core.decompose
from riichi_cli.analysis.waits import read_hand, waits_of, waits_report
from riichi_cli.cli import main
from riichi_cli.core.rules import resolve_rules
from riichi_cli.core.tiles import name


def report(hand: str, rules=None, visible=(), **context) -> dict:
    """The waits object of a hand; fails the test on a refusal."""
    out, err = waits_of({"hand": hand, **context}, rules, visible)
    assert err is None, err
    return out


def tiles_of(rep: dict) -> list[str]:
    return [w["tile"] for w in rep["waits"]]


def wait(rep: dict, tile: str) -> dict:
    return next(w for w in rep["waits"] if w["tile"] == tile)


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


# -- shapes -----------------------------------------------------------------------------------


def test_nine_sided_chuuren_waits_on_all_nine():
    rep = report("1112345678999m")
    assert tiles_of(rep) == [f"{n}m" for n in range(1, 10)]
    # 1m and 9m: three in hand, one left; 2m..8m: one in hand, three left.
    assert [w["unseen"] for w in rep["waits"]] == [1, 3, 3, 3, 3, 3, 3, 3, 1]
    assert rep["tenpai"] and rep["shanten"] == 0 and not rep["karaten"] and not rep["keishiki"]
    for w in rep["waits"]:
        assert w["ron"]["yaku"][0]["id"] == "junsei_chuuren"
        assert w["ron"]["points"]["ron"] == 32000  # non-dealer yakuman ron
        assert w["tsumo"]["points"]["tsumo"] == {"dealer": 16000, "non_dealer": 8000}


def test_thirteen_sided_kokushi():
    rep = report("19m19p19s1234567z")
    assert tiles_of(rep) == ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
    assert all(w["unseen"] == 3 for w in rep["waits"])
    assert all(w["ron"]["yaku"][0]["id"] == "kokushi_13" for w in rep["waits"])


def test_single_wait_kokushi():
    # 1m is the pair; the missing orphan is 7z.
    assert tiles_of(report("119m19p19s123456z")) == ["7z"]


def test_seven_pairs_wait():
    # Six pairs and a single 7z; 1122m / 3344p / 5566s make no sets, so 7z is the only wait.
    rep = report("1122m3344p5566s7z")
    assert tiles_of(rep) == ["7z"]
    assert [y["id"] for y in wait(rep, "7z")["ron"]["yaku"]] == ["chiitoitsu"]


def test_pair_and_quad_is_not_seven_pairs():
    # Counting 5555s as two pairs would make this 7z-tanki seven pairs; it is not a wait.
    rep = report("11m22m33p44p5555s7z")
    assert tiles_of(rep) == [] and not rep["tenpai"]
    assert rep["next"] == "riichi shanten 1122m3344p5555s7z"


def test_nobetan():
    # 2345m: 2m tanki + 345m, or 234m + 5m tanki.
    assert tiles_of(report("2345m123p456p789s")) == ["2m", "5m"]


def test_entotsu():
    # 11m + 66678s: 1m (shanpon 11m/66s with 678s), 6s and 9s (666s + 78s with 11m as the pair).
    assert tiles_of(report("11m123p456p66678s")) == ["1m", "6s", "9s"]


def test_wait_that_exists_only_with_melds():
    # One concealed tile and four melds: a tanki on it.
    rep = report("5m pon:111z chi:234p pon:999s kan:7777m", visible=[(4, False), (4, False)])
    assert tiles_of(rep) == ["5m"]
    assert wait(rep, "5m")["unseen"] == 1  # 4 - one in hand - two visible
    assert rep["hand"] == "5m pon:111z chi:234p pon:999s kan:7777m"
    # The pon of East is round wind (round E): one han, so a ron is possible.
    assert wait(rep, "5m")["ron"]["ok"]


def test_read_hand_counts_melds_as_three():
    assert read_hand("5m pon:111z chi:234p pon:999s kan:7777m").size == 13
    with pytest.raises(Exception, match="13 tiles"):
        read_hand("55m pon:111z chi:234p pon:999s kan:7777m")


# -- values -----------------------------------------------------------------------------------


def test_wait_values_by_ron_and_tsumo():
    # 123m456p789s + 11z 22z shanpon, seat S round E.
    # Ron on 1z: round wind 1 han; 20 + 10 closed ron + 4 (pung completed by ron counts open)
    #   + 2 (pair of the seat wind 2z) = 36 -> 40 fu: 1300.
    # Tsumo on 1z: + menzen tsumo = 2 han; 20 + 8 (concealed honor pung) + 2 + 2 tsumo = 32 -> 40: 700/1300.
    rep = report("123m456p789s1122z")
    one = wait(rep, "1z")
    assert (one["ron"]["han"], one["ron"]["fu"], one["ron"]["points"]["ron"]) == (1, 40, 1300)
    assert (one["tsumo"]["han"], one["tsumo"]["fu"]) == (2, 40)
    assert one["tsumo"]["points"]["tsumo"] == {"dealer": 1300, "non_dealer": 700}
    assert one["ron"]["win_tile"] == "1z" and one["ron"]["hand"] == "123m456p789s1122z1z"


def test_last_tile_flag_is_haitei_for_tsumo_and_houtei_for_ron():
    rep = report("123m456p789s1122z", haitei=True)
    assert "houtei" in [y["id"] for y in wait(rep, "1z")["ron"]["yaku"]]
    assert "haitei" in [y["id"] for y in wait(rep, "1z")["tsumo"]["yaku"]]


def test_rinshan_rules_out_the_ron_column_only():
    rep = report("23456m567p11s ankan:9999s", rinshan=True)
    w = rep["waits"][0]
    assert w["ron"]["error"]["code"] == "invalid_context"
    assert "rinshan" in [y["id"] for y in w["tsumo"]["yaku"]]


# -- furiten ----------------------------------------------------------------------------------

# 23456m + 567p 789p 11s: pinfu, waits 1m 4m 7m.
PINFU = "23456m567789p11s"


def test_discard_furiten():
    rep = report(PINFU, discards="4m7z")
    assert tiles_of(rep) == ["1m", "4m", "7m"]
    assert rep["furiten"]["furiten"] and rep["furiten"]["kind"] == "discard"
    assert rep["furiten"]["tiles"] == ["4m"]
    assert rep["furiten"]["note"] == "a ron is not allowed on any wait; a tsumo still wins"
    # Discard furiten forbids a ron on every wait, not only 4m; a tsumo is fine.
    assert all(w["ron"]["error"]["code"] == "furiten" for w in rep["waits"])
    assert all(w["tsumo"]["ok"] for w in rep["waits"])


def test_temporary_furiten():
    rep = report(PINFU, passed="7m")
    assert rep["furiten"] == {
        "furiten": True,
        "kind": "temporary",
        "tiles": ["7m"],
        "note": rep["furiten"]["note"],
    }


def test_riichi_furiten():
    rep = report(PINFU, passed="7m", riichi=True)
    assert rep["furiten"]["kind"] == "riichi" and rep["furiten"]["tiles"] == ["7m"]
    # Furiten does not make a riichi hand keishiki: it has a yaku, only the ron is barred.
    assert not rep["keishiki"]


def test_no_furiten_on_tiles_that_are_not_waits():
    rep = report(PINFU, discards="2m5m", passed="8m")
    assert rep["furiten"] == {"furiten": False, "kind": None, "tiles": [], "note": None}


# -- karaten and pure karaten -----------------------------------------------------------------


def test_karaten_via_visible():
    # Waits 1z and 2z, two of each in hand; the other four are on the table.
    visible = [(27, False), (27, False), (28, False), (28, False)]
    rep = report("123m456p789s1122z", visible=visible)
    assert [w["unseen"] for w in rep["waits"]] == [0, 0]
    assert rep["karaten"] and rep["tenpai"]  # ordinary karaten is still tenpai
    assert not report("123m456p789s1122z", visible=visible[:3])["karaten"]


def test_unseen_subtracts_dora_indicators_and_own_discards():
    rep = report(PINFU, dora="4m", discards="7m")
    # 1m: none seen; 4m: one in hand and the indicator; 7m: the own discard.
    assert [w["unseen"] for w in rep["waits"]] == [4, 2, 3]


@pytest.mark.parametrize("counts_as_tenpai", [False, True])
def test_pure_karaten_both_verdicts(counts_as_tenpai):
    # 1111m + three sets: the only shape wait is a fifth 1m (111m + 1m tanki).
    rules = resolve_rules("tenhou", {"pure_karaten_is_tenpai": counts_as_tenpai})
    rep = report("1111m234p567p789s", rules)
    assert tiles_of(rep) == ["1m"]
    assert wait(rep, "1m")["unseen"] == 0
    assert rep["karaten"]
    assert rep["pure_karaten"] == {
        "pure_karaten": True,
        "tiles": ["1m"],
        "counts_as_tenpai": counts_as_tenpai,
    }
    assert rep["tenpai"] is counts_as_tenpai
    assert rep["shanten"] == (0 if counts_as_tenpai else 1)
    for kind in ("ron", "tsumo"):
        obj = wait(rep, "1m")[kind]
        assert not obj["ok"] and obj["error"]["code"] == "invalid_hand"
        assert "all four 1m" in obj["error"]["message"]


def test_pure_karaten_wait_beside_a_live_one():
    # 111m + 1234m nobetan: 1m would be a fifth copy, 4m can come; the hand is tenpai either way.
    rep = report("1111234m456p789p")
    assert [(w["tile"], w["unseen"]) for w in rep["waits"]] == [("1m", 0), ("4m", 3)]
    assert rep["tenpai"] and not rep["karaten"]
    assert rep["pure_karaten"] == {"pure_karaten": False, "tiles": ["1m"], "counts_as_tenpai": False}
    assert "can never come" in run("waits", "1111234m456p789p").stdout


def test_default_presets_do_not_count_pure_karaten():
    assert not report("1111m234p567p789s")["tenpai"]


def test_tiles_in_own_kan_are_not_pure_karaten():
    # Kanchan 5m with all four 5m in the player's own (open) kan: karaten, but not "in hand".
    rep = report("46m123p456p99s kan:5555m")
    assert tiles_of(rep) == ["5m"] and rep["karaten"] and rep["tenpai"]
    assert rep["pure_karaten"]["tiles"] == []
    assert "own hand and melds" in wait(rep, "5m")["ron"]["error"]["message"]


# -- keishiki ---------------------------------------------------------------------------------


def test_keishiki_open_hand_without_yaku():
    # chi 123m, 456p 789p, 34s, 88s: waits 2s/5s; no tanyao (1m, 9p), no ittsu, no yakuhai.
    rep = report("456789p3488s chi:123m", dora="7s")  # dora are not a yaku
    assert tiles_of(rep) == ["2s", "5s"]
    assert rep["tenpai"] and rep["keishiki"]
    assert all(w["ron"]["error"]["code"] == "no_yaku" for w in rep["waits"])


def test_not_keishiki_when_one_wait_has_a_yaku():
    # chi 234s, 234m 567m, 66s + 78s: waits 6s (66s pair + 678s, all simples: open tanyao)
    # and 9s (789s: a terminal, no yaku).
    rep = report("234567m66s78s chi:234s")
    assert tiles_of(rep) == ["6s", "9s"]
    assert wait(rep, "6s")["ron"]["ok"] and not wait(rep, "9s")["ron"]["ok"]
    assert not rep["keishiki"]


def test_not_tenpai_points_to_shanten():
    # Three sets and 1m 3m 5m 9m: a kanchan but no pair, one-shanten.
    rep = report("123m456p789s1359m")
    assert not rep["tenpai"] and rep["shanten"] == 1 and rep["waits"] == []
    assert rep["next"].startswith("riichi shanten ")


# -- refusals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mapping", "code"),
    [
        ({"hand": "123m456p789s11222z"}, "invalid_hand"),  # 14 tiles
        ({"hand": "123m456p789s1129z"}, "invalid_notation"),
        ({"hand": "11111m234p567p78s"}, "invalid_hand"),  # five 1m
        ({"hand": "456789p3488s chi:123m", "riichi": True}, "invalid_context"),
        ({"hand": "123m456p789s1122z", "bogus": 1}, "invalid_context"),
        ({"hand": "23456m567789p11s", "rinshan": True}, "invalid_context"),  # no kan
        ({}, "invalid_context"),
    ],
)
def test_refusals(mapping, code):
    out, err = waits_of(mapping)
    assert err is not None and out["ok"] is False and out["error"]["code"] == code
    assert out["waits"] is None


def test_visible_tiles_cannot_make_a_fifth_copy():
    out, err = waits_of({"hand": "123m456p789s1122z"}, None, [(27, False)] * 3)
    assert err is not None and err.code == "invalid_hand" and "1z" in err.message


# -- property ---------------------------------------------------------------------------------

TILE_IDS = st.integers(0, 135)  # 136 physical tiles, tile = id // 4


GROUP = st.one_of(
    st.integers(0, 33).map(lambda t: (t, t, t)),  # a triplet
    st.integers(0, 20).map(lambda k: k // 7 * 9 + k % 7).map(lambda t: (t, t + 1, t + 2)),  # a sequence
)


@st.composite
def thirteen(draw) -> list[int]:
    """Thirteen tiles: either random, or a complete hand minus one tile (mostly tenpai)."""
    if draw(st.booleans()):
        ids = draw(st.lists(TILE_IDS, min_size=13, max_size=13, unique=True))
        return sorted(i // 4 for i in ids)
    pair = draw(st.integers(0, 33))
    tiles = [pair, pair] + [t for group in draw(st.lists(GROUP, min_size=4, max_size=4)) for t in group]
    assume(all(tiles.count(t) <= 4 for t in tiles))
    tiles.pop(draw(st.integers(0, 13)))
    return sorted(tiles)


def notation(tiles: list[int]) -> str:
    return "".join(name(t) for t in tiles)


@settings(max_examples=200, deadline=None)
@given(thirteen())
def test_every_listed_wait_completes_and_no_other_tile_does(tiles):
    rep = waits_report(read_hand(notation(tiles)), {})
    counts = [tiles.count(t) for t in range(34)]
    listed = {w["tile"] for w in rep["waits"]}
    for t in range(34):
        counts[t] += 1
        assert (name(t) in listed) == is_complete(counts), name(t)
        counts[t] -= 1
    for w in rep["waits"]:
        # Every wait that can come scores as a win shape: a value, or refused for yaku only.
        for kind in ("ron", "tsumo"):
            obj = w[kind]
            assert obj["ok"] or obj["error"]["code"] in ("no_yaku", "invalid_hand"), obj["error"]
            if obj["error"] and obj["error"]["code"] == "invalid_hand":
                assert tiles.count(next(t for t in range(34) if name(t) == w["tile"])) == 4


# -- command line -----------------------------------------------------------------------------


def test_cli_json_is_spec_7():
    res = run("waits", "123m456p789s1122z", "--json")
    assert res.exit_code == 0
    out = json.loads(res.stdout)
    for key in ("hand", "tenpai", "shanten", "waits", "furiten", "karaten", "keishiki"):
        assert key in out
    assert set(out["furiten"]) >= {"furiten", "kind", "tiles"}
    assert set(out["waits"][0]) >= {"tile", "unseen", "ron", "tsumo"}


def test_cli_table_lists_every_wait():
    res = run("waits", "1112345678999m")
    assert res.exit_code == 0
    for n in range(1, 10):
        assert f"{n}m" in res.stdout
    assert "32000" in res.stdout and "8000/16000" in res.stdout


def test_cli_table_shows_furiten_and_pointer():
    res = run("waits", PINFU, "--discards", "4m")
    assert "Furiten" in res.stdout and "tsumo still wins" in res.stdout
    res = run("waits", "11m22m33p44p5555s7z")
    assert res.exit_code == 0 and "riichi shanten 1122m3344p5555s7z" in res.stdout


def test_cli_visible_and_context_flags():
    res = run("waits", "123m456p789s1122z", "--visible", "1z1z2z2z", "--riichi", "--json")
    out = json.loads(res.stdout)
    assert out["karaten"] and [w["unseen"] for w in out["waits"]] == [0, 0]
    assert "riichi" in [y["id"] for y in out["waits"][0]["ron"]["yaku"]]


def test_stdin_mode_keeps_going_after_a_bad_line():
    lines = "\n".join(
        [
            "1112345678999m",
            "123m456p789s1129z",
            "",
            '{"hand": "23456m567789p11s", "discards": "4m"}',
            "19m19p19s1234567z",
        ]
    )
    res = run("waits", "-", "--dora", "1m", input=lines)
    objs = [json.loads(line) for line in res.stdout.splitlines()]
    assert [o["line"] for o in objs] == [1, 2, 3, 4, 5]
    assert [o["ok"] for o in objs] == [True, False, False, True, True]
    assert objs[1]["error"]["code"] == "invalid_notation"
    assert objs[2]["error"]["code"] == "unreadable"
    assert objs[3]["furiten"]["kind"] == "discard"
    assert len(objs[4]["waits"]) == 13
    assert objs[0]["waits"][0]["unseen"] == 0  # 1m: three in hand, the fourth is the --dora indicator
    assert res.exit_code == 1


def test_stdin_mode_all_good_exits_0():
    res = run("waits", "-", input="1112345678999m\n")
    assert res.exit_code == 0 and json.loads(res.stdout)["ok"]


@pytest.mark.parametrize(
    ("args", "code", "stderr"),
    [
        (["waits", "123m456p789s1129z"], 2, "^"),
        (["waits", "123m456p789s1122z", "--visible", "1x"], 2, "^"),
        (["waits", "456789p3488s", "chi:123m", "--riichi"], 2, "invalid_context"),
        (["waits"], 2, "HAND"),
        (["waits", "123m456p789s1122z", "--rules", "nosuch"], 2, "nosuch"),
    ],
)
def test_cli_exit_codes(args, code, stderr):
    res = run(*args)
    assert res.exit_code == code
    assert stderr in res.stderr
    assert "Traceback" not in res.stderr


def test_cli_bad_hand_with_json_prints_an_object_and_exits_2():
    res = run("waits", "123m456p789s11222z", "--json")
    assert res.exit_code == 2
    assert json.loads(res.stdout)["error"]["code"] == "invalid_hand"


def test_whole_process_binary_stdin_line():
    """End to end: a binary line is an error object, never a traceback."""
    data = b"1112345678999m\n\xff\xfe\x00junk\n19m19p19s1234567z\n"
    proc = subprocess.run(
        [sys.executable, "-m", "riichi_cli", "waits", "-"], input=data, capture_output=True, timeout=60
    )
    objs = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [o["ok"] for o in objs] == [True, False, True]
    assert objs[1]["error"]["code"] == "unreadable"
    assert proc.returncode == 1 and b"Traceback" not in proc.stderr
