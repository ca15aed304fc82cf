"""Reading a settlement mapping (docs/input.md, "Settlement files"): the round's keys and every
win's, checked, and the scorer's input mapping of each win. No rules of payment here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidContext, RiichiError, did_you_mean, short
from ..core.rules import Rules, resolve_rules
from ..core.tiles import SEATS, table_seats
from ..io.mapping import KEYS
from ..io.rules_input import read_rules
from ..io.values import count, read_id, seat

OUTCOMES = ("wins", "draw", "chombo")
ROUND_KEYS = frozenset(
    {"rules", "rule_options", "round_wind", "honba", "riichi_sticks", "riichi", "dora", "ura", "scores", "id"}
    | set(OUTCOMES)
)
#: Keys the round sets once; a win may not give its own.
ROUND_ONLY = frozenset({"rules", "rule_options", "round_wind", "honba", "riichi_sticks"})
WIN_KEYS = (KEYS - ROUND_ONLY) | {"pao"}
ABORTIVE_REASONS = ("kyuushu", "suufon", "suucha_riichi", "suukan", "sanchahou")
#: Three players: four winds, four riichi and a triple ron cannot happen (README, "Three players").
THREE_PLAYER_ABORTIVE = ("kyuushu",)
DRAW_KEYS = {"exhaustive": {"kind", "tenpai", "nagashi", "hands"}, "abortive": {"kind", "reason"}}
CHOMBO_KEYS = {"seat", "reason"}


def prefixed(label: str) -> Prefixed:
    """Re-raise a refusal with ``label`` in front, keeping its code and the place it points at."""
    return Prefixed(label)


class Prefixed:
    """The context of `prefixed`: a class, compiled, where a ``@contextmanager`` generator ran through
    contextlib's interpreted code for each win scored (about 3% of a replay)."""

    def __init__(self, label: str) -> None:
        self.label = label

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, error: BaseException | None, trace: object) -> None:
        if isinstance(error, RiichiError):  # any other error goes on as it is (None: not swallowed)
            raise error.reworded(f"{self.label}: {error.message}") from None


# Round and Entry (and wins.Scored, wins.Pao) write their own __init__: compiled, it is native, where a
# dataclass's generated one runs as interpreted Python (about 14,000 instructions per Round). Not
# frozen (a compiled frozen dataclass cannot have its own __init__); they compare by value as before.


@dataclass(init=False)
class Round:
    """The round-level keys, checked. ``riichi`` is the seats that declared riichi this round."""

    rules: Rules
    round_wind: str
    honba: int
    sticks: int
    riichi: tuple[str, ...]
    dora: Any
    ura: Any
    scores: dict[str, int] | None
    id: Any

    def __init__(self, rules: Rules, round_wind: str, honba: int, sticks: int, riichi: tuple[str, ...],
                 dora: Any, ura: Any, scores: dict[str, int] | None, id: Any) -> None:  # fmt: skip
        self.rules, self.round_wind, self.honba, self.sticks = rules, round_wind, honba, sticks
        self.riichi, self.dora, self.ura, self.scores, self.id = riichi, dora, ura, scores, id

    @property
    def seats(self) -> str:
        """The seats at the table: E S W N, or E S W with three players."""
        return table_seats(self.rules.players)


def refuse_unknown(mapping: dict, allowed: set | frozenset, where: str) -> None:
    unknown = [k for k in mapping if k not in allowed]
    if unknown:
        valid = ", ".join(sorted(map(str, allowed)))
        hint = did_you_mean(unknown[0], map(str, allowed))
        raise InvalidContext(
            f"{where}unknown key {short(unknown[0])}{hint}; valid keys: {valid}", detail="unknown_key"
        )


def table_seat(value: object, key: str, seats: str = SEATS) -> str:
    """`seat`, refusing North at a three-player table."""
    s = seat(value, key)
    if s not in seats:
        raise InvalidContext(f"{key}: {s} is not a seat at a three-player table (E, S, W)", detail="bad_seat")
    return s


def seat_list(value: object, key: str, table: str = SEATS) -> tuple[str, ...]:
    """A list of seats (``[S, W]``, or one seat), in seat order; a seat listed twice is refused."""
    if value is None:
        return ()
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)):
        raise InvalidContext(
            f"{key} must be a list of seats like [S, W], got {short(value)}", detail="bad_seat_list"
        )
    seats: list[str] = []
    for v in items:  # stops at the first repeat, so a huge list costs nothing
        s = table_seat(v, key, table)
        if s in seats:
            raise InvalidContext(f"{key}: seat {s} is listed twice", detail="seat_listed_twice")
        seats.append(s)
    return tuple(sorted(seats, key=SEATS.index))


#: Largest score a seat may hold before the settlement (far above any real game).
MAX_SCORE = 10_000_000


def read_scores(value: object, table: str = SEATS) -> dict[str, int] | None:
    """Optional scores before the settlement: each seat of the table once, whole numbers."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise InvalidContext(
            f"scores must be a mapping like {{E: 25000, S: 25000, ...}}, got {short(value)}",
            detail="bad_scores",
        )
    scores = {seat(k, "scores"): v for k, v in value.items()}
    if len(value) != len(table) or set(scores) != set(table):
        many = "four" if len(table) == 4 else "three"
        message = f"scores must give each of the {many} seats {', '.join(table)} once"
        raise InvalidContext(message, detail="bad_scores")
    for s, v in scores.items():
        if isinstance(v, bool) or not isinstance(v, int) or abs(v) > MAX_SCORE:
            message = f"scores: {s} must be a whole number within ±{MAX_SCORE:,}, got {short(v)}"
            raise InvalidContext(message, detail="bad_scores")
    return {s: scores[s] for s in table}


def read_round(mapping: object, default: Rules | None) -> Round:
    """Check the round-level keys and that exactly one of wins, draw, chombo is given."""
    if not isinstance(mapping, dict):
        raise InvalidContext(
            f"a settlement must be a mapping of keys, got {type(mapping).__name__}", detail="not_a_mapping"
        )
    refuse_unknown(mapping, ROUND_KEYS, "")
    given = [k for k in OUTCOMES if mapping.get(k) is not None]
    if len(given) != 1:
        found = " and ".join(given) if given else "none"
        raise InvalidContext(
            f"give exactly one of wins, draw, chombo (found {found})", detail="not_one_outcome"
        )
    ident = read_id(mapping)
    rules = read_rules(mapping, default or resolve_rules())
    table = table_seats(rules.players)
    return Round(
        rules=rules,
        round_wind=table_seat(mapping.get("round_wind", "E"), "round_wind", table),
        honba=count(mapping.get("honba", 0), "honba"),
        sticks=count(mapping.get("riichi_sticks", 0), "riichi_sticks"),
        riichi=seat_list(mapping.get("riichi"), "riichi", table),
        dora=mapping.get("dora"),
        ura=mapping.get("ura"),
        scores=read_scores(mapping.get("scores"), table),
        id=ident,
    )


def check_deposits(rnd: Round, declared: tuple[str, ...]) -> None:
    """Each riichi declared this round put a stick on the table."""
    if rnd.sticks < len(declared):
        raise InvalidContext(
            f"riichi_sticks is {rnd.sticks}, fewer than the {len(declared)} riichi declared this round "
            f"({', '.join(declared)}); riichi_sticks counts the deposits on the table, this round's included",
            detail="too_few_deposits",
        )


@dataclass(init=False)
class Entry:
    """One win as given: ``label`` names it in messages, ``raw`` holds its input keys (no pao)."""

    label: str
    seat: str
    tsumo: bool
    discarder: str | None
    pao: str | None
    riichi: bool
    raw: dict

    def __init__(self, label: str, seat: str, tsumo: bool, discarder: str | None, pao: str | None,
                 riichi: bool, raw: dict) -> None:  # fmt: skip
        self.label, self.seat, self.tsumo, self.discarder = label, seat, tsumo, discarder
        self.pao, self.riichi, self.raw = pao, riichi, raw


def read_entry(i: int, raw: object, table: str = SEATS) -> Entry:
    """Check one win's keys and its seats."""
    label = f"win {i}"
    if not isinstance(raw, dict):
        raise InvalidContext(
            f"{label}: a win is a mapping of hand keys (hand, win, ...), got {short(raw)}",
            detail="bad_win_entry",
        )
    for key in raw:
        if key in ROUND_ONLY:
            raise InvalidContext(
                f"{label}: {key!r} is set once for the round, not per win", detail="round_key_in_win"
            )
    refuse_unknown(raw, WIN_KEYS, f"{label}: ")
    if raw.get("seat_wind") is None:
        raise InvalidContext(f"{label}: give seat_wind, the winner's seat", detail="win_without_seat")
    who = table_seat(raw["seat_wind"], f"{label} seat_wind", table)
    label = f"win {i} ({who})"
    how = raw.get("win", "ron")
    if how not in ("ron", "tsumo"):
        raise InvalidContext(f"{label}: win must be ron or tsumo, got {short(how)}", detail="bad_win")
    discarder = None if raw.get("from") is None else table_seat(raw["from"], f"{label} from", table)
    pao = None if raw.get("pao") is None else table_seat(raw["pao"], f"{label} pao", table)
    problems = [
        (
            how == "ron" and discarder is None,
            "ron_without_from",
            "a ron needs 'from', the seat that dealt in",
        ),
        (how == "tsumo" and discarder is not None, "tsumo_with_from", "a tsumo has no 'from'"),
        (discarder == who, "deal_in_to_self", f"a win by the discarder: {who} cannot ron their own discard"),
        (
            pao == who,
            "pao_is_winner",
            "the pao seat is the winner; pao names the player liable for the yakuman",
        ),
    ]
    for bad, detail, message in problems:
        if bad:
            raise InvalidContext(f"{label}: {message}", detail=detail)
    riichi = raw.get("riichi") is True or raw.get("double_riichi") is True
    body = {k: v for k, v in raw.items() if k != "pao"}
    return Entry(label, who, how == "tsumo", discarder, pao, riichi, body)


def turns_after(discarder: str | None, s: str, table: str = SEATS) -> int:
    """How many turns after the discarder seat ``s`` plays: the head-bump order."""
    return 0 if discarder is None else (table.index(s) - table.index(discarder)) % len(table)


def read_entries(raw: object, rnd: Round) -> list[Entry]:
    """Every win, checked together, nearest to the discarder first."""
    if not isinstance(raw, list) or not raw:
        raise InvalidContext(f"wins must be a non-empty list of wins, got {short(raw)}", detail="bad_wins")
    table = rnd.seats
    if len(raw) > len(table) - 1:
        most = len(table) - 1
        raise InvalidContext(
            f"{len(raw)} wins: at most {most} (the players other than the discarder)", detail="too_many_wins"
        )
    entries = [read_entry(i, w, table) for i, w in enumerate(raw, 1)]
    seats = [e.seat for e in entries]
    twice = next((s for s in seats if seats.count(s) > 1), None)
    if twice:
        raise InvalidContext(f"seat {twice} wins twice", detail="seat_wins_twice")
    for e in entries:
        said = "riichi" in e.raw or "double_riichi" in e.raw
        if e.seat in rnd.riichi and said and not e.riichi:
            raise InvalidContext(
                f"{e.label}: listed in riichi, but the win says riichi: false", detail="riichi_contradiction"
            )
    if len(entries) > 1:
        check_multiple(entries)
    return sorted(entries, key=lambda e: turns_after(e.discarder, e.seat, table))


def check_multiple(entries: list[Entry]) -> None:
    """Several wins are rons on one discard, by players other than the discarder."""
    tsumo = [e.seat for e in entries if e.tsumo]
    if len(tsumo) > 1:
        raise InvalidContext(
            f"two tsumo wins ({' and '.join(tsumo)}): only one player can win by tsumo",
            detail="two_tsumo_wins",
        )
    if tsumo:
        raise InvalidContext(
            f"{tsumo[0]} wins by tsumo beside a ron: several wins are rons on one discard",
            detail="tsumo_beside_ron",
        )
    discarders = sorted({e.discarder or "" for e in entries}, key=SEATS.index)
    if len(discarders) > 1:
        raise InvalidContext(
            f"rons from different seats ({', '.join(discarders)}): several wins share a 'from'",
            detail="rons_from_different_seats",
        )
    if discarders[0] in {e.seat for e in entries}:
        raise InvalidContext(
            f"a win by the discarder: {discarders[0]} dealt in and cannot also win", detail="discarder_wins"
        )


def declared_riichi(rnd: Round, entries: list[Entry]) -> tuple[str, ...]:
    """The round's riichi list and every winner whose win says riichi."""
    seats = set(rnd.riichi) | {e.seat for e in entries if e.riichi}
    return tuple(s for s in SEATS if s in seats)


def scorer_mapping(e: Entry, rnd: Round) -> dict:
    """The input mapping (docs/input.md) the scorer gets: the win's keys plus the round's."""
    m = dict(e.raw, round_wind=rnd.round_wind, honba=rnd.honba, riichi_sticks=0)
    if e.seat in rnd.riichi and "riichi" not in m and "double_riichi" not in m:
        m["riichi"] = True  # the round's riichi list speaks for the winner
    if "dora" not in m and rnd.dora is not None:
        m["dora"] = rnd.dora
    if "ura" not in m and rnd.ura is not None and (m.get("riichi") or m.get("double_riichi")):
        m["ura"] = rnd.ura
    return m
