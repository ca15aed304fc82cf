"""The command line (README, docs/output.md): exit codes, stdout/stderr, flags, batch, rules, table.

Most runs go through click's CliRunner on ``riichi_cli.cli.main``; a few real subprocesses prove that
nothing prints a traceback and that stdout and stderr are kept apart by the real program. Every
number is worked out by hand in the comment beside it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import terminal
from click.testing import CliRunner

from riichi_cli.cli import main
from riichi_cli.core.rules import PRESETS, UNVERIFIED

# 234m 456p 22s 345s 678s won by ron on 8s (67s ryanmen): pinfu + tanyao, 2 han 30 fu.
# As the South seat (default) the discarder defaults to East, the seat before.
BASE = "234m456p22345678s"
SPEC_KEYS = {
    "id", "ok", "error", "hand", "win_tile", "win", "from", "seat_wind", "round_wind", "dealer",
    "han", "fu", "yakuman", "limit", "yaku", "fu_breakdown", "points", "payments", "warnings",
    "reading",
}  # fmt: skip
ROOT = Path(__file__).resolve().parents[1]


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # click < 8.2 mixes stderr in by default
    except TypeError:
        return CliRunner()


def run(*args: str, input: str | bytes | None = None):
    """Invoke ``riichi ARGS``; any exception other than a clean exit is a failure."""
    result = _runner().invoke(main, list(args), input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"riichi {' '.join(args)} raised") from result.exception
    assert "Traceback" not in result.stdout + result.stderr
    return result


def one_json(stdout: str, stderr: str = "") -> dict:
    """stdout holds exactly one JSON object and nothing else."""
    lines = stdout.splitlines()
    assert len(lines) == 1, f"stdout: {stdout[:2000]!r} stderr: {stderr[:2000]!r}"
    obj = json.loads(lines[0])
    assert isinstance(obj, dict)
    return obj


def jsonl(stdout: str) -> list[dict]:
    return [json.loads(line) for line in stdout.splitlines()]


def score_json(*args: str) -> dict:
    result = run("score", *args, "--json")
    obj = one_json(result.stdout)
    assert obj["ok"], obj["error"]
    assert result.exit_code == 0
    return obj


# -- score: exit codes, stdout and stderr ---------------------------------------------------------

EXIT_CASES = [
    # (arguments, exit code, error code or None)
    ([BASE], 0, None),
    (["123m456p789s11234z"], 1, "not_a_win"),  # 1z1z 2z 3z 4z: no winning shape
    (["123456m456p789s11z"], 1, "no_yaku"),  # closed ron, no yaku
    ([BASE, "--dora", "3p"], 0, None),
    (["123456m456p789s11z", "--dora", "1z"], 1, "no_yaku"),  # dora are not a yaku
    ([BASE, "--discards", "5s"], 1, "furiten"),  # 5s is the other side of the 67s wait
    ([BASE, "--passed", "8s5s"], 1, "furiten"),
    (["12x3m456p789s11z22z"], 2, "invalid_notation"),
    (["123m456p789s11z", "foo:222z"], 2, "invalid_notation"),
    (["11111m234p456s789s"], 2, "invalid_hand"),
    (["123m456p789s11z2z"], 2, "invalid_hand"),  # 13 tiles
    ([BASE, "--win", "9m"], 2, "invalid_hand"),
    ([BASE, "--tsumo", "--from", "W"], 2, "invalid_context"),
    ([BASE, "--ippatsu"], 2, "invalid_context"),
    ([BASE, "--seat", "X"], 2, "invalid_context"),
    ([BASE, "--honba", "-1"], 2, "invalid_context"),
    ([BASE, "--rules", "nosuch"], 2, "invalid_context"),
    ([BASE, "--rule", "nosuch=1"], 2, "invalid_context"),
    ([BASE, "--rule", "aka_dora=7"], 2, "invalid_context"),
    ([BASE, "--rule", "kuitan"], 2, "invalid_context"),
]


@pytest.mark.parametrize("args,exit_code,code", EXIT_CASES)
def test_score_json_prints_one_object_whatever_the_exit_code(args, exit_code, code):
    result = run("score", *args, "--json")
    assert result.exit_code == exit_code, (result.stdout, result.stderr)
    obj = one_json(result.stdout, result.stderr)
    assert set(obj) == SPEC_KEYS
    assert obj["ok"] is (code is None)
    if code is not None:
        assert obj["error"]["code"] == code
        assert obj["error"]["message"]
        assert obj["points"] is None and obj["payments"] is None


@pytest.mark.parametrize("args,exit_code,code", EXIT_CASES)
def test_score_without_json_refusals_go_to_stderr(args, exit_code, code):
    result = run("score", *args)
    assert result.exit_code == exit_code, (result.stdout, result.stderr)
    if code is None:
        assert "Payments" in result.stdout
        assert result.stderr == ""
    else:
        assert result.stdout == ""
        first = result.stderr.splitlines()[0]
        assert code in first
        assert len(result.stderr.splitlines()) in (1, 3)  # the message, then maybe input and caret


def test_score_usage_errors_also_print_json():
    # docs/output.md: `score --json` prints its object on stdout whatever the exit code; a value that is
    # not a number is a wrong value type (invalid_context), and an unreadable --context file is
    # `unreadable`. Both exit 2.
    result = run("score", BASE, "--honba", "x", "--json")
    assert result.exit_code == 2
    assert one_json(result.stdout, result.stderr)["error"]["code"] == "invalid_context"
    result = run("score", "--context", "/nonexistent/hand.yaml", "--json")
    assert result.exit_code == 2
    assert one_json(result.stdout, result.stderr)["error"]["code"] == "unreadable"


def test_refusal_shows_message_input_and_caret():
    text = "123m45x6p789s11z222z"
    result = run("score", text)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 3
    assert "invalid_notation" in lines[0] and "'x'" in lines[0]
    assert lines[1] == f"  {text}"
    assert lines[2].index("^") == 2 + text.index("x")
    # the hand split by the shell: the caret still lands under the bad character
    result = run("score", "123m456p789s11z", "pon:22x2z")
    lines = result.stderr.splitlines()
    assert lines[1] == "  123m456p789s11z pon:22x2z"
    assert lines[1][lines[2].index("^")] == "x"


def test_score_text_view():
    result = run("score", BASE, "--riichi", "--dora", "3p")
    assert result.exit_code == 0 and result.stderr == ""
    out = result.stdout
    # riichi 1 + pinfu 1 + tanyao 1 + dora 1 = 4 han 30 fu: 30 x 2^6 = 1920 x 4 = 7680 -> 7700
    for text in ("234m456p2234567s8s", "Riichi", "Pinfu", "Tanyao", "Dora", "30", "7700", "dealer"):
        assert text in out, text


def test_score_needs_a_hand():
    result = run("score")
    assert result.exit_code == 2
    assert result.stdout == ""


def test_shell_split_hand_is_the_same_hand():
    split = score_json("123456s234m55p", "chi:789s", "--dora", "1m")
    quoted = score_json("123456s234m55p chi:789s", "--dora", "1m")
    assert split == quoted
    # ittsu (open) 1 + dora 1 (1m -> 2m) = 2 han; 20 + 2 tanki = 22 -> 30 fu: 2000
    assert split["hand"] == "234m5p123456s5p chi:789s"
    assert split["points"]["total"] == 2000


# -- score: flags map to keys ---------------------------------------------------------------------

FLAG_CASES = [
    # (flags, expected payments, deposits) -- BASE is pinfu + tanyao
    ([], {"E": -2000, "S": 2000, "W": 0, "N": 0}, 0),  # 2 han 30 fu: 480 x 4 = 1920 -> 2000 from E
    # + menzen tsumo = 3 han 20 fu: base 640; dealer pays 1280 -> 1300, others 640 -> 700
    (["--tsumo"], {"E": -1300, "S": 2700, "W": -700, "N": -700}, 0),
    # dealer ron 2 han 30 fu: 480 x 6 = 2880 -> 2900, from North (the seat before East)
    (["--seat", "E"], {"E": 2900, "S": 0, "W": 0, "N": -2900}, 0),
    # 3p indicates 4p: one 4p: 3 han 30 fu: 960 x 4 = 3840 -> 3900
    (["--dora", "3p"], {"E": -3900, "S": 3900, "W": 0, "N": 0}, 0),
    (["--from", "W"], {"E": 0, "S": 2000, "W": -2000, "N": 0}, 0),
    (["--ron", "--from", "N"], {"E": 0, "S": 2000, "W": 0, "N": -2000}, 0),
    # 2000 + 2 honba x 300 from E; the 1000 deposit to S
    (["--honba", "2", "--sticks", "1"], {"E": -2600, "S": 3600, "W": 0, "N": 0}, 1),
    # dealer tsumo 3 han 20 fu: 640 x 2 = 1280 -> 1300 all, + 100 per honba each; + 1000 deposit
    (
        ["--tsumo", "--seat", "E", "--honba", "2", "--sticks", "1"],
        {"E": 5500, "S": -1500, "W": -1500, "N": -1500},
        1,
    ),
    # riichi + pinfu + tanyao = 3 han 30 fu = 3900
    (["--riichi"], {"E": -3900, "S": 3900, "W": 0, "N": 0}, 0),
    # riichi, pinfu, tanyao, dora 1, ura 1 = 5 han: mangan 8000
    (["--riichi", "--dora", "3p", "--ura", "3p"], {"E": -8000, "S": 8000, "W": 0, "N": 0}, 0),
    # double riichi 2 + ippatsu 1 + pinfu + tanyao = 5 han: mangan
    (["--double-riichi", "--ippatsu"], {"E": -8000, "S": 8000, "W": 0, "N": 0}, 0),
    # tsumo + pinfu + tanyao + haitei = 4 han 20 fu: base 1280: 2560 -> 2600 and 1280 -> 1300
    (["--tsumo", "--haitei"], {"E": -2600, "S": 5200, "W": -1300, "N": -1300}, 0),
    (["--houtei"], {"E": -3900, "S": 3900, "W": 0, "N": 0}, 0),  # 3 han 30 fu
    (["--chankan"], {"E": -3900, "S": 3900, "W": 0, "N": 0}, 0),
    # the round wind does not matter to this hand; the seat does (West: discarder is South)
    (["--round", "S", "--seat", "W"], {"E": 0, "S": -2000, "W": 2000, "N": 0}, 0),
    # mleague: riichi + dora 3p = 4 han 30 fu is kiriage mangan
    (["--riichi", "--dora", "3p", "--rules", "mleague"], {"E": -8000, "S": 8000, "W": 0, "N": 0}, 0),
    (
        ["--riichi", "--dora", "3p", "--rule", "kiriage_mangan=true"],
        {"E": -8000, "S": 8000, "W": 0, "N": 0},
        0,
    ),
    # honba_points 100: 2000 + 5 x 100
    (["--honba", "5", "--rule", "honba_points=100"], {"E": -2500, "S": 2500, "W": 0, "N": 0}, 0),
]


@pytest.mark.parametrize("flags,payments,sticks", FLAG_CASES)
def test_flags_change_payments(flags, payments, sticks):
    obj = score_json(BASE, *flags)
    assert obj["payments"] == payments
    assert sum(obj["payments"].values()) == 1000 * sticks


def test_flags_are_echoed():
    obj = score_json(BASE, "--tsumo", "--seat", "w", "--round", "south")
    assert (obj["win"], obj["from"], obj["seat_wind"], obj["round_wind"], obj["dealer"]) == (
        "tsumo", None, "W", "S", False,
    )  # fmt: skip
    # tsumo as a non-dealer: 700 from each non-dealer, 1300 from the dealer
    # (no honba, no sticks: the winner collects 0 for each)
    assert obj["points"] == {
        "total": 2700, "ron": None, "tsumo": {"dealer": 1300, "non_dealer": 700}, "honba": 0, "deposits": 0,
    }  # fmt: skip
    obj = score_json(BASE, "--tsumo", "--seat", "E")
    assert obj["points"]["tsumo"] == {"dealer": None, "non_dealer": 1300}
    assert obj["dealer"] is True


def test_win_flag_names_the_winning_tile():
    # won on 2s the 22s pair is a tanki wait: tanyao only, 20 + 10 + 2 = 32 -> 40 fu:
    # 40 x 2^3 = 320 x 4 = 1280 -> 1300
    obj = score_json(BASE, "--win", "2s")
    assert obj["win_tile"] == "2s" and obj["hand"] == "234m456p2345678s2s"
    assert (obj["han"], obj["fu"], obj["points"]["total"]) == (1, 40, 1300)
    # 340m + 456m: --win 5m is the plain five, --win 0m the red one
    assert score_json("340456m22345678s", "--win", "5m")["win_tile"] == "5m"
    assert score_json("340456m22345678s", "--win", "0m")["win_tile"] == "0m"
    assert score_json("340m456p22345678s", "--win", "5m")["win_tile"] == "0m"


def test_context_file_with_flags_over_it(tmp_path):
    ctx = tmp_path / "hand.yaml"
    ctx.write_text("hand: 123456m456p789s11z\nwin: tsumo\nseat_wind: E\ndora: [3p]\nhonba: 1\nid: ctx\n")
    # The file alone: menzen tsumo 1 + dora 1 (3p indicates 4p: one 4p) = 2 han;
    # fu 20 + 2 tsumo + 4 double-East pair + 2 tanki = 28 -> 30: base 30 x 2^4 = 480;
    # dealer tsumo 960 -> 1000 all, + 100 honba each
    obj = score_json("--context", str(ctx))
    assert obj["id"] == "ctx"
    assert obj["payments"] == {"E": 3300, "S": -1100, "W": -1100, "N": -1100}
    # a HAND argument wins over the file's hand: BASE dealer tsumo + dora 3p (one 4p):
    # tsumo + pinfu + tanyao + dora = 4 han 20 fu: 1280 x 2 = 2560 -> 2600 all + 100 honba
    obj = score_json(BASE, "--context", str(ctx))
    assert obj["payments"] == {"E": 8100, "S": -2700, "W": -2700, "N": -2700}
    # flags win over the file: a ron as West, the discarder the seat before (South):
    # pinfu + tanyao + dora = 3 han 30 fu = 3900 + 300 honba; the file's dora and honba stay
    obj = score_json(BASE, "--context", str(ctx), "--ron", "--seat", "W")
    assert obj["payments"] == {"E": 0, "S": -4200, "W": 4200, "N": 0}
    obj = score_json(BASE, "--context", str(ctx), "--ron", "--seat", "W", "--dora", "1m", "--honba", "0")
    assert obj["payments"] == {"E": 0, "S": -3900, "W": 3900, "N": 0}  # 1m indicates 2m: one 2m


def test_context_file_errors(tmp_path):
    two = tmp_path / "two.yaml"
    two.write_text("- hand: 234m456p22345678s\n- hand: 234m456p22345678s\n")
    result = run("score", "--context", str(two))
    assert result.exit_code == 2 and result.stdout == ""
    assert "one mapping" in result.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text("hand: [1\n")
    result = run("score", "--context", str(bad))
    assert result.exit_code == 2 and result.stdout == ""
    assert "unreadable" in result.stderr
    typo = tmp_path / "typo.yaml"
    typo.write_text("hand: 234m456p22345678s\nriichi_stick: 1\n")
    result = run("score", "--context", str(typo), "--json")
    assert result.exit_code == 2
    assert "did you mean 'riichi_sticks'" in one_json(result.stdout)["error"]["message"]


def test_context_from_stdin():
    result = run("score", "--context", "-", "--json", input="hand: 234m456p22345678s\nseat_wind: E\n")
    assert result.exit_code == 0
    assert one_json(result.stdout)["payments"]["E"] == 2900


# -- batch ----------------------------------------------------------------------------------------

BILLION_LAUGHS = """\
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
"""


def make_folder(root: Path) -> list[tuple[str, str | None]]:
    """A folder of good and bad inputs; returns the expected (source, error code) in order."""
    files = {
        # written in reverse order so the output order cannot come from creation order
        "z_last.yml": "hand: 234m456p22345678s\nid: last\n",
        "nested/deeper/i.yml": "hand: 234m456p22345678s\nwin: tsumo\n",
        "nested/a_hands.yaml": (
            "defaults:\n  win: tsumo\n  riichi: true\n"
            "hands:\n  - hand: 234m456p22345678s\n  - hand: 234m456p22345678s\n    win: ron\n"
            "  - hand: 12x\n"
        ),
        "nested/notes.txt": "hand: 234m456p22345678s\n",  # not YAML by its name: skipped
        "g_multi.yaml": "hand: 234m456p22345678s\n---\nhand: 12x\n---\n- hand: 234m456p22345678s\n  id: 3\n",
        "f_deep.yaml": "[" * 100000 + "\n",
        "e_bomb.yaml": BILLION_LAUGHS,
        "d_empty.yaml": "",
        "c_binary.yaml": b"\x00\x01\x02\xff\xfebinary",
        "b_syntax.yaml": "hand: [234m\nriichi: true\n",
        "a_good.yaml": "hand: 234m456p22345678s\nid: good\n",
    }
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
    r = str(root)
    return [
        (f"{r}/a_good.yaml#0", None),
        (f"{r}/b_syntax.yaml#0", "unreadable"),
        (f"{r}/c_binary.yaml#0", "unreadable"),
        (f"{r}/d_empty.yaml#0", "unreadable"),
        (f"{r}/e_bomb.yaml#0", "bomb"),
        (f"{r}/f_deep.yaml#0", "unreadable"),
        (f"{r}/g_multi.yaml#0", None),
        (f"{r}/g_multi.yaml#1", "invalid_notation"),
        (f"{r}/g_multi.yaml#2", None),
        (f"{r}/nested/a_hands.yaml#0", None),
        (f"{r}/nested/a_hands.yaml#1", None),
        (f"{r}/nested/a_hands.yaml#2", "invalid_notation"),
        (f"{r}/nested/deeper/i.yml#0", None),
        (f"{r}/z_last.yml#0", None),
    ]


def check_objects(objs: list[dict], expected: list[tuple[str, str | None]]) -> None:
    assert [o["source"] for o in objs] == [src for src, _ in expected]
    for obj, (src, code) in zip(objs, expected):
        assert set(obj) == SPEC_KEYS | {"source"}, src
        if code is None:
            assert obj["ok"] is True, (src, obj["error"])
        else:
            assert obj["ok"] is False, src
            if code == "bomb":  # refused quickly either as unreadable or by its unknown keys
                assert obj["error"]["code"] in ("unreadable", "invalid_context")
            else:
                assert obj["error"]["code"] == code, (src, obj["error"])
            assert len(obj["error"]["message"]) < 5000


def test_batch_folder_jsonl(tmp_path):
    expected = make_folder(tmp_path)
    result = run("batch", str(tmp_path), "--format", "jsonl")
    assert result.exit_code == 2  # an unreadable object: exit 2 (issue 20)
    objs = jsonl(result.stdout)
    check_objects(objs, expected)
    by_source = {o["source"].rsplit("/", 1)[-1]: o for o in objs}
    assert by_source["a_good.yaml#0"]["id"] == "good"
    assert by_source["z_last.yml#0"]["id"] == "last"
    assert by_source["g_multi.yaml#2"]["id"] == 3
    # defaults apply where the hand does not set the key: riichi tsumo pinfu tanyao = 4 han 20 fu
    # (1280 base: 2600/1300 = 5200); the second hand overrides win: riichi pinfu tanyao ron 3900
    assert by_source["a_hands.yaml#0"]["points"]["total"] == 5200
    assert by_source["a_hands.yaml#1"]["win"] == "ron"
    assert by_source["a_hands.yaml#1"]["points"]["total"] == 3900
    assert by_source["i.yml#0"]["win"] == "tsumo"
    assert "line" in by_source["b_syntax.yaml#0"]["error"]["message"]


def test_batch_format_json_has_results_and_summary(tmp_path):
    expected = make_folder(tmp_path)
    result = run("batch", str(tmp_path), "--format", "json")
    assert result.exit_code == 2  # an unreadable object: exit 2 (issue 20)
    doc = one_json(result.stdout)
    assert set(doc) == {"results", "summary"}
    check_objects(doc["results"], expected)
    summary = doc["summary"]
    failed = [code for _, code in expected if code is not None]
    assert summary["hands"] == len(expected)
    assert summary["ok"] == len(expected) - len(failed)
    assert summary["failed"] == len(failed)
    assert sum(summary["errors"].values()) == len(failed)
    assert summary["errors"]["invalid_notation"] == 2
    # --json is the same as --format json
    assert run("batch", str(tmp_path), "--json").stdout == result.stdout


def test_batch_table_format(tmp_path):
    make_folder(tmp_path)
    result = run("batch", str(tmp_path))
    assert result.exit_code == 2  # an unreadable object: exit 2 (issue 20)
    assert "14 hands" in result.stdout
    assert "unreadable" in result.stdout


def test_batch_jobs_give_identical_output(tmp_path):
    make_folder(tmp_path)
    for i in range(8):
        seat, win = "ESWN"[i % 4], ("ron", "tsumo")[i % 2]
        (tmp_path / f"m{i}.yaml").write_text(f"hand: {BASE}\nhonba: {i}\nseat_wind: {seat}\nwin: {win}\n")
    one = run("batch", str(tmp_path), "--format", "jsonl", "--jobs", "1")
    two = run("batch", str(tmp_path), "--format", "jsonl", "--jobs", "2")
    assert one.exit_code == two.exit_code == 2
    assert one.stdout == two.stdout
    assert len(one.stdout.splitlines()) == 14 + 8


def test_batch_exit_0_when_all_succeed(tmp_path):
    (tmp_path / "a.yaml").write_text("hand: 234m456p22345678s\n")
    (tmp_path / "b.yml").write_text(
        "- hand: 234m456p22345678s\n- hand: 406m1p1p kan:0555p pon:777z chi:789s\n"
    )
    result = run("batch", str(tmp_path / "a.yaml"), str(tmp_path / "b.yml"), "--format", "jsonl")
    assert result.exit_code == 0
    objs = jsonl(result.stdout)
    assert [o["source"] for o in objs] == [
        f"{tmp_path}/a.yaml#0",
        f"{tmp_path}/b.yml#0",
        f"{tmp_path}/b.yml#1",
    ]
    assert all(o["ok"] for o in objs)


def test_batch_missing_file_is_an_error_object(tmp_path):
    result = run("batch", str(tmp_path / "nope.yaml"), "--format", "jsonl")
    assert result.exit_code == 2  # an unreadable object: exit 2 (issue 20)
    (obj,) = jsonl(result.stdout)
    assert obj["source"] == f"{tmp_path}/nope.yaml#0"
    assert obj["error"]["code"] == "unreadable"


def test_batch_rules_are_defaults_a_hand_can_override(tmp_path):
    # riichi + pinfu + tanyao + dora (3p -> 4p) = 4 han 30 fu: 7700, or 8000 with kiriage mangan
    (tmp_path / "h.yaml").write_text(
        "defaults: {riichi: true, dora: [3p]}\n"
        "hands:\n"
        "  - hand: 234m456p22345678s\n"
        "  - {hand: 234m456p22345678s, rules: tenhou}\n"
        "  - {hand: 234m456p22345678s, rule_options: {kiriage_mangan: false}}\n"
    )
    objs = jsonl(run("batch", str(tmp_path), "--format", "jsonl", "--rules", "mleague").stdout)
    assert [o["points"]["total"] for o in objs] == [8000, 7700, 7700]
    objs = jsonl(run("batch", str(tmp_path), "--format", "jsonl").stdout)
    assert [o["points"]["total"] for o in objs] == [7700, 7700, 7700]
    objs = jsonl(run("batch", str(tmp_path), "--format", "jsonl", "--rule", "kiriage_mangan=true").stdout)
    assert [o["points"]["total"] for o in objs] == [8000, 7700, 7700]
    result = run("batch", str(tmp_path), "--rules", "nosuch")
    assert result.exit_code == 2 and "nosuch" in result.stderr


def test_batch_stdin_json_lines_with_a_bad_line():
    lines = [
        '{"hand": "234m456p22345678s", "id": "a"}',
        '{"hand": ',  # not JSON
        "[1, 2]",  # JSON, not a mapping
        '{"hand": "12x"}',
        '{"hand": "234m456p22345678s", "win": "tsumo", "id": "e"}',
    ]
    result = run("batch", "-", "--format", "jsonl", input="\n".join(lines) + "\n")
    assert result.exit_code == 2  # an unreadable object: exit 2 (issue 20)
    objs = jsonl(result.stdout)
    assert [o["source"] for o in objs] == ["-#0", "-#1", "-#2", "-#3", "-#4"]
    assert [o["ok"] for o in objs] == [True, False, False, False, True]
    assert objs[1]["error"]["code"] == "unreadable"
    assert objs[2]["error"]["code"] == "invalid_context"
    assert objs[3]["error"]["code"] == "invalid_notation"
    assert (objs[0]["id"], objs[4]["id"]) == ("a", "e")
    assert objs[4]["points"]["total"] == 2700


def test_batch_stdin_json_line_numbers_count_blank_lines():
    # the message names the line of the input; a blank line before it is still a line
    result = run("batch", "-", "--format", "jsonl", input='{"hand": "234m456p22345678s"}\n\n{"hand": \n')
    objs = jsonl(result.stdout)
    assert len(objs) == 2
    assert "line 3" in objs[1]["error"]["message"], objs[1]["error"]["message"]


def test_batch_stdin_yaml():
    text = "hand: 234m456p22345678s\n---\n- hand: 234m456p22345678s\n  win: tsumo\n- hand: 1m\n"
    result = run("batch", "-", "--format", "jsonl", input=text)
    assert result.exit_code == 1
    objs = jsonl(result.stdout)
    assert [o["source"] for o in objs] == ["-#0", "-#1", "-#2"]
    assert [o["ok"] for o in objs] == [True, True, False]
    assert objs[2]["error"]["code"] == "invalid_hand"


@pytest.mark.parametrize(
    "text",
    [
        "{hand: 234m456p22345678s}\n",  # a YAML flow mapping is YAML
        '{\n  "hand": "234m456p22345678s",\n  "riichi": true\n}\n',  # pretty-printed JSON is YAML too
    ],
)
def test_batch_stdin_yaml_that_starts_with_a_brace(text):
    # README.md: '-' reads YAML or JSON lines. These are one valid YAML document each (one hand),
    # not JSON lines: each must give one scored object, not unreadable lines.
    result = run("batch", "-", "--format", "jsonl", input=text)
    objs = jsonl(result.stdout)
    assert len(objs) == 1, [o["error"] for o in objs]
    assert objs[0]["ok"], objs[0]["error"]


def test_batch_stdin_unreadable():
    for data in (b"", b"  \n", b"\x00\x01", b"\xff\xfe\xfa"):
        result = run("batch", "-", "--format", "jsonl", input=data)
        assert result.exit_code == 2  # an unreadable object: exit 2 (issue 20)
        (obj,) = jsonl(result.stdout)
        assert obj["source"] == "-#0" and obj["error"]["code"] == "unreadable"


def test_batch_needs_a_path():
    result = run("batch")
    assert result.exit_code == 2


# -- rules and table ------------------------------------------------------------------------------


def test_rules_lists_presets():
    result = run("rules")
    assert result.exit_code == 0
    for name in ("tenhou", "mahjongsoul", "mleague", "wrc2022", "ema2025", "jpml2023"):
        assert name in result.stdout or name[:8] in result.stdout
    data = json.loads(run("rules", "--json").stdout)["presets"]  # the envelope (issue 20)
    assert set(data) == set(PRESETS)
    assert data["mleague"]["kiriage_mangan"] is True
    assert data["tenhou"]["aka_dora"] == 3


def test_rules_preset_marks_unverified_values():
    result = run("rules", "mleague")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert UNVERIFIED["mleague"]  # the table below is only meaningful if some are unverified
    for key in PRESETS["mleague"].FIELDS:
        if key == "name":
            continue
        (line,) = [ln for ln in lines if ln.split() and ln.split()[0] == key]
        # the value is followed by " *" when unverified (issue 8: one option per row at 80 columns)
        assert (line.split()[2] == "*") == (key in UNVERIFIED["mleague"]), line
    data = one_json(run("rules", "mleague", "--json").stdout)
    assert data["preset"] == "mleague"
    assert sorted(data["unverified"]) == sorted(UNVERIFIED["mleague"])
    assert data["options"]["kazoe_yakuman"] is False


def test_rules_unknown_preset():
    result = run("rules", "nosuch")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "nosuch" in result.stderr and "tenhou" in result.stderr


def _cell(table: dict, han: int, fu: int, dealer: bool) -> dict:
    (cell,) = [c for c in table["cells"] if (c["han"], c["fu"], c["dealer"]) == (han, fu, dealer)]
    return cell


def test_table_json_known_cells():
    table = one_json(run("table", "--json").stdout)
    assert table["rules"] == "tenhou"
    # non-dealer 3 han 30 fu ron: 30 x 2^5 = 960 x 4 = 3840 -> 3900
    assert _cell(table, 3, 30, False)["ron"] == 3900
    # non-dealer 3 han 30 fu tsumo: 960 -> 1000 from each, 1920 -> 2000 from the dealer
    assert (_cell(table, 3, 30, False)["tsumo_other"], _cell(table, 3, 30, False)["tsumo_dealer"]) == (
        1000,
        2000,
    )
    # dealer 4 han 30 fu tsumo: 1920 x 2 = 3840 -> 3900 all
    dealer = _cell(table, 4, 30, True)
    assert dealer["tsumo_other"] == 3900 and dealer["tsumo_dealer"] is None
    # dealer 4 han 30 fu ron: 1920 x 6 = 11520 -> 11600; non-dealer 7680 -> 7700, no limit
    assert dealer["ron"] == 11600
    assert _cell(table, 4, 30, False)["ron"] == 7700 and _cell(table, 4, 30, False)["limit"] is None
    # 1 han 30 fu tsumo: 240 -> 300 / 500
    assert (_cell(table, 1, 30, False)["tsumo_other"], _cell(table, 1, 30, False)["tsumo_dealer"]) == (
        300,
        500,
    )
    # 2 han 25 fu ron (seven pairs): 25 x 16 = 400 x 4 = 1600; 20 fu never wins by ron
    assert _cell(table, 2, 25, False)["ron"] == 1600
    assert _cell(table, 2, 20, False)["ron"] is None
    # 4 han 40 fu: 40 x 64 = 2560 > 2000: mangan 8000
    assert _cell(table, 4, 40, False)["ron"] == 8000 and _cell(table, 4, 40, False)["limit"] == "mangan"
    limits = {(c["limit"], c["dealer"]): c for c in table["limits"]}
    assert limits[("mangan", False)]["ron"] == 8000
    assert limits[("haneman", False)]["ron"] == 12000
    assert limits[("haneman", True)]["tsumo_other"] == 6000
    assert limits[("yakuman", True)]["ron"] == 48000
    assert limits[("yakuman", False)]["tsumo_dealer"] == 16000


def test_table_json_mleague_kiriage():
    table = one_json(run("table", "--rules", "mleague", "--json").stdout)
    assert table["rules"] == "mleague"
    # 4 han 30 fu (1920 base) is rounded up to mangan: 8000 / dealer 12000
    assert _cell(table, 4, 30, False)["ron"] == 8000 and _cell(table, 4, 30, False)["limit"] == "mangan"
    assert _cell(table, 4, 30, True)["ron"] == 12000
    assert _cell(table, 3, 60, False)["ron"] == 8000  # 60 x 32 = 1920 too
    assert _cell(table, 3, 30, False)["ron"] == 3900
    same = one_json(run("table", "--rule", "kiriage_mangan=true", "--json").stdout)
    assert _cell(same, 4, 30, False)["ron"] == 8000


def test_table_text_and_errors():
    result = run("table")
    assert result.exit_code == 0 and "3900" in result.stdout and "7700" in result.stdout
    result = run("table", "--rules", "nosuch")
    assert result.exit_code == 2 and result.stdout == ""


@pytest.mark.parametrize("command", [[], ["score"], ["batch"], ["rules"], ["table"]])
def test_help_shows_examples(command):
    result = run(*command, "--help")
    assert result.exit_code == 0
    assert "Examples:" in result.stdout
    assert "riichi " + (command[0] if command else "score") in result.stdout.split("Examples:")[1]


# -- real processes ------------------------------------------------------------------------------


def riichi(*args: str, input: bytes | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    proc = subprocess.run(
        [sys.executable, "-m", "riichi_cli", *args],
        input=input,
        capture_output=True,
        timeout=60,
        env={**os.environ, **(env or {})},
        cwd=ROOT,
    )
    assert b"Traceback" not in proc.stderr + proc.stdout
    return proc


def test_process_help():
    proc = riichi("--help")
    assert proc.returncode == 0
    assert b"score" in proc.stdout and b"batch" in proc.stdout
    assert proc.stderr == b""


def test_process_streams_are_separate():
    ok = riichi("score", BASE, "--json")
    assert ok.returncode == 0 and ok.stderr == b""
    assert one_json(ok.stdout.decode())["points"]["total"] == 2000
    bad = riichi("score", "12x3m", "--json")
    assert bad.returncode == 2
    assert one_json(bad.stdout.decode())["error"]["code"] == "invalid_notation"
    text = riichi("score", "12x3m")
    assert text.returncode == 2 and text.stdout == b""
    lines = text.stderr.decode().splitlines()
    assert lines[0].startswith("riichi: invalid_notation")
    assert lines[1:] == ["  12x3m", "    ^"]
    furiten = riichi("score", BASE, "--discards", "5s")
    assert furiten.returncode == 1 and furiten.stdout == b"" and b"furiten" in furiten.stderr


def test_process_batch_bad_files(tmp_path):
    expected = make_folder(tmp_path)
    proc = riichi("batch", str(tmp_path), "--format", "jsonl")
    assert proc.returncode == 2  # unreadable files among them (issue 20)
    check_objects(jsonl(proc.stdout.decode()), expected)
    assert proc.stderr == b""  # no progress bar when stderr is not a terminal


def _clean_env() -> dict:
    drop = ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLUMNS", "LINES")
    return {k: v for k, v in os.environ.items() if k not in drop}


def _pty_output(args: list[str], env: dict) -> bytes:
    """Run riichi with stdout and stderr on a pseudo-terminal; return what it wrote."""
    return terminal.on_terminal(args, {"COLUMNS": "120", **env}, stderr=True)


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_no_color_means_no_escapes_on_a_terminal():
    # on a terminal without NO_COLOR the view is styled (the check below is not vacuous)
    styled = _pty_output(["score", BASE], {})
    assert b"Payments" in styled
    assert b"\x1b[" in styled
    plain = _pty_output(["score", BASE, "--riichi"], {"NO_COLOR": "1"})
    assert b"Payments" in plain
    assert b"\x1b[" not in plain, plain[:300]


def test_no_color_off_a_terminal():
    for args in (["score", BASE], ["rules", "mleague"], ["table"]):
        proc = riichi(*args, env={"NO_COLOR": "1"})
        assert proc.returncode == 0
        assert b"\x1b" not in proc.stdout + proc.stderr
