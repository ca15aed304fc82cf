"""The output's templates (issue 22) against the numbers worked out without them.

A result's points, payments and situation are copied from templates found by keys the scorer packs
(`Points.kept_id`, `Result.numbers`, seat numbers); a result made otherwise (`replace`: no kept id,
no numbers) goes the long way. Both must give the same dicts for every counter, deposit and rule.
"""

from __future__ import annotations

import pytest

from riichi_cli.core.points import Points, hand_points, payments, seat_number
from riichi_cli.core.record import replace
from riichi_cli.core.rules import Rules
from riichi_cli.core.scoring import Result, score_request, win_numbers
from riichi_cli.core.templates import Templates
from riichi_cli.io.mapping import build_request
from riichi_cli.io.report import honba_collected, points_dict, result_dict

HANDS = [
    {"hand": "123456s234m55p chi:789s", "win": "ron", "from": "W", "seat_wind": "S"},
    {"hand": "123456s234m55p chi:789s", "win": "tsumo", "seat_wind": "S"},
    {"hand": "234567m2278p456s9p", "riichi": True, "dora": ["1p"], "seat_wind": "E"},
    {"hand": "234567m2278p456s9p", "win": "tsumo", "seat_wind": "E", "round_wind": "S"},
    {"hand": "11122233344455z", "win": "tsumo", "seat_wind": "N"},  # yakuman: no numbers
    {"hand": "1133557799m1199p", "win": "ron", "seat_wind": "W"},  # seven pairs
]
HANDS_OF_THREE = [  # no 2m-8m, no chi
    {"hand": "123p456p789s11z555s", "win": "tsumo", "seat_wind": "S", "riichi": True},
    {"hand": "123p456p789s11z555s", "win": "ron", "seat_wind": "E", "riichi": True},
    {"hand": "111999m123p456s77z", "win": "tsumo", "seat_wind": "E"},
]
RULES = [Rules(), Rules(honba_points=1500)]
RULES_OF_THREE = [Rules(players=3), Rules(players=3, tsumo_loss=False)]


def _pairs() -> list[tuple[dict, Rules]]:
    pairs = [(hand, rules) for hand in HANDS for rules in RULES]
    return pairs + [(hand, rules) for hand in HANDS_OF_THREE for rules in RULES_OF_THREE]


def _results() -> list[Result]:
    return [score_request(build_request(hand, rules)) for hand, rules in _pairs()]


def _plain(res: Result) -> Result:
    """The same result without the scorer's keys: its Points not kept, no numbers."""
    pts = res.points
    fresh = Points(pts.ron, pts.tsumo_dealer, pts.tsumo_other, pts.payers)
    return replace(res, points=fresh)


@pytest.mark.parametrize("honba", [None, 0, 1, 7, 2000])
@pytest.mark.parametrize("sticks", [None, 0, 3, 40])
def test_a_result_from_templates_is_the_one_worked_out(honba, sticks):
    for res in _results():
        plain = _plain(res)
        assert plain.points.kept_id == -1 and plain.numbers == -1
        for _ in range(2):  # the second time from the templates the first one kept
            assert result_dict(res, None, None, honba, sticks) == result_dict(
                plain, None, None, honba, sticks
            )
        ctx = res.context
        counters = ctx.honba if honba is None else honba
        deposits = ctx.riichi_sticks if sticks is None else sticks
        points = points_dict(
            res.points.total,
            res.points.ron is not None,
            honba_collected(counters, ctx.tsumo, res.rules),
            1000 * deposits,
        )
        if res.points.ron is None:
            points["tsumo"] = {"dealer": res.points.tsumo_dealer, "non_dealer": res.points.tsumo_other}
        assert result_dict(res, None, None, honba, sticks)["points"] == points


def test_payments_by_kept_points_and_seat_numbers_are_the_worked_out_ones():
    for res in _results():
        ctx = res.context
        for honba, sticks in ((0, 0), (3, 1), (1023, 31), (5000, 2)):
            expected = payments(_plain(res).points, ctx.seat_wind, ctx.discarder, honba, sticks, res.rules)
            for _ in range(2):
                got = payments(res.points, ctx.seat_wind, ctx.discarder, honba, sticks, res.rules)
                assert got == expected and list(got) == list(expected)
        assert res.discarder_number() == seat_number(ctx.discarder)
        assert res.payments == payments(
            _plain(res).points, ctx.seat_wind, ctx.discarder, ctx.honba, ctx.riichi_sticks, res.rules
        )


def test_kept_points_are_numbered_in_order_and_never_change():
    first = hand_points(960, dealer=False, tsumo=True)
    assert first.kept_id >= 0 and hand_points(960, dealer=False, tsumo=True) is first
    assert Points(None, 2000, 1000).kept_id == -1  # made otherwise: not kept


def test_win_numbers_fit_or_say_so():
    assert win_numbers(-1, -1, 0, None) == 0
    assert win_numbers(3, 30, 0, None) != win_numbers(3, 40, 0, None)
    assert win_numbers(5, 40, 0, "mangan") != win_numbers(5, 40, 0, None)
    assert win_numbers(63, 30, 0, None) == -1 and win_numbers(3, 255, 0, None) == -1
    assert win_numbers(3, 30, 3, None) == -1 and win_numbers(3, 30, 0, "galaxy") == -1


def test_templates_keep_the_first_value_of_a_key_and_at_most_their_limit():
    table: Templates[dict] = Templates(100)
    assert [table.put(key * 1_000_003, {"key": key}) for key in range(100)] == list(range(100))
    assert table.put(5 * 1_000_003, {"key": "again"}) == -1  # the first stays
    assert table.put(2**46, {"key": "over"}) == -1  # beyond the limit: not kept
    assert [table.get(key * 1_000_003) for key in range(100)] == [{"key": key} for key in range(100)]
    assert table.get(2**46) is None and table.get(7) is None


def test_a_result_keeps_the_payments_its_dict_lists():
    for hand, rules in _pairs():
        for _ in range(2):  # worked out, then from the template: a fresh copy, the result's own
            res = score_request(build_request(hand, rules))
            out = result_dict(res)
            assert out["payments"] is res.payments
            assert out == result_dict(_plain(score_request(build_request(hand, rules))))
