"""`riichi analyze`'s engine against the reference results of ../shared/analysis (read in place).

Every discard of the 40 reference hands, hand changes on and off: tenpai and win probability within
1e-6, expected score within 1e-6 relative (README of that folder: the model and the line format).
"""

from __future__ import annotations

import os

import pytest
from analysis_reference import FOLDER, problem_of, reference_lines

from riichi_cli.analysis import expected_graph
from riichi_cli.analysis.expected import analyze_problem

SETTINGS = ("on", "off")


#: The big hands (hand changes on, shanten 2 and 3) take seconds to minutes each uncompiled: they run
#: when the engine is compiled (an installed package) or when RIICHI_ANALYZE_ALL=1 asks for them.
COMPILED = expected_graph.__file__.endswith((".so", ".pyd"))
RUN_BIG = COMPILED or os.environ.get("RIICHI_ANALYZE_ALL") == "1"
BIG = pytest.mark.skipif(not RUN_BIG, reason="uncompiled engine: set RIICHI_ANALYZE_ALL=1 to run it")


def _cases() -> list:
    cases = []
    for setting in SETTINGS:
        for line in reference_lines(setting):
            mark = [pytest.mark.slow, BIG] if line["shanten"] >= 2 and setting == "on" else []
            cases.append(pytest.param(line, id=f"{setting}-{line['shanten']}-{line['hand']}", marks=mark))
    return cases


CASES = _cases()


@pytest.mark.skipif(not CASES, reason=f"reference results not found in {FOLDER}")
@pytest.mark.parametrize("line", CASES or [None])
def test_reference_hand(line: dict) -> None:
    check_line(line)


def check_line(line: dict) -> None:
    """Every discard of a reference line against the engine's numbers."""
    got = analyze_problem(problem_of(line))
    assert got.unseen == line["wall_sum"]
    assert got.shanten == line["shanten"]
    rows = {d.tile: d for d in got.discards}
    assert sorted(rows) == sorted(s["discard"] for s in line["stats"])
    for stat in line["stats"]:
        row = rows[stat["discard"]]
        assert row.shanten == stat["shanten_after"], stat["discard"]
        assert [[t, n] for t, n in row.acceptance] == stat["necessary"], stat["discard"]
        assert row.acceptance_count == stat["n_necessary"]
        assert row.tenpai[0] == pytest.approx(stat["tenpai"], abs=1e-6), stat["discard"]
        assert row.win[0] == pytest.approx(stat["win"], abs=1e-6), stat["discard"]
        assert row.ev[0] == pytest.approx(stat["ev"], rel=1e-6, abs=1e-9), stat["discard"]


#: One hand-changes-on hand two from tenpai that runs uncompiled too: its graph has 13,160 14-tile
#: states (6,780 13-tile ones), so the draw edges (state << 3 | copies, 4 bytes a number) of the states
#: numbered 8,192 and up carry a third byte, which no smaller graph of the suite has; in riichi and not,
#: and across the edges where the third byte changes. ~8 s uncompiled.
LARGE_GRAPH = "149m11122366p677s"


@pytest.mark.slow
@pytest.mark.skipif(not CASES, reason=f"reference results not found in {FOLDER}")
def test_a_graph_whose_numbers_need_a_third_byte() -> None:
    (line,) = [line for line in reference_lines("on") if line["hand"] == LARGE_GRAPH]
    check_line(line)
