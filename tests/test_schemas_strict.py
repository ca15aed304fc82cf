"""Issue 23, point 11: the schemas refuse wrong output, and every command's real output passes them.

Each spoilt object below is one the schemas let through before issue 23 (extra summary keys, batch
results without `source`, replay records without `score`/`scores`/`settle`/`draw`, a free-text error
code, `fu: null` on a counted win, fu lines without `id`, unbounded payments and fu). The real outputs
are made by the program (every command, valid and refused input, hostile logs, `--jobs 2`).
"""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from riichi_cli.cli import main
from riichi_cli.cli.schema import NAMES, bundled

ROOT = Path(__file__).resolve().parents[1]
LOGS = ROOT.parent / "shared" / "logs"


def run(*args: str, input: str | bytes | None = None):
    from click.testing import CliRunner

    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2 mixes stderr in by default
    except TypeError:
        runner = CliRunner()
    return runner.invoke(main, list(args), input=input, catch_exceptions=False)


@pytest.fixture(scope="module")
def check():
    validators = {name: Draft202012Validator(bundled(name)) for name in NAMES}

    def errors(name: str, obj: object) -> list[str]:
        return [f"{list(e.absolute_path)}: {e.message[:120]}" for e in validators[name].iter_errors(obj)]

    return errors


def lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


# -- spoilt objects the schemas now refuse ----------------------------------------------------------


@pytest.fixture(scope="module")
def batch_doc() -> dict:
    return json.loads(run("batch", str(ROOT / "sample_hands" / "ittsu.yaml"), "--format", "json").stdout)


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d["summary"].update(extra=1),
        lambda d: d["results"][0].pop("source"),
        lambda d: d["results"][0].update(fu=None),  # a counted (non-yakuman) win has fu
        lambda d: d["results"][0]["fu_breakdown"][0].pop("id"),
        lambda d: d["results"][0]["payments"].update(S=10**12),
        lambda d: d["results"][0].update(fu=10**9),
        lambda d: d["results"][0]["fu_breakdown"][0].update(fu=-10),
        lambda d: d["results"][0]["points"].update(total=10**12),
        lambda d: d["results"][0]["points"].update(ron=-5),
    ],
)
def test_batch_and_score_schemas_refuse_spoilt_output(check, batch_doc, spoil):
    doc = copy.deepcopy(batch_doc)
    assert check("batch", doc) == []
    spoil(doc)
    assert check("batch", doc), "the schema accepted a spoilt object"


def test_renhou_as_a_flat_mangan_is_the_one_counted_win_without_fu(check):
    doc = json.loads(run("batch", str(ROOT / "sample_hands" / "renhou.yaml"), "--format", "json").stdout)
    result = doc["results"][0]  # renhou: mangan under ema2025
    assert result["fu"] is None and result["limit"] == "mangan" and check("batch", doc) == []
    result["limit"] = "haneman"
    assert check("batch", doc)


def replay_lines() -> list[dict]:
    tenhou6 = {
        "title": ["", ""], "name": ["a", "b", "c", "d"], "rule": {"disp": "test", "aka": 1},
        "log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [11], [],
                 [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24], [], [],
                 [31, 32, 33, 34, 35, 36, 37, 38, 39, 41, 42, 43, 44], [], [],
                 [45, 46, 47, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21], [], [],
                 [22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 33, 34, 35], [], [],
                 ["流局", [0, 0, 0, 0]]]],
    }  # fmt: skip
    return lines(run("replay", "-", "--format", "jsonl", input=json.dumps(tenhou6)).stdout)


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d.pop("scores"),
        lambda d: d.pop("draw"),
        lambda d: d.pop("settle"),
        lambda d: d.pop("score"),
        lambda d: d.update(score={}),  # a draw's score is null
    ],
)
def test_replay_draw_records_carry_their_keys(check, spoil):
    draws = [d for d in replay_lines() if d["kind"] == "draw"]
    assert draws, "the hand-made tenhou6 draw was not replayed as a draw"
    d = draws[0]
    assert check("replay", d) == []
    spoil(d)
    assert check("replay", d)


def test_replay_win_and_error_records_are_checked(check):
    win = {"han": 3, "fu": 40, "yakuman": 0, "points": 5200, "yaku": [{"id": "riichi", "han": 1}],
           "deltas": [-5500, 0, 6500, 0]}  # fmt: skip
    score = json.loads(run("score", "234567m2278p456s9p", "--riichi", "--dora", "1p", "--json").stdout)
    line = {"source": "x", "game": "x", "round": 0, "kyoku": "E1", "honba": 0, "kind": "win", "seat": 2,
            "from": 0, "recorded": win, "computed": win, "agree": True, "differences": [], "score": score,
            "scores": [19500, 25000, 31500, 25000]}  # fmt: skip
    assert check("replay", line) == []
    for key in ("score", "scores"):
        assert check("replay", {k: v for k, v in line.items() if k != key}), key
    assert check("replay", {**line, "settle": {}})  # a win carries no settlement of its own
    assert check("replay", {**line, "honba": -5})
    error = {"source": "x", "kind": "error", "error": {"code": "unreadable", "message": "not XML"}}
    assert check("replay", error) == []
    assert check("replay", {**error, "error": {"code": "whatever", "message": "x"}})
    assert check("replay", {**error, "error": {"code": "bad_round", "message": "x"}}) == []


# -- real outputs of every command --------------------------------------------------------------


REAL = {
    "score": [["score", "234567m2278p456s9p", "--riichi", "--dora", "1p", "--json"],
              ["score", "11123455678999m", "--tsumo", "--seat", "E", "--honba", "999", "--json"],
              ["score", "444444m12p456s111z", "--honba", "3", "--json"],
              ["score", "123456m456p789s11z", "--json"]],
    "waits": [["waits", "1112345678999m", "--json"], ["waits", "444444m1p456s111z", "--json"]],
    "shanten": [["shanten", "123m456p789s1237z", "--json"], ["shanten", "11m", "--json"]],
    "analyze": [["analyze", "1x", "--json"], ["analyze", "123m", "--json"]],  # refusals: its engine is new
    "table": [["table", "--json"], ["table", "--rules", "tenhou3", "--json"],
              ["table", "--rules", "x", "--json"]],
    "rules": [["rules", "--json"], ["rules", "ema", "--json"], ["rules", "x", "--json"]],
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(REAL))
def test_real_outputs_of_the_line_commands_match(check, name):
    for args in REAL[name]:
        for obj in lines(run(*args).stdout):
            assert check(name, obj) == [], args


def test_every_schema_is_exercised_by_a_real_output():
    # replay-json: tests/test_schemas_newcomer.py validates a real `replay --format json`
    assert set(NAMES) <= set(REAL) | {"batch", "settle", "replay", "replay-json"}


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_real_batch_outputs_match(check, jobs):
    data = b"".join(
        json.dumps(m).encode() + b"\n"
        for m in [{"hand": "234567m2278p456s9p"}, {"hand": "444444m12p456s111z", "honba": -1}, {"hand": 5}]
    )
    doc = json.loads(run("batch", str(ROOT / "sample_hands"), "-", "--format", "json", "--jobs", jobs,
                         input=data).stdout)  # fmt: skip
    assert check("batch", doc) == []
    for obj in lines(run("batch", "-", "--format", "jsonl", input=data).stdout):
        assert check("score", obj) == []


def test_real_settle_outputs_match(check):
    for path in sorted((ROOT / "sample_hands" / "settle").glob("*.yaml")):
        assert check("settle", json.loads(run("settle", str(path), "--json").stdout)) == [], path.name


def test_real_replay_outputs_match(check, tmp_path):
    (tmp_path / "cut.mjlog").write_bytes(gzip.compress(b"<mjloggm ver='2.3'><INIT seed='0,0,0,0,0,1'"))
    (tmp_path / "junk.json").write_text('{"log": [[1, 2, 3]]}')
    (tmp_path / "nan.json").write_text('{"log": [[[0, 0, 0], [1e400, 0, 0, 0]]]}')
    (tmp_path / "binary.xml").write_bytes(b"\xff\x00" * 10)
    got = lines(run("replay", str(tmp_path), "--format", "jsonl").stdout)
    got += replay_lines()
    if LOGS.is_dir():
        got += lines(run("replay", str(LOGS), "--format", "jsonl").stdout)
    assert {d["kind"] for d in got} >= {"error", "draw"}
    for obj in got:
        assert check("replay", obj) == [], obj.get("source")
