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
from typing import Any, Final

#: Characters outside this set send the text to the full loader (tabs, CR, NEL and the Unicode line
#: and paragraph separators, a BOM inside the text, non-printable characters). Compiled when a text
#: that is not ASCII comes: compiling a class that spans Unicode costs about 15 ms of start-up, and
#: in ASCII the same set is the printable characters and the newline (`_Reader` checks line by line).
_ODD_CLASS = "[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"
_odd: list[re.Pattern] = []
#: A block mapping entry: a simple key, then nothing, a comment or a value.
_ENTRY = re.compile(r"([A-Za-z_][A-Za-z0-9_]*):(?: +(.*))?$")
#: First characters that make a value something other than a plain scalar (or a YAML error).
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")
#: Characters a plain scalar inside a flow list may not hold (here: they send the text away). ":" and
#: "?" are there because the two YAML loaders disagree on them in flow (`[x?]`, `[x:,]`, `[x:?]`).
_FLOW_ODD = re.compile(r"[\[\]{}#'\":?]")
#: Longest simple key: YAML refuses implicit keys over 1,024 characters; shorter ones are left to it too.
MAX_KEY = 1000
#: Deepest nesting of lists and mappings a document may have, here and in the full loader
#: (`files.loader.parse_yaml` refuses deeper documents): past about 500 levels the pure-Python YAML
#: loader runs out of stack while the C one does not, so a limit well below keeps installs alike.
MAX_DEPTH = 100


#: What a cache look-up answers for a text not seen yet (None is a value: ``~``).
_MISSING: Final = object()


#: The printable ASCII characters (what ``str.isprintable`` accepts of ASCII) and the newline.
_PRINTABLE: Final = bytes(range(0x20, 0x7F)) + b"\n"


class NotSimple(Exception):
    """The text is not of the simple shape: the full loader reads it."""


#: A plain scalar's text -> its value, as the full loader resolves and builds it.
Scalar = Callable[[str], Any]


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


class _Reader:
    """One pass over the significant lines (indent, content) of a text."""

    def __init__(self, text: str, scalar: Scalar, ascii: bool = False):
        """``ascii``: the text is ASCII, and each line is checked here for what `_ODD_CLASS` refuses
        (in ASCII: a character that is not printable)."""
        if ascii and text.encode("ascii").translate(None, _PRINTABLE):  # what isprintable() of each
            raise NotSimple  # line says of ASCII, in a byte loop (that was a third of this reading)
        indents: list[int] = []
        contents: list[str] = []
        for line in text.split("\n"):
            # In printable ASCII the space is the only whitespace: lstrip() strips what lstrip(" ")
            # does, by a loop of its own (with an argument, a look-up per character: 3x the cost).
            content = (line.lstrip() if ascii else line.lstrip(" ")) if line[:1] == " " else line
            if not content or content[0] == "#":
                continue
            first = line[0]
            if (first == "-" or first == "." or first == "%") and (
                line.startswith("---") or line.startswith("...") or first == "%"
            ):  # document markers and directives
                raise NotSimple
            indents.append(len(line) - len(content))
            contents.append(content.rstrip(" ") if content[-1] == " " else content)
        if not contents:
            raise NotSimple
        self.indents: list[int] = indents + [-1]  # a sentinel line
        self.contents: list[str] = contents + [""]
        self.i = 0
        self.build = scalar
        self.cache: dict[str, Any] = {}
        self.entries: dict[str, tuple[Any, str]] = {}
        self.depth = 0

    def document(self) -> Any:
        value = self.block(self.indents[0])
        if self.i != len(self.contents) - 1:
            raise NotSimple
        return value

    def block(self, indent: int) -> Any:
        content = self.contents[self.i]
        if content == "-" or content.startswith("- "):
            return self.sequence(indent)
        return self.mapping(indent)

    def sequence(self, indent: int) -> list:
        self.enter()
        items = []
        indents, contents = self.indents, self.contents
        while indents[self.i] == indent and (contents[self.i] == "-" or contents[self.i].startswith("- ")):
            content = contents[self.i]
            rest = content[1:].lstrip(" ")
            if not rest or rest[0] == "#":
                raise NotSimple  # an item on the following lines, or a null item: rare
            # "- key: value": a mapping whose column is that of its key
            if rest in self.entries or (":" in rest and _ENTRY.match(rest)):  # an entry holds a colon
                indents[self.i] = indent + len(content) - len(rest)
                contents[self.i] = rest
                items.append(self.mapping(indents[self.i]))
            else:
                items.append(self.cache[rest] if rest in self.cache else self.value(rest))
                self.i += 1
            if indents[self.i] > indent:
                raise NotSimple
        self.depth -= 1
        return items

    def enter(self) -> None:
        """One level deeper; past `MAX_DEPTH` the full loader decides (and refuses)."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise NotSimple

    def mapping(self, indent: int) -> dict:
        self.enter()
        result: dict = {}
        # Only texts already read as plain scalars are cached: a hit needs no further checks.
        indents, contents, cache = self.indents, self.contents, self.cache
        entries = self.entries
        while indents[self.i] == indent:
            content = contents[self.i]
            found = entries.get(content)
            key, text = found if found is not None else self.entry(content)
            self.i += 1
            if text and text[0] != "#":
                value = cache.get(text, _MISSING)
                result[key] = value if value is not _MISSING else self.value(text)
                if indents[self.i] > indent:
                    raise NotSimple  # a multi-line scalar
                continue
            nxt = indents[self.i]
            if nxt > indent:
                result[key] = self.block(nxt)
            elif nxt == indent and (contents[self.i] == "-" or contents[self.i].startswith("- ")):
                result[key] = self.sequence(indent)  # a list at the key's own column
            else:
                result[key] = None
            if indents[self.i] > indent:
                raise NotSimple
        self.depth -= 1
        return result

    def entry(self, content: str) -> tuple[Any, str]:
        """A mapping line's key (built) and value text ("" when none); lines repeat, so it is cached."""
        match = _ENTRY.match(content)
        if match is None:
            raise NotSimple
        key, text = match.groups()
        if len(key) > MAX_KEY:
            raise NotSimple
        found = self.entries[content] = (self.scalar(key), text or "")
        return found

    def value(self, text: str) -> Any:
        """A one-line value: a plain or quoted scalar, or a flow list of plain scalars."""
        first = text[0]
        if first in "'\"":
            inner = text[1:-1]
            if len(text) < 2 or text[-1] != first or first in inner or "\\" in inner or "#" in inner:
                raise NotSimple
            return inner
        cut = text.find(" #")
        if cut >= 0:
            text = text[:cut].rstrip(" ")
        if first == "[" and text[-1] == "]":
            inner = text[1:-1].strip(" ")
            if self.depth >= MAX_DEPTH:
                raise NotSimple
            return [self.plain(item.strip(" "), True) for item in inner.split(",")] if inner else []
        return self.plain(text, False)

    def plain(self, text: str, in_flow: bool) -> Any:
        if not text or text[0] in _INDICATORS and not (text[0] == "-" and text[1:2].isdigit()):
            raise NotSimple
        if ": " in text or text.endswith(":") or (in_flow and (_FLOW_ODD.search(text) or "," in text)):
            raise NotSimple
        return self.scalar(text)

    def scalar(self, text: str) -> Any:
        """A plain scalar as the full loader resolves and builds it (cached: values repeat)."""
        if text in self.cache:
            return self.cache[text]
        value = self.cache[text] = text if _plain_string(text) else self.build(text)
        return value


def _plain_string(text: str) -> bool:
    """Whether a plain scalar is a string to the full loader, seen without asking it: one that starts
    with a digit can only resolve to an int, a float or a timestamp (YAML 1.1), and none of those holds
    a lowercase m, p, s or z, which hand notation always does. Asking costs a few regular expressions
    and a node per distinct scalar, and in a hand file nearly every hand is distinct."""
    first = text[0]
    return "0" <= first <= "9" and ("m" in text or "p" in text or "s" in text or "z" in text)
