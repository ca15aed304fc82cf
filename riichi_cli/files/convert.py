"""`riichi convert`: each log file read (gzip undone, format detected) and its game written in another
format, as text; the pure writers are in :mod:`riichi_cli.logs.convert`."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..logs.convert import mjai_events, tenhou6_game
from ..logs.replay import read_log
from ..logs.tiles import LogError
from .logs import BadLog, game_ref, log_paths, read_bytes, read_text

SUFFIX = {"tenhou6": ".json", "mjai": ".mjson"}


@dataclass
class Converted:
    """One file's game in the target format (``text`` None when the file could not be read), what the
    target cannot hold, and why the file does not hold the whole game (None when it does)."""

    source: str
    ref: str
    text: str | None
    lost: list[str] = field(default_factory=list)
    incomplete: str | None = None
    error: str | None = None


def convert_text(text: str, target: str, ref: str = "") -> tuple[str, list[str], str | None]:
    """A log's text in ``target`` (tenhou6: one JSON object; mjai: JSON lines), what the target cannot
    hold, and why the log is not a whole game (or None). `LogError` when it is not a log."""
    game, why = read_log(text, ref)
    if target == "tenhou6":
        obj, lost = tenhou6_game(game)
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n", lost, why
    events, lost = mjai_events(game, why is None)
    return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in events), lost, why


def convert_paths(paths: list[str], target: str):
    """Each file (folders walked, ``-`` stdin) converted, in order."""
    for path, refusal in log_paths(paths):
        ref = "stdin" if path == "-" else game_ref(path)
        if refusal is not None:
            yield Converted(path, ref, None, error=refusal)
            continue
        try:
            text, cut = read_text(read_bytes(path))
            out, lost, why = convert_text(text, target, ref)
        except (OSError, BadLog, LogError, ValueError, RecursionError) as e:
            reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            yield Converted(path, ref, None, error=f"{path}: {reason}")
            continue
        yield Converted(path, ref, out, lost, cut or why)
