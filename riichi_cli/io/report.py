"""Results and errors as the JSON objects of docs/output.md (dicts, no I/O).

A result's own dict and lists are fresh; the dicts inside them (yaku items, fu lines, groups, points,
payments) are read-only `SharedDict`s that equal results share: building and freeing a copy of each
for every result cost more than the scoring (issue 22).
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.errors import InvalidContext, RiichiError
from ..core.native import i64
from ..core.points import Points, honba_share, shared_points, worked_payments
from ..core.rules import Rules
from ..core.scoring import Result, score_request, win_numbers
from ..core.shared_dict import SharedDict, read_only
from ..core.templates import Templates
from ..core.tiles import EAST
from .mapping import build_request
from .reading import reading_dict
from .rules_input import rules_of
from .values import valid_id

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Any, Final, TypeVar

    T = TypeVar("T")

ECHO_KEYS = ("hand", "win_tile", "win", "from", "seat_wind", "round_wind")
SCORE_KEYS = ("han", "fu", "yakuman", "limit", "yaku", "fu_breakdown", "points", "payments")


def honba_collected(honba: int, tsumo: bool, rules: Rules) -> int:
    """What a winner collects for ``honba`` counters: all from the discarder, or each payer's share
    (`honba_share`: a third, or a half with three players, rounded up to 100) from each payer."""
    if not tsumo:
        return honba * rules.honba_points
    payers = rules.players - 1
    return payers * honba * honba_share(rules, payers)


def score(mapping: Any, rules: Any = None, source: str | None = None) -> dict:
    """Score one hand given as a mapping of the keys of docs/input.md (`riichi score --json`).

    ``rules`` (a preset name, ``{"rules", "rule_options"}`` or Rules) are the defaults the hand's
    own ``rules:``/``rule_options:`` override. ``riichi_cli.score`` is this function: compiled, and
    called directly rather than through a Python wrapper.

    >>> score({"hand": "123456s234m55p chi:789s", "win": "ron", "dora": ["1m"]})["points"]["total"]
    2000
    """
    return score_mapping(mapping, rules, source)[0]


def score_mapping(
    mapping: Any, rules: Any = None, source: str | None = None
) -> tuple[dict, RiichiError | None]:
    """`score` with the refusal: (the docs/output.md object, None), or (the refused object, the
    error). ``rules`` are the caller's default rules (None, a preset name, a mapping or Rules)."""
    try:
        default = rules if rules is None or isinstance(rules, Rules) else rules_of(rules)
        req = build_request(mapping, default)
        return result_dict(score_request(req), req.id, source), None
    except RiichiError as err:
        return error_dict(err, _echo(mapping, rules), source), err
    except RecursionError:
        deep = too_deep()
        return error_dict(deep, _echo(mapping, rules), source), deep


def _echo(mapping: Any, rules: Any) -> dict:
    """What a refused mapping could echo: the keys `build_request` reads before it stops. Read again
    (the same reading stops at the same place), so that a hand that scores builds no echo."""
    echo: dict = {}
    try:
        default = rules if rules is None or isinstance(rules, Rules) else rules_of(rules)
        build_request(mapping, default, echo)
    except (RiichiError, RecursionError):
        pass
    return echo


def _shared_keys_dict(keys: tuple[str, ...]) -> dict[str, Any]:
    """A dict of ``keys`` (values None) whose copies share one table of keys: an instance's
    ``__dict__`` (CPython's "split" table). A copy of a dict with its own table copies and later frees
    the table, every key and hash (and increments and decrements each key's count); a copy of this
    one only its values. Still a plain `dict`: a key a caller adds gives that copy a table of its own."""
    holder = type("_SharedKeys", (), {})()
    for key in keys:
        setattr(holder, key, None)
    return vars(holder)


#: The keys of a scored win in docs/output.md order. A result is a copy of this filled in: copying a
#: small dict with its keys in place costs less than building it key by key, and with its keys shared
#: (`_shared_keys_dict`) a result is 296 bytes instead of 464 and is copied and freed in about two
#: thirds of the time.
_RESULT: Final[dict[str, Any]] = _shared_keys_dict((
    "id", "ok", "error", "hand", "win_tile", "win", "from", "seat_wind", "round_wind", "dealer", "han",
    "fu", "yakuman", "limit", "yaku", "fu_breakdown", "points", "payments", "warnings", "reading",
))  # fmt: skip
_RESULT["ok"] = True
_POINTS: Final[dict[str, Any]] = dict.fromkeys(("total", "ron", "tsumo", "honba", "deposits"))
#: `_RESULT` with the keys a situation decides filled in ("win", "from", "seat_wind", "round_wind",
#: "dealer") and the win's "limit", "yakuman", "han" and "fu", by `result_key`, made when first
#: needed: a look-up and a copy cost less than setting nine values per result. A few hundred recur
#: (about 540 in the 4,000 results of the conformance hands with two rule sets).
_results: Final[Templates] = Templates(4096)


#: `points_dict` templates by `_points_key`.
_points_templates: Final[Templates] = Templates(4096)


def _points_key(total: int, ron: bool, honba: int, deposits: int) -> int:
    """``points_dict``'s arguments packed in an int below 2**30 (the table's key list then holds a
    one-digit int, unboxed inline), or -1 when they do not fit (no template: filled in)."""
    if not (0 <= total < 204_800 and 0 <= honba < 25_600 and 0 <= deposits < 1_024_000):
        return -1
    t: i64 = total
    h: i64 = honba
    d: i64 = deposits
    if t % 100 or h % 100 or d % 1000:
        return -1
    return ((int(ron) << 11 | t // 100) << 8 | h // 100) << 10 | d // 1000


def points_dict(total: int, ron: bool, honba: int, deposits: int) -> dict[str, Any]:
    """docs/output.md ``points`` (a fresh dict) with ``tsumo`` null: the caller sets it on a tsumo.

    ``total`` is the hand's points, also ``ron``'s on a ron; ``honba`` and ``deposits`` what the
    winner collects. A copy of the template of the same numbers when there is one."""
    key = _points_key(total, ron, honba, deposits)
    found: dict | None = _points_templates.get(key) if key >= 0 else None
    if found is None:
        found = _POINTS.copy()  # the numbers as shared int objects (`shared_points`): none to allocate
        found["total"] = shared_points(total)
        found["ron"] = found["total"] if ron else None
        found["honba"] = shared_points(honba)
        found["deposits"] = shared_points(deposits)
        if key < 0:
            return found
        _points_templates.put(key, found)
    return found.copy()


#: A result's ``points`` templates by `_kept_points_key`.
_kept_points: Final[Templates] = Templates(4096)


def _kept_points_key(res: Result, counters: int, sticks: int) -> i64:
    """What decides a result's ``points`` packed in an int (46 bits), or -1 when it does not fit: the
    hand's points by `Points.kept_id` (a kept value), the counters, the deposits, the win kind and what
    the rules make of counters (points each, how many pay): no number worked out."""
    kept: i64 = res.points.kept_id
    rules = res.rules
    if kept < 0 or not (0 <= counters < 1024 and 0 <= sticks < 1024 and 0 <= rules.honba_points < 4096):
        return -1
    players: i64 = rules.players - 3  # (statements: an i64 in a conditional expression is boxed)
    if not 0 <= players <= 1:
        return -1
    h: i64 = counters  # (native from here: a tagged int's shift is a call)
    s: i64 = sticks
    p: i64 = rules.honba_points
    tsumo: i64 = 0
    if res.context.tsumo:
        tsumo = 1
    return (((((kept << 10) | h) << 10 | s) << 12 | p) << 1 | players) << 1 | tsumo


def result_points(res: Result, counters: int, sticks: int) -> dict[str, Any]:
    """`points_dict` of a result with ``counters`` and ``sticks`` (what the winner collects), tsumo
    shares included: a copy of the template of the same values when there is one, found without
    working the numbers out."""
    key = _kept_points_key(res, counters, sticks)
    found: dict | None = _kept_points.get(key) if key >= 0 else None
    if found is not None:
        points = found.copy()
    else:
        pts, ctx = res.points, res.context
        points = points_dict(
            pts.total, pts.ron is not None, honba_collected(counters, ctx.tsumo, res.rules), 1000 * sticks
        )
        if key >= 0:
            _kept_points.put(key, points.copy())
    pts = res.points
    if pts.ron is None:
        points["tsumo"] = _tsumo_shares(pts)
    return points


#: ``points.tsumo`` templates by `Points.kept_id`: a copy costs less than a dict built key by key.
_shares: Final[Templates] = Templates(4096)


def _tsumo_shares(pts: Points) -> dict[str, Any]:
    """``{"dealer", "non_dealer"}``: what each payer pays on a tsumo (a fresh dict)."""
    kept: i64 = pts.kept_id
    found: dict | None = _shares.get(kept) if kept >= 0 else None
    if found is None:
        found = {"dealer": pts.tsumo_dealer, "non_dealer": pts.tsumo_other}
        if kept < 0:
            return found
        _shares.put(kept, found)
    return found.copy()


#: A result's points (tsumo shares in place) with its payments as the entry's extra, by `money_key`:
#: one look-up for the three dicts a result lists (read-only, shared), all decided by its kept Points,
#: seats, counters and deposits (kept in one entry: a tuple of dicts would stay tracked by the collector).
_money: Final[Templates] = Templates(4096)


def money_key(res: Result, d: i64) -> i64:
    """`_kept_points_key` of the context's counters and deposits with the winner's and the discarder's
    (``d``: `Result.discarder_number`) seat numbers (51 bits), or -1 when it does not fit or the
    payments are worked out already."""
    ctx = res.context
    key = _kept_points_key(res, ctx.honba, ctx.riichi_sticks)
    w: i64 = res.reading.seat_tile - EAST
    if key < 0 or not (0 <= w < 4 and 0 <= d <= 4 and d != w) or res.has_payments():
        return -1
    return key << 5 | w << 3 | d


def _result_money(res: Result, d: i64) -> tuple[dict[str, Any], dict[str, int]]:
    """The result's ``points`` and ``payments`` with the context's counters and deposits (read-only:
    `read_only_points`, `Result.keep_payments`), `_money`'s when it has them."""
    key = money_key(res, d)
    if key < 0:
        ctx = res.context
        return read_only_points(result_points(res, ctx.honba, ctx.riichi_sticks)), res.keep_payments()
    found = _money.entry(key)
    if found is None:
        points, pay = _worked_money(res)
        points, pay = read_only_points(points), read_only(pay)
        _money.put(key, points, pay)
        found = _money.entry(key)
        if found is None:  # not kept (the table is full)
            return points, res.keep_payments(pay)
    kept = found.extra
    assert isinstance(kept, dict)
    template: dict[str, Any] = found.template
    return template, res.keep_payments(kept)


def read_only_points(points: dict[str, Any]) -> dict[str, Any]:
    """``points`` read-only (`SharedDict`), its tsumo shares too."""
    shares = points["tsumo"]
    if shares is not None and not isinstance(shares, SharedDict):
        points["tsumo"] = SharedDict(shares)
    return read_only(points)


def _worked_money(res: Result) -> tuple[dict[str, Any], dict[str, int]]:
    """A result's points (tsumo shares in place) and payments with the context's counters and deposits,
    worked out."""
    ctx = res.context
    counters, sticks = ctx.honba, ctx.riichi_sticks
    points = result_points(res, counters, sticks)  # fresh dicts, shares included
    pay = worked_payments(res.points, ctx.seat_wind, ctx.discarder, counters, sticks, res.rules)
    return points, pay


def result_key(res: Result, d: i64, limit: str | None, yakuman: int, han: int | None, fu: int | None) -> i64:
    """The situation (``d``: `Result.discarder_number`) and the win's numbers (`win_numbers`) packed in
    an int (32 bits), or -1 when they do not fit."""
    s: i64 = res.reading.seat_tile - EAST  # the winds as the reading has them, tiles (one per letter)
    r: i64 = res.reading.round_tile - EAST
    numbers: i64 = res.numbers
    if numbers < 0:  # not set by the scorer: from the fields, checked before they are read natively
        if not (0 <= yakuman <= 2 and (han is None or 0 <= han < 63) and (fu is None or 0 <= fu < 255)):
            return -1
        numbers = win_numbers(-1 if han is None else han, -1 if fu is None else fu, yakuman, limit)
    if d < 0 or not 0 <= s < 4 or not 0 <= r < 4 or numbers < 0:
        return -1
    return ((d * 4 + s) * 4 + r) * 344_064 + numbers


def _result_template(
    res: Result, d: i64, limit: str | None, yakuman: int, han: int | None, fu: int | None
) -> dict:
    """`_RESULT` with the context's win kind, discarder and winds, and the win's ``limit``,
    ``yakuman``, ``han`` and ``fu`` (shared when kept: copy it)."""
    ctx = res.context
    key = result_key(res, d, limit, yakuman, han, fu)
    found: dict | None = _results.get(key) if key >= 0 else None
    if found is None:
        found = _RESULT.copy()
        found["win"] = "tsumo" if ctx.tsumo else "ron"
        found["from"] = ctx.discarder  # None on tsumo only
        found["seat_wind"] = ctx.seat_wind
        found["round_wind"] = ctx.round_wind
        found["dealer"] = ctx.dealer
        found["han"] = han
        found["fu"] = fu
        found["yakuman"] = yakuman
        found["limit"] = limit
        if key >= 0:
            _results.put(key, found)
    return found


def result_dict(
    res: Result,
    id: object = None,
    source: str | None = None,
    honba: int | None = None,
    sticks: int | None = None,
) -> dict:
    """The docs/output.md object of a scored win.

    ``honba`` and ``sticks`` are the counters and deposits this winner collects (default: the
    context's); a settlement with several winners gives each its own share.
    """
    ctx, hand = res.context, res.hand
    d = res.discarder_number()  # 0-3, 4 on a tsumo (once: both template keys have it)
    if honba is None and sticks is None:
        points, pay = _result_money(res, d)
    else:  # a settlement's share: the payments stay the context's
        points = result_points(
            res, ctx.honba if honba is None else honba, ctx.riichi_sticks if sticks is None else sticks
        )
        points, pay = read_only_points(points), res.keep_payments()
    out = _result_template(res, d, res.limit, res.yakuman, res.han, res.fu).copy()  # the situation; the rest:
    if id is not None:  # the template's id is null already
        out["id"] = id
    out["hand"] = hand.text
    out["win_tile"] = hand.win_name
    out["yaku"] = [item.as_dict() for item in res.yaku]
    out["fu_breakdown"] = [line.as_dict() for line in res.fu_lines]
    out["points"] = points
    out["payments"] = pay
    out["warnings"] = []
    out["reading"] = reading_dict(res)
    return out if source is None else {"source": source, **out}  # a batch names the file first


def error_object(err: RiichiError) -> dict:
    """The ``error`` value of every refused answer: ``{"code", "message", "detail"}``.

    ``detail`` is the stable id of the check that failed (null when the check has none yet).
    """
    return {"code": err.code, "message": err.one_line(), "detail": err.detail}


def checked(work: Callable[[], T], refuse: Callable[[RiichiError], T]) -> tuple[T, RiichiError | None]:
    """(``work()``, None), or (``refuse(err)``, err) when the input is refused: never raises for bad input.

    Input nested deeper than Python can walk is refused like any other bad input.
    """
    try:
        return work(), None
    except RiichiError as err:
        return refuse(err), err
    except RecursionError:
        deep = too_deep()
        return refuse(deep), deep


def too_deep() -> RiichiError:
    """The refusal of input nested deeper than Python can walk."""
    return InvalidContext("input nested too deeply")


def echo_id(mapping: object) -> Any:
    """The id a refusal repeats: the mapping's own when it is a valid id, else None."""
    ident = mapping.get("id") if isinstance(mapping, dict) else None
    return ident if valid_id(ident) else None


def refusal(err: RiichiError, mapping: object, keys: tuple[str, ...]) -> dict:
    """The object of a refused input that has no echo: ``ok`` false, the error, the id, ``keys`` null."""
    out = {"ok": False, "error": error_object(err), "id": echo_id(mapping)}
    out.update(dict.fromkeys(keys))
    return out


def error_dict(err: RiichiError, echo: dict, source: str | None = None) -> dict:
    """The docs/output.md object of a refused hand: what could be read is echoed, scoring keys are null."""
    out: dict = {} if source is None else {"source": source}
    out.update(id=echo.get("id"), ok=False, error=error_object(err))
    out.update({k: echo.get(k) for k in ECHO_KEYS})
    seat = echo.get("seat_wind")
    out["dealer"] = None if seat is None else seat == "E"
    out.update(dict.fromkeys(SCORE_KEYS))
    out["warnings"] = []
    out["reading"] = None
    return out
