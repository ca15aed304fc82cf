"""A game as read (`Game`, any format) written in another: tenhou6 JSON or mjai JSON lines.

Pure: objects in, JSON-ready objects and the list of what the target cannot hold out; the files are
written by :mod:`riichi_cli.files.convert`. Everything a round needs to be replayed is kept (hands,
draws, discards with tsumogiri, riichi, every call, kan dora, ura indicators, red fives, results and
deltas), and what each target has room for besides (tenhou6: names, ranks, rates, lobby rules, final
scores; mjai: names, and gimite's ``fu``/``fan``/``yakus``/``hora_points`` on each win).
"""

from __future__ import annotations

from typing import Final
from urllib.parse import unquote

from .melds import ANKAN, CHI, KAKAN, KAN, NUKI, PON, Meld, relative_seat
from .mjai import HONOURS, YAKU, YAKUMAN_FAN
from .model import Call, Discard, Dora, Draw, Game, Recorded, Riichi, Round, Win
from .rebuild import Table, tenpai_seats
from .tenhou6 import DRAW_NAMES, WIN_NAME
from .tiles import is_red, kind_of
from .yaku import JAPANESE

TARGETS: Final = ("tenhou6", "mjai")
#: Tenhou's ranks by the number in mjlog's ``dan``.
DAN: Final = ("新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級", "初段", "二段",
              "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳")  # fmt: skip
ROOMS: Final = {0x00: "般", 0x80: "上", 0x20: "特", 0xA0: "鳳"}
WIND_KANJI: Final = "東南西北"
#: riichi's yaku ids -> Tenhou's names (the first spelling `yaku.JAPANESE` reads)
NAMES: Final = {v: k for k, v in reversed(list(JAPANESE.items())) if not k.isascii()}
LIMITS: Final = ((13, "役満"), (11, "三倍満"), (8, "倍満"), (6, "跳満"), (5, "満貫"))
#: draw reasons -> mjai ``ryukyoku`` reasons (gimite's words)
MJAI_DRAWS: Final = {"exhaustive": "fanpai", "kyuushu": "kyushukyuhai", "suufon": "sufonrenta",
                     "suucha_riichi": "suchareach", "suukan": "sukaikan",
                     "sanchahou": "sanchaho"}  # fmt: skip
TENHOU6_DRAWS: Final = {v: k for k, v in reversed(list(DRAW_NAMES.items()))}


# -- tiles ------------------------------------------------------------------------------------------


def t6(t: int) -> int:
    """A tile as a tenhou6 code: 11-19, 21-29, 31-39 the suits, 41-47 the honours, 51-53 red fives."""
    k = kind_of(t)
    if is_red(t):
        return 51 + k // 9
    return 41 + k - 27 if k >= 27 else (k // 9 + 1) * 10 + k % 9 + 1


def mj(t: int) -> str:
    """A tile as mjai writes it: ``5mr``, ``E``, ``P``..."""
    k = kind_of(t)
    if k >= 27:
        return HONOURS[k - 27]
    return f"{k % 9 + 1}{'mps'[k // 9]}" + ("r" if is_red(t) else "")


def _order(tiles: list[int]) -> list[int]:
    """By kind, a red five after the plain ones (as Tenhou's export writes hands and calls)."""
    return sorted(tiles)


# -- tenhou6 ----------------------------------------------------------------------------------------


def call_string(meld: Meld, rel: int) -> str:
    """A tenhou6 call: the letter stands before the called tile, where the seat it came from sits
    (first from the left, in the middle from across, last from the right)."""
    rest = list(meld.tiles)
    rest.remove(meld.called)
    codes = [str(t6(t)) for t in _order(rest)]
    letter = {CHI: "c", PON: "p", KAN: "m"}[meld.kind]
    at = {3: 0, 2: 1, 1: len(codes)}[rel] if meld.kind != CHI else 0
    return "".join(codes[:at]) + letter + str(t6(meld.called)) + "".join(codes[at:])


def ankan_string(meld: Meld) -> str:
    """``151515a51``: three tiles, the letter, the fourth (a red five last)."""
    codes = [str(t6(t)) for t in _order(list(meld.tiles))]
    return "".join(codes[:3]) + "a" + codes[3]


class _Deal:
    """One round's draws and discards per seat, as tenhou6 lists them."""

    def __init__(self, rnd: Round) -> None:
        self.draws: list[list] = [[] for _ in rnd.hands]
        self.discards: list[list] = [[] for _ in rnd.hands]
        self.dora = [t6(rnd.dora[0])]
        self.pons: dict[tuple[int, int], str] = {}  # (seat, kind) -> the pon's string, for its kakan
        self.declaring: set[int] = set()
        self.fed = -1

    def add(self, e: object) -> None:
        if isinstance(e, Draw):
            self.draws[e.who].append(t6(e.tile))
        elif isinstance(e, Discard):
            code = 60 if e.tsumogiri else t6(e.tile)
            self.discards[e.who].append(f"r{code}" if e.who in self.declaring else code)
            self.declaring.discard(e.who)
            self.fed = e.who
        elif isinstance(e, Riichi) and e.step == 1:
            self.declaring.add(e.who)
        elif isinstance(e, Dora):
            self.dora.append(t6(e.tile))
        elif isinstance(e, Call):
            self.call(e.who, e.meld)

    def call(self, who: int, m: Meld) -> None:
        if m.kind in (CHI, PON, KAN):
            text = call_string(m, relative_seat(who, self.fed))
            self.draws[who].append(text)
            if m.kind == PON:
                self.pons[(who, m.kind_tile)] = text
            if m.kind == KAN:
                self.discards[who].append(0)  # the open kan's place among the discards
        elif m.kind == KAKAN:
            pon = self.pons.get((who, m.kind_tile), "p" + str(t6(m.called)) * 3)
            self.discards[who].append(pon.replace("p", f"k{t6(m.called)}", 1))
        elif m.kind == ANKAN:
            self.discards[who].append(ankan_string(m))
        elif m.kind == NUKI:
            self.discards[who].append("f44")


def base_points(r: Recorded) -> int:
    """The basic points of a win under Tenhou's rules (no rounding up to mangan): fu x 2^(han + 2),
    capped at mangan 2000, haneman 3000, baiman 4000, sanbaiman 6000, yakuman 8000 each."""
    if r.yakuman:
        return 8000 * r.yakuman
    han = r.han or 0
    for least, base in ((13, 8000), (11, 6000), (8, 4000), (6, 3000), (5, 2000)):
        if han >= least:
            return base
    if r.fu is None:  # a log that leaves the fu out of a limit hand (tenhou6): a mangan below 5 han
        return 2000
    return min(2000, r.fu * 2 ** (han + 2))


def _up(x: int) -> int:
    return -(-x // 100) * 100


def value_text(rnd: Round, w: Win) -> str:
    """``30符4飜7700点``, ``満貫2000-4000点``, ``跳満6000点∀`` (a dealer's tsumo): the limit's name or fu
    and han, then the points (a tsumo: what each payer pays before honba, as the hand's value splits)."""
    r = w.recorded
    base = base_points(r)
    limit = "役満" if r.yakuman else next((n for h, n in LIMITS if (r.han or 0) >= h), None)
    head = limit or ("満貫" if base == 2000 else f"{r.fu}符{r.han}飜")
    if w.source is not None:
        return f"{head}{r.points}点"
    if w.who == rnd.dealer:
        return f"{head}{_up(2 * base)}点∀"
    return f"{head}{_up(base)}-{_up(2 * base)}点"


def yaku_text(rnd: Round, w: Win, yaku: str, n: int, yakuman: bool) -> str:
    if yaku == "seat_wind":
        name = f"自風 {WIND_KANJI[(w.who - rnd.dealer) % rnd.players]}"
    elif yaku == "round_wind":
        name = f"場風 {WIND_KANJI[rnd.kyoku // 4 % 4]}"
    else:
        name = NAMES.get(yaku, yaku)
    return f"{name}(役満)" if yakuman else f"{name}({n}飜)"


def result_list(rnd: Round, t: Table | None) -> list:
    """The round's result: ``["和了", deltas, [who, from, pao, value, yaku...], ...]`` or a draw."""
    if rnd.wins:
        out: list = [WIN_NAME]
        for w in rnd.wins:
            liable = (
                t.seats[w.who].liable if w.pao == -1 and t is not None else w.pao
            )  # -1: the calls show it
            pao = liable if liable is not None and liable >= 0 else w.who
            info: list = [w.who, w.who if w.source is None else w.source, pao]
            if w.recorded.points is not None and w.recorded.yaku is not None:  # else only the deltas
                info.append(value_text(rnd, w))
                info += [
                    yaku_text(rnd, w, *y) for y in w.recorded.yaku or () if y[1] or y[2]
                ]  # no 0-han lines
            out += [list(w.recorded.deltas) + [0] * (4 - rnd.players), info]
        return out
    assert rnd.draw is not None
    deltas = list(rnd.draw.deltas) + [0] * (4 - rnd.players)
    if rnd.draw.reason != "exhaustive":
        return [TENHOU6_DRAWS[rnd.draw.reason]]
    if not any(deltas) and t is not None:
        return ["全員聴牌" if len(tenpai_seats(t)) == rnd.players else "全員不聴"]
    return ["流局", deltas]


def _played(rnd: Round) -> Table | None:
    try:
        t = Table(rnd)
        t.play()
        return t
    except (ValueError, LookupError):
        return None


def round_list(rnd: Round) -> list:
    deal = _Deal(rnd)
    for e in rnd.events:
        deal.add(e)
    ura = [t6(x) for x in rnd.wins[0].ura] if rnd.wins else []
    scores = list(rnd.scores) + [0] * (4 - rnd.players)
    seats: list = []
    for p in range(4):
        if p < rnd.players:
            seats += [[t6(x) for x in _order(rnd.hands[p])], deal.draws[p], deal.discards[p]]
        else:
            seats += [[], [], []]
    return [
        [rnd.kyoku, rnd.honba, rnd.sticks],
        scores,
        deal.dora,
        ura,
        *seats,
        result_list(rnd, _played(rnd)),
    ]


def tenhou6_game(game: Game) -> tuple[dict, list[str]]:
    """The tenhou6 object of a game, and what it cannot hold."""
    info, lost = game.info, []
    out: dict = {"ver": 2.3, "ref": game.ref}
    if "GO.type" in info:
        out.update(_mjlog_header(game))
    else:
        out.update({k: v for k, v in info.items() if k in ("title", "ratingc", "rule", "lobby", "dan",
                                                          "rate", "sx", "sc", "name")})  # fmt: skip
    out.setdefault("rule", {"disp": _disp(game), **_aka(game)})
    out.setdefault("name", [""] * game.players)
    out["log"] = [round_list(r) for r in game.rounds]
    order = ("ver", "ref", "log", "connection")  # where Tenhou's export puts them
    out = {**{k: out[k] for k in order if k in out}, **out}
    if any(w.recorded.points is not None and w.recorded.yaku is None for r in game.rounds for w in r.wins):
        lost.append("the han, fu and yaku of wins whose yaku the log does not name one by one (only deltas)")
    if "sc" not in out:
        lost.append("the final scores (the log gives none): the game will read as not whole")
    if game.problems:
        lost.append(f"{len(game.problems)} round(s) that could not be read")
    return out, lost


def _aka(game: Game) -> dict:
    if not game.red_fives:
        return {}
    return {"aka53": 1, "aka52": 1, **({"aka51": 1} if game.players == 4 else {})}


def _disp(game: Game, bits: int | None = None) -> str:
    """``鳳南喰赤``: the room, three players, east-only or east-south, open tanyao, red fives."""
    room = ROOMS.get((bits or 0) & 0xA0, "般")
    south = "南" if bits is None or bits & 0x08 else "東"
    fast = "速" if bits is not None and bits & 0x40 else ""
    return (("三" if game.players == 3 else "") + room + south + ("喰" if game.open_tanyao else "")
            + ("赤" if game.red_fives else "") + fast)  # fmt: skip


def _number(text: str) -> int | float:
    x = float(text)
    return int(x) if x.is_integer() else x


def _mjlog_header(game: Game) -> dict:
    """What Tenhou's tenhou6 export writes from mjlog's ``GO``, ``UN`` and ``owari``."""
    info, n = game.info, game.players
    out: dict = {"ratingc": f"PF{n}", "rule": {"disp": _disp(game, int(info["GO.type"])), **_aka(game)}}
    if "connection" in info:
        out["connection"] = info["connection"]
    if "GO.lobby" in info:
        out["lobby"] = int(info["GO.lobby"])
    if "UN.dan" in info:
        out["dan"] = [DAN[int(d)] if 0 <= int(d) < len(DAN) else d for d in info["UN.dan"].split(",")][:n]
    if "UN.rate" in info:
        out["rate"] = [_number(r) for r in info["UN.rate"].split(",")][:n]
    if "UN.sx" in info:
        out["sx"] = info["UN.sx"].split(",")[:n]
    if "owari" in info:
        values = [_number(v) for v in info["owari"].split(",")][: 2 * n]
        out["sc"] = [v * 100 if i % 2 == 0 else v for i, v in enumerate(values)]
    out["name"] = [unquote(info.get(f"UN.n{p}", "")) for p in range(n)]
    return out


# -- mjai -------------------------------------------------------------------------------------------


def mjai_events(game: Game, whole: bool = True) -> tuple[list[dict], list[str]]:
    """The mjai events of a game, and what mjai cannot hold; ``end_game`` only for a whole game (so
    that a game cut short still reads as one)."""
    names = game.info.get("name") or [unquote(game.info.get(f"UN.n{p}", "")) for p in range(4)]
    events: list[dict] = [{"type": "start_game", "names": (list(names) + [""] * 4)[:4]}]
    lost: set[str] = set()
    for rnd in game.rounds:
        events += _mjai_round(rnd, lost)
    if whole:
        events.append({"type": "end_game"})
    if any(k in game.info for k in ("GO.type", "rule", "sc", "UN.dan", "dan")):
        lost.add("the lobby, the players' ranks and rates and the final scores (mjai has no place for them)")
    if game.problems:
        lost.add(f"{len(game.problems)} round(s) that could not be read")
    return events, sorted(lost)


def _mjai_round(rnd: Round, lost: set[str]) -> list[dict]:
    pad = 4 - rnd.players
    start = {"type": "start_kyoku", "bakaze": "ESWN"[rnd.kyoku // 4 % 4], "dora_marker": mj(rnd.dora[0]),
             "kyoku": rnd.kyoku % 4 + 1, "honba": rnd.honba, "kyotaku": rnd.sticks, "oya": rnd.dealer,
             "scores": list(rnd.scores) + [0] * pad}  # fmt: skip
    out: list[dict] = [{**start, "tehais": [[mj(t) for t in _order(h)] for h in rnd.hands] + [[]] * pad}]
    fed = -1
    for e in rnd.events:
        if isinstance(e, Draw):
            out.append({"type": "tsumo", "actor": e.who, "pai": mj(e.tile)})
        elif isinstance(e, Discard):
            out.append({"type": "dahai", "actor": e.who, "pai": mj(e.tile), "tsumogiri": e.tsumogiri})
            fed = e.who
        elif isinstance(e, Riichi):
            out.append({"type": "reach" if e.step == 1 else "reach_accepted", "actor": e.who})
        elif isinstance(e, Dora):
            out.append({"type": "dora", "dora_marker": mj(e.tile)})
        elif isinstance(e, Call):
            out.append(_mjai_call(e.who, e.meld, fed))
    for w in rnd.wins:
        out.append(_hora(rnd, w, lost))
    if rnd.draw is not None:
        deltas = list(rnd.draw.deltas) + [0] * pad
        out.append({"type": "ryukyoku", "reason": MJAI_DRAWS[rnd.draw.reason], "deltas": deltas})
    out.append({"type": "end_kyoku"})
    return out


def _mjai_call(who: int, m: Meld, fed: int) -> dict:
    rest = list(m.tiles)
    if m.kind in (CHI, PON, KAN):
        rest.remove(m.called)
        kind = {CHI: "chi", PON: "pon", KAN: "daiminkan"}[m.kind]
        return {
            "type": kind,
            "actor": who,
            "target": fed,
            "pai": mj(m.called),
            "consumed": [mj(t) for t in _order(rest)],
        }
    if m.kind == KAKAN:
        rest.remove(m.called)
        return {"type": "kakan", "actor": who, "pai": mj(m.called), "consumed": [mj(t) for t in _order(rest)]}
    if m.kind == ANKAN:
        return {"type": "ankan", "actor": who, "consumed": [mj(t) for t in _order(rest)]}
    return {"type": "nukidora", "actor": who, "pai": "N"}


def _hora(rnd: Round, w: Win, lost: set[str]) -> dict:
    r = w.recorded
    deltas = list(r.deltas) + [0] * (4 - rnd.players)
    target = w.who if w.source is None else w.source
    out: dict = {"type": "hora", "actor": w.who, "target": target, "deltas": deltas,
                 "ura_markers": [mj(t) for t in w.ura]}  # fmt: skip
    if w.pao is not None and w.pao >= 0:
        lost.add("the liable seat (pao) of a win: mjai's deltas show who paid")
    if r.points is None or r.yaku is None:
        return out
    yakus: dict[str, int] = {}
    for y, n, ym in r.yaku:
        name = GIMITE.get(y, y)
        yakus[name] = yakus.get(name, 0) + (n * YAKUMAN_FAN if ym else n)
    fan = YAKUMAN_FAN * r.yakuman if r.yakuman else r.han
    out.update(fu=r.fu or 0, fan=fan, yakus=[[k, v] for k, v in yakus.items()], hora_points=r.points)
    return out


#: riichi's yaku ids -> gimite's names (the three dragons are one ``sangenpai`` item there)
GIMITE: Final = {
    **{v: k for k, v in YAKU.items()},
    "haku": "sangenpai",
    "hatsu": "sangenpai",
    "chun": "sangenpai",
}
