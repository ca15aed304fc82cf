"""Every yaku as a small named test over a `Reading`, in the `YAKU` table, and `find_yaku`.

`YAKU` rows give the han closed and open (0 open: closed only), the test, and the facts the test
needs (`reading_facts`, core/yaku_facts.py). The yakuman have their own table (core/yakuman.py);
`NAMES`, the names of every row a result can list, is filled here, where both tables are seen.
"""

from __future__ import annotations

from .native import i64
from .reading import Reading
from .tiles import DRAGONS, GREEN, RED, WHITE, is_orphan, is_terminal
from .yaku_defs import NAMES, YakuDef, YakuItem
from .yaku_facts import (
    _HONORS,
    ALL_ORPHANS,
    DRAGON_PAIR,
    DRAGON_TRIP,
    END_PAIR,
    FOUR_SEQS,
    HONOR,
    ONE_SUIT,
    OUTSIDE_SEQS,
    REPEATED_SEQ,
    RIICHI,
    RYANMEN,
    SEQS_EVERY_SUIT,
    SEVEN_PAIRS,
    SIMPLES,
    SITUATION,
    STRAIGHT_SEQS,
    THREE_TRIPS,
    TSUMO,
    TWO_SUITS,
    WIND_TRIP,
    _held,
    reading_facts,
    renhou_as,
)
from .yakuman import YAKUMAN

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Final

# -- helpers -------------------------------------------------------------------------------


def _peikou_pairs(r: Reading) -> int:
    """How many pairs of identical closed sequences the hand has (two for ryanpeikou)."""
    if not r.closed or r.n_seqs < 2:
        return 0
    seqs = r.seqs
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
    if r.form != "standard" or not r.n_seqs or not _end_tile(r.pair, terminals_only):
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
        and r.n_seqs == 4
        and r.pair not in (WHITE, GREEN, RED, r.seat_tile, r.round_tile)
    )


def tanyao(r: Reading) -> bool:
    return r.all_simple and (r.closed or r.rules.kuitan)


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


def _three_suits(bits: int) -> bool:
    """Whether a group starts at some manzu tile and at the same number in pinzu and souzu too;
    ``bits`` has bit t set for each group starting at tile t (sanshoku, sanshoku doukou)."""
    every: i64 = bits & (bits >> 9) & (bits >> 18) & 511
    return every != 0


def sanshoku(r: Reading) -> bool:
    return r.n_seqs >= 3 and _three_suits(r.seq_bits)


def ittsu(r: Reading) -> bool:
    if r.n_seqs < 3:
        return False
    for s in range(0, 27, 9):
        if r.has_seq(s) and r.has_seq(s + 3) and r.has_seq(s + 6):
            return True
    return False


def chanta(r: Reading) -> bool:
    return bool(r.suit_bits & _HONORS) and _outside(r, terminals_only=False)


def junchan(r: Reading) -> bool:
    return _outside(r, terminals_only=True)


def chiitoitsu(r: Reading) -> bool:
    return r.form == "chiitoitsu"


def toitoi(r: Reading) -> bool:
    return r.n_trips == 4


def sanankou(r: Reading) -> bool:
    return r.concealed_trips == 3


def sankantsu(r: Reading) -> bool:
    return r.kans == 3


def sanshoku_doukou(r: Reading) -> bool:
    return r.n_trips >= 3 and _three_suits(r.trip_bits)


def honroutou(r: Reading) -> bool:
    return r.all_orphan and r.form != "kokushi"


def shousangen(r: Reading) -> bool:
    return r.pair in DRAGONS and _held(DRAGONS, r) == 2


def honitsu(r: Reading) -> bool:
    return bool(r.suit_bits & _HONORS) and r.suit_count == 2


def ryanpeikou(r: Reading) -> bool:
    return _peikou_pairs(r) == 2


def chinitsu(r: Reading) -> bool:
    return r.suit_count == 1 and not r.suit_bits & _HONORS


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
    YakuDef(
        "pinfu", "Pinfu", "No-points hand", "平和", 1, 0, pinfu, no_tsumo_fu=True, needs=FOUR_SEQS | RYANMEN
    ),
    YakuDef("tanyao", "Tanyao", "All simples", "断幺九", 1, 1, tanyao, needs=SIMPLES),
    YakuDef("iipeikou", "Iipeikou", "Pure double sequence", "一盃口", 1, 0, iipeikou, needs=REPEATED_SEQ),
    YakuDef("haku", "Haku", "White dragon", "役牌 白", 1, 1, haku, needs=DRAGON_TRIP),
    YakuDef("hatsu", "Hatsu", "Green dragon", "役牌 發", 1, 1, hatsu, needs=DRAGON_TRIP),
    YakuDef("chun", "Chun", "Red dragon", "役牌 中", 1, 1, chun, needs=DRAGON_TRIP),
    YakuDef("round_wind", "Round wind", "Prevalent wind", "場風", 1, 1, round_wind, needs=WIND_TRIP),
    YakuDef("seat_wind", "Seat wind", "Seat wind", "自風", 1, 1, seat_wind, needs=WIND_TRIP),
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
        "sanshoku",
        "Sanshoku doujun",
        "Mixed triple sequence",
        "三色同順",
        2,
        1,
        sanshoku,
        needs=SEQS_EVERY_SUIT,
    ),
    YakuDef("ittsu", "Ittsu", "Pure straight", "一気通貫", 2, 1, ittsu, needs=STRAIGHT_SEQS),
    YakuDef(
        "chanta",
        "Chanta",
        "Half outside hand",
        "混全帯幺九",
        2,
        1,
        chanta,
        needs=HONOR | END_PAIR | OUTSIDE_SEQS,
    ),
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
    YakuDef(
        "shousangen",
        "Shousangen",
        "Little three dragons",
        "小三元",
        2,
        2,
        shousangen,
        needs=DRAGON_TRIP | DRAGON_PAIR,
    ),
    YakuDef("honitsu", "Honitsu", "Half flush", "混一色", 3, 2, honitsu, needs=HONOR | TWO_SUITS),
    YakuDef(
        "junchan", "Junchan", "Fully outside hand", "純全帯幺九", 3, 2, junchan, needs=END_PAIR | OUTSIDE_SEQS
    ),
    YakuDef(
        "ryanpeikou",
        "Ryanpeikou",
        "Twice pure double sequence",
        "二盃口",
        3,
        0,
        ryanpeikou,
        needs=REPEATED_SEQ,
    ),
    YakuDef("chinitsu", "Chinitsu", "Full flush", "清一色", 6, 5, chinitsu, needs=ONE_SUIT),
    YakuDef("renhou", "Renhou", "Blessing of man", "人和", 5, 0, renhou, needs=SITUATION),
)

#: Dora rows are not yaku (they never make a hand valid) but are listed like them.
DORA_NAMES: Final = {
    "dora": ("Dora", "Bonus tile", "ドラ"),
    "aka_dora": ("Aka dora", "Red five", "赤ドラ"),
    "ura_dora": ("Ura dora", "Hidden bonus tile", "裏ドラ"),
    "kita": ("Kita", "North set aside (nuki dora)", "抜きドラ"),
}
#: id -> (name, english, japanese) for every row a result can list.
NAMES.update(
    {
        **{d.id: (d.name, d.english, d.japanese) for d in YAKU},
        **{d.id: (d.name, d.english, d.japanese) for d in YAKUMAN},
        **DORA_NAMES,
    }
)

_CLOSED: Final = YAKU
_OPEN: Final = tuple([y for y in YAKU if y.open_han])
for _row, _def in enumerate(YAKU):
    _def.row = _row
#: `_holds` calls each row's test by its place: the table and it must list them in the same order.
_TESTS: Final = (
    riichi,
    double_riichi,
    ippatsu,
    menzen_tsumo,
    pinfu,
    tanyao,
    iipeikou,
    haku,
    hatsu,
    chun,
    round_wind,
    seat_wind,
    haitei,
    houtei,
    rinshan,
    chankan,
    sanshoku,
    ittsu,
    chanta,
    chiitoitsu,
    toitoi,
    sanankou,
    sankantsu,
    sanshoku_doukou,
    honroutou,
    shousangen,
    honitsu,
    junchan,
    ryanpeikou,
    chinitsu,
    renhou,
)
assert tuple([y.test for y in YAKU]) == _TESTS


def _holds(i: i64, r: Reading) -> bool:
    """``YAKU[i].test(r)``, called natively: a call through the row's ``test`` attribute goes through
    the generic protocol (argument parsing and all), most of what `find_yaku` cost. The rows from 16
    go by `_holds_late`: half the comparisons of one chain of 31."""
    if i >= 16:
        return _holds_late(i, r)
    if i == 0:
        return riichi(r)
    if i == 1:
        return double_riichi(r)
    if i == 2:
        return ippatsu(r)
    if i == 3:
        return menzen_tsumo(r)
    if i == 4:
        return pinfu(r)
    if i == 5:
        return tanyao(r)
    if i == 6:
        return iipeikou(r)
    if i == 7:
        return haku(r)
    if i == 8:
        return hatsu(r)
    if i == 9:
        return chun(r)
    if i == 10:
        return round_wind(r)
    if i == 11:
        return seat_wind(r)
    if i == 12:
        return haitei(r)
    if i == 13:
        return houtei(r)
    if i == 14:
        return rinshan(r)
    if i == 15:
        return chankan(r)
    return YAKU[i].test(r)


def _holds_late(i: i64, r: Reading) -> bool:
    """`_holds` of the rows from 16."""
    if i == 16:
        return sanshoku(r)
    if i == 17:
        return ittsu(r)
    if i == 18:
        return chanta(r)
    if i == 19:
        return chiitoitsu(r)
    if i == 20:
        return toitoi(r)
    if i == 21:
        return sanankou(r)
    if i == 22:
        return sankantsu(r)
    if i == 23:
        return sanshoku_doukou(r)
    if i == 24:
        return honroutou(r)
    if i == 25:
        return shousangen(r)
    if i == 26:
        return honitsu(r)
    if i == 27:
        return junchan(r)
    if i == 28:
        return ryanpeikou(r)
    if i == 29:
        return chinitsu(r)
    if i == 30:
        return renhou(r)
    return YAKU[i].test(r)


#: The rows a closed and an open hand may have, one bit per row (its place in `YAKU`).
_CLOSED_ROWS: Final = sum([1 << y.row for y in _CLOSED])
_OPEN_ROWS: Final = sum([1 << y.row for y in _OPEN])
#: `reading_facts` has 23 bits: three bytes.
_FACT_BYTES: Final = 3


def _blocked_by(byte: int, value: int) -> int:
    """The rows (bits) that need a fact among the bits ``value`` of byte ``byte`` of the facts."""
    missing = value << (8 * byte)
    return sum([1 << y.row for y in YAKU if y.needs & missing])


#: The rows below 30: a mask of them is a one-digit int (`_BLOCKED`'s items unbox inline).
_LOW_ROWS: Final = 0x3FFFFFFF


def _blocked_table() -> list[int]:
    """`_BLOCKED`'s items: a value blocks what its lowest bit blocks and what the rest of it blocks, so
    24 walks over the rows make the table, not 768 (half a millisecond of every command's start)."""
    table: list[int] = []
    for byte in range(_FACT_BYTES):
        by_bit = [_blocked_by(byte, 1 << bit) for bit in range(8)]
        by_value = [0] * 256
        for value in range(1, 256):
            low = value & -value
            by_value[value] = by_value[value ^ low] | by_bit[low.bit_length() - 1]
        table.extend([rows & _LOW_ROWS for rows in by_value])
    return table


#: By byte of the facts a reading lacks and its value: the rows below 30 that need one of them
#: (`find_yaku` tests only the rows left: three look-ups instead of a walk over every row's ``needs``).
_BLOCKED: Final[list[int]] = _blocked_table()
assert all(y.needs >> (8 * _FACT_BYTES) == 0 for y in YAKU)
assert all(y.needs == SITUATION for y in YAKU[30:])  # (`_rows` blocks them itself)


def _rows(r: Reading) -> i64:
    """The rows (bits by place in `YAKU`) whose needs the reading's facts meet: the ones to test."""
    missing: i64 = ~reading_facts(r)
    rows: i64 = _OPEN_ROWS
    if r.closed:
        rows = _CLOSED_ROWS
    if missing & SITUATION:  # the rows from 30 (renhou) need it only
        rows &= _LOW_ROWS
    b: i64
    for b in range(_FACT_BYTES):
        rows &= ~_BLOCKED[b * 256 + (missing >> (8 * b) & 255)]
    return rows


def find_yaku(r: Reading) -> list[YakuDef]:
    """The yaku of a reading, in table order (their han: `YakuDef.closed_han` or ``open_han``)."""
    rows = _rows(r)
    found: list[YakuDef] = []
    row: i64 = 0
    while rows:
        if rows & 1 and _holds(row, r):
            found.append(YAKU[row])
        rows = rows >> 1
        row += 1
    return found


def add_yaku_items(r: Reading, items: list[YakuItem]) -> tuple[i64, bool]:
    """Append what a result lists for each yaku of a reading (`find_yaku`) to ``items``; their han, and
    whether one of them forbids the tsumo fu (`YakuDef.no_tsumo_fu`). The scorer's walk: no list of
    rows to make and walk again."""
    rows = _rows(r)
    closed = r.closed
    han: i64 = 0
    no_tsumo_fu = False
    row: i64 = 0
    while rows:
        if rows & 1 and _holds(row, r):
            y = YAKU[row]
            items.append(y.item(closed))
            if closed:
                han += y.closed_han
            else:
                han += y.open_han
            no_tsumo_fu = no_tsumo_fu or y.no_tsumo_fu
        rows = rows >> 1
        row += 1
    return han, no_tsumo_fu
