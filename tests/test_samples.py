"""Every sample hand scores as its file's header comment says.

``sample_hands/*.yaml`` hold hands that score (``riichi batch sample_hands/*.yaml`` exits 0);
``sample_hands/refused/*.yaml`` hold hands refused on purpose (furiten, no yaku, ...).
``sample_hands/settle/`` (hand settlement, not scoring) is not checked here.

Each file states its expected results, worked out by hand, in one comment line per hand:

    # expect[0]: ok han=4 fu=30 yakuman=0 limit=none total=7700 yaku=riichi,pinfu,dora
    # expect[1]: error=furiten

For ``ok`` lines the fields ``han fu yakuman limit total yaku`` are required (``none`` for null);
``yaku`` is the set of yaku ids (order free; ``a,b|c`` accepts either set) and an optional
``pay=E:0,S:7700,W:-7700,N:0`` gives each seat's payment.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import riichi_cli

SAMPLES = Path(__file__).resolve().parent.parent / "sample_hands"
REFUSED = SAMPLES / "refused"
TOP_FILES = sorted(SAMPLES.glob("*.yaml"))
REFUSED_FILES = sorted(REFUSED.glob("*.yaml"))
FILES = TOP_FILES + REFUSED_FILES
EXPECT = re.compile(r"^#\s*expect\[(\d+)\]:\s*(.*?)\s*$")
REQUIRED = ("han", "fu", "yakuman", "limit", "total", "yaku")


def name(path: Path) -> str:
    """The path below sample_hands/, e.g. ``refused/furiten-ron.yaml``."""
    return path.relative_to(SAMPLES).as_posix()


def hands_of(path: Path) -> list[dict]:
    """The hands of a batch file: one mapping, a list, a mapping with ``hands:`` (and ``defaults:``)."""
    hands: list[dict] = []
    for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")):
        if isinstance(doc, dict) and "hands" in doc:
            defaults = doc.get("defaults") or {}
            hands += [{**defaults, **hand} for hand in doc["hands"]]
        elif isinstance(doc, list):
            hands += doc
        elif doc is not None:
            hands.append(doc)
    return hands


def expectations(path: Path) -> dict[int, dict]:
    """``{index: {field: text}}`` from the ``# expect[i]:`` lines of a file."""
    found: dict[int, dict] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = EXPECT.match(line)
        if not m:
            continue
        index, words = int(m.group(1)), m.group(2).split()
        assert index not in found, f"{name(path)}: expect[{index}] given twice"
        assert words and (words[0] == "ok" or words[0].startswith("error=")), f"{name(path)}: {line}"
        fields = dict(w.split("=", 1) for w in words if "=" in w)
        if words[0] == "ok":
            missing = [k for k in REQUIRED if k not in fields]
            assert not missing, f"{name(path)}: expect[{index}] lacks {missing}"
        found[index] = fields
    return found


def number(text: str) -> int | None:
    return None if text == "none" else int(text)


def check(result: dict, expected: dict, where: str) -> None:
    if "error" in expected:
        assert result["ok"] is False, f"{where}: expected {expected['error']}, got {result['points']}"
        assert result["error"]["code"] == expected["error"], f"{where}: {result['error']}"
        return
    assert result["ok"], f"{where}: {result['error']}"
    got = {
        "han": result["han"],
        "fu": result["fu"],
        "yakuman": result["yakuman"],
        "limit": result["limit"],
        "total": result["points"]["total"],
    }
    want = {
        "han": number(expected["han"]),
        "fu": number(expected["fu"]),
        "yakuman": int(expected["yakuman"]),
        "limit": None if expected["limit"] == "none" else expected["limit"],
        "total": int(expected["total"]),
    }
    assert got == want, where
    ids = {y["id"] for y in result["yaku"]}
    choices = [set(alt.split(",")) for alt in expected["yaku"].split("|")]
    assert ids in choices, f"{where}: yaku {sorted(ids)}, expected {expected['yaku']}"
    if "pay" in expected:
        pay = {seat: int(v) for seat, v in (p.split(":") for p in expected["pay"].split(","))}
        assert result["payments"] == pay, where


def _cases() -> list[object]:
    """One (file, index) case per expectation line, so each hand passes or fails on its own."""
    cases = []
    for path in FILES:
        try:
            indexes = sorted(expectations(path))
        except AssertionError:
            indexes = []  # reported by test_sample_file_structure
        cases += [pytest.param(path, i, id=f"{name(path)}#{i}") for i in indexes]
    return cases


def test_enough_sample_files() -> None:
    assert len(FILES) >= 44, f"only {len(FILES)} sample files"
    assert REFUSED_FILES, f"no refused samples in {REFUSED}"


@pytest.mark.parametrize("path", TOP_FILES, ids=name)
def test_top_level_hands_all_score(path: Path) -> None:
    """``riichi batch sample_hands/*.yaml`` must exit 0: refused hands belong in refused/."""
    errors = {i: f["error"] for i, f in expectations(path).items() if "error" in f}
    assert not errors, f"{name(path)}: refused hands {errors} belong in refused/{path.name}"


@pytest.mark.parametrize("path", REFUSED_FILES, ids=name)
def test_refused_hands_all_refused(path: Path) -> None:
    """refused/ holds only hands refused on purpose; hands that score belong at the top level."""
    scored = sorted(i for i, f in expectations(path).items() if "error" not in f)
    assert not scored, f"{name(path)}: expect{scored} score; they belong in {path.name}"


@pytest.mark.parametrize("path", FILES, ids=name)
def test_sample_file_structure(path: Path) -> None:
    """Every hand has an id and exactly one expectation; no expectation lacks its hand."""
    hands = hands_of(path)
    expected = expectations(path)
    assert hands, f"{name(path)} holds no hands"
    assert expected, f"{name(path)} has no '# expect[i]:' line"
    assert sorted(expected) == list(range(len(hands))), (
        f"{name(path)}: {len(hands)} hands but expectations for {sorted(expected)}"
    )
    for i, hand in enumerate(hands):
        assert isinstance(hand, dict) and hand.get("id") is not None, f"{name(path)}#{i} has no id"


@pytest.mark.parametrize(("path", "index"), _cases())
def test_sample_hand(path: Path, index: int) -> None:
    hands = hands_of(path)
    assert index < len(hands), f"{name(path)}: expect[{index}] but only {len(hands)} hands"
    hand = hands[index]
    check(riichi_cli.score(hand), expectations(path)[index], f"{name(path)}#{index} ({hand.get('id')})")


def test_sample_ids_unique() -> None:
    ids = [hand.get("id") for path in FILES for hand in hands_of(path)]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
