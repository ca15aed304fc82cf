"""Fu, line by line. Each rule is one line of `fu_lines`; `counted_fu` adds them up as it lists them and
rounds the sum (`round_fu`: the same for lines made elsewhere)."""

from __future__ import annotations

from collections.abc import Callable

from .decompose import TRIP
from .native import i64
from .reading import Reading
from .record import Record
from .shared_dict import SharedDict
from .tiles import DRAGONS, is_orphan, name

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Final


class FuLine(Record):
    """One line of the fu breakdown: a stable ``id`` (``closed_triplet_honor``), the prose, the fu."""

    FIELDS = ("id", "reason", "fu")

    def __init__(self, id: str, reason: str, fu: int) -> None:
        self.id: Final = id
        self.reason: Final = reason
        self.fu: Final = fu
        self._dict: dict | None = None  # `as_dict`, once asked for
        self._text: str | None = None  # `json_text`, once asked for

    def as_dict(self) -> dict:
        """``{"reason", "fu", "id"}`` (docs/output.md ``fu_breakdown``): read-only, the same
        `SharedDict` each time."""
        if self._dict is None:
            self._dict = SharedDict({"reason": self.reason, "fu": self.fu, "id": self.id})
        return self._dict

    def json_text(self, encode: Callable[[dict], str]) -> str:
        """``encode(self.as_dict())``, made once: the caller (the batch's JSON writer) always passes
        the same encoder."""
        if self._text is None:
            self._text = encode(self.as_dict())
        return self._text


# The lines every hand may have, made once (a hand's lines are shared values, not new objects).
_CHIITOITSU: Final = FuLine("chiitoitsu", "chiitoitsu", 25)
_BASE: Final = FuLine("base", "base", 20)
_CLOSED_RON: Final = FuLine("closed_ron", "closed ron", 10)
_TSUMO: Final = FuLine("tsumo", "tsumo", 2)
_OPEN_NO_FU: Final = FuLine("open_no_fu", "open hand with no fu", 10)
_WAITS: Final = {w: FuLine(f"{w}_wait", f"{w} wait", 2) for w in ("kanchan", "penchan", "tanki")}
_KANCHAN: Final = _WAITS["kanchan"]  # (each by name: `counted_fu` compares the wait, no look-up)
_PENCHAN: Final = _WAITS["penchan"]
_TANKI: Final = _WAITS["tanki"]
#: The line of a triplet or quad by ``tile * 4 + open * 2 + kan``, made when first needed.
_set_lines: Final[list[FuLine | None]] = [None] * (34 * 4)
#: The line of a value pair by ``(tile * 4 + kind) * 8 + fu``, kind 1-3 for dragon, double wind and wind
#: (fu below 8; others are not cached).
_pair_lines: Final[list[FuLine | None]] = [None] * (34 * 4 * 8)


def pair_kind(r: Reading) -> str:
    """What makes the pair worth fu: ``dragon``, ``double_wind``, ``wind`` (seat or round), or ``""``."""
    if r.pair in DRAGONS:
        return "dragon"
    if r.pair == r.seat_tile and r.pair == r.round_tile:
        return "double_wind"
    return "wind" if r.pair in (r.seat_tile, r.round_tile) else ""


def set_id(tile: int, is_open: bool, is_kan: bool) -> str:
    """``open_triplet_simple``, ``closed_quad_terminal``, ``closed_triplet_honor``, ..."""
    kind = "terminal" if tile < 27 and is_orphan(tile) else "honor" if tile >= 27 else "simple"
    return f"{'open' if is_open else 'closed'}_{'quad' if is_kan else 'triplet'}_{kind}"


def pair_fu(r: Reading) -> int:
    """Fu of the pair: 2 for a dragon, 2 for a seat or round wind, a double wind per rules."""
    return _kind_fu(pair_kind(r), r)


def _kind_fu(kind: str, r: Reading) -> int:
    """`pair_fu` of a pair of ``kind`` (`pair_kind`)."""
    if kind == "double_wind":
        return r.rules.double_wind_pair_fu
    return 2 if kind else 0


def set_fu(tile: int, is_open: bool, is_kan: bool) -> int:
    """2 for an open pung of simples, doubled for terminals/honors, for concealed, and x4 for a kan."""
    return 2 * (2 if is_orphan(tile) else 1) * (1 if is_open else 2) * (4 if is_kan else 1)


def set_line(tile: int, is_open: bool, is_kan: bool) -> FuLine:
    """The fu line of a triplet or quad (``open pung 5m``, ``closed kan 1z``)."""
    key = tile * 4 + is_open * 2 + is_kan
    line = _set_lines[key]
    if line is None:
        what = f"{'open' if is_open else 'closed'} {'kan' if is_kan else 'pung'} {name(tile)}"
        line = _set_lines[key] = FuLine(set_id(tile, is_open, is_kan), what, set_fu(tile, is_open, is_kan))
    return line


def pair_line(tile: int, kind: str, fu: int) -> FuLine:
    """The fu line of a value pair of ``kind`` (`pair_kind`) worth ``fu``."""
    key = (tile * 4 + (1 if kind == "dragon" else 2 if kind == "double_wind" else 3)) * 8 + fu
    line = _pair_lines[key] if fu < 8 else None
    if line is None:
        line = FuLine(f"pair_{kind}", f"value pair {name(tile)}", fu)
        if fu < 8:
            _pair_lines[key] = line
    return line


def fu_lines(r: Reading, no_tsumo_fu: bool) -> list[FuLine]:
    """Every fu of a reading as (reason, fu), unrounded.

    ``no_tsumo_fu`` says whether a yaku that forbids the tsumo fu (pinfu) was scored.
    """
    return counted_fu(r, no_tsumo_fu)[0]


def counted_fu(r: Reading, no_tsumo_fu: bool) -> tuple[list[FuLine], i64]:
    """`fu_lines` and their fu rounded (`round_fu`), added up as the lines are listed (not read back)."""
    if r.form == "chiitoitsu":
        return [_CHIITOITSU], 25
    lines: list[FuLine] = []  # (grown from empty: room for four lines at the first append, where a
    lines.append(_BASE)  # list of one would be moved to a larger block at the second)
    total: i64 = 20
    ctx = r.ctx
    if r.closed and not ctx.tsumo:
        lines.append(_CLOSED_RON)
        total += 10
    if ctx.tsumo and not no_tsumo_fu and (r.rules.rinshan_tsumo_fu or not ctx.rinshan):
        lines.append(_TSUMO)
        total += 2
    if r.n_trips:  # the sets walked for their triplets only when there are some
        total += _add_set_lines(r, lines)
    wait = r.wait  # compared (the most common first: an identity each), cheaper than a look-up
    if wait != "ryanmen" and wait != "shanpon":
        edge: FuLine | None = None
        if wait == "kanchan":
            edge = _KANCHAN
        elif wait == "penchan":
            edge = _PENCHAN
        elif wait == "tanki":
            edge = _TANKI
        if edge is not None:
            lines.append(edge)
            total += 2
    if r.pair >= 27:  # only an honor pair is worth fu
        value = pair_kind(r)
        fu = _kind_fu(value, r)
        if fu:
            lines.append(pair_line(r.pair, value, fu))
            total += fu
    if not r.closed and total == 20:
        lines.append(_OPEN_NO_FU)
        total += 10
    return lines, -(-total // 10) * 10


def _add_set_lines(r: Reading, lines: list[FuLine]) -> i64:
    """Append the line of each triplet or quad to ``lines``: the concealed groups' (open when a ron
    completed one), then the melds'; their fu."""
    total: i64 = 0
    i = 0
    for kind, tile in r.groups:
        if kind == TRIP:
            line = set_line(tile, i == r.ron_index, False)
            lines.append(line)
            total += line.fu
        i += 1
    for kind, tile, is_open, is_kan in r.melds:
        if kind == TRIP:
            line = set_line(tile, is_open, is_kan)
            lines.append(line)
            total += line.fu
    return total


def total_fu(lines: list[FuLine]) -> int:
    """The fu of ``lines`` added up, unrounded."""
    total = 0
    for line in lines:
        total += line.fu
    return total


def round_fu(lines: list[FuLine]) -> int:
    """The sum rounded up to 10 (seven pairs stay at 25)."""
    total = total_fu(lines)
    return total if total == 25 and lines[0].id == "chiitoitsu" else -(-total // 10) * 10
