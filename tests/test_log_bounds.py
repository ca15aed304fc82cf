"""Issue 23, points 2, 7 and 9: a hostile game log costs one error record, bounded memory and a
bounded message, and never the other logs of the run.

Each log here is made from the shipped example by one or several faults: numbers JSON cannot hold as
ints (``1e400``, ``Infinity``), floods of tags, huge attributes, a 50-million-digit tag, round
numbers and honba out of range. Memory is measured on the real program in a subprocess.
"""

from __future__ import annotations

import copy
import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import riichi_cli
from riichi_cli.cli.schema import bundled

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = json.loads((ROOT / "examples" / "logs" / "double-riichi.json").read_text(encoding="utf-8"))
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


# The peak of one child alone: RUSAGE_CHILDREN in the test process is the largest of every child it has
# ever run (an earlier test's subprocess would count), so a small parent runs the replay and reports it.
PEAK_OF_CHILD = (
    "import resource, subprocess, sys; code = subprocess.call(sys.argv[1:]); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); sys.exit(code)"
)


def replay(*args: str) -> tuple[int, list[dict], str, int]:
    """The real `riichi replay ... --format jsonl`: (exit code, records, stderr, peak RSS in MB)."""
    command = [sys.executable, "-m", "riichi_cli", "replay", *args, "--format", "jsonl"]
    p = subprocess.run(
        [sys.executable, "-c", PEAK_OF_CHILD, *command], env=ENV, capture_output=True, timeout=120
    )
    records = [json.loads(line) for line in p.stdout.splitlines()]
    err, _, peak = p.stderr.decode().rstrip("\n").rpartition("\n")
    return p.returncode, records, err, int(peak) // 1024


def spoilt(path: list, value: object) -> str:
    """The example log as JSON text with the value at ``path`` replaced by a raw JSON token."""
    log = copy.deepcopy(EXAMPLE)
    node = log
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = "@@"
    return json.dumps(log, ensure_ascii=False).replace('"@@"', str(value))


FAULTS = {
    "score 1e400": (["log", 0, 1, 0], "1e400"),
    "score Infinity": (["log", 0, 1, 2], "Infinity"),
    "score -Infinity": (["log", 0, 1, 2], "-Infinity"),
    "delta NaN": (["log", 0, 16, 1, 0], "NaN"),
    "kyoku 1e400": (["log", 0, 0, 0], "1e400"),
    "kyoku 10**20": (["log", 0, 0, 0], str(10**20)),
    "winner 1e400": (["log", 0, 16, 2, 0], "1e400"),
    "honba -5": (["log", 0, 0, 1], "-5"),
    "sticks 1e400": (["log", 0, 0, 2], "1e400"),
    "final sc Infinity": (["sc", 0], "Infinity"),
}


@pytest.mark.parametrize("fault", list(FAULTS))
def test_a_bad_number_costs_its_round_only(fault):
    path, token = FAULTS[fault]
    text = spoilt(path, token)
    got = riichi_cli.replay(text)  # raised OverflowError before issue 23
    json.dumps(got, allow_nan=False)
    for d in got:
        assert d.get("honba") is None or 0 <= d["honba"] <= 999
        assert d.get("kyoku") is None or d["kyoku"] in {f"{w}{n}" for w in "ESWN" for n in range(1, 5)}
    if path[0] == "log":
        assert [d["kind"] for d in got] == ["error"] and got[0]["error"]["code"] == "bad_round"
        assert len(got[0]["error"]["message"]) < 300


def test_a_folder_of_good_logs_and_bad_numbers_replays_every_good_one(tmp_path):
    good = json.dumps(EXAMPLE, ensure_ascii=False)
    for i in range(6):
        (tmp_path / f"g{i:02}.json").write_text(good, encoding="utf-8")
    for i, (path, token) in enumerate(FAULTS.values()):
        (tmp_path / f"b{i:02}.json").write_text(spoilt(path, token), encoding="utf-8")
    code, records, err, _ = replay(str(tmp_path))
    assert "Traceback" not in err and "internal error" not in err, err
    wins = [d for d in records if d["kind"] == "win"]
    assert {d["source"].rsplit("/", 1)[1] for d in wins} >= {f"g{i:02}.json" for i in range(6)}
    assert code == 1


def mjlog(body: str) -> str:
    return ('<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="a" n1="b" n2="c" n3="d"/>'
            '<INIT seed="0,0,0,3,2,52" ten="250,250,250,250" oya="0" hai0="1,2,3,4,5,6,7,8,9,10,11,12,13" '
            'hai1="14,15,16,17,18,19,20,21,22,23,24,25,26" hai2="27,28,29,30,31,32,33,34,35,36,37,38,39" '
            'hai3="40,41,42,43,44,45,46,47,48,49,50,51,53"/>' + body + "</mjloggm>")  # fmt: skip


AGARI = (
    '<AGARI ba="0,0" hai="1,2,3" machi="3" ten="30,1000,0" yaku="{}" doraHai="52" who="0" fromWho="1" '
    'sc="{}"/>'
)


@pytest.mark.parametrize(
    "name, body",
    [
        ("yaku flood", AGARI.format("1," * 2_000_000 + "1", "250,10,250,-10,250,0,250,0")),
        ("sc flood", AGARI.format("1,1", "250,10," * 1_000_000 + "1")),
        ("T flood", "<T1/>" * 2_000_000),
        ("T digits", "<T" + "9" * 5_000_000 + "/>"),
        ("hai attribute", '<N who="0" m="' + "1" * 5_000_000 + '"/>'),
    ],
)
def test_floods_are_one_short_error_in_bounded_memory(tmp_path, name, body):
    path = tmp_path / "game.mjlog.gz"
    path.write_bytes(gzip.compress(mjlog(body).encode(), 6))
    code, records, err, peak_mb = replay(str(path))
    assert code in (1, 2) and "Traceback" not in err
    assert records and all(len(json.dumps(d)) < 1000 for d in records)  # a 485 MB line before
    assert records[0]["kind"] == "error" and records[0]["round"] == 0
    assert peak_mb < 300


def test_kyoku_and_honba_out_of_range_in_mjlog_are_refused(tmp_path):
    for seed, why in [("100000000000000000000,0,0,3,2,52", "round number"), ("0,-5,0,3,2,52", "honba"),
                      ("16,0,0,3,2,52", "round number")]:  # fmt: skip
        text = mjlog(AGARI.format("1,1", "250,10,250,-10,250,0,250,0")).replace("0,0,0,3,2,52", seed)
        got = riichi_cli.replay(text)
        assert got[0]["kind"] == "error" and why in got[0]["error"]["message"], got[0]
        assert got[0]["honba"] is None and got[0]["kyoku"] is None


def test_every_replay_record_here_matches_the_schema(tmp_path):
    from jsonschema import Draft202012Validator

    check = Draft202012Validator(bundled("replay"))
    for path, token in FAULTS.values():
        for d in riichi_cli.replay(spoilt(path, token)):
            assert not list(check.iter_errors(d)), d


def test_an_mjai_flood_is_one_short_error(tmp_path):
    hand = json.dumps(["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p"])
    start = ('{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,'
             '"scores":[25000,25000,25000,25000],"tehais":[' + ",".join([hand] * 4) + "]}")  # fmt: skip
    lines = ['{"type":"start_game","names":["a","b","c","d"]}', start]
    lines += ['{"type":"tsumo","actor":0,"pai":"5m","x":1e400}'] * 200_000
    path = tmp_path / "flood.mjson"
    path.write_text("\n".join(lines) + "\n")
    code, records, err, peak_mb = replay(str(path))
    assert "Traceback" not in err and records[0]["kind"] == "error"
    assert all(len(json.dumps(d)) < 1000 for d in records) and peak_mb < 300


def spoilt_many(faults: list[str]) -> str:
    log = copy.deepcopy(EXAMPLE)
    for n, fault in enumerate(faults):
        path = FAULTS[fault][0]
        node = log
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = f"@@{n}"
    text = json.dumps(log, ensure_ascii=False)
    for n, fault in enumerate(faults):
        text = text.replace(f'"@@{n}"', FAULTS[fault][1])
    return text


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(sorted(FAULTS)), min_size=2, max_size=4, unique=True))
def test_several_faults_in_one_log_are_one_record_each(faults):
    # The issue-13 fuzzers put one fault in each input; here two to four at once.
    got = riichi_cli.replay(spoilt_many(faults))
    json.dumps(got, allow_nan=False)
    assert got and all(d["kind"] in ("error", "win", "draw") for d in got)
