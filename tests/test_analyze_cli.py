"""`riichi analyze`: reading a problem, refusals, the JSON object and its schema, the stream, the views.

The values themselves (exact against the reference) are tested with the engine; this file checks the
command around them: what it reads, what it refuses and how, what it prints, in what order.
"""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator
from rich.console import Console

from riichi_cli.cli import main
from riichi_cli.cli.render.analyze import print_analysis
from riichi_cli.cli.render.chart import analysis_svg, nice_top
from riichi_cli.cli.schema import bundled

#: 13 tiles: 3336m234p1344s11z; with 1z drawn, 14 (the SPEC 13 example, tenpai after 6m).
HAND = "3336m234p1344s111z"


def run(*args: str, input: str | None = None):
    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2 mixes stderr in by default
    except TypeError:
        runner = CliRunner()
    return runner.invoke(main, ["analyze", *args], input=input, catch_exceptions=False)


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    return Draft202012Validator(bundled("analyze"))


def assert_valid(validator, obj: object) -> None:
    errors = list(validator.iter_errors(obj))
    assert not errors, "; ".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:3])


# -- refusals: one line naming the problem and where, exit 2, never a traceback -------------------

REFUSALS = [
    # (arguments, code, detail, words of the message, the caret's column or None)
    (["3336m234p1344s11z"], "invalid_hand", "wrong_tile_count", "the hand has 13", 16),
    (["3336m234p1344s111z5z"], "invalid_hand", "wrong_tile_count", "the hand has 15", 19),
    (["123m456p789s11122z"], "invalid_hand", "not_a_discard_problem", "riichi score", None),
    (["11111m456p789s112z"], "invalid_hand", "fifth_copy", "more than four 1m", None),
    ([HAND, "--turn", "19"], "invalid_context", "turn_out_of_range", "from 1 to 18", None),
    ([HAND, "--turn", "0"], "invalid_context", "turn_out_of_range", "got 0", None),
    ([HAND, "--turn", "x"], "invalid_context", "bad_count", "--turn must be a whole number", None),
    # three 1z in the hand: the second 1z seen is a fifth; the caret is under its digit
    ([HAND, "--seen", "2p 1z1z"], "invalid_hand", "fifth_copy", "a fifth 1z", 5),
    ([HAND, "--dora", "1z", "--seen", "1z"], "invalid_hand", "fifth_copy", "a fifth 1z", 0),
    ([HAND, "--target", "speed"], "invalid_context", "bad_target", "ev, win or tenpai", None),
    ([HAND, "--extra", "9"], "invalid_context", "bad_extra", "from 0 to 4", None),
    ([HAND, "--seat", "X"], "invalid_context", "bad_seat", "seat_wind", None),
    # four plain 5m: with a red 5m in the set (aka_dora 3) only three are plain
    (["5555m234p1344s111z"], "invalid_hand", "plain_five_for_red", "write the red five as 0m", None),
    (["3336m234p1344s11x"], "invalid_notation", "unexpected_character", "unexpected character 'x'", 16),
    ([HAND, "--rules", "tenhou3"], "invalid_hand", "not_in_three_player_set", "3m", None),
    ([], "invalid_context", "missing_hand", "14 tiles", None),
]


@pytest.mark.parametrize("args, code, detail, words, caret", REFUSALS, ids=lambda a: str(a)[:40])
def test_bad_input_is_one_line_and_exit_2(args, code, detail, words, caret):
    res = run(*args)
    assert res.exit_code == 2, res.stderr
    assert "Traceback" not in res.stderr and res.stdout == ""
    lines = res.stderr.splitlines()
    assert lines[0].startswith(f"riichi: {code}: ") and words in lines[0], lines[0]
    if caret is None:
        assert len(lines) == 1, res.stderr
    else:  # the input, then a caret under the bad character
        assert len(lines) == 3 and lines[2] == "  " + " " * caret + "^", res.stderr


@pytest.mark.parametrize("args, code, detail, words, caret", REFUSALS, ids=lambda a: str(a)[:40])
def test_bad_input_with_json_is_a_refusal_object(validator, args, code, detail, words, caret):
    res = run(*args, "--json")
    assert res.exit_code == 2
    obj = json.loads(res.stdout)
    assert_valid(validator, obj)
    assert obj["ok"] is False and obj["error"]["code"] == code and obj["error"]["detail"] == detail
    assert obj["discards"] is None and obj["best"] is None
    assert len(res.stderr.splitlines()) == 1  # with --json the place is in the line itself


def test_api_never_raises_for_bad_input():
    from riichi_cli import analyze

    assert analyze({"hand": HAND, "turn": 19})["error"]["detail"] == "turn_out_of_range"
    assert analyze({"hand": HAND, "hnd": 1})["error"]["message"].startswith("unknown key 'hnd'")
    assert analyze(["not", "a", "mapping"])["error"]["detail"] == "not_a_mapping"
    assert analyze({"hand": HAND, "turn": True})["error"]["detail"] == "turn_out_of_range"
    refused = analyze({"hand": "123m456p789s11122z", "id": "q7"})
    assert refused["id"] == "q7" and refused["error"]["detail"] == "not_a_discard_problem"


def test_stream_answers_every_line_in_order_even_bad_ones(validator):
    lines = ['{"hand": "123m456p789s11122z", "id": 1}', "xx", "", '{"hand": 5}', "[1]", "3336m234p1344s11z"]
    for jobs in ("1", "2"):
        res = run("-", "--jobs", jobs, input="\n".join(lines) + "\n")
        assert res.exit_code == 1
        out = [json.loads(line) for line in res.stdout.splitlines()]
        assert [o["line"] for o in out] == [1, 2, 3, 4, 5, 6]
        assert out[0]["id"] == 1 and out[0]["error"]["detail"] == "not_a_discard_problem"
        assert [o["error"]["code"] for o in out[1:]] == [
            "invalid_notation", "unreadable", "invalid_context", "invalid_notation", "invalid_hand",
        ]  # fmt: skip
        for o in out:
            assert_valid(validator, o)


# -- the views, on a hand-made answer (two discards, from turn 16: three values each) -----------

MADE = {
    "id": None, "ok": True, "error": None, "hand": "3336m234p1344s111z", "turn": 16, "draws": 2,
    "unseen": 121, "shanten": 0, "target": "ev",
    "model": {"hand_changes": True, "shanten_back": True, "extra": 1, "riichi": True, "ura": True,
              "ippatsu": False, "haitei": False},
    "discards": [
        {"tile": "6m", "shanten": 0, "acceptance": [{"tile": "2s", "unseen": 4}], "acceptance_count": 4,
         "tenpai": 1.0, "win": 0.0654, "ev": 412.5,
         "per_turn": {"tenpai": [1.0, 1.0, 1.0], "win": [0.0654, 0.0333, 0.0], "ev": [412.5, 210.0, 0.0]}},
        {"tile": "1s", "shanten": 1,
         "acceptance": [{"tile": t, "unseen": 4} for t in ("4m", "5m", "7m", "8m", "2s", "5s")]
         + [{"tile": t, "unseen": 3} for t in ("6m", "1s", "3s")],
         "acceptance_count": 33, "tenpai": 0.4871, "win": 0.0127, "ev": 98.25,
         "per_turn": {"tenpai": [0.4871, 0.2667, 0.0], "win": [0.0127, 0.0, 0.0], "ev": [98.25, 0.0, 0.0]}},
    ],
    "best": {"ev": "6m", "win": "6m", "tenpai": "6m"},
}  # fmt: skip


def test_the_made_answer_fits_the_schema(validator):
    assert_valid(validator, MADE)
    spoilt = json.loads(json.dumps(MADE))
    spoilt["discards"][0]["win"] = 1.5
    assert list(validator.iter_errors(spoilt)), "a probability over 1 passed"
    spoilt = json.loads(json.dumps(MADE))
    del spoilt["discards"][0]["per_turn"]
    assert list(validator.iter_errors(spoilt)), "a discard without per_turn passed"


def view(report: dict, width: int, players: int = 4) -> str:
    buf = io.StringIO()
    print_analysis(report, "tenhou3" if players == 3 else "tenhou", players, Console(file=buf, width=width))
    return buf.getvalue()


def test_table_has_a_row_per_discard_with_the_best_marked():
    text = view(MADE, 200)
    rows = [line.split() for line in text.splitlines() if line.startswith(("6m", "1s"))]
    assert rows[0] == ["6m", "*", "tenpai", "2s(4)", "4", "100.0%", "6.5%", "412"]
    assert rows[1][:2] == ["1s", "1-shanten"] and rows[1][-4:] == ["33", "48.7%", "1.3%", "98"]
    assert "Best for expected score: 6m" in text
    assert "Turn 16, 2 draws left, 121 tiles unseen" in text and "riichi at once" in text
    assert "kita" not in text


def test_at_80_columns_acceptance_wraps_and_numbers_stay_whole():
    text = view(MADE, 80)
    assert max(map(len, text.splitlines())) <= 80
    assert "…" not in text  # nothing cut
    for number in ("48.7%", "1.3%", "98", "33", "100.0%", "412"):
        assert number in text
    tiles = " ".join(text.split())
    for tile in ("4m(4)", "5s(4)", "3s(3)"):  # every accepted tile is there, on some line
        assert tile in tiles


def test_three_players_say_kita_is_out_of_scope():
    assert "kita" in view(MADE, 100, players=3) and "out of scope" in view(MADE, 100, players=3)


def test_chart_is_an_svg_that_renders(tmp_path):
    cairosvg = pytest.importorskip("cairosvg")
    evil = {**MADE, "hand": "<script>&"}
    svg = analysis_svg(evil)
    assert svg.startswith("<svg") and "<script>" not in svg and "&lt;script&gt;&amp;" in svg
    assert svg.count("<polyline") == 4  # two discards, two panels
    png = cairosvg.svg2png(bytestring=svg.encode())
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 5000
    one_turn = {**MADE, "turn": 18, "draws": 0}
    one_turn["discards"] = [
        {**d, "per_turn": {k: v[-1:] for k, v in d["per_turn"].items()}} for d in MADE["discards"]
    ]
    assert len(cairosvg.svg2png(bytestring=analysis_svg(one_turn).encode())) > 5000


@pytest.mark.parametrize(
    "value, top", [(0, 1), (0.7, 1), (3, 5), (12, 20), (46.2, 50), (2854.6, 5000), (100, 100)]
)
def test_axis_tops_are_round(value, top):
    assert nice_top(value) == top


def test_svg_is_for_one_problem_not_a_stream():
    res = run("-", "--svg", "x.svg", input=HAND + "\n")
    assert res.exit_code == 2 and res.stdout == ""
    assert res.stderr.startswith("riichi: invalid_context: --svg draws one problem")


def test_when_no_discard_wins_the_view_says_why():
    zero = json.loads(json.dumps(MADE))
    for d in zero["discards"]:
        d["win"], d["ev"] = 0.0, 0.0
    zero["hand"] = "123m456p1s3z chi:789p chi:234s"
    zero["model"].update(riichi=False, ura=False)
    text = view(zero, 120)
    assert "No discard can win (an open hand needs a yaku); best for tenpai: 6m" in text
    assert "no riichi (open hand)" in text
    zero.update(hand=MADE["hand"], turn=18, draws=0)
    zero["model"].update(riichi=True, ura=True)
    assert "No discard can win (no draw is left)" in view(zero, 120)


# -- real answers (these run the engine) ---------------------------------------------------------


def analyzed(*args: str) -> dict:
    res = run(*args, "--json")
    assert res.exit_code == 0, res.stderr
    return json.loads(res.stdout)


def no_win_in(k: int, unseen: int, turn: int = 1) -> float:
    """The chance that none of ``k`` tiles comes in the draws from ``turn`` to 17, the draw at turn t
    taking one of the ``unseen - t`` tiles left (the model's draw probability)."""
    p = 1.0
    for t in range(turn, 18):
        p *= 1 - k / (unseen - t)
    return p


#: Four sets (222z a triplet), 7z held and 1z drawn: either honour is a tanki wait on the other.
TANKI = "123m456p789s2227z1z"


def test_a_fixed_wait_wins_with_the_closed_form_probability(validator):
    # With hand changes off only the two tanki discards are reached; --seen 7z leaves two 7z.
    out = analyzed(TANKI, "--no-hand-changes", "--seen", "7z")
    assert_valid(validator, out)
    assert out["unseen"] == 136 - 14 - 1 and out["draws"] == 17 and out["shanten"] == 0
    by_tile = {d["tile"]: d for d in out["discards"]}
    assert set(by_tile) == {"1z", "7z"}
    # discarding 7z waits on 1z (3 unseen), discarding 1z waits on 7z (2 unseen: one in hand, one seen)
    assert by_tile["7z"]["acceptance"] == [{"tile": "1z", "unseen": 3}]
    assert by_tile["1z"]["acceptance"] == [{"tile": "7z", "unseen": 2}]
    assert by_tile["7z"]["win"] == pytest.approx(1 - no_win_in(3, 121), abs=1e-8)
    assert by_tile["1z"]["win"] == pytest.approx(1 - no_win_in(2, 121), abs=1e-8)
    assert by_tile["7z"]["tenpai"] == by_tile["1z"]["tenpai"] == 1.0
    for d in out["discards"]:  # from each later turn, the same closed form
        assert d["per_turn"]["win"][10] == pytest.approx(
            1 - no_win_in(d["acceptance_count"], 121, 11), abs=1e-8
        )


def test_turn_shortens_the_curve_and_values_fall():
    early, late = analyzed(TANKI, "--no-hand-changes"), analyzed(TANKI, "--no-hand-changes", "--turn", "12")
    assert late["turn"] == 12 and late["draws"] == 6
    for d in early["discards"]:
        curve = d["per_turn"]
        assert len(curve["win"]) == len(curve["ev"]) == len(curve["tenpai"]) == 18
        assert curve["win"][-1] == 0 and curve["ev"][-1] == 0
        assert all(a >= b for a, b in zip(curve["win"], curve["win"][1:]))
        assert all(a >= b for a, b in zip(curve["ev"], curve["ev"][1:]))
        same = next(x for x in late["discards"] if x["tile"] == d["tile"])
        assert same["per_turn"]["win"] == pytest.approx(curve["win"][11:], abs=1e-9)
    last = analyzed(TANKI, "--no-hand-changes", "--turn", "18")
    assert all(d["win"] == 0 and d["ev"] == 0 and d["per_turn"]["win"] == [0] for d in last["discards"])


def test_an_open_hand_without_a_yaku_never_wins():
    # 1s and 3z tanki after chi 789p and chi 234s: no yaku on either wait (no riichi when open).
    out = analyzed("123m456p1s3z", "chi:789p", "chi:234s", "--no-hand-changes", "--ippatsu")
    assert (
        out["model"]["riichi"] is False and out["model"]["ura"] is False and out["model"]["ippatsu"] is False
    )
    assert out["hand"] == "123m456p1s3z chi:789p chi:234s"
    assert {d["tile"] for d in out["discards"]} == {"1s", "3z"}
    assert all(d["tenpai"] == 1.0 and d["win"] == 0 and d["ev"] == 0 for d in out["discards"])


def test_dama_keeps_the_win_and_lowers_the_value():
    riichi, dama = analyzed(TANKI, "--no-hand-changes"), analyzed(TANKI, "--no-hand-changes", "--dama")
    assert dama["model"]["riichi"] is False and riichi["model"]["riichi"] is True
    for a, b in zip(riichi["discards"], dama["discards"]):
        assert a["tile"] == b["tile"] and a["win"] == pytest.approx(b["win"], abs=1e-9)  # menzen tsumo
        assert b["ev"] < a["ev"]


@pytest.mark.parametrize("target", ["ev", "win", "tenpai"])
def test_discards_are_sorted_by_the_target_and_best_is_the_first(validator, target):
    out = analyzed(HAND, "--dora", "1m", "--target", target)
    assert_valid(validator, out)
    assert list(out) == ["id", "ok", "error", "hand", "turn", "draws", "unseen", "shanten", "target", "model",
                         "discards", "best"]  # fmt: skip
    values = [d[target] for d in out["discards"]]
    assert values == sorted(values, reverse=True)
    assert out["best"][target] == out["discards"][0]["tile"]
    for t in ("ev", "win", "tenpai"):  # each target's best is its maximum
        best = max(d[t] for d in out["discards"])
        assert next(d for d in out["discards"] if d["tile"] == out["best"][t])[t] == best
    for d in out["discards"]:
        assert d["acceptance_count"] == sum(a["unseen"] for a in d["acceptance"])
        assert d["win"] <= d["tenpai"] + 1e-12


def test_stream_with_jobs_gives_the_same_lines_in_order(validator):
    lines = [
        HAND,
        json.dumps({"hand": TANKI, "turn": 9, "id": "late"}),
        "bad",
        json.dumps({"hand": HAND, "dama": True}),
    ]
    text = "\n".join(lines) + "\n"
    one, two = run("-", "--dora", "1m", input=text), run("-", "--dora", "1m", "--jobs", "2", input=text)
    assert one.exit_code == two.exit_code == 1  # one line refused
    assert one.stdout == two.stdout
    out = [json.loads(line) for line in one.stdout.splitlines()]
    assert [o["ok"] for o in out] == [True, True, False, True]
    assert out[1]["id"] == "late" and out[1]["turn"] == 9 and out[3]["model"]["riichi"] is False
    assert out[0]["unseen"] == 121  # the flag's dora is each line's default
    for o in out:
        assert_valid(validator, o)


def test_api_and_command_agree():
    from riichi_cli import analyze

    assert analyze({"hand": HAND, "dora": "1m"}) == analyzed(HAND, "--dora", "1m")
    assert analyze(HAND)["hand"] == HAND


def test_real_table_and_chart(tmp_path):
    res = run(HAND, "--dora", "1m", "--svg", str(tmp_path / "a.svg"))
    assert res.exit_code == 0, res.stderr
    out = analyzed(HAND, "--dora", "1m")
    best = out["best"]["ev"]
    assert any(line.startswith(f"{best} *") for line in res.stdout.splitlines())
    assert len(
        [line for line in res.stdout.splitlines() if line[:2] in {d["tile"] for d in out["discards"]}]
    ) == len(out["discards"])
    cairosvg = pytest.importorskip("cairosvg")
    png = cairosvg.svg2png(url=str(tmp_path / "a.svg"))
    assert png[:4] == b"\x89PNG" and len(png) > 5000


def test_the_view_of_an_open_hand_without_yaku():
    res = run("123m456p1s3z", "chi:789p", "chi:234s", "--no-hand-changes")
    assert res.exit_code == 0
    assert (
        "No discard can win (an open hand needs a yaku)" in res.stdout
        and "no riichi (open hand)" in res.stdout
    )


def test_ippatsu_and_haitei_add_value_not_wins():
    plain = analyzed(TANKI, "--no-hand-changes")
    for flag in ("--ippatsu", "--haitei"):
        more = analyzed(TANKI, "--no-hand-changes", flag)
        assert more["model"][flag[2:]] is True
        for a, b in zip(plain["discards"], more["discards"]):
            assert a["tile"] == b["tile"] and a["win"] == b["win"] and b["ev"] > a["ev"]
