"""A block of JSON lines to batch records in one compiled loop (`riichi batch`, one job).

Per line, the interpreted loop (decoding the bytes, the json module's ``decode`` and ``raw_decode``
with their two whitespace matches, the source name, the calls) cost about a fifth of what scoring the
line costs. Here the common line (UTF-8, at most 4,000 characters, one JSON object and only
whitespace after it) goes straight to the json module's scanner, which is what ``decode`` calls:
the same mapping. Any other line is read by ``slow`` (`files.loader.json_line`), which gives the
same mapping or the refusal with its message.
"""

from __future__ import annotations

from collections.abc import Callable
from json import JSONDecoder

from ..core.errors import RiichiError
from ..core.hints import cast
from ..core.rules import Rules
from .result_text import Record, refused_record, score_record

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Any, Final

#: The scanner of a plain decoder (integers made by the scanner: a line of at most 4,000 characters
#: cannot hold a number too long to convert, which `files.loader` keeps as a marker).
_SCAN: Final[Callable[[str, int], tuple[Any, int]]] = cast("Any", JSONDecoder()).scan_once
#: The longest line read here; a longer one goes to ``slow``.
SHORT: Final = 4000


def _quick(raw: bytes, n: int) -> dict | None:
    """The mapping of a common JSON line, or None when ``slow`` must read it."""
    if len(raw) > SHORT:
        return None
    try:
        text = raw.decode("utf-8-sig" if n == 1 else "utf-8")
    except UnicodeDecodeError:
        return None
    if not text.startswith("{"):  # leading whitespace, a BOM left over, not an object: the slow way
        return None
    try:
        found = _SCAN(text, 0)
    except Exception:  # StopIteration, a JSONDecodeError, RecursionError: the slow way says which
        return None
    value: Any = found[0]
    end: int = found[1]
    if type(value) is not dict or text[end:].strip(" \t\n\r"):  # json's whitespace only after it
        return None
    return value


def line_records(
    numbered: list[tuple[int, bytes | RiichiError]],
    where: str,
    prefix: str,
    index: int,
    rules: Rules,
    slow: Callable[[Any, int, str], Any],
) -> list[Record]:
    """The records of JSON lines ``(line number, bytes or refusal)`` of ``where``, the first one
    the ``index``-th hand of the input (sources ``prefix#index``, ...)."""
    out: list[Record] = []
    for n, raw in numbered:
        found: Any = _quick(raw, n) if isinstance(raw, bytes) else None
        if found is None:
            found = slow(raw, n, where)
        source = f"{prefix}#{index}"
        index += 1
        if isinstance(found, dict):
            out.append(score_record(found, rules, source))
        else:
            out.append(refused_record(found, source))
    return out
