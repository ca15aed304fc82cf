"""`riichi batch` writes each result's JSON text straight from the scored Result (`io.result_text`):
the text must be byte-identical to encoding the docs/output.md dict (`report.score`), which the golden
and conformance tests check by hand.

Compared on every conformance hand (read in place; skipped when absent), every sample hand (four and
three players, every preset the samples name), generated hands with melds and red fives, and odd ids
and sources; refusals go through the encoder itself.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring
from pathlib import Path

import majiang
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi_cli.core.rules import resolve_rules
from riichi_cli.files.loader import file_items
from riichi_cli.io.report import score
from riichi_cli.io.result_text import ENCODE, _source_head, id_text, score_record

SAMPLES = Path(__file__).resolve().parents[1] / "sample_hands"


def plain(mapping: dict, rules, source: str | None = None) -> tuple[str, bool, str | None]:
    """The record the batch wrote before: the dict, encoded."""
    d = score(mapping, rules, source)
    return ENCODE(d), d["ok"], None if d["ok"] else d["error"]["code"]


def test_encoder_is_the_strict_one():
    assert ENCODE({"a": "é", "b": [1.5, None, True]}) == json.dumps(
        {"a": "é", "b": [1.5, None, True]}, ensure_ascii=False, allow_nan=False
    )


@pytest.mark.skipif(not majiang.HULE.is_file(), reason="conformance data absent (../shared/conformance)")
def test_every_conformance_hand():
    rules = resolve_rules("tenhou", majiang.RULE_OPTIONS)
    for item in majiang.load():
        m = majiang.to_mapping(item)
        got = score_record(m, rules)
        assert got == plain(m, rules), m
        assert got[1] and json.loads(got[0])["points"]["total"] == item["out"]["defen"]


def sample_items() -> list[tuple[str, object]]:
    paths = sorted(SAMPLES.glob("*.yaml")) + sorted((SAMPLES / "sanma").glob("*.yaml"))
    paths += sorted((SAMPLES / "refused").glob("*.yaml"))
    assert len(paths) > 60
    return [(src, m) for path in paths for src, m in file_items(path)]


@pytest.mark.parametrize("preset", ["tenhou", "mleague", "ema", "tenhou3"])
def test_every_sample_hand(preset):
    rules = resolve_rules(preset)
    seen_ok = seen_refused = 0
    for src, m in sample_items():
        if not isinstance(m, dict):
            continue
        got = score_record(m, rules, src)
        assert got == plain(m, rules, src), (src, m)
        seen_ok += got[1]
        seen_refused += not got[1]
    assert seen_ok > 30 and seen_refused > 5  # both kinds compared


@pytest.mark.parametrize(
    "ident",
    [None, "a", 'quote " and \\ back', "é 東 \u2028", "\x00\x1f", 0, -7, 2**90, 1.5, -0.0, 1e300, 3.0, True]
    + [False],
)
def test_ids_and_sources(ident):
    rules = resolve_rules()
    m = {"id": ident, "hand": "234567m2278p456s9p", "riichi": True, "dora": ["1p"]}
    assert id_text(ident) == ENCODE(ident)
    sources = [
        "hands.yaml#1",
        'dir/"odd" é.yaml#3',
        "a#b#12",
        "#5",
        "x#",
        "x#\u0661\u0662",
        "x#05",
        "-#0",
        "\\#3",
    ]
    for source in [None, *sources, "\x01\u2028#2", "hands.yaml#1"]:  # (the last: its head kept)
        assert score_record(m, rules, source) == plain(m, rules, source)


TILES = st.sampled_from([f"{d}{s}" for s in "mps" for d in range(10)] + [f"{d}z" for d in range(1, 8)])
MELDS = st.sampled_from(
    ["chi:789s", "chi:406m", "chi:340p", "pon:555z", "pon:505m", "kan:7777p", "ankan:1111z", "kakan:0555s"]
)


@settings(max_examples=150, deadline=None)
@given(
    concealed=st.lists(TILES, min_size=2, max_size=14),
    melds=st.lists(MELDS, max_size=4),
    win=st.sampled_from(["ron", "tsumo"]),
    seat=st.sampled_from("ESWN"),
    flags=st.fixed_dictionaries({}, optional={"riichi": st.just(True), "honba": st.integers(0, 5)}),
)
def test_generated_hands(concealed, melds, win, seat, flags):
    """Mostly refusals (random tiles rarely win), with every meld kind and red fives in the wins."""
    rules = resolve_rules()
    m = {"hand": "".join(concealed) + "".join(" " + x for x in melds), "win": win, "seat_wind": seat, **flags}
    assert score_record(m, rules) == plain(m, rules)


WINS = [
    "123m456p789s111z22z",  # honor triplet
    "11223344556677z",  # seven pairs of honors: tsuuiisou, yakuman
    "119m19p19s1234567z",  # kokushi
    "19m19p19s1234567z9m",  # kokushi 13-sided wait
    "223344m556677p55s",  # ryanpeikou with red-capable fives
    "234m406p678s55z ankan:1111z",
    "22z chi:123m pon:555z kan:7777p kakan:0555s",
]


@pytest.mark.parametrize("hand", WINS)
@pytest.mark.parametrize("win", ["ron", "tsumo"])
def test_shapes(hand, win):
    for preset in ("tenhou", "tenhou3", "ema"):
        rules = resolve_rules(preset)
        m = {"hand": hand, "win": win, "seat_wind": "E", "honba": 2, "riichi_sticks": 1}
        assert score_record(m, rules) == plain(m, rules)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.text(max_size=8), st.sampled_from(["#", "#0", "#12", "#\u0661", "", "#x", "##3"])),
        max_size=6,
    )
)
def test_a_source_head_is_the_encoded_source(sources):
    for where, tail in sources + sources:  # each again: the kept file part is used, or changed
        source = where + tail
        assert _source_head(source) == '{"source": ' + encode_basestring(source) + ', "id": '
