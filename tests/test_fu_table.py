"""Hand -> fu lines: every set kind, pair kind and wait kind, with the stable ids of docs/output.md.

Each row is worked out by hand from the fu rules (base 20; closed ron 10; tsumo 2 unless pinfu or, under
``rinshan_tsumo_fu: false``, a rinshan win; a triplet 2 open simple, doubled for a terminal or honor,
doubled when concealed, times 4 for a quad; kanchan, penchan and tanki 2; a dragon, seat or round wind
pair 2, a double wind pair ``double_wind_pair_fu``; an open hand of 20 fu gets 10; seven pairs 25), then
rounded up to 10. A ron completing a shanpon counts that triplet as open.
"""

from __future__ import annotations

import pytest

import riichi_cli
from riichi_cli.core.fu import set_fu, set_id

BASE = ("base", "base", 20)
RON = ("closed_ron", "closed ron", 10)
TSUMO = ("tsumo", "tsumo", 2)
KANCHAN = ("kanchan_wait", "kanchan wait", 2)
PENCHAN = ("penchan_wait", "penchan wait", 2)
TANKI = ("tanki_wait", "tanki wait", 2)

# (mapping, rules, fu lines as (id, reason, fu), total fu after rounding)
ROWS = [
    # 20 + 10 + 4 (closed 555m) + 2 (kanchan 1-3m) = 36 -> 40
    (
        {"hand": "555m234p678s99s13m2m", "riichi": True},
        "tenhou",
        [BASE, RON, ("closed_triplet_simple", "closed pung 5m", 4), KANCHAN],
        40,
    ),
    # 20 + 10 + 8 (closed 999m) + 2 = 40
    (
        {"hand": "999m234p678s55s13m2m", "riichi": True},
        "tenhou",
        [BASE, RON, ("closed_triplet_terminal", "closed pung 9m", 8), KANCHAN],
        40,
    ),
    # 20 + 10 + 8 (closed 777z) + 2 = 40; chun is the yaku
    (
        {"hand": "777z234p678s55s13m2m"},
        "tenhou",
        [BASE, RON, ("closed_triplet_honor", "closed pung 7z", 8), KANCHAN],
        40,
    ),
    # open: 20 + 2 (pon 555m) + 2 (kanchan) = 24 -> 30; open tanyao
    (
        {"hand": "234p678s55s24m3m pon:555m"},
        "tenhou",
        [BASE, ("open_triplet_simple", "open pung 5m", 2), KANCHAN],
        30,
    ),
    # open: 20 + 4 (pon 999m) + 4 (pon 777z) + 2 = 30; chun
    (
        {"hand": "234p55s24m3m pon:999m pon:777z"},
        "tenhou",
        [
            BASE,
            ("open_triplet_terminal", "open pung 9m", 4),
            ("open_triplet_honor", "open pung 7z", 4),
            KANCHAN,
        ],
        30,
    ),
    # open quads: 20 + 16 (kan 9999m) + 16 (kan 7777z) + 2 = 54 -> 60
    (
        {"hand": "234p55s24m3m kan:9999m kan:7777z"},
        "tenhou",
        [BASE, ("open_quad_terminal", "open kan 9m", 16), ("open_quad_honor", "open kan 7z", 16), KANCHAN],
        60,
    ),
    # concealed quads keep the hand closed: 20 + 10 + 32 + 32 + 2 = 96 -> 100; East round wind
    (
        {"hand": "234p55s24m3m ankan:9999m ankan:1111z"},
        "tenhou",
        [
            BASE,
            RON,
            ("closed_quad_terminal", "closed kan 9m", 32),
            ("closed_quad_honor", "closed kan 1z", 32),
            KANCHAN,
        ],
        100,
    ),
    # 20 + 16 (ankan 5555m) + 8 (kan 6666s) + 2 = 46 -> 50 (open: no closed ron); open tanyao
    (
        {"hand": "234p55s24m3m ankan:5555m kan:6666s"},
        "tenhou",
        [BASE, ("closed_quad_simple", "closed kan 5m", 16), ("open_quad_simple", "open kan 6s", 8), KANCHAN],
        50,
    ),
    # penchan 12m + 3m: 20 + 10 + 4 + 2 = 36 -> 40
    (
        {"hand": "555m234p678s99s12m3m", "riichi": True},
        "tenhou",
        [BASE, RON, ("closed_triplet_simple", "closed pung 5m", 4), PENCHAN],
        40,
    ),
    # tanki on 9s: 20 + 10 + 4 + 2 = 36 -> 40
    (
        {"hand": "555m234p678s123m9s9s", "riichi": True},
        "tenhou",
        [BASE, RON, ("closed_triplet_simple", "closed pung 5m", 4), TANKI],
        40,
    ),
    # shanpon, ron on 5p: the 5p triplet counts open. 20 + 10 + 4 + 2 = 36 -> 40; no wait line
    (
        {"hand": "555m234p678s99s55p5p", "riichi": True},
        "tenhou",
        [
            BASE,
            RON,
            ("closed_triplet_simple", "closed pung 5m", 4),
            ("open_triplet_simple", "open pung 5p", 2),
        ],
        40,
    ),
    # the same shanpon won by tsumo: both triplets concealed, 20 + 2 + 4 + 4 = 30
    (
        {"hand": "555m234p678s99s55p5p", "win": "tsumo"},
        "tenhou",
        [
            BASE,
            TSUMO,
            ("closed_triplet_simple", "closed pung 5m", 4),
            ("closed_triplet_simple", "closed pung 5p", 4),
        ],
        30,
    ),
    # dragon pair: 20 + 10 + 4 + 2 + 2 = 38 -> 40
    (
        {"hand": "555m234p678s55z13m2m", "riichi": True},
        "tenhou",
        [
            BASE,
            RON,
            ("closed_triplet_simple", "closed pung 5m", 4),
            KANCHAN,
            ("pair_dragon", "value pair 5z", 2),
        ],
        40,
    ),
    # seat wind pair (South seat): 38 -> 40
    (
        {"hand": "555m234p678s22z13m2m", "riichi": True, "seat_wind": "S", "round_wind": "E"},
        "tenhou",
        [
            BASE,
            RON,
            ("closed_triplet_simple", "closed pung 5m", 4),
            KANCHAN,
            ("pair_wind", "value pair 2z", 2),
        ],
        40,
    ),
    # round wind pair (East round, West seat): 38 -> 40
    (
        {"hand": "555m234p678s11z13m2m", "riichi": True, "seat_wind": "W", "round_wind": "E"},
        "tenhou",
        [
            BASE,
            RON,
            ("closed_triplet_simple", "closed pung 5m", 4),
            KANCHAN,
            ("pair_wind", "value pair 1z", 2),
        ],
        40,
    ),
    # a wind that is neither: no pair line (North pair, South seat, East round): 36 -> 40
    (
        {"hand": "555m234p678s44z13m2m", "riichi": True, "seat_wind": "S", "round_wind": "E"},
        "tenhou",
        [BASE, RON, ("closed_triplet_simple", "closed pung 5m", 4), KANCHAN],
        40,
    ),
    # double wind pair (East seat, East round): 4 under tenhou: 20 + 10 + 4 + 2 + 4 = 40
    (
        {"hand": "555m234p678s11z13m2m", "riichi": True, "seat_wind": "E", "round_wind": "E", "from": "S"},
        "tenhou",
        [
            BASE,
            RON,
            ("closed_triplet_simple", "closed pung 5m", 4),
            KANCHAN,
            ("pair_double_wind", "value pair 1z", 4),
        ],
        40,
    ),
    # ... and 2 under ema (double_wind_pair_fu 2): 38 -> 40
    (
        {"hand": "555m234p678s11z13m2m", "riichi": True, "seat_wind": "E", "round_wind": "E", "from": "S"},
        "ema",
        [
            BASE,
            RON,
            ("closed_triplet_simple", "closed pung 5m", 4),
            KANCHAN,
            ("pair_double_wind", "value pair 1z", 2),
        ],
        40,
    ),
    # tsumo: 20 + 2 + 4 + 2 = 28 -> 30
    (
        {"hand": "555m234p678s99s13m2m", "win": "tsumo"},
        "tenhou",
        [BASE, TSUMO, ("closed_triplet_simple", "closed pung 5m", 4), KANCHAN],
        30,
    ),
    # pinfu tsumo: no tsumo fu, 20
    ({"hand": "234m345p567s2234s5s", "win": "tsumo"}, "tenhou", [BASE], 20),
    # rinshan tsumo after a concealed kan: 20 + 2 + 16 (ankan 5555m) = 38 -> 40 under tenhou;
    # without the tsumo fu (a preset's rinshan_tsumo_fu false, set here) 36 -> 40, the line gone
    (
        {"hand": "234p678s99s678m ankan:5555m", "win": "tsumo", "rinshan": True},
        "tenhou",
        [BASE, TSUMO, ("closed_quad_simple", "closed kan 5m", 16)],
        40,
    ),
    (
        {
            "hand": "234p678s99s678m ankan:5555m",
            "win": "tsumo",
            "rinshan": True,
            "rule_options": {"rinshan_tsumo_fu": False},
        },
        "tenhou",
        [BASE, ("closed_quad_simple", "closed kan 5m", 16)],
        40,
    ),
    # an open hand of 20 fu: the 10 fu line makes it 30
    (
        {"hand": "678s55s23m4m chi:234p chi:567p"},
        "tenhou",
        [BASE, ("open_no_fu", "open hand with no fu", 10)],
        30,
    ),
    # seven pairs: 25, not rounded
    ({"hand": "1122m3344p5566s77z", "riichi": True}, "tenhou", [("chiitoitsu", "chiitoitsu", 25)], 25),
]


@pytest.mark.parametrize(("mapping", "rules", "lines", "fu"), ROWS, ids=[r[0]["hand"] for r in ROWS])
def test_fu_lines(mapping, rules, lines, fu):
    result = riichi_cli.score(mapping, rules)
    assert result["ok"], result["error"]
    got = [(line["id"], line["reason"], line["fu"]) for line in result["fu_breakdown"]]
    assert got == lines
    assert result["fu"] == fu


def test_a_yakuman_has_no_fu_lines():
    result = riichi_cli.score({"hand": "19m19p19s1234567z1m"})
    assert result["ok"] and result["fu_breakdown"] == []


@pytest.mark.parametrize(
    ("tile", "is_open", "is_kan", "ident", "fu"),
    [
        # 2 open simple; x2 terminal or honor; x2 concealed; x4 quad
        (4, True, False, "open_triplet_simple", 2), (0, True, False, "open_triplet_terminal", 4),
        (27, True, False, "open_triplet_honor", 4), (4, False, False, "closed_triplet_simple", 4),
        (8, False, False, "closed_triplet_terminal", 8), (33, False, False, "closed_triplet_honor", 8),
        (13, True, True, "open_quad_simple", 8), (17, True, True, "open_quad_terminal", 16),
        (31, True, True, "open_quad_honor", 16), (22, False, True, "closed_quad_simple", 16),
        (26, False, True, "closed_quad_terminal", 32), (30, False, True, "closed_quad_honor", 32),
        (1, False, False, "closed_triplet_simple", 4), (7, True, False, "open_triplet_simple", 2),
        (9, True, False, "open_triplet_terminal", 4), (18, False, True, "closed_quad_terminal", 32),
    ],
)  # fmt: skip
def test_every_set_kind(tile, is_open, is_kan, ident, fu):
    assert set_id(tile, is_open, is_kan) == ident
    assert set_fu(tile, is_open, is_kan) == fu
