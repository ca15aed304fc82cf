"""The log decoders, tile by tile: mjlog's 136 ids and ``m`` bit fields, tenhou6's codes and call
strings. Every expected value is worked out by hand in a comment from the format's description
(/work/shared/logs/README.md): an id's kind is id // 4, ids 16, 52, 88 are the red fives."""

from __future__ import annotations

import pytest

from riichi_cli.logs.melds import ANKAN, CHI, KAKAN, KAN, NUKI, PON, decode_m, parse_call
from riichi_cli.logs.tiles import LogError, from_code, from_id, name, names


@pytest.mark.parametrize(
    "tile_id, expected",
    [
        (0, "1m"), (3, "1m"),  # ids 0-3 are the four 1m
        (16, "0m"), (17, "5m"), (19, "5m"),  # 16 // 4 = 4 -> 5m; copy 0 of 5m is the red one
        (35, "9m"), (36, "1p"),  # 35 // 4 = 8 -> 9m, 36 // 4 = 9 -> 1p
        (52, "0p"), (53, "5p"),  # 52 // 4 = 13 -> 5p, red
        (88, "0s"), (89, "5s"),  # 88 // 4 = 22 -> 5s, red
        (107, "9s"), (108, "1z"),  # 26 -> 9s, 27 -> East
        (124, "5z"), (135, "7z"),  # 31 -> White, 33 -> Red dragon
    ],
)  # fmt: skip
def test_mjlog_tile_ids(tile_id, expected):
    assert name(from_id(tile_id)) == expected


@pytest.mark.parametrize("bad", [-1, 136, 1000])
def test_mjlog_tile_ids_out_of_range(bad):
    with pytest.raises(LogError):
        from_id(bad)


@pytest.mark.parametrize(
    "code, expected",
    [(11, "1m"), (15, "5m"), (19, "9m"), (21, "1p"), (39, "9s"), (41, "1z"), (47, "7z"),
     (51, "0m"), (52, "0p"), (53, "0s")],
)  # fmt: skip
def test_tenhou6_tile_codes(code, expected):
    assert name(from_code(code)) == expected


@pytest.mark.parametrize("bad", [0, 10, 20, 48, 50, 54, 60, 99])
def test_tenhou6_bad_codes(bad):
    with pytest.raises(LogError):
        from_code(bad)


def test_names_sort_a_red_five_before_the_plain_ones():
    # 5m (17), red 5m (16), 4m (12), 1z (108): suits m then z, 4m, then 0m before 5m
    assert names([from_id(i) for i in (17, 16, 12, 108)]) == "405m1z"


def test_chi_bit_layout():
    # chi of 3m (id 9, copy 1), 4m (id 12, copy 0), red 5m (id 16, copy 0), 4m called, from kamicha:
    # base index of 3m = 2 (0-6 per suit), called position 1 -> (2 * 3 + 1) << 10 = 7168;
    # copies 1, 0, 0 at bits 3-4, 5-6, 7-8 -> 1 << 3 = 8; chi flag 0x4; source 3 -> 7168 + 8 + 4 + 3
    meld = decode_m(7183)
    assert (meld.kind, meld.notation(), name(meld.called), meld.source) == (CHI, "chi:340m", "4m", 3)


def test_chi_in_a_later_suit():
    # 7s 8s 9s (ids 96, 100, 104: copies 0), called 9s: base index = 2 suits x 7 + 6 = 20,
    # (20 * 3 + 2) << 10 = 63488; + chi 4 + from kamicha 3 = 63495
    meld = decode_m(63495)
    assert (meld.notation(), name(meld.called)) == ("chi:789s", "9s")


def test_pon_bit_layout():
    # pon of Red dragon (kind 33) from shimocha, copy 2 left out, first tile called:
    # (33 * 3 + 0) << 9 = 50688; unused copy 2 << 5 = 64; pon flag 0x8; source 1 -> 50761
    meld = decode_m(50761)
    assert (meld.kind, meld.notation(), meld.source) == (PON, "pon:777z", 1)
    assert len(meld.tiles) == 3


def test_pon_holding_the_red_five():
    # pon of 5p (kind 13) leaving out copy 3 (id 55): tiles 52 (red), 53, 54; called position 0
    # (13 * 3) << 9 = 19968; 3 << 5 = 96; 8; from across 2 -> 20074
    meld = decode_m(20074)
    assert (meld.notation(), name(meld.called), meld.source) == ("pon:055p", "0p", 2)


def test_added_kan_bit_layout():
    # kakan on a pon of 5p whose left-out copy 0 (the red 52) is the added tile:
    # (13 * 3 + 1) << 9 = 20480; unused 0; kakan flag 0x10; pon came from across (2) -> 20498
    meld = decode_m(20498)
    assert (meld.kind, meld.notation(), name(meld.called), meld.source) == (KAKAN, "kakan:0555p", "0p", 2)


def test_open_kan_bit_layout():
    # daiminkan of 8s taking id 100 (kind 25) from kamicha: 100 << 8 = 25600, + source 3 -> 25603
    meld = decode_m(25603)
    assert (meld.kind, meld.notation(), name(meld.called), meld.source) == (KAN, "kan:8888s", "8s", 3)


def test_concealed_kan_bit_layout():
    # ankan of 5m: tile id 17 << 8 = 4352, source 0 (own hand); the four copies include red 16
    meld = decode_m(4352)
    assert (meld.kind, meld.notation(), meld.source) == (ANKAN, "ankan:0555m", 0)


def test_nuki_is_recognised():
    # three-player North: id 120 (North) << 8 = 30720, nuki flag 0x20 -> 30752
    assert decode_m(30752).kind == NUKI


@pytest.mark.parametrize(
    "text, kind, notation, called, source",
    [
        ("c275226", CHI, "chi:067p", "7p", 3),  # chi: 7p taken from the left with red 5p and 6p
        ("p414141", PON, "pon:111z", "1z", 3),  # letter first: from the left (kamicha)
        ("41p4141", PON, "pon:111z", "1z", 2),  # letter at 2: from across
        ("4141p41", PON, "pon:111z", "1z", 1),  # letter at 4: from the right (shimocha)
        ("m39393939", KAN, "kan:9999s", "9s", 3),  # open kan from the left
        ("39m393939", KAN, "kan:9999s", "9s", 2),
        ("393939m39", KAN, "kan:9999s", "9s", 1),  # open kan: the right is letter at 6
        ("252552m25", KAN, "kan:0555p", "5p", 1),  # 52 is the red 5p among the four
        ("3737k3737", KAKAN, "kakan:7777s", "7s", 1),  # the pon came from the right
        ("k51151515", KAKAN, "kakan:0555m", "0m", 3),  # the added tile (after k) is the red 5m
        ("151515a51", ANKAN, "ankan:0555m", "0m", 0),
    ],
)  # fmt: skip
def test_tenhou6_calls(text, kind, notation, called, source):
    meld = parse_call(text)
    assert (meld.kind, meld.notation(), name(meld.called), meld.source) == (kind, notation, called, source)


@pytest.mark.parametrize("bad", ["", "p4141", "x414141", "41p41p41", "4p14141", "c2752260", "1z1z1z"])
def test_tenhou6_bad_calls(bad):
    with pytest.raises(LogError):
        parse_call(bad)


# -- mjlog attributes: numbers as int() of each part reads them (the fast byte reading agrees) ----------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("250,250,250,250", [250, 250, 250, 250]),
        ("262,-60,236,0,243,-10,259,70", [262, -60, 236, 0, 243, -10, 259, 70]),  # sc: score, change...
        ("-0,-007", [0, -7]),
        ("", []),
        (",5,,", [5]),  # empty parts are left out
        (" 5, -6", [5, -6]),  # blanks go the slow way, which strips them
        ("+5", [5]),
        ("999999999999999999,-1000000000000000000000", [999999999999999999, -1000000000000000000000]),
    ],
)
def test_mjlog_numbers(text, expected):
    from riichi_cli.logs.mjlog import ints

    assert ints(text) == expected


@pytest.mark.parametrize("bad", ["-", "5,-", "--5", "5-", "-,5", "5-6", "1_0,-"])
def test_mjlog_bad_numbers(bad):
    from riichi_cli.logs.mjlog import ints

    with pytest.raises(LogError, match="is not a list of numbers"):
        ints(bad)
