"""`riichi shanten`: the docs/output.md object, discard ranking, unseen counts, stdin mode and exit codes.

The shanten numbers themselves are tested in test_shanten.py; this file checks the command around them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from riichi_cli.analysis.waits import read_hand, shanten_of, shanten_report
from riichi_cli.cli import main

SHANTEN_DEV = Path(__file__).resolve().parents[2] / "shared" / "conformance" / "shanten-dev.json"

# Four sets (123m 456p 789s 111z) and two loose tiles, 5z and 9m: discarding either leaves a tanki
# on the other, three copies unseen; anything else leaves one-shanten.
TWO_TANKI = "123m456p789s111z5z9m"


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def shanten_json(*args: str) -> dict:
    res = run("shanten", *args, "--json")
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def test_fourteen_tiles_ranks_discards():
    out = shanten_json(TWO_TANKI)
    assert out["tiles"] == 14 and "accepts" not in out
    # 4 sets + 2 singles: standard 0; seven pairs 6 - 1 pair (111z) = 5 with 12 kinds;
    # orphans 1m 9m 9s 1z 5z with 1z paired: 13 - 5 - 1 = 7.
    assert out["shanten"] == {"standard": 0, "chiitoitsu": 5, "kokushi": 7, "best": 0}
    first, second = out["discards"][:2]
    # A tie on shanten and total is broken by tile order: 9m before 5z.
    assert first == {"discard": "9m", "shanten": 0, "accepts": [{"tile": "5z", "unseen": 3}], "total": 3}
    assert second == {"discard": "5z", "shanten": 0, "accepts": [{"tile": "9m", "unseen": 3}], "total": 3}
    assert all(row["shanten"] == 1 for row in out["discards"][2:])
    names = [row["discard"] for row in out["discards"]]
    assert sorted(names) == sorted(["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "5z", "9m"])


def test_visible_tiles_reorder_discards_by_total():
    # One 5z seen elsewhere: waiting on 5z now has 2 unseen, on 9m still 3, so discard 5z first.
    out = shanten_json(TWO_TANKI, "--visible", "5z")
    assert [(r["discard"], r["total"]) for r in out["discards"][:2]] == [("5z", 3), ("9m", 2)]


def test_rows_are_sorted_by_shanten_then_total():
    out = shanten_json("12389m1468p3567s2z")
    keys = [(r["shanten"], -r["total"]) for r in out["discards"]]
    assert keys == sorted(keys)
    for row in out["discards"]:
        assert row["total"] == sum(a["unseen"] for a in row["accepts"])


def test_thirteen_tiles_with_a_meld():
    # 123m 456p 99p + 78s + pon 777z: tenpai on 6s/9s; seven pairs and orphans need a closed hand.
    out = shanten_json("123m456p99p78s", "pon:777z")
    assert out["tiles"] == 13 and "discards" not in out
    assert out["shanten"] == {"standard": 0, "chiitoitsu": None, "kokushi": None, "best": 0}
    assert out["accepts"] == [{"tile": "6s", "unseen": 4}, {"tile": "9s", "unseen": 4}]
    assert out["total"] == 8


def test_dora_indicators_are_not_unseen():
    out = shanten_json("123m456p99p78s", "pon:777z", "--dora", "6s")
    assert out["accepts"][0] == {"tile": "6s", "unseen": 3}


def test_complete_hand_is_minus_one():
    out = shanten_json("123m456p789s11122z")
    assert out["shanten"]["standard"] == -1 and out["shanten"]["best"] == -1


def test_red_five_discard_is_named_red_when_it_is_the_only_five():
    rep = shanten_report(read_hand("123m406p789s111z5z9m", (13, 14)))
    assert "0p" in [row["discard"] for row in rep["discards"]]
    rep = shanten_report(read_hand(TWO_TANKI, (13, 14)))
    assert "5p" in [row["discard"] for row in rep["discards"]]


def test_refusals():
    out, err = shanten_of("123m")
    assert err is not None and out["ok"] is False and out["error"]["code"] == "invalid_hand"
    _, err = shanten_of("123m456p99p78s pon:777z", visible=[(31, False)] * 2)
    assert err is None  # 5z is free
    _, err = shanten_of("123m456p99p78s pon:777z", visible=[(33, False)] * 2)  # a 5th and 6th 7z
    assert err is not None and "7z" in err.message


def test_rich_view():
    res = run("shanten", TWO_TANKI)
    assert res.exit_code == 0
    assert "tenpai" in res.stdout and "discard" in res.stdout and "5z(3)" in res.stdout
    res = run("shanten", "123m456p99p78s", "pon:777z")
    assert "Accepts: 6s(4) 9s(4)" in res.stdout


def test_stdin_mode():
    lines = "\n".join(
        [TWO_TANKI, "123m456p789s1129z", '{"hand": "' + TWO_TANKI + '", "visible": "5z"}', "123m"]
    )
    res = run("shanten", "-", input=lines + "\n")
    objs = [json.loads(line) for line in res.stdout.splitlines()]
    assert [o["ok"] for o in objs] == [True, False, True, False]
    assert objs[1]["error"]["code"] == "invalid_notation"
    assert objs[2]["discards"][0]["discard"] == "5z"
    assert res.exit_code == 1


@pytest.mark.parametrize(
    ("args", "stderr"),
    [
        (["shanten", "123m456p789s1129z"], "^"),
        (["shanten", "123m"], "13 or 14 tiles"),
        (["shanten"], "HAND"),
        (["shanten", TWO_TANKI, "--visible", "5z5z5z5z"], "5z"),
    ],
)
def test_exit_codes(args, stderr):
    res = run(*args)
    assert res.exit_code == 2
    assert stderr in res.stderr and "Traceback" not in res.stderr


def dev_notation(q: list[str]) -> str:
    """``["m3", "m5", "z1"]`` (suit letter first) as ``35m1z``."""
    return "".join("".join(t[1] for t in q if t[0] == s) + s for s in "mpsz" if any(t[0] == s for t in q))


@pytest.mark.skipif(not SHANTEN_DEV.exists(), reason=f"conformance data not found at {SHANTEN_DEV}")
def test_stdin_mode_agrees_with_conformance_sample():
    """The first 300 dev hands through `riichi shanten -`: x is [standard, kokushi, chiitoitsu]."""
    items = json.loads(SHANTEN_DEV.read_text())[:300]
    res = run("shanten", "-", input="".join(dev_notation(i["q"]) + "\n" for i in items))
    assert res.exit_code == 0
    for item, line in zip(items, res.stdout.splitlines(), strict=True):
        sh = json.loads(line)["shanten"]
        assert [sh["standard"], sh["kokushi"], sh["chiitoitsu"]] == item["x"], item


def test_three_players_read_the_hand_in_the_108_tiles():
    # 111m 999m 234p 55p and a fourth 1m and 9m: at three players there is no 2m-8m, so 1m and 9m only
    # make triplets and the two strays are dead: standard 2 (four players: 1 by 12m or 13m, 89m, 79m).
    # Seven pairs: 3 pairs of 6 kinds, 6 - 3 + 1 = 4; orphans 1m 9m, one paired: 13 - 2 - 1 = 10.
    out, err = shanten_of("1111m9999m234p55p", players=3)
    assert err is None
    assert out["shanten"] == {"standard": 2, "chiitoitsu": 4, "kokushi": 10, "best": 2}
    # Any tile that can still pair or join a run is a start for the fourth set: every tile but 1m and
    # 9m (all held), 25 kinds x 4, less the held 2p 3p 4p and two 5p: 100 - 5 = 95.
    assert out["total"] == 95 and not any(a["tile"].endswith("m") for a in out["accepts"])
    # With a 7z drawn: dropping a dead 1m (or 9m) leaves 1-shanten on 7z (3 left: a pair, then the
    # 55p/77z shanpon) and 5p (2 left: 555p, then a 7z tanki); 1m first by tile order.
    out, err = shanten_of("1111m9999m234p55p7z", players=3)
    assert err is None
    accepts = [{"tile": "5p", "unseen": 2}, {"tile": "7z", "unseen": 3}]
    assert out["discards"][:2] == [
        {"discard": "1m", "shanten": 1, "accepts": accepts, "total": 5},
        {"discard": "9m", "shanten": 1, "accepts": accepts, "total": 5},
    ]
    # Dropping the 7z leaves the 13 tiles above: 2-shanten, 95 less the 7z in hand (four players: 1).
    third = out["discards"][2]
    assert (third["discard"], third["shanten"], third["total"]) == ("7z", 2, 94)


NOT_IN_108 = "is not in three-player mahjong (its 108 tiles have only 1m and 9m of the characters)"


@pytest.mark.parametrize(
    ("hand", "options", "detail", "message", "text"),
    [
        ("1111m234p567s1122z", {"visible": [(4, False)], "players": 3},
         "not_in_three_player_set", f"visible: 5m {NOT_IN_108}", None),
        ("1111m234p567s1122z", {"dora": [(4, False)], "players": 3},
         "not_in_three_player_set", f"dora: 5m {NOT_IN_108}", None),
        ("2345m234p567s1122z", {"players": 3}, "not_in_three_player_set", f"2m {NOT_IN_108}",
         "2345m234p567s1122z"),
        ("1111m234p567s1122z", {"dora": [(0, False)]},
         "fifth_copy", "more than four 1m (hand, melds and indicators together)", "1111m234p567s1122z"),
        ("1111m234p567s1122z", {"visible": [(0, False)]}, "fifth_copy",
         "more than four 1m counting the discards and visible tiles too (count a called discard once)",
         "1111m234p567s1122z"),
    ],
)  # fmt: skip
def test_refusals_name_the_tiles_at_fault(hand, options, detail, message, text):
    out, err = shanten_of(hand, **options)
    assert err is not None and (err.detail, err.message, err.text) == (detail, message, text)
