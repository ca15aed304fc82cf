"""The one-pass reading of a mapping (io/one_pass.py) answers exactly as the key-by-key reading.

`build_request` tries `quick_request` first and falls back to the full reading when it returns None.
A fast path that accepted a mapping the full reading refuses, or read a value differently, would change
answers silently: so every mapping here is read both ways (the full reading alone when ``echo`` is
given) and the two must agree: the same `Request`, or quick None.
"""

from __future__ import annotations

import copy

import majiang
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riichi_cli.core.errors import RiichiError
from riichi_cli.core.rules import DEFAULT_PRESET, PRESETS
from riichi_cli.io.mapping import build_request
from riichi_cli.io.one_pass import quick_request

DEFAULT = PRESETS[DEFAULT_PRESET]

BASE = [
    {"hand": "123456s234m55p789s", "win": "ron", "from": "W", "dora": ["1m"]},
    {"hand": "11122233344455z", "win": "tsumo", "seat_wind": "E", "round_wind": "E"},
    {"hand": "234m067p345s55z pon:777z", "win_tile": "5z", "win": "ron", "from": "N", "dora": "3p"},
    {"hand": "23455m ankan:1111z chi:789s pon:055p", "win": "tsumo", "rinshan": True, "honba": 2},
    {"hand": "19m19p19s1234567z1m", "win": "ron", "from": "W", "riichi": True, "ippatsu": True},
]

KEYS = [
    "hand", "win_tile", "win", "from", "round_wind", "seat_wind", "dora", "ura", "honba",
    "riichi_sticks", "rules", "rule_options", "id", "kita", "chankan", "riichi", "double_riichi",
    "ippatsu", "haitei", "houtei", "rinshan", "tenhou", "chiihou", "renhou", "discards", "hnd",
]  # fmt: skip

VALUES = [
    None, True, False, 0, 1, 2, -1, 5, 10**6, 1.0, "", "E", "S", "W", "N", "e", "X", "east",
    "ron", "tsumo", "Ron", "1m", "0m", "0p", "5z", "7z", "9s", "1x", ["1m"], ["0p", "0p"],
    ["5m", "5m", "5m", "5m"], [], "1m2m", "tenhou", "mleague", "majsoul", "ema", "sanma", "nope",
    {"double_yakuman": True}, {"aka_dora": 0}, {"kiriage": True}, {"bogus": 1}, {},
    "123456s234m55p789s", "2345m ankan:1111z chi:789s pon:055p", "11z", [1, 2], {"a": 1},
]  # fmt: skip


def both(mapping: dict) -> tuple[object, object]:
    """(quick answer or None, full answer or the full reading's error class)."""
    quick = None
    try:
        quick = quick_request(copy.deepcopy(mapping), DEFAULT)
    except RiichiError as e:  # quick must never refuse: it hands refusals to the full reading
        pytest.fail(f"quick_request raised {e!r} on {mapping!r}")
    try:
        full: object = build_request(copy.deepcopy(mapping), DEFAULT, echo={})
    except RiichiError as e:
        full = type(e)
    return quick, full


def agree(mapping: dict) -> bool:
    quick, full = both(mapping)
    if quick is None:
        return True
    assert quick == full, f"{mapping!r}: one pass {quick!r}, full reading {full!r}"
    return True


@pytest.mark.skipif(not majiang.HULE.exists(), reason=f"conformance hands not found at {majiang.HULE}")
def test_conformance_mappings_read_alike():
    taken = 0
    for item in majiang.load():
        mapping = majiang.to_mapping(item)
        quick, full = both(mapping)
        assert quick is not None, f"the one pass left a plain mapping to the full reading: {mapping!r}"
        assert quick == full, mapping
        taken += 1
    assert taken >= 1000


def test_base_mappings_take_the_one_pass():
    for mapping in BASE:
        quick, full = both(mapping)
        assert quick is not None and quick == full, mapping


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(BASE),
    st.lists(st.tuples(st.sampled_from(KEYS), st.sampled_from(VALUES)), max_size=4),
    st.lists(st.sampled_from(KEYS), max_size=2),
)
def test_changed_mappings_read_alike(base, changes, dropped):
    mapping = dict(base)
    for key in dropped:
        mapping.pop(key, None)
    for key, value in changes:
        mapping[key] = value
    assert agree(mapping)
