"""Read the majiang-core conformance hands (../shared/conformance, read in place) as docs/input.md mappings.

The data itself is never copied into this repository; see ../shared/conformance/README.md.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

CONFORMANCE = Path(__file__).resolve().parents[1].parent / "shared" / "conformance"
HULE = CONFORMANCE / "hule-dev.json"
SEATS = "ESWN"

YAKU_IDS = {
    "立直": "riichi", "ダブル立直": "double_riichi", "一発": "ippatsu", "門前清自摸和": "menzen_tsumo",
    "平和": "pinfu", "断幺九": "tanyao", "一盃口": "iipeikou", "翻牌 白": "haku", "翻牌 發": "hatsu",
    "翻牌 中": "chun", "海底摸月": "haitei", "河底撈魚": "houtei", "嶺上開花": "rinshan",
    "槍槓": "chankan", "三色同順": "sanshoku", "一気通貫": "ittsu", "混全帯幺九": "chanta",
    "七対子": "chiitoitsu", "対々和": "toitoi", "三暗刻": "sanankou", "三槓子": "sankantsu",
    "三色同刻": "sanshoku_doukou", "混老頭": "honroutou", "小三元": "shousangen", "混一色": "honitsu",
    "純全帯幺九": "junchan", "二盃口": "ryanpeikou", "清一色": "chinitsu", "ドラ": "dora",
    "赤ドラ": "aka_dora", "裏ドラ": "ura_dora", "国士無双": "kokushi", "国士無双十三面": "kokushi_13",
    "四暗刻": "suuankou", "四暗刻単騎": "suuankou_tanki", "大三元": "daisangen", "小四喜": "shousuushii",
    "大四喜": "daisuushii", "字一色": "tsuuiisou", "清老頭": "chinroutou", "緑一色": "ryuuiisou",
    "九蓮宝燈": "chuuren", "純正九蓮宝燈": "junsei_chuuren", "四槓子": "suukantsu", "天和": "tenhou",
    "地和": "chiihou",
}  # fmt: skip
# The rules these hands were scored under (their README): tenhou plus double yakuman.
RULE_OPTIONS = {"double_yakuman": True}


def load() -> list[dict]:
    with HULE.open(encoding="utf-8") as f:
        return json.load(f)


def _tile(suit: str, digit: str) -> str:
    return f"{digit}{suit}"


def _meld(text: str) -> str:
    suit, body = text[0], text[1:]
    digits = re.sub(r"[-=+]", "", body)
    if len(digits) == 3:
        kind = "chi" if len(set(digits.replace("0", "5"))) == 3 else "pon"
    elif not re.search(r"[-=+]", body):
        kind = "ankan"
    elif re.fullmatch(r"\d{4}[-=+]", body):
        kind = "kan"
    else:
        kind = "kakan"
    return f"{kind}:{digits}{suit}"


def _concealed(text: str) -> list[str]:
    tiles, suit = [], None
    for ch in text:
        if ch in "mpsz":
            suit = ch
        elif ch.isdigit():
            tiles.append(_tile(suit, ch))
    return tiles


def to_mapping(item: dict) -> dict:
    """A docs/input.md mapping for one conformance hand."""
    inp = item["in"]
    param = inp["param"]
    parts = inp["shoupai"].split(",")
    tiles = _concealed(parts[0])
    melds = [_meld(p) for p in parts[1:] if p]
    seat = SEATS[param["menfeng"]]
    m: dict = {"seat_wind": seat, "round_wind": SEATS[param["zhuangfeng"]]}
    if "rongpai" in inp and inp["rongpai"]:
        ron = inp["rongpai"]
        tiles.append(_tile(ron[0], ron[1]))
        offset = {"-": 3, "=": 2, "+": 1}[ron[2]]
        m.update(win="ron", **{"from": SEATS[(param["menfeng"] + offset) % 4]})
    else:
        m["win"] = "tsumo"
    m["hand"] = "".join(tiles) + "".join(" " + x for x in melds)
    hupai = param["hupai"]
    if hupai.get("lizhi") == 1:
        m["riichi"] = True
    elif hupai.get("lizhi") == 2:
        m["double_riichi"] = True
    for key, flag in (("yifa", "ippatsu"), ("lingshang", "rinshan"), ("qianggang", "chankan")):
        if hupai.get(key):
            m[flag] = True
    if hupai.get("haidi") == 1:
        m["haitei"] = True
    elif hupai.get("haidi") == 2:
        m["houtei"] = True
    if hupai.get("tianhu") == 1:
        m["tenhou"] = True
    elif hupai.get("tianhu") == 2:
        m["chiihou"] = True
    m["dora"] = [_tile(t[0], t[1]) for t in param["baopai"]]
    if m.get("riichi") or m.get("double_riichi"):
        m["ura"] = [_tile(t[0], t[1]) for t in param["fubaopai"]]
    m["honba"] = param["jicun"]["changbang"]
    m["riichi_sticks"] = param["jicun"]["lizhibang"]
    m["rule_options"] = dict(RULE_OPTIONS)
    return m


def expected_yaku(item: dict) -> list[tuple[str, int]]:
    """(id, han or yakuman count) for each listed yaku; winds are split by which wind they are."""
    out = []
    for h in item["out"]["hupai"]:
        name = h["name"]
        if name.startswith("場風"):
            yid = "round_wind"
        elif name.startswith("自風"):
            yid = "seat_wind"
        else:
            yid = YAKU_IDS[name]
        fan = h["fanshu"]
        out.append((yid, len(fan) if isinstance(fan, str) else fan))
    return out
