"""Issue 23, point 1: inputs that carry several faults at once never take the run down.

The issue-13 fuzzers put one fault in each input; a hand with six copies of a tile *and* a bad
context crashed the refusal's echo. Here every hand fault is combined with every context fault
(and hypothesis mixes two of each), through every API function, each batch format and the CLI.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import riichi_cli
from riichi_cli.core.rules import resolve_rules
from riichi_cli.files.batch import results

ROOT = Path(__file__).resolve().parents[1]
GOOD = "234567m2278p456s9p"
RULES = resolve_rules()

#: Hands that are each wrong one way, several of them past what any hand holds (counts, reds, size).
BAD_HANDS = [
    "444444m12p456s111z",  # six copies: the crash
    "4444444444m12p456s111z",  # ten copies, too many tiles
    "00000m12p456s111z",  # five red fives
    "000000m2p456s111z",  # six red fives
    "5555550m2p456s11z",  # six fives and a red one
    "1111111z2p456s11z",  # seven of an honour
    "8z8z8z234m567p11s",  # no such honour
    "9" * 300 + "m",  # long
    "123m456p789s1z1z chi:111m",  # a chi that is no run
    "",
]
#: Contexts that are each wrong one way.
BAD_CONTEXTS = [
    {"honba": -1},
    {"kita": 1},
    {"seat_wind": "X"},
    {"dora": "5m5m5m5m5m5m"},
    {"dora": "9x"},
    {"win_tile": "4m"},
    {"riichi": True, "ippatsu": True, "double_riichi": True, "rinshan": True},
    {"honba": 10**5000},
    {"riichi_sticks": float("nan")},
    {"win": "draw"},
    {"discards": "4m" * 40},
]

HAND_FAULTS = st.sampled_from(BAD_HANDS)
CONTEXT_FAULTS = st.lists(st.sampled_from(BAD_CONTEXTS), min_size=1, max_size=3).map(
    lambda parts: {k: v for part in parts for k, v in part.items()}
)


def strict(obj: object) -> None:
    json.loads(json.dumps(obj, allow_nan=False))


@pytest.mark.parametrize("hand", BAD_HANDS)
@pytest.mark.parametrize("context", BAD_CONTEXTS, ids=lambda c: ",".join(c))
def test_every_pair_of_faults_is_a_refusal(hand, context):
    mapping = {"hand": hand, **context}
    for fn in (riichi_cli.score, riichi_cli.waits, riichi_cli.shanten, riichi_cli.settle):
        result = fn(mapping)
        strict(result)
    assert riichi_cli.score(mapping)["ok"] is False


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(HAND_FAULTS, CONTEXT_FAULTS, st.sampled_from(["score", "waits", "shanten", "settle"]))
def test_mixed_faults_never_escape(hand, context, fn):
    result = getattr(riichi_cli, fn)({"hand": hand, **context})
    strict(result)


def batch_records(data: bytes) -> list[dict]:
    groups = results(["-"], 1, RULES, lambda: io.BytesIO(data))
    return [json.loads(text) for group in groups for text, _, _ in group]


def test_batch_keeps_every_good_hand_around_multi_fault_records():
    # good, bad, good, bad, ... in JSON lines and in a YAML list: every good hand is scored.
    mappings = []
    for hand in BAD_HANDS:
        for context in BAD_CONTEXTS[:4]:
            mappings += [{"hand": GOOD}, {"hand": hand, **context}]
    lines = b"".join(json.dumps(m).encode() + b"\n" for m in mappings)
    got = batch_records(lines)
    assert len(got) == len(mappings)
    assert [d["ok"] for d in got[::2]] == [True] * (len(mappings) // 2)
    assert not any(d["ok"] for d in got[1::2])
    text = "".join(f"- {json.dumps(m)}\n" for m in mappings)
    got = batch_records(text.encode())
    assert [d["ok"] for d in got] == [True, False] * (len(mappings) // 2)


def riichi(*args: str, input: bytes | None = None) -> tuple[int, bytes, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.run(
        [sys.executable, "-m", "riichi_cli", *args], input=input, capture_output=True, env=env, timeout=60
    )
    return p.returncode, p.stdout, p.stderr.decode()


@pytest.mark.parametrize("extra", [["--kita", "1"], ["--honba", "-1"], ["--dora", "9x"]])
def test_cli_refuses_six_copies_with_a_bad_context(extra):
    code, _, err = riichi("score", "444444m12p456s111z", *extra)
    assert code == 2 and "internal error" not in err and err.startswith("riichi: invalid_")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_batch_with_jobs_goes_past_the_six_copies(jobs):
    lines = [{"hand": GOOD}, {"hand": "444444m12p456s111z", "honba": -1}, {"hand": GOOD}]
    data = b"".join(json.dumps(m).encode() + b"\n" for m in lines) * 3
    code, out, err = riichi("batch", "-", "--format", "jsonl", "--jobs", jobs, input=data)
    got = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and [d["ok"] for d in got] == [True, False, True] * 3, err


# -- 3. min_han 0 is refused: a hand without yaku is never a win ------------------------------------

NO_YAKU = "123456m456p789s1z1z"  # closed ron, no yaku: scored `ok: true, han: 0` before issue 23


@pytest.mark.parametrize("option", [["--rule", "min_han=0"], ["--rule", "min_han=0", "--svg", "x.svg"]])
def test_min_han_zero_is_a_usage_error(option, tmp_path):
    option = [str(tmp_path / o) if o.endswith(".svg") else o for o in option]
    code, out, err = riichi("score", NO_YAKU, *option, "--json")
    assert code == 2 and "min_han" in err and "from 1 to" in err and "Traceback" not in err
    assert not (tmp_path / "x.svg").exists()


def test_min_han_zero_in_files_and_api_is_refused():
    result = riichi_cli.score({"hand": NO_YAKU, "rule_options": {"min_han": 0}})
    assert result["ok"] is False and result["error"]["code"] == "invalid_context"
    assert "min_han" in result["error"]["message"]
    assert riichi_cli.table({"rules": "tenhou", "rule_options": {"min_han": 0}})["ok"] is False


def test_a_hand_built_rules_object_still_never_wins_without_yaku():
    from riichi_cli.core.rules import Rules

    result = riichi_cli.score({"hand": NO_YAKU}, rules=Rules(min_han=0))
    assert result["ok"] is False and result["error"]["code"] == "no_yaku"
    assert riichi_cli.score({"hand": NO_YAKU, "dora": "1z"}, rules=Rules(min_han=0))["ok"] is False


@pytest.mark.parametrize("hand", BAD_HANDS[:6])
def test_settlements_with_several_faults_are_refusals(hand):
    for mapping in [
        {
            "wins": [{"hand": hand, "seat_wind": "S", "honba": -1}, {"hand": hand, "seat_wind": "X"}],
            "honba": -1,
        },
        {"wins": [{"hand": hand, "from": "E", "kita": 1}], "riichi_sticks": 10**5000, "round_wind": "Q"},
        {"draw": {"kind": "exhaustive", "tenpai": [hand, 5]}, "scores": {"E": float("nan")}, "honba": -1},
    ]:
        result = riichi_cli.settle(mapping)
        strict(result)
        assert result["ok"] is False
