"""Errors a tool author can rely on: codes, exit codes, one stderr line, did-you-mean, tile lists.

Every expected value is worked out by hand in the comment beside it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import riichi_cli
from riichi_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
# 234m 456p 88p 666s + 34s closed by 5s: tanyao only (no pinfu: the 666s triplet), 1 han 40 fu.
TANYAO = "234m45688p34666s5s"


def run(*args: str, input: str | None = None):
    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2 mixes stderr in by default
    except TypeError:
        runner = CliRunner()
    return runner.invoke(main, list(args), input=input, catch_exceptions=False)


# -- below_minimum ----------------------------------------------------------------------------------


def test_below_min_han_is_its_own_refusal():
    result = run("score", TANYAO, "--rule", "min_han=2", "--json")
    assert result.exit_code == 1
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "below_minimum"
    assert error["message"].startswith("1 han (Tanyao); these rules need 2")
    assert "no yaku" not in result.stderr


def test_ryanshiba_counts_honba_and_not_dora():
    # ryanshiba: 2 han from 5 honba on. 4 honba: 1 han is enough; 5 honba: refused.
    assert riichi_cli.score({"hand": TANYAO, "honba": 4, "rule_options": {"ryanshiba": True}})["ok"]
    five = riichi_cli.score({"hand": TANYAO, "honba": 5, "rule_options": {"ryanshiba": True}})
    assert five["error"]["code"] == "below_minimum" and "need 2" in five["error"]["message"]
    # Dora do not count: 7p indicator makes the 88p pair two dora, still 1 yaku han.
    dora = riichi_cli.score({"hand": TANYAO, "dora": "7p", "rule_options": {"min_han": 2}})
    assert dora["error"]["message"].startswith("1 han (Tanyao)")


def test_no_yaku_stays_no_yaku():
    # 123456m 456p 789s 11z: no yaku at all (the 1z pair is not a triplet), whatever min_han says.
    result = riichi_cli.score({"hand": "123456m456p789s11z", "rule_options": {"min_han": 2}})
    assert result["error"]["code"] == "no_yaku"


# -- exit 2 for bad notation, one stderr line with --json --------------------------------------------

LINE = re.compile(r"^riichi: (\w+): (.+)$")


def _one_line(result) -> tuple[str, str]:
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    match = LINE.match(lines[0])
    assert match, lines[0]
    return match.group(1), match.group(2)


@pytest.mark.parametrize(
    "args",
    [
        ("score", "123m456p789s11z4x"),
        ("waits", "123m456p789s11z4x"),
        ("shanten", "123m456p789s11z4x"),
        ("settle", "-"),
    ],
    ids=lambda a: a[0],
)
def test_bad_notation_exits_2_with_one_json_line_and_one_stderr_line(args):
    stdin = "wins: [{seat_wind: S, hand: 123m456p789s11z4x, from: W}]\n" if args[0] == "settle" else None
    human = run(*args, input=stdin)
    assert human.exit_code == 2
    assert "^" in human.stderr  # a person gets the caret under the bad character
    result = run(*args, "--json", input=stdin)
    assert result.exit_code == 2
    obj = json.loads(result.stdout)  # exactly one JSON document
    assert obj["ok"] is False and obj["error"]["code"] == "invalid_notation"
    code, message = _one_line(result)
    assert (code, message) == (obj["error"]["code"], obj["error"]["message"])
    assert "(at character 17 of '123m456p789s11z4x')" in message  # 'x' is the 17th character


@pytest.mark.parametrize("command", ["score", "waits", "table", "settle", "rules"])
def test_a_bad_preset_with_json_is_an_object_and_one_line(command):
    args = {
        "score": ("score", TANYAO, "--rules", "mleage"),
        "waits": ("waits", "1112345678999m", "--rules", "mleage"),
        "table": ("table", "--rules", "mleage"),
        "settle": ("settle", str(ROOT / "examples" / "round.yaml"), "--rules", "mleage"),
        "rules": ("rules", "mleage"),
    }[command]
    result = run(*args, "--json")
    assert result.exit_code == 2
    obj = json.loads(result.stdout)
    assert obj["ok"] is False and obj["error"]["code"] == "invalid_context"
    code, message = _one_line(result)
    assert message == obj["error"]["message"]
    assert "(did you mean 'mleague'?)" in message


@pytest.mark.parametrize("command", ["waits", "shanten"])
def test_a_missing_hand_is_a_refusal_like_any_other(command):
    result = run(command, "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["code"] == "invalid_context"
    assert _one_line(result)[1].startswith("give a HAND")


def test_batch_usage_error_with_json_is_one_line():
    result = run("batch", str(ROOT / "examples" / "hands.yaml"), "--format", "jsonl", "--rule", "kuitn=false")
    assert result.exit_code == 2 and result.stdout == ""
    _, message = _one_line(result)
    assert "unknown rule option 'kuitn' (did you mean 'kuitan'?)" in message


# -- did you mean -----------------------------------------------------------------------------------


def test_misspelt_yaml_key_is_named(tmp_path):
    hand = tmp_path / "hand.yaml"
    hand.write_text("hnd: 234567m2278p456s9p\nriichi: true\n")
    result = run("score", "--context", str(hand))
    assert result.exit_code == 2
    assert "unknown key 'hnd' (did you mean 'hand'?)" in result.stderr
    batch = json.loads(run("batch", str(hand), "--format", "jsonl").stdout)
    assert "did you mean 'hand'?" in batch["error"]["message"]
    # one edit away from a round key of a settlement
    settled = riichi_cli.settle({"round_wnd": "E", "draw": {"kind": "exhaustive", "tenpai": []}})
    assert "unknown key 'round_wnd' (did you mean 'round_wind'?)" in settled["error"]["message"]


def test_misspelt_rule_option_and_preset_are_named():
    def message(mapping: dict) -> str:
        return riichi_cli.score({"hand": TANYAO, **mapping})["error"]["message"]

    assert "did you mean 'kuitan'?" in message({"rule_options": {"kuitn": 1}})
    assert "did you mean 'tenhou'?" in message({"rules": "tenho"})
    # nothing close: no guess, the valid names are listed instead
    far = riichi_cli.score({"hand": TANYAO, "rules": "zzzzzz"})["error"]["message"]
    assert "did you mean" not in far and "mleague" in far


# -- tile lists with commas and spaces -------------------------------------------------------------


def test_dora_lists_take_commas_and_spaces():
    # 234567m 22p 78p+9p 456s: indicators 1p and 1m make 2p (two held) and 2m (one held) dora: 3.
    hand = "234567m2278p456s9p"
    counts = set()
    for dora in ("1p1m", "1p,1m", "1p 1m", "1p, 1m", ["1p", "1m"]):
        r = riichi_cli.score({"hand": hand, "dora": dora})
        counts.add(next(y["han"] for y in r["yaku"] if y["id"] == "dora"))
    assert counts == {3}
    cli = json.loads(run("score", hand, "--dora", "1p, 1m", "--json").stdout)
    assert next(y["han"] for y in cli["yaku"] if y["id"] == "dora") == 3


def test_discards_with_commas_give_furiten():
    # 123m 456p 789s 11z 45m waits on 3m/6m; a 6m ron with 3m among "9m,3m" is discard furiten.
    result = run("score", "123m456p789s11z45m6m", "--discards", "9m,3m", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"]["code"] == "furiten"


def test_a_bad_tile_in_a_list_points_at_it():
    result = run("score", "234567m2278p456s9p", "--dora", "1p, 2x")
    assert result.exit_code == 2
    # the caret sits under the x, the 6th character of "1p, 2x"
    assert result.stderr.splitlines()[-2:] == ["  1p, 2x", "       ^"]
