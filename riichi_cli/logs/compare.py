"""Score and settle a rebuilt round with riichi's core and compare with the log: the replay objects
of docs/output.md."""

from __future__ import annotations

from ..core.errors import RiichiError
from ..core.rules import Rules
from ..core.scoring import score_request
from ..core.tiles import SEATS
from ..io.mapping import build_request
from ..io.report import checked, error_dict, result_dict
from ..settle.settlement import settle_checked
from .model import Game, Recorded, Round, Win
from .rebuild import seat_wind, settlement
from .tiles import LogError

FIELDS = ("han", "fu", "yakuman", "points", "yaku", "deltas")


def by_seat(rnd: Round, deltas: dict[str, int]) -> list[int]:
    """Seat-wind deltas as a list in absolute seat order (three seats in a three-player game)."""
    return [deltas[seat_wind(rnd, p)] for p in range(rnd.players)]


def recorded_dict(r: Recorded) -> dict:
    yaku = None
    if r.yaku is not None:
        yaku = [{"id": i, "yakuman": n} if ym else {"id": i, "han": n} for i, n, ym in r.yaku if n]
    return {"han": r.han, "fu": r.fu, "yakuman": r.yakuman, "points": r.points, "yaku": yaku,
            "deltas": list(r.deltas)}  # fmt: skip


def computed_dict(score: dict, deltas: list[int]) -> dict:
    yaku = [{k: v for k, v in item.items() if k != "name"} for item in score["yaku"]]
    return {"han": score["han"], "fu": score["fu"], "yakuman": score["yakuman"],
            "points": score["points"]["total"], "yaku": yaku, "deltas": deltas}  # fmt: skip


def _key(item: dict) -> tuple:
    return (item["id"], item.get("han", 0), item.get("yakuman", 0))


def differences(recorded: dict, computed: dict | None) -> list[str]:
    """``"fu: recorded 30, computed 40"`` for each field that differs. What the log leaves out is not
    compared: the fu of tenhou6's limit hands, the yaku of an mjai log that names them in a way riichi
    cannot split (``sangenpai``), everything but the deltas of a log that gives only those."""
    if computed is None:
        return []
    out = []
    only_deltas = recorded["points"] is None
    for f in FIELDS:
        rec, comp = recorded[f], computed[f]
        if only_deltas and f != "deltas" or f in ("fu", "yaku") and rec is None:
            continue
        if f == "yaku" and rec is not None and comp is not None:
            same = sorted(map(_key, rec)) == sorted(map(_key, comp))
        else:
            same = rec == comp
        if not same:
            out.append(f"{f}: recorded {_show(rec)}, computed {_show(comp)}")
    return out


def _show(value: object) -> str:
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return " ".join(f"{d['id']}{'*' + str(d['yakuman']) if 'yakuman' in d else ':' + str(d['han'])}"
                        for d in value)  # fmt: skip
    return "null" if value is None else str(value)


def base(source: str, ref: str, rnd: Round) -> dict:
    return {"source": source, "game": ref, "round": rnd.index, "kyoku": rnd.name, "honba": rnd.honba}


def error_object(source: str, ref: str, index: int | None, code: str, message: str) -> dict:
    return {"source": source, "game": ref, "round": index, "kind": "error",
            "error": {"code": code, "message": message}}  # fmt: skip


def replay_round(rnd: Round, rules: Rules, source: str, ref: str) -> list[dict]:
    """The replay objects of one round: one per winner, or one for a draw."""
    try:
        mapping = settlement(rnd)
    except (LogError, LookupError, ValueError) as e:  # a corrupt round: say so, go on
        return [
            {**base(source, ref, rnd), "kind": "error", "error": {"code": "bad_round", "message": str(e)}}
        ]
    settled, err = settle_checked(mapping, rules)
    objs = win_objects(rnd, mapping, settled, err, rules, source, ref)
    after = [s - 1000 * (seat_wind(rnd, p) in mapping["riichi"]) for p, s in enumerate(rnd.scores)]
    for d in objs:
        after = [a + b for a, b in zip(after, d["recorded"]["deltas"])]
    for d in objs:
        d["scores"] = after  # the seats' scores once the round is paid, as the log records it
    return objs


def win_objects(rnd: Round, mapping: dict, settled: dict, err: RiichiError | None, rules: Rules,
                source: str, ref: str) -> list[dict]:  # fmt: skip
    if rnd.wins:
        return [win_object(rnd, w, mapping, settled, err, rules, source, ref) for w in rnd.wins]
    assert rnd.draw is not None
    recorded = {"han": None, "fu": None, "yakuman": None, "points": None, "yaku": None,
                "deltas": list(rnd.draw.deltas)}  # fmt: skip
    computed = None if err else {**dict.fromkeys(FIELDS), "deltas": by_seat(rnd, settled["deltas"])}
    diffs = [f"settle: {err.code}: {err.one_line()}"] if err else differences(recorded, computed)
    return [{**base(source, ref, rnd), "kind": "draw", "draw": rnd.draw.reason, "seat": None, "from": None,
             "recorded": recorded, "computed": computed, "agree": not diffs, "differences": diffs,
             "score": None, "settle": settled}]  # fmt: skip


def win_object(rnd: Round, w: Win, mapping: dict, settled: dict, err: RiichiError | None, rules: Rules,
               source: str, ref: str) -> dict:  # fmt: skip
    wind = seat_wind(rnd, w.who)
    recorded = recorded_dict(w.recorded)
    out = {**base(source, ref, rnd), "kind": "win", "seat": w.who, "from": w.source}
    score = next((d for d in settled["wins"] if d["seat_wind"] == wind), None) if err is None else None
    if score is None:  # the settlement refused the round or skipped this winner: say why
        score = alone(mapping, wind, rules)
        computed = None
        if not score["ok"]:
            diffs = [f"score: {score['error']['code']}: {score['error']['message']}"]
        else:
            diffs = [f"settle: {err.code}: {err.one_line()}" if err else "settle: this winner was skipped"]
    else:
        computed = computed_dict(score, by_seat(rnd, score["payments"]))
        computed["yaku"] = kita_as_logged(computed["yaku"], recorded["yaku"])
        diffs = differences(recorded, computed)
    diffs += pao_difference(rnd, w, mapping["wins"][rnd.wins.index(w)].get("pao"))
    return {**out, "recorded": recorded, "computed": computed, "agree": not diffs, "differences": diffs,
            "score": score}  # fmt: skip


def kita_as_logged(computed: list[dict], recorded: list[dict] | None) -> list[dict]:
    """riichi lists kita (nuki dora) as their own item, han = the Norths set aside (an indicator at North
    adds to ``dora``/``ura_dora``). Tenhou's mjlog yaku numbers (0-54, `yaku.MJLOG`) have none for
    kita, so Tenhou can only count them in ``dora`` (52); tenhou6 converters may write ``抜きドラ(N飜)``
    or fold them into ``ドラ`` too. So when the log lists no kita item, the computed kita han are moved
    into dora, and the yaku agree when the log counted the same dora in all; a log that lists kita is
    compared item by item; the total han is compared either way. (Not yet checked on a real
    three-player log: none is at hand.)"""
    kita = next((d for d in computed if d["id"] == "kita"), None)
    if kita is None or recorded is not None and any(d["id"] == "kita" for d in recorded):
        return computed
    rest = [d for d in computed if d is not kita]
    dora = next((d for d in rest if d["id"] == "dora"), None)
    if dora is None:
        return [*rest, {"id": "dora", "han": kita["han"]}]
    return [{**d, "han": d["han"] + kita["han"]} if d is dora else d for d in rest]


def pao_difference(rnd: Round, w: Win, liable: str | None) -> list[str]:
    """The liable seat the log names against the one the calls show (the seat that fed the set); -1 is a
    log that does not name it (mjai: its deltas tell)."""
    if w.pao == -1:
        return []
    found = None if liable is None else (SEATS.index(liable) + rnd.dealer) % rnd.players
    if found == w.pao:
        return []
    return [f"pao: recorded {_show(w.pao)}, computed {_show(found)}"]


def alone(mapping: dict, wind: str, rules: Rules) -> dict:
    """One win scored by itself (to show why the settlement refused it)."""
    win = dict(next(m for m in mapping["wins"] if m["seat_wind"] == wind))
    win.pop("pao", None)
    win.update(round_wind=mapping["round_wind"], honba=mapping["honba"])
    echo: dict = {}
    return checked(lambda: result_dict(score_request(build_request(win, rules, echo))),
                   lambda err: error_dict(err, echo))[0]  # fmt: skip


def replay_game(game: Game, rules: Rules, source: str) -> list[dict]:
    """Every round end of a game, in log order, with the rounds that could not be read in place."""
    if not game.rounds and not game.problems:
        return [error_object(source, game.ref, None, "unreadable", "the log holds no round")]
    out = [(r.index, replay_round(r, rules, source, game.ref)) for r in game.rounds]
    for i, why, kyoku, honba in game.problems:
        bad = error_object(source, game.ref, i, "bad_round", why)
        out.append((i, [{**bad, "kyoku": kyoku, "honba": honba}]))
    out.sort(key=lambda x: x[0])
    return [d for _, objs in out for d in objs]
