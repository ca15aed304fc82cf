"""`replay` in one call: a log's text in, its replay objects out (the format is found from the text).

A log is opened (format, header, where each round starts), then read and replayed a piece of rounds at
a time, so a long log never sits in memory as rounds or results; `Sequence` follows the rounds to tell
whether the log holds the whole game.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from ..core.errors import RiichiError
from ..core.rules import Rules, resolve_rules, with_overrides
from .compare import error_object, replay_round
from .mjai import is_mjai, mjai_ending, mjai_header, mjai_pieces, mjai_rounds
from .mjlog import is_mjlog, mjlog_ending, mjlog_header, mjlog_pieces, mjlog_rounds
from .model import Game, Piece, Problem, Round
from .sequence import Sequence, Summary, summary
from .tenhou6 import tenhou6_final, tenhou6_header, tenhou6_pieces, tenhou6_rounds
from .tiles import LogError

PIECE: Final = 32  # rounds read and replayed at a time
#: no final scores to compare: the format's own end mark (mjlog's owari, mjai's end_game) says it
NO_FINAL: Final = ()

NOT_A_LOG: Final = ("not a game log: neither Tenhou mjlog XML (<mjloggm ...>), tenhou6 JSON "
                    '({"log": ...}) nor mjai JSON lines ({"type": "start_game"...})')  # fmt: skip


def detect(text: str) -> str:
    """``mjlog``, ``tenhou6`` or ``mjai`` from the text itself; `LogError` for anything else."""
    if is_mjlog(text):
        return "mjlog"
    if is_mjai(text):
        return "mjai"
    if text.lstrip()[:1] == "{":
        return "tenhou6"
    raise LogError(NOT_A_LOG)


@dataclass
class Opened:
    """A log opened: its header, its rounds in pieces (read lazily), and what its end says: ``ending``
    the format's own reason the game is not whole (or None), ``final`` the final scores to compare
    with the last round (`NO_FINAL` when the format marks its end otherwise)."""

    game: Game
    pieces: Iterator[Piece]
    ending: str | None
    final: tuple[int, ...] | None


def open_log(text: str, ref: str = "", size: int = PIECE) -> Opened:
    fmt = detect(text)
    if fmt == "mjlog":
        game, starts = mjlog_header(text, ref)
        return Opened(game, mjlog_pieces(game, text, starts, size), mjlog_ending(text, starts), NO_FINAL)
    if fmt == "mjai":
        game, starts = mjai_header(text, ref)
        return Opened(game, mjai_pieces(game, text, starts, size), mjai_ending(text, starts), NO_FINAL)
    game, data = tenhou6_header(text, ref)
    return Opened(game, tenhou6_pieces(game, data["log"], size), None, tenhou6_final(data, game.players))


def piece_rounds(piece: Piece) -> Iterator[Round | Problem]:
    """The rounds of a piece, each read whole or a `Problem`."""
    if piece.fmt == "mjlog":
        return mjlog_rounds(piece.game, piece.payload, piece.first, piece.last)  # type: ignore[arg-type]
    if piece.fmt == "mjai":
        return mjai_rounds(piece.game, piece.payload, piece.first, piece.last)  # type: ignore[arg-type]
    return tenhou6_rounds(piece.game, piece.payload, piece.first)  # type: ignore[arg-type]


def replay_piece(piece: Piece, rules: Rules, source: str) -> tuple[list[dict], list[Summary | None]]:
    """The replay objects of a piece's rounds, and each round's `Summary` (None: not read)."""
    objs: list[dict] = []
    sums: list[Summary | None] = []
    ref = piece.game.ref
    for item in piece_rounds(piece):
        if isinstance(item, Problem):
            bad = error_object(source, ref, item.index, "bad_round", item.why)
            objs.append({**bad, "kyoku": item.kyoku, "honba": item.honba})
            sums.append(None)
        else:
            objs += replay_round(item, rules, source, ref)
            sums.append(summary(item))
    return objs, sums


def incomplete(opened: Opened, seq: Sequence, source: str, cut: str | None = None) -> list[dict]:
    """The one ``incomplete`` record of a game the log does not hold whole, or nothing."""
    if opened.final is not NO_FINAL:
        seq.final(opened.final)
    why = cut or opened.ending or seq.reason
    if why is None:
        return []
    return [error_object(source, opened.game.ref, None, "incomplete", why)]


#: The preset of a Tenhou table of 4 or 3 players, and the red fives its lobby plays with.
TABLE_PRESETS: Final = {4: "tenhou", 3: "tenhou3"}
RED_FIVES: Final = {4: 3, 3: 2}


def log_rules(game: Game, rules: Rules, overrides: dict | None = None) -> Rules:
    """The rules a game was played under: the lobby's red fives and open tanyao over ``rules``; an
    option the caller set explicitly (``overrides``, from ``--rule``) wins over the log. ``rules`` made
    for another number of players (the default `tenhou` for a three-player log) give way to the Tenhou
    preset of the log's table."""
    if rules.players != game.players:
        rules = resolve_rules(TABLE_PRESETS[game.players])
    red = rules.aka_dora or RED_FIVES[game.players] if game.red_fives else 0
    changes = {"aka_dora": red, "kuitan": game.open_tanyao, **(overrides or {})}
    try:  # the same few lobbies come back game after game: each set of rules is made once
        key = (rules, tuple(changes.items()))
        made = _LOG_RULES.get(key)
    except TypeError:  # an unhashable override value: not kept
        return with_overrides(rules, changes)
    if made is None:
        made = with_overrides(rules, changes)
        if len(_LOG_RULES) < 64:
            _LOG_RULES[key] = made
    return made


#: `log_rules` answers by the rules and changes asked (rules are frozen: equal ones hash alike).
_LOG_RULES: Final[dict[tuple, Rules]] = {}


def replay_stream(text: str, source: str = "-", ref: str = "", rules: Rules | None = None,
                  overrides: dict | None = None, cut: str | None = None) -> Iterator[list[dict]]:  # fmt: skip
    """The replay objects of one log a piece at a time, the ``incomplete`` record (if any) last; an
    unreadable log is one ``kind: error`` object. ``cut`` is the reason the bytes themselves stop early
    (a gzip stream cut short), from the file layer."""
    try:
        opened = open_log(text, ref)
        played = log_rules(opened.game, rules or resolve_rules(), overrides)
        seq = Sequence(opened.game.players)
        for piece in opened.pieces:
            objs, sums = replay_piece(piece, played, source)
            for s in sums:
                seq.add(s)
            yield objs
        if seq.seen == 0 and opened.ending is None and cut is None:
            raise LogError("the log holds no round")
        yield incomplete(opened, seq, source, cut)
    except (LogError, RiichiError, ValueError, RecursionError) as e:
        message = e.one_line() if isinstance(e, RiichiError) else str(e)
        yield [error_object(source, ref, None, "unreadable", message)]


def replay_text(text: str, source: str = "-", ref: str = "", rules: Rules | None = None,
                overrides: dict | None = None, cut: str | None = None) -> list[dict]:  # fmt: skip
    """Every round end of one log as replay objects (docs/output.md), then the ``incomplete`` record
    of a game the log does not hold whole; an unreadable log is one ``kind: error`` object."""
    return [d for objs in replay_stream(text, source, ref, rules, overrides, cut) for d in objs]


def read_log(text: str, ref: str = "") -> tuple[Game, str | None]:
    """A whole log as one `Game` (every round read, those that could not be in ``problems``) and why
    it does not hold the whole game (None when it does): what `riichi convert` writes from."""
    opened = open_log(text, ref)
    game, seq = opened.game, Sequence(opened.game.players)
    for piece in opened.pieces:
        for item in piece_rounds(piece):
            if isinstance(item, Problem):
                game.problems.append((item.index, item.why, item.kyoku, item.honba))
                seq.add(None)
            else:
                game.rounds.append(item)
                seq.add(summary(item))
    if not game.rounds and not game.problems and opened.ending is None:
        raise LogError("the log holds no round")
    if opened.final is not NO_FINAL:
        seq.final(opened.final)
    return game, opened.ending or seq.reason
