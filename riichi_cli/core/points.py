"""Points from han and fu: base points, limits, each payer's share, honba and deposits."""

from __future__ import annotations

from .native import i64
from .record import Record
from .rules import Rules
from .templates import Templates
from .tiles import SEATS

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Any, Final

LIMIT_BASE: Final = {
    "mangan": 2000,
    "haneman": 3000,
    "baiman": 4000,
    "sanbaiman": 6000,
    "kazoe_yakuman": 8000,
}


#: `shared_points`' int objects: multiples of 100 by ``value // 100 + _SHARED_SPAN``, made when first needed.
_SHARED_SPAN: Final = 4000
_SHARED_LIMIT: Final = 400_000  # 100 * _SHARED_SPAN
_shared: Final[list[object]] = [None] * (2 * _SHARED_SPAN + 1)


def shared_points(value: int) -> Any:
    """``value`` as one shared int object when it is a multiple of 100 within +-400,000 (every share,
    total, payment, honba and deposit of a hand), else as itself.

    A kept result holds about six such numbers (points and payments); each would be an int object of
    its own (CPython shares only -5..256), to allocate, free and walk in the garbage collector's
    passes. Ints are immutable, so one object per value serves every result. Typed ``Any`` so that
    the compiled caller stores the object as it is (an ``int`` would be unboxed and boxed again).

    >>> shared_points(8000) is shared_points(4000 + 4000), shared_points(150)
    (True, 150)
    """
    if not -_SHARED_LIMIT <= value <= _SHARED_LIMIT:
        return value
    v: i64 = value  # native arithmetic from here (a tagged int's `//` and `*` go through generic calls)
    if v % 100:
        return value
    i: i64 = v // 100 + _SHARED_SPAN
    found = _shared[i]
    if found is None:  # the first time: box it into the list, and return that object
        _shared[i] = value
        found = _shared[i]  # (`found = value` would narrow to int: unboxed, boxed again for the list)
    return found


def ceil100(x: int) -> int:
    return -(-x // 100) * 100


def base_points(han: int, fu: int, rules: Rules) -> tuple[int, str | None]:
    """(base points, limit name) of a counted hand.

    >>> base_points(3, 30, Rules())
    (960, None)
    >>> base_points(4, 30, Rules(kiriage_mangan=True))
    (2000, 'mangan')
    """
    if han >= 13:
        limit = "kazoe_yakuman" if rules.kazoe_yakuman else "sanbaiman"
    elif han >= 11:
        limit = "sanbaiman"
    elif han >= 8:
        limit = "baiman"
    elif han >= 6:
        limit = "haneman"
    elif han >= 5:
        limit = "mangan"
    else:
        base = fu << (han + 2)  # fu * 2 ** (han + 2), han below 5 here: a shift, not a power
        if base < 2000 and not (rules.kiriage_mangan and base == 1920):
            return base, None
        limit = "mangan"
    return LIMIT_BASE[limit], limit


class Points(Record):
    """What a win is worth before honba and deposits."""

    FIELDS = ("ron", "tsumo_dealer", "tsumo_other", "payers")

    def __init__(
        self, ron: int | None, tsumo_dealer: int | None, tsumo_other: int | None, payers: int = 3
    ) -> None:
        self.ron: Final = ron
        self.tsumo_dealer: Final = tsumo_dealer  # what the dealer pays on a non-dealer's tsumo
        self.tsumo_other: Final = tsumo_other  # what each non-dealer pays on a tsumo
        self.payers: Final = payers  # who pays a tsumo: everyone but the winner
        #: Its number among `hand_points`' kept values (0 to 4095), -1 when not kept: a kept value never
        #: changes, so the number stands for its values in the keys of the dicts made from it.
        self.kept_id: i64 = -1

    @property
    def total(self) -> int:
        if self.ron is not None:
            return self.ron
        other = self.tsumo_other or 0
        if self.tsumo_dealer is None:  # the winner is the dealer: every other player is a non-dealer
            return self.payers * other
        return self.tsumo_dealer + (self.payers - 1) * other


#: `hand_points` by its arguments packed in an int, made when first needed: a `Points` never changes,
#: so one per value serves every reading (a few dozen values recur), none to make and free per hand.
_points_made: Final[Templates] = Templates(4096)
_POINTS_BASE_LIMIT: Final = 1 << 40


def hand_points(base: int, dealer: bool, tsumo: bool) -> Points:
    """Each payer's share, rounded up to 100 separately.

    >>> hand_points(960, dealer=False, tsumo=True)
    Points(ron=None, tsumo_dealer=2000, tsumo_other=1000, payers=3)
    """
    key: i64 = -1  # the arguments packed in an int, when they fit (`_points_made`)
    if 0 <= base < _POINTS_BASE_LIMIT:
        b: i64 = base
        key = b * 4 + dealer * 2 + tsumo
    found: Points | None = _points_made.get(key) if key >= 0 else None
    if found is not None:
        return found
    points = _hand_points(base, dealer, tsumo)
    if key >= 0:
        points.kept_id = _points_made.put(key, points)  # (-1 when not kept: no template keyed by it)
    return points


def _hand_points(base: int, dealer: bool, tsumo: bool) -> Points:
    """`hand_points`, worked out."""
    if not tsumo:
        return Points(shared_points(ceil100(base * (6 if dealer else 4))), None, None)
    if dealer:
        return Points(None, None, shared_points(ceil100(base * 2)))
    return Points(None, shared_points(ceil100(base * 2)), shared_points(ceil100(base)))


def table_points(base: int, dealer: bool, tsumo: bool, rules: Rules) -> Points:
    """`hand_points` at the table of ``rules``. Three players: a ron is the same; a tsumo lacks North's
    share (``tsumo_loss``), or each payer adds half of a non-dealer's share, rounded up to 100.

    >>> sanma = Rules(players=3)
    >>> table_points(2000, dealer=False, tsumo=True, rules=sanma).total  # mangan: 4000 + 2000
    6000
    >>> table_points(2000, dealer=True, tsumo=True, rules=Rules(players=3, tsumo_loss=False))
    Points(ron=None, tsumo_dealer=None, tsumo_other=6000, payers=2)
    """
    points = hand_points(base, dealer, tsumo)
    if rules.players == 4 or not tsumo:
        return points
    dealer_pays, other = points.tsumo_dealer, points.tsumo_other or 0
    if not rules.tsumo_loss:
        half = ceil100(other // 2)  # North would have paid what another non-dealer pays
        dealer_pays, other = None if dealer_pays is None else dealer_pays + half, other + half
    shared_dealer = None if dealer_pays is None else shared_points(dealer_pays)
    return Points(None, shared_dealer, shared_points(other), rules.players - 1)


def honba_share(rules: Rules, payers: int) -> int:
    """What each of the ``payers`` of a tsumo pays per honba: ``honba_points`` shared by them, rounded
    up to 100 (300 -> 100 each of three; 100 -> 100 each; 1000 -> 400 each), as a hand's shares are.
    The payers are always named: three players share among two.

    >>> honba_share(Rules(honba_points=1500), 3)
    500
    """
    return ceil100(-(-rules.honba_points // payers))


_FOUR_SEATS: Final = {"E": 0, "S": 0, "W": 0, "N": 0}


#: `payments` of four players by `_payment_key`.
_payment_templates: Final[Templates] = Templates(4096)


def _payment_key(points: Points, winner: i64, discarder: i64, honba: int, sticks: int, rules: Rules) -> i64:
    """What decides four players' payments packed in an int (44 bits), or -1 when it does not fit (no
    template: worked out): the points by their `Points.kept_id` (a kept value), the seats by number
    (``winner`` 0-3, ``discarder`` 0-3 on a ron, 4 on a tsumo: `seat_number`), the counters, the
    deposits and the points per counter."""
    kept: i64 = points.kept_id
    if kept < 0 or not (0 <= winner < 4 and 0 <= discarder <= 4 and discarder != winner):
        return -1
    if not (0 <= honba < 1024 and 0 <= sticks < 32 and 0 <= rules.honba_points < 4096):
        return -1
    h: i64 = honba  # (native from here: a tagged int's shift is a call)
    s: i64 = sticks
    p: i64 = rules.honba_points
    return (((((kept << 2) | winner) << 3 | discarder) << 10 | h) << 5 | s) << 12 | p


#: `seat_number` by a letter's code point ``c``: E, S, W and N differ in their low three bits (5, 3, 7,
#: 6), so the seat's number is nibble ``c & 7`` of `_SEAT_OF_LOW_BITS` (15: no seat), and the letter of
#: seat ``n`` byte ``n`` of `_SEAT_CODES`: native arithmetic, no table object to read.
_SEAT_OF_LOW_BITS: Final = 0x230F1FFF
_SEAT_CODES: Final = 0x4E575345  # N W S E


def seat_number(seat: str | None) -> i64:
    """0-3 for E, S, W, N, 4 for None (a tsumo's discarder), -1 for anything else (a chain of string
    comparisons costs a call each, up to four)."""
    if seat is None:
        return 4
    if len(seat) != 1:
        return -1
    c: i64 = ord(seat[0])
    n: i64 = _SEAT_OF_LOW_BITS >> (c & 7) * 4 & 15
    if n > 3 or (_SEAT_CODES >> n * 8 & 255) != c:
        return -1
    return n


def payments(
    points: Points, winner: str, discarder: str | None, honba: int, sticks: int, rules: Rules
) -> dict[str, int]:
    """Each seat's change: the hand, ``honba`` counters and ``sticks`` deposits (all to the winner).

    A fresh dict: with four players, a copy of the template of the same payments when there is one."""
    if rules.players != 4:
        return worked_payments(points, winner, discarder, honba, sticks, rules)
    key = _payment_key(points, seat_number(winner), seat_number(discarder), honba, sticks, rules)
    found: dict[str, int] | None = _payment_templates.get(key) if key >= 0 else None
    if found is None:
        found = worked_payments(points, winner, discarder, honba, sticks, rules)
        if key < 0:
            return found
        _payment_templates.put(key, found)
    return found.copy()


def kept_payments(
    points: Points, winner: i64, discarder: i64, honba: int, sticks: int, rules: Rules
) -> dict[str, int] | None:
    """`payments` of four players with the seats by number (`seat_number`: no letters to read), a
    copy of its template; None when there is none (yet): then `payments`, which keeps one."""
    if rules.players != 4:
        return None
    key = _payment_key(points, winner, discarder, honba, sticks, rules)
    found: dict[str, int] | None = _payment_templates.get(key) if key >= 0 else None
    return None if found is None else found.copy()


def worked_payments(
    points: Points, winner: str, discarder: str | None, honba: int, sticks: int, rules: Rules
) -> dict[str, int]:
    """`payments`, worked out (a fresh dict; no template looked up or kept)."""
    players = rules.players
    # A copy of the seats with their keys in place costs less than a new dict (four players).
    delta = _FOUR_SEATS.copy() if players == 4 else {SEATS[seat]: 0 for seat in range(players)}
    if discarder is not None:
        paid = (points.ron or 0) + honba * rules.honba_points
        if discarder == winner:  # refused before scoring; kept exact: the payment cancels out
            delta[winner] = shared_points(1000 * sticks)
        else:
            delta[discarder] = shared_points(-paid)
            delta[winner] = shared_points(paid + 1000 * sticks)
        return delta
    per_honba = honba_share(rules, players - 1)
    other = (points.tsumo_other or 0) + honba * per_honba
    dealer = points.tsumo_dealer
    total = 0
    for i in range(players):  # East first
        seat = SEATS[i]
        if seat != winner:
            paid = other if i or dealer is None else dealer + honba * per_honba
            delta[seat] = shared_points(-paid)
            total += paid
    delta[winner] = shared_points(total + 1000 * sticks)
    return delta
