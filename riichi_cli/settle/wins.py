"""Wins: each scored, multiple ron and head bump, pao, and who pays what (honba and deposits)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import InvalidContext
from ..core.points import Points, honba_share, payments
from ..core.rules import Rules
from ..core.scoring import Result, score_request
from ..core.tiles import DRAGONS, WINDS, name
from ..io.mapping import build_request
from ..io.report import result_dict
from .outcome import abortive_outcome, outcome
from .read import Entry, Round, check_deposits, declared_riichi, prefixed, read_entries, scorer_mapping


def score_entry(e: Entry, rnd: Round) -> Result:
    with prefixed(e.label):
        return score_request(build_request(scorer_mapping(e, rnd), rnd.rules))


@dataclass(init=False)  # a native __init__, see read.Round
class Pao:
    """A liability: ``part`` of the hand's ``of`` yakuman are paid by ``liable``."""

    liable: str
    yakuman: tuple[str, ...]
    part: int
    of: int

    def __init__(self, liable: str, yakuman: tuple[str, ...], part: int, of: int) -> None:
        self.liable, self.yakuman, self.part, self.of = liable, yakuman, part, of


@dataclass(init=False)
class Scored:
    entry: Entry
    result: Result
    pao: Pao | None

    def __init__(self, entry: Entry, result: Result, pao: Pao | None) -> None:
        self.entry, self.result, self.pao = entry, result, pao


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
        # the object says what this winner actually gets: its share of honba and deposits, pao (set on
        # the dict: a copy of the Result with them took some 24,000 instructions a win)
        won = result_dict(s.result, s.entry.raw.get("id"), None, honba, sticks)
        won["payments"] = pay
        wins.append(won)
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
