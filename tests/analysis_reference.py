"""The reference results of `riichi analyze` (../shared/analysis, read in place): where they are, how a
line becomes the engine's Problem. Shared by tests/test_analyze_reference.py and bench/bench_analyze.py
(no pytest here: the bench runs in an install without it)."""

from __future__ import annotations

import json
from pathlib import Path

from riichi_cli.analysis.expected import Problem
from riichi_cli.core.notation import parse_written
from riichi_cli.core.rules import resolve_rules

FOLDER = Path(__file__).resolve().parents[2] / "shared" / "analysis"
#: Tenhou's rules as the reference program scores them: it counts suuankou tanki (and the other
#: double yakuman) twice, which Tenhou does not (on 149m11122366p677s the expected scores are 0.1-1%
#: lower with single yakuman; tenpai and win are the same).
REFERENCE_RULES = resolve_rules("tenhou", {"double_yakuman": True})
WINDS = {"1z": "E", "2z": "S", "3z": "W", "4z": "N"}


def reference_lines(setting: str) -> list[dict]:
    """The lines of oracle-``setting``.jsonl (``on`` or ``off``), none when the folder is absent."""
    path = FOLDER / f"oracle-{setting}.jsonl"
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def problem_of(line: dict) -> Problem:
    """The Problem of a reference line: its winds and options, `REFERENCE_RULES`."""
    hand = parse_written(line["hand"])
    return Problem(
        hand.counts,
        hand.reds,
        dora=tuple(parse_written(line["dora_indicators"]).pairs()),
        round_wind=WINDS[line["round_wind"]],
        seat_wind=WINDS[line["seat_wind"]],
        rules=REFERENCE_RULES,
        turn=line["t_min"],
        hand_changes=line["tegawari"],
        shanten_back=line["shanten_down"],
        extra=line["extra"],
        ura=line["uradora"],
    )
