"""Every special shape in every suit it can be in (issue 21): explicit generators over the suits and
numbers, where hypothesis rarely goes. Expectations follow from the yaku definitions, not the code:

- nine gates: 1112345678999 plus one more tile of the same number suit, closed; pure (9-sided) when the
  winning tile is that extra one (x2 under ``double_yakuman``);
- thirteen orphans: one of each terminal and honor plus a second of one; 13-sided when the winning tile
  is the second copy (x2 under ``double_yakuman``);
- all green: only 2s 3s 4s 6s 8s and 6z (green dragon);
- flushes, straight, three colours, three colour triplets in each suit and at each number.

A non-dealer ron on a yakuman is 32000 per yakuman.
"""

from __future__ import annotations

import pytest

import riichi_cli

SUITS = "mps"
ORPHANS = ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]


def scored(hand: str, win_tile: str | None = None, **keys) -> dict:
    mapping = {"hand": hand, "seat_wind": "S", "from": "W", **keys}
    if win_tile:
        mapping["win_tile"] = win_tile
    result = riichi_cli.score(mapping, "tenhou")
    assert result["ok"], (hand, result["error"])
    return result


def yakuman(result: dict) -> dict[str, int]:
    return {y["id"]: y["yakuman"] for y in result["yaku"] if y.get("yakuman")}


def yaku(result: dict) -> dict[str, int]:
    return {y["id"]: y["han"] for y in result["yaku"] if not y.get("yakuman")}


NINE_GATES = [(s, extra, win) for s in SUITS for extra in range(1, 10) for win in range(1, 10)]


@pytest.mark.parametrize(("suit", "extra", "win"), NINE_GATES)
def test_nine_gates_in_every_suit(suit, extra, win):
    # The hand holds 1112345678999 + extra; it wins on `win` (one of its tiles).
    hand = "".join(sorted("1112345678999" + str(extra))) + suit
    if win == extra:  # the 13 tiles before the win are exactly 1112345678999: the pure form
        for double, n in ((True, 2), (False, 1)):
            r = riichi_cli.score(
                {
                    "hand": hand,
                    "win_tile": f"{win}{suit}",
                    "seat_wind": "S",
                    "rule_options": {"double_yakuman": double},
                },
                "tenhou",
            )
            assert yakuman(r) == {"junsei_chuuren": n}, hand
            assert r["points"]["total"] == 32000 * n
    else:
        r = scored(hand, f"{win}{suit}")
        assert yakuman(r) == {"chuuren": 1}, hand
        assert r["points"]["total"] == 32000


def test_nine_gates_needs_no_meld():
    r = scored("11123456m999m chi:678m")  # the tiles of nine gates with a chi: an open chinitsu
    assert yakuman(r) == {} and yaku(r)["chinitsu"] == 5


KOKUSHI = [(pair, win) for pair in ORPHANS for win in ORPHANS]


@pytest.mark.parametrize(("pair", "win"), KOKUSHI)
def test_thirteen_orphans_every_pair_and_wait(pair, win):
    hand = "".join(ORPHANS) + pair  # written tile by tile, the extra copy last
    for double in (True, False):
        r = riichi_cli.score(
            {"hand": hand, "win_tile": win, "seat_wind": "S", "rule_options": {"double_yakuman": double}},
            "tenhou",
        )
        assert r["ok"], r["error"]
        if win == pair:
            assert yakuman(r) == {"kokushi_13": 2 if double else 1}
        else:
            assert yakuman(r) == {"kokushi": 1}


ALL_GREEN = [
    ("223344666888s66z", True),  # 234s 234s 666s 888s, green dragon pair
    ("234s234s666s888s22s", True),  # no dragon: still all green
    ("234s234s666s666z88s", True),  # green dragon triplet
    ("234s234s666s888s55s", False),  # 5s is not green
    ("234s234s666s777s88s", False),  # 7s is not green
    ("234s234s666s888s66p", False),  # 6p is not green
    ("234p234p666p888p66z", False),  # pinzu 2 3 4 6 8 are not green
    ("234m234m666m888m66z", False),
    ("234s234s666s888s55z", False),  # white dragon
]


@pytest.mark.parametrize(("hand", "green"), ALL_GREEN)
def test_all_green(hand, green):
    r = scored(hand)
    assert ("ryuuiisou" in yakuman(r)) is green


@pytest.mark.parametrize("suit", SUITS)
def test_flushes_in_every_suit(suit):
    # closed chinitsu 6, open 5; honitsu closed 3, open 2
    assert yaku(scored(f"234{suit}345{suit}678{suit}789{suit}55{suit}"))["chinitsu"] == 6
    assert yaku(scored(f"345{suit}678{suit}789{suit}55{suit} chi:234{suit}"))["chinitsu"] == 5
    assert yaku(scored(f"234{suit}345{suit}678{suit}777z55{suit}"))["honitsu"] == 3
    assert yaku(scored(f"345{suit}678{suit}777z55{suit} chi:234{suit}"))["honitsu"] == 2


@pytest.mark.parametrize("suit", SUITS)
def test_pure_straight_in_every_suit(suit):
    other = {"m": "p", "p": "s", "s": "m"}[suit]
    assert yaku(scored(f"123456789{suit}234{other}55{other}"))["ittsu"] == 2
    assert yaku(scored(f"456789{suit}234{other}55{other} chi:123{suit}"))["ittsu"] == 1
    # 123 456 in one suit and 789 in another is no straight
    assert "ittsu" not in yaku(scored(f"123456{suit}789{other}777z55{other}"))


@pytest.mark.parametrize("n", range(1, 8))
def test_three_colour_straight_at_every_number(n):
    seq = "".join(str(n + i) for i in range(3))
    r = scored(f"{seq}m{seq}p{seq}s777z11z")
    assert yaku(r)["sanshoku"] == 2
    # one suit a number off: no sanshoku
    off = "".join(str((n % 7) + 1 + i) for i in range(3))
    assert "sanshoku" not in yaku(scored(f"{seq}m{seq}p{off}s777z11z"))


@pytest.mark.parametrize("n", range(1, 10))
def test_three_colour_triplets_at_every_number(n):
    r = scored(f"{n}{n}{n}m{n}{n}{n}p{n}{n}{n}s55z pon:777z")
    assert yaku(r)["sanshoku_doukou"] == 2
    other = n % 9 + 1
    assert "sanshoku_doukou" not in yaku(scored(f"{n}{n}{n}m{n}{n}{n}p{other}{other}{other}s55z pon:777z"))
