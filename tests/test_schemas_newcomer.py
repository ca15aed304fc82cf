"""Schemas for tool authors (issue 20, points 14 and 16): `table --json`, `rules --json` (in the
ok/error envelope) and the `replay --format json` wrapper validate against `riichi schema`, every
replay count matches its list, and the `riichi schema --help` example works as written."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from riichi_cli.cli import main
from riichi_cli.cli.schema import bundled

jsonschema = pytest.importorskip("jsonschema")
ROOT = Path(__file__).resolve().parents[1]
LOGS = ROOT.parent / "shared" / "logs"


def cli_json(*args: str) -> dict:
    return json.loads(CliRunner().invoke(main, list(args)).stdout)


def valid(name: str, doc: object) -> None:
    jsonschema.Draft202012Validator(bundled(name)).validate(doc)


def invalid(name: str, doc: object) -> bool:
    return not jsonschema.Draft202012Validator(bundled(name)).is_valid(doc)


@pytest.mark.parametrize("args", [(), ("--rules", "mleague"), ("--rules", "tenhou3"), ("--rules", "bogus")])
def test_table_json_validates(args):
    valid("table", cli_json("table", *args, "--json"))


def test_table_schema_refuses_a_wrong_table():
    doc = cli_json("table", "--json")
    doc["cells"][0]["ron"] = "1000"
    assert invalid("table", doc)


@pytest.mark.parametrize("args", [(), ("tenhou",), ("ema",), ("bogus",)])
def test_rules_json_has_the_envelope_and_validates(args):
    doc = cli_json("rules", *args, "--json")
    assert doc["ok"] is (args != ("bogus",)) and "error" in doc
    valid("rules", doc)


def test_rules_without_a_preset_lists_them_inside_the_envelope():
    doc = cli_json("rules", "--json")
    assert doc["default"] == "tenhou" and doc["presets"]["mleague"]["kiriage_mangan"] is True


def _logs() -> list[str]:
    found = sorted(str(p) for p in (LOGS / "mjlog").glob("*.mjlog"))[:3] if LOGS.exists() else []
    found += sorted(str(p) for p in (ROOT / "examples" / "logs").glob("*"))
    if not found:
        pytest.skip(f"no logs in {LOGS} or examples/logs")
    return found


def test_replay_json_validates_and_every_count_matches_its_list(tmp_path):
    (tmp_path / "bad.mjlog").write_text("not a log")
    doc = cli_json("replay", *_logs(), str(tmp_path / "bad.mjlog"), "--format", "json")
    valid("replay-json", doc)
    rounds, s = doc["rounds"], doc["summary"]
    kinds = [d["kind"] for d in rounds]
    assert s["wins"] == kinds.count("win") and s["draws"] == kinds.count("draw")
    assert s["errors"] == kinds.count("error")
    assert s["round_ends"] == s["wins"] + s["draws"] == s["rounds"]  # `rounds`: the alias
    assert s["agreements"] == sum(bool(d.get("agree")) for d in rounds)
    assert s["differences"] == s["round_ends"] - s["agreements"]
    assert s["unreadable"] == 1 and s["games"] == s["complete"] + s["incomplete"]


def test_the_schema_help_example_works(tmp_path):
    """The example of `riichi schema --help`, run as written (with check-jsonschema when it is
    installed, else the same check with jsonschema)."""
    help_text = CliRunner().invoke(main, ["schema", "--help"]).stdout
    lines = [line.strip() for line in help_text.splitlines() if line.strip().startswith(("riichi", "check-"))]
    assert "check-jsonschema --schemafile score.schema.json hand.json" in lines
    assert "<(" not in help_text  # process substitution: check-jsonschema cannot read a FIFO twice
    env = {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    riichi = f"{sys.executable} -m riichi_cli"
    for line in lines:
        if line.startswith("riichi") and ">" in line:
            subprocess.run(line.replace("riichi", riichi, 1), shell=True, cwd=tmp_path, env=env, check=True)
    if shutil.which("check-jsonschema"):
        cmd = ["check-jsonschema", "--schemafile", "score.schema.json", "hand.json"]
        subprocess.run(cmd, cwd=tmp_path, check=True)
    schema = json.loads((tmp_path / "score.schema.json").read_text())
    jsonschema.Draft202012Validator(schema).validate(json.loads((tmp_path / "hand.json").read_text()))
