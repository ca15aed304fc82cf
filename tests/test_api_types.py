"""The TypedDicts of riichi_cli.api_types and the JSON Schemas must agree: every object of a schema has a
TypedDict with the same keys, the same ones required, nested objects included; and mypy reads the
API's results through them (a misspelt key is an error)."""

from __future__ import annotations

import json
import types
import typing

import pytest
from layout import ROOT

from riichi_cli import api_types

SCHEMAS = ROOT / "riichi_cli" / "schemas"
#: Which TypedDict each schema's top-level object is (what the API function of that name returns).
TOP = {
    "score.json": api_types.ScoreResult,
    "waits.json": api_types.WaitsResult,
    "shanten.json": api_types.ShantenResult,
    "settle.json": api_types.SettleResult,
    "analyze.json": api_types.AnalyzeResult,
    "replay.json": api_types.ReplayRecord,
    "rules.json": api_types.RulesResult,
    "table.json": api_types.TableResult,
}


def load(name: str) -> dict:
    return json.loads((SCHEMAS / name).read_text(encoding="utf-8"))


def objects(node: dict, root: dict) -> list[tuple[dict, dict]]:
    """The schema objects with named properties a value may be, each with the schema it is read in."""
    if "$ref" in node:
        name, _, fragment = node["$ref"].partition("#")
        if name:
            root = load(name)
        target = root
        for part in [p for p in fragment.split("/") if p]:
            target = target[part]
        return objects(target, root)
    found = [(node, root)] if "properties" in node else []
    for key in ("anyOf", "oneOf"):
        if "properties" not in node:
            for alt in node.get(key, []):
                found += objects(alt, root)
    if "items" in node:
        found += objects(node["items"], root)
    return found


def typed_dicts(hint: object) -> list[type]:
    """The TypedDicts a type annotation names (through unions, lists and dicts)."""
    if typing.is_typeddict(hint):
        return [typing.cast(type, hint)]
    args = typing.get_args(hint) if isinstance(hint, (types.UnionType, types.GenericAlias)) else ()
    args = args or typing.get_args(hint)
    return [td for arg in args for td in typed_dicts(arg)]


def disagreements(node: dict, root: dict, td: type, where: str, seen: set) -> list[str]:
    """How the TypedDict ``td`` differs from the schema object ``node`` (empty when they agree)."""
    if (id(node), td) in seen:
        return []
    seen.add((id(node), td))
    keys, required = set(node["properties"]), set(node.get("required", []))
    out = []
    if set(td.__annotations__) != keys:
        out.append(f"{where} ({td.__name__}): keys {sorted(set(td.__annotations__) ^ keys)} differ")
    if set(td.__required_keys__) != required & keys:
        diff = sorted(set(td.__required_keys__) ^ (required & keys))
        out.append(f"{where} ({td.__name__}): required keys {diff} differ")
    hints = typing.get_type_hints(td)
    for key in sorted(keys & set(hints)):
        inner, nested = objects(node["properties"][key], root), typed_dicts(hints[key])
        if len(inner) != len(nested):
            out.append(f"{where}.{key}: {len(inner)} schema objects but {len(nested)} TypedDicts")
            continue
        for (sub, sub_root), sub_td in zip(inner, nested):
            out += disagreements(sub, sub_root, sub_td, f"{where}.{key}", seen)
    return out


@pytest.mark.parametrize("name", sorted(TOP))
def test_each_typed_dict_has_its_schema_keys(name):
    schema = load(name)
    assert disagreements(schema, schema, TOP[name], name, set()) == []


def test_a_drift_is_caught():
    """The check can fail: a schema with one more key, or one less required, disagrees."""
    schema = load("score.json")
    grown = {**schema, "properties": {**schema["properties"], "extra": {"type": "string"}}}
    assert disagreements(grown, grown, api_types.ScoreResult, "score", set())
    error = schema["$defs"]["error"]
    looser = {**schema, "$defs": {**schema["$defs"], "error": {**error, "required": ["code"]}}}
    assert any("required" in d for d in disagreements(looser, looser, api_types.ScoreResult, "s", set()))


def test_every_schema_of_an_api_result_is_covered():
    api_schemas = {p.name for p in SCHEMAS.glob("*.json")} - {"batch.json", "replay-json.json"}
    assert api_schemas == set(TOP)  # batch and replay-json are the CLI's wrappers of these objects


SNIPPET = """\
import riichi_cli

result = riichi_cli.score({"hand": "123m456p789s11122z"})
han: int | None = result["han"]
first: str = riichi_cli.waits({"hand": "123m456p789s1122z"})["waits"][0]["tile"]  # waits may be null
wrong = result["hann"]
"""


def test_mypy_reads_results_through_the_types(tmp_path, monkeypatch):
    api = pytest.importorskip("mypy.api", reason="mypy is not installed (it comes with '.[test]')")
    (tmp_path / "snippet.py").write_text(SNIPPET, encoding="utf-8")
    monkeypatch.setenv("MYPYPATH", str(ROOT))
    out, err, status = api.run(
        [
            "--no-error-summary",
            "--cache-dir",
            "/dev/null",
            "--follow-imports=silent",
            str(tmp_path / "snippet.py"),
        ]
    )
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1, out + err
    assert any(":5:" in e and "None" in e for e in errors), out  # indexing a value that may be null
    assert any(":6:" in e and '"hann"' in e for e in errors), out  # a key the schema does not have
    assert not any(":4:" in e for e in errors), out  # han is an int or null
