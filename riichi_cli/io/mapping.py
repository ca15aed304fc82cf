"""Reading a mapping of situation keys (docs/input.md) into checked core values.

A mapping comes from YAML, JSON, command-line flags or a Python caller. This module reads its
keys and types; the core (:mod:`riichi_cli.core.context`) then checks that the situation could
happen at a table. Pure: no file or terminal I/O.

`build_request` reads a winning hand and its situation; `read_head` and `read_situation` are its
two halves for an analysis of 13 tiles, which has a situation but no winning tile.
"""

from __future__ import annotations

from ..core.context import Context, Request, check_context, check_three_player, check_win_tile
from ..core.errors import InvalidContext, short
from ..core.hand import Hand, Meld
from ..core.notation import check_counts, parse_hand
from ..core.record import Record, replace
from ..core.rules import DEFAULT_PRESET, PRESETS, Rules
from .one_pass import quick_request
from .rules_input import read_rules
from .values import chankan_value, count, flag, read_id, seat, tile_codes, unknown_key_message

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Any, Final

#: The yes/no keys of a situation, in the order the command line lists them.
FLAGS: Final = (
    "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
    "chankan", "tenhou", "chiihou", "renhou",
)  # fmt: skip
KEYS: Final = frozenset(
    FLAGS
    + ("hand", "win_tile", "win", "from", "round_wind", "seat_wind", "dora", "ura", "honba")
    + ("riichi_sticks", "discards", "passed", "rules", "rule_options", "id", "kita")
)


class Head(Record):
    """The keys read before the hand: id, rules, win kind and winds."""

    FIELDS = ("id", "rules", "tsumo", "round_wind", "seat_wind")

    def __init__(self, id: Any, rules: Rules, tsumo: bool, round_wind: str, seat_wind: str) -> None:
        self.id: Final = id
        self.rules: Final = rules
        self.tsumo: Final = tsumo
        self.round_wind: Final = round_wind
        self.seat_wind: Final = seat_wind


#: The default preset's rules, held here: `PRESETS` and `DEFAULT_PRESET` are module globals, each a
#: dict look-up per hand when read compiled (a ``Final`` is a static).
_DEFAULT_RULES: Final = PRESETS[DEFAULT_PRESET]


def build_request(mapping: Any, default_rules: Rules | None = None, echo: dict | None = None) -> Request:
    """Read a mapping of a winning hand and check it: the hand, the context and the rules.

    ``echo`` (if given) is filled with the keys read so far, so an error can still report them.
    """
    if echo is None and type(mapping) is dict:  # the common mapping in one pass (one_pass.py)
        quick = quick_request(mapping, default_rules or _DEFAULT_RULES)
        if quick is not None:
            return quick
    head = read_head(mapping, default_rules, echo)
    assert isinstance(mapping, dict)  # read_head refuses anything else (and the compiled core reads a dict)
    if "hand" not in mapping:  # `hnd:` is a typo of `hand`, not a missing hand
        check_keys(mapping)
    hand = read_hand(mapping.get("hand"), mapping.get("win_tile"))
    if echo is not None:
        echo["hand"] = hand.text
        echo["win_tile"] = hand.win_name
    context = read_situation(mapping, head, hand.tally(), hand.melds, mapping["hand"], echo)
    check_win_tile(hand, context, head.rules)
    return Request(hand, context, head.rules, head.id)


def read_head(mapping: Any, default_rules: Rules | None, echo: dict | None) -> Head:
    """The keys read before the hand: the mapping itself, id, rules, win kind and winds."""
    if not isinstance(mapping, dict):
        raise InvalidContext(
            f"a hand must be a mapping of keys, got {type(mapping).__name__}", detail="not_a_mapping"
        )
    ident = read_id(mapping)
    if echo is not None:
        echo["id"] = ident
    rules = read_rules(mapping, default_rules or _DEFAULT_RULES)
    win = mapping.get("win", "ron")
    if not (isinstance(win, str) and win in ("ron", "tsumo")):
        raise InvalidContext(f"win must be ron or tsumo, got {short(win)}", detail="bad_win")
    if echo is not None:
        echo["win"] = win
    round_wind = seat(mapping.get("round_wind", "E"), "round_wind")
    if echo is not None:
        echo["round_wind"] = round_wind
    seat_wind = seat(mapping.get("seat_wind", "S"), "seat_wind")
    if echo is not None:
        echo["seat_wind"] = seat_wind
    return Head(ident, rules, win == "tsumo", round_wind, seat_wind)


def read_situation(
    mapping: dict,
    head: Head,
    held: tuple[list[int], list[int]],
    melds: tuple[Meld, ...],
    text: str,
    echo: dict | None,
) -> Context:
    """The context of a mapping whose head was read, checked with the player's tiles and ``melds``.

    ``held`` is the tally of every tile the player holds, melds included (`Hand.tally`: changed while
    the indicators are checked, and back as it was on return); ``text``
    is the hand as written, for messages. The hand may have 13 tiles (an analysis) or 14 (a win).
    """
    dora, ura = tile_codes(mapping.get("dora"), "dora"), tile_codes(mapping.get("ura"), "ura")
    shape = key_shape(mapping)
    context = read_context(mapping, head, dora, ura, bool(shape & _RARE))
    context = read_three_player(mapping, context, head.rules)
    if echo is not None:
        echo["from"] = context.discarder
    check_three_player(held[0], melds, context, head.rules, text)
    counts, reds = held  # the indicators counted in for the check, then out again: no copies
    _add_codes(counts, reds, dora, 1)
    _add_codes(counts, reds, ura, 1)
    try:
        check_counts(counts, reds, head.rules.aka_dora, text)
    finally:
        _add_codes(counts, reds, dora, -1)
        _add_codes(counts, reds, ura, -1)
    if not shape & _VALID:  # checked last so that an error still echoes what could be read
        check_keys(mapping)
    check_context(melds, context, head.rules)
    return context


def _add_codes(counts: list[int], reds: list[int], codes: list[int], step: int) -> None:
    """Count tiles given as codes into (``step`` 1) or out of (-1) 34 counts and red fives per suit."""
    for code in codes:
        t = code >> 1
        counts[t] = counts[t] + step
        if code & 1:
            reds[t // 9] = reds[t // 9] + step


def hand_text(value: object) -> str:
    """The ``hand`` key: present, and a string (its notation is read by the core)."""
    if value is None:
        raise InvalidContext("missing key 'hand'", detail="missing_hand")
    if not isinstance(value, str):
        raise InvalidContext(
            f"hand must be a string of tile notation, got {short(value)}", detail="bad_hand_type"
        )
    return value


def check_keys(mapping: dict) -> None:
    """Refuse the first key that is not an input key, naming the likely one."""
    if key_shape(mapping) & _VALID:
        return
    unknown = [k for k in mapping if k not in KEYS]
    if unknown:
        raise InvalidContext(unknown_key_message(unknown[0], KEYS), detail="unknown_key")


#: The situation keys most hands do not have: when none is there, `read_context` skips them all.
_RARE_KEYS: Final = frozenset(FLAGS + ("chankan", "discards", "passed")) - {"riichi"}


#: `key_shape` bits: every key is an input key; some key may be one of `_RARE_KEYS`.
_VALID: Final = 1


_RARE: Final = 2


#: The input keys that are not rare: a mapping of these only is valid and has no rare key.
_COMMON_KEYS: Final = KEYS - _RARE_KEYS


def key_shape(mapping: dict) -> int:
    """`_VALID` when every key is an input key, and `_RARE` unless no key is one of `_RARE_KEYS`
    (then `read_context` skips them all). Most mappings hold common keys only: one set method, which
    walks the keys in C, answers both."""
    if _COMMON_KEYS.issuperset(mapping):
        return _VALID
    return (_VALID if KEYS.issuperset(mapping) else 0) | _RARE


def read_hand(text: object, win_tile: object) -> Hand:
    """The ``hand`` and ``win_tile`` keys as a Hand."""
    written = hand_text(text)
    if win_tile is not None and not isinstance(win_tile, str):
        raise InvalidContext(
            f"win_tile must be one tile like '5m', got {short(win_tile)}", detail="bad_win_tile_type"
        )
    return parse_hand(written, win_tile)


def read_context(mapping: dict, head: Head, dora: list[int], ura: list[int], rare: bool) -> Context:
    """The Context of a mapping whose head and indicators (tile codes) were read already; ``rare``:
    some key of `_RARE_KEYS` is there (else their reads are skipped)."""
    raw_from = mapping.get("from")
    chankan, robbed_ankan = chankan_value(mapping.get("chankan", False)) if rare else (False, False)
    return Context(
        tsumo=head.tsumo,
        from_seat=None if raw_from is None else seat(raw_from, "from"),
        round_wind=head.round_wind,
        seat_wind=head.seat_wind,
        riichi=flag(mapping.get("riichi", False), "riichi"),
        double_riichi=rare and flag(mapping.get("double_riichi", False), "double_riichi"),
        ippatsu=rare and flag(mapping.get("ippatsu", False), "ippatsu"),
        haitei=rare and flag(mapping.get("haitei", False), "haitei"),
        houtei=rare and flag(mapping.get("houtei", False), "houtei"),
        rinshan=rare and flag(mapping.get("rinshan", False), "rinshan"),
        chankan=chankan,
        tenhou=rare and flag(mapping.get("tenhou", False), "tenhou"),
        chiihou=rare and flag(mapping.get("chiihou", False), "chiihou"),
        renhou=rare and flag(mapping.get("renhou", False), "renhou"),
        dora=tuple(code >> 1 for code in dora),  # one tuple, no list first (compiled)
        ura=tuple(code >> 1 for code in ura),
        honba=count(mapping.get("honba", 0), "honba"),
        riichi_sticks=count(mapping.get("riichi_sticks", 0), "riichi_sticks"),
        discards=tuple(c >> 1 for c in tile_codes(mapping.get("discards"), "discards")) if rare else (),
        passed=tuple(c >> 1 for c in tile_codes(mapping.get("passed"), "passed")) if rare else (),
        chankan_ankan=robbed_ankan,
    )


def read_three_player(mapping: dict, c: Context, rules: Rules) -> Context:
    """``c`` with the ``kita`` key and the player count (README, "Three players"); a three-player
    table has no North seat."""
    kita = count(mapping.get("kita", 0), "kita")
    if rules.players != 3:
        if kita:
            raise InvalidContext(
                f"kita: {kita}, but North is set aside as nuki dora only with three players "
                f"(players: 3, e.g. --rules tenhou3); {rules.name} has {rules.players}",
                detail="kita_in_four_player",
            )
        return c
    if kita > 4:
        raise InvalidContext(f"kita must be 0-4 (there are four North tiles), got {kita}", detail="bad_count")
    for key, s in (("seat_wind", c.seat_wind), ("round_wind", c.round_wind), ("from", c.from_seat)):
        if s == "N":
            raise InvalidContext(
                f"{key} N: a three-player table has only E, S and W (no North seat)", detail="bad_seat"
            )
    return replace(c, kita=kita, players=3)
