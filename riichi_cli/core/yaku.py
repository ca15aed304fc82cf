"""Every yaku and yakuman as a small named test over a `Reading`, in two tables.

`YAKU` rows give the han closed and open (0 open: closed only), the test, and the facts the test
needs (`reading_facts`); `YAKUMAN` rows give a function counting how many yakuman the hand is worth for
it (0 when it does not apply).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .reading import Reading
from .record import Record
from .tiles import DRAGONS, GREEN, RED, WHITE, WINDS, is_orphan, is_terminal


class YakuItem(Record):
    """One listed yaku: han for a yaku or dora, ``yakuman`` (the multiplier) for a yakuman."""

    FIELDS = ("id", "han", "yakuman")

    def __init__(self, id: str, han: int | None = None, yakuman: int | None = None) -> None:
        self.id: Final = id
        self.han: Final = han
        self.yakuman: Final = yakuman
        self._dict: dict | None = None  # `as_dict`, once asked for
        self._text: str | None = None  # `json_text`, once asked for

    def as_dict(self) -> dict:
        """``{"id", "name", "han"}`` or ``{"id", "name", "yakuman"}`` (docs/output.md), a fresh dict."""
        if self._dict is None:
            item: dict = {"id": self.id, "name": NAMES[self.id][0]}
            if self.yakuman:
                item["yakuman"] = self.yakuman
            else:
                item["han"] = self.han
            self._dict = item
        return self._dict.copy()

    def json_text(self, encode: Callable[[dict], str]) -> str:
        """``encode(self.as_dict())``, made once: the caller (the batch's JSON writer) always passes
        the same encoder."""
        if self._text is None:
            self._text = encode(self.as_dict())
        return self._text


class YakuDef:
    """One yaku: its names, its han closed and open (0: not allowed open) and its `test`.

    ``no_tsumo_fu``: a hand with this yaku earns no fu for a tsumo (pinfu's definition).
    ``needs``: the `reading_facts` bits without which ``test`` cannot hold (`find_yaku` skips the test
    of a reading that lacks one).
    ``closed_item`` and ``open_item`` are what a result lists for it (``open_item`` None: closed only).
    """

    def __init__(
        self,
        id: str,
        name: str,
        english: str,
        japanese: str,
        closed_han: int,
        open_han: int,
        test: Callable[[Reading], bool],
        no_tsumo_fu: bool = False,
        needs: int = 0,
    ) -> None:
        self.id: Final = id
        self.name: Final = name
        self.english: Final = english
        self.japanese: Final = japanese
        self.closed_han: Final = closed_han
        self.open_han: Final = open_han
        self.test: Final = test
        self.no_tsumo_fu: Final = no_tsumo_fu
        self.needs: Final = needs
        self.closed_item: Final = YakuItem(id, han=closed_han)
        self.open_item: Final = YakuItem(id, han=open_han) if open_han else None

    def item(self, closed: bool) -> YakuItem:
        """What a result lists for this yaku in a closed or an open hand."""
        if closed or self.open_item is None:
            return self.closed_item
        return self.open_item

    def __repr__(self) -> str:
        return f"YakuDef({self.id!r}, closed_han={self.closed_han}, open_han={self.open_han})"


class YakumanDef:
    """One yakuman: its names and its `count`, how many yakuman a reading makes of it."""

    def __init__(
        self, id: str, name: str, english: str, japanese: str, count: Callable[[Reading], int]
    ) -> None:
        self.id: Final = id
        self.name: Final = name
        self.english: Final = english
        self.japanese: Final = japanese
        self.count: Final = count
        self._items: Final = (YakuItem(id, yakuman=1), YakuItem(id, yakuman=2))

    def item(self, count: int) -> YakuItem:
        """The listed item of this yakuman counted ``count`` times."""
        return self._items[count - 1] if 1 <= count <= 2 else YakuItem(self.id, yakuman=count)

    def __repr__(self) -> str:
        return f"YakumanDef({self.id!r})"


# -- helpers -------------------------------------------------------------------------------

#: The honors' bit in `HandFacts.suit_bits` (m, p, s, z: 1, 2, 4, 8).
_HONORS: Final = 8


def _peikou_pairs(r: Reading) -> int:
    """How many pairs of identical closed sequences the hand has (two for ryanpeikou)."""
    seqs = r.seqs
    if not r.closed or len(seqs) < 2:
        return 0
    pairs = 0
    for i in range(len(seqs)):
        t, n = seqs[i], 0
        for j in range(len(seqs)):
            if seqs[j] == t:
                if j < i:  # counted with its first copy
                    break
                n += 1
        pairs += n // 2
    return pairs


def _outside(r: Reading, terminals_only: bool) -> bool:
    """Every set and the pair hold a terminal (or, unless ``terminals_only``, an honor), and there is
    a sequence.

    A sequence holds a terminal exactly when it starts at 1 or 7, the only such tiles it can hold.
    """
    if r.form != "standard" or not r.seqs or not _end_tile(r.pair, terminals_only):
        return False
    for t in r.seqs:
        if t % 9 not in (0, 6):
            return False
    for t in r.trips:
        if not _end_tile(t, terminals_only):
            return False
    return True


def _end_tile(t: int, terminals_only: bool) -> bool:
    return is_terminal(t) if terminals_only else is_orphan(t)


def _held(tiles: tuple[int, ...], r: Reading) -> int:
    """How many of ``tiles`` the reading has as triplets (or quads)."""
    n = 0
    for t in tiles:
        if r.has_trip(t):
            n += 1
    return n


def renhou_as(r: Reading, value: str) -> bool:
    """Whether the win is renhou scored as ``value`` of the ``renhou`` rule: ``han5`` (a yaku here),
    ``yakuman`` (the yakuman table) or ``mangan`` (a flat mangan, see `scoring.score_reading`)."""
    return r.ctx.renhou and r.rules.renhou == value


# -- facts a test needs ----------------------------------------------------------------------
# Most hands lack most of these, so a row that names one in ``needs`` costs one AND instead of a
# call for them (tests/test_yaku_needs.py checks every row's needs against its test).

#: A situation flag other than riichi: double riichi, ippatsu, haitei, houtei, rinshan, chankan, renhou.
SITUATION: Final = 1
#: A triplet or quad of honors.
HONOR_TRIP: Final = 2
#: An honor tile anywhere in the hand.
HONOR: Final = 4
#: Two sequences or more.
TWO_SEQS: Final = 8
#: Three sequences or more.
THREE_SEQS: Final = 16
#: Three triplets or quads or more.
THREE_TRIPS: Final = 32
#: Riichi declared (``riichi``, or ``double_riichi`` given with it).
RIICHI: Final = 64
#: A win by tsumo.
TSUMO: Final = 128
#: No terminal or honor anywhere in the hand.
SIMPLES: Final = 256
#: Read as seven pairs.
SEVEN_PAIRS: Final = 512
#: Tiles of one suit only (honors count as a suit).
ONE_SUIT: Final = 1024
#: Terminals and honors only.
ALL_ORPHANS: Final = 2048
#: The pair of a four-sets reading is a terminal or an honor.
END_PAIR: Final = 4096


def reading_facts(r: Reading) -> int:
    """The facts above that hold for a reading, as bits."""
    ctx, h = r.ctx, r.h
    facts = 0
    last_tile = ctx.haitei or ctx.houtei
    if ctx.double_riichi or ctx.ippatsu or last_tile or ctx.rinshan or ctx.chankan or ctx.renhou:
        facts |= SITUATION
    if ctx.riichi:
        facts |= RIICHI
    if ctx.tsumo:
        facts |= TSUMO
    if r.trip_bits >> 27:
        facts |= HONOR_TRIP
    if h.suit_bits & _HONORS:
        facts |= HONOR
    if h.all_simple:
        facts |= SIMPLES
    if h.suit_count == 1:
        facts |= ONE_SUIT
    if h.all_orphan:
        facts |= ALL_ORPHANS
    if r.form == "chiitoitsu":
        facts |= SEVEN_PAIRS
    elif r.pair >= 0 and is_orphan(r.pair):
        facts |= END_PAIR
    seqs = len(r.seqs)
    if seqs >= 2:
        facts |= TWO_SEQS if seqs == 2 else TWO_SEQS | THREE_SEQS
    if len(r.trips) >= 3:
        facts |= THREE_TRIPS
    return facts


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
    return r.has_trip(WHITE)


def hatsu(r: Reading) -> bool:
    return r.has_trip(GREEN)


def chun(r: Reading) -> bool:
    return r.has_trip(RED)


def round_wind(r: Reading) -> bool:
    return r.has_trip(r.round_tile)


def seat_wind(r: Reading) -> bool:
    return r.has_trip(r.seat_tile)


def haitei(r: Reading) -> bool:
    return r.ctx.haitei


def houtei(r: Reading) -> bool:
    return r.ctx.houtei


def rinshan(r: Reading) -> bool:
    return r.ctx.rinshan


def chankan(r: Reading) -> bool:
    return r.ctx.chankan


def sanshoku(r: Reading) -> bool:
    if len(r.seqs) < 3:
        return False
    for n in r.seqs:
        if n < 7 and r.has_seq(n + 9) and r.has_seq(n + 18):
            return True
    return False


def ittsu(r: Reading) -> bool:
    if len(r.seqs) < 3:
        return False
    for s in range(0, 27, 9):
        if r.has_seq(s) and r.has_seq(s + 3) and r.has_seq(s + 6):
            return True
    return False


def chanta(r: Reading) -> bool:
    return bool(r.h.suit_bits & _HONORS) and _outside(r, terminals_only=False)


def junchan(r: Reading) -> bool:
    return _outside(r, terminals_only=True)


def chiitoitsu(r: Reading) -> bool:
    return r.form == "chiitoitsu"


def toitoi(r: Reading) -> bool:
    return len(r.trips) == 4


def sanankou(r: Reading) -> bool:
    return r.concealed_trips == 3


def sankantsu(r: Reading) -> bool:
    return r.kans == 3


def sanshoku_doukou(r: Reading) -> bool:
    if len(r.trips) < 3:
        return False
    for n in r.trips:
        if n < 9 and r.has_trip(n + 9) and r.has_trip(n + 18):
            return True
    return False


def honroutou(r: Reading) -> bool:
    return r.h.all_orphan and r.form != "kokushi"


def shousangen(r: Reading) -> bool:
    return r.pair in DRAGONS and _held(DRAGONS, r) == 2


def honitsu(r: Reading) -> bool:
    return bool(r.h.suit_bits & _HONORS) and r.h.suit_count == 2


def ryanpeikou(r: Reading) -> bool:
    return _peikou_pairs(r) == 2


def chinitsu(r: Reading) -> bool:
    return r.h.suit_count == 1 and not r.h.suit_bits & _HONORS


def renhou(r: Reading) -> bool:
    return renhou_as(r, "han5")


YAKU: Final[tuple[YakuDef, ...]] = (
    YakuDef("riichi", "Riichi", "Ready hand", "立直", 1, 0, riichi, needs=RIICHI),
    YakuDef(
        "double_riichi",
        "Double riichi",
        "Ready hand on the first turn",
        "ダブル立直",
        2,
        0,
        double_riichi,
        needs=SITUATION,
    ),
    YakuDef("ippatsu", "Ippatsu", "Win within a turn of riichi", "一発", 1, 0, ippatsu, needs=SITUATION),
    YakuDef(
        "menzen_tsumo",
        "Menzen tsumo",
        "Self-draw with a closed hand",
        "門前清自摸和",
        1,
        0,
        menzen_tsumo,
        needs=TSUMO,
    ),
    YakuDef("pinfu", "Pinfu", "No-points hand", "平和", 1, 0, pinfu, no_tsumo_fu=True, needs=THREE_SEQS),
    YakuDef("tanyao", "Tanyao", "All simples", "断幺九", 1, 1, tanyao, needs=SIMPLES),
    YakuDef("iipeikou", "Iipeikou", "Pure double sequence", "一盃口", 1, 0, iipeikou, needs=TWO_SEQS),
    YakuDef("haku", "Haku", "White dragon", "役牌 白", 1, 1, haku, needs=HONOR_TRIP),
    YakuDef("hatsu", "Hatsu", "Green dragon", "役牌 發", 1, 1, hatsu, needs=HONOR_TRIP),
    YakuDef("chun", "Chun", "Red dragon", "役牌 中", 1, 1, chun, needs=HONOR_TRIP),
    YakuDef("round_wind", "Round wind", "Prevalent wind", "場風", 1, 1, round_wind, needs=HONOR_TRIP),
    YakuDef("seat_wind", "Seat wind", "Seat wind", "自風", 1, 1, seat_wind, needs=HONOR_TRIP),
    YakuDef("haitei", "Haitei", "Win on the last draw", "海底摸月", 1, 1, haitei, needs=SITUATION),
    YakuDef("houtei", "Houtei", "Win on the last discard", "河底撈魚", 1, 1, houtei, needs=SITUATION),
    YakuDef(
        "rinshan",
        "Rinshan kaihou",
        "Win on a kan replacement tile",
        "嶺上開花",
        1,
        1,
        rinshan,
        needs=SITUATION,
    ),
    YakuDef("chankan", "Chankan", "Robbing a kan", "槍槓", 1, 1, chankan, needs=SITUATION),
    YakuDef(
        "sanshoku", "Sanshoku doujun", "Mixed triple sequence", "三色同順", 2, 1, sanshoku, needs=THREE_SEQS
    ),
    YakuDef("ittsu", "Ittsu", "Pure straight", "一気通貫", 2, 1, ittsu, needs=THREE_SEQS),
    YakuDef("chanta", "Chanta", "Half outside hand", "混全帯幺九", 2, 1, chanta, needs=HONOR | END_PAIR),
    YakuDef("chiitoitsu", "Chiitoitsu", "Seven pairs", "七対子", 2, 0, chiitoitsu, needs=SEVEN_PAIRS),
    YakuDef("toitoi", "Toitoi", "All triplets", "対々和", 2, 2, toitoi, needs=THREE_TRIPS),
    YakuDef("sanankou", "Sanankou", "Three concealed triplets", "三暗刻", 2, 2, sanankou, needs=THREE_TRIPS),
    YakuDef("sankantsu", "Sankantsu", "Three kans", "三槓子", 2, 2, sankantsu, needs=THREE_TRIPS),
    YakuDef(
        "sanshoku_doukou",
        "Sanshoku doukou",
        "Triple triplets",
        "三色同刻",
        2,
        2,
        sanshoku_doukou,
        needs=THREE_TRIPS,
    ),
    YakuDef(
        "honroutou", "Honroutou", "All terminals and honors", "混老頭", 2, 2, honroutou, needs=ALL_ORPHANS
    ),
    YakuDef("shousangen", "Shousangen", "Little three dragons", "小三元", 2, 2, shousangen, needs=HONOR_TRIP),
    YakuDef("honitsu", "Honitsu", "Half flush", "混一色", 3, 2, honitsu, needs=HONOR),
    YakuDef("junchan", "Junchan", "Fully outside hand", "純全帯幺九", 3, 2, junchan, needs=END_PAIR),
    YakuDef(
        "ryanpeikou", "Ryanpeikou", "Twice pure double sequence", "二盃口", 3, 0, ryanpeikou, needs=TWO_SEQS
    ),
    YakuDef("chinitsu", "Chinitsu", "Full flush", "清一色", 6, 5, chinitsu, needs=ONE_SUIT),
    YakuDef("renhou", "Renhou", "Blessing of man", "人和", 5, 0, renhou, needs=SITUATION),
)


# -- yakuman -------------------------------------------------------------------------------


def _double(r: Reading) -> int:
    return 2 if r.rules.double_yakuman else 1


def kokushi(r: Reading) -> int:
    return int(r.form == "kokushi" and r.wait != "kokushi13")


def kokushi_13(r: Reading) -> int:
    return _double(r) if r.form == "kokushi" and r.wait == "kokushi13" else 0


def suuankou(r: Reading) -> int:
    return int(r.concealed_trips == 4 and r.wait != "tanki")


def suuankou_tanki(r: Reading) -> int:
    return _double(r) if r.concealed_trips == 4 and r.wait == "tanki" else 0


def daisangen(r: Reading) -> int:
    return int(_held(DRAGONS, r) == 3)


def shousuushii(r: Reading) -> int:
    return int(r.pair in WINDS and _held(WINDS, r) == 3)


def daisuushii(r: Reading) -> int:
    return _double(r) if _held(WINDS, r) == 4 else 0


def tsuuiisou(r: Reading) -> int:
    return int(r.h.all_honor)


def chinroutou(r: Reading) -> int:
    return int(r.h.all_terminal)


def ryuuiisou(r: Reading) -> int:
    return int(r.h.all_green)


_NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _nine_gates_extra(r: Reading) -> int:
    """For a closed, meldless hand of one number suit holding 1112345678999: how many more of the
    winning tile it holds than that shape (1: the winning tile is the extra one, pure nine gates);
    -1 for any other hand."""
    if r.hand.melds or r.h.suit_count != 1 or r.h.suit_bits & _HONORS:
        return -1
    base = 0 if r.h.suit_bits == 1 else 9 if r.h.suit_bits == 2 else 18
    for i in range(9):
        if r.counts[base + i] < _NINE_GATES[i]:
            return -1
    w = r.win_tile % 9
    return r.counts[base + w] - _NINE_GATES[w]


def chuuren(r: Reading) -> int:
    return int(_nine_gates_extra(r) == 0)


def junsei_chuuren(r: Reading) -> int:
    return _double(r) if _nine_gates_extra(r) == 1 else 0


def suukantsu(r: Reading) -> int:
    return int(r.kans == 4)


def tenhou(r: Reading) -> int:
    return int(r.ctx.tenhou)


def chiihou(r: Reading) -> int:
    return int(r.ctx.chiihou)


def renhou_yakuman(r: Reading) -> int:
    return int(renhou_as(r, "yakuman"))


YAKUMAN: Final[tuple[YakumanDef, ...]] = (
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
    YakumanDef("tenhou", "Tenhou", "Blessing of heaven", "天和", tenhou),
    YakumanDef("chiihou", "Chiihou", "Blessing of earth", "地和", chiihou),
    YakumanDef("renhou_yakuman", "Renhou", "Blessing of man", "人和", renhou_yakuman),
)

#: Dora rows are not yaku (they never make a hand valid) but are listed like them.
DORA_NAMES: Final = {
    "dora": ("Dora", "Bonus tile", "ドラ"),
    "aka_dora": ("Aka dora", "Red five", "赤ドラ"),
    "ura_dora": ("Ura dora", "Hidden bonus tile", "裏ドラ"),
    "kita": ("Kita", "North set aside (nuki dora)", "抜きドラ"),
}
#: id -> (name, english, japanese) for every row a result can list.
NAMES: Final[dict[str, tuple[str, str, str]]] = {
    **{d.id: (d.name, d.english, d.japanese) for d in YAKU},
    **{d.id: (d.name, d.english, d.japanese) for d in YAKUMAN},
    **DORA_NAMES,
}

_CLOSED: Final = YAKU
_OPEN: Final = tuple([y for y in YAKU if y.open_han])


def find_yaku(r: Reading) -> list[YakuDef]:
    """The yaku of a reading, in table order (their han: `YakuDef.closed_han` or ``open_han``)."""
    facts = reading_facts(r)
    return [y for y in (_CLOSED if r.closed else _OPEN) if y.needs & facts == y.needs and y.test(r)]


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
        or (h.suit_count == 1 and not r.hand.melds)
        or ctx.tenhou
        or ctx.chiihou
        or ctx.renhou
    )


def find_yakuman(r: Reading) -> list[tuple[YakumanDef, int]]:
    """The yakuman of a reading with their multipliers; one only without ``yakuman_stacking``."""
    if not _may_be_yakuman(r):
        return []
    found: list[tuple[YakumanDef, int]] = []
    for y in YAKUMAN:
        n = y.count(r)
        if n:
            found.append((y, n))
    if found and not r.rules.yakuman_stacking:
        best = found[0]
        for item in found[1:]:  # the first of the largest, as max() would
            if item[1] > best[1]:
                best = item
        found = [best]
    return found
