"""Reading a discard problem (`riichi analyze`, SPEC 13) from a mapping of its keys.

A mapping comes from the command line's flags, a JSON line of `analyze -` or a Python caller.
This module reads and checks its keys into an `AnalyzeInput`: the 14 tiles, the situation and the
model's options, every tile count checked (with a caret under a bad seen tile). Whether the hand is
already complete is for the analysis to say (it knows shanten). Pure: no file or terminal I/O.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.context import check_three_player_shape, not_in_set
from ..core.errors import InvalidContext, InvalidHand, short
from ..core.hand import HeldHand
from ..core.notation import RED_FIVES, check_counts, parse_written, tile_count_refusal
from ..core.record import Record
from ..core.rules import DEFAULT_PRESET, PRESETS, Rules
from ..core.tiles import FIVES, NOT_IN_THREE_PLAYER, name
from .mapping import hand_text
from .rules_input import read_rules
from .values import flag, read_id, seat, tile_codes, unknown_key_message

#: The keys of a problem: the flags of `riichi analyze` (``--round`` is ``round_wind``, ``--seat``
#: ``seat_wind``), the rules and an id.
PROBLEM_KEYS: Final = frozenset(
    ("hand", "id", "dora", "round_wind", "seat_wind", "turn", "seen", "rules", "rule_options", "target")
    + ("hand_changes", "extra", "dama", "ippatsu", "haitei")
)
TARGETS: Final = ("ev", "win", "tenpai")
#: The last turn: the end of the hand (17 draws from turn 1).
LAST_TURN: Final = 18
#: The largest hand-change budget taken: each step more multiplies the hands to visit.
MAX_EXTRA: Final = 4


class AnalyzeInput(Record):
    """A checked discard problem as read; ``dora`` and ``seen`` are tile codes (tile * 2 + red)."""

    FIELDS = (
        "id", "rules", "hand", "round_wind", "seat_wind", "dora", "seen", "turn", "target",
        "hand_changes", "extra", "riichi", "ippatsu", "haitei",
    )  # fmt: skip

    def __init__(
        self, id: Any, rules: Rules, hand: HeldHand, round_wind: str, seat_wind: str,
        dora: tuple[int, ...], seen: tuple[int, ...], turn: int, target: str, hand_changes: bool,
        extra: int, riichi: bool, ippatsu: bool, haitei: bool,
    ) -> None:  # fmt: skip
        self.id: Final = id
        self.rules: Final = rules
        self.hand: Final = hand
        self.round_wind: Final = round_wind
        self.seat_wind: Final = seat_wind
        self.dora: Final = dora
        self.seen: Final = seen
        self.turn: Final = turn
        self.target: Final = target
        self.hand_changes: Final = hand_changes
        self.extra: Final = extra
        self.riichi: Final = riichi
        self.ippatsu: Final = ippatsu
        self.haitei: Final = haitei


def read_problem(mapping: object, default_rules: Rules | None = None) -> AnalyzeInput:
    """Read and check a problem mapping; a RiichiError names what is wrong and where."""
    if not isinstance(mapping, dict):
        raise InvalidContext(
            f"a problem must be a mapping of keys, got {type(mapping).__name__}", detail="not_a_mapping"
        )
    unknown = [k for k in mapping if k not in PROBLEM_KEYS]
    if unknown:
        raise InvalidContext(unknown_key_message(unknown[0], PROBLEM_KEYS), detail="unknown_key")
    ident = read_id(mapping)
    rules = read_rules(mapping, default_rules or PRESETS[DEFAULT_PRESET])
    hand = read_fourteen(mapping.get("hand"))
    round_wind = seat(mapping.get("round_wind", "E"), "round_wind")
    seat_wind = seat(mapping.get("seat_wind", "S"), "seat_wind")
    if rules.players == 3:
        check_three_player_shape(hand.tally()[0], hand.melds, hand.text)
        for key, wind in (("seat_wind", seat_wind), ("round_wind", round_wind)):
            if wind == "N":
                raise InvalidContext(f"{key} N: a three-player table has no North seat", detail="bad_seat")
    dora, seen = tile_codes(mapping.get("dora"), "dora"), tile_codes(mapping.get("seen"), "seen")
    check_tiles(hand, dora, seen, mapping.get("seen"), rules)
    turn = read_turn(mapping.get("turn", 1))
    return AnalyzeInput(
        ident, rules, hand, round_wind, seat_wind, tuple(dora), tuple(seen), turn,
        read_target(mapping.get("target", "ev")), flag(mapping.get("hand_changes", True), "hand_changes"),
        read_extra(mapping.get("extra", 1)), not flag(mapping.get("dama", False), "dama"),
        flag(mapping.get("ippatsu", False), "ippatsu"), flag(mapping.get("haitei", False), "haitei"),
    )  # fmt: skip


def read_fourteen(value: object) -> HeldHand:
    """The ``hand`` key: 14 tiles (13 and the draw; a meld counts 3), refused with a caret otherwise."""
    text = hand_text(value)
    hand = parse_written(text)
    if len(hand.melds) > 4 or hand.size != 14:
        hint = {
            13: "; 13 tiles are a hand waiting for its draw: see `riichi waits` or `riichi shanten`",
            15: "; one tile too many (a kan counts 3: kan:1111m)",
        }.get(hand.size, "")
        needs = "a discard problem needs 14 tiles (13 and the draw; a meld counts 3), the hand"
        raise tile_count_refusal(text, needs, hand.size, hint)
    return hand


def read_turn(value: object) -> int:
    """The ``turn`` key, the turn of the next draw: from 1 (17 draws left) to 18 (the end, none left)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= LAST_TURN:
        raise InvalidContext(
            f"turn must be a whole number from 1 to {LAST_TURN} (1: 17 draws left, {LAST_TURN}: none), "
            f"got {short(value)}",
            detail="turn_out_of_range",
        )
    return value


def read_extra(value: object) -> int:
    """The ``extra`` key: the hand-change budget over the starting shanten, 0 to `MAX_EXTRA`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_EXTRA:
        raise InvalidContext(
            f"extra must be a whole number from 0 to {MAX_EXTRA}, got {short(value)}", detail="bad_extra"
        )
    return value


def read_target(value: object) -> str:
    if not isinstance(value, str) or value.strip().lower() not in TARGETS:
        raise InvalidContext(f"target must be ev, win or tenpai, got {short(value)}", detail="bad_target")
    return value.strip().lower()


def check_tiles(hand: HeldHand, dora: list[int], seen: list[int], seen_value: object, rules: Rules) -> None:
    """Refuse a tile held, shown or seen more than four times (a seen one pointed at in ``seen_value``),
    more red fives than the rules have, and tiles a three-player set does not have."""
    counts, reds = hand.tally()
    for key, codes in (("dora", dora), ("seen", seen)):
        for code in codes:
            if rules.players == 3 and code >> 1 in NOT_IN_THREE_PLAYER:
                raise InvalidContext(f"{key}: {not_in_set(code >> 1)}", detail="not_in_three_player_set")
    _add(counts, reds, dora)
    check_counts(counts, reds, rules.aka_dora, hand.text)  # the hand and its indicators
    for i, code in enumerate(seen):
        t = code >> 1
        _add(counts, reds, [code])
        if counts[t] > 4:
            where = _position(seen_value, i)
            text = seen_value if isinstance(seen_value, str) and where is not None else None
            raise InvalidHand(
                f"seen: a fifth {name(t)} (the hand, melds, indicators and the seen tiles before it "
                "hold all four)", text, where, detail="fifth_copy",
            )  # fmt: skip
    check_counts(counts, reds, rules.aka_dora, hand.text, "(hand, melds, indicators and seen tiles together)")
    check_plain_fives(counts, reds, rules.aka_dora)


def check_plain_fives(counts: list[int], reds: list[int], aka_dora: int) -> None:
    """Refuse more plain fives than the set has: with a red 5m in it there are three plain ones, and
    the pool of the analysis tells them apart (a red five drawn is worth a han more)."""
    for s, red in enumerate(RED_FIVES[aka_dora]):
        plain = counts[FIVES[s]] - reds[s]
        if plain > 4 - red:
            five = name(FIVES[s])
            raise InvalidHand(
                f"{plain} plain {five} (hand, melds, indicators and seen tiles together), but the set has "
                f"{4 - red} and a red one (aka_dora: {aka_dora}): write the red five as 0{five[1]}",
                detail="plain_five_for_red",
            )


def _add(counts: list[int], reds: list[int], codes: list[int]) -> None:
    for code in codes:
        t = code >> 1
        counts[t] += 1
        if code & 1:
            reds[t // 9] += 1


def _position(value: object, index: int) -> int | None:
    """Where the ``index``-th tile of a tile string starts (its digit), or None for a list."""
    if not isinstance(value, str):
        return None
    digits = [i for i, ch in enumerate(value) if ch.isdigit()]
    return digits[index] if index < len(digits) else None
