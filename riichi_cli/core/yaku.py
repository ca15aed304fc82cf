"""Every yaku and yakuman as a small named predicate over a `Reading`, in two tables.

`YAKU` rows give the han closed and open (0 open: closed only); `YAKUMAN` rows give a
function returning how many yakuman the hand counts for it (0 when it does not apply).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from .reading import Reading
from .tiles import DRAGONS, GREEN, RED, WHITE, WINDS, is_orphan, is_terminal


@dataclass(frozen=True)
class YakuDef:
    """One yaku: its names, its han closed and open (0: not allowed open) and its test.

    ``no_tsumo_fu``: a hand with this yaku earns no fu for a tsumo (pinfu's definition).
    """

    id: str
    name: str
    english: str
    japanese: str
    closed_han: int
    open_han: int
    test: Callable[[Reading], bool]
    no_tsumo_fu: bool = False


@dataclass(frozen=True)
class YakumanDef:
    id: str
    name: str
    english: str
    japanese: str
    count: Callable[[Reading], int]


# -- helpers -------------------------------------------------------------------------------


def _peikou_pairs(r: Reading) -> int:
    """How many pairs of identical closed sequences the hand has (two for ryanpeikou)."""
    seqs = r.seqs
    if not r.closed or len(seqs) < 2 or len(set(seqs)) == len(seqs):
        return 0
    return sum(n // 2 for n in Counter(seqs).values())


# -- yaku ----------------------------------------------------------------------------------


def riichi(r: Reading) -> bool:
    return r.ctx.riichi and not r.ctx.double_riichi


def double_riichi(r: Reading) -> bool:
    return r.ctx.double_riichi


def ippatsu(r: Reading) -> bool:
    return r.ctx.ippatsu


def menzen_tsumo(r: Reading) -> bool:
    return r.closed and r.ctx.tsumo


def pinfu(r: Reading) -> bool:
    return (
        r.closed
        and r.form == "standard"
        and r.wait == "ryanmen"
        and len(r.seqs) == 4
        and r.pair not in (WHITE, GREEN, RED, r.seat_tile, r.round_tile)
    )


def tanyao(r: Reading) -> bool:
    return r.h.all_simple and (r.closed or r.rules.kuitan)


def iipeikou(r: Reading) -> bool:
    return _peikou_pairs(r) == 1


def haku(r: Reading) -> bool:
    return WHITE in r.trips


def hatsu(r: Reading) -> bool:
    return GREEN in r.trips


def chun(r: Reading) -> bool:
    return RED in r.trips


def round_wind(r: Reading) -> bool:
    return r.round_tile in r.trips


def seat_wind(r: Reading) -> bool:
    return r.seat_tile in r.trips


def haitei(r: Reading) -> bool:
    return r.ctx.haitei


def houtei(r: Reading) -> bool:
    return r.ctx.houtei


def rinshan(r: Reading) -> bool:
    return r.ctx.rinshan


def chankan(r: Reading) -> bool:
    return r.ctx.chankan


def sanshoku(r: Reading) -> bool:
    seqs = r.seqs
    return len(seqs) >= 3 and any(n + 9 in seqs and n + 18 in seqs for n in seqs if n < 7)


def ittsu(r: Reading) -> bool:
    seqs = r.seqs
    return len(seqs) >= 3 and any(s in seqs and s + 3 in seqs and s + 6 in seqs for s in (0, 9, 18))


def _outside(r: Reading, ok: Callable[[int], bool]) -> bool:
    """Every set and the pair hold a tile passing ``ok``, and there is a sequence.

    A sequence holds a terminal exactly when it starts at 1 or 7, the only ``ok`` tiles it can hold.
    """
    if r.form != "standard" or not r.seqs or not ok(r.pair):
        return False
    return all(t % 9 in (0, 6) for t in r.seqs) and all(ok(t) for t in r.trips)


def chanta(r: Reading) -> bool:
    return 3 in r.h.suits and _outside(r, is_orphan)


def junchan(r: Reading) -> bool:
    return _outside(r, is_terminal)


def chiitoitsu(r: Reading) -> bool:
    return r.form == "chiitoitsu"


def toitoi(r: Reading) -> bool:
    return len(r.trips) == 4


def sanankou(r: Reading) -> bool:
    return r.concealed_trips == 3


def sankantsu(r: Reading) -> bool:
    return r.kans == 3


def sanshoku_doukou(r: Reading) -> bool:
    trips = r.trips
    return len(trips) >= 3 and any(n + 9 in trips and n + 18 in trips for n in trips if n < 9)


def honroutou(r: Reading) -> bool:
    return r.h.all_orphan and r.form != "kokushi"


def shousangen(r: Reading) -> bool:
    return r.pair in DRAGONS and sum(d in r.trips for d in DRAGONS) == 2


def honitsu(r: Reading) -> bool:
    suits = r.h.suits
    return 3 in suits and len(suits) == 2


def ryanpeikou(r: Reading) -> bool:
    return _peikou_pairs(r) == 2


def chinitsu(r: Reading) -> bool:
    suits = r.h.suits
    return len(suits) == 1 and 3 not in suits


def renhou_as(r: Reading, value: str) -> bool:
    """Whether the win is renhou scored as ``value`` of the ``renhou`` rule: ``han5`` (a yaku here),
    ``yakuman`` (the yakuman table) or ``mangan`` (a flat mangan, see `scoring.score_reading`)."""
    return r.ctx.renhou and r.rules.renhou == value


def renhou(r: Reading) -> bool:
    return renhou_as(r, "han5")


YAKU: tuple[YakuDef, ...] = (
    YakuDef("riichi", "Riichi", "Ready hand", "立直", 1, 0, riichi),
    YakuDef(
        "double_riichi", "Double riichi", "Ready hand on the first turn", "ダブル立直", 2, 0, double_riichi
    ),
    YakuDef("ippatsu", "Ippatsu", "Win within a turn of riichi", "一発", 1, 0, ippatsu),
    YakuDef(
        "menzen_tsumo", "Menzen tsumo", "Self-draw with a closed hand", "門前清自摸和", 1, 0, menzen_tsumo
    ),
    YakuDef("pinfu", "Pinfu", "No-points hand", "平和", 1, 0, pinfu, no_tsumo_fu=True),
    YakuDef("tanyao", "Tanyao", "All simples", "断幺九", 1, 1, tanyao),
    YakuDef("iipeikou", "Iipeikou", "Pure double sequence", "一盃口", 1, 0, iipeikou),
    YakuDef("haku", "Haku", "White dragon", "役牌 白", 1, 1, haku),
    YakuDef("hatsu", "Hatsu", "Green dragon", "役牌 發", 1, 1, hatsu),
    YakuDef("chun", "Chun", "Red dragon", "役牌 中", 1, 1, chun),
    YakuDef("round_wind", "Round wind", "Prevalent wind", "場風", 1, 1, round_wind),
    YakuDef("seat_wind", "Seat wind", "Seat wind", "自風", 1, 1, seat_wind),
    YakuDef("haitei", "Haitei", "Win on the last draw", "海底摸月", 1, 1, haitei),
    YakuDef("houtei", "Houtei", "Win on the last discard", "河底撈魚", 1, 1, houtei),
    YakuDef("rinshan", "Rinshan kaihou", "Win on a kan replacement tile", "嶺上開花", 1, 1, rinshan),
    YakuDef("chankan", "Chankan", "Robbing a kan", "槍槓", 1, 1, chankan),
    YakuDef("sanshoku", "Sanshoku doujun", "Mixed triple sequence", "三色同順", 2, 1, sanshoku),
    YakuDef("ittsu", "Ittsu", "Pure straight", "一気通貫", 2, 1, ittsu),
    YakuDef("chanta", "Chanta", "Half outside hand", "混全帯幺九", 2, 1, chanta),
    YakuDef("chiitoitsu", "Chiitoitsu", "Seven pairs", "七対子", 2, 0, chiitoitsu),
    YakuDef("toitoi", "Toitoi", "All triplets", "対々和", 2, 2, toitoi),
    YakuDef("sanankou", "Sanankou", "Three concealed triplets", "三暗刻", 2, 2, sanankou),
    YakuDef("sankantsu", "Sankantsu", "Three kans", "三槓子", 2, 2, sankantsu),
    YakuDef("sanshoku_doukou", "Sanshoku doukou", "Triple triplets", "三色同刻", 2, 2, sanshoku_doukou),
    YakuDef("honroutou", "Honroutou", "All terminals and honors", "混老頭", 2, 2, honroutou),
    YakuDef("shousangen", "Shousangen", "Little three dragons", "小三元", 2, 2, shousangen),
    YakuDef("honitsu", "Honitsu", "Half flush", "混一色", 3, 2, honitsu),
    YakuDef("junchan", "Junchan", "Fully outside hand", "純全帯幺九", 3, 2, junchan),
    YakuDef("ryanpeikou", "Ryanpeikou", "Twice pure double sequence", "二盃口", 3, 0, ryanpeikou),
    YakuDef("chinitsu", "Chinitsu", "Full flush", "清一色", 6, 5, chinitsu),
    YakuDef("renhou", "Renhou", "Blessing of man", "人和", 5, 0, renhou),
)


# -- yakuman -------------------------------------------------------------------------------


def _double(r: Reading) -> int:
    return 2 if r.rules.double_yakuman else 1


def kokushi(r: Reading) -> int:
    return int(r.form == "kokushi" and r.wait != "kokushi13")


def kokushi_13(r: Reading) -> int:
    return _double(r) if r.form == "kokushi" and r.wait == "kokushi13" else 0


def _four_concealed(r: Reading) -> bool:
    return r.concealed_trips == 4


def suuankou(r: Reading) -> int:
    return int(_four_concealed(r) and r.wait != "tanki")


def suuankou_tanki(r: Reading) -> int:
    return _double(r) if _four_concealed(r) and r.wait == "tanki" else 0


def daisangen(r: Reading) -> int:
    return int(len(r.trips) >= 3 and all(d in r.trips for d in DRAGONS))


def shousuushii(r: Reading) -> int:
    return int(r.pair in WINDS and sum(w in r.trips for w in WINDS) == 3)


def daisuushii(r: Reading) -> int:
    return _double(r) if len(r.trips) == 4 and all(w in r.trips for w in WINDS) else 0


def tsuuiisou(r: Reading) -> int:
    return int(r.h.all_honor)


def chinroutou(r: Reading) -> int:
    return int(r.h.all_terminal)


def ryuuiisou(r: Reading) -> int:
    return int(r.h.all_green)


_NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _nine_gates_suit(r: Reading) -> tuple[int, ...] | None:
    """The suit's counts when the hand is closed, meldless and of one number suit."""
    suits = r.h.suits
    if r.hand.melds or len(suits) != 1 or 3 in suits:
        return None
    s = next(iter(suits))
    counts = tuple(r.counts[s * 9 : s * 9 + 9])
    return counts if all(c >= n for c, n in zip(counts, _NINE_GATES)) else None


def chuuren(r: Reading) -> int:
    counts = _nine_gates_suit(r)
    return int(counts is not None and counts[r.win_tile % 9] == _NINE_GATES[r.win_tile % 9])


def junsei_chuuren(r: Reading) -> int:
    counts = _nine_gates_suit(r)
    pure = counts is not None and counts[r.win_tile % 9] == _NINE_GATES[r.win_tile % 9] + 1
    return _double(r) if pure else 0


def suukantsu(r: Reading) -> int:
    return int(r.kans == 4)


YAKUMAN: tuple[YakumanDef, ...] = (
    YakumanDef("kokushi", "Kokushi musou", "Thirteen orphans", "国士無双", kokushi),
    YakumanDef(
        "kokushi_13",
        "Kokushi musou 13-sided",
        "Thirteen orphans, 13-sided wait",
        "国士無双十三面",
        kokushi_13,
    ),
    YakumanDef("suuankou", "Suuankou", "Four concealed triplets", "四暗刻", suuankou),
    YakumanDef(
        "suuankou_tanki", "Suuankou tanki", "Four concealed triplets, pair wait", "四暗刻単騎", suuankou_tanki
    ),
    YakumanDef("daisangen", "Daisangen", "Big three dragons", "大三元", daisangen),
    YakumanDef("shousuushii", "Shousuushii", "Little four winds", "小四喜", shousuushii),
    YakumanDef("daisuushii", "Daisuushii", "Big four winds", "大四喜", daisuushii),
    YakumanDef("tsuuiisou", "Tsuuiisou", "All honors", "字一色", tsuuiisou),
    YakumanDef("chinroutou", "Chinroutou", "All terminals", "清老頭", chinroutou),
    YakumanDef("ryuuiisou", "Ryuuiisou", "All green", "緑一色", ryuuiisou),
    YakumanDef("chuuren", "Chuuren poutou", "Nine gates", "九蓮宝燈", chuuren),
    YakumanDef("junsei_chuuren", "Junsei chuuren poutou", "Pure nine gates", "純正九蓮宝燈", junsei_chuuren),
    YakumanDef("suukantsu", "Suukantsu", "Four kans", "四槓子", suukantsu),
    YakumanDef("tenhou", "Tenhou", "Blessing of heaven", "天和", lambda r: int(r.ctx.tenhou)),
    YakumanDef("chiihou", "Chiihou", "Blessing of earth", "地和", lambda r: int(r.ctx.chiihou)),
    YakumanDef(
        "renhou_yakuman",
        "Renhou",
        "Blessing of man",
        "人和",
        lambda r: int(renhou_as(r, "yakuman")),
    ),  # fmt: skip
)

#: Dora rows are not yaku (they never make a hand valid) but are listed like them.
DORA_NAMES = {
    "dora": ("Dora", "Bonus tile", "ドラ"),
    "aka_dora": ("Aka dora", "Red five", "赤ドラ"),
    "ura_dora": ("Ura dora", "Hidden bonus tile", "裏ドラ"),
    "kita": ("Kita", "North set aside (nuki dora)", "抜きドラ"),
}
#: id -> (name, english, japanese) for every row a result can list.
NAMES = {d.id: (d.name, d.english, d.japanese) for d in YAKU + YAKUMAN} | DORA_NAMES


_CLOSED: Final = tuple((y, y.closed_han, y.test) for y in YAKU)
_OPEN: Final = tuple((y, y.open_han, y.test) for y in YAKU if y.open_han)


def find_yaku(r: Reading) -> list[tuple[YakuDef, int]]:
    """The yaku of a reading with their han, in table order."""
    return [(y, han) for y, han, test in (_CLOSED if r.closed else _OPEN) if test(r)]


def _may_be_yakuman(r: Reading) -> bool:
    """A cheap necessary condition, so that ordinary hands skip the yakuman table."""
    h, ctx = r.h, r.ctx
    return (
        r.form == "kokushi"
        or r.concealed_trips == 4
        or len(r.trips) >= 3
        or r.kans == 4
        or h.all_honor
        or h.all_terminal
        or h.all_green
        or (len(h.suits) == 1 and not r.hand.melds)
        or ctx.tenhou
        or ctx.chiihou
        or ctx.renhou
    )


def find_yakuman(r: Reading) -> list[tuple[YakumanDef, int]]:
    """The yakuman of a reading with their multipliers; one only without ``yakuman_stacking``."""
    if not _may_be_yakuman(r):
        return []
    found = [(y, n) for y in YAKUMAN if (n := y.count(r))]
    if found and not r.rules.yakuman_stacking:
        found = [max(found, key=lambda item: item[1])]
    return found
