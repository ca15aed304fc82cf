"""Fuzzing the API and the batch reader (issue 13), bounded for CI.

Three properties over generated notation, mappings and YAML/JSON-lines documents:
no exception escapes the API, every result is strict JSON (no NaN, no Infinity, no int too long
to print), and every batch input yields exactly one record per hand it holds (or one record for
the whole input when it cannot be read). `bench/fuzz_batch.py` runs the same checks for longer.
"""

from __future__ import annotations

import io
import json
import math

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_detail_ids import source_details

import riichi_cli
from riichi_cli.core.context import IMPOSSIBLE
from riichi_cli.core.rules import resolve_rules
from riichi_cli.files import loader
from riichi_cli.files.batch import results
from riichi_cli.io.mapping import KEYS
from riichi_cli.settle.settlement import settle_checked

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULES = resolve_rules()

NOTATION = st.text(alphabet="0123456789mpsz chiponkaknx:\t\n[]{}", max_size=40)
TILES = st.sampled_from(["1m", "5m", "0p", "9s", "7z", "4s1z", "", "8z", "55"])


class Big(int):
    """A huge int that hypothesis can still print in a failure report."""

    def __repr__(self) -> str:
        return f"<int of {int(math.log10(abs(self))) + 1} digits>"


SCALARS = (
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10) | NOTATION | TILES
    | st.sampled_from([5000, 4299, -5000]).map(lambda n: Big(10 ** abs(n) * (1 if n > 0 else -1)))
)  # fmt: skip
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
MAPPINGS = st.dictionaries(st.sampled_from(sorted(KEYS)) | st.text(max_size=6), VALUES, max_size=7)


def strict(obj: object) -> None:
    """Raises unless ``obj`` is strict JSON that parses back."""
    json.loads(json.dumps(obj, allow_nan=False))


#: The error codes of docs/output.md, and every detail id the source can raise.
CODES = {"invalid_notation", "invalid_hand", "invalid_context", "unreadable", "not_a_win", "no_yaku",
         "below_minimum", "furiten"}  # fmt: skip
DETAILS = source_details() | set(IMPOSSIBLE)


def refusal_is_sound(result: dict) -> None:
    """A refusal: ``ok`` false, a documented code, a one-line message, a known detail (or none)."""
    assert result["ok"] is False
    error = result["error"]
    assert error["code"] in CODES, error
    assert error["message"] and "\n" not in error["message"], error
    assert error.get("detail") is None or error["detail"] in DETAILS, error


def score_is_sound(result: dict) -> None:
    """A scored win adds up: yaku, han and fu, the winner's gain is hand + honba + deposits and the
    payments sum to the deposits taken from the table; a refusal is `refusal_is_sound`."""
    strict(result)
    if not result["ok"]:
        refusal_is_sound(result)
        return
    assert result["yaku"] and (result["han"] or result["yakuman"])
    points, payments = result["points"], result["payments"]
    winner = result["seat_wind"]
    assert payments[winner] == points["total"] + points["honba"] + points["deposits"]
    assert sum(payments.values()) == points["deposits"]
    assert all(isinstance(v, int) and not isinstance(v, bool) for v in payments.values())


@FUZZ
@given(NOTATION, st.one_of(st.none(), TILES))
def test_notation_never_escapes(text, win_tile):
    score_is_sound(riichi_cli.score({"hand": text, "win_tile": win_tile}))


VALID = ["234567m2278p456s9p", "123456s234m55p chi:789s", "11123455678999m", "1122m3344p5566s77z"]
SITUATION_KEYS = [
    "riichi",
    "win",
    "honba",
    "riichi_sticks",
    "dora",
    "seat_wind",
    "round_wind",
    "ippatsu",
    "from",
]
SITUATION_VALUES = [True, False, "tsumo", "ron", 0, 2, 5, "1p", ["3m", "1z"], "E", "S", "N"]


@FUZZ
@given(
    st.sampled_from(VALID),
    st.dictionaries(st.sampled_from(SITUATION_KEYS), st.sampled_from(SITUATION_VALUES), max_size=5),
)
def test_valid_hands_in_any_situation_add_up(hand, situation):
    score_is_sound(riichi_cli.score({"hand": hand, **situation}))


@FUZZ
@given(MAPPINGS | VALUES)
def test_mappings_never_escape(mapping):
    score_is_sound(riichi_cli.score(mapping))
    wins = riichi_cli.settle({"wins": [mapping], "honba": 1})
    checked = settle_checked(mapping)[0]
    for result in (
        riichi_cli.waits(mapping),
        riichi_cli.shanten(mapping),
        riichi_cli.settle(mapping),
        wins,
        checked,
    ):
        strict(result)
        if not result["ok"]:
            refusal_is_sound(result)


@FUZZ
@given(st.lists(MAPPINGS, min_size=1, max_size=4))
def test_score_many_yields_one_result_per_mapping(mappings):
    got = list(riichi_cli.score_many(mappings))
    assert len(got) == len(mappings)
    for d in got:
        strict(d)


def big_as_marker(value: object) -> object:
    if isinstance(value, Big):
        return "<big>"
    if isinstance(value, list):
        return [big_as_marker(v) for v in value]
    if isinstance(value, dict):
        return {k: big_as_marker(v) for k, v in value.items()}
    return value


def batch_of(data: bytes) -> list[dict]:
    """`riichi batch -` on ``data``, as records (parsed back strictly: NaN would be refused)."""
    groups = results(["-"], 1, RULES, lambda: io.BytesIO(data))
    return [json.loads(text, parse_constant=refuse) for group in groups for text, _, _ in group]


def refuse(name: str) -> None:
    raise ValueError(f"{name} is not strict JSON")


def to_yaml(value: object) -> str | None:
    try:
        return yaml.safe_dump(value, allow_unicode=True)
    except (yaml.YAMLError, ValueError, TypeError):
        return None


@FUZZ
@given(st.lists(MAPPINGS, min_size=1, max_size=5))
def test_yaml_list_yields_one_record_per_hand(hands):
    text = to_yaml([{k: (int(v) if isinstance(v, Big) else v) for k, v in h.items()} for h in hands])
    if text is None:
        return
    got = batch_of(text.encode())
    for d in got:
        strict(d)
    if len(got) == 1 and got[0]["error"] and got[0]["error"]["code"] == "unreadable":
        return  # a document PyYAML writes but cannot read back (rare): one record for the input
    assert [d["source"] for d in got] == [f"-#{i}" for i in range(len(hands))]


@FUZZ
@given(st.lists(MAPPINGS.map(big_as_marker), min_size=1, max_size=5))
def test_json_lines_yield_one_record_per_line(hands):
    # Huge ints are written as their digits (json.dumps cannot), NaN and Infinity as Python does.
    lines = [json.dumps(h, default=str).replace('"<big>"', "9" * 5000) for h in hands]
    got = batch_of("\n".join(lines).encode() + b"\n")
    assert [d["source"] for d in got] == [f"-#{i}" for i in range(len(hands))]
    for d in got:
        strict(d)


@FUZZ
@given(st.binary(max_size=300) | st.text(max_size=200).map(str.encode))
def test_any_bytes_yield_records_never_an_exception(data):
    got = batch_of(data)
    assert got  # at least one record: the input is never lost
    for d in got:
        strict(d)
    assert [d["source"] for d in got] == [f"-#{i}" for i in range(len(got))]


@FUZZ
@given(st.lists(st.binary(max_size=60), min_size=1, max_size=6))
def test_json_line_streams_with_garbage_lines(junk):
    # A first line that is a JSON object makes the stream JSON lines: each other non-blank line
    # is then one record, whatever it holds.
    lines = [b'{"hand": "234567m2278p456s9p"}'] + [j.replace(b"\n", b" ").replace(b"\r", b" ") for j in junk]
    got = batch_of(b"\n".join(lines) + b"\n")
    assert len(got) == sum(1 for line in lines if line.strip())
    for d in got:
        strict(d)


def test_loader_keeps_oversized_numbers_as_markers():
    ((_, item),) = loader.stdin_items(b"hand: 1m\nid: " + b"9" * 5000 + b"\n")
    assert isinstance(item["id"], loader.Oversized) and "5000 digits" in repr(item["id"])
