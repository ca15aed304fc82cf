"""Tenhou's yaku, by mjlog number and by tenhou6 name, as riichi's yaku ids."""

from __future__ import annotations

from typing import Final

#: mjlog ``yaku``/``yakuman`` numbers 0-54 (Tenhou's own order).
MJLOG: Final = (
    "menzen_tsumo", "riichi", "ippatsu", "chankan", "rinshan", "haitei", "houtei", "pinfu", "tanyao",
    "iipeikou", "seat_wind", "seat_wind", "seat_wind", "seat_wind", "round_wind", "round_wind",
    "round_wind", "round_wind", "haku", "hatsu", "chun", "double_riichi", "chiitoitsu", "chanta", "ittsu",
    "sanshoku", "sanshoku_doukou", "sankantsu", "toitoi", "sanankou", "shousangen", "honroutou",
    "ryanpeikou", "junchan", "honitsu", "chinitsu", "renhou", "tenhou", "chiihou", "daisangen", "suuankou",
    "suuankou_tanki", "tsuuiisou", "ryuuiisou", "chinroutou", "chuuren", "junsei_chuuren", "kokushi",
    "kokushi_13", "daisuushii", "shousuushii", "suukantsu", "dora", "ura_dora", "aka_dora",
)  # fmt: skip

#: tenhou6 names, as written before ``(1飜)`` or ``(役満)``.
JAPANESE: Final = {
    "門前清自摸和": "menzen_tsumo", "立直": "riichi", "一発": "ippatsu", "槍槓": "chankan",
    "嶺上開花": "rinshan", "海底摸月": "haitei", "河底撈魚": "houtei", "平和": "pinfu", "断幺九": "tanyao",
    "一盃口": "iipeikou", "自風 東": "seat_wind", "自風 南": "seat_wind", "自風 西": "seat_wind",
    "自風 北": "seat_wind", "場風 東": "round_wind", "場風 南": "round_wind", "場風 西": "round_wind",
    "場風 北": "round_wind", "役牌 白": "haku", "役牌 發": "hatsu", "役牌 中": "chun",
    "両立直": "double_riichi", "七対子": "chiitoitsu", "混全帯幺九": "chanta", "一気通貫": "ittsu",
    "三色同順": "sanshoku", "三色同刻": "sanshoku_doukou", "三槓子": "sankantsu", "対々和": "toitoi",
    "三暗刻": "sanankou", "小三元": "shousangen", "混老頭": "honroutou", "二盃口": "ryanpeikou",
    "純全帯幺九": "junchan", "混一色": "honitsu", "清一色": "chinitsu", "人和": "renhou", "天和": "tenhou",
    "地和": "chiihou", "大三元": "daisangen", "四暗刻": "suuankou", "四暗刻単騎": "suuankou_tanki",
    "字一色": "tsuuiisou", "緑一色": "ryuuiisou", "清老頭": "chinroutou", "九蓮宝燈": "chuuren",
    "純正九蓮宝燈": "junsei_chuuren", "国士無双": "kokushi", "国士無双１３面": "kokushi_13",
    "大四喜": "daisuushii", "小四喜": "shousuushii", "四槓子": "suukantsu", "ドラ": "dora",
    "裏ドラ": "ura_dora", "赤ドラ": "aka_dora", "抜きドラ": "kita",
    # other spellings met in converted logs
    "役牌:白": "haku", "役牌:發": "hatsu", "役牌:中": "chun", "ダブル立直": "double_riichi",
    "国士無双十三面待ち": "kokushi_13", "四暗刻単騎待ち": "suuankou_tanki",
    # English names of Mahjong Soul converters
    "Riichi": "riichi", "Double Riichi": "double_riichi", "Ippatsu": "ippatsu", "Dora": "dora",
    "Ura Dora": "ura_dora", "Kita": "kita", "Red Five": "aka_dora", "Pinfu": "pinfu", "Tanyao": "tanyao",
    "All Simples": "tanyao", "Fully Concealed Hand": "menzen_tsumo", "Menzen Tsumo": "menzen_tsumo",
}  # fmt: skip
