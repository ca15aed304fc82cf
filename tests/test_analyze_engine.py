"""`riichi analyze`'s engine on hands whose answers can be worked out by hand, and its properties.

The closed forms: with riichi the hand is fixed, so a wait of k tiles wins with probability
1 - prod over the draws t of (1 - k / (S - t)), S the unseen tiles; a win paid V is worth that times V
(ura dora left out); ippatsu adds what the first draw's win gains, haitei what the last draw's gains.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi_cli.analysis.expected import Analysis, Problem, analyze_problem
from riichi_cli.analysis.expected_graph import NOT_HELD, Graph, Shanten, pack, packed
from riichi_cli.analysis.expected_solve import (
    Best14,
    Values13,
    _after_draw,
    _before_draw,
    _drawn,
    _states13,
    _states14,
    _successors,
)
from riichi_cli.analysis.expected_ura import hit_chances
from riichi_cli.analysis.shanten import shanten
from riichi_cli.core.errors import InvalidContext, InvalidHand
from riichi_cli.core.notation import parse_written
from riichi_cli.core.rules import resolve_rules

#: 123m 456p 789s 111z 2z wait on 2z (three left) after the 3z: riichi, menzen tsumo and East (the
#: round wind) are 3 han; 20 + 2 tsumo + 8 (concealed East triplet) + 2 tanki + 2 (South pair, the
#: seat wind) = 34 -> 40 fu; 1300 + 1300 + 2600 = 5200 by tsumo. With ippatsu or haitei 4 han 40 fu is
#: mangan: 2000 + 2000 + 4000 = 8000.
TANKI = "123m456p789s11123z"
TANKI_VALUE, MANGAN = 5200.0, 8000.0


def problem(hand: str, dora: str = "9p", **options: object) -> Problem:
    held = parse_written(hand)
    pairs = tuple(parse_written(dora).pairs())
    return Problem(held.counts, held.reds, held.melds, pairs, **options)  # type: ignore[arg-type]


def row(found: Analysis, tile: str):
    return next(d for d in found.discards if d.tile == tile)


def no_win(k: int, unseen: int, first: int, last: int = 17) -> float:
    """The chance that a wait of ``k`` tiles is not drawn at turns ``first``..``last``."""
    return math.prod(1 - k / (unseen - t) for t in range(first, last + 1))


@pytest.mark.parametrize("hand_changes", [True, False])
@pytest.mark.parametrize("turn", [1, 9, 17, 18])
def test_a_fixed_riichi_wait_wins_in_closed_form(hand_changes: bool, turn: int) -> None:
    found = analyze_problem(problem(TANKI, turn=turn, hand_changes=hand_changes, shanten_back=hand_changes))
    assert found.unseen == 136 - 14 - 1
    tanki = row(found, "3z")
    assert tanki.shanten == 0
    assert tanki.acceptance == (("2z", 3),)
    assert len(tanki.win) == 19 - turn
    for n, value in enumerate(tanki.win):
        assert value == pytest.approx(1 - no_win(3, 121, turn + n), abs=1e-12)
        assert tanki.tenpai[n] == 1.0
    assert tanki.win[-1] == 0.0 and tanki.ev[-1] == 0.0


def test_a_fixed_wait_without_ura_is_worth_its_win_chance_times_its_value() -> None:
    found = analyze_problem(problem(TANKI, hand_changes=False, shanten_back=False, ura=False))
    tanki = row(found, "3z")
    assert tanki.ev[0] == pytest.approx((1 - no_win(3, 121, 1)) * TANKI_VALUE, rel=1e-12)


FIXED = {"hand_changes": False, "shanten_back": False}


def test_the_ura_dora_are_expected_over_the_tiles_unseen_at_the_win() -> None:
    """TANKI won on 2z: 123m 456p 789s 111z 22z held, 9p the dora indicator, so 136 - 14 - 1 = 121 tiles
    unseen at the win (the 3z thrown goes back into the pool). One ura indicator: 9m (4 left), 1m 2m
    (3 each), 3p (4), 4p 5p (3 each), 6s (4), 7s 8s (3 each) find one dora each: 30 tiles; 1z (1 left)
    finds the 22z pair: 2; 4z (4 left) finds 111z: 3; the other 86 tiles find none. 3 han 40 fu = 5200,
    4 and 5 han are mangan 8000, 6 han haneman 12000 (non-dealer tsumo)."""
    tanki = row(analyze_problem(problem(TANKI, **FIXED)), "3z")
    expected = (86 * TANKI_VALUE + 31 * MANGAN + 4 * 12000) / 121
    assert tanki.ev[0] == pytest.approx((1 - no_win(3, 121, 1)) * expected, rel=1e-12)


def test_each_win_expects_its_own_ura() -> None:
    """11m 678p 99p 123s 456s after the 7z (dora indicator 5z): a shanpon on 1m and 9p (2 left each),
    riichi + tsumo, 20 + 2 + 8 (the concealed terminal triplet) = 30 fu: 2000; 3 han 4000, 4 han 7900,
    5 mangan 8000. 121 tiles unseen at the win. One ura hit each from 5p (4 left), 6p 7p (3), 9s (4),
    1s-5s (3 each): 29 tiles. Won on 1m: 9m (4 left) finds 111m, 3; 8p (3 left) finds 99p, 2. Won on
    9p: 9m finds 11m, 2; 8p finds 999p, 3. 85 tiles find none. So 1m: (85 x 2000 + 29 x 4000 + 3 x
    7900 + 4 x 8000) / 121 = 341700 / 121, 9p: 341600 / 121: the two differ in the sets of m and p only."""
    found = analyze_problem(problem("11m678p99p123s456s7z", "5z", **FIXED))
    shanpon = row(found, "7z")
    assert shanpon.acceptance == (("1m", 2), ("9p", 2))
    expected = (341700 + 341600) / 2 / 121
    assert shanpon.ev[0] == pytest.approx((1 - no_win(4, 121, 1)) * expected, rel=1e-12)


def test_two_ura_indicators_are_drawn_without_replacement() -> None:
    """Two dora indicators (9p 9p; kan ura under tenhou): two ura indicators from the 136 - 14 - 2 = 120
    tiles unseen at the win, C(120, 2) = 7140 pairs. As above, 85 tiles find no dora, 30 one, 1z two,
    4z (4) three: 0 hits 3570 pairs; 1: 85 x 30 = 2550; 2: 85 x 1 + C(30, 2) = 520; 3: 85 x 4 + 30 = 370;
    4: 30 x 4 = 120; 5: 4; 6: C(4, 2) = 6. 3 han 5200; 4-5 han 8000; 6-7 han 12000; 8-9 han baiman
    16000."""
    tanki = row(analyze_problem(problem(TANKI, dora="99p", **FIXED)), "3z")
    value = 3570 * TANKI_VALUE + (2550 + 520) * MANGAN + (370 + 120) * 12000 + (4 + 6) * 16000
    assert tanki.ev[0] == pytest.approx((1 - no_win(3, 120, 1)) * value / 7140, rel=1e-12)


def test_without_kan_ura_two_indicators_turn_one_ura_over() -> None:
    """As above with kan_ura off: one ura indicator from the 120 tiles unseen at the win (the second 9p
    indicator finds nothing held): 85 find none, 30 one, 1z two, 4z (4) three."""
    rules = resolve_rules("tenhou", {"kan_ura": False})
    tanki = row(analyze_problem(problem(TANKI, dora="99p", rules=rules, **FIXED)), "3z")
    expected = (85 * TANKI_VALUE + 31 * MANGAN + 4 * 12000) / 120
    assert tanki.ev[0] == pytest.approx((1 - no_win(3, 120, 1)) * expected, rel=1e-12)


def test_three_player_ura_dora_follow_the_108_tiles() -> None:
    """999m 456p 789s 111z 22z at three players (tenhou3, tsumo loss), won on 2z (3 left), dora
    indicator 5z. Riichi, tsumo, East: 3 han, 20 + 2 + 8 + 8 + 2 tanki + 2 (South pair) = 42 -> 50 fu,
    3200 + 1600 = 4800; 4-5 han mangan 6000, 6-7 haneman 9000. 108 - 14 - 1 = 93 unseen at the win.
    The ura indicator 1m finds 9m at three players (2m at four): 1m (4 left) and 4z (4) three hits, 1z
    (1) two, 3p (4), 4p 5p (3 each), 6s (4), 7s 8s (3 each) one: 20; 64 find none."""
    rules = resolve_rules("tenhou3")
    tanki = row(analyze_problem(problem("999m456p789s11123z", "5z", rules=rules, **FIXED)), "3z")
    expected = (64 * 4800 + 21 * 6000 + 8 * 9000) / 93
    assert tanki.ev[0] == pytest.approx((1 - no_win(3, 93, 1)) * expected, rel=1e-12)


#: TANKI with 123m replaced by a concealed kan of 1m (riichi stays possible): 15 tiles held. 3 han;
#: 20 + 2 tsumo + 8 (111z) + 32 (concealed terminal kan) + 2 tanki + 2 (South pair) = 66 -> 70 fu:
#: 70 x 32 = 2240, a mangan (8000) already; 6 and 7 han haneman 12000, 8-10 baiman 16000, 11 sanbaiman.
KAN_TANKI = "456p789s11123z ankan:1111m"


def test_ura_dora_under_a_concealed_kan_count_its_four_tiles() -> None:
    """One ura indicator from 136 - 15 - 1 = 120 tiles: 9m (4 left) finds the four 1m of the kan; 3p,
    6s (4 each), 4p 5p 7s 8s (3 each) one dora: 20 tiles; 1z (1 left) two; 4z (4) three; 91 none.
    Three ura or more (4z, 9m: 8 tiles) make 6-7 han, haneman; the other 112 tiles leave a mangan."""
    found = analyze_problem(problem(KAN_TANKI, **FIXED))
    assert found.unseen == 120
    tanki = row(found, "3z")
    expected = (112 * MANGAN + 8 * 12000) / 120
    assert tanki.ev[0] == pytest.approx((1 - no_win(3, 120, 1)) * expected, rel=1e-12)


def test_two_ura_indicators_under_a_concealed_kan() -> None:
    """Two indicators (9p 9p): two ura indicators from 119 tiles, C(119, 2) = 7021 pairs of the kinds
    above (none 90, one 20, two 1, three 4, four 4). Hits 0-2: C(90, 2) + 90 x 20 + 90 + C(20, 2) = 6085
    pairs, mangan; 3-4: 90 x 4 + 20 + 90 x 4 + 20 x 4 = 820, haneman; 5-7: 20 x 4 + 4 + 4 + C(4, 2)
    + 16 = 110, baiman; 8: C(4, 2) = 6, sanbaiman 24000."""
    tanki = row(analyze_problem(problem(KAN_TANKI, dora="99p", **FIXED)), "3z")
    value = 6085 * MANGAN + 820 * 12000 + 110 * 16000 + 6 * 24000
    assert tanki.ev[0] == pytest.approx((1 - no_win(3, 119, 1)) * value / 7021, rel=1e-12)


def test_a_yakuman_is_paid_as_it_is() -> None:
    # 555z 666z 777z 123m 4p, the 9p thrown: daisangen on 4p (3 left), a non-dealer yakuman tsumo
    # 8000 + 8000 + 16000 = 32000 whatever ura dora turn up.
    found = analyze_problem(problem("123m49p555666777z", **FIXED))
    assert row(found, "9p").ev[0] == pytest.approx((1 - no_win(3, 121, 1)) * 32000, rel=1e-12)


@pytest.mark.parametrize("hand", ["123m406p789s11123z", "406m789p123s11123z", "123m789p406s11123z"])
def test_a_red_five_adds_its_han(hand: str) -> None:
    # TANKI with a red five (in 5p, 5m or 5s, the sets moved between suits; no 1p, the dora of the 9p
    # indicator): 4 han 40 fu is mangan, 8000 (ura off).
    tanki = row(analyze_problem(problem(hand, ura=False, **FIXED)), "3z")
    assert tanki.ev[0] == pytest.approx((1 - no_win(3, 121, 1)) * MANGAN, rel=1e-12)


def test_without_red_fives_no_aka_han() -> None:
    # aka_dora 0: no red kind in the set, and no aka han either: TANKI stays 5200 (ura off).
    rules = resolve_rules("tenhou", {"aka_dora": 0})
    tanki = row(analyze_problem(problem(TANKI, rules=rules, ura=False, **FIXED)), "3z")
    assert tanki.ev[0] == pytest.approx((1 - no_win(3, 121, 1)) * TANKI_VALUE, rel=1e-12)


def test_the_dealer_is_paid_as_the_dealer() -> None:
    # Seat East in the East round: 111z is double East, riichi + tsumo + 2 = 4 han 40 fu (the South pair
    # is no one's wind now: 20 + 2 + 8 + 2 = 32 -> 40): a dealer mangan tsumo, 4000 from each, 12000.
    tanki = row(analyze_problem(problem(TANKI, seat_wind="E", ura=False, **FIXED)), "3z")
    assert tanki.ev[0] == pytest.approx((1 - no_win(3, 121, 1)) * 12000, rel=1e-12)


def test_a_two_sided_riichi_wait_draws_both_kinds() -> None:
    """23m 456p 789s 111z 22z after the 9m: a ryanmen on 1m and 4m, 4 + 4 = 8 tiles of 121. Either win is
    riichi + tsumo + East, 20 + 2 + 8 + 2 (South pair) = 32 -> 40 fu: 5200; with ippatsu 4 han is
    mangan, gained on the first draw (8 of 121 - 1)."""
    options = {"ura": False, **FIXED}
    plain = row(analyze_problem(problem("239m456p789s11122z", **options)), "9m")
    assert plain.win[0] == pytest.approx(1 - no_win(8, 121, 1), abs=1e-12)
    assert plain.ev[0] == pytest.approx((1 - no_win(8, 121, 1)) * TANKI_VALUE, rel=1e-12)
    ippatsu = row(analyze_problem(problem("239m456p789s11122z", ippatsu=True, **options)), "9m")
    assert ippatsu.ev[0] - plain.ev[0] == pytest.approx(8 / 120 * (MANGAN - TANKI_VALUE), rel=1e-9)


def test_ippatsu_adds_the_first_draw_and_haitei_the_last() -> None:
    options = {"hand_changes": False, "shanten_back": False, "ura": False}
    plain = row(analyze_problem(problem(TANKI, **options)), "3z").ev[0]
    ippatsu = row(analyze_problem(problem(TANKI, ippatsu=True, **options)), "3z").ev[0]
    haitei = row(analyze_problem(problem(TANKI, haitei=True, **options)), "3z").ev[0]
    first = 3 / (121 - 1)
    last = no_win(3, 121, 1, 16) * 3 / (121 - 17)
    assert ippatsu - plain == pytest.approx(first * (MANGAN - TANKI_VALUE), rel=1e-9)
    assert haitei - plain == pytest.approx(last * (MANGAN - TANKI_VALUE), rel=1e-9)


def test_the_round_wind_is_the_problems() -> None:
    # TANKI in the South round: 111z is no one's wind now, the South pair both winds (4 fu under tenhou):
    # riichi + tsumo, 20 + 2 + 8 + 2 + 4 = 36 -> 40 fu, 2 han: 700 + 700 + 1300 = 2700.
    tanki = row(analyze_problem(problem(TANKI, round_wind="S", ura=False, **FIXED)), "3z")
    assert tanki.ev[0] == pytest.approx((1 - no_win(3, 121, 1)) * 2700, rel=1e-12)


def test_the_last_draw_after_riichi_is_both_ippatsu_and_haitei() -> None:
    # 23m 456p 789p 234s 55s after the 7z: 1m or 4m (8 tiles), riichi + tsumo + pinfu, 20 fu. From turn
    # 17 the one draw left is the riichi's first and the wall's last: + ippatsu + haitei = 5 han, mangan
    # 8000 (ippatsu alone would be 4 han 20 fu, 5200), drawn from 121 - 17 = 104 tiles.
    options = {"ura": False, "ippatsu": True, "haitei": True, "turn": 17, **FIXED}
    found = analyze_problem(problem("23m456789p234s55s7z", **options))
    assert row(found, "7z").ev[0] == pytest.approx(8 / 104 * MANGAN, rel=1e-12)


def test_dama_wins_by_its_own_yaku() -> None:
    """Dama: the same wait, paid without riichi (and without ura dora)."""
    found = analyze_problem(problem(TANKI, riichi=False, hand_changes=False, shanten_back=False))
    tanki = row(found, "3z")
    assert tanki.win[0] == pytest.approx(1 - no_win(3, 121, 1), abs=1e-12)
    # Dama: menzen tsumo and East, 2 han 40 fu: 700 + 700 + 1300 = 2700; no ura.
    assert tanki.ev[0] == pytest.approx((1 - no_win(3, 121, 1)) * 2700, rel=1e-12)
    assert tanki.tenpai[0] == pytest.approx(1.0, abs=1e-12)  # tenpai already: a win keeps it
    # Haitei adds 1 han on the last draw: 3 han 40 fu, 1300 + 1300 + 2600 = 5200 (still no riichi).
    haitei = row(analyze_problem(problem(TANKI, riichi=False, haitei=True, **FIXED)), "3z")
    last = no_win(3, 121, 1, 16) * 3 / (121 - 17)
    assert haitei.ev[0] - tanki.ev[0] == pytest.approx(last * (5200 - 2700), rel=1e-9)


def test_an_open_hand_without_a_yaku_cannot_win() -> None:
    rules = resolve_rules("tenhou", {"kuitan": False})
    found = analyze_problem(
        problem("234m567p66s78s9m chi:345s", rules=rules, hand_changes=False, shanten_back=False)
    )
    wait = row(found, "9m")  # 78s waits on 6s 9s: tanyao only, and kuitan is off
    assert wait.shanten == 0
    assert wait.tenpai[0] == 1.0
    assert wait.win[0] == 0.0 and wait.ev[0] == 0.0


def test_open_tanyao_wins_with_kuitan() -> None:
    found = analyze_problem(problem("234m567p66s78s9m chi:345s", hand_changes=False, shanten_back=False))
    wait = row(found, "9m")
    assert found.unseen == 136 - 14 - 1
    # 78s waits on 6s (two left: the pair holds two) and 9s, but 789s is no tanyao: no yaku, no win
    # (and, with hand changes off, the drawn 9s goes back). No riichi either.
    assert wait.win[0] == pytest.approx(1 - no_win(2, 121, 1), abs=1e-12)


def test_with_hand_changes_off_a_hand_whose_acceptance_is_all_seen_never_gets_tenpai() -> None:
    """123m456p789s 1z 2z 33z 7z: keeping the shanten it throws 1z, 2z or 7z, and waits on 1z 2z 3z 7z
    to pair or make a triplet; with three of each (two of 3z) seen, none is left."""
    seen = tuple(parse_written("111z222z33z777z").pairs())
    found = analyze_problem(problem("123m456p789s12337z", seen=seen, hand_changes=False, shanten_back=False))
    assert found.unseen == 136 - 14 - 1 - 11
    assert {d.tile for d in found.discards} == {"1z", "2z", "7z"}
    for d in found.discards:
        assert d.shanten == 1 and d.acceptance_count == 0
        assert d.tenpai[0] == 0.0 and d.win[0] == 0.0 and d.ev[0] == 0.0


def test_three_players_draw_from_108_tiles() -> None:
    found = analyze_problem(problem("111m456p789s11123z", rules=resolve_rules("tenhou3")))
    assert found.unseen == 108 - 14 - 1
    assert row(found, "3z").win[0] == pytest.approx(1 - no_win(3, 93, 1), abs=1e-12)
    # The dora of a 1m indicator is 9m at three players (2m at four): 999m is 3 dora. Riichi, tsumo, East
    # and 3 dora are 6 han, haneman: 6000 from the dealer, 3000 from the other, North's share lost: 9000.
    sanma = resolve_rules("tenhou3")
    found = analyze_problem(problem("999m456p789s11123z", "1m", rules=sanma, ura=False, **FIXED))
    assert row(found, "3z").ev[0] == pytest.approx((1 - no_win(3, 93, 1)) * 9000, rel=1e-12)


@pytest.mark.parametrize(
    ("options", "detail"),
    [
        ({"turn": 0}, "turn_out_of_range"),
        ({"turn": 19}, "turn_out_of_range"),
        ({"extra": -1}, "bad_extra"),
    ],
)
def test_bad_options_are_refused(options: dict, detail: str) -> None:
    with pytest.raises(InvalidContext) as err:
        analyze_problem(problem(TANKI, **options))
    assert err.value.detail == detail


def test_a_complete_hand_is_not_a_discard_problem() -> None:
    with pytest.raises(InvalidHand) as err:
        analyze_problem(problem("123m456p789s11122z"))
    assert err.value.detail == "not_a_discard_problem"


def test_seen_tiles_beyond_four_copies_are_refused() -> None:
    with pytest.raises(InvalidHand) as err:
        analyze_problem(problem(TANKI, seen=tuple(parse_written("11z").pairs())))
    assert err.value.detail == "fifth_copy"


#: Small problems (hand changes off, or tenpai), cheap enough for property tests.
SMALL = ["3336m234p1344s111z", "222406m7p1145668s", "234679m239p11188s", "12305m9p233389s44z", TANKI]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(SMALL), st.integers(1, 18), st.booleans())
def test_properties(hand: str, turn: int, hand_changes: bool) -> None:
    found = analyze_problem(
        problem(hand, dora="1m", turn=turn, hand_changes=hand_changes, shanten_back=hand_changes)
    )
    assert found.draws == 18 - turn
    for d in found.discards:
        for n in range(len(d.win)):
            assert 0.0 <= d.win[n] <= d.tenpai[n] + 1e-12 <= 1.0 + 2e-12  # a win is tenpai
            if n:  # one draw less is worth no more
                assert d.tenpai[n] <= d.tenpai[n - 1] + 1e-12
                assert d.win[n] <= d.win[n - 1] + 1e-12
                assert d.ev[n] <= d.ev[n - 1] * (1 + 1e-12)
    for target, tile in found.best.items():
        best = max(d.value(target) for d in found.discards)
        assert row(found, tile).value(target) == best


@pytest.mark.parametrize("changes", [False, True])
def test_ippatsu_only_adds_value_to_a_hand_not_yet_tenpai(changes: bool) -> None:
    """One shanten (3336m 234p 1344s 111z, hand changes off, then on: hands not yet tenpai drawn into
    too): ippatsu changes no chance of tenpai or of a win, and adds to the expected score wherever a
    riichi can still be reached with draws left."""
    options = {"hand_changes": changes, "shanten_back": changes, "ura": False}
    plain = analyze_problem(problem("3336m234p1344s111z", **options))
    with_ippatsu = analyze_problem(problem("3336m234p1344s111z", ippatsu=True, **options))
    for d in plain.discards:
        other = row(with_ippatsu, d.tile)
        assert other.tenpai == d.tenpai and other.win == d.win
        assert all(b >= a for a, b in zip(d.ev, other.ev))
        assert other.ev[0] > d.ev[0] if d.win[0] > 0 else other.ev[0] == d.ev[0]


def test_ura_hits_without_replacement() -> None:
    """Two indicators from 2 + 3 tiles, a copy of the first kind finding 1 dora, of the second 0:
    10 ways to draw two; both of the first kind once (2 hits), one of each 6 times, none 3 times."""
    assert hit_chances([2, 3], [1, 0], 2) == [(0, 0.3), (1, 0.6), (2, 0.1)]
    assert hit_chances([2, 3], [1, 0], 1) == [(0, 0.6), (1, 0.4)]
    # one indicator, two kinds finding one dora each: 2 + 4 of the 9 tiles find one, 3 none
    assert hit_chances([2, 3, 4], [1, 0, 1], 1) == [(0, 3 / 9), (1, 6 / 9)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=13, max_size=13), st.sampled_from([4, 3]))
def test_each_neighbours_shanten_is_the_hands_own(tiles: list[int], players: int) -> None:
    """The graph's shanten of a hand with one tile more or one less is `shanten()` of that hand."""
    if players == 3:
        tiles = [0 if 0 < t < 8 else t for t in tiles]
    counts = [min(tiles.count(t), 4) for t in range(34)]
    while sum(counts) < 13:  # capped fifth copies: top up with the first tile not held four times
        counts[next(t for t in range(27, 34) if counts[t] < 4)] += 1
    graph_shanten = Shanten(0, players)
    full = list(counts)  # 14 tiles, to take one away as the graph does after a draw
    full[next(t for t in range(27, 34) if counts[t] < 4)] += 1
    for sign, held in ((1, counts), (-1, full)):
        hi, lo = pack(held + [0, 0, 0])
        assert graph_shanten.of(hi, lo) == shanten(held, 0, players).best
        around = graph_shanten.around(hi, lo, sign)
        for t in range(34):
            if (sign > 0 and held[t] == 4) or (sign < 0 and held[t] == 0):
                assert around[t] == NOT_HELD
                continue
            if players == 3 and 0 < t < 8:
                continue
            changed = list(held)
            changed[t] += sign
            assert around[t] == shanten(changed, 0, players).best, (held, t, sign)


def seen_all_but(*hands: str) -> tuple[tuple[int, bool], ...]:
    """Every tile of the set (one red five a suit) that is none of ``hands``: all seen on the table."""
    left = [4] * 34
    red = {4: 1, 13: 1, 22: 1}
    for hand in hands:
        for t, is_red in parse_written(hand).pairs():
            left[t] -= 1
            if is_red:
                red[t] -= 1
    seen: list[tuple[int, bool]] = []
    for t in range(34):
        reds = min(red.get(t, 0), left[t])
        seen += [(t, True)] * reds + [(t, False)] * (left[t] - reds)
    return tuple(seen)


def test_an_ippatsu_win_is_declined_when_waiting_is_worth_more() -> None:
    """111m 222p 333s 4445s 7z. After the 7z, in riichi: 3s and 4s (one left each) are riichi + tsumo +
    sanankou, 4 han 40 fu (20 + 2 + 8 + 4 + 4): mangan 8000, ippatsu or not; 5s (two left, the red one
    and a plain one; the third is seen) is suuankou tanki, 32000. After the 5s instead: 111m 222p 333s
    444s waits 7z alone (three left), suuankou tanki, 32000. Everything else is seen but 15 tiles that
    win neither: 22 unseen, turn 16, so two draws, from 22 - 16 = 6 and 22 - 17 = 5 tiles.
    After the 7z: turn 17 (the last draw, no haitei): (2 x 8000 + 2 x 32000) / 5 = 16000, the value of
    waiting on. Turn 16 (the ippatsu draw): a 3s or 4s is declined (16000 > 8000), a 5s taken, the two
    thrown-back tiles wait on: (2 x 16000 + 2 x 32000 + 2 x 16000) / 6 = 21333.3; taking every ippatsu
    win would give (2 x 8000 + 2 x 32000 + 2 x 16000) / 6 = 18666.7. The chance of a win takes every win
    (its own best play): 4/5 at 17, (4 + 2 x 4/5) / 6 = 14/15 at 16. After the 5s: 3 x 32000 / 5 = 19200
    at 17, (3 x 32000 + 3 x 19200) / 6 = 25600 at 16; win 3/5, then (3 + 3 x 3/5) / 6 = 0.8. A declined
    win waits on in its own hand, never in the 5s's."""
    seen = seen_all_but("111m222p3334445s7z", "8p", "34s05s777z5555z6666z9999p888p")
    options = {"seen": seen, "turn": 16, "ura": False, **FIXED}
    for ippatsu in (False, True):
        found = analyze_problem(problem("111m222p3334445s7z", "8p", ippatsu=ippatsu, **options))
        assert found.unseen == 22
        riichi, tanki = row(found, "7z"), row(found, "5s")
        assert riichi.acceptance == (("3s", 1), ("4s", 1), ("5s", 2)) and tanki.acceptance == (("7z", 3),)
        assert riichi.win == pytest.approx((14 / 15, 0.8, 0.0), abs=1e-12)
        assert riichi.ev == pytest.approx((128000 / 6, 16000.0, 0.0), rel=1e-12)
        assert tanki.win == pytest.approx((0.8, 0.6, 0.0), abs=1e-12)
        assert tanki.ev == pytest.approx((25600.0, 19200.0, 0.0), rel=1e-12)


def test_the_solver_reads_all_four_bytes_of_a_packed_number() -> None:
    """The solver reads the packed graph once: each state's edge bounds and win number into its
    object, each edge into a list of the states it leads to, 4 little-endian bytes a number. Real
    graphs of the suite stay below the third byte (below 65,536 13-tile states, 8,192 14-tile ones),
    so tiny graphs carry numbers with every byte set, and a different third byte from one number to
    the next (a byte read from the wrong place shows)."""
    g = Graph(pack([0] * 37), [4] * 37, Shanten(0, 4), 0, 0, False)
    start, many, won = 0x01030201, 0x10000, 0x01040506
    # 14-tile states: 0 has the discard edges start..start + 65,536, 1 the one after, and win `won`.
    g.succ_lo_b, g.win14_b = packed([start, start + many, start + many + 1]), packed([0, won + 1])
    bests = _states14(g)
    assert [(b.begin, b.end, b.offer) for b in bests] == [
        (start, start + many, -1),
        (start + many, start + many + 1, won),
    ]
    # 13-tile states (the first tenpai in riichi): their draw edges' bounds the same way.
    g.draw_lo_b, g.shanten13, g.riichi13 = g.succ_lo_b, [0, 1], [True, False]
    states = _states13(g)
    assert [(s.begin, s.end, s.riichi, s.tenpai) for s in states] == [
        (start, start + many, True, 1.0),
        (start + many, start + many + 1, False, 0.0),
    ]
    # Discard edges into 13-tile states 0x01020304 and 0x01050607: the states themselves, in order.
    near, far = 0x01020304, 0x01050607
    g.succ_b = packed([near, far])
    many_states = [Values13(0.0)] * (far + 1)  # 137 MB of pointers at one shared state, but two
    many_states[near], many_states[far] = Values13(0.5), Values13(0.25)
    succ = _successors(g, many_states)
    assert len(succ) == 2 and succ[0] is many_states[near] and succ[1] is many_states[far]
    del many_states, succ
    # Draw edges: the 14-tile state shifted left 3 bits, or'd with the copies (2 and 3).
    first, second = 0x01020302, 0x01050603
    g.draws_b = packed([first, second])
    many_bests = [Best14()] * ((second >> 3) + 1)
    many_bests[first >> 3], many_bests[second >> 3] = Best14(), Best14()
    drawn = _drawn(g, many_bests)
    assert len(drawn) == 2 and drawn[0] is many_bests[first >> 3] and drawn[1] is many_bests[second >> 3]
    g.succ_b = g.draws_b = b""


def test_the_solver_takes_the_best_discard_or_the_win() -> None:
    """After a draw: 14-tile state 0 is no win, its one discard leads to a 13-tile state worth 0.75
    (tenpai, win, value); state 1 wins (plain value 500), declining it leads to a state whose stale
    value is 2000."""
    succ = [_values13(0.75, 0.75, 0.75), _values13(0.0, 0.0, 2000.0)]
    bests = [Best14(0, 1, -1), Best14(1, 2, 0)]
    # `top` (here 2000: the most a stale value is) lets a win below it look at declining.
    _after_draw(2, succ, [500.0], bests, 2000.0)
    assert (bests[0].tenpai, bests[0].win, bests[0].ev, bests[1].ev) == (0.75, 0.75, 0.75, 2000.0)
    # A win worth `top` or more is taken unread: with `top` 400 the stale 2000 behind it is not seen.
    _after_draw(2, succ, [500.0], bests, 400.0)
    assert bests[1].ev == 500.0
    # Declining worth less than the win: the win.
    succ[1] = _values13(0.0, 0.0, 100.0)
    _after_draw(2, succ, [500.0], bests, 1e9)
    assert (bests[0].ev, bests[1].ev) == (0.75, 500.0)
    # Only the first n14 states are solved.
    _after_draw(1, [_values13(0.5, 0.5, 0.5)], [500.0], bests, 1e9)
    assert (bests[0].ev, bests[1].ev) == (0.5, 500.0)


def test_the_solver_weighs_each_draw_by_its_copies() -> None:
    """Before a draw, 10 tiles to draw from: 13-tile state 0 is in riichi, its one draw (2 copies) leads
    to a 14-tile state that wins (8000, or 12000 on the ippatsu draw); state 1 is not, its one draw
    (3 copies) leads to a state of tenpai 1, win 0.5, value 1000.
    State 0: win 2 x 1 / 10 = 0.2; stale 2 x 8000 / 10 = 1600; fresh (ippatsu) 2 x 12000 / 10 = 2400.
    State 1: tenpai 3 x 1 / 10 = 0.3, win 3 x 0.5 / 10 = 0.15, expected 3 x 1000 / 10 = 300."""
    draws = packed([7 << 3 | 2, 5 << 3 | 3])  # (the states they lead to are in `drawn`)
    drawn = [_best14(0.0, 1.0, 8000.0, 12000.0), _best14(1.0, 0.5, 1000.0, 0.0)]
    states = [Values13(1.0, 0, 1, True), Values13(0.0, 1, 2, False)]
    top = _before_draw(draws, 2, 10.0, states, drawn, True)
    assert [s.tenpai for s in states] == [1.0, 0.3] and [s.win for s in states] == [0.2, 0.15]
    assert [s.stale for s in states] == [1600.0, 300.0] and [s.ev for s in states] == [2400.0, 300.0]
    assert top == 1600.0  # the most a stale value written is (the fresh 2400 is never declined into)
    # Without ippatsu valued the fresh value is the stale one.
    states = [Values13(1.0, 0, 1, True), Values13(0.0, 1, 2, False)]
    _before_draw(draws, 2, 10.0, states, drawn, False)
    assert [s.stale for s in states] == [1600.0, 300.0] and [s.ev for s in states] == [1600.0, 300.0]
    # Four copies (the third bit of the first byte).
    states = [Values13(0.0, 0, 1, False)]
    _before_draw(packed([5 << 3 | 4]), 1, 10.0, states, drawn[1:], False)
    assert (states[0].tenpai, states[0].win, states[0].ev) == (0.4, 0.2, 400.0)


def _values13(tenpai: float, win: float, ev: float) -> Values13:
    state = Values13(tenpai)
    state.win, state.ev, state.stale = win, ev, ev
    return state


def _best14(tenpai: float, win: float, ev: float, first: float) -> Best14:
    best = Best14()
    best.tenpai, best.win, best.ev, best.first = tenpai, win, ev, first
    return best


def test_thirteen_tile_states_whose_index_keys_meet_stay_apart() -> None:
    """13-tile states are found by their two words; three hands whose words mix to the same int
    (``hi << 5 ^ lo``, the index key before session 5: four 2s; one 1m; two 1m with four 2s and one
    3s: each makes 32) are three states, each found again by its own words, in any order."""
    g = Graph(pack([0] * 37), [4] * 37, Shanten(0, 4), 0, 0, False)
    four_2s, one_1m, mixed = (0, 4 << 3), (1, 0), (2, 4 << 3 | 1 << 6)
    a = g.state13(four_2s[0], four_2s[1], 1, 0)
    b = g.state13(one_1m[0], one_1m[1], 1, 0)
    c = g.state13(mixed[0], mixed[1], 1, 0)
    assert len({a, b, c}) == 3
    assert (g.state13(mixed[0], mixed[1], 1, 0), g.state13(one_1m[0], one_1m[1], 1, 0)) == (c, b)
    assert g.state13(four_2s[0], four_2s[1], 1, 0) == a
    assert (g.hi13[b], g.lo13[b], g.hi13[c], g.lo13[c]) == (1, 0, 2, 96)


def test_fourteen_tile_states_whose_index_keys_meet_stay_apart() -> None:
    """The same for 14-tile states, whose words also carry a win's kind: four 2s and one 1m mix to
    the same int; four 2s as a win on 2s (kind 19) is a third state."""
    g = Graph(pack([0] * 37), [4] * 37, Shanten(0, 4), 0, 0, False)
    a = g._state14(0, 4 << 3, 1, 0, 19)
    b = g._state14(1, 0, 1, 0, 0)
    c = g._state14(0, 4 << 3, -1, 0, 19)
    assert len({a, b, c}) == 3
    assert (g._state14(1, 0, 1, 0, 0), g._state14(0, 4 << 3, 1, 0, 19), g._state14(0, 4 << 3, -1, 0, 19)) == (
        b,
        a,
        c,
    )
    assert g.win14[a] == g.win14[b] == -1 and g.win14[c] == 0
