# mypyc: skip (exception classes keep their class attributes as Python)
"""Typed refusals. Every error the core raises carries an error code (docs/output.md, "Errors").

A refusal about a piece of text can carry that text and the index of the first bad
character, so the CLI can show the input with a caret under it. ``detail`` is a stable id of
the check that failed (``ippatsu_without_riichi``), for programs that must not parse the prose.
What a refusal exits with is the command line's business (`riichi_cli.cli.common.exit_code`).
"""

from __future__ import annotations

import math
import reprlib
from collections.abc import Iterable

#: Longest input text a message repeats (a 16 MB hand is shown by its start and its length).
MAX_ECHO = 200


class _ShortRepr(reprlib.Repr):
    """reprlib's bounded repr, also for ints too long for ``str()`` (over 4,300 digits)."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 200:  # about 60 digits: say how big instead of converting
            return f"<an integer of {int(math.log10(abs(x))) + 1} digits>"
        return super().repr_int(x, level)


_REPR = _ShortRepr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxstring, _REPR.maxother = 2, 4, 4, 60, 60


def short(value: object) -> str:
    """A bounded repr for messages, safe on huge ints, huge strings and alias-bombed values."""
    try:
        text = _REPR.repr(value)
    except Exception:  # a repr that fails (a user subclass, a broken object): name its type
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 120 else text[:117] + "..."


def clip(text: str, limit: int = MAX_ECHO) -> str:
    """``text`` cut to ``limit`` characters, saying how long it was."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def did_you_mean(word: object, valid: Iterable[str]) -> str:
    """``" (did you mean 'hand'?)"`` when one of ``valid`` is a likely typo of ``word``, else ``""``."""
    if not isinstance(word, str):  # str() of a 5,000-digit int raises; only text has typos
        return ""
    from difflib import get_close_matches  # here: every command imports this module, few misspell

    close = get_close_matches(word.strip().lower(), list(valid), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


class RiichiError(Exception):
    """Base of every refusal: ``code`` is the error code, ``detail`` the id of the failed check."""

    code = "invalid_context"

    def __init__(
        self, message: str, text: str | None = None, position: int | None = None, detail: str | None = None
    ):
        super().__init__(message)
        self.message = message
        self.text = text
        self.position = position
        self.detail = detail

    def reworded(self, message: str) -> RiichiError:
        """The same refusal (type, place, detail) with another message."""
        return type(self)(message, self.text, self.position, self.detail)

    def one_line(self) -> str:
        """The message with the place of the problem, fit for a JSON error object."""
        if self.text is not None and self.position is not None:
            return f"{self.message} (at character {self.position + 1} of {clip(repr(self.window()[0]))})"
        return self.message

    def window(self) -> tuple[str, int]:
        """The input around the bad character (all of it when short) and the caret's place in it."""
        text, pos = self.text or "", self.position or 0
        if len(text) <= MAX_ECHO:
            return text, pos
        start = max(0, min(pos - MAX_ECHO // 2, len(text) - MAX_ECHO))
        head, tail = ("..." if start else ""), ("..." if start + MAX_ECHO < len(text) else "")
        return head + text[start : start + MAX_ECHO] + tail, pos - start + len(head)

    def caret(self) -> str | None:
        """The input and a caret under the first bad character, or None."""
        if self.text is None or self.position is None:
            return None
        text, pos = self.window()
        return f"  {text}\n  {' ' * pos}^"


class NotationError(RiichiError):
    code = "invalid_notation"


class InvalidHand(RiichiError):
    code = "invalid_hand"


class InvalidContext(RiichiError):
    code = "invalid_context"


class Unreadable(RiichiError):
    code = "unreadable"


class NotAWin(RiichiError):
    code = "not_a_win"


class NoYaku(RiichiError):
    code = "no_yaku"


class Furiten(RiichiError):
    code = "furiten"


class BelowMinimum(RiichiError):
    """Yaku, but fewer han (dora excluded) than ``min_han`` / ``ryanshiba`` require."""

    code = "below_minimum"
