"""mjai JSON lines (the format of Mortal, akochan and mjai-reviewer) as rounds.

One event object a line: ``start_game``, ``start_kyoku`` (``bakaze``, ``kyoku`` 1-4, ``honba``,
``kyotaku``, ``oya``, ``dora_marker``, ``scores``, ``tehais``), ``tsumo``/``dahai`` (``actor``, ``pai``),
``chi``/``pon``/``daiminkan`` (``actor``, ``target``, ``pai``, ``consumed``), ``kakan`` (``pai``,
``consumed``), ``ankan`` (``consumed``), ``nukidora``/``kita`` (a North set aside, three players),
``dora``, ``reach``, ``reach_accepted``, ``hora`` (``actor``, ``target``, ``deltas``, ``ura_markers``;
gimite's original also ``uradora_markers``, ``fu``, ``fan``, ``yakus``, ``hora_points``),
``ryukyoku`` (``deltas``, sometimes ``reason``), ``end_kyoku``, ``end_game``. Tiles are ``1m``-``9m``,
``5mr`` for a red five, ``E S W N`` and ``P F C`` (white, green, red dragons).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Final

from ..core.errors import clip
from .bounds import ECHO, MAX_EVENTS, check_round, events_room, loads
from .melds import ANKAN, CHI, KAKAN, KAN, PON, Meld, nuki, relative_seat
from .model import (
    Call,
    Discard,
    Dora,
    Draw,
    Ending,
    Game,
    Piece,
    Problem,
    Recorded,
    Riichi,
    Round,
    Win,
    finished,
)
from .tiles import LogError, tile

HONOURS: Final = "ESWNPFC"
SUITS: Final = "mps"
_KYOKU: Final = re.compile(r'"type"\s*:\s*"start_kyoku"')
_END_GAME: Final = re.compile(r'"type"\s*:\s*"end_game"')
_START_GAME: Final = re.compile(r'"type"\s*:\s*"start_game"')
_END_ROUND: Final = re.compile(r'"type"\s*:\s*"(?:hora|ryukyoku)"')
_FIRST: Final = re.compile(r'\s*\{\s*"type"\s*:')
CALLS: Final = {"chi": CHI, "pon": PON, "daiminkan": KAN}
#: gimite's yaku names -> riichi's ids (``sangenpai`` counts the dragon sets together: not compared)
YAKU: Final = {
    "reach": "riichi", "double_reach": "double_riichi", "ippatsu": "ippatsu",
    "menzenchin_tsumoho": "menzen_tsumo", "pinfu": "pinfu", "tanyaochu": "tanyao", "ipeko": "iipeikou",
    "bakaze": "round_wind", "jikaze": "seat_wind", "rinshankaiho": "rinshan", "chankan": "chankan",
    "haiteiraoyue": "haitei", "hoteiraoyui": "houtei", "sanshokudojun": "sanshoku", "ikkitsukan": "ittsu",
    "honchantaiyao": "chanta", "chitoitsu": "chiitoitsu", "toitoiho": "toitoi", "sananko": "sanankou",
    "honroto": "honroutou", "sanshokudoko": "sanshoku_doukou", "sankantsu": "sankantsu",
    "shosangen": "shousangen", "honiso": "honitsu", "junchantaiyao": "junchan", "ryanpeko": "ryanpeikou",
    "chiniso": "chinitsu", "dora": "dora", "uradora": "ura_dora", "akadora": "aka_dora",
    "tenho": "tenhou", "chiho": "chiihou", "kokushimuso": "kokushi", "daisangen": "daisangen",
    "suanko": "suuankou", "tsuiso": "tsuuiisou", "ryuiso": "ryuuiisou", "chinroto": "chinroutou",
    "daisushi": "daisuushii", "shosushi": "shousuushii", "sukantsu": "suukantsu",
    "churenpoton": "chuuren", "nukidora": "kita",
}  # fmt: skip
YAKUMAN_FAN: Final = 100  # gimite's hora writes a yakuman as 100 fan
#: words in a ``ryukyoku`` reason -> the draw
REASONS: Final = (("kyushu", "kyuushu"), ("fon", "suufon"), ("reach", "suucha_riichi"),
                  ("riichi", "suucha_riichi"), ("ka", "suukan"), ("sancha", "sanchahou"))  # fmt: skip
WALL: Final = {4: 70, 3: 55}  # draws before the wall runs out, replacement draws included


def mjai_tile(text: object) -> int:
    """``5mr`` -> the red 5m, ``P`` -> White; anything else (``?``, a hidden tile) is refused."""
    if not isinstance(text, str):
        raise LogError(f"{text!r} is not an mjai tile")
    if len(text) == 1 and text in HONOURS:
        return tile(27 + HONOURS.index(text))
    red = text.endswith("r") and text[:1] == "5"
    body = text[:-1] if red else text
    if len(body) == 2 and body[0] in "123456789" and body[1] in SUITS:
        return tile(SUITS.index(body[1]) * 9 + int(body[0]) - 1, red)
    raise LogError(f"{text!r} is not an mjai tile (a hidden tile cannot be replayed)")


def is_mjai(text: str) -> bool:
    """JSON lines whose first object has a ``type``: an mjai event stream."""
    head = text.lstrip()
    if _FIRST.match(head):
        return True
    line = head[: head.find("\n")] if "\n" in head else head
    if not line.startswith("{") or len(line) > 100_000:
        return False
    if '"type"' not in line and "\\" not in line:  # no "type" key (a tenhou6 file): not parsed twice
        return False
    try:
        first = json.loads(line)
    except ValueError:
        return False
    return isinstance(first, dict) and isinstance(first.get("type"), str) and "log" not in first


def mjai_header(text: str, ref: str = "") -> tuple[Game, list[int]]:
    """The game (seat count from the first ``start_kyoku``) and where each ``start_kyoku`` line starts."""
    starts = [text.rfind("\n", 0, m.start()) + 1 for m in _KYOKU.finditer(text)]
    info: dict = {}
    players = 4
    head = text[: starts[0]] if starts else text
    for line in head.splitlines():
        if _START_GAME.search(line):
            names = _event(line).get("names")
            if isinstance(names, list):
                info["name"] = [str(n) for n in names]
    if starts:
        end = text.find("\n", starts[0])
        first = _event(text[starts[0] : end if end >= 0 else len(text)])
        hands = first.get("tehais")
        if isinstance(hands, list) and (len(hands) == 3 or len(hands) == 4 and not hands[3]):
            players = 3
    game = Game(ref, players, True, True, [])
    game.info = info
    return game, starts


def mjai_pieces(game: Game, text: str, starts: list[int], size: int) -> Iterator[Piece]:
    for i in range(0, len(starts), size):
        end = starts[i + size] if i + size < len(starts) else len(text)
        yield Piece("mjai", game, text[starts[i] : end], i, i + size >= len(starts))


def mjai_ending(text: str, starts: list[int]) -> str | None:
    """Why the log does not hold the whole game: no ``end_game``, or a last round without its end."""
    if not starts:
        return None
    if not any(True for m in _END_ROUND.finditer(text, starts[-1])):
        return f"the log stops in the middle of round {len(starts) - 1}: the game goes on past the file"
    if _END_GAME.search(text, starts[-1]) is None:
        return "the log has no end_game event: the game goes on past the file"
    return None


def _event(line: str) -> dict:
    try:
        e = loads(line)  # 1e400 and Infinity kept as numbers that int() refuses
    except (ValueError, RecursionError) as err:
        raise LogError(f"not a JSON line: {err}") from None
    if not isinstance(e, dict):
        raise LogError("an mjai line must be a JSON object")
    return e


def mjai_rounds(game: Game, text: str, first: int, last: bool = True) -> Iterator[Round | Problem]:
    """The rounds of a piece of mjai text (starting at a ``start_kyoku`` line), each read whole or a
    `Problem`; a round cut off by the end of the log (``last``) is left to `mjai_ending`."""
    index = first - 1
    rnd: Round | None = None
    bad = False
    for line in _lines(text):
        if not line.strip() or bad and "start_kyoku" not in line:  # a lost round's lines: passed over
            continue
        try:
            if rnd is not None and len(rnd.events) >= MAX_EVENTS:
                events_room(len(rnd.events))
            e = _event(line)
            kind = e.get("type")
            if kind == "start_kyoku":
                if rnd is not None:
                    yield finished(rnd, "the round has no end (no hora or ryukyoku)")
                index += 1
                rnd, bad = None, False
                rnd = _start(index, e, game.players)
            elif rnd is not None and not bad:
                _apply(rnd, kind, e, game.players)
        except (LogError, ValueError, TypeError, KeyError, IndexError) as err:
            if not bad:
                yield Problem(max(index, first), f"bad {line[:60]!r} event: {clip(str(err), 3 * ECHO)}",
                              rnd.name if rnd else None, rnd.honba if rnd else None)  # fmt: skip
            rnd, bad = None, True
    if rnd is not None and (rnd.wins or rnd.draw is not None or not last):
        yield finished(rnd, "the round has no end (no hora or ryukyoku)")


def _lines(text: str) -> Iterator[str]:
    """The lines of ``text`` one at a time (a list of a flood of lines would hold them all)."""
    start = 0
    while start < len(text):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        yield text[start:end]
        start = end + 1


def _seat(e: dict, key: str, players: int) -> int:
    seat = e[key]
    if not isinstance(seat, int) or not 0 <= seat < players:
        raise LogError(f"{key}={seat!r} is not a seat")
    return seat


def _start(index: int, e: dict, players: int) -> Round:
    wind, number = HONOURS.index(str(e["bakaze"])[:1]), int(e["kyoku"])
    if not 1 <= number <= 4 or wind > 3:
        raise LogError(f"kyoku {number} of {e['bakaze']!r} is not a round")
    kyoku = wind * 4 + number - 1
    if int(e.get("oya", number - 1)) != number - 1:
        raise LogError(f"dealer {e.get('oya')} does not match kyoku {number}")
    scores = tuple(int(s) for s in e["scores"][:players])
    hands = [[mjai_tile(t) for t in e["tehais"][p]] for p in range(players)]
    if len(scores) != players or any(len(h) != 13 for h in hands):
        raise LogError("a start_kyoku without the scores and thirteen tiles of each seat")
    honba, sticks = int(e["honba"]), int(e["kyotaku"])
    check_round(kyoku, honba, sticks)  # a honba of -5 is not a honba
    return Round(index, kyoku, honba, sticks, scores, [mjai_tile(e["dora_marker"])], hands)


def _apply(rnd: Round, kind: object, e: dict, players: int) -> None:
    """One event of a round."""
    if kind in ("tsumo", "dahai"):
        who, t = _seat(e, "actor", players), mjai_tile(e["pai"])
        rnd.events.append(Draw(who, t) if kind == "tsumo" else Discard(who, t, bool(e.get("tsumogiri"))))
    elif kind in CALLS:
        who, fed, called = _seat(e, "actor", players), _seat(e, "target", players), mjai_tile(e["pai"])
        tiles = (*(mjai_tile(t) for t in e["consumed"]), called)
        rnd.events.append(Call(who, Meld(CALLS[kind], tiles, called, relative_seat(who, fed))))
    elif kind == "kakan":
        added = mjai_tile(e["pai"])
        meld = Meld(KAKAN, (*(mjai_tile(t) for t in e["consumed"]), added), added, 0)
        rnd.events.append(Call(_seat(e, "actor", players), meld))
    elif kind == "ankan":
        tiles = tuple(mjai_tile(t) for t in e["consumed"])
        rnd.events.append(Call(_seat(e, "actor", players), Meld(ANKAN, tiles, tiles[0], 0)))
    elif kind in ("nukidora", "kita"):
        rnd.events.append(Call(_seat(e, "actor", players), nuki(mjai_tile(e.get("pai", "N")))))
    elif kind == "dora":
        rnd.events.append(Dora(mjai_tile(e["dora_marker"])))
    elif kind in ("reach", "reach_accepted"):
        rnd.events.append(Riichi(_seat(e, "actor", players), 1 if kind == "reach" else 2))
    elif kind == "hora":
        rnd.wins.append(_hora(e, players))
    elif kind == "ryukyoku":
        rnd.draw = Ending(_reason(rnd, e, players), _deltas(e, players))


def _deltas(e: dict, players: int) -> tuple[int, ...]:
    deltas = e.get("deltas")
    if deltas is None:
        raise LogError(f"a {e.get('type')} event without deltas: nothing to compare")
    out = tuple(int(d) for d in deltas)
    if len(out) < players or any(out[players:]):
        raise LogError(f"deltas {list(deltas)} do not give {players} seats")
    return out[:players]


def _hora(e: dict, players: int) -> Win:
    who, source = _seat(e, "actor", players), _seat(e, "target", players)
    ura = tuple(mjai_tile(t) for t in e.get("ura_markers") or e.get("uradora_markers") or ())
    deltas = _deltas(e, players)
    if "fan" not in e or "yakus" not in e:  # Mortal's logs: only who won from whom and the deltas
        recorded = Recorded(None, None, None, None, None, deltas)
    else:
        yaku = [(str(n), int(h)) for n, h in e["yakus"]]
        yakuman = sum(h // YAKUMAN_FAN for _, h in yaku if h >= YAKUMAN_FAN)
        named = None if any(n not in YAKU for n, _ in yaku) else tuple(
            (YAKU[n], h // YAKUMAN_FAN if yakuman else h, bool(yakuman)) for n, h in yaku)  # fmt: skip
        han = None if yakuman else int(e["fan"])
        fu = None if yakuman else int(e.get("fu", 0)) or None
        points = int(e["hora_points"]) if "hora_points" in e else None
        recorded = Recorded(han, fu, yakuman, points, named, deltas)
    return Win(who, None if source == who else source, -1, ura, recorded)


def _reason(rnd: Round, e: dict, players: int) -> str:
    """The draw: the log's ``reason`` when it gives one, else what the round shows (the wall run out,
    else an abortive draw by its look: nine orphans after a draw, four riichi, four kans, four winds)."""
    reason = str(e.get("reason", "")).lower()
    if reason:
        return next((name for word, name in REASONS if word in reason), "exhaustive")
    draws = sum(isinstance(x, Draw) for x in rnd.events)
    if draws >= WALL[players]:
        return "exhaustive"
    if sum(isinstance(x, Riichi) and x.step == 2 for x in rnd.events) == 4:
        return "suucha_riichi"
    if sum(isinstance(x, Call) and x.meld.kind in (KAN, KAKAN, ANKAN) for x in rnd.events) >= 4:
        return "suukan"
    discards = [x for x in rnd.events if isinstance(x, Discard)]
    if len(discards) == 4 and len({x.tile >> 1 for x in discards}) == 1:
        return "suufon"
    return "kyuushu" if rnd.events and isinstance(rnd.events[-1], Draw) else "sanchahou"
