"""A fast reader for the common shape of hand files: block mappings and lists of plain scalars.

PyYAML builds a node graph, then Python objects from it, with marks for every event: for a file of
10,000 hands that costs several times the scoring. Most hand files are far simpler: block mappings,
block lists (indented or not), one-line plain or quoted scalars and one-line flow lists of plain
scalars. `load` reads exactly that shape and answers None for anything else (anchors, tags, block
scalars, multi-line scalars, several documents, tabs, unusual characters, ...), so the caller uses
the full safe loader, which gives its usual result or error. Each distinct plain scalar is still
resolved and built as the full loader resolves and builds it (once, then cached: the caller passes
that function in, so this module needs no YAML library and is compiled with the core; `files.loader`
answers the common scalars itself and asks the loader's own resolver and constructors for the rest),
so a value means what it means to `yaml.safe_load`: `yes` is True, `0x1F` is 31, `~` is None.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..core.native import i64

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Any, Final

    Scalar = Callable[[str], Any]

#: Characters outside this set send the text to the full loader (tabs, CR, NEL and the Unicode line
#: and paragraph separators, a BOM inside the text, non-printable characters). Compiled when a text
#: that is not ASCII comes: compiling a class that spans Unicode costs about 15 ms of start-up, and
#: in ASCII the same set is the printable characters and the newline (`_Reader` checks line by line).
_ODD_CLASS = "[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"
_odd: list[re.Pattern] = []
#: First characters that make a value something other than a plain scalar (or a YAML error).
_INDICATORS: Final = frozenset("-?:,[]{}#&*!|>'\"%@`")
#: Characters a plain scalar inside a flow list may not hold (here: they send the text away). ":" and
#: "?" are there because the two YAML loaders disagree on them in flow (`[x?]`, `[x:,]`, `[x:?]`).
_FLOW_ODD: Final = re.compile(r"[\[\]{}#'\":?]")
#: Longest simple key: YAML refuses implicit keys over 1,024 characters; shorter ones are left to it too.
MAX_KEY: Final = 1000
#: Deepest nesting of lists and mappings a document may have, here and in the full loader
#: (`files.loader.parse_yaml` refuses deeper documents): past about 500 levels the pure-Python YAML
#: loader runs out of stack while the C one does not, so a limit well below keeps installs alike.
MAX_DEPTH: Final = 100


#: The kinds of significant line. "key: value" (the value on the line) and "- value" (an item).
ENTRY: Final = 0
ITEM: Final = 1
#: "key:" or "key: # comment": the value is the block on the following lines, or null.
OPEN: Final = 2
#: "- key: ...": an item that is a mapping, whose first entry is on the same line.
PAIR: Final = 3
#: A blank or comment line (never listed), and the sentinel after the last line.
SKIP: Final = 4
END: Final = 5


#: What a cache look-up answers for a text not seen yet (None is a value: ``~``).
_MISSING: Final = object()


class NotSimple(Exception):
    """The text is not of the simple shape: the full loader reads it."""


#: A plain scalar's text -> its value, as the full loader resolves and builds it.


def load(text: str, scalar: Scalar) -> list | None:
    """The documents of ``text`` as the full loader gives them, or None when the text is not of the
    simple shape (or anything at all goes wrong: the full loader then explains). ``scalar`` builds
    one plain scalar the way the full loader does.

    >>> load("hand: 1m\\nriichi: yes\\n", {"1m": "1m", "yes": True, "hand": "hand", "riichi": "riichi"}.get)
    [{'hand': '1m', 'riichi': True}]
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    ascii = text.isascii()
    if not ascii:
        if not _odd:
            _odd.append(re.compile(_ODD_CLASS))
        if _odd[0].search(text):
            return None
    try:
        return [_Reader(text, scalar, ascii).document()]
    except Exception:  # NotSimple, or a scalar the constructors refuse: the full loader reports it
        return None


class _Line:
    """What one significant line says, worked out once per distinct line: in a hand file most lines
    repeat from hand to hand (`honba: 0`, `win: ron`, `  - 1z`), and looking a whole line up costs
    less than stripping, matching and building it again."""

    def __init__(self, indent: i64, kind: i64, key: Any = None, value: Any = None, flow: bool = False,
                 inner: _Line | None = None) -> None:  # fmt: skip
        self.indent = indent
        self.kind = kind
        #: ENTRY and OPEN: the key, built.
        self.key = key
        #: ENTRY and ITEM: the value, built (scalars are immutable, so one object serves every use);
        #: for a flow list, its items (copied at each use: lists are not).
        self.value = value
        self.flow = flow
        #: PAIR: the entry on the line, at the column of its key.
        self.inner = inner


_SKIPPED: Final = _Line(-1, SKIP)
_SENTINEL: Final = _Line(-1, END)


class _Reader:
    """A descent over the significant lines of a text, each read once per distinct text."""

    def __init__(self, text: str, scalar: Scalar, ascii: bool = False):
        """``ascii``: the text is ASCII, and each distinct line is checked here for what `_ODD_CLASS`
        refuses (in ASCII: a character that is not printable)."""
        self.build = scalar
        self.ascii = ascii
        self.cache: dict[str, Any] = {}
        #: The keys of entries seen so far: each is checked once (keys repeat from hand to hand).
        self.keys: set[str] = set()
        #: The line being read, and how many lists and mappings it is in (native ints: hot loops).
        self.i: i64 = 0
        self.depth: i64 = 0
        known: dict[str, _Line] = {}
        lines: list[_Line] = []
        for text_line in text.split("\n"):
            line = known.get(text_line)
            if line is None:
                line = known[text_line] = self.line(text_line)
            if line.kind != SKIP:
                lines.append(line)
        if not lines:
            raise NotSimple
        lines.append(_SENTINEL)
        self.lines = lines

    def line(self, text: str) -> _Line:
        """What a line of the text says. Every significant line must be read as an entry or an item
        for the text to be simple, so anything wrong on it (NotSimple) may be said now."""
        if self.ascii and not text.isprintable():  # in ASCII: what `_ODD_CLASS` refuses
            raise NotSimple
        content = text.lstrip(" ") if text[:1] == " " else text
        if not content or content[0] == "#":
            return _SKIPPED
        first = text[0]
        if (first == "-" or first == "." or first == "%") and (
            text.startswith("---") or text.startswith("...") or first == "%"
        ):  # document markers and directives
            raise NotSimple
        indent: i64 = len(text) - len(content)
        if content[-1] == " ":
            content = content.rstrip(" ")
        if content == "-" or content.startswith("- "):
            return self.item(indent, content)
        return self.entry(indent, content)

    def item(self, indent: i64, content: str) -> _Line:
        rest = content[1:].lstrip(" ")
        if not rest or rest[0] == "#":
            raise NotSimple  # an item on the following lines, or a null item: rare
        if _entry_parts(rest, self.keys) is not None:  # "- key: value": a mapping whose column is its key's
            return _Line(indent, PAIR, inner=self.entry(indent + len(content) - len(rest), rest))
        return self.valued(indent, ITEM, None, rest)

    def entry(self, indent: i64, content: str) -> _Line:
        """A mapping line: its key (built) and its value."""
        parts = _entry_parts(content, self.keys)
        if parts is None:
            raise NotSimple
        key, text = parts
        if len(key) > MAX_KEY:
            raise NotSimple
        if not text or text[0] == "#":
            return _Line(indent, OPEN, self.scalar(key))
        return self.valued(indent, ENTRY, self.scalar(key), text)

    def valued(self, indent: i64, kind: i64, key: Any, text: str) -> _Line:
        """A line with a one-line value: a plain or quoted scalar, or a flow list of plain scalars."""
        first = text[0]
        if first in "'\"":
            inner = text[1:-1]
            if len(text) < 2 or text[-1] != first or first in inner or "\\" in inner or "#" in inner:
                raise NotSimple
            return _Line(indent, kind, key, inner)
        cut = text.find(" #")
        if cut >= 0:
            text = text[:cut].rstrip(" ")
        if first == "[" and text[-1] == "]":
            inner = text[1:-1].strip(" ")
            items = [self.plain(item.strip(" "), True) for item in inner.split(",")] if inner else []
            return _Line(indent, kind, key, items, True)
        return _Line(indent, kind, key, self.plain(text, False))

    def document(self) -> Any:
        value = self.block(self.lines[0].indent)
        if self.i != len(self.lines) - 1:
            raise NotSimple
        return value

    def block(self, indent: i64) -> Any:
        kind = self.lines[self.i].kind
        if kind == ITEM or kind == PAIR:
            return self.sequence(indent)
        return self.mapping(indent)

    def sequence(self, indent: i64) -> list:
        self.enter()
        items = []
        lines = self.lines
        line = lines[self.i]
        while line.indent == indent and (line.kind == ITEM or line.kind == PAIR):
            if line.kind == ITEM:
                items.append(self.flow(line) if line.flow else line.value)
                self.i += 1
            else:
                inner = line.inner
                assert inner is not None
                lines[self.i] = inner  # the rest of the line is the mapping's first entry
                items.append(self.mapping(inner.indent))
            line = lines[self.i]
            if line.indent > indent:
                raise NotSimple
        self.depth -= 1
        return items

    def enter(self) -> None:
        """One level deeper; past `MAX_DEPTH` the full loader decides (and refuses)."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise NotSimple

    def mapping(self, indent: i64) -> dict:
        self.enter()
        result: dict = {}
        lines = self.lines
        line = lines[self.i]
        while line.indent == indent:
            self.i += 1
            nxt = lines[self.i]
            if line.kind == ENTRY:
                result[line.key] = self.flow(line) if line.flow else line.value
            elif line.kind != OPEN:
                raise NotSimple  # an item at a mapping's column
            elif nxt.indent > indent:
                result[line.key] = self.block(nxt.indent)
                nxt = lines[self.i]
            elif nxt.indent == indent and (nxt.kind == ITEM or nxt.kind == PAIR):
                result[line.key] = self.sequence(indent)  # a list at the key's own column
                nxt = lines[self.i]
            else:
                result[line.key] = None
            if nxt.indent > indent:
                raise NotSimple  # a multi-line scalar, or lines indented past the block
            line = nxt
        self.depth -= 1
        return result

    def flow(self, line: _Line) -> list:
        """A new list of a flow list's items, at the current depth."""
        if self.depth >= MAX_DEPTH:
            raise NotSimple
        return list(line.value)

    def plain(self, text: str, in_flow: bool) -> Any:
        if not text or text[0] in _INDICATORS and not (text[0] == "-" and text[1:2].isdigit()):
            raise NotSimple
        if ": " in text or text.endswith(":") or (in_flow and (_FLOW_ODD.search(text) or "," in text)):
            raise NotSimple
        return self.scalar(text)

    def scalar(self, text: str) -> Any:
        """A plain scalar as the full loader resolves and builds it (cached: values repeat, but not
        hands in notation: those are nearly all distinct, and seen as strings at once)."""
        if _plain_string(text):
            return text
        value = self.cache.get(text, _MISSING)
        if value is _MISSING:
            value = self.cache[text] = self.build(text)
        return value


def _entry_parts(content: str, keys: set[str]) -> tuple[str, str] | None:
    """A block mapping entry's key and value text ("" when none), or None when ``content`` is not
    one: a simple key (``[A-Za-z_][A-Za-z0-9_]*``: for ASCII that is what isidentifier() accepts;
    ``keys`` holds those already checked), a colon, then nothing or spaces and the rest (a value or
    a comment). A regular expression said the same at several times the cost, on every new line."""
    colon = content.find(":")
    if colon <= 0:
        return None
    key = content[:colon]
    if key not in keys:
        if not (key.isascii() and key.isidentifier()):
            return None
        keys.add(key)
    if colon + 1 == len(content):
        return key, ""
    if content[colon + 1] != " ":
        return None
    return key, content[colon + 2 :].lstrip(" ")


def _plain_string(text: str) -> bool:
    """Whether a plain scalar is a string to the full loader, seen without asking it: one that starts
    with a digit can only resolve to an int, a float or a timestamp (YAML 1.1), and none of those holds
    a lowercase m, p, s or z, which hand notation always does. Asking costs a few regular expressions
    and a node per distinct scalar, and in a hand file nearly every hand is distinct."""
    first = ord(text[0])  # compiled, a comparison of codes ("0" to "9") rather than of strings
    return 48 <= first <= 57 and ("m" in text or "p" in text or "s" in text or "z" in text)
