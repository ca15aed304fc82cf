"""The JSON Schemas of `riichi schema` describe what the commands really print.

Every command is run for real (click's CliRunner) on valid and refused input and each JSON document
it prints is validated against the shipped schema; a few hand-made objects check that the schemas
also refuse what the contract does not allow, so a schema that accepts anything fails here.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from riichi_cli.cli import COMMANDS, main
from riichi_cli.cli.schema import NAMES, bundled

ROOT = Path(__file__).resolve().parents[1]
LOGS = ROOT.parent / "shared" / "logs"


def run(*args: str, input: str | None = None):
    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2 mixes stderr in by default
    except TypeError:
        runner = CliRunner()
    result = runner.invoke(main, list(args), input=input, catch_exceptions=False)
    return result


@pytest.fixture(scope="module")
def validators() -> dict[str, Draft202012Validator]:
    out = {}
    for name in NAMES:
        schema = bundled(name)
        Draft202012Validator.check_schema(schema)
        out[name] = Draft202012Validator(schema)
    return out


def assert_valid(validators, name: str, obj: object) -> None:
    errors = sorted(validators[name].iter_errors(obj), key=lambda e: list(e.absolute_path))
    assert not errors, f"{name}: " + "; ".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:3])


def one_json(text: str) -> object:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return json.loads(lines[0])


# -- the command itself ---------------------------------------------------------------------------


def test_schema_lists_every_name():
    result = run("schema")
    assert result.exit_code == 0
    assert [line.split()[0] for line in result.stdout.splitlines()] == list(NAMES)
    assert set(NAMES) == {
        "score",
        "batch",
        "waits",
        "shanten",
        "settle",
        "replay",
        "replay-json",
        "table",
        "rules",
        "analyze",
    }


@pytest.mark.parametrize("name", list(NAMES))
def test_schema_prints_a_self_contained_2020_12_schema(name):
    result = run("schema", name)
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(doc)
    # Self-contained: every reference to another file is embedded under $defs.
    refs = {r.split("#")[0].removesuffix(".json") for r in _refs(doc) if not r.startswith("#")}
    assert refs <= set(doc.get("$defs", {})) | {name}


def _refs(node):
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for v in node.values():
            yield from _refs(v)
    elif isinstance(node, list):
        for v in node:
            yield from _refs(v)


def test_unknown_schema_suggests_the_name():
    result = run("schema", "scor")
    assert result.exit_code == 2
    assert "did you mean 'score'?" in result.stderr


def test_schemas_ship_in_the_package():
    # pyproject's package-data ships riichi_cli/schemas/*.json: the files must be there.
    shipped = {p.stem for p in (ROOT / "riichi_cli" / "schemas").glob("*.json")}
    assert shipped == set(NAMES)
    assert '"schemas/*.json"' in (ROOT / "pyproject.toml").read_text()


# -- real outputs -----------------------------------------------------------------------------------

SCORE_CASES = [
    ["234567m2278p456s9p", "--riichi", "--dora", "1p"],  # riichi pinfu dora 2
    ["11123455678999m", "--tsumo", "--seat", "E"],  # dealer junsei chuuren tsumo (yakuman)
    ["123456s234m55p", "chi:789s", "--dora", "1m"],  # open hand
    ["234567m2278p456s9p", "--honba", "2", "--sticks", "1", "--riichi"],  # honba and deposits
    ["234567m2278p456s9x"],  # invalid_notation
    ["234567m2278p456s"],  # invalid_hand (13 tiles)
    ["234567m2278p456s9p", "--ippatsu"],  # invalid_context
    ["123456m456p789s19z"],  # not_a_win
    ["123456m456p789s11z"],  # no_yaku
    ["234m45688p34666s5s", "--rule", "min_han=2"],  # below_minimum
    ["123m456p789s11z45m", "--discards", "3m"],  # furiten
]


@pytest.mark.parametrize("args", SCORE_CASES, ids=lambda a: " ".join(a))
def test_score_output_matches_schema(validators, args):
    result = run("score", *args, "--json")
    assert result.exit_code in (0, 1, 2)
    assert_valid(validators, "score", one_json(result.stdout))


def test_batch_json_and_jsonl_match_schemas(validators):
    # The whole samples folder: wins, refused hands and settlement files (unreadable as hands).
    result = run("batch", str(ROOT / "sample_hands"), "--format", "json")
    doc = json.loads(result.stdout)
    assert_valid(validators, "batch", doc)
    codes = {d["error"]["code"] for d in doc["results"] if not d["ok"]}
    assert {"no_yaku", "furiten", "below_minimum"} <= codes  # refusals were really validated
    lines = run("batch", str(ROOT / "sample_hands"), "--format", "jsonl").stdout.splitlines()
    assert len(lines) == len(doc["results"])
    for line in lines:
        assert_valid(validators, "score", json.loads(line))


WAITS_CASES = [
    ["1112345678999m"],  # nine waits
    ["123m456p789s11z45m", "--riichi", "--discards", "3m"],  # furiten
    ["23456m789p11s", "chi:456s", "--visible", "7m7m7m"],  # keishiki
    ["123m456p789s1237z"],  # not tenpai
    ["1111m234p567s888z"],  # bad notation: 8z
    ["123m"],  # wrong count
]


@pytest.mark.parametrize("args", WAITS_CASES, ids=lambda a: " ".join(a))
def test_waits_output_matches_schema(validators, args):
    result = run("waits", *args, "--json")
    assert_valid(validators, "waits", one_json(result.stdout))


def test_waits_and_shanten_lines_match_schemas(validators):
    text = '1112345678999m\n123m\n{"hand": "123m456p789s1122z", "id": 7}\n\n'
    for line in run("waits", "-", input=text).stdout.splitlines():
        assert_valid(validators, "waits", json.loads(line))
    text = '123m456p789s1237z\n123m456p789s12377z\n{"hand": "123m456p78s23z pon:777z", "id": "a"}\nxx\n'
    for line in run("shanten", "-", input=text).stdout.splitlines():
        assert_valid(validators, "shanten", json.loads(line))


@pytest.mark.parametrize(
    "hand", ["123m456p789s1237z", "123m456p789s12377z", "123m456p78s23z pon:777z", "11m", "1x"]
)
def test_shanten_output_matches_schema(validators, hand):
    result = run("shanten", *hand.split(), "--json")
    assert_valid(validators, "shanten", one_json(result.stdout))


@pytest.mark.parametrize(
    "path", sorted((ROOT / "sample_hands" / "settle").glob("*.yaml")), ids=lambda p: p.name
)
def test_settle_output_matches_schema(validators, path):
    result = run("settle", str(path), "--json")
    assert result.exit_code == 0, result.stderr
    assert_valid(validators, "settle", one_json(result.stdout))


def test_settle_refusals_match_schema(validators):
    for text in ("wins: [{seat_wind: S, hand: 123x}]\n", "round_wnd: E\n", "[1, 2]\n", "{{{\n"):
        result = run("settle", "-", "--json", input=text)
        assert result.exit_code in (1, 2)
        assert_valid(validators, "settle", one_json(result.stdout))


@pytest.mark.skipif("replay" not in COMMANDS, reason="riichi replay is not on this branch yet")
def test_replay_output_matches_schema(validators):
    if not LOGS.is_dir():
        pytest.skip(f"{LOGS} is absent (real game logs live outside the repository)")
    logs = sorted(
        p for p in LOGS.rglob("*") if p.is_file() and p.suffix in (".xml", ".mjlog", ".json", ".gz")
    )
    assert logs, f"no logs under {LOGS}"
    result = run("replay", *map(str, logs[:3]), "--format", "jsonl")
    lines = result.stdout.splitlines()
    assert lines
    for line in lines:
        assert_valid(validators, "replay", json.loads(line))


# -- the schemas refuse what the contract does not allow ------------------------------------------


def _score() -> dict:
    return json.loads(run("score", "234567m2278p456s9p", "--riichi", "--dora", "1p", "--json").stdout)


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d.pop("payments"),  # a required key missing
        lambda d: d.pop("reading"),
        lambda d: d["points"].pop("honba"),
        lambda d: d["reading"]["groups"][0].update(kind="run"),  # not a group kind
        lambda d: d.update(ok=False),  # ok false needs an error and null scoring keys
        lambda d: d.update(error={"code": "no_yaku", "message": "x"}),  # ok true has error null
        lambda d: d.update(han=None),  # han is null only for yakuman
        lambda d: d["yaku"][0].update(id="riichii"),  # not a SPEC yaku id
        lambda d: d["yaku"][0].update(yakuman=1),  # han and yakuman both
        lambda d: d["points"].update(tsumo={"dealer": 1, "non_dealer": 2}),  # ron and tsumo both
        lambda d: d.update(limit="mangan-ish"),
        lambda d: d.update(surprise=1),  # a key nobody documented
        lambda d: d["payments"].update(X=0),  # not a seat
        lambda d: d["fu_breakdown"][0].update(fu="20"),
    ],
)
def test_score_schema_refuses_a_spoilt_object(validators, spoil):
    d = _score()
    assert_valid(validators, "score", d)
    spoil(d)
    assert list(validators["score"].iter_errors(d)), "the schema accepted a spoilt object"


def test_score_schema_accepts_the_new_keys(validators):
    # fu line ids and error details are being added by other work; the schema already allows them.
    d = _score()
    d["points"].update(honba=0, deposits=0)
    d["fu_breakdown"][0]["id"] = "base"
    d["reading"] = {
        "groups": [{"tiles": "234m", "kind": "sequence", "open": False, "win": False},
                   {"tiles": "789p", "kind": "sequence", "open": False, "win": True}],
        "wait": "ryanmen",
    }  # fmt: skip
    assert_valid(validators, "score", d)
    refused = json.loads(run("score", "123m", "--json").stdout)
    refused["error"]["detail"] = "tile_count"
    refused["reading"] = None
    assert_valid(validators, "score", refused)
    d["reading"]["wait"] = "nobetan"
    assert list(validators["score"].iter_errors(d))


def test_replay_schema_takes_the_spec_example(validators):
    # SPEC 10's example line, re-typed here (a riichi 3 han 40 fu win by seat 2 from seat 0), with the
    # seats' scores after it that docs/output.md adds.
    value = {"han": 3, "fu": 40, "yakuman": 0, "points": 5200, "yaku": [{"id": "riichi", "han": 1}],
             "deltas": [-5500, 0, 6500, 0]}  # fmt: skip
    line = {
        "source": "logs/game.xml", "game": "game", "round": 3, "kyoku": "E4", "honba": 1, "kind": "win",
        "seat": 2, "from": 0, "recorded": value, "computed": copy.deepcopy(value), "agree": True,
        "differences": [], "score": _score(), "scores": [19500, 25000, 31500, 25000],
    }  # fmt: skip
    assert_valid(validators, "replay", line)
    error = {"source": "logs/bad.xml", "kind": "error", "error": {"code": "unreadable", "message": "not XML"}}
    assert_valid(validators, "replay", error)
    line["kind"] = "draw"  # a draw has no seat
    assert list(validators["replay"].iter_errors(line))
