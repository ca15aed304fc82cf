"""Tables never hide the answer (issue 20, points 2-4): at 140, 120, 100, 80 and 60 columns a view
wraps at words instead of cutting, numbers are never cut, the batch shows each file's base name,
the id and the whole refusal, and the English names of `score` stay.

The views are printed in process through a terminal-sized console (Rich reads FORCE_COLOR and
COLUMNS; NO_COLOR keeps the text plain), which is what a terminal of that width shows.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from riichi_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
REFUSED = str(ROOT / "sample_hands" / "refused")
WIDTHS = (140, 120, 100, 80, 60)
LOG = ROOT.parent / "shared" / "logs" / "mjlog" / "2010081709gm-00a9-0000-fe3371ad.mjlog"
EXAMPLE_LOG = ROOT / "examples" / "logs"


def on_width(width: int | None, *args: str) -> str:
    """What `riichi ARGS` prints on a terminal ``width`` columns wide (None: piped)."""
    env = {"NO_COLOR": "1", "RIICHI_TILES": ""}
    if width is not None:
        env.update({"COLUMNS": str(width), "FORCE_COLOR": "1", "TTY_COMPATIBLE": "1"})
    result = CliRunner().invoke(main, list(args), env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.stdout


def squeezed(text: str) -> str:
    """The text with every space and line end taken out: wrapped words read on as one."""
    return re.sub(r"\s+", "", text)


def check_never_cut(text: str, width: int) -> None:
    assert "…" not in text, text
    too_long = [line for line in text.splitlines() if len(line.rstrip()) > width]
    assert not too_long, too_long


@pytest.mark.parametrize("width", WIDTHS)
def test_batch_shows_every_refusal_whole(width):
    results = [json.loads(x) for x in on_width(None, "batch", REFUSED, "--format", "jsonl").splitlines()]
    assert len(results) > 20
    text = on_width(width, "batch", REFUSED)
    check_never_cut(text, width)
    flat = squeezed(text)
    for d in results:
        answer = f"{d['error']['code']}: {d['error']['message']}"
        assert squeezed(answer) in flat, answer
        if width >= 80:  # the file's base name with the hand's index, and the id, each whole
            tokens = text.split()
            assert os.path.basename(d["source"]) in tokens, d["source"]
            assert d["id"] in tokens, d["id"]


@pytest.mark.parametrize("width", (100, 80))
def test_batch_keeps_the_last_yaku(width):
    text = on_width(width, "batch", str(ROOT / "sample_hands" / "riichi-pinfu-dora.yaml"), *_ittsu())
    check_never_cut(text, width)
    assert "Riichi, Pinfu, Dora 2" in " ".join(text.split())


def _ittsu() -> list[str]:
    samples = ROOT / "sample_hands"
    return [str(samples / "ittsu.yaml"), str(samples / "refused" / "furiten-ron.yaml")]


def test_piped_batch_keeps_the_full_source():
    text = on_width(None, "batch", REFUSED)
    assert text.splitlines()[1].startswith(f"{REFUSED}/aka-dora.yaml#0")


def _numbers(text: str) -> Counter:
    return Counter(t for t in text.split() if re.fullmatch(r"[+-]?\d[\dhx]*", t))


def _log() -> str:
    if LOG.exists():
        return str(LOG)
    logs = sorted(EXAMPLE_LOG.glob("*")) if EXAMPLE_LOG.exists() else []
    if not logs:
        pytest.skip(f"no game log at {LOG} or in {EXAMPLE_LOG}")
    return str(logs[0])


@pytest.mark.parametrize("width", WIDTHS)
def test_replay_never_cuts_a_number(width):
    log = _log()
    piped = on_width(None, "replay", log)
    text = on_width(width, "replay", log)
    check_never_cut(text, width)
    # every number of the piped view (values, scores, counts) is on the terminal too, whole
    assert _numbers(text) == _numbers(piped)


@pytest.mark.parametrize("width", WIDTHS)
def test_rules_of_a_preset_wrap_the_meaning(width):
    from riichi_cli.core.rules import DESCRIPTIONS, PRESETS, option_items

    text = on_width(width, "rules", "tenhou")
    check_never_cut(text, width)
    flat, tokens = squeezed(text), text.split()
    for key, _ in option_items(PRESETS["tenhou"]):
        assert key in tokens, key
        assert squeezed(DESCRIPTIONS[key]) in flat, DESCRIPTIONS[key]


@pytest.mark.parametrize("width", WIDTHS)
def test_rules_list_every_value(width):
    from riichi_cli.core.rules import PRESETS

    text = on_width(width, "rules")
    check_never_cut(text, width)
    piped = on_width(None, "rules")
    assert set(text.split()) == set(piped.split())  # a narrow terminal may repeat the preset column
    for name in PRESETS:
        assert name in text.split()


@pytest.mark.parametrize("width", (100, 80, 60))
def test_score_keeps_the_english_names(width):
    # double South (seat and round), dora: four lines with notes; the English column stays
    hand = ("123m456p789s11222z", "--ron", "--dora", "1z", "--round", "S", "--seat", "S")
    text = on_width(width, "score", *hand)
    check_never_cut(text, width)
    flat = squeezed(text)
    for english in ("Seat wind", "Round wind"):
        assert squeezed(english) in flat, english


@pytest.mark.parametrize(
    "args",
    [
        ("waits", "1112345678999m"),
        ("shanten", "123m456p789s12377z"),
        ("settle", str(ROOT / "sample_hands" / "settle" / "double-ron.yaml")),
        ("table",),
        ("table", "--rules", "tenhou3"),
    ],
)
def test_other_views_fit_sixty_columns(args):
    text = on_width(60, *args)
    check_never_cut(text, 60)
    assert _numbers(text) == _numbers(on_width(None, *args))
