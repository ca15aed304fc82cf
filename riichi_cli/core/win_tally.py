"""What one reading of a win pays, counted as `scoring.score_reading` counts it, without the result.

`score_reading` builds the whole result of a reading: yaku items, fu lines, points, every seat's
payment. A caller that scores thousands of wins and needs only what each pays (`riichi analyze`'s
value of a win, with the han of expected ura dora added on top) spends most of that on the record.
`tally` counts the same han and fu (the same yaku, fu and bonus functions) and stops there;
tests/test_win_tally.py checks it against `score_reading` on every reading of the conformance hands
and of the wins `riichi analyze` meets in the reference problems.
"""

from __future__ import annotations

from .fu import counted_fu
from .points import base_points, table_points
from .reading import Reading
from .scoring import dora_items, needed_han
from .yaku import find_yaku
from .yaku_facts import renhou_as
from .yakuman import find_yakuman

#: The base points of a flat mangan (renhou under ``renhou: mangan``) and of one yakuman.
_MANGAN_BASE = 2000
_YAKUMAN_BASE = 8000


def tally(r: Reading) -> tuple[int, int, int] | None:
    """``(han, fu, 0)`` of a counted win (the han of `Result.han`: yaku, dora, red fives, ura, kita),
    ``(han, fu, points)`` of a win that pays a fixed amount (a yakuman: han and fu 0; the flat
    mangan of renhou: 5 and 0), or None where `score_reading` gives no `Result` (no yaku, too few
    han). ``points`` is `Points.total` at the reading's table, as the result would carry."""
    yakuman = find_yakuman(r)
    if yakuman:
        n = 0
        for _, count in yakuman:
            n += count
        return 0, 0, _total(_YAKUMAN_BASE * n, r)
    found = find_yaku(r)
    closed = r.closed
    yaku_han = 0
    han = 0  # as the listed items count it (`YakuDef.item`)
    no_tsumo_fu = False
    for y in found:
        yaku_han += y.closed_han if closed else y.open_han
        han += y.item(closed).han or 0
        no_tsumo_fu = no_tsumo_fu or y.no_tsumo_fu
    flat = _total(_MANGAN_BASE, r) if renhou_as(r, "mangan") else 0
    if yaku_han < needed_han(r) or not found:
        return (5, 0, flat) if flat else None
    fu = counted_fu(r, no_tsumo_fu)[1]
    for item in dora_items(r):
        han += item.han or 0
    if flat:  # the better of the two, the flat one of equals (`score_reading`)
        total = _total(base_points(han, fu, r.rules)[0], r)
        if not (total, 0, han, fu) > (flat, 0, 5, 0):
            return 5, 0, flat
    return han, fu, 0


def _total(base: int, r: Reading) -> int:
    return table_points(base, r.ctx.dealer, r.ctx.tsumo, r.rules).total
