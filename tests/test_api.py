"""The Python API: one function per command, returning exactly what `--json` prints, never raising.

Each function is compared with its command run on the same input; hypothesis then throws junk at
every function (any JSON-like value, and mappings with the right keys but wrong values) and checks
that the answer is a refusal object that matches the command's JSON Schema, not an exception.
"""

from __future__ import annotations

import copy
import importlib
import json
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import riichi_cli
from riichi_cli.analysis.shanten import shanten as shanten_numbers
from riichi_cli.cli import main
from riichi_cli.cli.schema import bundled

ROOT = Path(__file__).resolve().parents[1]
VALIDATORS = {name: Draft202012Validator(bundled(name)) for name in ("score", "waits", "shanten", "settle")}


def cli_json(*args: str, input: str | None = None) -> object:
    try:
        runner = CliRunner(mix_stderr=False)
    except TypeError:
        runner = CliRunner()
    result = runner.invoke(main, [*args, "--json"], input=input, catch_exceptions=False)
    return json.loads(result.stdout)


def test_every_function_is_exported():
    for name in ("score", "score_many", "waits", "shanten", "settle", "table", "rules"):
        assert callable(getattr(riichi_cli, name)), name
        assert name in riichi_cli.__all__
    # riichi_cli.settle is the function, even once the settle subpackage has been imported
    importlib.import_module("riichi_cli.settle.settlement")
    assert callable(riichi_cli.settle)


# -- the same answer as the command ----------------------------------------------------------------


def test_waits_is_what_the_command_prints():
    mapping = {"hand": "123m456p789s11z45m", "riichi": True, "discards": "3m", "visible": "6m,6m"}
    expected = cli_json("waits", "123m456p789s11z45m", "--riichi", "--discards", "3m", "--visible", "6m,6m")
    assert riichi_cli.waits(mapping) == expected
    # 45m waits on 3m and 6m. 3m: 4 copies minus the one in 123m and the one discarded = 2 unseen;
    # 6m: 4 minus the two visible (given comma-separated) = 2. 3m is a discard: discard furiten.
    assert {w["tile"]: w["unseen"] for w in expected["waits"]} == {"3m": 2, "6m": 2}
    assert expected["furiten"]["kind"] == "discard"


def test_shanten_is_what_the_command_prints():
    assert riichi_cli.shanten({"hand": "123m456p789s12377z", "dora": "1z"}) == cli_json(
        "shanten", "123m456p789s12377z", "--dora", "1z"
    )
    assert riichi_cli.shanten("123m456p789s1237z") == cli_json("shanten", "123m456p789s1237z")


def test_settle_is_what_the_command_prints():
    import yaml

    path = ROOT / "sample_hands" / "settle" / "double-ron.yaml"
    mapping = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert riichi_cli.settle(mapping) == cli_json("settle", str(path))


def test_score_table_rules_are_what_the_commands_print():
    assert riichi_cli.score({"hand": "234567m2278p456s9p", "dora": "1p"}) == cli_json(
        "score", "234567m2278p456s9p", "--dora", "1p"
    )
    assert riichi_cli.table("mleague") == cli_json("table", "--rules", "mleague")
    assert riichi_cli.table({"rules": "tenhou", "rule_options": {"kiriage_mangan": True}}) == cli_json(
        "table", "--rule", "kiriage_mangan=true"
    )
    assert riichi_cli.rules("ema") == cli_json("rules", "ema")
    assert riichi_cli.rules() == cli_json("rules")
    assert riichi_cli.table("nope") == cli_json("table", "--rules", "nope")
    assert riichi_cli.rules("nope") == cli_json("rules", "nope")


def test_table_and_rules_values():
    # kiriage mangan (mleague): 4 han 30 fu non-dealer ron is 7700 rounded up to mangan 8000.
    cell = [
        c for c in riichi_cli.table("mleague")["cells"] if (c["han"], c["fu"], c["dealer"]) == (4, 30, False)
    ]
    assert cell[0]["ron"] == 8000
    assert riichi_cli.table()["rules"] == "tenhou"
    assert riichi_cli.rules("majsoul")["preset"] == "mahjongsoul"
    bad = riichi_cli.rules("mleage")
    assert bad["ok"] is False and "did you mean 'mleague'?" in bad["error"]["message"]


# -- never raising ----------------------------------------------------------------------------------

JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
TILES = st.sampled_from(["1m", "5m", "0p", "9s", "7z", "8z", "1m,2m", "1p 2p", "x", "", "0z", "55555m"])
HANDS = st.sampled_from(
    [
        "123m456p789s11z45m",
        "1112345678999m",
        "234567m2278p456s9p",
        "123m",
        "1x",
        "",
        " ",
        "chi:123m",
        "11m pon:",
    ]
)
#: Mappings with the right keys and values of the wrong or a borderline kind.
NEAR = st.fixed_dictionaries(
    {"hand": HANDS},
    optional={
        "dora": TILES | st.lists(TILES, max_size=3) | JUNK,
        "visible": TILES | JUNK,
        "seat_wind": st.sampled_from(["E", "S", "x", "north"]) | JUNK,
        "win": st.sampled_from(["ron", "tsumo", "draw"]),
        "riichi": st.booleans() | JUNK,
        "honba": st.integers(-2, 10) | JUNK,
        "rules": st.sampled_from(["tenhou", "ema", "nope"]) | JUNK,
        "rule_options": st.dictionaries(st.sampled_from(["kuitan", "min_han", "aka_dora", "nope"]), JUNK),
        "id": JUNK,
    },
)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check(name: str, obj: object) -> None:
    assert isinstance(obj, dict)
    json.dumps(obj)  # what --json prints must be JSON
    errors = list(VALIDATORS[name].iter_errors(obj))
    assert not errors, errors[0].message


@FAST
@given(JUNK | NEAR)
def test_score_never_raises(value):
    check("score", riichi_cli.score(value))


@FAST
@given(JUNK | NEAR)
def test_waits_never_raises(value):
    check("waits", riichi_cli.waits(value))


@FAST
@given(JUNK | NEAR | st.text(max_size=20))
def test_shanten_never_raises(value):
    if isinstance(value, dict):
        value = {k: v for k, v in value.items() if k in ("hand", "visible", "dora", "id")}
    check("shanten", riichi_cli.shanten(value))


ROUND = st.fixed_dictionaries(
    {},
    optional={
        "wins": st.lists(NEAR, max_size=2) | JUNK,
        "draw": st.fixed_dictionaries({"kind": st.sampled_from(["exhaustive", "abortive", "x"])}) | JUNK,
        "chombo": st.fixed_dictionaries({"seat": st.sampled_from(["N", "x"])}) | JUNK,
        "honba": JUNK,
        "riichi": JUNK,
        "scores": JUNK,
    },
)


@FAST
@given(JUNK | ROUND)
def test_settle_never_raises(value):
    check("settle", riichi_cli.settle(value))


@FAST
@given(JUNK)
def test_table_and_rules_never_raise(value):
    for obj in (riichi_cli.table(value), riichi_cli.rules(value)):
        assert isinstance(obj, dict)
        json.dumps(obj)
        if value is not None:
            assert obj["ok"] is False or isinstance(value, (str, dict))


@FAST
@given(JUNK)
def test_a_junk_rules_argument_never_raises(rules):
    # a preset name, a rules mapping or Rules are the defaults; anything else is a refusal object
    check("score", riichi_cli.score({"hand": "234567m2278p456s9p"}, rules))
    check("waits", riichi_cli.waits({"hand": "1112345678999m"}, rules))
    check("settle", riichi_cli.settle({"draw": {"kind": "exhaustive", "tenpai": ["S"]}}, rules))
    for obj in riichi_cli.score_many([{"hand": "234567m2278p456s9p"}], rules=rules):
        check("score", obj)


def test_no_change_to_a_result_reaches_another():
    # A result's own dict and lists are fresh; the dicts inside them are shared by equal results
    # (issue 22) and refuse changes, so changing one result, down to a group of its reading, can
    # never reach the next one; their copies are plain dicts to change.
    hand = {"hand": "123456s234m55p chi:789s", "win": "ron", "from": "W", "seat_wind": "S"}
    first = riichi_cli.score(hand)
    expected = json.loads(json.dumps(first))
    for key in ("win", "from", "seat_wind", "round_wind", "dealer", "ok", "error"):
        first[key] = "changed"
    inner = (
        first["reading"]["groups"][0], first["points"], first["payments"], first["yaku"][0],
        first["fu_breakdown"][0],
    )  # fmt: skip
    for d in inner:
        key = next(iter(d))
        changes = (("__setitem__", key, 1), ("__delitem__", key), ("update", {"x": 1}), ("setdefault", "x"),
                   ("pop", key), ("popitem",), ("clear",), ("__ior__", {"x": 1}))  # fmt: skip
        for method, *args in changes:
            with pytest.raises(TypeError, match="read-only"):
                getattr(d, method)(*args)
        for copied in (d.copy(), dict(d), copy.copy(d), copy.deepcopy(d), pickle.loads(pickle.dumps(d))):
            assert copied == d
        for copied in (d.copy(), dict(d), copy.copy(d), copy.deepcopy(d)):
            assert type(copied) is dict
            copied[key] = "changed"
    mutable = copy.deepcopy(first)
    mutable["points"]["total"] = -1
    mutable["reading"]["groups"][0]["tiles"] = "changed"
    first["yaku"].append("changed")
    first["warnings"].append("changed")
    first["reading"]["groups"].append("changed")
    assert riichi_cli.score(hand) == expected
    assert json.loads(json.dumps(pickle.loads(pickle.dumps(riichi_cli.score(hand))))) == expected
    # The shanten numbers of a hand are one shared tuple per set of numbers: nobody can change them.
    counts = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] + [0] * 20
    result = shanten_numbers(counts)
    with pytest.raises(TypeError):
        result["best"] = 99  # type: ignore[index]
    with pytest.raises(AttributeError):
        result.best = 99  # type: ignore[misc]
    assert shanten_numbers(counts) == (0, 6, 10, 0)


def test_the_numbers_of_results_are_shared_int_objects_of_the_same_values():
    # Points and payments are multiples of 100; a result holds shared int objects for them (issue 22:
    # nothing to allocate and free per result). Same values, and a result's numbers stay plain ints.
    from riichi_cli.core.points import shared_points

    assert shared_points(8000) is shared_points(4000 + 4000) and shared_points(8000) == 8000
    assert shared_points(-2600) is shared_points(-2600) and shared_points(-2600) == -2600
    assert shared_points(0) == 0 and shared_points(150) == 150 and shared_points(400_100) == 400_100
    assert shared_points(10**30) == 10**30 and shared_points(-(10**30)) == -(10**30)
    hand = {"hand": "123456s234m55p chi:789s", "win": "tsumo", "honba": 2, "riichi_sticks": 1}
    first, second = riichi_cli.score(hand), riichi_cli.score(hand)
    # 30 fu 1 han open tsumo by South: 300/500, two honba 200 each, one deposit
    tsumo = {"dealer": 500, "non_dealer": 300}
    assert first["points"] == {"total": 1100, "ron": None, "tsumo": tsumo, "honba": 600, "deposits": 1000}
    assert first["payments"] == {"E": -700, "S": 2700, "W": -500, "N": -500}
    assert first["points"]["total"] is second["points"]["total"]
    assert first["payments"]["S"] is second["payments"]["S"]
    assert all(type(v) is int for v in first["payments"].values())


def test_a_seat_number_is_read_for_the_four_seat_letters_only():
    # `seat_number` reads a letter's code point arithmetically (the templates of results and payments
    # are keyed by it): E S W N only, None a tsumo's discarder, anything else -1 (no template).
    from riichi_cli.core.points import seat_number

    assert [seat_number(s) for s in ("E", "S", "W", "N", None)] == [0, 1, 2, 3, 4]
    others = [chr(c) for c in range(0x3000)] + ["", "EE", "e", "ES", "\U0001f004"]
    assert [s for s in others if seat_number(s) != -1] == ["E", "N", "S", "W"]


def test_the_functions_pickle():
    # plain module-level callables: a process pool, Dask or Spark can ship them
    for name in ("score", "score_many", "waits", "shanten", "settle", "table", "rules"):
        assert pickle.loads(pickle.dumps(getattr(riichi_cli, name))) is getattr(riichi_cli, name)


def test_score_many_keeps_order_and_never_raises():
    items = [{"hand": "123m456p789s11122z"}, None, {"hand": "1x"}, 5, {"hand": "234567m2278p456s9p"}]
    assert [r["ok"] for r in riichi_cli.score_many(items)] == [True, False, False, False, True]


# -- py.typed ---------------------------------------------------------------------------------------


def test_py_typed_and_schemas_install(tmp_path):
    """Build the package the way pip does (pure Python) and look for py.typed and the schemas in it."""
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, tmp_path / name)
    shutil.copytree(
        ROOT / "riichi_cli", tmp_path / "riichi_cli", ignore=shutil.ignore_patterns("__pycache__")
    )
    out = tmp_path / "build"
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(out)],
        cwd=tmp_path,
        env={"RIICHI_PURE_PYTHON": "1", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert (out / "riichi_cli" / "py.typed").is_file()
    assert {p.name for p in (out / "riichi_cli" / "schemas").glob("*.json")} >= {"score.json", "settle.json"}
