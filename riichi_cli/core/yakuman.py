"""Every yakuman as a small named function over a `Reading` counting how many yakuman the hand is
worth for it (0 when it does not apply), in the `YAKUMAN` table; `find_yakuman` reads it."""

from __future__ import annotations

from .reading import Reading
from .tiles import DRAGONS, WINDS
from .yaku_defs import YakumanDef
from .yaku_facts import _HONORS, _held, renhou_as

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Final

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
    return int(r.all_honor)


def chinroutou(r: Reading) -> int:
    return int(r.all_terminal)


def ryuuiisou(r: Reading) -> int:
    return int(r.all_green)


_NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _nine_gates_extra(r: Reading) -> int:
    """For a closed, meldless hand of one number suit holding 1112345678999: how many more of the
    winning tile it holds than that shape (1: the winning tile is the extra one, pure nine gates);
    -1 for any other hand."""
    if r.hand.melds or r.suit_count != 1 or r.suit_bits & _HONORS:
        return -1
    base = 0 if r.suit_bits == 1 else 9 if r.suit_bits == 2 else 18
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


#: `_count` calls each row's count by its place: the table and it must list them in the same order.
_COUNTS: Final = (
    kokushi,
    kokushi_13,
    suuankou,
    suuankou_tanki,
    daisangen,
    shousuushii,
    daisuushii,
    tsuuiisou,
    chinroutou,
    ryuuiisou,
    chuuren,
    junsei_chuuren,
    suukantsu,
    tenhou,
    chiihou,
    renhou_yakuman,
)
assert tuple([y.count for y in YAKUMAN]) == _COUNTS


def _count(i: int, r: Reading) -> int:
    """``YAKUMAN[i].count(r)``, called natively (as `yaku._holds`: a call through the row's attribute
    goes through the generic protocol)."""
    if i == 0:
        return kokushi(r)
    if i == 1:
        return kokushi_13(r)
    if i == 2:
        return suuankou(r)
    if i == 3:
        return suuankou_tanki(r)
    if i == 4:
        return daisangen(r)
    if i == 5:
        return shousuushii(r)
    if i == 6:
        return daisuushii(r)
    if i == 7:
        return tsuuiisou(r)
    if i == 8:
        return chinroutou(r)
    if i == 9:
        return ryuuiisou(r)
    if i == 10:
        return chuuren(r)
    if i == 11:
        return junsei_chuuren(r)
    if i == 12:
        return suukantsu(r)
    if i == 13:
        return tenhou(r)
    if i == 14:
        return chiihou(r)
    if i == 15:
        return renhou_yakuman(r)
    return YAKUMAN[i].count(r)


def _may_be_yakuman(r: Reading) -> bool:
    """A cheap necessary condition, so that ordinary hands skip the yakuman table."""
    ctx = r.ctx
    return (
        r.form == "kokushi"
        or r.concealed_trips == 4
        or r.n_trips >= 3
        or r.kans == 4
        or r.all_honor
        or r.all_terminal
        or r.all_green
        or (r.suit_count == 1 and not r.hand.melds)
        or ctx.tenhou
        or ctx.chiihou
        or ctx.renhou
    )


#: What `find_yakuman` returns for an ordinary hand: one shared empty list (callers only read it), not a
#: new one per reading.
_NO_YAKUMAN: Final[list[tuple[YakumanDef, int]]] = []


def find_yakuman(r: Reading) -> list[tuple[YakumanDef, int]]:
    """The yakuman of a reading with their multipliers; one only without ``yakuman_stacking``. The
    list is the caller's to read, not to change (a hand without any is answered by a shared one)."""
    if not _may_be_yakuman(r):
        return _NO_YAKUMAN
    found: list[tuple[YakumanDef, int]] = []
    for i in range(len(YAKUMAN)):
        n = _count(i, r)
        if n:
            found.append((YAKUMAN[i], n))
    if found and not r.rules.yakuman_stacking:
        best = found[0]
        for item in found[1:]:  # the first of the largest, as max() would
            if item[1] > best[1]:
                best = item
        found = [best]
    return found
