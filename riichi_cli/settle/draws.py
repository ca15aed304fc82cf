"""Draws: exhaustive (noten payments, tenpai claims checked against the hands, nagashi mangan) and
abortive."""

from __future__ import annotations

from ..core.decompose import some_wait, winning_tiles
from ..core.errors import InvalidContext, short
from ..core.notation import check_limits, parse_written, tile_count_refusal
from ..core.rules import Rules
from ..core.tiles import SEATS, name, table_seats
from .outcome import abortive_outcome, mangan_tsumo, outcome
from .read import (
    ABORTIVE_REASONS,
    DRAW_KEYS,
    THREE_PLAYER_ABORTIVE,
    Round,
    check_deposits,
    prefixed,
    refuse_unknown,
    seat_list,
    table_seat,
)


def split(total: int, seats: tuple[str, ...]) -> dict[str, int]:
    """``total`` shared among ``seats`` as evenly as whole points allow (the first take the odd points)."""
    q, r = divmod(total, len(seats))
    return {s: q + (i < r) for i, s in enumerate(seats)}


def noten_deltas(tenpai: tuple[str, ...], penalty: int, table: str = SEATS) -> dict[str, int]:
    """The noten players pay ``penalty`` in all, shared by the tenpai players (none if none or all tenpai)."""
    noten = tuple(s for s in table if s not in tenpai)
    if not tenpai or not noten:
        return dict.fromkeys(table, 0)
    gain, loss = split(penalty, tenpai), split(penalty, noten)
    return {s: gain.get(s, 0) - loss.get(s, 0) for s in table}


def nagashi_deltas(nagashi: tuple[str, ...], rules: Rules) -> dict[str, int]:
    """Each nagashi mangan is paid as a mangan tsumo, without honba or deposits."""
    deltas = dict.fromkeys(table_seats(rules.players), 0)
    for s in nagashi:
        pay = mangan_tsumo(s, rules)
        deltas = {k: deltas[k] + pay[k] for k in deltas}
    return deltas


def draw_counts(text: str, rules: Rules) -> list[int]:
    """The concealed counts of a 13-tile hand at a draw (melds count 3), checked."""
    held = parse_written(text)
    if held.size != 13:
        needs = "a hand at a draw has 13 tiles (a meld counts 3), this one"
        raise tile_count_refusal(text, needs, held.size, caret=False)
    check_limits(held.pairs(), rules.aka_dora, text)
    return list(held.counts)


def karaten_note(s: str, text: object, rules: Rules) -> str | None:
    """None when a hand claimed tenpai counts as tenpai; a note when it is pure karaten that does not."""
    label = f"draw.hands.{s}"
    if not isinstance(text, str):
        raise InvalidContext(
            f"{label} must be a hand in tile notation, got {short(text)}", detail="bad_hand_type"
        )
    with prefixed(label):
        counts = draw_counts(text, rules)
    # Most claims hold a wait that is not held four times: found, the answer is known without the
    # list of every wait, which only a note or a refusal needs.
    if some_wait(counts, 5 if rules.pure_karaten_is_tenpai else 4):
        return None
    waits = winning_tiles(counts)
    if not waits:
        raise InvalidContext(
            f"{label}: {s} is listed tenpai, but {text} is not tenpai", detail="tenpai_claim_not_tenpai"
        )
    tiles = " ".join(name(t) for t in waits)
    return (f"{s} counts as noten: pure karaten (every wait, {tiles}, is held four times in the hand) "
            f"under {rules.name} (pure_karaten_is_tenpai: false)")  # fmt: skip


def check_tenpai(listed: tuple[str, ...], hands: object, rules: Rules) -> tuple[tuple[str, ...], list[str]]:
    """(seats that count as tenpai, notes): the claims checked against the hands given."""
    if hands is None:
        return listed, []
    if not isinstance(hands, dict):
        raise InvalidContext(
            f"draw.hands must be a mapping of seat to hand, got {short(hands)}", detail="bad_draw_hands"
        )
    given = {table_seat(k, "draw.hands", table_seats(rules.players)): v for k, v in hands.items()}
    stray = [s for s in given if s not in listed]
    if stray:
        raise InvalidContext(
            f"draw.hands: {stray[0]} is not listed tenpai (hands check tenpai claims)",
            detail="hand_not_listed_tenpai",
        )
    notes = {s: karaten_note(s, given[s], rules) for s in listed if s in given}
    tenpai = tuple(s for s in listed if not notes.get(s))
    return tenpai, [n for n in notes.values() if n]


def settle_exhaustive(rnd: Round, draw: dict) -> dict:
    rules = rnd.rules
    nagashi = seat_list(draw.get("nagashi"), "draw.nagashi", rnd.seats)
    if nagashi and not rules.nagashi_mangan:
        raise InvalidContext(
            f"nagashi mangan is not played under {rules.name} (nagashi_mangan: false)",
            detail="nagashi_not_played",
        )
    listed = seat_list(draw.get("tenpai"), "draw.tenpai", rnd.seats)
    tenpai, notes = check_tenpai(listed, draw.get("hands"), rules)
    notes += [f"{s} declared riichi but is noten: a noten riichi is a chombo under most rules"
              for s in rnd.riichi if s not in tenpai]  # fmt: skip
    noten_pay = noten_deltas(tenpai, rules.noten_penalty, rnd.seats)
    deltas = nagashi_deltas(nagashi, rules) if nagashi else noten_pay
    noten = [s for s in rnd.seats if s not in tenpai]
    info = {"kind": "exhaustive", "reason": None, "tenpai": list(tenpai), "noten": noten,
            "nagashi": list(nagashi)}  # fmt: skip
    return outcome(rnd, "exhaustive_draw", deltas, "E" in tenpai, rnd.honba + 1, rnd.sticks,
                   draw=info, warnings=notes)  # fmt: skip


def settle_draw(rnd: Round, draw: object) -> dict:
    kind = draw.get("kind") if isinstance(draw, dict) else None
    if not isinstance(kind, str) or kind not in DRAW_KEYS:  # a list or mapping is not hashable
        raise InvalidContext(
            f"draw must be a mapping with kind: exhaustive or abortive, got {short(draw)}", detail="bad_draw"
        )
    assert isinstance(draw, dict)
    refuse_unknown(draw, DRAW_KEYS[kind], f"draw ({kind}): ")
    check_deposits(rnd, rnd.riichi)
    if kind == "exhaustive":
        return settle_exhaustive(rnd, draw)
    reason = draw.get("reason")
    reasons = THREE_PLAYER_ABORTIVE if rnd.rules.players == 3 else ABORTIVE_REASONS
    if reason not in reasons:
        where = " at a three-player table" if rnd.rules.players == 3 else ""
        raise InvalidContext(
            f"draw.reason must be one of {', '.join(reasons)}{where}, got {short(reason)}",
            detail="bad_abortive_reason",
        )
    assert isinstance(reason, str)
    if not rnd.rules.abortive_draws:
        raise InvalidContext(
            f"abortive draws are not played under {rnd.rules.name} (abortive_draws: false)",
            detail="abortive_draws_not_played",
        )
    if reason == "sanchahou" and rnd.rules.multiple_ron != "double":
        raise InvalidContext(
            f"sanchahou (three rons: an abortive draw) only exists under multiple_ron: double; under "
            f"{rnd.rules.name} (multiple_ron: {rnd.rules.multiple_ron}) settle the rons as wins",
            detail="sanchahou_not_played",
        )
    if reason == "suucha_riichi" and len(rnd.riichi) < 4:
        raise InvalidContext(
            "suucha_riichi (four riichi) needs all four seats in riichi", detail="suucha_riichi_without_four"
        )
    return abortive_outcome(rnd, reason)
