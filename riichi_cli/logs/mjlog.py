"""Tenhou mjlog XML (``<mjloggm ver="2.3">``) as a `Game`.

The log is a flat run of tags, so a small tag scanner reads it: it is faster than a tree and
still reads every round before the place where a cut-off file stops.
"""

from __future__ import annotations

import re
from typing import Final

from .melds import decode_m
from .model import Call, Discard, Dora, Draw, Ending, Game, Recorded, Riichi, Round, Win
from .tiles import LogError, from_id
from .yaku import MJLOG

_TAG: Final = re.compile(r"<([A-Z]+)(\d*)((?:\s+[A-Za-z0-9]+=\"[^\"]*\")*)\s*/?>")
_ATTR: Final = re.compile(r"([A-Za-z0-9]+)=\"([^\"]*)\"")
DRAWS: Final = "TUVW"
DISCARDS: Final = "DEFG"
#: tag letter -> (is a draw, seat)
_MOVES: Final = {
    **{c: (True, i) for i, c in enumerate(DRAWS)},
    **{c: (False, i) for i, c in enumerate(DISCARDS)},
}
#: RYUUKYOKU type -> draw reason (no type: the wall ran out).
DRAW_TYPES: Final = {"": "exhaustive", "nm": "exhaustive", "yao9": "kyuushu", "kaze4": "suufon",
                     "reach4": "suucha_riichi", "kan4": "suukan", "ron3": "sanchahou"}  # fmt: skip
NO_RED: Final = 0x02
NO_KUITAN: Final = 0x04
SANMA: Final = 0x10


def ints(text: str) -> list[int]:
    """``"1,2,3"`` -> ``[1, 2, 3]`` (an empty attribute is an empty list)."""
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise LogError(f"{text[:40]!r} is not a list of numbers") from None


def is_mjlog(text: str) -> bool:
    return "<mjloggm" in text[:200]


def read_mjlog(text: str, ref: str = "") -> Game:
    """Every round of an mjlog text; a round the log stops in the middle of is noted in ``problems``."""
    if not is_mjlog(text):
        raise LogError("not a Tenhou mjlog (no <mjloggm> tag)")
    game = Game(ref, 4, True, True, [])
    rnd: Round | None = None
    for name, number, attrs in _TAG.findall(text):
        try:
            move = _MOVES.get(name) if number and rnd is not None else None
            if move is not None and rnd is not None:  # most tags: a draw or a discard, read fast
                tile = from_id(int(number), game.red_fives)
                rnd.events.append(Draw(move[1], tile) if move[0] else Discard(move[1], tile))
                continue
            rnd = _tag(game, rnd, name, number, dict(_ATTR.findall(attrs)))
        except (LogError, ValueError, KeyError, IndexError) as e:
            why = f"bad <{name}{number}> tag: {e}"
            if rnd is not None and name != "INIT":  # the round being read is lost
                game.rounds.pop()
                game.problems.append((rnd.index, why, rnd.name, rnd.honba))
            else:  # a round that could not even begin (or a tag before any round)
                game.problems.append((max(0, game.started - 1), why, None, None))
            rnd = None
    last = game.rounds[-1] if game.rounds else None
    if last is not None and not last.wins and last.draw is None:
        game.rounds.pop()
        game.problems.append((last.index, "the log ends before this round does", last.name, last.honba))
    return game


def _tag(game: Game, rnd: Round | None, name: str, number: str, a: dict[str, str]) -> Round | None:
    """Apply one tag; returns the round now being read."""
    if name == "GO":
        bits = int(a.get("type", "0"))
        game.players = 3 if bits & SANMA else 4
        game.red_fives, game.open_tanyao = not bits & NO_RED, not bits & NO_KUITAN
        return rnd
    if name == "INIT":
        return _init(game, a)
    if rnd is None:
        return None  # tags before the first round: names, shuffle, table
    if name == "N":
        rnd.events.append(Call(_seat(a, "who", game), decode_m(int(a["m"]), game.red_fives)))
    elif name == "REACH":
        rnd.events.append(Riichi(_seat(a, "who", game), int(a["step"])))
    elif name == "DORA":
        rnd.events.append(Dora(_tile(game, int(a["hai"]))))
    elif name == "AGARI":
        rnd.wins.append(_agari(a, game))
    elif name == "RYUUKYOKU":
        reason = DRAW_TYPES.get(a.get("type", ""))
        if reason is None:
            raise LogError(f"unknown draw type {a.get('type')!r}")
        rnd.draw = Ending(reason, _deltas(a.get("sc", ""), game.players))
    return rnd


def _init(game: Game, a: dict[str, str]) -> Round:
    game.started += 1  # counted first: a round whose INIT is bad still has its index
    seed = ints(a["seed"])
    scores = tuple(100 * s for s in ints(a["ten"]))[: game.players]
    hands = [[_tile(game, i) for i in ints(a.get(f"hai{p}", ""))] for p in range(game.players)]
    if len(seed) != 6 or any(len(h) != 13 for h in hands):
        raise LogError("an INIT tag without its seed or thirteen tiles per hand")
    rnd = Round(game.started - 1, seed[0], seed[1], seed[2], scores, [_tile(game, seed[5])], hands)
    if int(a.get("oya", rnd.dealer)) != rnd.dealer:
        raise LogError(f"dealer {a.get('oya')} does not match round {seed[0]}")
    game.rounds.append(rnd)
    return rnd


def _deltas(sc: str, players: int) -> tuple[int, ...]:
    """Every second number of ``sc`` (score, change, score, change...), in points."""
    values = ints(sc)
    if len(values) < 2 * players:
        raise LogError(f"sc={sc!r} does not give {players} scores and changes")
    return tuple(100 * values[2 * p + 1] for p in range(players))


def _seat(a: dict[str, str], key: str, game: Game) -> int:
    seat = int(a[key])
    if not 0 <= seat < game.players:
        raise LogError(f"{key}={seat} is not a seat")
    return seat


def _tile(game: Game, i: int) -> int:
    """An id as a tile; without red fives in the lobby, ids 16, 52 and 88 are plain fives."""
    return from_id(i, game.red_fives)


def _agari(a: dict[str, str], game: Game) -> Win:
    players = game.players
    fu, points, _limit = ints(a["ten"])[:3]
    pairs = ints(a.get("yaku", ""))
    yaku = [(MJLOG[pairs[i]], pairs[i + 1], False) for i in range(0, len(pairs) - 1, 2)]
    yakuman = [(MJLOG[i], 1, True) for i in ints(a.get("yakuman", ""))]
    who, source = _seat(a, "who", game), _seat(a, "fromWho", game)
    pao = _seat(a, "paoWho", game) if "paoWho" in a else None
    han = sum(n for _, n, _ in yaku)
    recorded = Recorded(
        han=None if yakuman else han, fu=None if yakuman else fu, yakuman=len(yakuman), points=points,
        yaku=tuple(yakuman or yaku), deltas=_deltas(a.get("sc", ""), players),
    )  # fmt: skip
    ura = tuple(_tile(game, i) for i in ints(a.get("doraHaiUra", "")))
    return Win(who, None if source == who else source, pao, ura, recorded)
