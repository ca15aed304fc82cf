"""Differential test of three-player scoring against the `mahjong` library's sanma mode (2.1.0, test-only).

Random three-player wins from `test_sanma_properties.sanma_deals()` are scored by `riichi_cli.score` under
``tenhou3`` and by `HandCalculator.estimate_hand_value` with ``OptionalRules(is_three_player=True)`` and
``HandConfig(num_nuki_dora=kita)``. Where both call the hand a win, han, fu (not for yakuman), the yakuman
count, each payer's share, the winner's total (honba and deposits included) and the yaku must agree.

Where the library's model matches ours, and what is left out:

- Tsumo loss: the library's sanma mode pays a tsumo with one non-dealer payer less (tsumo loss) and 200 per
  honba (100 from each tsumo payer), as ``tenhou3``. It has no North bisection, so ``tsumo_loss: false``
  is not compared here (the golden tests and properties cover it).
- Kita: the library adds the nuki dora to its ``dora`` item (each kita 1, plus 1 per indicator at North,
  and per ura indicator at North with riichi); we list ``kita`` (the count) as its own item and count the
  indicators at North in ``dora`` / ``ura_dora``. The comparison folds our ``kita`` into ``dora``.
- Red fives: ``aka_dora`` 2 (copy 0 of 5p and 5s) or 0, which the library's ``has_aka_dora`` matches
  exactly since a three-player set has no 5m.
- As in `test_differential`: rinshan gets the tsumo fu, open pinfu shapes are 30 fu, pinfu tsumo 20 fu,
  yakuman stack without cap, a double wind pair is 4 fu.
- A rinshan win after a kita without a kan: the library does not check rinshan at all, so it agrees.
"""

from __future__ import annotations

import sys

import pytest

pytest.importorskip("mahjong")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402
from oracle import hand_config  # noqa: E402
from test_differential import compare as four_player_compare  # noqa: E402
from test_differential import library_inputs as four_player_inputs  # noqa: E402
from test_properties import Deal  # noqa: E402
from test_sanma_properties import sanma_deals  # noqa: E402

import riichi_cli  # noqa: E402
from riichi_cli.analysis.shanten import shanten  # noqa: E402


def library_inputs(deal: Deal) -> dict:
    """`test_differential.library_inputs` with the library's three-player mode (and ``kita`` as nuki dora)."""
    inputs = four_player_inputs(deal)
    inputs["config"] = hand_config(deal.context, aka=deal.aka > 0, three_player=True)
    return inputs


def our_yaku_folded(result: dict) -> list[tuple[str, int]]:
    """Our yaku as the library lists them: ``kita`` added to ``dora``."""
    items: dict[str, int] = {}
    for y in result["yaku"]:
        key = "dora" if y["id"] == "kita" else y["id"]
        items[key] = items.get(key, 0) + (y["yakuman"] if "yakuman" in y else y["han"])
    return sorted(items.items())


def compare(deal: Deal) -> list[str]:
    """`test_differential.compare` with the library in sanma mode and our kita folded into dora."""
    return four_player_compare(deal, library_inputs(deal), our_yaku_folded)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sanma_deals())
def test_agrees_with_the_mahjong_library_in_three_player_mode(deal):
    problems = compare(deal)
    assert not problems, "; ".join(problems) + f"\n{deal.mapping()}"


def _deal(text: list[int], win_index: int, dora: list, **context) -> Deal:
    """A closed hand from kinds, copies counted up from 1 (copy 0, the red five, left out)."""
    seen: dict[int, int] = {}
    concealed = []
    for k in text:
        seen[k] = seen.get(k, 0) + 1
        concealed.append((k, seen[k]))
    ctx = {"win": "ron", "seat_wind": "S", "round_wind": "E", "honba": 0, "riichi_sticks": 0, **context}
    return Deal(concealed, win_index, [], dora, [], None, ctx, "tenhou3", 2, "standard")


# 23467p34556788s8p: pin 2 3 4 6 7, sou 3 4 5 5 6 7 8 8, then the winning 8p
PINFU_TANYAO = [10, 11, 12, 14, 15, 20, 21, 22, 22, 23, 24, 25, 25, 16]


def test_a_known_kita_hand_agrees():
    # riichi + pinfu + tanyao 3, kita 2, West indicator -> 2 dora: 7 han haneman 12000 (see test_sanma)
    deal = _deal(PINFU_TANYAO, 13, [(29, 0)], riichi=True, kita=2, honba=1, riichi_sticks=1)
    result = riichi_cli.score(deal.mapping())
    assert (result["han"], result["points"]["total"]) == (7, 12000)
    assert compare(deal) == []


def test_a_known_tsumo_loss_hand_agrees():
    # menzen tsumo + pinfu + tanyao + kita 3 = 6 han haneman: 3000 / 6000, total 9000 with tsumo loss
    deal = _deal(PINFU_TANYAO, 13, [(27, 0)], win="tsumo", kita=3, honba=2)
    assert riichi_cli.score(deal.mapping())["points"]["total"] == 9000
    assert compare(deal) == []


def test_the_comparison_reports_a_difference(monkeypatch):
    """The oracle is consulted: drop the library's nuki dora and the han and yaku differ."""
    deal = _deal(PINFU_TANYAO, 13, [(27, 0)], riichi=True, kita=2)
    real = library_inputs

    def without_kita(d: Deal) -> dict:
        inputs = real(d)
        inputs["config"].num_nuki_dora = 0
        return inputs

    monkeypatch.setattr(sys.modules[__name__], "library_inputs", without_kita)
    assert {p.split(":")[0] for p in compare(deal)} >= {"han", "yaku"}


# -- shanten ------------------------------------------------------------------------------------

KINDS = (0, 8, *range(9, 34))


@st.composite
def sanma_counts(draw, size: int = 13) -> list[int]:
    """Random concealed counts of the 108-tile set, often with three or four 1m and 9m."""
    counts = [0] * 34
    for k in (0, 8):
        counts[k] = draw(st.sampled_from((0, 0, 1, 2, 3, 4, 4)))
    while sum(counts) < size:
        t = draw(st.sampled_from([k for k in KINDS if counts[k] < 4]))
        counts[t] += 1
    return counts


@settings(max_examples=300, deadline=None)
@given(sanma_counts())
def test_shanten_agrees_with_the_library_in_three_player_mode(counts):
    """The library reads 1m and 9m as kinds without sequences, as we do (a fourth 1m is dead weight)."""
    ours = shanten(counts, 0, players=3)
    library = Shanten()
    assert ours.standard == library.calculate_shanten_for_regular_hand(counts, is_three_player=True)
    assert ours.best == library.calculate_shanten(counts, is_three_player=True)


def test_four_1m_and_four_9m_are_not_a_four_player_suit():
    # 1111m 9999m 67s 888s: four players read 111m + 1m(23m) as two blocks: 1-shanten. Three players:
    # 111m 999m 888s and 67s; the fourth 1m and 9m can pair with nothing, so a pair must be drawn from
    # scratch (2 draws) and 67s completed (1): 3 draws, 2-shanten.
    counts = [4, 0, 0, 0, 0, 0, 0, 0, 4] + [0] * 14 + [1, 1, 3] + [0] * 8
    assert shanten(counts).standard == 1
    assert shanten(counts, players=3).standard == 2
