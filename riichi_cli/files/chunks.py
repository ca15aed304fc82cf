"""A big YAML hand file cut into runs of its list items, so that `batch --jobs` workers parse apart.

A hand file is mostly one long block list: at the top (``- hand: ...``) or under ``hands:``. The
parent finds the lines that start an item (a ``-`` at the list's column) with two regular
expressions over the text, without parsing it, and sends each worker the file's head (everything
before the first item: ``hands:``, ``defaults:``, comments) followed by a run of items: a small YAML
text of the same shape, read by the same reader as the whole file.

Why the runs give the hands the whole file gives: every line after the head is an item's first line
(``-`` at the list's column), a deeper line, a comment or a blank (checked before cutting). An item's
value depends on its own lines alone, except where a construct runs on into a later line that starts
at the list's column: a quoted scalar or a flow collection left open, or an alias of an anchor
defined before. Cut there, a run is not valid YAML alone (a scalar or a collection left open, an
alias not defined), so it does not read. Hence, when every run reads as a list of exactly the items
counted (or as ``hands:`` of them, ``defaults:`` beside it, as `loader.hands_of` takes them), the
whole file reads as those lists one after the other under the same head. When any run does not, the
file is read whole instead (`files.batch` does that), which gives its usual hands or its one error.
"""

from __future__ import annotations

import re

from ..core.errors import RiichiError
from .loader import Item, Unit, hands_of, parse_yaml

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Any

#: The ``hands:`` line of a file whose hands are listed under that key (a comment may follow).
_HANDS_KEY = re.compile(r"hands: *(?:#.*)?\r?$", re.M)
#: A line that starts a list item: its column, then "-" and a blank or the end of the line.
_ITEM = re.compile(r"^( *)-(?: |\r?$)", re.M)
#: Heads larger than this are not repeated in every run (nothing is cut).
MAX_HEAD = 4096


def cut(text: str, parts: int) -> tuple[str, list[tuple[str, int, int]]] | None:
    """``(head, runs)``: the runs of ``text``'s list items as at most ``parts`` texts of about as many
    items each, with the index of their first item and how many they hold; None when the text is not
    one block list of items after a short head (then nothing is cut).

    The patterns over the whole text start with a newline, which the regular expression engine looks
    for as a plain character: one tried at every position (a line start ``^``) cost 20 times more."""
    at = 0 if text.startswith("hands:") else text.find("\nhands:", 0, MAX_HEAD) + 1
    key = _HANDS_KEY.match(text, at) if at or text.startswith("hands:") else None
    start = key.end() if key else 0
    first = _ITEM.search(text, start, min(len(text), start + MAX_HEAD + 1))
    first = _ITEM.match(text, first.start()) if first else None  # the whole line, not cut at the end
    if first is None or first.start() > MAX_HEAD:
        return None
    head, column = text[: first.start()], len(first.group(1))
    if not _plain_head(head, key is not None):
        return None
    body = text[first.start() :]
    # After the head, a line at a lower column or at the list's column that is not an item would be
    # another key (``defaults:`` after the list, a second list): then the file is read whole.
    if stray_line(column).search(body):
        return None
    # With no stray line, every line that starts with "-" at the list's column starts an item.
    starts = [0] + [m.start() + 1 for m in re.finditer(re.escape("\n" + " " * column + "-"), body)]
    size = -(-len(starts) // max(1, parts))
    runs = []
    for k in range(0, len(starts), size):
        end = starts[k + size] if k + size < len(starts) else len(body)
        runs.append((body[starts[k] : end], k, min(size, len(starts) - k)))
    return head, runs


def stray_line(column: int) -> re.Pattern:
    """A newline starting a line that is neither an item's first line (``-`` at ``column``, then a
    blank or the end of the line), a deeper line, a comment nor a blank line: what
    ``\\n(?! {column}(?:-(?: |\\r?$)| )| *(?:#|\\r?$))`` (multi-line) finds, without trying a
    look-ahead of four branches at every newline (tests/test_batch_runs.py compares the two)."""
    end = r"\r(?!\n|\Z)"  # a carriage return that does not end the line
    after = rf"(?:[^ \-#\r\n]|-[^ \r\n]|-?{end})"  # what may not follow the column's spaces
    if column == 0:
        return re.compile(rf"\n{after}")
    return re.compile(rf"\n(?: {{0,{column - 1}}}(?:[^ #\r\n]|{end})| {{{column}}}{after})")


def _plain_head(head: str, keyed: bool) -> bool:
    """Whether the head is blank lines and comments only, or ends with the ``hands:`` line when the
    items are listed under that key (``defaults:`` may come before it)."""
    lines = [line for line in head.split("\n") if line.strip(" \r") and not line.lstrip(" ").startswith("#")]
    if not keyed:
        return not lines
    return bool(lines) and _HANDS_KEY.fullmatch(lines[-1]) is not None


def chunk_items(unit: Unit) -> list[Item] | None:
    """The items of one run (``("chunk", where, prefix, text, first, count)``), numbered from ``first``
    as in the whole input; None when the run does not read alone as a list of ``count`` items."""
    _, where, prefix, text, first, count = unit
    try:
        docs = parse_yaml(text, where)
    except RiichiError:
        return None
    if len(docs) != 1 or _listed(docs[0]) != count:
        return None
    return [(f"{prefix}#{first + i}", item) for i, item in enumerate(hands_of(docs[0], where))]


def _listed(doc: Any) -> int:
    """How many hands a document lists: a list, or ``hands:`` with ``defaults:`` beside it at most
    (-1 for any other document, which `hands_of` answers with one error or one hand)."""
    if isinstance(doc, list):
        return len(doc)
    if not isinstance(doc, dict) or "hands" not in doc or any(k not in ("hands", "defaults") for k in doc):
        return -1
    hands, defaults = doc["hands"], doc.get("defaults") or {}
    return len(hands) if isinstance(hands, list) and isinstance(defaults, dict) else -1
