"""The ``needs`` column of the yaku table: `find_yaku` skips a row's test when the reading lacks a fact
the row names, so a row must never name a fact its test can hold without.

Checked on every reading of the golden hands, of the 2,000 conformance hands (when present) and of
generated hands: wherever a test holds, the reading has every fact its row needs. The facts themselves
are checked against their definitions, worked out from the reading's sets and situation.
"""

from __future__ import annotations

import majiang
import pytest
from hypothesis import given
from test_golden import ALL
from test_properties import PROPERTY_SETTINGS, deals

from riichi_cli.core import yaku as Y
from riichi_cli.core import yaku_facts as F
from riichi_cli.core.reading import Reading, readings
from riichi_cli.io.mapping import build_request


def _readings(mapping: dict) -> list[Reading]:
    try:
        req = build_request(mapping)
    except Exception:  # refused hands have no readings to check
        return []
    return readings(req.hand, req.context, req.rules)


def _expected_facts(r: Reading) -> int:
    """`reading_facts` from the definitions, the slow way."""
    ctx = r.ctx
    rare = (ctx.double_riichi, ctx.ippatsu, ctx.haitei, ctx.houtei, ctx.rinshan, ctx.chankan, ctx.renhou)
    facts = F.SITUATION if any(rare) else 0
    if any(t >= 27 for t in r.trips):
        facts |= F.HONOR_TRIP
    if any(r.counts[t] for t in range(27, 34)):
        facts |= F.HONOR
    if len(r.seqs) >= 2:
        facts |= F.TWO_SEQS
    if len(r.seqs) >= 3:
        facts |= F.THREE_SEQS
    if len(r.trips) >= 3:
        facts |= F.THREE_TRIPS
    tiles = [t for t in range(34) if r.counts[t]]
    orphan = [t >= 27 or t % 9 in (0, 8) for t in tiles]
    facts |= F.RIICHI if ctx.riichi else 0
    facts |= F.TSUMO if ctx.tsumo else 0
    facts |= F.SIMPLES if not any(orphan) else 0
    facts |= F.ALL_ORPHANS if all(orphan) else 0
    facts |= F.ONE_SUIT if len({t // 9 for t in tiles}) == 1 else 0
    facts |= F.SEVEN_PAIRS if r.form == "chiitoitsu" else 0
    if r.form == "standard" and (r.pair >= 27 or r.pair % 9 in (0, 8)):
        facts |= F.END_PAIR
    facts |= F.WIND_TRIP if any(27 <= t <= 30 for t in r.trips) else 0
    facts |= F.DRAGON_TRIP if any(t >= 31 for t in r.trips) else 0
    facts |= F.DRAGON_PAIR if r.form == "standard" and r.pair in (31, 32, 33) else 0
    facts |= F.REPEATED_SEQ if len(set(r.seqs)) < len(r.seqs) else 0
    facts |= F.SEQS_EVERY_SUIT if {t // 9 for t in r.seqs} == {0, 1, 2} else 0
    facts |= F.STRAIGHT_SEQS if any(all(s + d in r.seqs for d in (0, 3, 6)) for s in (0, 9, 18)) else 0
    facts |= F.OUTSIDE_SEQS if r.seqs and all(t % 9 in (0, 6) for t in r.seqs) else 0
    facts |= F.FOUR_SEQS if len(r.seqs) == 4 else 0
    facts |= F.RYANMEN if r.wait == "ryanmen" else 0
    facts |= F.TWO_SUITS if len({t // 9 for t in tiles}) == 2 else 0
    return facts


def _check(mapping: dict) -> int:
    """Check every row on every reading of a hand; how many (row, reading) tests held."""
    held = 0
    for r in _readings(mapping):
        facts = F.reading_facts(r)
        assert facts == _expected_facts(r), (mapping, r.sets)
        table = Y.YAKU if r.closed else [y for y in Y.YAKU if y.open_han]
        tested = [row for row in table if row.test(r)]
        for row in tested:
            assert row.needs & facts == row.needs, (row.id, mapping)
        assert Y.find_yaku(r) == tested, mapping
        held += len(tested)
    return held


def test_needs_hold_on_the_golden_hands() -> None:
    held = sum(_check(dict(p.values[0])) for p in ALL)
    assert held > 200  # the golden set lists every yaku: the check is not vacuous


def test_needs_hold_on_the_conformance_hands() -> None:
    if not majiang.HULE.is_file():
        pytest.skip(f"conformance data not found: {majiang.HULE}")
    assert sum(_check(majiang.to_mapping(item)) for item in majiang.load()) > 2000


@PROPERTY_SETTINGS
@given(deals())
def test_needs_hold_on_generated_hands(deal) -> None:
    _check(deal.mapping())


def test_the_blocked_table_is_each_values_walk_over_the_rows():
    """`_BLOCKED` is built from the rows each fact bit blocks; a walk over every row for each value of
    each byte must give the same table."""
    direct = [Y._blocked_by(b, v) & Y._LOW_ROWS for b in range(Y._FACT_BYTES) for v in range(256)]
    assert Y._BLOCKED == direct
    assert any(direct[1:256]) and any(direct[257:512])  # (the table does block rows)
