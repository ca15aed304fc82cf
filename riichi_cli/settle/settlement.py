"""Settling the end of a round (docs/input.md, "Settlement files"): each seat's change and what comes next.

Pure core: a mapping (as read from YAML) in, the dict of docs/output.md out; no click, rich, yaml, I/O.
Seats are seat winds; East deals. Choices made here:

- Every result has the same keys: id, ok, error, kind, rules, wins, skipped, pao, draw, chombo,
  deltas, dealer_continues, next, scores, warnings. ``kind`` is ``win``, ``exhaustive_draw``,
  ``abortive_draw`` or ``chombo``. ``draw`` is ``{kind, reason, tenpai, noten, nagashi}`` and ``chombo``
  ``{seat, reason, penalty, deduction, sticks_returned}`` (``null`` for other outcomes); ``pao`` lists
  ``{seat_wind, liable, yakuman, scope, liable_pays}``; ``scores`` is ``null`` unless the input gives
  ``scores``. A refusal has ``ok: false``, ``error: {code, message}`` and the other keys empty.
- Validation errors use the codes of docs/output.md: ``invalid_context`` for the settlement itself;
  a win that does not score keeps its own code (``not_a_win``, ``furiten``, ...), its message prefixed
  ``win N (SEAT):``.
  Every win is scored, a head-bumped one too: a ron that could not be called is an input error.
- Several rons: ``wins`` run in turn order from the discarder (the head-bump order). Each win's
  ``payments`` is what that winner actually gets (its hand, the honba paid to it, the deposits it takes),
  so ``deltas`` is their sum. Three rons under ``multiple_ron: double`` are an abortive draw (sanchahou).
- Deposits: all to the first winner after the discarder; under ``own_stick_back`` (EMA) each winning
  riichi declarer of a multiple ron first takes back their own stick.
- Pao: ``pao: SEAT`` on a win. On tsumo the liable seat pays the covered part; on ron the liable seat and
  the discarder pay half of it each; the honba are paid by the liable seat, or on a ron by the discarder
  under ``pao_honba: discarder`` (EMA). ``pao_scope: share`` covers only the liable yakuman's share of a
  stacked hand, the rest is paid as usual. Liability needs a liable player: every set of the yakuman
  declared and at least one of them called (the last one came from the liable seat); suukantsu needs a
  daiminkan. Under ``pao_daiminkan`` a rinshan tsumo after a daiminkan is paid in full by the seat that
  fed the kan (``pao:`` names it), as a tsumo's total, honba included.
- Abortive draws are refused under ``abortive_draws: false``; ``sanchahou`` (three rons) only exists
  under ``multiple_ron: double``.
- Chombo: the hand is replayed, so this hand's riichi sticks go back to their owners: +1000 each in
  ``deltas`` and out of ``next.riichi_sticks`` (earlier deposits stay). ``chombo: points`` moves nothing
  at the table; ``chombo.deduction`` is taken off the final score at the end of the game.

So ``sum(deltas) == 1000 * (riichi_sticks - next.riichi_sticks)`` for every outcome.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ..core.decompose import winning_tiles
from ..core.errors import InvalidContext, InvalidHand, RiichiError, did_you_mean, short
from ..core.notation import check_limits, parse_written
from ..core.points import Points, honba_share, payments, table_points
from ..core.record import replace
from ..core.rules import Rules, resolve_rules
from ..core.scoring import Result, score_request
from ..core.tiles import DRAGONS, SEATS, WINDS, name, table_seats
from ..io.mapping import KEYS, build_request, count, read_id, read_rules, seat
from ..io.report import checked, error_object, result_dict

STICK = 1000  # one riichi deposit
MANGAN_BASE = 2000  # nagashi mangan and the reverse-mangan chombo are sized as a mangan tsumo
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


@contextmanager
def prefixed(label: str) -> Iterator[None]:
    """Re-raise a refusal with ``label`` in front, keeping its code and the place it points at."""
    try:
        yield
    except RiichiError as e:
        raise e.reworded(f"{label}: {e.message}") from None


# -- reading the round ----------------------------------------------------------------------


@dataclass(frozen=True)
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


# -- wins -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One win as given: ``label`` names it in messages, ``raw`` holds its input keys (no pao)."""

    label: str
    seat: str
    tsumo: bool
    discarder: str | None
    pao: str | None
    riichi: bool
    raw: dict


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


def score_entry(e: Entry, rnd: Round) -> Result:
    with prefixed(e.label):
        return score_request(build_request(scorer_mapping(e, rnd), rnd.rules))


# -- pao and payments -----------------------------------------------------------------------


@dataclass(frozen=True)
class Pao:
    """A liability: ``part`` of the hand's ``of`` yakuman are paid by ``liable``."""

    liable: str
    yakuman: tuple[str, ...]
    part: int
    of: int


@dataclass(frozen=True)
class Scored:
    entry: Entry
    result: Result
    pao: Pao | None


def check_one_tile(scored: list[Scored]) -> None:
    """Rons on one discard all win on that tile."""
    tiles = {s.entry.seat: name(s.result.hand.win_tile, s.result.hand.win_red) for s in scored}
    if len(set(tiles.values())) > 1:
        found = ", ".join(f"{k} on {v}" for k, v in tiles.items())
        raise InvalidContext(
            f"rons on one discard win on one tile, not {found}", detail="rons_on_different_tiles"
        )


def pao_yakuman(rules: Rules) -> tuple[str, ...]:
    """The yakuman a player can be liable for under ``rules`` (none when pao is off)."""
    if not rules.pao:
        return ()
    return ("daisangen", "daisuushii") + (("suukantsu",) if rules.pao_suukantsu else ())


def liability_problem(yakuman: str, res: Result) -> str | None:
    """Why no one can be liable for ``yakuman`` in this hand, or None when someone can.

    Pao falls on the player who let the last set be called, so every set of the yakuman is declared
    (pon, kan or concealed kan) and at least one was called; suukantsu's fourth kan is a daiminkan.
    """
    melds = res.hand.melds
    if yakuman == "suukantsu":
        if not any(m.kind == "kan" for m in melds):
            return "suukantsu without a daiminkan (kan:): no one fed the fourth kan"
        return None
    tiles = DRAGONS if yakuman == "daisangen" else WINDS
    declared = {m.tiles[0]: m for m in melds if not m.is_chi}
    hidden = [name(t) for t in tiles if t not in declared]
    if hidden:
        return (f"{yakuman} with the {' '.join(hidden)} set concealed in the hand: liability needs every set "
                "declared, the last one called from the liable player")  # fmt: skip
    if not any(declared[t].is_open for t in tiles):
        return f"{yakuman} with every set a concealed kan: no set was called, so no one fed it"
    return None


def daiminkan_rinshan(res: Result, rules: Rules) -> bool:
    """A rinshan tsumo with a daiminkan in the hand, where ``pao_daiminkan`` makes its feeder liable."""
    ctx = res.context
    return rules.pao_daiminkan and ctx.tsumo and ctx.rinshan and any(m.kind == "kan" for m in res.hand.melds)


def read_pao(e: Entry, res: Result, rules: Rules) -> Pao | None:
    """The liability a win names, checked against its yakuman (or its rinshan after a daiminkan)."""
    if e.pao is None:
        return None
    eligible = pao_yakuman(rules)
    if not eligible and not rules.pao_daiminkan:
        raise InvalidContext(
            f"{e.label}: pao is not played under {rules.name} (pao: false)", detail="pao_not_played"
        )
    found = [(y.id, y.yakuman) for y in res.yaku if y.yakuman and y.id in eligible]
    problems = {y: liability_problem(y, res) for y, _ in found}
    found = [(y, n) for y, n in found if problems[y] is None]
    if found:
        share = sum(n for _, n in found)
        part = res.yakuman if rules.pao_scope == "whole" else share
        return Pao(e.pao, tuple(y for y, _ in found), part, res.yakuman)
    if daiminkan_rinshan(res, rules):
        return Pao(e.pao, (), 1, 1)  # the whole hand
    why = next((p for p in problems.values() if p), None)
    if why:
        raise InvalidContext(
            f"{e.label}: pao names {e.pao}, but no one can be liable: {why}", detail="pao_not_liable"
        )
    reasons = [f"the hand has no {' or '.join(eligible)}"] if eligible else []
    reasons += ["the win is not a rinshan tsumo after a daiminkan"] if rules.pao_daiminkan else []
    raise InvalidContext(
        f"{e.label}: pao names {e.pao}, but {' and '.join(reasons)}", detail="pao_without_yakuman"
    )


def scaled(p: Points, num: int, den: int) -> Points:
    """Each payer's share times num/den (exact for yakuman, whose shares are multiples of 8000)."""

    def f(x: int | None) -> int | None:
        return None if x is None else x * num // den

    return Points(f(p.ron), f(p.tsumo_dealer), f(p.tsumo_other))


def win_payments(res: Result, honba: int, sticks: int, pao: Pao | None, rules: Rules) -> dict[str, int]:
    """Each seat's change for one winner who takes ``honba`` counters and ``sticks`` deposits."""
    winner, discarder = res.context.seat_wind, res.context.discarder
    if pao is None or pao.liable == discarder:  # a liable discarder pays it all anyway
        return payments(res.points, winner, discarder, honba, sticks, rules)
    delta = payments(scaled(res.points, pao.of - pao.part, pao.of), winner, discarder, 0, sticks, rules)
    # The hand's total as the winner collects it: with three players a tsumo's, tsumo loss included.
    part = res.points.total * pao.part // pao.of
    liable_pays = part if discarder is None else part // 2
    owed = {pao.liable: liable_pays}
    if discarder is not None:
        owed[discarder] = part - liable_pays
    honba_payer = discarder if discarder is not None and rules.pao_honba == "discarder" else pao.liable
    # The liable player of a tsumo pays what the other payers' honba would have been.
    payers = rules.players - 1
    tsumo_honba = payers * honba_share(rules, payers)
    owed[honba_payer] += honba * (rules.honba_points if discarder is not None else tsumo_honba)
    for s, amount in owed.items():
        delta[s] -= amount
        delta[winner] += amount
    return delta


def shares(winners: list[Entry], rnd: Round, declared: tuple[str, ...]) -> list[tuple[int, int]]:
    """(honba, deposits) each winner takes, nearest to the discarder first."""
    sticks = [0] * len(winners)
    if rnd.rules.own_stick_back:
        sticks = [int(w.seat in declared) for w in winners]
    sticks[0] += rnd.sticks - sum(sticks)
    each = rnd.rules.multiple_ron_honba == "each"
    return [(rnd.honba if i == 0 or each else 0, n) for i, n in enumerate(sticks)]


def resolve_rons(scored: list[Scored], rules: Rules) -> tuple[list[Scored], list[dict], bool]:
    """(winners, skipped, abortive) of the wins under ``multiple_ron``."""
    if len(scored) > 1 and rules.multiple_ron == "head_bump":
        return scored[:1], [skip(s, "head bump") for s in scored[1:]], False
    if len(scored) == 3 and rules.multiple_ron == "double":
        if not rules.abortive_draws:
            raise InvalidContext(
                "three rons under multiple_ron: double make an abortive draw (sanchahou), which "
                f"{rules.name} does not play (abortive_draws: false)",
                detail="abortive_draws_not_played",
            )
        return [], [skip(s, "triple ron: abortive draw (sanchahou)") for s in scored], True
    return scored, [], False


def skip(s: Scored, reason: str) -> dict:
    return {"seat_wind": s.entry.seat, "reason": reason}


def settle_wins(rnd: Round, raw: object) -> dict:
    entries = read_entries(raw, rnd)
    declared = declared_riichi(rnd, entries)
    check_deposits(rnd, declared)
    scored = []
    for e in entries:
        res = score_entry(e, rnd)
        scored.append(Scored(e, res, read_pao(e, res, rnd.rules)))
    check_one_tile(scored)
    winners, skipped, abortive = resolve_rons(scored, rnd.rules)
    if abortive:
        return abortive_outcome(rnd, "sanchahou", skipped=skipped)
    wins, paos, deltas = [], [], dict.fromkeys(rnd.seats, 0)
    splits = shares([s.entry for s in winners], rnd, declared)
    for s, (honba, sticks) in zip(winners, splits):
        pay = win_payments(s.result, honba, sticks, s.pao, rnd.rules)
        # the Result keeps what this winner actually gets: its share of honba and deposits, pao
        wins.append(result_dict(replace(s.result, payments=pay), s.entry.raw.get("id"), None, honba, sticks))
        paos += [pao_dict(s, pay)] if s.pao else []
        deltas = {k: deltas[k] + pay[k] for k in rnd.seats}
    stays = any(s.entry.seat == "E" for s in winners)
    paid = sum(n for _, n in splits)
    return outcome(rnd, "win", deltas, stays, rnd.honba + 1 if stays else 0, rnd.sticks - paid,
                   wins=wins, skipped=skipped, pao=paos)  # fmt: skip


def pao_dict(s: Scored, pay: dict[str, int]) -> dict:
    assert s.pao is not None
    scope = "whole" if s.pao.part == s.pao.of else "share"
    return {"seat_wind": s.entry.seat, "liable": s.pao.liable, "yakuman": list(s.pao.yakuman),
            "scope": scope, "liable_pays": -pay[s.pao.liable]}  # fmt: skip


# -- draws and chombo -----------------------------------------------------------------------


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
        pay = payments(table_points(MANGAN_BASE, s == "E", True, rules), s, None, 0, 0, rules)
        deltas = {k: deltas[k] + pay[k] for k in deltas}
    return deltas


def draw_waits(text: str, rules: Rules) -> tuple[list[int], list[int]]:
    """(concealed counts, waits by shape) of a 13-tile hand at a draw; pure karaten waits included."""
    held = parse_written(text)
    if held.size != 13:
        raise InvalidHand(
            f"a hand at a draw has 13 tiles (a meld counts 3), this one has {held.size}",
            text,
            detail="wrong_tile_count",
        )
    check_limits(held.pairs(), rules.aka_dora, text)
    return list(held.counts), winning_tiles(held.counts)


def karaten_note(s: str, text: object, rules: Rules) -> str | None:
    """None when a hand claimed tenpai counts as tenpai; a note when it is pure karaten that does not."""
    label = f"draw.hands.{s}"
    if not isinstance(text, str):
        raise InvalidContext(
            f"{label} must be a hand in tile notation, got {short(text)}", detail="bad_hand_type"
        )
    with prefixed(label):
        counts, waits = draw_waits(text, rules)
    if not waits:
        raise InvalidContext(
            f"{label}: {s} is listed tenpai, but {text} is not tenpai", detail="tenpai_claim_not_tenpai"
        )
    if rules.pure_karaten_is_tenpai or any(counts[t] < 4 for t in waits):
        return None
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


def abortive_outcome(rnd: Round, reason: str, skipped: list[dict] | None = None) -> dict:
    """No payments, the dealer stays, honba + 1, deposits stay."""
    info = {"kind": "abortive", "reason": reason, "tenpai": [], "noten": [], "nagashi": []}
    return outcome(rnd, "abortive_draw", dict.fromkeys(rnd.seats, 0), True, rnd.honba + 1, rnd.sticks,
                   draw=info, skipped=skipped or [])  # fmt: skip


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


def chombo_deltas(offender: str, rules: Rules) -> dict[str, int]:
    """The table payment of ``chombo``: a reverse mangan tsumo under ``mangan``, nothing otherwise."""
    if rules.chombo != "mangan":
        return dict.fromkeys(table_seats(rules.players), 0)
    pay = payments(table_points(MANGAN_BASE, offender == "E", True, rules), offender, None, 0, 0, rules)
    return {s: -v for s, v in pay.items()}


def settle_chombo(rnd: Round, raw: object) -> dict:
    if not isinstance(raw, dict):
        raise InvalidContext(
            f"chombo must be a mapping like {{seat: N, reason: ...}}, got {short(raw)}", detail="bad_chombo"
        )
    refuse_unknown(raw, CHOMBO_KEYS, "chombo: ")
    offender = table_seat(raw.get("seat"), "chombo.seat", rnd.seats)
    reason = raw.get("reason")
    if reason is not None and not isinstance(reason, str):
        raise InvalidContext(f"chombo.reason must be text, got {short(reason)}", detail="bad_chombo_reason")
    check_deposits(rnd, rnd.riichi)
    rules = rnd.rules
    deltas = chombo_deltas(offender, rules)
    for s in rnd.riichi:  # the hand is replayed: this hand's sticks go back to their owners
        deltas[s] += STICK
    info = {"seat": offender, "reason": reason, "penalty": rules.chombo,
            "deduction": rules.chombo_points if rules.chombo == "points" else 0,
            "sticks_returned": list(rnd.riichi)}  # fmt: skip
    notes = [f"chombo carries no penalty under {rules.name} (chombo: none)"] if rules.chombo == "none" else []
    return outcome(rnd, "chombo", deltas, True, rnd.honba, rnd.sticks - len(rnd.riichi),
                   chombo=info, warnings=notes)  # fmt: skip


# -- the result -----------------------------------------------------------------------------


def blank(ident: object = None) -> dict:
    """Every key of a settlement, empty."""
    return {"id": ident, "ok": True, "error": None, "kind": None, "rules": None, "wins": [], "skipped": [],
            "pao": [], "draw": None, "chombo": None, "deltas": None, "dealer_continues": None,
            "next": None, "scores": None, "warnings": []}  # fmt: skip


def outcome(
    rnd: Round, kind: str, deltas: dict[str, int], stays: bool, honba: int, sticks: int, **parts
) -> dict:
    """The settlement object; final scores and a below-zero warning when the round gives scores."""
    out = blank(rnd.id)
    out.update(kind=kind, rules=rnd.rules.name, deltas=deltas, dealer_continues=stays,
               next={"honba": honba, "riichi_sticks": sticks}, **parts)  # fmt: skip
    if rnd.scores is not None:
        out["scores"] = {s: rnd.scores[s] + deltas[s] for s in rnd.seats}
        below = [(s, v) for s, v in out["scores"].items() if v < 0]
        out["warnings"] = out["warnings"] + [f"{s} ends below zero ({v}): the game is over under most rules"
                                             for s, v in below]  # fmt: skip
    return out


def error_result(err: RiichiError) -> dict:
    """The settlement object of a refused settlement."""
    return {**blank(), "ok": False, "error": error_object(err)}


def settle_checked(mapping: object, rules: Rules | None = None) -> tuple[dict, RiichiError | None]:
    """Settle one round; ``rules`` are the defaults its ``rules:``/``rule_options:`` may override.
    Returns (the settlement object, the refusal or None); never raises for bad input."""
    return checked(lambda: settle_round(mapping, rules), error_result)


def settle(mapping: object, rules: Rules | None = None) -> dict:
    """The docs/input.md, docs/output.md object of one round (``ok: false`` with the error for bad input)."""
    return settle_checked(mapping, rules)[0]


def settle_round(mapping: object, rules: Rules | None = None) -> dict:
    """Settle one round, or raise the refusal."""
    rnd = read_round(mapping, rules)
    assert isinstance(mapping, dict)
    if mapping.get("wins") is not None:
        return settle_wins(rnd, mapping["wins"])
    if mapping.get("draw") is not None:
        return settle_draw(rnd, mapping["draw"])
    return settle_chombo(rnd, mapping["chombo"])
