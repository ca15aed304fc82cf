"""Golden hands: every expected number below was worked out by hand from the rules of mahjong.

Each case is ``win(id, mapping, expect(...))``. The arithmetic is in the comment above the case:
fu lines (``raw`` is their sum before rounding), han, then base points = fu x 2^(han+2)
(capped at 2000 below 5 han) and each payer's share rounded up to 100.

Defaults of docs/input.md apply unless a case says otherwise: ron, seat South (non-dealer), round East,
the discarder is the seat before the winner, preset ``tenhou``.

Expected keys: ``han``, ``fu``, ``raw`` (sum of ``fu_breakdown``), ``yakuman`` (default 0), ``limit``
(default None), ``total``, ``yaku`` ({id: han or yakuman count}), ``ron``, ``tsumo`` ((dealer's share,
each non-dealer's share)), ``pay`` (payments by seat), or ``error`` (code) with ``words`` that the
message must contain.
"""

from __future__ import annotations

import pytest

import riichi_cli

# -- hands used many times (tiles checked by hand) -----------------------------------------------

# 234m 567m 22p(pair) 456s + 78p waiting 6p/9p: pinfu shape, not tanyao (9p).
PINFU = "234567m2278p456s9p"
# Same shape won on 6p: all simples, so tanyao + pinfu.
TANPIN = "234567m2278p456s6p"
# 123m 456p 55p(pair) 789s + 13s closed by 2s (kanchan). No yaku at all.
NOYAKU = "123m456p55p789s13s2s"
# 123m 456p 55p 789s + 23s closed by 4s (ryanmen): pinfu only.
PINFU1 = "123m456p55p789s23s4s"
# 345p 88m(pair) 34678s + 5s (345s ryanmen, 678s) with an ankan of 2222m: closed, all simples.
KANHAND = "345p88m34678s5s ankan:2222m"
# Open base for meld fu: pon of White (haku, open honor pung 4 fu), 345p, 88m pair, 34s + 5s ryanmen.
HAKU_BASE = "345p88m34s5s pon:555z"
# Closed chinitsu: 111m 222m 345m 678m(67m + 8m ryanmen) 99m(pair).
CHINITSU = "1112223456799m8m"

DORA_IDS = {"dora", "aka_dora", "ura_dora"}


def expect(**expected) -> dict:
    return expected


def win(case_id: str, mapping: dict, expected: dict) -> object:
    return pytest.param(dict(mapping, id=case_id), expected, id=case_id)


def check(mapping: dict, expected: dict) -> None:
    r = riichi_cli.score(mapping)
    if "error" in expected:
        assert r["ok"] is False, f"expected {expected['error']}, got a score: {r['yaku']} {r['points']}"
        assert r["error"]["code"] == expected["error"], r["error"]
        for word in expected.get("words", ()):
            assert word in r["error"]["message"], r["error"]["message"]
        # Dora never make a hand valid, and a refused hand lists no dora.
        assert not any(y["id"] in DORA_IDS for y in r["yaku"] or [])
        return
    assert r["ok"], r["error"]
    got_yaku = {y["id"]: y.get("han", y.get("yakuman")) for y in r["yaku"]}
    assert got_yaku == expected["yaku"]
    assert r["yakuman"] == expected.get("yakuman", 0)
    assert r["limit"] == expected.get("limit")
    if r["yakuman"]:
        assert (r["han"], r["fu"], r["fu_breakdown"]) == (None, None, [])
    else:
        assert r["han"] == expected["han"]
        assert r["fu"] == expected["fu"]
    if "raw" in expected:
        assert sum(line["fu"] for line in r["fu_breakdown"]) == expected["raw"], r["fu_breakdown"]
    assert r["points"]["total"] == expected["total"]
    if "ron" in expected:
        assert r["points"]["ron"] == expected["ron"]
        assert r["points"]["tsumo"] is None
    if "tsumo" in expected:
        dealer, other = expected["tsumo"]
        assert r["points"]["ron"] is None
        assert r["points"]["tsumo"] == {"dealer": dealer, "non_dealer": other}
    if "pay" in expected:
        assert r["payments"] == expected["pay"]
    assert sum(r["payments"].values()) == 1000 * mapping.get("riichi_sticks", 0)


# -- every yaku ----------------------------------------------------------------------------------

YAKU = [
    # NOYAKU + riichi: 20 + 10 closed ron + 2 kanchan = 32 -> 40; 1 han: 40x8=320, x4=1280 -> 1300.
    win(
        "riichi",
        {"hand": NOYAKU, "riichi": True},
        expect(han=1, fu=40, raw=32, total=1300, yaku={"riichi": 1}),
    ),
    # double riichi 2 han 40 fu: 40x16=640, x4=2560 -> 2600. It replaces riichi.
    win(
        "double_riichi",
        {"hand": NOYAKU, "double_riichi": True},
        expect(han=2, fu=40, total=2600, yaku={"double_riichi": 2}),
    ),
    # double_riichi given with riichi too: still double riichi alone, 2 han 40 fu = 2600.
    win(
        "double_riichi_with_riichi_flag",
        {"hand": NOYAKU, "riichi": True, "double_riichi": True},
        expect(han=2, fu=40, total=2600, yaku={"double_riichi": 2}),
    ),
    # double riichi allows ippatsu and ura: 2 + 1 + ura 1 (9s -> 1s, one held) = 4 han 40 fu -> mangan 8000.
    win(
        "double_riichi_ippatsu_ura",
        {"hand": NOYAKU, "double_riichi": True, "ippatsu": True, "ura": ["9s"]},
        expect(
            han=4, fu=40, limit="mangan", total=8000, yaku={"double_riichi": 2, "ippatsu": 1, "ura_dora": 1}
        ),
    ),
    # riichi 1 + ippatsu 1 = 2 han 40 fu = 2600.
    win(
        "ippatsu",
        {"hand": NOYAKU, "riichi": True, "ippatsu": True},
        expect(han=2, fu=40, total=2600, yaku={"riichi": 1, "ippatsu": 1}),
    ),
    # tsumo: 20 + 2 tsumo + 2 kanchan = 24 -> 30; 1 han: 30x8=240; dealer 480 -> 500, others 240 -> 300.
    win(
        "menzen_tsumo",
        {"hand": NOYAKU, "win": "tsumo"},
        expect(han=1, fu=30, raw=24, total=1100, tsumo=(500, 300), yaku={"menzen_tsumo": 1}),
    ),
    # pinfu ron: 20 + 10 = 30; 1 han 30 fu: 240 x4 = 960 -> 1000.
    win("pinfu", {"hand": PINFU1}, expect(han=1, fu=30, raw=30, total=1000, yaku={"pinfu": 1})),
    # 234m 456p 88p 345s(34s+5s ryanmen) 666s closed pung: 20 + 10 + 4 = 34 -> 40; 1 han 40 fu = 1300.
    win(
        "tanyao", {"hand": "234m45688p34666s5s"}, expect(han=1, fu=40, raw=34, total=1300, yaku={"tanyao": 1})
    ),
    # 112233m = 123m twice (iipeikou), 456p, 789s, 5s tanki: 20+10+2 = 32 -> 40 = 1300.
    win(
        "iipeikou",
        {"hand": "112233m456p789s5s5s"},
        expect(han=1, fu=40, raw=32, total=1300, yaku={"iipeikou": 1}),
    ),
    # 234m 456p 789s, 5s tanki, pon of a dragon: 20 + 4 open honor pung + 2 tanki = 26 -> 30;
    # 1 han 30 fu = 1000.
    win(
        "haku",
        {"hand": "234m456p789s5s5s pon:555z"},
        expect(han=1, fu=30, raw=26, total=1000, yaku={"haku": 1}),
    ),
    win(
        "hatsu",
        {"hand": "234m456p789s5s5s pon:666z"},
        expect(han=1, fu=30, raw=26, total=1000, yaku={"hatsu": 1}),
    ),
    win(
        "chun",
        {"hand": "234m456p789s5s5s pon:777z"},
        expect(han=1, fu=30, raw=26, total=1000, yaku={"chun": 1}),
    ),
    # East round, South seat: a pon of East is the round wind, a pon of South the seat wind.
    win(
        "round_wind",
        {"hand": "234m456p789s5s5s pon:111z"},
        expect(han=1, fu=30, raw=26, total=1000, yaku={"round_wind": 1}),
    ),
    win(
        "seat_wind",
        {"hand": "234m456p789s5s5s pon:222z"},
        expect(han=1, fu=30, raw=26, total=1000, yaku={"seat_wind": 1}),
    ),
    # Dealer (East seat) in the East round: East counts twice. 2 han 30 fu: 480 x6 = 2880 -> 2900.
    win(
        "double_wind_pung",
        {"hand": "234m456p789s5s5s pon:111z", "seat_wind": "E", "from": "N"},
        expect(
            han=2,
            fu=30,
            total=2900,
            yaku={"round_wind": 1, "seat_wind": 1},
            pay={"E": 2900, "S": 0, "W": 0, "N": -2900},
        ),
    ),
    # Open (chi 123m), tsumo on the last tile: 20 + 2 tsumo + 2 tanki = 24 -> 30: 300/500.
    win(
        "haitei",
        {"hand": "234m456p789s5s5s chi:123m", "win": "tsumo", "haitei": True},
        expect(han=1, fu=30, raw=24, total=1100, tsumo=(500, 300), yaku={"haitei": 1}),
    ),
    # Same hand, ron on the last discard: 20 + 2 tanki = 22 -> 30; 1000.
    win(
        "houtei",
        {"hand": "234m456p789s5s5s chi:123m", "houtei": True},
        expect(han=1, fu=30, raw=22, total=1000, yaku={"houtei": 1}),
    ),
    # Open kan 8888m, rinshan tsumo: 20 + 2 tsumo + 8 open simple kan + 2 tanki = 32 -> 40;
    # 1 han 40 fu: 320; dealer 640 -> 700, others 320 -> 400 = 1500.
    win(
        "rinshan",
        {"hand": "234m456p789s5s5s kan:8888m", "win": "tsumo", "rinshan": True},
        expect(han=1, fu=40, raw=32, total=1500, tsumo=(700, 400), yaku={"rinshan": 1}),
    ),
    # Open (chi 123m), 99s pair, 78s + 6s ryanmen robbed from a kan: 20 fu -> open minimum 30; 1000.
    win(
        "chankan",
        {"hand": "234m456p99s78s6s chi:123m", "chankan": True},
        expect(han=1, fu=30, total=1000, yaku={"chankan": 1}),
    ),
    # 123m 789m 123p 55p + 23s/1s ryanmen: sanshoku 2 + pinfu 1; 30 fu; 960 x4 = 3840 -> 3900.
    win(
        "sanshoku",
        {"hand": "123789m123p55p23s1s"},
        expect(han=3, fu=30, raw=30, total=3900, yaku={"sanshoku": 2, "pinfu": 1}),
    ),
    # 123456789m 55s + 23p/4p ryanmen: ittsu 2 + pinfu 1 = 3 han 30 fu = 3900.
    win(
        "ittsu",
        {"hand": "123456789m23p55s4p"},
        expect(han=3, fu=30, total=3900, yaku={"ittsu": 2, "pinfu": 1}),
    ),
    # 123m 789p 999s 44z(North: no value) + 12s/3s penchan: 20 + 10 + 8 closed terminal pung
    # + 2 penchan = 40; chanta 2 han 40 fu: 640 x4 = 2560 -> 2600.
    win(
        "chanta",
        {"hand": "123m789p12s999s44z3s"},
        expect(han=2, fu=40, raw=40, total=2600, yaku={"chanta": 2}),
    ),
    # Seven pairs: 25 fu, 2 han: 25x16 = 400, x4 = 1600.
    win(
        "chiitoitsu",
        {"hand": "1122m3344p5566s7z7z"},
        expect(han=2, fu=25, raw=25, total=1600, yaku={"chiitoitsu": 2}),
    ),
    # 222m 555p closed, 333s won by ron (counts open), pon 999m, 88s pair:
    # 20 + 4 + 4 + 2 + 4 = 34 -> 40; toitoi 2 han 40 fu = 2600.
    win(
        "toitoi",
        {"hand": "222m555p3388s3s pon:999m"},
        expect(han=2, fu=40, raw=34, total=2600, yaku={"toitoi": 2}),
    ),
    # 222m 555p 777s concealed, 345s (34s + 5s), 99m pair: 20 + 10 + 4 + 4 + 4 = 42 -> 50;
    # sanankou 2 han 50 fu: 800 x4 = 3200.
    win(
        "sanankou",
        {"hand": "22299m555p77734s5s"},
        expect(han=2, fu=50, raw=42, total=3200, yaku={"sanankou": 2}),
    ),
    # kan 2222m (open 8) + ankan 4444p (closed 16) + kan 6666s (open 8), 789m, 5p tanki (2):
    # 20 + 8 + 16 + 8 + 2 = 54 -> 60; sankantsu 2 han 60 fu: 960 x4 = 3840 -> 3900.
    win(
        "sankantsu",
        {"hand": "789m5p5p kan:2222m ankan:4444p kan:6666s"},
        expect(han=2, fu=60, raw=54, total=3900, yaku={"sankantsu": 2}),
    ),
    # 222p 222s concealed (4 + 4), pon 222m (2), 789m, 8s tanki (2), open ron: 20 + 4 + 4 + 2 + 2
    # = 32 -> 40; sanshoku doukou 2 han 40 fu = 2600.
    win(
        "sanshoku_doukou",
        {"hand": "789m222p222s8s8s pon:222m"},
        expect(han=2, fu=40, raw=32, total=2600, yaku={"sanshoku_doukou": 2}),
    ),
    # pon 111m (4), pon 999s (4), 999p concealed (8), 444z by ron (open honor 4), 11s pair:
    # 20 + 4 + 4 + 8 + 4 = 40; honroutou 2 + toitoi 2 = 4 han 40 fu: 2560 -> mangan 2000; 8000.
    win(
        "honroutou",
        {"hand": "999p11s44z4z pon:111m pon:999s"},
        expect(han=4, fu=40, raw=40, limit="mangan", total=8000, yaku={"honroutou": 2, "toitoi": 2}),
    ),
    # pon 555z (4), pon 666z (4), 77z pair (2), 234m, 56p + 4p ryanmen: 30 fu;
    # shousangen 2 + haku 1 + hatsu 1 = 4 han 30 fu: 1920 x4 = 7680 -> 7700 (no kiriage on tenhou).
    win(
        "shousangen",
        {"hand": "234m56p77z4p pon:555z pon:666z"},
        expect(han=4, fu=30, raw=30, total=7700, yaku={"shousangen": 2, "haku": 1, "hatsu": 1}),
    ),
    # 123m 345m 678m(67m + 8m) 333z (West: closed honor pung 8) 44z: 20 + 10 + 8 = 38 -> 40;
    # honitsu 3 han 40 fu: 1280 x4 = 5120 -> 5200.
    win(
        "honitsu",
        {"hand": "12334567m33344z8m"},
        expect(han=3, fu=40, raw=38, total=5200, yaku={"honitsu": 3}),
    ),
    # 123m 789m 123p 99s + 78p/9p ryanmen: junchan 3 + pinfu 1 = 4 han 30 fu = 7700.
    win(
        "junchan",
        {"hand": "123789m12378p99s9p"},
        expect(han=4, fu=30, total=7700, yaku={"junchan": 3, "pinfu": 1}),
    ),
    # 234m 234m 567p 567p 99s, won on 4m (23m ryanmen): ryanpeikou 3 + pinfu 1 = 4 han 30 fu = 7700
    # (the seven-pairs reading, 2 han 25 fu = 1600, pays less).
    win(
        "ryanpeikou",
        {"hand": "22334m556677p99s4m"},
        expect(han=4, fu=30, raw=30, total=7700, yaku={"ryanpeikou": 3, "pinfu": 1}),
    ),
    # 111m (8) 222m (4) 345m 678m 99m, 67m + 8m ryanmen: 20 + 10 + 8 + 4 = 42 -> 50;
    # chinitsu 6 han = haneman 3000 base, ron 12000.
    win(
        "chinitsu",
        {"hand": CHINITSU},
        expect(han=6, fu=50, raw=42, limit="haneman", total=12000, yaku={"chinitsu": 6}),
    ),
    # renhou han5 (wrc2022): a 5-han yaku; NOYAKU 40 fu -> 5 han = mangan 8000.
    win(
        "renhou_han5",
        {"hand": NOYAKU, "renhou": True, "rules": "wrc2022"},
        expect(han=5, fu=40, limit="mangan", total=8000, yaku={"renhou": 5}),
    ),
    # ... and it adds to the rest: renhou 5 + tanyao 1 + pinfu 1 = 7 han = haneman 12000.
    win(
        "renhou_han5_adds",
        {"hand": TANPIN, "renhou": True, "rules": "wrc2022"},
        expect(han=7, fu=30, limit="haneman", total=12000, yaku={"renhou": 5, "tanyao": 1, "pinfu": 1}),
    ),
    # renhou mangan (ema2025): a flat mangan that combines with nothing: 8000, no fu count.
    win(
        "renhou_mangan",
        {"hand": NOYAKU, "renhou": True, "rules": "ema2025"},
        expect(han=5, fu=None, limit="mangan", total=8000, yaku={"renhou": 5}),
    ),
    # tanyao + pinfu is 2000 < mangan, so the flat mangan is taken alone (no tanyao, no pinfu).
    win(
        "renhou_mangan_beats_hand",
        {"hand": TANPIN, "renhou": True, "rules": "ema2025"},
        expect(han=5, fu=None, limit="mangan", total=8000, yaku={"renhou": 5}),
    ),
    # chinitsu haneman 12000 > the flat mangan, so the hand is scored on its own.
    win(
        "renhou_mangan_hand_beats",
        {"hand": CHINITSU, "renhou": True, "rules": "ema2025"},
        expect(han=6, fu=50, limit="haneman", total=12000, yaku={"chinitsu": 6}),
    ),
    # renhou none (tenhou): like ippatsu with ippatsu false (docs/input.md), the flag is refused.
    win("renhou_none", {"hand": TANPIN, "renhou": True}, expect(error="invalid_context", words=("renhou",))),
    # Near misses (issue 21, surviving mutants of core/yaku.py).
    # 123m 123m (12233m + 1m: 23m ryanmen) 444p 666s 88s: iipeikou with only two sequences in the hand.
    # 20 + 10 closed ron + 4 + 4 (concealed simple triplets) = 38 -> 40; 1 han: 40x8=320, x4 -> 1300.
    win(
        "iipeikou_two_sequences",
        {"hand": "12233m444p666s88s1m"},
        expect(han=1, fu=40, raw=38, total=1300, yaku={"iipeikou": 1}),
    ),
    # 123m 789m 123p (23p + 1p ryanmen) 99p 777z: chanta and chun, but no junchan: a set is an honor.
    # 20 + 10 + 8 (concealed honor triplet) = 38 -> 40; 3 han: 40x32=1280, x4=5120 -> 5200.
    win(
        "chanta_honor_triplet_not_junchan",
        {"hand": "123789m2399p777z1p"},
        expect(han=3, fu=40, raw=38, total=5200, yaku={"chanta": 2, "chun": 1}),
    ),
    # 111p 111s 111z (East) 234m (23m + 4m) 55m: triplets of one number in two suits and an honor are
    # no sanshoku doukou. Sanankou 2 + round wind 1 = 3 han; 20 + 10 + 8 + 8 + 8 = 54 -> 60;
    # 60x32=1920, x4=7680 -> 7700.
    win(
        "one_tile_triplets_with_east_not_doukou",
        {"hand": "2355m111p111s111z4m"},
        expect(han=3, fu=60, raw=54, total=7700, yaku={"sanankou": 2, "round_wind": 1}),
    ),
    # 456m 789m 123p 678s (67s + 8s ryanmen) 55s: three sequences in a row across two suits are no ittsu.
    # Pinfu only: 20 + 10 = 30; 1 han: 30x8=240, x4=960 -> 1000.
    win(
        "straight_across_suits_not_ittsu",
        {"hand": "456789m123p5567s8s"},
        expect(han=1, fu=30, raw=30, total=1000, yaku={"pinfu": 1}),
    ),
    # 456m 456m 789m (78m + 9m ryanmen) 123p 55s: three manzu sequences, but 456m 789m 123p is still no
    # straight. Pinfu 1 + iipeikou 1 = 2 han 30 fu: 30x16=480, x4=1920 -> 2000.
    win(
        "three_manzu_sequences_not_ittsu",
        {"hand": "44556678m123p55s9m"},
        expect(han=2, fu=30, raw=30, total=2000, yaku={"pinfu": 1, "iipeikou": 1}),
    ),
]


# -- every yakuman and double yakuman ------------------------------------------------------------

YAKUMAN = [
    # 1m 1m 9m 1p 9p 1s 9s 1-6z waiting on 7z alone: kokushi, 8000 x4 = 32000.
    win(
        "kokushi",
        {"hand": "119m19p19s123456z7z"},
        expect(yakuman=1, limit="yakuman", total=32000, yaku={"kokushi": 1}),
    ),
    # All 13 orphans held, won on 1m: 13-sided wait. tenhou: single 32000; mahjongsoul: double 64000.
    win(
        "kokushi_13",
        {"hand": "19m19p19s1234567z1m"},
        expect(yakuman=1, limit="yakuman", total=32000, yaku={"kokushi_13": 1}),
    ),
    win(
        "kokushi_13_double",
        {"hand": "19m19p19s1234567z1m", "rules": "mahjongsoul"},
        expect(yakuman=2, limit="yakuman", total=64000, yaku={"kokushi_13": 2}),
    ),
    # 222m 444p 666s + 99m/88s shanpon, tsumo 9m: four concealed triplets.
    # 8000 base: dealer 16000, others 8000 = 32000.
    win(
        "suuankou_tsumo",
        {"hand": "22299m444p66688s9m", "win": "tsumo"},
        expect(yakuman=1, limit="yakuman", total=32000, tsumo=(16000, 8000), yaku={"suuankou": 1}),
    ),
    # Same tiles by ron: the 999m triplet is completed by the discard and counts as open:
    # 20 + 10 + 4 + 4 + 4 + 4 (999m as open terminal pung) = 46 -> 50; sanankou 2 + toitoi 2 = 4 han
    # 50 fu: 3200 -> mangan 2000; 8000.
    win(
        "suuankou_lost_on_ron",
        {"hand": "22299m444p66688s9m"},
        expect(han=4, fu=50, raw=46, limit="mangan", total=8000, yaku={"sanankou": 2, "toitoi": 2}),
    ),
    # Four concealed triplets, ron on the pair tile: suuankou tanki (double only with double_yakuman).
    win(
        "suuankou_tanki",
        {"hand": "222m444p666s999m8s8s"},
        expect(yakuman=1, limit="yakuman", total=32000, yaku={"suuankou_tanki": 1}),
    ),
    win(
        "suuankou_tanki_double",
        {"hand": "222m444p666s999m8s8s", "rules": "mahjongsoul"},
        expect(yakuman=2, limit="yakuman", total=64000, yaku={"suuankou_tanki": 2}),
    ),
    win(
        "daisangen",
        {"hand": "234m99p77z7z pon:555z pon:666z"},
        expect(yakuman=1, limit="yakuman", total=32000, yaku={"daisangen": 1}),
    ),
    win(
        "shousuushii",
        {"hand": "234m333z4z4z pon:111z pon:222z"},
        expect(yakuman=1, limit="yakuman", total=32000, yaku={"shousuushii": 1}),
    ),
    win(
        "daisuushii",
        {"hand": "333444z5m5m pon:111z pon:222z"},
        expect(yakuman=1, limit="yakuman", total=32000, yaku={"daisuushii": 1}),
    ),
    win(
        "daisuushii_double",
        {"hand": "333444z5m5m pon:111z pon:222z", "rules": "mahjongsoul"},
        expect(yakuman=2, limit="yakuman", total=64000, yaku={"daisuushii": 2}),
    ),
    # pon 111z, 222z 555z 666z concealed, 7z tanki: only three concealed triplets (no suuankou).
    win(
        "tsuuiisou",
        {"hand": "2225556667z7z pon:111z"},
        expect(yakuman=1, limit="yakuman", total=32000, yaku={"tsuuiisou": 1}),
    ),
    win(
        "chinroutou",
        {"hand": "999m111p999s1s1s pon:111m"},
        expect(yakuman=1, limit="yakuman", total=32000, yaku={"chinroutou": 1}),
    ),
    # 234s 234s 666s 666z 88s: all green.
    win(
        "ryuuiisou",
        {"hand": "2233446668s666z8s"},
        expect(yakuman=1, limit="yakuman", total=32000, yaku={"ryuuiisou": 1}),
    ),
    # 1113455678999m waiting on 2m alone (the extra 5m already held): plain nine gates.
    win(
        "chuuren",
        {"hand": "1113455678999m2m"},
        expect(yakuman=1, limit="yakuman", total=32000, yaku={"chuuren": 1}),
    ),
    # 1112345678999m waits on all nine tiles: pure nine gates.
    win(
        "junsei_chuuren",
        {"hand": "1112345678999m5m"},
        expect(yakuman=1, limit="yakuman", total=32000, yaku={"junsei_chuuren": 1}),
    ),
    win(
        "junsei_chuuren_double",
        {"hand": "1112345678999m5m", "rules": "mahjongsoul"},
        expect(yakuman=2, limit="yakuman", total=64000, yaku={"junsei_chuuren": 2}),
    ),
    win(
        "suukantsu",
        {"hand": "5p5p kan:2222m ankan:4444p kan:6666s kan:8888m"},
        expect(yakuman=1, limit="yakuman", total=32000, yaku={"suukantsu": 1}),
    ),
    # Dealer tsumo yakuman: 2 x 8000 = 16000 from each of three = 48000.
    win(
        "tenhou",
        {"hand": PINFU, "win": "tsumo", "seat_wind": "E", "tenhou": True},
        expect(
            yakuman=1,
            limit="yakuman",
            total=48000,
            tsumo=(None, 16000),
            yaku={"tenhou": 1},
            pay={"E": 48000, "S": -16000, "W": -16000, "N": -16000},
        ),
    ),
    win(
        "chiihou",
        {"hand": PINFU, "win": "tsumo", "chiihou": True},
        expect(yakuman=1, limit="yakuman", total=32000, tsumo=(16000, 8000), yaku={"chiihou": 1}),
    ),
    win(
        "renhou_yakuman",
        {"hand": NOYAKU, "renhou": True, "rule_options": {"renhou": "yakuman"}},
        expect(yakuman=1, limit="yakuman", total=32000, yaku={"renhou_yakuman": 1}),
    ),
    # daisuushii + tsuuiisou (333z 444z concealed, 5z tanki): tenhou 1 + 1 = 2 -> 64000;
    # mahjongsoul (double daisuushii) 2 + 1 = 3 -> 8000 x3 x4 = 96000.
    win(
        "daisuushii_tsuuiisou",
        {"hand": "333444z5z5z pon:111z pon:222z"},
        expect(yakuman=2, limit="yakuman", total=64000, yaku={"daisuushii": 1, "tsuuiisou": 1}),
    ),
    win(
        "daisuushii_tsuuiisou_double",
        {"hand": "333444z5z5z pon:111z pon:222z", "rules": "mahjongsoul"},
        expect(yakuman=3, limit="yakuman", total=96000, yaku={"daisuushii": 2, "tsuuiisou": 1}),
    ),
    # kokushi + chankan: the yakuman alone counts.
    win(
        "kokushi_chankan",
        {"hand": "119m19p19s123456z7z", "chankan": True},
        expect(yakuman=1, limit="yakuman", total=32000, yaku={"kokushi": 1}),
    ),
    # Stacking (tenhou): daisangen + tsuuiisou = 2 x 8000 x 4 = 64000.
    win(
        "yakuman_stacking",
        {"hand": "1117772z2z pon:555z pon:666z"},
        expect(yakuman=2, limit="yakuman", total=64000, yaku={"daisangen": 1, "tsuuiisou": 1}),
    ),
]


# -- fu, line by line ----------------------------------------------------------------------------

FU = [
    # Pinfu tsumo: no 2 tsumo fu; 20 fu; 2 han (menzen tsumo + pinfu): 20x16 = 320;
    # dealer 640 -> 700, others 320 -> 400 = 1500.
    win(
        "pinfu_tsumo_20",
        {"hand": PINFU, "win": "tsumo"},
        expect(han=2, fu=20, raw=20, total=1500, tsumo=(700, 400), yaku={"menzen_tsumo": 1, "pinfu": 1}),
    ),
    # Rinshan with rinshan_tsumo_fu false: 20 + 8 open kan + 2 tanki = 30: 240 -> 300/500 = 1100.
    win(
        "rinshan_no_tsumo_fu",
        {
            "hand": "234m456p789s5s5s kan:8888m",
            "win": "tsumo",
            "rinshan": True,
            "rule_options": {"rinshan_tsumo_fu": False},
        },
        expect(han=1, fu=30, raw=30, total=1100, tsumo=(500, 300), yaku={"rinshan": 1}),
    ),
    # Meld fu on the open haku base (20 + 4 haku pung, 345s ryanmen, 88m pair), 1 han:
    # open simple pung 2: 26 -> 30 = 1000.
    win(
        "open_simple_pung_2",
        {"hand": HAKU_BASE + " pon:222m"},
        expect(han=1, fu=30, raw=26, total=1000, yaku={"haku": 1}),
    ),
    # open terminal pung 4: 28 -> 30 = 1000.
    win(
        "open_terminal_pung_4",
        {"hand": HAKU_BASE + " pon:999m"},
        expect(han=1, fu=30, raw=28, total=1000, yaku={"haku": 1}),
    ),
    # closed simple pung 4 (222m in hand): 28 -> 30 = 1000.
    win(
        "closed_simple_pung_4",
        {"hand": "222m345p88m34s5s pon:555z"},
        expect(han=1, fu=30, raw=28, total=1000, yaku={"haku": 1}),
    ),
    # closed terminal pung 8 (999m in hand): 32 -> 40; 1 han 40 fu = 1300.
    win(
        "closed_terminal_pung_8",
        {"hand": "999m345p88m34s5s pon:555z"},
        expect(han=1, fu=40, raw=32, total=1300, yaku={"haku": 1}),
    ),
    # open simple kan 8: 32 -> 40 = 1300.
    win(
        "open_simple_kan_8",
        {"hand": HAKU_BASE + " kan:2222m"},
        expect(han=1, fu=40, raw=32, total=1300, yaku={"haku": 1}),
    ),
    # open terminal kan 16: 40 = 1300.
    win(
        "open_terminal_kan_16",
        {"hand": HAKU_BASE + " kan:9999m"},
        expect(han=1, fu=40, raw=40, total=1300, yaku={"haku": 1}),
    ),
    # added kan (shouminkan) is open too: 16 for 9999m.
    win(
        "added_terminal_kan_16",
        {"hand": HAKU_BASE + " kakan:9999m"},
        expect(han=1, fu=40, raw=40, total=1300, yaku={"haku": 1}),
    ),
    # closed simple kan 16: 40 = 1300.
    win(
        "closed_simple_kan_16",
        {"hand": HAKU_BASE + " ankan:2222m"},
        expect(han=1, fu=40, raw=40, total=1300, yaku={"haku": 1}),
    ),
    # closed terminal kan 32: 56 -> 60; 1 han 60 fu: 480 x4 = 1920 -> 2000.
    win(
        "closed_terminal_kan_32",
        {"hand": HAKU_BASE + " ankan:9999m"},
        expect(han=1, fu=60, raw=56, total=2000, yaku={"haku": 1}),
    ),
    # A closed hand with an ankan of terminals, riichi: 20 + 10 + 32 = 62 -> 70;
    # 1 han 70 fu: 560 x4 = 2240 -> 2300.
    win(
        "riichi_ankan_terminals",
        {"hand": "345p88m34678s5s ankan:9999m", "riichi": True},
        expect(han=1, fu=70, raw=62, total=2300, yaku={"riichi": 1}),
    ),
    # Waits, riichi closed ron (20 + 10): ryanmen 0 -> pinfu, 30 fu, 2 han = 2000.
    win(
        "ryanmen_0",
        {"hand": PINFU1, "riichi": True},
        expect(han=2, fu=30, raw=30, total=2000, yaku={"riichi": 1, "pinfu": 1}),
    ),
    # kanchan 2: 32 -> 40 = 1300 (see "riichi"); penchan 2 (12s + 3s): 32 -> 40 = 1300;
    # tanki 2 (5s alone): 32 -> 40 = 1300.
    win(
        "penchan_2",
        {"hand": "123m456p55p789s12s3s", "riichi": True},
        expect(han=1, fu=40, raw=32, total=1300, yaku={"riichi": 1}),
    ),
    # penchan on the high side: 89s + 7s (456m 123p 55p 456s): 32 -> 40 = 1300.
    win(
        "penchan_89_7",
        {"hand": "456m123p55p456s89s7s", "riichi": True},
        expect(han=1, fu=40, raw=32, total=1300, yaku={"riichi": 1}),
    ),
    win(
        "tanki_2",
        {"hand": "123m456p789s234s5s5s", "riichi": True},
        expect(han=1, fu=40, raw=32, total=1300, yaku={"riichi": 1}),
    ),
    # shanpon 0: 222m 555p concealed, 777s by ron (open simple 2), 99m: 20 + 10 + 4 + 4 + 2 = 40;
    # riichi 1 han 40 fu = 1300 (no sanankou: the ron triplet counts as open).
    win(
        "shanpon_0_ron",
        {"hand": "22299m555p34577s7s", "riichi": True},
        expect(han=1, fu=40, raw=40, total=1300, yaku={"riichi": 1}),
    ),
    # ... by tsumo all three are concealed: 20 + 2 + 4 + 4 + 4 = 34 -> 40; riichi 1 + menzen tsumo 1
    # + sanankou 2 = 4 han 40 fu: 2560 -> mangan 2000: 2000/4000 = 8000.
    win(
        "shanpon_0_tsumo_sanankou",
        {"hand": "22299m555p34577s7s", "riichi": True, "win": "tsumo"},
        expect(
            han=4,
            fu=40,
            raw=34,
            limit="mangan",
            total=8000,
            tsumo=(4000, 2000),
            yaku={"riichi": 1, "menzen_tsumo": 1, "sanankou": 2},
        ),
    ),
    # Value pairs, riichi closed ron with 234m 567p 234s + 78s/9s ryanmen:
    # dragon pair 2: 20 + 10 + 2 = 32 -> 40 = 1300 (no pinfu).
    win(
        "dragon_pair_2",
        {"hand": "234m567p23478s77z9s", "riichi": True},
        expect(han=1, fu=40, raw=32, total=1300, yaku={"riichi": 1}),
    ),
    win(
        "seat_wind_pair_2",
        {"hand": "234m567p23478s22z9s", "riichi": True},
        expect(han=1, fu=40, raw=32, total=1300, yaku={"riichi": 1}),
    ),
    win(
        "round_wind_pair_2",
        {"hand": "234m567p23478s11z9s", "riichi": True},
        expect(han=1, fu=40, raw=32, total=1300, yaku={"riichi": 1}),
    ),
    # North is neither seat (S) nor round (E) wind: 0 fu, pinfu stands: 2 han 30 fu = 2000.
    win(
        "guest_wind_pair_0",
        {"hand": "234m567p23478s44z9s", "riichi": True},
        expect(han=2, fu=30, raw=30, total=2000, yaku={"riichi": 1, "pinfu": 1}),
    ),
    # Double wind pair, dealer in the East round, 234m 999m 567p 23s+4s, 11z pair, riichi:
    # tenhou (4 fu): 20 + 10 + 8 + 4 = 42 -> 50; 1 han 50 fu: 400 x6 = 2400.
    win(
        "double_wind_pair_4",
        {"hand": "234999m567p23s11z4s", "riichi": True, "seat_wind": "E", "from": "S"},
        expect(han=1, fu=50, raw=42, total=2400, yaku={"riichi": 1}),
    ),
    # mleague (2 fu): 20 + 10 + 8 + 2 = 40; 320 x6 = 1920 -> 2000.
    win(
        "double_wind_pair_2",
        {"hand": "234999m567p23s11z4s", "riichi": True, "seat_wind": "E", "from": "S", "rules": "mleague"},
        expect(han=1, fu=40, raw=40, total=2000, yaku={"riichi": 1}),
    ),
    # Open hand with no fu: 20 -> 30 (chi 789m, 123456m, 55s, 23p + 4p): open ittsu 1 han = 1000.
    win(
        "open_minimum_30",
        {"hand": "123456m23p55s4p chi:789m"},
        expect(han=1, fu=30, total=1000, yaku={"ittsu": 1}),
    ),
    # Open tsumo: 20 + 2 = 22 -> 30 (open ittsu): 300/500 = 1100.
    win(
        "open_tsumo_22",
        {"hand": "123456m23p55s4p chi:789m", "win": "tsumo"},
        expect(han=1, fu=30, raw=22, total=1100, tsumo=(500, 300), yaku={"ittsu": 1}),
    ),
    # Seven pairs tsumo stays 25 fu (no tsumo fu, no rounding): 3 han: 25x32 = 800;
    # dealer 1600, others 800 = 3200.
    win(
        "chiitoitsu_tsumo_25",
        {"hand": "1122m3344p5566s7z7z", "win": "tsumo"},
        expect(
            han=3, fu=25, raw=25, total=3200, tsumo=(1600, 800), yaku={"chiitoitsu": 2, "menzen_tsumo": 1}
        ),
    ),
    # Rounding up 32 -> 40: 234m 567m 88p 678s + 35p/4p kanchan, tanyao: 20 + 10 + 2 = 32 -> 40 = 1300.
    win(
        "round_up_32_to_40",
        {"hand": "234567m3588p678s4p"},
        expect(han=1, fu=40, raw=32, total=1300, yaku={"tanyao": 1}),
    ),
]


# -- choosing the reading ------------------------------------------------------------------------

READINGS = [
    # Seven pairs or ryanpeikou: see "ryanpeikou" (7700 beats 1600). All simples version:
    # 223344m 556677p 88s, won on 4m: ryanpeikou 3 + pinfu 1 + tanyao 1 = 5 han = mangan 8000
    # (chiitoitsu + tanyao: 3 han 25 fu = 3200).
    win(
        "ryanpeikou_over_chiitoitsu",
        {"hand": "22334m556677p88s4m"},
        expect(han=5, fu=30, limit="mangan", total=8000, yaku={"ryanpeikou": 3, "pinfu": 1, "tanyao": 1}),
    ),
    # 111222333m 789p 5s tanki, riichi. As triplets: 20 + 10 + 8 + 4 + 4 + 2 tanki = 48 -> 50,
    # riichi 1 + sanankou 2 = 3 han 50 fu: 1600 x4 = 6400. As 123m x3: riichi + iipeikou 2 han,
    # 20 + 10 + 2 = 32 -> 40 = 2600. The triplets pay more.
    win(
        "triplets_over_sequences",
        {"hand": "111222333m789p5s5s", "riichi": True},
        expect(han=3, fu=50, raw=48, total=6400, yaku={"riichi": 1, "sanankou": 2}),
    ),
    # 11123456789m + 55p + 5p: 111m 234m 567m leaves 89m, so the only reading is 11m pair + ittsu,
    # 555p pung by ron (open simple 2): 20 + 10 + 2 = 32 -> 40; ittsu 2 han 40 fu = 2600.
    win(
        "ittsu_pair_reading",
        {"hand": "11123456789m55p5p"},
        expect(han=2, fu=40, raw=32, total=2600, yaku={"ittsu": 2}),
    ),
    # 3445 6m + 5m: 345m 456m with the 5m as the end of 345 (34 waits 2/5: ryanmen) or the middle
    # of 456 (kanchan). Ryanmen: tanyao + pinfu 2 han 30 fu = 2000 beats kanchan 1 han 40 fu = 1300.
    win(
        "ryanmen_over_kanchan",
        {"hand": "34456m678p23488s5m"},
        expect(han=2, fu=30, raw=30, total=2000, yaku={"tanyao": 1, "pinfu": 1}),
    ),
    # Same 34456m + 5m with 999p and a chun pair, riichi: ryanmen 20 + 10 + 8 + 2 = 40 (1300);
    # kanchan 42 -> 50: 1 han 50 fu: 400 x4 = 1600. The kanchan reading pays more.
    win(
        "kanchan_over_ryanmen",
        {"hand": "34456m999p234s77z5m", "riichi": True},
        expect(han=1, fu=50, raw=42, total=1600, yaku={"riichi": 1}),
    ),
    # 111m + 123m (four 1m), 555p 777s concealed, 99s: the ron 1m can close 123m (23m ryanmen), which
    # keeps all three triplets concealed: 20 + 10 + 8 + 4 + 4 = 46 -> 50; sanankou 2 han 50 fu = 3200.
    # (Read as the 111m shanpon, the triplet would be open and the hand would have no yaku.)
    win(
        "ron_tile_read_as_sequence_keeps_sanankou",
        {"hand": "11123m555p777s99s1m"},
        expect(han=2, fu=50, raw=46, total=3200, yaku={"sanankou": 2}),
    ),
    # Three concealed triplets counting an ankan: 222m 555p in hand, ankan 7777s, 345s (34s + 5s), 99m:
    # 20 + 10 + 4 + 4 + 16 = 54 -> 60; sanankou 2 han 60 fu: 960 x4 = 3840 -> 3900.
    win(
        "sanankou_with_ankan",
        {"hand": "22299m555p34s5s ankan:7777s"},
        expect(han=2, fu=60, raw=54, total=3900, yaku={"sanankou": 2}),
    ),
    # Seven pairs of terminals and honors: chiitoitsu 2 + honroutou 2 = 4 han 25 fu = 6400.
    win(
        "honroutou_chiitoitsu",
        {"hand": "1199m1199p11s2z2z1z1z"},
        expect(han=4, fu=25, total=6400, yaku={"chiitoitsu": 2, "honroutou": 2}),
    ),
    # Seven pairs of honors is tsuuiisou.
    win(
        "tsuuiisou_chiitoitsu",
        {"hand": "1122334455667z7z"},
        expect(yakuman=1, limit="yakuman", total=32000, yaku={"tsuuiisou": 1}),
    ),
    # Four equal tiles are not two pairs: 1111m 22p 33p 44s 55s 66z is no win at all.
    win("chiitoitsu_four_equal", {"hand": "1111m2233p4455s6z6z"}, expect(error="not_a_win")),
]


# -- limits --------------------------------------------------------------------------------------

LIMITS = [
    # TANPIN, riichi, indicator 1p (two 2p): riichi 1 + tanyao 1 + pinfu 1 + dora 2 = 5 han: mangan 8000.
    win(
        "mangan_5_han",
        {"hand": TANPIN, "riichi": True, "dora": ["1p"]},
        expect(
            han=5, fu=30, limit="mangan", total=8000, yaku={"riichi": 1, "tanyao": 1, "pinfu": 1, "dora": 2}
        ),
    ),
    # Kanchan tanyao, riichi, indicator 7p (two 8p): 4 han 40 fu: 40 x 64 = 2560 -> capped 2000; 8000.
    win(
        "mangan_4_han_40_fu",
        {"hand": "234567m3588p678s4p", "riichi": True, "dora": ["7p"]},
        expect(han=4, fu=40, limit="mangan", total=8000, yaku={"riichi": 1, "tanyao": 1, "dora": 2}),
    ),
    # Dealer mangan ron: 2000 x6 = 12000.
    win(
        "mangan_dealer",
        {"hand": "234567m3588p678s4p", "riichi": True, "dora": ["7p"], "seat_wind": "E", "from": "W"},
        expect(
            han=4,
            fu=40,
            limit="mangan",
            total=12000,
            pay={"E": 12000, "S": 0, "W": -12000, "N": 0},
            yaku={"riichi": 1, "tanyao": 1, "dora": 2},
        ),
    ),
    # CHINITSU riichi tsumo: 6 + 1 + 1 = 8 han = baiman 4000: 4000/8000 = 16000.
    # fu 20 + 2 + 8 + 4 = 34 -> 40.
    win(
        "baiman",
        {"hand": CHINITSU, "riichi": True, "win": "tsumo"},
        expect(
            han=8,
            fu=40,
            raw=34,
            limit="baiman",
            total=16000,
            tsumo=(8000, 4000),
            yaku={"riichi": 1, "menzen_tsumo": 1, "chinitsu": 6},
        ),
    ),
    # + indicator 9m -> 1m, three of them: 11 han = sanbaiman 6000: 6000/12000 = 24000.
    win(
        "sanbaiman",
        {"hand": CHINITSU, "riichi": True, "win": "tsumo", "dora": ["9m"]},
        expect(
            han=11,
            fu=40,
            limit="sanbaiman",
            total=24000,
            tsumo=(12000, 6000),
            yaku={"riichi": 1, "menzen_tsumo": 1, "chinitsu": 6, "dora": 3},
        ),
    ),
    # 22334455667788p, riichi, tsumo 8p: read 22p + 345p 345p + 678p 678p (8p ends 67p: ryanmen):
    # riichi 1 + tsumo 1 + pinfu 1 + tanyao 1 + ryanpeikou 3 + chinitsu 6 = 13 han, 20 fu.
    # tenhou: kazoe yakuman 8000: 8000/16000 = 32000 (a counted yakuman: yakuman 0).
    win(
        "kazoe_yakuman",
        {"hand": "2233445566778p8p", "riichi": True, "win": "tsumo"},
        expect(
            han=13,
            fu=20,
            limit="kazoe_yakuman",
            total=32000,
            tsumo=(16000, 8000),
            yaku={"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1, "ryanpeikou": 3, "chinitsu": 6},
        ),
    ),
    # mleague (kazoe_yakuman false): capped at sanbaiman 6000/12000 = 24000.
    win(
        "kazoe_capped_sanbaiman",
        {"hand": "2233445566778p8p", "riichi": True, "win": "tsumo", "rules": "mleague"},
        expect(
            han=13,
            fu=20,
            limit="sanbaiman",
            total=24000,
            tsumo=(12000, 6000),
            yaku={"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1, "ryanpeikou": 3, "chinitsu": 6},
        ),
    ),
]


# -- payments ------------------------------------------------------------------------------------

PAYMENTS = [
    # Non-dealer ron 4x: riichi pinfu dora 2 = 4 han 30 fu: 1920 x4 = 7680 -> 7700, all from West.
    win(
        "non_dealer_ron",
        {"hand": PINFU, "riichi": True, "dora": ["1p"], "from": "W"},
        expect(
            han=4,
            fu=30,
            total=7700,
            ron=7700,
            pay={"E": 0, "S": 7700, "W": -7700, "N": 0},
            yaku={"riichi": 1, "pinfu": 1, "dora": 2},
        ),
    ),
    # Dealer ron 6x: 1920 x6 = 11520 -> 11600.
    win(
        "dealer_ron",
        {"hand": PINFU, "riichi": True, "dora": ["1p"], "seat_wind": "E", "from": "S"},
        expect(
            han=4,
            fu=30,
            total=11600,
            ron=11600,
            pay={"E": 11600, "S": -11600, "W": 0, "N": 0},
            yaku={"riichi": 1, "pinfu": 1, "dora": 2},
        ),
    ),
    # Dealer ron 1 han 30 fu: 240 x6 = 1440 -> 1500.
    win(
        "dealer_ron_rounding",
        {"hand": PINFU1, "seat_wind": "E", "from": "N"},
        expect(han=1, fu=30, total=1500, pay={"E": 1500, "S": 0, "W": 0, "N": -1500}, yaku={"pinfu": 1}),
    ),
    # Non-dealer tsumo, each share rounded separately: 1 han 30 fu base 240:
    # dealer 480 -> 500, others 240 -> 300 (not 960 -> 1000 split).
    win(
        "non_dealer_tsumo_300_500",
        {"hand": NOYAKU, "win": "tsumo", "seat_wind": "W"},
        expect(
            han=1,
            fu=30,
            total=1100,
            tsumo=(500, 300),
            pay={"E": -500, "S": -300, "W": 1100, "N": -300},
            yaku={"menzen_tsumo": 1},
        ),
    ),
    # Dealer tsumo 2x from everyone: pinfu tsumo 2 han 20 fu: 320 x2 = 640 -> 700 each = 2100.
    win(
        "dealer_tsumo",
        {"hand": PINFU, "win": "tsumo", "seat_wind": "E"},
        expect(
            han=2,
            fu=20,
            total=2100,
            tsumo=(None, 700),
            pay={"E": 2100, "S": -700, "W": -700, "N": -700},
            yaku={"menzen_tsumo": 1, "pinfu": 1},
        ),
    ),
    # Without "from", the discarder is the seat before the winner: North wins, West pays 1000.
    win(
        "default_discarder",
        {"hand": PINFU1, "seat_wind": "N"},
        expect(han=1, fu=30, total=1000, pay={"E": 0, "S": 0, "W": -1000, "N": 1000}, yaku={"pinfu": 1}),
    ),
    # Honba on ron: 2 x 300 from the discarder: 7700 + 600 = 8300.
    win(
        "honba_ron",
        {"hand": PINFU, "riichi": True, "dora": ["1p"], "from": "W", "honba": 2},
        expect(
            han=4,
            fu=30,
            total=7700,
            pay={"E": 0, "S": 8300, "W": -8300, "N": 0},
            yaku={"riichi": 1, "pinfu": 1, "dora": 2},
        ),
    ),
    # Honba on tsumo: 2 x 100 from each: dealer 700 + 200, others 400 + 200: +2100.
    win(
        "honba_tsumo",
        {"hand": PINFU, "win": "tsumo", "honba": 2},
        expect(
            han=2,
            fu=20,
            total=1500,
            tsumo=(700, 400),
            pay={"E": -900, "S": 2100, "W": -600, "N": -600},
            yaku={"menzen_tsumo": 1, "pinfu": 1},
        ),
    ),
    # Deposits go to the winner: 1 honba, 2 sticks: West pays 7700 + 300; South gets 8000 + 2000.
    # Payments sum to 2000 = 1000 x sticks.
    win(
        "deposits_ron",
        {"hand": PINFU, "riichi": True, "dora": ["1p"], "from": "W", "honba": 1, "riichi_sticks": 2},
        expect(
            han=4,
            fu=30,
            total=7700,
            pay={"E": 0, "S": 10000, "W": -8000, "N": 0},
            yaku={"riichi": 1, "pinfu": 1, "dora": 2},
        ),
    ),
    # Dealer tsumo with 3 honba and 1 stick: 700 + 300 each; 3000 + 1000 to East.
    win(
        "deposits_dealer_tsumo",
        {"hand": PINFU, "win": "tsumo", "seat_wind": "E", "honba": 3, "riichi_sticks": 1},
        expect(
            han=2,
            fu=20,
            total=2100,
            pay={"E": 4000, "S": -1000, "W": -1000, "N": -1000},
            yaku={"menzen_tsumo": 1, "pinfu": 1},
        ),
    ),
    # honba_points option (500 per honba): ron 1000 + 2 x 500 = 2000 from the discarder.
    win(
        "honba_points_option",
        {"hand": PINFU1, "from": "N", "honba": 2, "rule_options": {"honba_points": 500}},
        expect(han=1, fu=30, total=1000, pay={"E": 0, "S": 2000, "W": 0, "N": -2000}, yaku={"pinfu": 1}),
    ),
]


# -- dora ----------------------------------------------------------------------------------------

DORA = [
    # Indicator 9m points at 1m (wrap 9 -> 1): PINFU1 holds one 1m: pinfu 1 + dora 1 = 2 han 30 = 2000.
    win(
        "dora_wrap_9_to_1",
        {"hand": PINFU1, "dora": ["9m"]},
        expect(han=2, fu=30, total=2000, yaku={"pinfu": 1, "dora": 1}),
    ),
    # Indicator North points at East: 11z pair in seven pairs, 2 dora: 4 han 25 fu: 1600 x4 = 6400.
    win(
        "dora_north_to_east",
        {"hand": "1122m3344p5566s1z1z", "dora": ["4z"]},
        expect(han=4, fu=25, total=6400, yaku={"chiitoitsu": 2, "dora": 2}),
    ),
    # Indicator Red points at White.
    win(
        "dora_red_to_white",
        {"hand": "1122m3344p5566s5z5z", "dora": ["7z"]},
        expect(han=4, fu=25, total=6400, yaku={"chiitoitsu": 2, "dora": 2}),
    ),
    # Indicator West points at North (not a wrap): 4z pair: 6400.
    win(
        "dora_west_to_north",
        {"hand": "1122m3344p5566s4z4z", "dora": "3z"},
        expect(han=4, fu=25, total=6400, yaku={"chiitoitsu": 2, "dora": 2}),
    ),
    # The same indicator twice counts twice: KANHAND, indicators 7s 7s -> 8s x1 x2 = 2.
    # fu 20 + 10 + 16 (closed simple kan) = 46 -> 50; tanyao 1 + dora 2 = 3 han 50 fu: 1600 x4 = 6400.
    win(
        "dora_same_indicator_twice",
        {"hand": KANHAND, "dora": ["7s", "7s"]},
        expect(han=3, fu=50, raw=46, total=6400, yaku={"tanyao": 1, "dora": 2}),
    ),
    # Kan dora: a second indicator 1m -> 2m, four of them in the ankan: 1 + 4 = 5 dora;
    # tanyao 1 + 5 = 6 han = haneman 12000.
    win(
        "kan_dora",
        {"hand": KANHAND, "dora": ["7s", "1m"]},
        expect(han=6, fu=50, limit="haneman", total=12000, yaku={"tanyao": 1, "dora": 5}),
    ),
    # Ura with riichi: riichi 1 + tanyao 1 + dora 1 (8s) + ura 4 (2m) = 7 han = haneman 12000.
    win(
        "ura_with_riichi",
        {"hand": KANHAND, "riichi": True, "dora": ["7s"], "ura": ["1m"]},
        expect(
            han=7,
            fu=50,
            limit="haneman",
            total=12000,
            yaku={"riichi": 1, "tanyao": 1, "dora": 1, "ura_dora": 4},
        ),
    ),
    # Ura that hit nothing are not listed: riichi 1 + tanyao 1 = 2 han 50 fu: 800 x4 = 3200.
    win(
        "ura_missing_not_listed",
        {"hand": KANHAND, "riichi": True, "ura": ["9p"]},
        expect(han=2, fu=50, total=3200, yaku={"riichi": 1, "tanyao": 1}),
    ),
    win(
        "ura_without_riichi",
        {"hand": KANHAND, "dora": ["7s"], "ura": ["1m"]},
        expect(error="invalid_context"),
    ),
    # Red five: 3 4 red-5 p: tanyao 1 + aka 1 = 2 han 50 fu = 3200.
    win(
        "red_five",
        {"hand": "340p88m34678s5s ankan:2222m"},
        expect(han=2, fu=50, total=3200, yaku={"tanyao": 1, "aka_dora": 1}),
    ),
    # A red five in a meld counts: 234m 567m 22p 678p + kan 0555s (open): tanyao (kuitan) 1 + aka 1 = 2 han;
    # fu 20 + 8 (open simple kan) = 28 -> 30: 2 han 30 fu = 2000.
    win(
        "red_five_in_kan",
        {"hand": "234567m2278p6p kan:0555s"},
        expect(han=2, fu=30, raw=28, total=2000, yaku={"tanyao": 1, "aka_dora": 1}),
    ),
    # A red five as indicator points at 6m: TANPIN holds one 6m: tanyao 1 + pinfu 1 + dora 1 = 3 han 30
    # fu = 3900.
    win(
        "red_five_indicator",
        {"hand": TANPIN, "dora": ["0m"]},
        expect(han=3, fu=30, total=3900, yaku={"tanyao": 1, "pinfu": 1, "dora": 1}),
    ),
    # ... but the red 5m in the hand plus a red 5m indicator is one red five too many (aka_dora 3).
    win("red_five_twice", {"hand": "234067m2278p456s6p", "dora": ["0m"]}, expect(error="invalid_hand")),
    # A red five in a chi: 234m 567m 22p 67s + 8s, chi 4(red 5)6p: tanyao 1 + aka 1 = 2 han;
    # 20 fu -> open minimum 30: 2 han 30 fu: 480 x4 = 1920 -> 2000.
    win(
        "red_five_in_chi",
        {"hand": "234567m22p67s8s chi:406p"},
        expect(han=2, fu=30, total=2000, yaku={"tanyao": 1, "aka_dora": 1}),
    ),
    # Dora only: NOYAKU with indicator 9s -> 1s (one held): one dora, but no yaku.
    win("dora_only_no_yaku", {"hand": NOYAKU, "dora": ["9s"]}, expect(error="no_yaku")),
    win("aka_only_no_yaku", {"hand": "123m406p55p789s13s2s"}, expect(error="no_yaku")),
]


# -- furiten -------------------------------------------------------------------------------------

FURITEN = [
    # PINFU waits on 6p and 9p. A 6p among the winner's discards makes a ron on 9p furiten.
    win("furiten_other_wait", {"hand": PINFU, "discards": ["6p"]}, expect(error="furiten", words=("6p",))),
    win("furiten_same_tile", {"hand": PINFU, "discards": "1z9p"}, expect(error="furiten", words=("9p",))),
    win(
        "furiten_temporary",
        {"hand": PINFU, "passed": ["6p"]},
        expect(error="furiten", words=("6p", "temporary")),
    ),
    win(
        "furiten_riichi",
        {"hand": PINFU, "riichi": True, "passed": ["9p"]},
        expect(error="furiten", words=("9p", "riichi")),
    ),
    # Discarding tiles that are not waits is fine: pinfu ron 1000.
    win(
        "not_furiten",
        {"hand": PINFU, "discards": "1z5p9s"},
        expect(han=1, fu=30, total=1000, yaku={"pinfu": 1}),
    ),
    # Tsumo is allowed while furiten: menzen tsumo + pinfu 2 han 20 fu = 400/700 = 1500.
    win(
        "furiten_tsumo_ok",
        {"hand": PINFU, "win": "tsumo", "discards": ["6p"], "passed": ["9p"]},
        expect(han=2, fu=20, total=1500, yaku={"menzen_tsumo": 1, "pinfu": 1}),
    ),
]


# -- min_han and ryanshiba -----------------------------------------------------------------------

TANYAO = "234m45688p34666s5s"  # tanyao only, 1 han 40 fu = 1300

MIN_HAN = [
    win(
        "min_han_2_refuses_1", {"hand": TANYAO, "rule_options": {"min_han": 2}}, expect(error="below_minimum")
    ),
    # Dora do not count toward min_han: tanyao 1 + 2 dora (7p -> 8p x2) is still 1 yaku han.
    win(
        "min_han_dora_do_not_count",
        {"hand": TANYAO, "dora": ["7p"], "rule_options": {"min_han": 2}},
        expect(error="below_minimum"),
    ),
    win(
        "min_han_2_accepts_2",
        {"hand": TANPIN, "rule_options": {"min_han": 2}},
        expect(han=2, fu=30, total=2000, yaku={"tanyao": 1, "pinfu": 1}),
    ),
    win(
        "ryanshiba_5_honba",
        {"hand": TANYAO, "honba": 5, "rule_options": {"ryanshiba": True}},
        expect(error="below_minimum"),
    ),
    # 4 honba: 1 han is enough: 1300 + 1200 from the discarder (East, before South).
    win(
        "ryanshiba_4_honba",
        {"hand": TANYAO, "honba": 4, "rule_options": {"ryanshiba": True}},
        expect(han=1, fu=40, total=1300, pay={"E": -2500, "S": 2500, "W": 0, "N": 0}, yaku={"tanyao": 1}),
    ),
    # ryanshiba off (tenhou): 5 honba, 1300 + 1500.
    win(
        "no_ryanshiba_5_honba",
        {"hand": TANYAO, "honba": 5},
        expect(han=1, fu=40, total=1300, pay={"E": -2800, "S": 2800, "W": 0, "N": 0}, yaku={"tanyao": 1}),
    ),
]


# -- presets and options -------------------------------------------------------------------------

PRESETS = [
    # Kiriage: 4 han 30 fu (shousangen hand): tenhou 7700 (see "shousangen"), mleague mangan 8000.
    win(
        "kiriage_4_30_mleague",
        {"hand": "234m56p77z4p pon:555z pon:666z", "rules": "mleague"},
        expect(han=4, fu=30, limit="mangan", total=8000, yaku={"shousangen": 2, "haku": 1, "hatsu": 1}),
    ),
    # 3 han 60 fu: 111m 456m 999p 333s concealed + 7z tanki, riichi: 20 + 10 + 8 + 8 + 4 + 2 + 2 (chun
    # pair) = 54 -> 60; riichi 1 + sanankou 2 = 3 han: 60 x 32 = 1920 x4 = 7680 -> 7700 (tenhou) ...
    win(
        "three_han_60_fu_tenhou",
        {"hand": "111456m999p333s7z7z", "riichi": True},
        expect(han=3, fu=60, raw=54, total=7700, yaku={"riichi": 1, "sanankou": 2}),
    ),
    # ... and mangan 8000 with kiriage (mleague).
    win(
        "three_han_60_fu_kiriage",
        {"hand": "111456m999p333s7z7z", "riichi": True, "rules": "mleague"},
        expect(han=3, fu=60, limit="mangan", total=8000, yaku={"riichi": 1, "sanankou": 2}),
    ),
    # Dealer 4 han 30 fu: 1920 x6 = 11520 -> 11600 (tenhou), mangan 12000 with kiriage (mleague).
    win(
        "dealer_4_30_tenhou",
        {"hand": "234m56p77z4p pon:555z pon:666z", "seat_wind": "E", "from": "W"},
        expect(han=4, fu=30, total=11600, yaku={"shousangen": 2, "haku": 1, "hatsu": 1}),
    ),
    win(
        "dealer_4_30_kiriage",
        {"hand": "234m56p77z4p pon:555z pon:666z", "seat_wind": "E", "from": "W", "rules": "mleague"},
        expect(han=4, fu=30, limit="mangan", total=12000, yaku={"shousangen": 2, "haku": 1, "hatsu": 1}),
    ),
    # Kiriage does not touch 4 han 25 fu (base 1600): seven pairs + 2 dora = 6400 under mleague too.
    win(
        "kiriage_not_4_25",
        {"hand": "1122m3344p5566s1z1z", "dora": ["4z"], "rules": "mleague"},
        expect(han=4, fu=25, total=6400, yaku={"chiitoitsu": 2, "dora": 2}),
    ),
    # Yakuman stacking off (ema2025) is checked in test_stacking_off below.
    # Aka dora: 0 under wrc2022/ema2025/jpml2023: a red five is refused.
    win(
        "aka_refused_wrc",
        {"hand": "340p88m34678s5s ankan:2222m", "rules": "wrc2022"},
        expect(error="invalid_hand"),
    ),
    win(
        "aka_refused_ema",
        {"hand": "340p88m34678s5s ankan:2222m", "rules": "ema2025"},
        expect(error="invalid_hand"),
    ),
    # aka_dora 4 has two red 5p: 234m 340p 067p 88s + 23s/4s: tanyao 1 + pinfu 1 + aka 2 = 4 han 30 fu
    # = 7700; the same tiles under tenhou (one red 5p) are refused.
    win(
        "aka_dora_4",
        {"hand": "234m340067p2388s4s", "rule_options": {"aka_dora": 4}},
        expect(han=4, fu=30, total=7700, yaku={"tanyao": 1, "pinfu": 1, "aka_dora": 2}),
    ),
    win("two_red_5p_tenhou", {"hand": "234m340067p2388s4s"}, expect(error="invalid_hand")),
    # Open tanyao (pon 222m, 345p 88m 678s, 34s + 5s): kuitan true: 20 + 2 = 22 -> 30, 1 han = 1000;
    # kuitan false: no yaku.
    win(
        "open_tanyao_kuitan",
        {"hand": "345p88m678s34s5s pon:222m"},
        expect(han=1, fu=30, raw=22, total=1000, yaku={"tanyao": 1}),
    ),
    win(
        "open_tanyao_no_kuitan",
        {"hand": "345p88m678s34s5s pon:222m", "rule_options": {"kuitan": False}},
        expect(error="no_yaku"),
    ),
    # jpml2023: no ippatsu, no ura, no kan dora: each is refused as an impossible context.
    win(
        "jpml_no_ippatsu",
        {"hand": NOYAKU, "riichi": True, "ippatsu": True, "rules": "jpml2023"},
        expect(error="invalid_context"),
    ),
    win(
        "jpml_no_ura",
        {"hand": NOYAKU, "riichi": True, "ura": ["1z"], "rules": "jpml2023"},
        expect(error="invalid_context"),
    ),
    win(
        "jpml_no_kan_dora",
        {"hand": KANHAND, "dora": ["7s", "1m"], "rules": "jpml2023"},
        expect(error="invalid_context"),
    ),
    # jpml2023 with one indicator is fine: tanyao 1 + dora 1 = 2 han 50 fu = 3200.
    win(
        "jpml_one_indicator",
        {"hand": KANHAND, "dora": ["7s"], "rules": "jpml2023"},
        expect(han=2, fu=50, total=3200, yaku={"tanyao": 1, "dora": 1}),
    ),
    # Double yakuman on, stacking off: daisuushii (2) + tsuuiisou (1) -> the larger one, 2: 64000.
    win(
        "double_on_stacking_off",
        {
            "hand": "333444z5z5z pon:111z pon:222z",
            "rules": "mahjongsoul",
            "rule_options": {"yakuman_stacking": False},
        },
        expect(yakuman=2, limit="yakuman", total=64000, yaku={"daisuushii": 2}),
    ),
    # The same with the single yakuman found first: 111z 222z 333z concealed, 44z/55m shanpon won on
    # 4z by tsumo: suuankou (1, not tanki) and daisuushii (2). Stacking off keeps the larger, 2:
    # non-dealer tsumo 64000 = 32000 from the dealer + 16000 x2.
    win(
        "double_after_single_stacking_off",
        {
            "hand": "111222333z44z55m4z",
            "win": "tsumo",
            "rules": "mahjongsoul",
            "rule_options": {"yakuman_stacking": False},
        },
        expect(yakuman=2, limit="yakuman", total=64000, yaku={"daisuushii": 2}),
    ),
    # Preset aliases: majsoul = mahjongsoul (double yakuman).
    win(
        "alias_majsoul",
        {"hand": "19m19p19s1234567z1m", "rules": "majsoul"},
        expect(yakuman=2, limit="yakuman", total=64000, yaku={"kokushi_13": 2}),
    ),
]


# -- open-hand reductions ------------------------------------------------------------------------

OPEN = [
    # chi 123s, 123m 789m 55p + 12p/3p penchan: 20 + 2 = 22 -> 30; open sanshoku 1 han = 1000.
    win(
        "open_sanshoku",
        {"hand": "123789m12p55p3p chi:123s"},
        expect(han=1, fu=30, raw=22, total=1000, yaku={"sanshoku": 1}),
    ),
    # open chanta: chi 123m, 789p, 999s (closed terminal 8), 44z, 12s + 3s penchan (2):
    # 20 + 8 + 2 = 30; 1 han 30 fu = 1000.
    win(
        "open_chanta",
        {"hand": "789p999s44z12s3s chi:123m"},
        expect(han=1, fu=30, raw=30, total=1000, yaku={"chanta": 1}),
    ),
    # open honitsu: chi 123m, 345m 678m 333z (8) 44z: 20 + 8 = 28 -> 30; 2 han 30 fu: 480 x4 = 1920
    # -> 2000.
    win(
        "open_honitsu",
        {"hand": "34567m33344z8m chi:123m"},
        expect(han=2, fu=30, raw=28, total=2000, yaku={"honitsu": 2}),
    ),
    # open junchan: chi 789m, 123m 123p 99s + 78p/9p: 20 -> 30; 2 han 30 fu = 2000.
    win(
        "open_junchan",
        {"hand": "123m123p99s78p9p chi:789m"},
        expect(han=2, fu=30, total=2000, yaku={"junchan": 2}),
    ),
    # open chinitsu: chi 345m, 111m (8) 222m (4) 678m 99m: 20 + 8 + 4 = 32 -> 40; 5 han = mangan 8000.
    win(
        "open_chinitsu",
        {"hand": "1112226799m8m chi:345m"},
        expect(han=5, fu=40, raw=32, limit="mangan", total=8000, yaku={"chinitsu": 5}),
    ),
    # Two equal chi do not make iipeikou (closed only): chi 123m + 123m 456p 789s 5s tanki, open, and
    # no yaku at all.
    win("open_no_iipeikou", {"hand": "123m456p789s5s5s chi:123m"}, expect(error="no_yaku")),
    # A closed kan keeps the hand closed: KANHAND with riichi and tsumo:
    # 20 + 2 + 16 = 38 -> 40; riichi 1 + menzen tsumo 1 + tanyao 1 = 3 han 40 fu: 1280;
    # dealer 2560 -> 2600, others 1280 -> 1300 = 5200.
    win(
        "ankan_stays_closed",
        {"hand": KANHAND, "riichi": True, "win": "tsumo"},
        expect(
            han=3,
            fu=40,
            raw=38,
            total=5200,
            tsumo=(2600, 1300),
            yaku={"riichi": 1, "menzen_tsumo": 1, "tanyao": 1},
        ),
    ),
    # Riichi with an open meld is impossible.
    win(
        "riichi_open_refused",
        {"hand": "123456m23p55s4p chi:789m", "riichi": True},
        expect(error="invalid_context"),
    ),
]


ALL = YAKU + YAKUMAN + FU + READINGS + LIMITS + PAYMENTS + DORA + FURITEN + MIN_HAN + PRESETS + OPEN


@pytest.mark.parametrize(("mapping", "expected"), ALL)
def test_golden(mapping: dict, expected: dict) -> None:
    check(mapping, expected)


def test_stacking_off() -> None:
    """ema2025 (yakuman_stacking false): daisangen + tsuuiisou pay one yakuman, 8000 x4 = 32000."""
    r = riichi_cli.score({"hand": "1117772z2z pon:555z pon:666z", "rules": "ema2025"})
    assert r["ok"], r["error"]
    assert (r["yakuman"], r["limit"], r["points"]["total"]) == (1, "yakuman", 32000)
    assert [y["id"] for y in r["yaku"]] in (["daisangen"], ["tsuuiisou"])


def test_double_yakuman_off_stacking_on() -> None:
    """tenhou: kokushi 13-sided + tenhou stack as 1 + 1 = 2 yakuman: dealer tsumo 16000 x3 = 48000 x2."""
    r = riichi_cli.score({"hand": "19m19p19s1234567z1m", "win": "tsumo", "seat_wind": "E", "tenhou": True})
    assert r["ok"], r["error"]
    assert {y["id"]: y["yakuman"] for y in r["yaku"]} == {"kokushi_13": 1, "tenhou": 1}
    assert (r["yakuman"], r["points"]["total"]) == (2, 96000)
    assert r["points"]["tsumo"] == {"dealer": None, "non_dealer": 32000}


def test_every_id_covered() -> None:
    """Every yaku and yakuman id of docs/output.md appears in some golden expectation."""
    spec_ids = set(
        "riichi double_riichi ippatsu menzen_tsumo pinfu tanyao iipeikou haku hatsu chun round_wind "
        "seat_wind haitei houtei rinshan chankan sanshoku ittsu chanta chiitoitsu toitoi sanankou "
        "sankantsu sanshoku_doukou honroutou shousangen honitsu junchan ryanpeikou chinitsu renhou "
        "dora aka_dora ura_dora kokushi kokushi_13 suuankou suuankou_tanki daisangen shousuushii "
        "daisuushii tsuuiisou chinroutou ryuuiisou chuuren junsei_chuuren suukantsu tenhou chiihou "
        "renhou_yakuman".split()
    )
    covered = {y for p in ALL for y in p.values[1].get("yaku", {})}
    assert spec_ids - covered == set()
