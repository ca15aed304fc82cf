"""tenhou6 JSON (``{"log": [...], "rule": ..., "name": [...]}``) as a `Game`.

A tenhou6 round lists each player's draws and discards apart; `_Dealer` deals them back into one
run of events, turn by turn: a call string among a player's draws is taken when the tile it calls
is discarded by the seat it names. Discards write 60 for "the tile just drawn", ``r..`` for a riichi,
kakan and ankan strings for kans, and 0 after an open kan (whose rinshan draw comes next). A
three-player game has three seats (its round lists may keep an empty fourth one) and writes a North set
aside as ``f44`` among the discards, its replacement draw next among the draws.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from ..core.errors import clip
from .bounds import ECHO, MAX_EVENTS, check_round, loads, yaku_count
from .melds import ANKAN, CHI, KAKAN, KAN, Meld, nuki, parse_call, source_seat
from .model import (
    Call,
    Discard,
    Dora,
    Draw,
    Ending,
    Event,
    Game,
    Piece,
    Problem,
    Recorded,
    Riichi,
    Round,
    Win,
)
from .tiles import LogError, from_code, kind_of
from .yaku import JAPANESE

TSUMOGIRI: Final = 60
KITA: Final = "f44"  # a North set aside (three players)
DRAW_NAMES: Final = {"流局": "exhaustive", "全員聴牌": "exhaustive", "全員不聴": "exhaustive",
                     "流し満貫": "exhaustive", "九種九牌": "kyuushu", "四風連打": "suufon",
                     "四家立直": "suucha_riichi", "四槓散了": "suukan", "三家和了": "sanchahou"}  # fmt: skip
WIN_NAME: Final = "和了"
_VALUE: Final = re.compile(r"^(?:(\d+)符(\d+)飜)?[^\d]*(\d+)(?:-(\d+))?点(∀)?$")
_YAKU: Final = re.compile(r"^(.*)\((\d+)飜\)$|^(.*)\(役満\)$")


def read_tenhou6(text: str, ref: str = "") -> Game:
    """Every round of a tenhou6 text; a round that cannot be dealt back is noted in ``problems``."""
    game, data = tenhou6_header(text, ref)
    for item in tenhou6_rounds(game, data["log"], 0):
        if isinstance(item, Problem):
            game.problems.append((item.index, item.why, item.kyoku, item.honba))
        else:
            game.rounds.append(item)
    return game


def tenhou6_header(text: str, ref: str = "") -> tuple[Game, dict]:
    """The game (seats and lobby rules, no rounds) and the parsed JSON object."""
    try:
        data = loads(text)  # 1e400 and Infinity kept as numbers that int() refuses
    except (ValueError, RecursionError) as e:
        raise LogError(f"not JSON: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise LogError('not a tenhou6 game (no "log" list)')
    rule = data["rule"] if isinstance(data.get("rule"), dict) else {}
    disp = str(rule.get("disp", ""))
    red = any(rule.get(k) for k in ("aka", "aka51", "aka52", "aka53")) or "赤" in disp or not rule
    names = data["name"] if isinstance(data.get("name"), list) else []
    players = 3 if len(names) == 3 or "三" in disp or _no_fourth_hand(data["log"]) else 4
    game = Game(str(data.get("ref") or ref), players, bool(red), "喰" in disp or not disp, [])
    game.info = {k: v for k, v in data.items() if k != "log"}
    return game, data


def tenhou6_pieces(game: Game, rounds: list, size: int) -> Iterator[Piece]:
    for i in range(0, len(rounds), size):
        yield Piece("tenhou6", game, rounds[i : i + size], i, i + size >= len(rounds))


def tenhou6_rounds(game: Game, rounds: list, first: int) -> Iterator[Round | Problem]:
    for i, raw in enumerate(rounds, first):
        try:
            yield read_round(i, raw, game.players)
        except (LogError, ValueError, TypeError, KeyError, IndexError, ArithmeticError) as e:
            yield Problem(i, f"round cannot be rebuilt: {clip(str(e), 3 * ECHO)}", *_name(raw))


def tenhou6_final(data: dict, players: int) -> tuple[int, ...] | None:
    """The final scores Tenhou writes beside the rounds (``sc``: score, points, score, points...), or
    None when the file has none (an excerpt, or a converter that leaves it out)."""
    sc = data.get("sc")
    if not isinstance(sc, list) or len(sc) < 2 * players:
        return None
    try:
        return tuple(int(sc[2 * p]) for p in range(players))
    except (TypeError, ValueError):
        return None


def _no_fourth_hand(rounds: list) -> bool:
    """A first round with no fourth seat (14 entries) or one dealt nothing: a three-player game, whatever
    its names and rule say."""
    try:
        return len(rounds[0]) == 14 or rounds[0][13] == []
    except (IndexError, KeyError, TypeError):
        return False


def _name(raw: object) -> tuple[str | None, int | None]:
    """The name and honba of a round that could not be read, when its first entry gives them."""
    try:
        kyoku, honba = raw[0][0], raw[0][1]  # type: ignore[index]
        check_round(kyoku, honba, 0)  # a round number or honba out of range is not named
        return f"{'ESWN'[kyoku // 4 % 4]}{kyoku % 4 + 1}", honba
    except (TypeError, ValueError, IndexError, KeyError, LogError):
        return None, None


def read_round(index: int, raw: list, players: int = 4) -> Round:
    """One round list: ``[[kyoku, honba, sticks], scores, dora, ura, hand, draws, discards, ..., result]``
    (17 entries; 14 or 17 with three players, the fourth seat's lists then empty)."""
    sizes = (17,) if players == 4 else (14, 17)
    if not isinstance(raw, list) or len(raw) not in sizes:
        raise LogError(
            f"a {'four' if players == 4 else 'three'}-player round has {' or '.join(map(str, sizes))} entries"
        )
    if any(raw[4 + 3 * players : len(raw) - 1]):
        raise LogError("the fourth seat of a three-player round has tiles")
    if any(isinstance(x, list) and len(x) > MAX_EVENTS for x in raw):
        raise LogError(f"a list of more than {MAX_EVENTS} items in one round")
    (kyoku, honba, sticks), scores, dora, ura = raw[0], raw[1], raw[2], raw[3]
    hands = [[from_code(c) for c in raw[4 + 3 * p]] for p in range(players)]
    check_round(kyoku, honba, sticks)  # a kyoku of 10**20 is not "E1", a honba of -5 not a honba
    rnd = Round(index, kyoku, honba, sticks, seats_only(scores, players), [from_code(dora[0])], hands)
    result = raw[-1]
    seats = range(players)
    dealer = _Dealer(rnd, [raw[5 + 3 * p] for p in seats], [raw[6 + 3 * p] for p in seats])
    dealer.kan_dora = [from_code(c) for c in dora[1:]]
    ends_on_ron = result[0] == WIN_NAME and any(w[0] != w[1] for w in result[2::2])
    rnd.events = dealer.run(ends_on_ron)
    if result[0] == WIN_NAME:
        rnd.wins = [_win(result[i], result[i + 1], ura, players) for i in range(1, len(result) - 1, 2)]
    elif result[0] in DRAW_NAMES:
        deltas = seats_only(result[1], players) if len(result) > 1 else (0,) * players
        rnd.draw = Ending(DRAW_NAMES[result[0]], deltas)
    else:
        raise LogError(f"unknown round result {result[0]!r}")
    return rnd


def seats_only(values: list, players: int) -> tuple[int, ...]:
    """Scores or deltas of the seats at the table: a three-player log may add a fourth, zero."""
    out = tuple(int(v) for v in values)
    if len(out) < players or any(out[players:]):
        raise LogError(f"{list(values)} does not give {players} seats")
    return out[:players]


class _Dead(Exception):
    """This way of dealing the round back runs into an entry that does not fit."""


class _Dealer:
    """Deals a round's per-player draws and discards back into one run of events.

    A call string does not say which discard it took, so where a discard could be called the dealer
    first takes the call (a pon or kan before a chi) and, if the round then does not fit, backs up and
    lets the discard pass. ``budget`` bounds the backing up, so a corrupt round fails instead of hanging.
    """

    def __init__(self, rnd: Round, draws: list[list], discards: list[list]) -> None:
        self.dealer, self.players = rnd.dealer, rnd.players
        self.draws, self.discards = draws, discards
        self.kan_dora: list[int] = []
        self.budget = 2000
        self.calls: dict[str, Meld] = {}  # each call string read once: `callers` looks at it every discard

    def run(self, ends_on_ron: bool) -> list[Event]:
        """The events of the first dealing that uses every draw and discard."""
        try:
            return self.play(_State(self.dealer, ends_on_ron, self.players), _START)
        except _Dead as dead:
            raise LogError(str(dead)) from None

    def play(self, st: _State, call: object) -> list[Event]:
        """Play on from ``st``, first taking ``call`` on the discard just made (unless at the start)."""
        self.budget -= 1
        if self.budget < 0:
            raise LogError("the draws and discards cannot be put back in order")
        need_draw = True if call is _START else self.take(st, call)  # type: ignore[arg-type]
        while True:
            p = st.turn
            if need_draw and not self.draw(st, p):
                break
            item = _at(self.discards, st.at_discard, p)
            if item is None:
                break
            st.at_discard[p] += 1
            need_draw = True
            if item == KITA:  # the North of the last draw set aside; the replacement draw comes next
                st.events.append(Call(p, nuki(from_code(44))))
                continue
            if isinstance(item, str) and item[0] != "r":
                self.own_kan(st, p, parse_call(item))
                continue
            self.discard(st, p, item)
            options = self.callers(st, p)
            if not options:
                need_draw = self.take(st, None)
                continue
            for option in [*options, None]:
                try:
                    return self.play(st.copy(), option)
                except _Dead:
                    pass
            raise _Dead(f"no way to go on after player {p} discards")
        if any(st.at_draw[p] < len(self.draws[p]) or st.at_discard[p] < len(self.discards[p])
               for p in range(self.players)):  # fmt: skip
            raise _Dead("some draws or discards are left over")
        return st.events

    def draw(self, st: _State, p: int) -> bool:
        item = _at(self.draws, st.at_draw, p)
        if item is None:
            return False
        if not isinstance(item, int):
            raise _Dead(f"player {p} calls {item!r} where a draw is due")
        st.at_draw[p] += 1
        st.drawn[p] = from_code(item)
        st.events.append(Draw(p, st.drawn[p]))
        return True

    def discard(self, st: _State, p: int, item: object) -> None:
        riichi = isinstance(item, str)
        code = int(item[1:]) if isinstance(item, str) else int(item)  # type: ignore[call-overload]
        tile = st.drawn[p] if code == TSUMOGIRI else from_code(code)
        if riichi:
            st.events.append(Riichi(p, 1))
        st.events.append(Discard(p, tile, code == TSUMOGIRI))
        st.last = tile
        self.flip(st, st.later_dora)
        st.later_dora = 0
        st.riichi = p if riichi else -1

    def take(self, st: _State, call: tuple[int, Meld] | None) -> bool:
        """After a discard: the call taken (or the next player's turn); True when a draw comes next."""
        p = st.turn
        if st.riichi >= 0:
            more = call is not None or _at(self.draws, st.at_draw, (p + 1) % self.players) is not None
            if more or not st.ends_on_ron:
                st.events.append(Riichi(p, 2))
            st.riichi = -1
        if call is None:
            st.turn = (p + 1) % self.players
            return True
        who, meld = call
        st.at_draw[who] += 1
        st.events.append(Call(who, meld))
        st.turn = who
        if meld.kind == KAN:
            st.later_dora += 1
            if _at(self.discards, st.at_discard, who) == 0:
                st.at_discard[who] += 1
        return meld.kind == KAN

    def flip(self, st: _State, n: int) -> None:
        for _ in range(n):
            if st.dora_used < len(self.kan_dora):
                st.events.append(Dora(self.kan_dora[st.dora_used]))
                st.dora_used += 1

    def own_kan(self, st: _State, p: int, meld: Meld) -> None:
        if meld.kind not in (KAKAN, ANKAN):
            raise _Dead(f"player {p} discards a call {meld.kind}")
        self.flip(st, st.later_dora)
        st.later_dora = 0
        st.events.append(Call(p, meld))
        if meld.kind == ANKAN:
            self.flip(st, 1)
        else:
            st.later_dora += 1

    def callers(self, st: _State, p: int) -> list[tuple[int, Meld]]:
        """Who could call this discard: a pon or kan before a chi (they win the call)."""
        found: list[tuple[int, Meld]] = []
        for other in range(self.players):
            item = _at(self.draws, st.at_draw, other)
            if other == p or not isinstance(item, str):
                continue
            meld = self.calls.get(item)
            if meld is None:
                meld = self.calls[item] = parse_call(item)
            if source_seat(other, meld.source, self.players) == p and kind_of(meld.called) == kind_of(
                st.last
            ):
                found.append((other, meld))
        found.sort(key=lambda c: c[1].kind == CHI)
        return found


def _at(items: list[list], at: list[int], p: int) -> object:
    return items[p][at[p]] if at[p] < len(items[p]) else None


class _State:
    """Where the dealing stands: whose turn, how far into each list, the events so far."""

    def __init__(self, turn: int, ends_on_ron: bool, players: int = 4) -> None:
        self.turn = turn
        self.ends_on_ron = ends_on_ron
        self.at_draw, self.at_discard = [0] * players, [0] * players
        self.drawn = [-1] * players
        self.events: list[Event] = []
        self.later_dora = 0  # open and added kans turn their dora after the next discard
        self.dora_used = 0
        self.last = -1
        self.riichi = -1

    def copy(self) -> _State:
        c = _State(self.turn, self.ends_on_ron, len(self.drawn))
        c.at_draw, c.at_discard, c.drawn = list(self.at_draw), list(self.at_discard), list(self.drawn)
        c.events = list(self.events)
        c.later_dora, c.dora_used, c.last, c.riichi = self.later_dora, self.dora_used, self.last, self.riichi
        return c


_START: Final = object()  # `play` from the first draw


def _win(deltas: list, info: list, ura: list, players: int = 4) -> Win:
    who, source, pao = int(info[0]), int(info[1]), int(info[2])
    if not all(0 <= s < players for s in (who, source, pao)):
        raise LogError(f"{info[:3]} are not seats")
    if len(info) < 4:  # only who won from whom: the deltas are all the log says
        empty = Recorded(None, None, None, None, None, seats_only(deltas, players))
        return Win(who, None if source == who else source, None, tuple(from_code(c) for c in ura), empty)
    value = _VALUE.match(str(info[3]))
    if value is None:
        raise LogError(f"cannot read the value {info[3]!r}")
    fu, han_text, first, second, all_pay = value.groups()
    each, payers = int(first), players - 1
    # a tsumo names what each payer pays (``1000-2000点``: a non-dealer's share, then the dealer's;
    # ``4000点∀``: all pay the same); the points are their sum, so at three seats without North's share
    points = (payers - 1) * each + int(second) if second else payers * each if all_pay else each
    yaku_count(len(info) - 4)
    yaku = tuple(_yaku(str(y)) for y in info[4:])
    yakuman = sum(n for _, n, is_ym in yaku if is_ym)
    han = sum(n for _, n, is_ym in yaku if not is_ym)
    recorded = Recorded(
        han=None if yakuman else han, fu=None if yakuman or fu is None else int(fu), yakuman=yakuman,
        points=points, yaku=yaku, deltas=seats_only(deltas, players),
    )  # fmt: skip
    return Win(who, None if source == who else source, None if pao == who else pao,
               tuple(from_code(c) for c in ura), recorded)  # fmt: skip


def _yaku(text: str) -> tuple[str, int, bool]:
    """``立直(1飜)`` -> ``("riichi", 1, False)``; ``大三元(役満)`` -> ``("daisangen", 1, True)``."""
    m = _YAKU.match(text)
    if m is None:
        raise LogError(f"cannot read the yaku {text!r}")
    label = (m.group(1) if m.group(1) is not None else m.group(3)).strip()
    if label not in JAPANESE:
        raise LogError(f"unknown yaku {label!r}")
    if m.group(1) is not None:
        return JAPANESE[label], int(m.group(2)), False
    return JAPANESE[label], 1, True
