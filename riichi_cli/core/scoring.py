"""Score a checked hand: try every reading, keep the one that pays most.

>>> from riichi_cli.io.mapping import build_request
>>> req = build_request({"hand": "234567m2278p456s9p", "riichi": True, "dora": ["1p"]})
>>> r = score_request(req)
>>> (r.han, r.fu, r.points.total)
(4, 30, 7700)
"""

from __future__ import annotations

from .context import Context, Request
from .decompose import winning_tiles
from .errors import BelowMinimum, Furiten, NotAWin, NoYaku, RiichiError
from .fu import FuLine, counted_fu
from .hand import Hand
from .native import i64
from .points import Points, base_points, kept_payments, seat_number, table_points
from .points import payments as seat_payments
from .reading import Reading, readings
from .record import Record
from .rules import Rules
from .shared_dict import SharedDict
from .tiles import EAST, FIVES, NORTH, dora_of_players, name
from .yaku import NAMES, add_yaku_items
from .yaku_defs import YakuItem
from .yaku_facts import renhou_as
from .yakuman import find_yakuman

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Final


class Result(Record):
    """A scored win. ``han``/``fu`` are None for a yakuman; ``yakuman`` is its multiplier.

    ``reading`` is the decomposition that was scored (groups, pair, wait): the report's ``reading``.
    ``yaku`` and ``fu_lines`` are the lists the reading's scoring made (its own: no tuple copy of
    each per reading), to read, not to change.
    """

    FIELDS = (
        "hand", "context", "rules", "yaku", "han", "fu", "yakuman", "limit", "fu_lines", "wait",
        "points", "payments", "reading",
    )  # fmt: skip

    def __init__(
        self,
        hand: Hand,
        context: Context,
        rules: Rules,
        yaku: list[YakuItem],
        han: int | None,
        fu: int | None,
        yakuman: int,
        limit: str | None,
        fu_lines: list[FuLine],
        wait: str,
        points: Points,
        payments: dict[str, int] | None,
        reading: Reading,
    ) -> None:
        self.hand: Final = hand
        self.context: Final = context
        self.rules: Final = rules
        self.yaku: Final = yaku
        self.han: Final = han
        self.fu: Final = fu
        self.yakuman: Final = yakuman
        self.limit: Final = limit
        self.fu_lines: Final = fu_lines
        self.wait: Final = wait
        self.points: Final = points
        self._payments = payments
        self.reading: Final = reading
        #: `win_numbers` of this result, when its scorer set them (-1: to be worked out from the fields)
        self.numbers: i64 = -1

    @property
    def payments(self) -> dict[str, int]:
        """Each seat's change (`points.payments`), worked out when first asked: a reading that another
        one outscores never is."""
        if self._payments is None:
            ctx = self.context
            w: i64 = self.reading.seat_tile - EAST
            pay = kept_payments(
                self.points, w, self.discarder_number(), ctx.honba, ctx.riichi_sticks, self.rules
            )
            if pay is None:
                pay = seat_payments(
                    self.points, ctx.seat_wind, ctx.discarder, ctx.honba, ctx.riichi_sticks, self.rules
                )
            self._payments = pay
            return pay
        return self._payments

    def has_payments(self) -> bool:
        """Whether `payments` were asked for (or given) already."""
        return self._payments is not None

    def keep_payments(self, pay: dict[str, int] | None = None) -> dict[str, int]:
        """`payments` as a result's dict lists them, read-only (`SharedDict`: results share them), and
        kept so: given as ``pay`` (worked out by the caller) unless they were asked for before."""
        kept = self._payments
        if kept is None:
            kept = self.payments if pay is None else pay
        if not isinstance(kept, SharedDict):
            kept = SharedDict(kept)
        self._payments = kept
        return kept

    def discarder_number(self) -> i64:
        """`seat_number` of the context's discarder: 0-3, 4 on a tsumo, -1 for none of the seats. Four
        players and no ``from``: the seat before the winner's, by number (no letter looked up)."""
        ctx = self.context
        if ctx.tsumo:
            return 4
        if ctx.from_seat is None and ctx.players == 4:
            w: i64 = self.reading.seat_tile - EAST
            return (w + 3) & 3
        return seat_number(ctx.discarder)

    @property
    def key(self) -> tuple[int, int, int, int]:
        """Order of preference between readings: points, true yakuman, han, fu."""
        return (self.points.total, self.yakuman, self.han or 0, self.fu or 0)

    def outscores(self, other: Result) -> bool:
        """``self.key > other.key``, field by field: no two tuples (and their boxed ints) made and
        freed for each comparison of the scorer's readings."""
        mine, theirs = self.points.total, other.points.total
        if mine != theirs:
            return mine > theirs
        if self.yakuman != other.yakuman:
            return self.yakuman > other.yakuman
        han, other_han = self.han or 0, other.han or 0
        if han != other_han:
            return han > other_han
        return (self.fu or 0) > (other.fu or 0)


#: The limits a result names, numbered from 1 by `win_numbers` (0: none).
LIMITS: Final = ("mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman", "yakuman")
_LIMIT_NUMBERS: Final = {limit: i + 1 for i, limit in enumerate(LIMITS)}


def win_numbers(han: i64, fu: i64, yakuman: i64, limit: str | None) -> i64:
    """A win's han and fu (-1 for null), yakuman multiplier and limit packed in an int below 344,064
    (7 * 3 * 64 * 256), or -1 when they do not fit: the part of a result's template key it decides."""
    lim: i64 = 0
    if limit is not None:
        lim = _LIMIT_NUMBERS.get(limit, -1)
    if lim < 0 or not (-1 <= han < 63 and -1 <= fu < 255 and 0 <= yakuman <= 2):
        return -1
    return ((lim * 3 + yakuman) * 64 + han + 1) * 256 + fu + 1


#: The bonus rows of `dora_items`, in the order a result lists them.
BONUS_IDS: Final = ("dora", "aka_dora", "ura_dora", "kita")
#: Listed bonus items by row and count (``_BONUS_COUNTS`` counts per row), made when first needed.
_BONUS_COUNTS: Final = 32
_bonus_items: Final[list[YakuItem | None]] = [None] * (len(BONUS_IDS) * _BONUS_COUNTS)


def bonus_item(row: int, n: int) -> YakuItem:
    """The listed item of ``n`` han of bonus row ``row`` of `BONUS_IDS` (one shared value per count)."""
    if n >= _BONUS_COUNTS:
        return YakuItem(BONUS_IDS[row], han=n)
    key = row * _BONUS_COUNTS + n
    item = _bonus_items[key]
    if item is None:
        item = _bonus_items[key] = YakuItem(BONUS_IDS[row], han=n)
    return item


def dora_items(r: Reading) -> list[YakuItem]:
    """Dora, red fives, (with riichi) ura dora and kita, each listed when it counts at least one.

    Three players: a set-aside North (kita) is one han itself (the ``kita`` item) and is a tile like
    any other for the indicators, so an indicator pointing at North adds one dora per kita.
    """
    items: list[YakuItem] = []
    add_dora_items(r, items)
    return items


def add_dora_items(r: Reading, items: list[YakuItem]) -> int:
    """Append `dora_items` to ``items`` (a result's list: no list of their own to make and join); the
    han they add."""
    ctx = r.ctx
    dora = _dora_count(ctx.dora, r) if ctx.dora else 0
    ura = _dora_count(ctx.ura, r) if ctx.ura and ctx.in_riichi else 0
    aka = r.hand.aka_count() if r.rules.aka_dora else 0
    if dora:  # in BONUS_IDS order
        items.append(bonus_item(0, dora))
    if aka:
        items.append(bonus_item(1, aka))
    if ura:
        items.append(bonus_item(2, ura))
    if ctx.kita:
        items.append(bonus_item(3, ctx.kita))
    return dora + aka + ura + ctx.kita


#: The dora each indicator points at with four players (bytes: read compiled as native ints).
_DORA_OF: Final = bytes([dora_of_players(t, 4) for t in range(34)])


def _dora_count(indicators: tuple[int, ...], r: Reading) -> int:
    """How many dora ``indicators`` make of the hand's tiles (melds and, pointing at North, kita
    included)."""
    ctx = r.ctx
    four = ctx.players == 4
    n = 0
    for i in indicators:
        t = _DORA_OF[i] if four else dora_of_players(i, ctx.players)
        n += r.copies(t)
        if t == NORTH:
            n += ctx.kita
    return n


def _finish(
    r: Reading,
    yaku: list[YakuItem],
    han: int | None,
    fu: int | None,
    yakuman: int,
    limit: str | None,
    lines: list[FuLine],
    base: int,
) -> Result:
    ctx = r.ctx
    dealer = r.seat_tile == EAST  # `ctx.dealer`, as the reading's seat tile (no string compared)
    points = table_points(base, dealer, ctx.tsumo, r.rules)
    return Result(r.hand, ctx, r.rules, yaku, han, fu, yakuman, limit, lines, r.wait, points, None, r)


#: Renhou as a flat mangan (``renhou: mangan``): listed as 5 han.
_RENHOU_MANGAN: Final = YakuItem("renhou", han=5)


class Shortfall:
    """A reading with yaku worth fewer han (dora excluded) than the rules need to win. (A plain class:
    a NamedTuple needs the typing module at run time, which `riichi batch` starts without.)"""

    __slots__ = ("han", "yaku", "needed", "why")

    def __init__(self, han: int, yaku: tuple[str, ...], needed: int, why: str) -> None:
        self.han: Final = han
        self.yaku: Final = yaku
        self.needed: Final = needed
        self.why: Final = why


def needed_han(r: Reading) -> int:
    """The yaku han a win needs: `han_needed` without the words (a caller that only compares)."""
    return 2 if _ryanshiba(r) else r.rules.min_han


def han_needed(r: Reading) -> tuple[int, str]:
    """The yaku han a win needs under ``min_han`` and ``ryanshiba``, and which option says so."""
    if _ryanshiba(r):
        return 2, f"ryanshiba: {r.ctx.honba} honba"
    return r.rules.min_han, f"min_han {r.rules.min_han}"


def _ryanshiba(r: Reading) -> bool:
    return r.rules.ryanshiba and r.ctx.honba >= 5 and r.rules.min_han < 2


def score_reading(r: Reading) -> Result | Shortfall | None:
    """The best result of one reading; a Shortfall when its yaku are too few han, None without yaku."""
    yakuman = find_yakuman(r)
    if yakuman:
        n = sum([count for _, count in yakuman])
        return _finish(r, [y.item(count) for y, count in yakuman], None, None, n, "yakuman", [], 8000 * n)
    items: list[YakuItem] = []  # the yaku, then the dora
    yaku_han, no_tsumo_fu = add_yaku_items(r, items)
    needed = 2 if _ryanshiba(r) else r.rules.min_han  # `han_needed`, without the words
    flat = _finish(r, [_RENHOU_MANGAN], 5, None, 0, "mangan", [], 2000) if renhou_as(r, "mangan") else None
    if yaku_han < needed or not items:  # no yaku is no win, whatever a hand-built Rules says
        if flat is not None:
            return flat
        if not items:
            return None
        names = tuple([NAMES[item.id][0] for item in items])
        most, why = han_needed(r)
        return Shortfall(yaku_han, names, most, why)
    lines, fu = counted_fu(r, no_tsumo_fu)
    han: i64 = yaku_han + add_dora_items(r, items)
    base, limit = base_points(han, fu, r.rules)
    res = _finish(r, items, han, fu, 0, limit, lines, base)
    res.numbers = win_numbers(han, fu, 0, limit)  # (the numbers are native here: no int object read)
    return flat if flat is not None and not res.outscores(flat) else res  # of equals, the first listed


def furiten(waits: list[int], ctx: Context) -> tuple[str, tuple[int, ...]] | None:
    """(kind, tiles) when a ron on any of ``waits`` is refused as furiten, else None.

    ``discard`` furiten: a wait among the player's own discards (every such wait is listed);
    otherwise ``riichi`` or ``temporary`` furiten: a wait let pass (in or before riichi).
    """
    on_discards = tuple(t for t in waits if t in ctx.discards)
    if on_discards:
        return "discard", on_discards
    on_passed = tuple(t for t in waits if t in ctx.passed)
    if on_passed:
        return "riichi" if ctx.in_riichi else "temporary", on_passed
    return None


def furiten_tile(hand: Hand, ctx: Context) -> tuple[int, str] | None:
    """A winning tile the winner is furiten on, with the kind, for a ron; else None."""
    if ctx.tsumo or not (ctx.discards or ctx.passed):
        return None
    before = list(hand.concealed)
    before[hand.win_tile] = before[hand.win_tile] - 1
    found = furiten(winning_tiles(before), ctx)
    return None if found is None else (found[1][0], found[0])


def score_request(req: Request, as_named: bool = False) -> Result:
    """Score a checked request, or raise NotAWin, Furiten, NoYaku or BelowMinimum.

    A tenhou under ``tenhou_best_wait`` is scored on its best winning tile (`tenhou_best`) unless
    ``as_named``."""
    hand, ctx, rules = req.hand, req.context, req.rules
    if ctx.tenhou and rules.tenhou_best_wait and not as_named:
        return tenhou_best(req)
    found = readings(hand, ctx, rules)
    if not found:
        raise NotAWin(f"{hand.notation()} is not a winning shape", detail="not_a_winning_shape")
    furiten = furiten_tile(hand, ctx)
    if furiten:
        tile, kind = furiten
        where = "own discards" if kind == "discard" else "tiles let pass"
        raise Furiten(
            f"{kind} furiten: the wait {name(tile)} is among the {where}; only tsumo wins",
            detail=f"furiten_{kind}",
        )
    best: Result | None = None  # by `Result.key`; of equals, the first reading
    short: list[Shortfall] | None = None  # made for the first (a win has none)
    for r in found:
        res = score_reading(r)
        if isinstance(res, Result):
            if best is None or res.outscores(best):
                best = res
        elif res is not None:
            if short is None:
                short = []
            short.append(res)
    if best is not None:
        return best
    if not short:
        bonus = "dora and kita do not" if ctx.kita else "dora do not"
        raise NoYaku(f"{hand.notation()} has no yaku ({bonus} count)", detail="no_yaku")
    most = _most_han(short)
    raise BelowMinimum(
        f"{most.han} han ({', '.join(most.yaku)}); these rules need {most.needed} "
        f"({most.why}, dora excluded)",
        detail="below_minimum",
    )


def _most_han(short: list[Shortfall]) -> Shortfall:
    """The shortfall of the most han, the first of equals (`max` by han: a key function here would
    make `score_request` allocate an environment for it on every call)."""
    most = short[0]
    for res in short:
        if res.han > most.han:
            most = res
    return most


def tenhou_best(req: Request) -> Result:
    """A tenhou has no winning tile: the dealer's fourteen tiles are whole before any is drawn. So
    every tile of the hand is tried as the winning one and the best reading kept (the 13-sided
    thirteen orphans, the single-wait four concealed triplets, the pure nine gates where the tiles
    allow); the named tile is tried first and stays of equals."""
    hand = req.hand
    best = score_request(req, True)
    for t in range(34):
        held = hand.concealed[t]
        if t == hand.win_tile or not held:
            continue
        red = t in FIVES and hand.reds[t // 9] >= held  # every copy red: the named tile is red
        other = Hand(hand.concealed, t, hand.melds, hand.reds, red)
        try:
            res = score_request(Request(other, req.context, req.rules, req.id), True)
        except RiichiError:
            continue
        if res.outscores(best):
            best = res
    return best
