"""The JSON text of a scored win written straight from the Result (`riichi batch`).

`report.result_dict` builds about twenty dicts and lists per hand, and the batch then encoded them with
the json module: the two cost more than the scoring. Here the text is joined from pieces instead:
yaku, fu lines and concealed groups are encoded once per process and reused, numbers and the few
strings are written in place. The text is exactly ``ENCODE(result_dict(...))``: the same keys in the
same order, ", " and ": " separators, non-ASCII written as is (tests/test_result_text.py compares
the two on every conformance hand, the sample hands, three players, yakuman and odd ids).
"""

from __future__ import annotations

import math
from json import JSONEncoder
from json import encoder as json_encoder
from json.encoder import encode_basestring

from ..core.errors import RiichiError
from ..core.native import i64
from ..core.rules import Rules
from ..core.scoring import Result, score_request
from ..core.templates import Templates
from .mapping import build_request
from .reading import concealed_keys, group_template, meld_group, pair_keys, reading_dict
from .report import error_dict, honba_collected, money_key, result_key, score_mapping

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Any, Final

#: How the batch writes an object: strict JSON (no NaN or Infinity), non-ASCII as is. No cycle check:
#: a result is a fresh tree whose only input values are checked strings and numbers.
_ENCODER: Final = JSONEncoder(ensure_ascii=False, allow_nan=False, check_circular=False)
#: The C encoder ``_ENCODER.encode`` makes on each call (when the json module has one), made once: making
#: it was about two thirds of encoding a small object (a called meld's group, an error object).
_MAKE: Final[Any] = getattr(json_encoder, "c_make_encoder", None)
_C_ENCODE: Final[Any] = (
    _MAKE(None, _ENCODER.default, encode_basestring, None, ": ", ", ", False, False, False) if _MAKE else None
)


def _encode(value: Any) -> str:
    """``_ENCODER.encode(value)``: the same C encoder with the same settings, not made again."""
    if _C_ENCODE is None or isinstance(value, str):
        return _ENCODER.encode(value)
    return "".join(_C_ENCODE(value, 0))


ENCODE: Final = _encode

#: The JSON text of a concealed group by its key (`reading.concealed_keys`), made when first needed.
_group_texts: Final[list[str | None]] = [None] * (34 * 3 * 4 * 2)
#: The JSON text of a called meld's group by the meld's notation.
_meld_texts: Final[dict[str, str]] = {}


def _number(value: int | None) -> str:
    return "null" if value is None else str(value)


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _string(value: str | None) -> str:
    return "null" if value is None else encode_basestring(value)


def id_text(value: Any) -> str:
    """An ``id`` (None, a string, a bool, a finite number: `mapping.valid_id`) as the encoder writes it."""
    if value is None:
        return "null"
    if type(value) is str:
        return encode_basestring(value)
    if value is True or value is False:
        return _bool(value)
    if type(value) is int:
        return str(value)
    if type(value) is float and math.isfinite(value):
        return float.__repr__(value)
    return ENCODE(value)  # a subclass of str, int or float: whatever the encoder makes of it


def _group_text(key: int) -> str:
    found = _group_texts[key]
    if found is None:
        found = _group_texts[key] = ENCODE(group_template(key))
    return found


def _add_reading(res: Result, parts: list[str]) -> None:
    """The ``reading`` object's text, added to ``parts``."""
    r, hand = res.reading, res.hand
    if r.form == "kokushi":
        parts.append(ENCODE(reading_dict(res)))  # rare: written by the encoder
        return
    parts.append('{"groups": [')
    keys = concealed_keys(r, hand) if r.form == "standard" else pair_keys(r, hand)
    for key in keys:
        parts.append(_group_text(key))
        parts.append(", ")
    for m in hand.melds:
        written = m.notation()
        text = _meld_texts.get(written)
        if text is None:
            text = ENCODE(meld_group(m))
            if len(_meld_texts) < 4096:
                _meld_texts[written] = text
        parts.append(text)
        parts.append(", ")
    parts[-1] = '], "wait": "'  # (over the last separator: a reading has a group at least)
    parts.append(r.wait)
    parts.append('"}')


#: The text from the win kind to the yaku list's opening by `report.result_key` (what decides the
#: dict template of the same values), made when first needed; a few hundred recur.
_situations: Final[Templates] = Templates(4096)
#: The text of ``points`` and ``payments`` by `report.money_key` (as the dicts of the same values).
_money: Final[Templates] = Templates(4096)


def _situation_text(res: Result, d: i64) -> str:
    """``"tsumo", "from": ...`` to ``"limit": ..., "yaku": [`` (``d``: `Result.discarder_number`)."""
    key = result_key(res, d, res.limit, res.yakuman, res.han, res.fu)
    found: str | None = _situations.get(key) if key >= 0 else None
    if found is None:
        ctx = res.context
        parts = [
            '"tsumo", "from": ' if ctx.tsumo else '"ron", "from": ',
            _string(ctx.discarder),
            ', "seat_wind": "',
            ctx.seat_wind,
            '", "round_wind": "',
            ctx.round_wind,
            '", "dealer": true, "han": ' if ctx.dealer else '", "dealer": false, "han": ',
            _number(res.han),
            ', "fu": ',
            _number(res.fu),
            ', "yakuman": ',
            str(res.yakuman),
            ', "limit": ',
            _string(res.limit),
            ', "yaku": [',
        ]
        found = "".join(parts)
        if key >= 0:
            _situations.put(key, found)
    return found


def _money_text(res: Result, d: i64) -> str:
    """``"points": {...}, "payments": {...}`` with the context's counters and deposits."""
    key = money_key(res, d)
    found: str | None = _money.get(key) if key >= 0 else None
    if found is None:
        ctx, pts = res.context, res.points
        if pts.ron is not None:
            tsumo = "null"
        else:
            shares = _number(pts.tsumo_dealer), _number(pts.tsumo_other)
            tsumo = '{"dealer": ' + shares[0] + ', "non_dealer": ' + shares[1] + "}"
        pay = [f'"{seat}": {delta}' for seat, delta in res.payments.items()]
        parts = [
            '"points": {"total": ',
            str(pts.total),
            ', "ron": ',
            _number(pts.ron),
            ', "tsumo": ',
            tsumo,
            ', "honba": ',
            str(honba_collected(ctx.honba, ctx.tsumo, res.rules)),
            ', "deposits": ',
            str(1000 * ctx.riichi_sticks),
            '}, "payments": {',
            ", ".join(pay),
            "}",
        ]
        found = "".join(parts)
        if key >= 0:
            _money.put(key, found)
    return found


#: The file part of the last batch source seen and its ``{"source": "FILE#`` (escaped): a batch's
#: sources come file by file.
_last_source: Final[list[str]] = ["", '{"source": "#']


def _source_head(source: str) -> str:
    """``{"source": "<source>", "id": `` as the encoder writes it. A batch's sources are ``FILE#N``:
    escaping works character by character and "#" and digits need none, so FILE is escaped once per
    file rather than the whole source once per hand."""
    cut = source.rfind("#")
    if cut < 0 or not _ascii_digits(source, cut + 1):
        return '{"source": ' + encode_basestring(source) + ', "id": '
    last = _last_source
    if cut != len(last[0]) or not source.startswith(last[0]):
        where = source[:cut]
        last[0], last[1] = where, '{"source": ' + encode_basestring(where)[:-1] + "#"
    return f'{last[1]}{source[cut + 1 :]}", "id": '


def _ascii_digits(text: str, start: i64) -> bool:
    """Whether ``text`` from ``start`` on is one or more of the digits 0-9."""
    end: i64 = len(text)
    if start >= end:
        return False
    for i in range(start, end):
        c = ord(text[i])
        if c < 48 or c > 57:
            return False
    return True


def result_text(res: Result, id: object = None, source: str | None = None) -> str:
    """``ENCODE(report.result_dict(res, id, source))``, written without the dicts: the situation and
    the money as texts made once per distinct value (`_situations`, `_money`), the yaku, fu lines and
    groups as texts made once per item."""
    hand = res.hand
    d = res.discarder_number()  # (once: both keys have it)
    parts = [
        '{"id": ' if source is None else _source_head(source),
        id_text(id),
        # a hand's notation is tile digits, suit letters, meld kinds, colons and spaces: nothing to escape
        ', "ok": true, "error": null, "hand": "',
        hand.text,
        '", "win_tile": "',
        hand.win_name,
        '", "win": ',
        _situation_text(res, d),
        ", ".join([item.json_text(ENCODE) for item in res.yaku]),
        '], "fu_breakdown": [',
        ", ".join([line.json_text(ENCODE) for line in res.fu_lines]),
        "], ",
        _money_text(res, d),
    ]  # then the reading's pieces are added to the one list, joined once
    parts.append(', "warnings": [], "reading": ')
    _add_reading(res, parts)
    parts.append("}")
    return "".join(parts)


#: One finished batch object: (its JSON text, ok, error code or None).
Record = tuple[str, bool, "str | None"]


def score_record(mapping: Any, rules: Rules, source: str | None = None) -> Record:
    """`report.score` of a mapping as the batch writes it: (JSON text, ok, error code or None)."""
    try:
        req = build_request(mapping, rules)
        return result_text(score_request(req), req.id, source), True, None
    except (RiichiError, RecursionError):  # refused: the usual object, with its echo
        return error_record(score_mapping(mapping, rules, source)[0])


def error_record(d: dict) -> Record:
    """The record of a refusal object."""
    return ENCODE(d), False, d["error"]["code"]


def refused_record(err: RiichiError, source: str | None = None) -> Record:
    """The record of an input that could not be read as a mapping (`report.error_dict` without echo)."""
    return error_record(error_dict(err, {}, source))
