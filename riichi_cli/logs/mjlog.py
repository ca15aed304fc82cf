"""Tenhou mjlog XML (``<mjloggm ver="2.3">``) as a `Game`.

The log is a flat run of tags, so a small tag scanner reads it: it is faster than a tree and
still reads every round before the place where a cut-off file stops.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from ..core.errors import clip
from ..core.native import i64
from .bounds import (
    ECHO,
    MAX_ATTRIBUTE,
    MAX_COUNTER,
    MAX_EVENTS,
    MAX_KYOKU,
    attribute,
    check_round,
    events_room,
    yaku_count,
)
from .melds import decode_m
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
from .tiles import LogError, from_id
from .yaku import MJLOG

#: A tag. The repeats after the name are possessive (``*+``, ``++``): each is followed by what it cannot
#: match (blanks by a name, a name by ``=``, a value by its quote, the attributes by ``/`` or ``>``),
#: so giving back a character never helps and the same tags match, without keeping the points to
#: go back to (twice as fast on an INIT tag).
_TAG: Final = re.compile(r"<([A-Z]+)(\d*)((?:\s++[A-Za-z0-9]++=\"[^\"]*+\")*+)\s*+/?>")
_ATTR: Final = re.compile(r"([A-Za-z0-9]+)=\"([^\"]*)\"")


def _attributes(attrs: str) -> dict[str, str]:
    """``dict(_ATTR.findall(attrs))`` for the attributes group of a `_TAG` match, which is a run of
    blanks, a name, ``="``, a value without quotes and ``"``: so the text between quotes alternates
    blanks-name-equals and value (split in one call, not a regex match per attribute)."""
    parts = attrs.split('"')
    out: dict[str, str] = {}
    for k in range(0, len(parts) - 1, 2):
        name = _NAMES.get(parts[k])
        if name is None:
            name = parts[k].lstrip()[:-1]
            if len(_NAMES) < _MAX_NAMES:
                _NAMES[parts[k]] = name
        out[name] = parts[k + 1]
    return out


#: ``' seed='`` -> ``'seed'``: the names of `_attributes`, kept (a few dozen in all logs) so that each
#: is cut from its blanks and hashed once, not once per tag.
_NAMES: Final[dict[str, str]] = {}
_MAX_NAMES: Final = 1000  # odd blanks before names in a broken log do not make it grow further


DRAWS: Final = "TUVW"
DISCARDS: Final = "DEFG"
#: tag letter -> 0-3 a draw by seat 0-3, 4-7 a discard by seat 0-3
_LETTERS: Final = DRAWS + DISCARDS
_MOVES: Final = {c: i for i, c in enumerate(_LETTERS)}
#: RYUUKYOKU type -> draw reason (no type: the wall ran out).
DRAW_TYPES: Final = {"": "exhaustive", "nm": "exhaustive", "yao9": "kyuushu", "kaze4": "suufon",
                     "reach4": "suucha_riichi", "kan4": "suukan", "ron3": "sanchahou"}  # fmt: skip
NO_RED: Final = 0x02
NO_KUITAN: Final = 0x04
SANMA: Final = 0x10


#: the tile of each mjlog id, with red fives and without (read once, not per draw and discard)
RED_TILES: Final = tuple(from_id(i, True) for i in range(136))
PLAIN_TILES: Final = tuple(from_id(i, False) for i in range(136))
#: Every draw (``[seat * 68 + tile]``) and discard (``[(seat * 68 + tile) * 2 + tsumogiri]``) a move tag can
#: be (68 tiles: kind * 2 + red), made once and shared by every round: nothing changes an event once
#: made, and a log is mostly these (no object to make, free and follow in the garbage collector per move).
_DRAW_EVENTS: Final = tuple(Draw(seat, tile) for seat in range(4) for tile in range(68))
_DISCARD_EVENTS: Final = tuple(
    Discard(seat, tile, t == 1) for seat in range(4) for tile in range(68) for t in (0, 1)
)


def ints(text: str) -> list[int]:
    """``"1,2,3"`` -> ``[1, 2, 3]`` (an empty attribute is an empty list; a longer one than any real
    attribute is refused before it is split)."""
    if len(text) > MAX_ATTRIBUTE:
        attribute(text)  # says why (bounds.py is not compiled: called only then)
    if text.isascii():  # ASCII digits and commas, as every real attribute: read byte by byte
        found = _digit_list(text.encode())
        if found is not None:
            return found
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise LogError(f"{text[:40]!r} is not a list of numbers") from None


def _digit_list(data: bytes) -> list[int] | None:
    """The numbers of ASCII digits and commas, a part perhaps led by a minus (the changes of ``sc``),
    empty parts left out, as ``int`` of each non-blank part of ``split(",")`` gives them (which costs a
    string and a generic conversion per number); None for any other byte (a plus, a blank, an
    underscore, a minus alone or after a digit...): the generic reading then decides."""
    out: list[int] = []
    value: i64 = -1  # the digits of the part being read; -1 before its first digit
    sign: i64 = 1  # -1 after a minus that leads the part
    for k in range(len(data)):
        b: i64 = data[k]
        if 48 <= b <= 57:
            if value > _MAX_NATIVE:  # a number of 19 digits or more: int() reads it
                return None
            value = b - 48 if value < 0 else value * 10 + b - 48
        elif b == 44:
            if value >= 0:
                out.append(sign * value)
            elif sign < 0:
                return None
            value, sign = -1, 1
        elif b == 45 and value < 0 and sign > 0:
            sign = -1
        else:
            return None
    if value >= 0:
        out.append(sign * value)
    elif sign < 0:
        return None
    return out


#: The largest number `_digit_list` takes one more digit on within a native 64-bit int.
_MAX_NATIVE: Final = 10**17


#: What may come before ``<mjloggm``: blanks, an XML declaration, comments (a log id, a note), a doctype.
_PROLOG: Final = re.compile(r"(?:\s+|<\?xml.*?\?>|<!--.*?-->|<!DOCTYPE[^>]*>)*", re.S)


def prolog_end(text: str) -> int:
    """Where the log's first tag starts, after blanks, an XML declaration and comments."""
    m = _PROLOG.match(text)
    return m.end() if m else 0


def is_mjlog(text: str) -> bool:
    return text.startswith("<mjloggm", prolog_end(text))


def read_mjlog(text: str, ref: str = "") -> Game:
    """Every round of an mjlog text; a round that cannot be read, or that the log stops in the middle
    of, is noted in ``problems``."""
    game, starts = mjlog_header(text, ref)
    for item in mjlog_rounds(game, text[starts[0] :] if starts else "", 0, last=False):
        if isinstance(item, Problem):
            game.problems.append((item.index, item.why, item.kyoku, item.honba))
        else:
            game.rounds.append(item)
    return game


def mjlog_header(text: str, ref: str = "") -> tuple[Game, list[int]]:
    """The game (rule bits of the ``GO`` tag, no rounds) and where each ``<INIT`` tag starts."""
    if not is_mjlog(text):
        raise LogError("not a Tenhou mjlog (no <mjloggm> tag)")
    game = Game(ref, 4, True, True, [])
    starts = []
    at = text.find("<INIT")
    while at >= 0:
        starts.append(at)
        at = text.find("<INIT", at + 5)
    for tag in _TAG.finditer(text, 0, starts[0] if starts else len(text)):  # no list of every tag
        name, number, attrs = tag.groups()
        if name in ("GO", "UN"):
            a = _attributes(attrs)
            game.info.update({f"{name}.{k}": v for k, v in a.items()})
        if name == "GO":
            try:
                _tag(game, None, name, number, a)
            except ValueError as e:
                raise LogError(f"bad <GO> tag: {e}") from None
    game.info.update(_owari(text))
    return game, starts


def _owari(text: str) -> dict:
    """The final scores and points Tenhou writes on the last round end (``owari``), if any."""
    end = max(text.rfind("<AGARI"), text.rfind("<RYUUKYOKU"))
    close = text.find(">", end) if end >= 0 else -1
    found = _ATTR.findall(text, end, close) if close >= 0 else []
    return {k: v for k, v in found if k == "owari"}


def mjlog_pieces(game: Game, text: str, starts: list[int], size: int) -> Iterator[Piece]:
    """The rounds ``size`` at a time, each piece the text from one ``<INIT`` to the next piece's."""
    for i in range(0, len(starts), size):
        end = starts[i + size] if i + size < len(starts) else len(text)
        yield Piece("mjlog", game, text[starts[i] : end], i, i + size >= len(starts))


def mjlog_rounds(game: Game, text: str, first: int, last: bool = True) -> Iterator[Round | Problem]:
    """The rounds of a piece of mjlog text (starting at an ``<INIT`` tag), in order, each read whole or
    a `Problem`. A round cut off by the end of the log (``last``) is left to `mjlog_ending` to report.

    The tags are taken in turn as `_TAG` finds them (one at a time: a flood of tags is never held as a
    list); the bare draws and discards, most of a log, are read character by character without the
    regex."""
    game.started = first
    rnd: Round | None = None
    drawn = [-1] * 4  # the id each seat drew last (a discard of the same id is tsumogiri)
    tiles = RED_TILES if game.red_fives else PLAIN_TILES
    skip: i64 = 0  # after a lost round, the tags before the next <INIT are passed over unread
    pos: i64 = 0  # where the tag last read ends: a "<" before it is inside that tag
    size: i64 = len(text)
    while True:
        at: i64 = text.find("<", pos)
        if at < 0:
            break
        code = _bare_move(text, at, size)
        letter: i64 = code >> 52 if code >= 0 else -1
        if letter >= 0:  # <T12/>: the same tag as `_TAG` reads it, without its match object
            pos = code & 0xFFFFFFFF
            if at < skip or rnd is None:
                continue  # before any round _tag passes a move over too
            name, number, move = "", "", letter  # the name is only said in an error, below
        else:
            tag = _TAG.search(text, at)
            if tag is None:
                break
            pos = tag.end()
            if tag.start() < skip:
                continue
            name, number, attrs = tag.groups()
            if name == "INIT" and rnd is not None:
                yield finished(rnd)
                rnd = None
            move = _MOVES.get(name, -1) if number and rnd is not None else -1
        try:
            if rnd is not None and len(rnd.events) >= MAX_EVENTS:
                events_room(len(rnd.events))
            if move >= 0 and rnd is not None:  # most tags: a draw or a discard, read fast
                i: int = code >> 32 & 0xFFFFF if letter >= 0 else int(number)
                seat = move % 4
                tile = tiles[i] if i < 136 else from_id(i)  # from_id says why an id is out of range
                if move < 4:
                    rnd.events.append(_DRAW_EVENTS[seat * 68 + tile])
                    drawn[seat] = i
                else:
                    tsumogiri = 1 if drawn[seat] == i else 0
                    rnd.events.append(_DISCARD_EVENTS[(seat * 68 + tile) * 2 + tsumogiri])
                    drawn[seat] = -1
                continue
            rnd = _tag(game, rnd, name, number, _attributes(attrs))
        except (LogError, ValueError, KeyError, IndexError) as e:
            if letter >= 0:  # a bare move: its letter, and its digits up to its "/>" or ">"
                name = _LETTERS[letter]
                number = text[at + 2 : pos - (2 if text[pos - 2] == "/" else 1)]
            why = f"bad <{clip(name + number, ECHO)}> tag: {clip(str(e), 3 * ECHO)}"
            if rnd is not None and name != "INIT":  # the round being read is lost
                yield Problem(rnd.index, why, rnd.name, rnd.honba)
            else:  # a round that could not even begin
                yield Problem(max(0, game.started - 1), why)
            rnd = None
            skip = text.find("<INIT", pos)
            if skip < 0:
                break
    if rnd is not None and (rnd.wins or rnd.draw is not None or not last):
        yield finished(rnd)


#: The longest tile id `_bare_move` reads (a longer one goes to `_TAG` and int(), which says why).
_ID_DIGITS: Final = 6
#: Each ASCII code -> 1 + the index in `_LETTERS` of a draw or discard letter, 0 for any other character.
_LETTER_CODES: Final = bytes(_LETTERS.find(chr(c)) + 1 for c in range(128))
#: The longest text whose tag ends `_bare_move` packs in its answer's low 32 bits.
_MAX_PACKED: Final = 0xFFFFFFFF - 2


def _bare_move(text: str, at: i64, size: i64) -> i64:
    """A draw or discard tag without attributes at ``at`` (``<T12/>``, ``<D5>``) packed as ``letter << 52
    | id << 32 | end`` (``letter`` its index in `_LETTERS`, ``end`` where the tag ends); -1 for any other
    tag, which `_TAG` then reads. Exactly the tags `_TAG` reads as a letter of `_LETTERS`, 1-6 ASCII
    digits and no attributes. (Native ints, not a tuple: compiled, nothing is allocated per tag.)"""
    if at + 1 >= size or size > _MAX_PACKED:
        return -1
    c: i64 = ord(text[at + 1])
    letter: i64 = _LETTER_CODES[c] - 1 if c < 128 else -1
    if letter < 0:
        return -1
    j: i64 = at + 2
    value: i64 = 0
    while j < size and j - at - 2 <= _ID_DIGITS:
        digit: i64 = ord(text[j]) - 48
        if digit < 0 or digit > 9:
            break
        value = value * 10 + digit
        j += 1
    if j == at + 2 or j - at - 2 > _ID_DIGITS or j >= size:
        return -1
    if text[j] == ">":
        return letter << 52 | value << 32 | j + 1
    if text[j] == "/" and j + 1 < size and text[j + 1] == ">":
        return letter << 52 | value << 32 | j + 2
    return -1


def mjlog_ending(text: str, starts: list[int]) -> str | None:
    """Why the log does not hold the whole game, or None: Tenhou writes the final scores (``owari``) on
    the last round end and closes the log with ``</mjloggm>``."""
    end = max(text.rfind("<AGARI"), text.rfind("<RYUUKYOKU"))
    if not starts:
        return None  # no round at all: the reader says so
    if end < starts[-1]:
        return f"the log stops in the middle of round {len(starts) - 1}: the game goes on past the file"
    close = text.find(">", end)
    if close < 0 or "owari=" not in text[end:close]:
        return "the last round end carries no final scores (owari): the game goes on past the file"
    if text.rfind("</mjloggm>") < end:
        return "the log stops before its closing </mjloggm> tag"
    return None


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
    if name in ("BYE", "UN"):
        _connection(game, rnd, name, a)
    elif name == "N":
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


def _connection(game: Game, rnd: Round, name: str, a: dict[str, str]) -> None:
    """A player who leaves (``BYE``) or comes back (``UN``) mid-round, where tenhou6 keeps it: what (0
    leaves, 1 back), the round, the seat and how many moves into the round."""
    who = int(a["who"]) if name == "BYE" else next((int(k[1:]) for k in a if k[:1] == "n"), -1)
    game.info.setdefault("connection", []).append(
        {"what": 0 if name == "BYE" else 1, "log": rnd.index, "who": who, "step": len(rnd.events)}
    )


def _init(game: Game, a: dict[str, str]) -> Round:
    game.started += 1  # counted first: a round whose INIT is bad still has its index
    seed = ints(a["seed"])
    scores = tuple(100 * s for s in ints(a["ten"]))[: game.players]
    table = RED_TILES if game.red_fives else PLAIN_TILES
    hands = [[table[i] if 0 <= i < 136 else _tile(game, i) for i in ints(a.get(f"hai{p}", ""))]
             for p in range(game.players)]  # fmt: skip
    if len(seed) != 6 or any(len(h) != 13 for h in hands):
        raise LogError("an INIT tag without its seed or thirteen tiles per hand")
    if not (0 <= seed[0] <= MAX_KYOKU and 0 <= seed[1] <= MAX_COUNTER and 0 <= seed[2] <= MAX_COUNTER):
        check_round(seed[0], seed[1], seed[2])  # says why: a kyoku of 10**20 is not "E1" (interpreted)
    rnd = Round(game.started - 1, seed[0], seed[1], seed[2], scores, [_tile(game, seed[5])], hands)
    if int(a.get("oya", rnd.dealer)) != rnd.dealer:
        raise LogError(f"dealer {a.get('oya')} does not match round {seed[0]}")
    return rnd


def _deltas(sc: str, players: int) -> tuple[int, ...]:
    """Every second number of ``sc`` (score, change, score, change...), in points."""
    values = ints(sc)
    if not 2 * players <= len(values) <= 8:
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
    yaku_count(len(pairs) // 2)
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
