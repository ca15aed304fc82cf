"""Notation and validation (docs/input.md): every refusal, canonical printing, win tile picking.

Every refusal is checked three ways where it applies: through ``riichi_cli.score`` (``ok: false``, the
error code, a message naming the problem), through the exception the core raises
(``parse_hand`` / ``build_request``), and, for notation errors, through the position of the first bad
character and the caret under it. Expected values are worked out by hand from docs/input.md.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import riichi_cli
from riichi_cli.core.errors import InvalidContext, InvalidHand, NotationError, RiichiError
from riichi_cli.core.notation import parse_hand, parse_written
from riichi_cli.core.tiles import format_counts
from riichi_cli.io.mapping import build_request

# 234m 456p 22s 345s 678s, won by ron on 8s (a 67s ryanmen): pinfu + tanyao, 2 han 30 fu.
BASE = "234m456p22345678s"
# The same hand with 678s called: open, tanyao only (kuitan is on in every preset).
OPEN = "234m456p22s345s chi:678s"
# The same hand with a concealed kan of 8s instead of 678s: still closed.
ANKAN = "234m456p22s345s ankan:8888s"


def refused(mapping: dict, code: str, *words: str) -> dict:
    """Score ``mapping``, check it is refused with ``code`` and a message holding every word."""
    r = riichi_cli.score(mapping)
    assert r["ok"] is False, r
    assert r["error"]["code"] == code, r["error"]
    message = r["error"]["message"]
    for word in words:
        assert word.lower() in message.lower(), (word, message)
    for key in ("han", "fu", "yakuman", "limit", "yaku", "fu_breakdown", "points", "payments"):
        assert r[key] is None, key
    return r


def scored(mapping: dict) -> dict:
    r = riichi_cli.score(mapping)
    assert r["ok"] is True, r["error"]
    return r


def yaku_han(r: dict) -> dict[str, int]:
    return {y["id"]: y.get("han", y.get("yakuman")) for y in r["yaku"]}


def check_caret(err: RiichiError, text: str, position: int, bad: str) -> None:
    """The error points at ``position`` of ``text``, which holds ``bad``, and the caret sits under it."""
    assert err.text == text
    assert err.position == position
    assert text[position] == bad
    line, caret = err.caret().split("\n")
    assert line == f"  {text}"
    assert caret.index("^") == position + 2
    assert caret.strip() == "^"
    assert str(position + 1) in err.one_line()


# -- characters and groups that are not notation -------------------------------------------------

NOTATION_ERRORS = [
    # (hand, index of the first bad character, that character, words the message must hold)
    ("123m45x6p789s11z222z", 6, "x", ["unexpected", "'x'"]),
    ("123m456p789s11z 22,2z", 18, ",", ["unexpected", "','"]),
    ("123M456p789s11z222z", 3, "M", ["'M'", "suit"]),
    ("１23m456p789s11z222z", 0, "１", ["unexpected"]),
    ("123m456p789s11z22!2z", 17, "!", ["'!'"]),
    ("m123456p789s11z222z", 0, "m", ["suit letter", "no digits"]),
    ("123m456p789s11zz22m", 15, "z", ["suit letter", "no digits"]),
    ("123m456p789s11z 222", 16, "2", ["digits", "suit"]),
    ("123m456p789s11z222", 15, "2", ["digits", "suit"]),
    ("123m456p789s11z228z", 17, "8", ["8z", "1z-7z"]),
    ("123m456p789s11z220z", 17, "0", ["0z", "1z-7z"]),
    ("8z", 0, "8", ["8z"]),
    ("123m456p789s11z pung:222z", 16, "p", ["unknown meld prefix", "pung"]),
    ("123m456p789s11z :222z", 16, ":", ["unknown meld prefix"]),
    ("123m456p789s11z chi:", 19, ":", ["chi", "no tiles"]),
    ("123m456p789s11z pon:22x2z", 22, "x", ["unexpected", "'x'"]),
    ("123m456p789s11z pon::222z", 20, ":", ["unexpected"]),
    ("123m456p789s11z chi:12 3m", 20, "1", ["digits", "suit"]),
]


@pytest.mark.parametrize("text,position,bad,words", NOTATION_ERRORS)
def test_notation_error_points_at_first_bad_character(text, position, bad, words):
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    err = info.value
    assert err.code == "invalid_notation"
    check_caret(err, text, position, bad)
    for word in words:
        assert word.lower() in err.message.lower(), (word, err.message)
    r = refused({"hand": text}, "invalid_notation", *words)
    assert str(position + 1) in r["error"]["message"]
    assert r["hand"] is None


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_empty_hand_is_refused(text):
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    assert "empty" in info.value.message
    assert info.value.position == 0
    refused({"hand": text}, "invalid_notation", "empty")


def test_notation_errors_in_indicators_point_into_their_own_text():
    r = refused({"hand": BASE, "dora": "1x"}, "invalid_notation", "dora", "'x'")
    assert "1x" in r["error"]["message"]
    with pytest.raises(NotationError) as info:
        build_request({"hand": BASE, "dora": ["3p", "9q"]})
    check_caret(info.value, "9q", 1, "q")
    assert info.value.message.startswith("dora")
    refused({"hand": BASE, "riichi": True, "ura": "8z"}, "invalid_notation", "ura", "8z")
    refused({"hand": BASE, "discards": "1m2"}, "invalid_notation", "discards", "suit")
    refused({"hand": BASE, "passed": ["m"]}, "invalid_notation", "passed", "suit letter")


def test_win_tile_that_is_not_one_tile_is_refused():
    refused({"hand": BASE, "win_tile": "8z"}, "invalid_notation", "8z")
    refused({"hand": BASE, "win_tile": "5"}, "invalid_notation", "suit")
    refused({"hand": BASE, "win_tile": "55s"}, "invalid_notation", "one tile")
    refused({"hand": BASE, "win_tile": ""}, "invalid_notation", "one tile")


# -- shapes: counts, melds, copies, red fives ------------------------------------------------------


@pytest.mark.parametrize(
    "text,total",
    [
        ("123m456p789s1123z", 13),
        ("123m456p789s112233z", 15),
        ("123m456p789s1z", 10),
        ("123m456p1z chi:789s", 10),  # 7 concealed + a meld counting 3
        ("123m456p789s11z pon:222z chi:789s", 17),
        ("123m456p789s11z222z chi:789s", 17),
        ("1z kan:1111m kan:2222m kan:3333m kan:4444m", 13),  # a kan counts 3
        ("11z pon:111m pon:222m pon:333m pon:444m pon:555m", 17),  # five melds
    ],
)
def test_wrong_tile_count_is_refused(text, total):
    with pytest.raises(InvalidHand) as info:
        parse_hand(text)
    assert "14" in info.value.message and str(total) in info.value.message
    refused({"hand": text}, "invalid_hand", "14", str(total))


def test_tile_counts_with_melds_that_are_right():
    # 11 concealed + a chi, 8 concealed + two melds, 2 concealed + four kans: all 14.
    scored({"hand": OPEN})
    scored({"hand": "234m22s345s chi:456p chi:678s"})
    hand = parse_hand("11z kan:1111m kan:2222m kan:3333m kan:4444m")
    assert len(hand.melds) == 4 and hand.win_tile == 27


@pytest.mark.parametrize(
    "meld,words",
    [
        ("chi:123z", ["chi", "consecutive"]),  # honors
        ("chi:567z", ["chi", "consecutive"]),
        ("chi:891m", ["chi", "consecutive"]),  # no wrapping 9 -> 1
        ("chi:912p", ["chi", "consecutive"]),
        ("chi:12m3p", ["chi", "consecutive"]),  # mixed suits
        ("chi:1m2p3s", ["chi", "consecutive"]),
        ("chi:111m", ["chi", "consecutive"]),
        ("chi:135s", ["chi", "consecutive"]),
        ("chi:12m", ["chi", "3 tiles", "2"]),
        ("chi:1234m", ["chi", "3 tiles", "4"]),
        ("pon:123m", ["pon", "equal"]),  # unlike tiles
        ("pon:11m1p", ["pon", "equal"]),
        ("pon:1111m", ["pon", "3 tiles", "4"]),
        ("pon:11m", ["pon", "3 tiles", "2"]),
        ("kan:1112m", ["kan", "equal"]),
        ("kan:111m", ["kan", "4 tiles", "3"]),
        ("kan:11111m", ["kan", "4 tiles", "5"]),
        ("kakan:5556m", ["kakan", "equal"]),
        ("ankan:9999m9p", ["ankan", "4 tiles"]),
        ("ankan:1z2z3z4z", ["ankan", "equal"]),
    ],
)
def test_bad_meld_is_refused(meld, words):
    # 234m 456p 22s 345s + the meld: 11 + 3 = 14 tiles, so only the meld is wrong.
    text = f"234m456p22s345s {meld}"
    with pytest.raises(InvalidHand) as info:
        parse_hand(text)
    assert info.value.position == text.index(meld)
    for word in words:
        assert word in info.value.message, (word, info.value.message)
    refused({"hand": text}, "invalid_hand", *words)


@pytest.mark.parametrize("meld", ["chi:789s", "chi:978s", "chi:406m", "pon:777z", "kan:0555p", "kakan:5505m"])
def test_good_melds_are_accepted(meld):
    hand = parse_hand(f"234m456p22s345s {meld}")
    assert len(hand.melds) == 1


@pytest.mark.parametrize(
    "mapping",
    [
        {"hand": "11111m234p456s789s"},  # five in the hand
        {"hand": "123m456p789s99s ankan:1111m"},  # hand + meld
        {"hand": "11m234m456p789s pon:111m"},  # two more 1m beside a pon
        {"hand": "1111m23m456p789s99s", "dora": "1m"},  # hand + dora indicator
        {"hand": "1111m23m456p789s99s", "riichi": True, "ura": ["1m"]},  # hand + ura indicator
        {"hand": "111m234m456p789s99s", "riichi": True, "dora": ["1m"], "ura": ["1m"]},  # 3 + 1 + 1
        {"hand": "111m234m456p789s99s", "dora": "1m1m"},  # repeated indicator
        {"hand": "123m456p789s11z pon:111m", "dora": "1m"},  # 1 in hand + 3 in pon + 1 indicator
    ],
)
def test_more_than_four_of_a_tile_is_refused(mapping):
    refused(mapping, "invalid_hand", "more than four 1m")
    with pytest.raises(InvalidHand):
        build_request(mapping)


def test_four_of_a_tile_counting_indicators_is_fine():
    r = scored({"hand": "111m234m456p789s99s", "riichi": True, "dora": ["1m"]})
    assert yaku_han(r) == {"riichi": 1, "dora": 1}  # the 1m indicator makes 2m dora: one 2m
    scored({"hand": "1111m23m456p789s99s", "riichi": True})


# 234m 340p 406p 456s 88s: two red 5p, tanyao.
TWO_RED_5P = "234m340406p45688s"
# 234m 340p 456p 456s 88s: one red 5p.
ONE_RED_5P = "234m340p456p45688s"


def test_red_fives_by_aka_dora_option():
    # aka_dora 4 is one 0m, two 0p, one 0s.
    r = scored({"hand": TWO_RED_5P, "rule_options": {"aka_dora": 4}})
    assert yaku_han(r) == {"tanyao": 1, "aka_dora": 2}
    refused({"hand": TWO_RED_5P}, "invalid_hand", "2 red 5p", "aka_dora: 3")
    refused({"hand": TWO_RED_5P, "rules": "tenhou"}, "invalid_hand", "red 5p")
    refused({"hand": TWO_RED_5P, "rules": "wrc2022"}, "invalid_hand", "red 5p", "aka_dora: 0")
    # aka_dora 0: not even one.
    refused({"hand": ONE_RED_5P, "rule_options": {"aka_dora": 0}}, "invalid_hand", "1 red 5p", "aka_dora: 0")
    refused({"hand": "340m456p22345678s", "rules": "ema2025"}, "invalid_hand", "red 5m")
    # aka_dora 4 still has one red 5m and one red 5s.
    refused({"hand": "340406m45688s234p", "rule_options": {"aka_dora": 4}}, "invalid_hand", "red 5m")
    refused({"hand": "234m456p340406s88s", "rule_options": {"aka_dora": 4}}, "invalid_hand", "red 5s")
    refused({"hand": "340406406p22345m", "rule_options": {"aka_dora": 4}}, "invalid_hand", "3 red 5p")


def test_red_fives_in_melds_and_indicators_count():
    # indicators count as tiles: one 0p in hand + a 0p indicator is two red 5p.
    refused({"hand": ONE_RED_5P, "dora": "0p"}, "invalid_hand", "2 red 5p")
    r = scored({"hand": ONE_RED_5P, "dora": "0p", "rule_options": {"aka_dora": 4}})
    assert yaku_han(r) == {"tanyao": 1, "dora": 1, "aka_dora": 1}  # 0p indicates 6p: one 6p
    refused({"hand": "234m345p456p45688s", "dora": "0p", "rule_options": {"aka_dora": 0}}, "invalid_hand")
    refused({"hand": ONE_RED_5P, "riichi": True, "ura": ["0p"]}, "invalid_hand", "red 5p")
    refused({"hand": "234m345p456p45688s", "riichi": True, "ura": "0s0s"}, "invalid_hand", "2 red 5s")
    # a red five in a meld counts too: 406p + pon:055p is four 5p, two of them red
    in_meld = "234m406p22s345s pon:055p"
    refused({"hand": in_meld}, "invalid_hand", "2 red 5p")
    r = scored({"hand": in_meld, "rule_options": {"aka_dora": 4}})
    assert yaku_han(r) == {"tanyao": 1, "aka_dora": 2}
    refused({"hand": "234m678p22s345s kan:0555p", "rules": "wrc2022"}, "invalid_hand", "red 5p")
    refused({"hand": "234m456p22s345s chi:406m", "rule_options": {"aka_dora": 0}}, "invalid_hand", "red 5m")
    # a kan of 5p with a red one plus a 0p indicator is a fifth 5p
    refused({"hand": "234m456s22s345s kan:0555p", "dora": "0p"}, "invalid_hand", "more than four 5p")


# -- the winning tile -------------------------------------------------------------------------------


def test_win_tile_must_be_in_the_concealed_part():
    refused({"hand": BASE, "win_tile": "9m"}, "invalid_hand", "9m", "concealed")
    with pytest.raises(InvalidHand):
        parse_hand(BASE, win="9m")
    # 7s is only in the chi
    refused({"hand": OPEN, "win_tile": "7s"}, "invalid_hand", "7s", "concealed")
    # 0m names only the red five; this hand has a plain 5m only
    refused({"hand": "345m456p22345678s", "win_tile": "0m"}, "invalid_hand", "0m", "concealed")


def test_win_tile_five_picks_plain_then_red():
    # 340m + 456m: both a red and a plain 5m in the concealed part
    both = "340456m22345678s"
    plain = scored({"hand": both, "win_tile": "5m"})
    assert plain["win_tile"] == "5m"
    assert plain["hand"] == "34406m22345678s5m"
    assert yaku_han(plain)["aka_dora"] == 1
    red = scored({"hand": both, "win_tile": "0m"})
    assert red["win_tile"] == "0m"
    assert red["hand"] == "34456m22345678s0m"
    assert yaku_han(red)["aka_dora"] == 1
    # only a red 5m: 5m names it
    only_red = scored({"hand": "340m456p22345678s", "win_tile": "5m"})
    assert only_red["win_tile"] == "0m"
    assert only_red["hand"] == "34m456p22345678s0m"
    assert yaku_han(only_red)["aka_dora"] == 1
    hand = parse_hand("340m456p22345678s", win="5m")
    assert hand.win_tile == 4 and hand.win_red
    hand = parse_hand(both, win="5m")
    assert hand.win_tile == 4 and not hand.win_red


def test_default_win_tile_is_the_last_concealed_tile_written():
    assert scored({"hand": BASE})["win_tile"] == "8s"
    # melds written after the concealed part do not change it
    assert scored({"hand": OPEN})["win_tile"] == "5s"
    assert scored({"hand": "chi:678s 234m456p22s345s"})["win_tile"] == "5s"
    assert parse_hand("123m456p789s11222z").win_tile == 28  # 2z
    assert parse_hand("123m456p789s11222z", win="1z").win_tile == 27


def test_win_tile_changes_the_reading():
    # won on 2s the 22s pair is a tanki wait: no pinfu, 20 + 10 closed ron + 2 tanki = 40 fu
    r = scored({"hand": BASE, "win_tile": "2s"})
    assert r["win_tile"] == "2s" and r["hand"] == "234m456p2345678s2s"
    assert (r["han"], r["fu"], r["points"]["total"]) == (1, 40, 1300)


# -- impossible contexts ---------------------------------------------------------------------------

IMPOSSIBLE = [
    ({"hand": OPEN, "riichi": True}, ["riichi", "open"]),
    ({"hand": OPEN, "double_riichi": True}, ["riichi", "open"]),
    ({"hand": "234m456p22s345s pon:888s", "riichi": True}, ["riichi", "open"]),
    ({"hand": "234m456p22s345s kan:8888s", "riichi": True}, ["riichi", "open"]),
    ({"hand": BASE, "ippatsu": True}, ["ippatsu", "riichi"]),
    ({"hand": BASE, "win": "tsumo", "from": "W"}, ["tsumo", "from"]),
    ({"hand": BASE, "haitei": True}, ["haitei", "ron"]),
    ({"hand": BASE, "houtei": True, "win": "tsumo"}, ["houtei", "tsumo"]),
    ({"hand": BASE, "chankan": True, "win": "tsumo"}, ["chankan", "tsumo"]),
    ({"hand": ANKAN, "rinshan": True}, ["rinshan", "ron"]),
    ({"hand": BASE, "rinshan": True, "win": "tsumo"}, ["rinshan", "kan"]),
    ({"hand": BASE, "tenhou": True, "win": "tsumo"}, ["tenhou", "non-dealer"]),
    ({"hand": BASE, "tenhou": True, "win": "tsumo", "seat_wind": "W"}, ["tenhou", "non-dealer"]),
    ({"hand": BASE, "chiihou": True, "win": "tsumo", "seat_wind": "E"}, ["chiihou", "dealer"]),
    ({"hand": BASE, "renhou": True, "seat_wind": "E", "rules": "ema2025"}, ["renhou"]),
    ({"hand": BASE, "renhou": True, "win": "tsumo", "rules": "ema2025"}, ["renhou", "ron"]),
    ({"hand": BASE, "ura": "1m"}, ["ura", "riichi"]),
    ({"hand": BASE, "ura": ["1m"], "ippatsu": False}, ["ura", "riichi"]),
    ({"hand": BASE, "dora": "1m2m", "rule_options": {"kan_dora": False}}, ["2 dora", "kan_dora"]),
    ({"hand": BASE, "dora": ["1m", "2m", "3m"], "rules": "jpml2023"}, ["3 dora", "kan_dora"]),
    ({"hand": BASE, "riichi": True, "ura": "1m", "rule_options": {"ura_dora": False}}, ["ura", "ura_dora"]),
    ({"hand": BASE, "riichi": True, "ura": "1m", "rules": "jpml2023"}, ["ura", "jpml2023"]),
    ({"hand": BASE, "riichi": True, "ippatsu": True, "rule_options": {"ippatsu": False}}, ["ippatsu"]),
    ({"hand": BASE, "riichi": True, "ippatsu": True, "rules": "jpml2023"}, ["ippatsu", "jpml2023"]),
    ({"hand": BASE, "from": "S"}, ["from"]),  # the default seat is S
    ({"hand": BASE, "seat_wind": "E", "from": "E"}, ["from"]),
    ({"hand": BASE, "seat_wind": "N", "from": "north"}, ["from"]),
]


@pytest.mark.parametrize("mapping,words", IMPOSSIBLE)
def test_impossible_context_is_refused(mapping, words):
    r = refused(mapping, "invalid_context", *words)
    assert "impossible" in r["error"]["message"]
    # what could be read is echoed
    assert r["hand"] is not None and r["seat_wind"] == mapping.get("seat_wind", "S").upper()[0]
    with pytest.raises(InvalidContext):
        build_request(mapping)


def test_possible_contexts_near_the_refused_ones():
    # riichi with a concealed kan is fine: riichi 1 + tanyao 1 = 2 han; fu 20 + 10 closed ron
    # + 32 concealed kan of simples... 8s is a simple: 16 fu; 20 + 10 + 16 = 46 -> 50 fu.
    r = scored({"hand": ANKAN, "riichi": True})
    assert yaku_han(r) == {"riichi": 1, "tanyao": 1}
    assert (r["han"], r["fu"], r["points"]["ron"]) == (2, 50, 3200)
    # rinshan with a kan by tsumo
    r = scored({"hand": ANKAN, "riichi": True, "win": "tsumo", "rinshan": True})
    assert yaku_han(r) == {"riichi": 1, "menzen_tsumo": 1, "tanyao": 1, "rinshan": 1}
    # a single dora indicator with kan_dora false is fine
    r = scored({"hand": BASE, "dora": "3p", "rule_options": {"kan_dora": False}})
    assert yaku_han(r)["dora"] == 1
    # tenhou for the dealer, chiihou for a non-dealer, renhou for a non-dealer's ron where played
    assert scored({"hand": BASE, "tenhou": True, "win": "tsumo", "seat_wind": "E"})["yakuman"] == 1
    assert scored({"hand": BASE, "chiihou": True, "win": "tsumo"})["yakuman"] == 1
    r = scored({"hand": BASE, "renhou": True, "rules": "ema2025"})
    assert r["limit"] == "mangan" and r["points"]["total"] == 8000
    # tsumo with from: null is no 'from'
    scored({"hand": BASE, "win": "tsumo", "from": None})


def test_double_riichi_is_a_riichi():
    # double riichi without riichi allows ippatsu and ura: 2 + 1 + pinfu 1 + tanyao 1 + ura 1
    # (1m indicates 2m: one 2m) = 6 han: haneman 12000.
    r = scored({"hand": BASE, "double_riichi": True, "ippatsu": True, "ura": "1m"})
    assert yaku_han(r) == {"double_riichi": 2, "ippatsu": 1, "pinfu": 1, "tanyao": 1, "ura_dora": 1}
    assert (r["han"], r["limit"], r["points"]["total"]) == (6, "haneman", 12000)
    # given with riichi too, it is counted once, as double riichi
    r = scored({"hand": BASE, "double_riichi": True, "riichi": True})
    assert yaku_han(r) == {"double_riichi": 2, "pinfu": 1, "tanyao": 1}


# -- keys and values --------------------------------------------------------------------------------


def test_unknown_key_names_the_key_and_hints():
    r = refused({"hand": BASE, "hnd": "x"}, "invalid_context", "unknown key", "'hnd'", "did you mean 'hand'")
    r = refused({"hand": BASE, "riichi_stick": 1}, "invalid_context", "'riichi_stick'", "'riichi_sticks'")
    r = refused({"hand": BASE, "dorra": ["1m"]}, "invalid_context", "'dorra'", "did you mean 'dora'")
    r = refused({"hand": BASE, "seat": "E"}, "invalid_context", "'seat'", "did you mean")
    r = refused({"hand": BASE, "zzzzzz": 1}, "invalid_context", "'zzzzzz'", "valid keys", "seat_wind")
    assert "did you mean" not in r["error"]["message"]
    with pytest.raises(InvalidContext, match="unknown key"):
        build_request({"hand": BASE, "Riichi": True})


def test_unknown_key_still_echoes_what_could_be_read():
    # docs/output.md: "the keys that could be read (hand, winds, ...) are echoed" -- a typo in one key
    # leaves the hand and the winds perfectly readable.
    r = refused({"hand": BASE, "seat_wind": "W", "riichi_stick": 1}, "invalid_context", "riichi_stick")
    assert r["hand"] == "234m456p2234567s8s"
    assert r["seat_wind"] == "W"


WRONG_TYPES = [
    ({"hand": BASE, "riichi": "yes"}, ["riichi", "true or false", "'yes'"]),
    ({"hand": BASE, "riichi": 1}, ["riichi", "true or false"]),
    ({"hand": BASE, "tenhou": None}, ["tenhou", "true or false"]),
    ({"hand": BASE, "honba": -1}, ["honba", "-1"]),
    ({"hand": BASE, "honba": 1.5}, ["honba", "1.5"]),
    ({"hand": BASE, "honba": "2"}, ["honba"]),
    ({"hand": BASE, "honba": True}, ["honba"]),
    ({"hand": BASE, "riichi_sticks": -2}, ["riichi_sticks"]),
    ({"hand": BASE, "seat_wind": "X"}, ["seat_wind", "E, S, W, N", "'X'"]),
    ({"hand": BASE, "round_wind": 1}, ["round_wind", "E, S, W, N"]),
    ({"hand": BASE, "from": "Q"}, ["from", "E, S, W, N"]),
    ({"hand": BASE, "dora": {"a": 1}}, ["dora", "list of tiles"]),
    ({"hand": BASE, "dora": [["1m"]]}, ["dora", "list of tiles"]),
    ({"hand": BASE, "ura": 5.5, "riichi": True}, ["ura", "list of tiles"]),
    ({"hand": BASE, "win": "draw"}, ["win", "ron or tsumo", "'draw'"]),
    ({"hand": BASE, "win": True}, ["win", "ron or tsumo"]),
    ({"hand": ["234m"]}, ["hand", "string"]),
    ({"hand": 123}, ["hand", "string"]),
    ({"hand": BASE, "id": {"x": 1}}, ["id"]),
    ({"hand": BASE, "rules": 3}, ["rules", "preset"]),
    ({"hand": BASE, "rule_options": ["kuitan"]}, ["rule_options", "mapping"]),
]


@pytest.mark.parametrize("mapping,words", WRONG_TYPES)
def test_wrong_value_type_is_refused(mapping, words):
    refused(mapping, "invalid_context", *words)
    with pytest.raises(InvalidContext):
        build_request(mapping)


def test_missing_hand_and_non_mappings():
    refused({"riichi": True}, "invalid_context", "missing", "hand")
    refused({}, "invalid_context", "hand")
    refused({"hand": None}, "invalid_context", "hand")
    for value in (None, [], "234m456p22345678s", 5):
        r = riichi_cli.score(value)
        assert r["ok"] is False and r["error"]["code"] == "invalid_context"
    with pytest.raises(InvalidContext, match="missing key 'hand'"):
        build_request({"win": "ron"})


def test_unknown_preset_lists_the_presets():
    r = refused({"hand": BASE, "rules": "nosuch"}, "invalid_context", "preset", "'nosuch'")
    for name in ("tenhou", "mahjongsoul", "mleague", "wrc2022", "ema2025", "jpml2023"):
        assert name in r["error"]["message"]
    with pytest.raises(InvalidContext):
        build_request({"hand": BASE, "rules": "nosuch"})
    # aliases and case are accepted
    scored({"hand": BASE, "rules": "WRC"})


def test_unknown_rule_option_and_bad_values_list_the_valid_ones():
    r = refused({"hand": BASE, "rule_options": {"kuitann": True}}, "invalid_context", "'kuitann'")
    for name in ("kuitan", "aka_dora", "kiriage_mangan", "honba_points"):
        assert name in r["error"]["message"]
    refused({"hand": BASE, "rule_options": {"aka_dora": 5}}, "invalid_context", "aka_dora", "0, 2, 3, 4")
    refused({"hand": BASE, "rule_options": {"kuitan": "maybe"}}, "invalid_context", "kuitan", "true, false")
    refused(
        {"hand": BASE, "rule_options": {"renhou": "lots"}},
        "invalid_context",
        "renhou",
        "none, mangan, han5, yakuman",
    )
    refused({"hand": BASE, "rule_options": {"min_han": "two"}}, "invalid_context", "min_han", "whole number")
    refused(
        {"hand": BASE, "rules": "mleague", "rule_options": {"multiple_ron": "all"}},
        "invalid_context",
        "head_bump, double, triple",
    )
    with pytest.raises(InvalidContext):
        build_request({"hand": BASE, "rule_options": {"double_wind_pair_fu": 3}})


def _bomb(depth: int) -> list:
    """A billion-laughs structure: 9**depth leaves, depth * 9 objects (shared references)."""
    node: list = ["lol"] * 9
    for _ in range(depth - 1):
        node = [node] * 9
    return node


@pytest.mark.parametrize(
    "key,mapping",
    [
        ("win_tile", {"hand": BASE, "win_tile": _bomb(6)}),
        ("rule_options", {"hand": BASE, "rule_options": {"kuitan": _bomb(6)}}),
        ("rule_options", {"hand": BASE, "rule_options": {"min_han": _bomb(6)}}),
        ("dora", {"hand": BASE, "dora": _bomb(6)}),
        ("id", {"hand": BASE, "id": _bomb(6)}),
        ("hand", {"hand": _bomb(6)}),
    ],
)
def test_alias_bomb_values_give_short_messages(key, mapping):
    # An alias bomb read from YAML is a small graph of shared lists that expands to 9**depth
    # leaves when printed whole. A refusal must describe it in bounded space (errors.short),
    # or a 9-level bomb in a batch file never finishes. Depth 6 keeps this test fast.
    r = riichi_cli.score(mapping)
    assert r["ok"] is False
    assert r["error"]["code"] in ("invalid_context", "invalid_notation")
    assert len(r["error"]["message"]) < 5000, len(r["error"]["message"])


# -- positive notation ------------------------------------------------------------------------------


def test_spaces_between_groups_do_not_matter():
    spaced, packed = parse_written("123m 456p 789s 11z"), parse_written("123m456p789s11z")
    assert spaced.pairs() == packed.pairs() and spaced.last == packed.last == (27, False)
    a = scored({"hand": "123m 456p 789s 11z 234p", "riichi": True})
    b = scored({"hand": "123m456p789s11z234p", "riichi": True})
    c = scored({"hand": "  123m\t456p\n789s 11z   234p ", "riichi": True})
    assert a == b == c


CANONICAL = [
    # (an input written another way, its canonical form from docs/input.md)
    ({"hand": "234567m2278p456s9p"}, "234567m2278p456s9p"),
    ({"hand": "456s 765432m 2287p 9p"}, "234567m2278p456s9p"),
    ({"hand": "9p456s2278p234567m", "win_tile": "9p"}, "234567m2278p456s9p"),
    ({"hand": "123456s234m55p chi:789s"}, "234m5p123456s5p chi:789s"),
    ({"hand": "chi:978s 5p432m654321s 5p"}, "234m5p123456s5p chi:789s"),
    ({"hand": "406m1p1p kan:0555p pon:777z chi:789s"}, "406m1p1p kan:0555p pon:777z chi:789s"),
    ({"hand": "1p604m kan:5505p pon:777z chi:987s 1p"}, "406m1p1p kan:0555p pon:777z chi:789s"),
    ({"hand": "1p 0m 4m 6m 1p kan:5550p pon:777z chi:897s"}, "406m1p1p kan:0555p pon:777z chi:789s"),
]


@pytest.mark.parametrize("mapping,canonical", CANONICAL)
def test_canonical_printing_of_spec_examples(mapping, canonical):
    r = riichi_cli.score({**mapping, "riichi": False})
    assert r["hand"] == canonical
    hand = parse_hand(mapping["hand"], mapping.get("win_tile"))
    assert hand.notation() == canonical
    # the echo parses back to the same hand and the same result
    assert parse_hand(canonical) == hand
    again = riichi_cli.score({"hand": canonical})
    assert again == riichi_cli.score({"hand": mapping["hand"], "win_tile": mapping.get("win_tile")})


def test_spec_example_scores():
    # 234m 5p 123456s 5p chi:789s, dora 1m -> 2m: ittsu open 1 + dora 1 = 2 han;
    # fu 20 + 2 tanki = 22 -> 30: 2 han 30 fu non-dealer ron 2000.
    r = scored({"hand": "123456s234m55p chi:789s", "win": "ron", "dora": ["1m"]})
    assert (r["han"], r["fu"], r["points"]["total"]) == (2, 30, 2000)
    # 406m 1p1p kan:0555p pon:777z chi:789s: chun 1 + aka 2 (0m, 0p) = 3 han;
    # fu 20 + open kan of simples 8 + open pung of honors 4 + tanki 2 = 34 -> 40: 5200.
    r = scored({"hand": "406m1p1p kan:0555p pon:777z chi:789s"})
    assert yaku_han(r) == {"chun": 1, "aka_dora": 2}
    assert (r["han"], r["fu"], r["points"]["total"]) == (3, 40, 5200)


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("550m234789p678s99s", "055m234789p6789s9s"),  # a red five before the plain fives
        ("505m234789p678s99s", "055m234789p6789s9s"),
        ("234789p678s99s550m", "55m234789p67899s0m"),  # won on the red five written last
        ("234789p678s99s505m", "05m234789p67899s5m"),
        ("234789p678s99s055m", "05m234789p67899s5m"),
        ("234789p678s99s555m", "55m234789p67899s5m"),
        ("234m789p678s99s pon:550p", "234m789p6789s9s pon:055p"),
        ("234m789p678s99s kan:5505s", "234m789p6789s9s kan:0555s"),
        ("234m789p678s99s kakan:5550m", "234m789p6789s9s kakan:0555m"),
        ("234m789p678s99s chi:654m", "234m789p6789s9s chi:456m"),
        ("234m789p678s99s chi:6m0m4m", "234m789p6789s9s chi:406m"),
    ],
)
def test_red_five_ordering_and_round_trip(text, canonical):
    hand = parse_hand(text)
    assert hand.notation() == canonical
    assert parse_hand(canonical) == hand


def test_red_win_tile_is_printed_red():
    hand = parse_hand("234789p678s99s550m")
    assert hand.win_tile == 4 and hand.win_red
    r = riichi_cli.score({"hand": "234789p678s99s550m", "riichi": True})
    assert r["win_tile"] == "0m" and r["hand"] == "55m234789p67899s0m"


def test_format_counts_puts_red_before_plain():
    # 4m, and two 5m of which one is red: the red five is written 0, before the plain 5
    assert format_counts([0, 0, 0, 1, 2] + [0] * 29, (1, 0, 0)) == "405m"
    # 1m, two 5p (one red) and East: suits in the order m p s z
    counts = [0] * 34
    counts[0], counts[13], counts[27] = 1, 2, 1
    assert format_counts(counts, (0, 1, 0)) == "1m05p1z"


def test_score_never_raises_on_garbage():
    for mapping in (
        {"hand": "\x00"},
        {"hand": "9" * 10000 + "m"},
        {"hand": "chi:" * 1000},
        {"hand": "m" * 5000},
    ):
        r = riichi_cli.score(mapping)
        assert r["ok"] is False
        assert r["error"]["code"] in ("invalid_notation", "invalid_hand")


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.lists(st.integers(0, 33), min_size=14, max_size=14),
        st.lists(st.integers(0, 5), min_size=14, max_size=14),
    ),
    st.booleans(),
)
def test_packed_counts_read_tile_by_tile_match_the_counts(tiles: list[int], red: bool) -> None:
    """The suits' packed counts that `parse_hand` adds up tile by tile are those `hand_suit_keys`
    packs from the 34 counts (None when a tile is held five times or more)."""
    from riichi_cli.core.tiles import hand_suit_keys, name

    text = "".join(name(t, red and t in (4, 13, 22)) for t in tiles)
    hand = parse_hand(text)
    assert hand.suit_keys() == hand_suit_keys(hand.concealed), text
