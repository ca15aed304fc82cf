"""`core.win_tally.tally` counts what `score_reading` counts: on every reading of the 2,000 conformance
hands (../shared/conformance, read in place), of the wins `riichi analyze` meets in the reference
problems (../shared/analysis) and of hand-picked renhou hands (the flat mangan), the tally is the
result's han, fu and (for a yakuman or a flat mangan) points, and None where there is no result."""

from __future__ import annotations

import majiang
import pytest
from analysis_reference import problem_of, reference_lines

from riichi_cli.analysis import expected
from riichi_cli.analysis.expected_graph import Graph, Shanten, count_of
from riichi_cli.core.context import Context
from riichi_cli.core.decompose import standard_splits
from riichi_cli.core.hand import Hand
from riichi_cli.core.reading import Reading, readings
from riichi_cli.core.rules import Rules
from riichi_cli.core.scoring import Result, score_reading
from riichi_cli.core.win_tally import tally
from riichi_cli.io.mapping import build_request


def expected_tally(r: Reading) -> tuple[int, int, int] | None:
    """The tally as read off the full result (the oracle)."""
    res = score_reading(r)
    if not isinstance(res, Result):
        return None
    fixed = res.points.total if res.yakuman or res.fu is None else 0
    return res.han or 0, res.fu or 0, fixed


def disagreements(hand: Hand, ctx: Context, rules: Rules) -> list[str]:
    out = []
    found = readings(hand, ctx, rules)
    for r in found:
        ours, theirs = tally(r), expected_tally(r)
        if ours != theirs:
            out.append(f"{hand.notation()} ({r.form}, wait {r.wait}): tally {ours}, result {theirs}")
    # `riichi analyze` hands `readings` the splits of the concealed tiles it made once per hand.
    given = readings(hand, ctx, rules, standard_splits(hand.concealed))
    if [_shape(r) for r in given] != [_shape(r) for r in found]:
        out.append(f"{hand.notation()}: other readings from the splits given")
    return out


def _shape(r: Reading) -> tuple[object, ...]:
    return r.form, r.sets, r.pair, r.wait, r.win_tile


def test_every_reading_of_the_conformance_hands() -> None:
    if not majiang.HULE.is_file():
        pytest.skip(f"../shared/conformance/hule-dev.json not found: {majiang.HULE}")
    failures: list[str] = []
    yakuman = counted = 0
    for item in majiang.load():
        req = build_request(majiang.to_mapping(item))
        failures += disagreements(req.hand, req.context, req.rules)
        yakuman += 1 if item["out"]["damanguan"] else 0
        counted += 0 if item["out"]["damanguan"] else 1
    assert not failures, f"{len(failures)} readings disagree; first: {failures[:5]}"
    assert yakuman > 0 and counted > 1000  # both kinds of result were compared


def test_every_win_of_the_small_reference_problems() -> None:
    """The wins `riichi analyze` scores (tsumo, riichi, the reference's dora) in the reference
    problems without hand changes, shanten 0-2 (the graphs a pure Python run builds quickly)."""
    lines = [line for line in reference_lines("off") if line["shanten"] <= 2]
    if not lines:
        pytest.skip("../shared/analysis reference results not found")
    failures: list[str] = []
    wins = 0
    for line in lines:
        p = problem_of(line)
        start = expected._start_key(p)
        pool = expected._pool(p, start)
        shanten = Shanten(0, 4)
        s0, kept = shanten.near(start[0], start[1], -1)
        g = Graph(start, pool, shanten, s0, s0, True)
        expected._top_discards(g, start, s0, kept)
        g.expand()
        ctx = Context(tsumo=True, round_wind="E", seat_wind="S", riichi=True, dora=(p.dora[0][0],))
        for w in range(len(g.win_hi)):
            counts = [0] * 34
            for k in range(37):
                counts[k if k < 34 else (4, 13, 22)[k - 34]] += count_of(g.win_hi[w], g.win_lo[w], k)
            win = g.win_kind[w] if g.win_kind[w] < 34 else (4, 13, 22)[g.win_kind[w] - 34]
            failures += disagreements(Hand(tuple(counts), win, (), (0, 0, 0), False), ctx, p.rules)
            wins += 1
    assert not failures, f"{len(failures)} readings disagree; first: {failures[:5]}"
    assert wins > 300


@pytest.mark.parametrize(
    "hand, rules",
    [
        ("123m456p55p789s13s2s", "ema2025"),  # no yaku: the flat mangan alone
        ("234567m2278p456s6p", "ema2025"),  # tanyao pinfu 2000 < the flat mangan
        ("1112223456799m8m", "ema2025"),  # chinitsu haneman beats the flat mangan
        ("123m456p55p789s13s2s", "wrc2022"),  # renhou a 5-han yaku
    ],
)
def test_renhou_hands(hand: str, rules: str) -> None:
    req = build_request({"hand": hand, "renhou": True, "rules": rules})
    assert disagreements(req.hand, req.context, req.rules) == []
    assert any(tally(r) is not None for r in readings(req.hand, req.context, req.rules))
