"""`replay` in one call: a log's text in, its replay objects out (the format is found from the text)."""

from __future__ import annotations

from typing import Final

from ..core.errors import RiichiError
from ..core.rules import Rules, resolve_rules, with_overrides
from .compare import error_object, replay_game
from .mjlog import is_mjlog, read_mjlog
from .model import Game
from .tenhou6 import read_tenhou6
from .tiles import LogError


def read_game(text: str, ref: str = "") -> Game:
    """An mjlog or tenhou6 text as a `Game`; `LogError` when it is neither."""
    head = text.lstrip()[:1]
    if head == "{":
        return read_tenhou6(text, ref)
    if is_mjlog(text):
        return read_mjlog(text, ref)
    raise LogError('not a game log: neither Tenhou mjlog XML (<mjloggm ...>) nor tenhou6 JSON ({"log": ...})')


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
    lobby: dict = {"aka_dora": red, "kuitan": game.open_tanyao}
    return with_overrides(rules, {**lobby, **(overrides or {})})


def replay_text(
    text: str, source: str = "-", ref: str = "", rules: Rules | None = None, overrides: dict | None = None
) -> list[dict]:
    """Every round end of one log as replay objects (docs/output.md); an unreadable log is one
    ``kind: error`` object."""
    try:
        game = read_game(text, ref)
        played = log_rules(game, rules or resolve_rules(), overrides)
        return replay_game(game, played, source)
    except (LogError, RiichiError, ValueError, RecursionError) as e:
        message = e.one_line() if isinstance(e, RiichiError) else str(e)
        return [error_object(source, ref, None, "unreadable", message)]
