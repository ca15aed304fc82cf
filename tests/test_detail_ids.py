"""Bad input -> error ``detail`` id, for every id the package can raise (docs/output.md calls them stable).

The ids are collected from the source (every ``detail="..."``, the impossible situations of
core/context.py, the seat checks of a settlement win, the tile limits of core/notation.py and the
furiten kinds), so a new id without a row here fails `test_every_detail_id_has_a_row`.
"""

from __future__ import annotations

import ast
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

import riichi_cli
from riichi_cli.cli import main
from riichi_cli.core.context import IMPOSSIBLE

ROOT = Path(__file__).resolve().parents[1] / "riichi_cli"

H = "234567m2278p456s9p"  # riichi + pinfu + dora: a valid closed hand winning on 9p
KOKUSHI = "19m19p19s1234567z1m"
DRAW = {"kind": "exhaustive", "tenpai": ["S"]}
WIN_S = {"seat_wind": "S", "hand": H, "win": "ron", "from": "W"}


def score(**m):
    return ("score", m)


def settle(**m):
    return ("settle", m)


# detail id -> (command, input). Inputs are mappings of docs/input.md keys; "cli" rows are argv.
ROWS = {
    # notation
    "unexpected_character": score(hand="234567m2278p456s9x"),
    "digits_without_suit": score(hand="234567m2278p456s9"),
    "suit_without_digits": score(hand="m234567m2278p456s9p"),
    "empty_hand": score(hand=""),
    "not_a_honor_tile": score(hand="123m456p789s1188z"),
    "meld_without_tiles": score(hand="123m456p789s11z pon:"),
    "unknown_meld_prefix": score(hand="123m456p789s11z pom:222z"),
    "meld_tile_count": score(hand="123m456p789s11z pon:22z"),
    "meld_not_equal_tiles": score(hand="123m456p789s11z pon:234m"),
    "chi_not_a_run": score(hand="123m456p789s11z chi:135m"),
    "win_tile_not_in_hand": score(hand="123m456p789s11222z", win_tile="3z"),
    "win_tile_not_one_tile": score(hand="123m456p789s11222z", win_tile="1z2z"),
    "wrong_tile_count": score(hand="123m"),
    "fifth_copy": score(hand="1111m234p567s789s1m"),
    "too_many_red_fives": score(hand="005m345p678s123p11z"),
    # keys and values
    "not_a_mapping": score(),  # replaced below: a list, not a mapping
    "missing_hand": score(win="ron"),
    "bad_hand_type": score(hand=123),
    "unknown_key": score(hand=H, hnad=1),
    "bad_flag": score(hand=H, riichi="yes"),
    "bad_seat": score(hand=H, seat_wind="X"),
    "bad_count": score(hand=H, honba=-1),
    "bad_id": score(hand=H, id=float("nan")),
    "bad_tile_list": score(hand=H, dora={"a": 1}),
    "bad_win": score(hand=H, win="draw"),
    "bad_win_tile_type": score(hand=H, win_tile=5),
    "bad_preset": score(hand=H, rules=5),
    "bad_rule_options": score(hand=H, rule_options=[1]),
    "unknown_preset": score(hand=H, rules="nope"),
    "unknown_rule_option": score(hand=H, rule_options={"nope": 1}),
    "bad_rule_value": score(hand=H, rule_options={"kuitan": "maybe"}),
    "rule_not_key_value": ("cli", ["score", H, "--rule", "kuitan", "--json"]),
    # three players
    "kita_in_four_player": score(hand=H, kita=1),
    "too_many_north": score(hand="111m999m123p444z11z", kita=1, dora=["4z"], rules="tenhou3"),
    "chi_in_sanma": score(hand="11m456p789s111z chi:123p", rules="tenhou3"),
    "not_in_three_player_set": score(hand=H, rules="tenhou3"),
    # the situation
    "chankan_on_held_tile": score(hand="123m456p789s11z55p5p", chankan=True),
    "chankan_ankan_not_kokushi": score(hand=H, chankan="ankan", rule_options={"kokushi_chankan_ankan": True}),
    "chankan_ankan_not_played": score(
        hand="119m19p19s123456z7z", chankan="ankan", rule_options={"kokushi_chankan_ankan": False}
    ),
    "riichi_with_open_melds": score(hand="123456s234m55p chi:789s", riichi=True),
    "ippatsu_without_riichi": score(hand=H, ippatsu=True),
    "ippatsu_not_played": score(
        hand=H, riichi=True, ippatsu=True, rules="mleague", rule_options={"ippatsu": False}
    ),
    "ippatsu_with_rinshan": score(
        hand="234p678s99s678m ankan:5555m", win="tsumo", rinshan=True, riichi=True, ippatsu=True
    ),
    "tsumo_with_from": score(hand=H, win="tsumo", **{"from": "W"}),
    "deal_in_to_self": score(hand=H, seat_wind="S", **{"from": "S"}),
    "haitei_with_ron": score(hand=H, haitei=True),
    "houtei_with_tsumo": score(hand=H, win="tsumo", houtei=True),
    "chankan_with_tsumo": score(hand=H, win="tsumo", chankan=True),
    "rinshan_with_ron": score(hand="234p678s99s678m ankan:5555m", rinshan=True),
    "rinshan_without_kan": score(hand=H, win="tsumo", rinshan=True),
    "rinshan_with_haitei": score(hand="234p678s99s678m ankan:5555m", win="tsumo", rinshan=True, haitei=True),
    "chankan_with_houtei": score(hand=H, chankan=True, houtei=True),
    "tenhou_for_non_dealer": score(hand=H, win="tsumo", tenhou=True, seat_wind="S"),
    "tenhou_with_ron": score(hand=H, tenhou=True, seat_wind="E"),
    "chiihou_for_dealer": score(hand=H, win="tsumo", chiihou=True, seat_wind="E"),
    "chiihou_with_ron": score(hand=H, chiihou=True, seat_wind="S"),
    "renhou_for_dealer_or_tsumo": score(hand=H, win="tsumo", renhou=True, seat_wind="S"),
    "renhou_not_played": score(hand=H, renhou=True, seat_wind="S", rule_options={"renhou": "none"}),
    "renhou_with_chankan": score(
        hand=H, renhou=True, chankan=True, seat_wind="S", rule_options={"renhou": "mangan"}
    ),
    "first_turn_win_with_melds": score(
        hand="123456s234m55p chi:789s", win="tsumo", tenhou=True, seat_wind="E"
    ),
    "first_turn_win_with_riichi": score(hand=H, win="tsumo", tenhou=True, riichi=True, seat_wind="E"),
    "first_turn_win_after_kita": score(
        hand="111m999m123p444z11z", win="tsumo", tenhou=True, seat_wind="E", kita=1, rules="tenhou3"
    ),
    "ura_without_riichi": score(hand=H, ura=["1m"]),
    "ura_dora_not_played": score(hand=H, riichi=True, ura=["1m"], rule_options={"ura_dora": False}),
    "kan_dora_not_played": score(hand=H, dora=["1m", "2m"], rule_options={"kan_dora": False}),
    "too_many_dora_indicators": score(hand=H, dora=["1m", "2m", "3m", "4m", "6m", "7m"]),
    "too_many_ura_indicators": score(
        hand=H, riichi=True, dora=["1m", "2m", "3m", "4m", "6m"], ura=["1s", "2s", "3s", "4s", "6s", "7s"]
    ),
    "more_ura_than_dora": score(hand=H, riichi=True, dora=["1m"], ura=["1s", "2s"]),
    "kan_ura_not_played": score(
        hand=H, riichi=True, dora=["1m", "2m"], ura=["1s", "2s"], rule_options={"kan_ura": False}
    ),
    # the hand as a win
    "not_a_winning_shape": score(hand="123m456p789s12345z"),
    "no_yaku": score(hand="123m456p55p789s13s2s"),
    "below_minimum": score(hand="123m456p55p789s13s2s", riichi=True, rule_options={"min_han": 2}),
    "furiten_discard": score(hand=H, discards=["6p"]),
    "furiten_temporary": score(hand=H, passed=["6p"]),
    "furiten_riichi": score(hand=H, riichi=True, passed=["6p"]),
    # waits and shanten
    "wait_never_comes": ("waits", {"hand": "1111m234p567s789s"}),
    # settlements
    "not_one_outcome": settle(draw=DRAW, chombo={"seat": "S"}),
    "bad_seat_list": settle(draw={"kind": "exhaustive", "tenpai": 5}),
    "seat_listed_twice": settle(draw={"kind": "exhaustive", "tenpai": ["S", "S"]}),
    "bad_scores": settle(draw=DRAW, scores={"E": 25000}),
    "too_few_deposits": settle(draw=DRAW, riichi=["S"]),
    "bad_wins": settle(wins=[]),
    "too_many_wins": settle(wins=[WIN_S, WIN_S, WIN_S, WIN_S]),
    "bad_win_entry": settle(wins=[5]),
    "round_key_in_win": settle(wins=[{**WIN_S, "honba": 1}]),
    "win_without_seat": settle(wins=[{"hand": H, "from": "W"}]),
    "ron_without_from": settle(wins=[{"seat_wind": "S", "hand": H}]),
    "pao_is_winner": settle(wins=[{**WIN_S, "pao": "S"}]),
    "seat_wins_twice": settle(wins=[WIN_S, WIN_S]),
    "riichi_contradiction": settle(riichi=["S"], riichi_sticks=1, wins=[{**WIN_S, "riichi": False}]),
    "two_tsumo_wins": settle(
        wins=[{"seat_wind": "S", "hand": H, "win": "tsumo"}, {"seat_wind": "W", "hand": H, "win": "tsumo"}]
    ),
    "tsumo_beside_ron": settle(wins=[WIN_S, {"seat_wind": "N", "hand": H, "win": "tsumo"}]),
    "rons_from_different_seats": settle(wins=[WIN_S, {"seat_wind": "N", "hand": H, "from": "E"}]),
    "rons_on_different_tiles": settle(
        wins=[
            WIN_S,
            {"seat_wind": "N", "hand": "123456m789s3378p9p", "from": "W", "win_tile": "3p", "riichi": True},
        ],
        riichi_sticks=1,
    ),
    "pao_not_played": settle(wins=[{**WIN_S, "pao": "E"}], rules="ema", rule_options={"pao": False}),
    "pao_not_liable": settle(
        wins=[{"seat_wind": "S", "hand": "123m555z1p1p pon:666z pon:777z", "from": "W", "pao": "E"}]
    ),
    "pao_without_yakuman": settle(wins=[{**WIN_S, "pao": "E"}]),
    "abortive_draws_not_played": settle(
        draw={"kind": "abortive", "reason": "kyuushu"}, rule_options={"abortive_draws": False}
    ),
    "bad_draw": settle(draw={"kind": "sideways"}),
    "bad_abortive_reason": settle(draw={"kind": "abortive", "reason": "bored"}),
    "sanchahou_not_played": settle(
        draw={"kind": "abortive", "reason": "sanchahou"}, rule_options={"multiple_ron": "triple"}
    ),
    "suucha_riichi_without_four": settle(draw={"kind": "abortive", "reason": "suucha_riichi"}),
    "nagashi_not_played": settle(
        draw={"kind": "exhaustive", "nagashi": ["S"]}, rule_options={"nagashi_mangan": False}
    ),
    "bad_draw_hands": settle(draw={**DRAW, "hands": ["123m"]}),
    "hand_not_listed_tenpai": settle(draw={**DRAW, "hands": {"W": "123m456p789s1122z"}}),
    "tenpai_claim_not_tenpai": settle(draw={**DRAW, "hands": {"S": "123m456p789s1234z"}}),
    "bad_chombo": settle(chombo=5),
    "bad_chombo_reason": settle(chombo={"seat": "S", "reason": 5}),
    # analyze
    "not_a_discard_problem": ("analyze", {"hand": "123m456p789s11122z"}),
    "turn_out_of_range": ("analyze", {"hand": "3336m234p1344s111z", "turn": 99}),
    "bad_extra": ("analyze", {"hand": "3336m234p1344s111z", "extra": 9}),
    "bad_target": ("analyze", {"hand": "3336m234p1344s111z", "target": "fun"}),
    # 105 of the tiles the hand leaves (three plain fives of each suit) seen: 17 unseen cannot feed 17 draws
    "too_few_unseen": (
        "analyze",
        {
            "hand": "3336m234p1344s111z",
            "seen": "1111222234444555666777788889999m"
            "11112223334445556666777788889999p"
            "1112222333445556666777788889999s"
            "12222333344z",
        },
    ),  # fmt: skip
    # four plain 5m where the set has a red one: three plain
    "plain_five_for_red": ("analyze", {"hand": "5555m234p1344s111z"}),
}

#: The same id raised from another place than the row above: each reached once more.
MORE = [
    ("bad_hand_type", settle(draw={**DRAW, "hands": {"S": 5}})),
    ("bad_seat", settle(draw=DRAW, round_wind="N", rules="tenhou3")),
    ("bad_win", settle(wins=[{**WIN_S, "win": "draw"}])),
    ("bad_draw", settle(draw="x")),  # text, not a mapping
    ("not_a_mapping", ("settle", [1])),
    ("unknown_key", settle(draw=DRAW, hnd=1)),
    ("unknown_key", ("shanten", {"hand": H, "hnd": 1})),
    ("unknown_key", ("analyze", {"hand": "3336m234p1344s111z", "hnd": 1})),
    ("not_a_mapping", ("analyze", [1])),
    ("wrong_tile_count", ("waits", {"hand": "123m"})),
    ("wrong_tile_count", settle(draw={**DRAW, "hands": {"S": "123m"}})),
    ("wrong_tile_count", ("analyze", {"hand": "123m"})),
    (
        "not_in_three_player_set",
        ("waits", {"hand": "19m19p19s1234567z", "visible": ["5m"], "rules": "tenhou3"}),
    ),
    ("not_in_three_player_set", score(hand="111m999m123p444z11z", dora=["5m"], rules="tenhou3")),
    ("tsumo_with_from", settle(wins=[{**WIN_S, "win": "tsumo"}])),
    ("deal_in_to_self", settle(wins=[{**WIN_S, "from": "S"}])),
    (
        "abortive_draws_not_played",
        settle(
            wins=[
                WIN_S,
                {"seat_wind": "N", "hand": H, "from": "W"},
                {"seat_wind": "E", "hand": H, "from": "W"},
            ],
            rules="ema",
            rule_options={"multiple_ron": "double", "abortive_draws": False},
        ),
    ),
    ("bad_count", ("cli", ["analyze", "3336m234p1344s111z", "--turn", "x", "--json"])),
]


def detail_of(command: str, given) -> str | None:
    if command == "cli":
        result = CliRunner().invoke(main, given)
        assert result.exit_code == 2, result.output
        return json.loads(result.output.splitlines()[0])["error"]["detail"]
    if command == "score" and given == {}:
        given = [1]
    result = getattr(riichi_cli, command)(given)
    if command == "waits" and result["ok"]:  # a wait that cannot be won: refused in the wait's own entry
        return result["waits"][0]["ron"]["error"]["detail"]
    return result["error"]["detail"]


@pytest.mark.parametrize(("detail", "row"), sorted(ROWS.items()), ids=sorted(ROWS))
def test_bad_input_names_its_detail(detail, row):
    assert detail_of(*row) == detail


@pytest.mark.parametrize(("detail", "row"), MORE, ids=[d for d, _ in MORE])
def test_the_same_detail_from_another_place(detail, row):
    assert detail_of(*row) == detail


def test_ids_no_input_reaches():
    """Two checks guard what the checks before them already refuse: tested where they stand."""
    from riichi_cli.core.errors import RiichiError
    from riichi_cli.core.notation import _refuse
    from riichi_cli.settle.read import Entry, check_multiple

    with pytest.raises(RiichiError) as e:
        _refuse("123m", 0, 4)  # called only for text `scan_codes` refused; nothing at fault here
    assert e.value.detail == "not_tile_notation"
    # read_entry refuses a ron from the winner's own seat, so no input of rons from one seat has
    # the discarder among the winners
    rons = [
        Entry("win 1 (S)", "S", False, "W", None, False, {}),
        Entry("win 2 (W)", "W", False, "W", None, False, {}),
    ]
    with pytest.raises(RiichiError) as e:
        check_multiple(rons)
    assert e.value.detail == "discarder_wins"


def test_svg_with_stdin_is_refused():
    """The text of a command-line refusal names no detail: the message says it."""
    result = CliRunner().invoke(main, ["analyze", "-", "--svg", "x.svg"], input="")
    assert result.exit_code == 2 and "--svg draws one problem: give a HAND, not '-'" in result.output


def source_details() -> set[str]:
    """Every detail id the package's source can raise."""
    found = set(IMPOSSIBLE) | {"furiten_discard", "furiten_temporary", "furiten_riichi"}
    for path in ROOT.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.keyword)
                and node.arg == "detail"
                and isinstance(node.value, ast.Constant)
            ):
                found.add(node.value.value)
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_over_limit":
                found.add(node.args[-1].value)
            if (
                isinstance(node, ast.Assign)
                and getattr(node.targets[0], "id", "") == "problems"
                and isinstance(node.value, ast.List)
            ):
                # the (broken, detail, message) rows of a settlement win's checks
                found |= {row.elts[1].value for row in node.value.elts}
    return found


def test_every_detail_id_has_a_row():
    if os.environ.get("MUTANT_UNDER_TEST"):
        pytest.skip("under mutmut the source holds every mutant's copy of the strings")
    reached_otherwise = {"not_tile_notation", "discarder_wins", "svg_with_stdin"}
    assert source_details() == set(ROWS) | reached_otherwise
