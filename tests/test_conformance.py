"""All 2,000 majiang-core conformance hands (../shared/conformance/hule-dev.json, read in place).

Each hand must agree with the reference on han (``fanshu``; null for yakuman), fu (not for yakuman),
the yakuman multiplier (``damanguan``), the points before honba and deposits (``defen``), each seat's
payment (``fenpei``, seats 0-3 = E S W N) and the yaku list (ids and han, in any order).

One test scores every hand and reports the first mismatches with the total count: 2,000 parametrized
cases would spend more time collecting than scoring.
"""

from __future__ import annotations

from collections import Counter

import majiang
import pytest

import riichi_cli

SHOW = 10


def _require_data() -> list[dict]:
    if not majiang.HULE.is_file():
        pytest.skip(f"../shared/conformance/hule-dev.json not found: {majiang.HULE}")
    return majiang.load()


def _our_yaku(result: dict) -> Counter:
    return Counter((y["id"], y["yakuman"] if "yakuman" in y else y["han"]) for y in result["yaku"] or [])


def mismatches(item: dict, result: dict) -> list[str]:
    """What differs between our result and the reference output of one conformance hand."""
    out = item["out"]
    if not result["ok"]:
        return [f"not scored: {result['error']}"]
    problems = []

    def check(what: str, ours: object, theirs: object) -> None:
        if ours != theirs:
            problems.append(f"{what}: ours {ours!r}, reference {theirs!r}")

    if out["damanguan"]:
        check("han", result["han"], None)
        check("yakuman", result["yakuman"], out["damanguan"])
        check("limit", result["limit"], "yakuman")
    else:
        check("han", result["han"], out["fanshu"])
        check("fu", result["fu"], out["fu"])
        check("yakuman", result["yakuman"], 0)
    check("points", result["points"]["total"], out["defen"])
    check("payments", result["payments"], dict(zip(majiang.SEATS, out["fenpei"])))
    check("yaku", sorted(_our_yaku(result).elements()), sorted(majiang.expected_yaku(item)))
    return problems


def test_conformance_data_is_complete():
    items = _require_data()
    assert len(items) == 2000
    assert len({item["index"] for item in items}) == 2000


def test_all_conformance_hands_agree():
    items = _require_data()
    failures = []
    for item in items:
        mapping = majiang.to_mapping(item)
        problems = mismatches(item, riichi_cli.score(mapping))
        if problems:
            where = f"#{item['index']} {item['in']['shoupai']} -> {mapping['hand']!r}"
            failures.append(f"{where}: {'; '.join(problems)}")
    shown = "\n".join(failures[:SHOW])
    assert not failures, f"{len(failures)} of {len(items)} conformance hands disagree; first {SHOW}:\n{shown}"


def test_mismatch_report_notices_a_wrong_answer():
    """The comparison itself can fail: a doctored reference output is reported on every field."""
    items = _require_data()
    item = next(i for i in items if not i["out"]["damanguan"])
    result = riichi_cli.score(majiang.to_mapping(item))
    assert mismatches(item, result) == []
    doctored = {**item, "out": {**item["out"], "fu": (item["out"]["fu"] or 0) + 10}}
    doctored["out"]["fanshu"] += 1
    doctored["out"]["defen"] += 100
    doctored["out"]["fenpei"] = list(reversed(item["out"]["fenpei"]))
    doctored["out"]["hupai"] = item["out"]["hupai"] + [{"name": "一発", "fanshu": 1}]
    found = {p.split(":")[0] for p in mismatches(doctored, result)}
    assert found == {"han", "fu", "points", "payments", "yaku"}
