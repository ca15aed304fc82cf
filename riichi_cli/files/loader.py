"""Read hands from YAML files, JSON lines, folders and stdin (docs/input.md) without losing one.

Every input yields items ``(source, mapping)`` or ``(source, RiichiError)`` in order, so a bad
file or line becomes one error object in a batch instead of a stop. Nothing is read without a
bound: a YAML file or stream at most `MAX_BYTES`, a JSON line at most `MAX_LINE` (the cap is per
line, so a stream of JSON lines may be endless). Reading happens in two steps so that a batch can
parse in its workers: `units` reads raw pieces (a file name, a YAML text, one JSON line) and
`unit_items` parses one piece.
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Callable, Iterator

from ..core.errors import InvalidContext, RiichiError, Unreadable, clip, short
from ..io import simple_yaml
from .lines import MAX_BYTES, MAX_LINE, line_blocks, lines
from .walk import expand, shown

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, BinaryIO, Final

#: Keys that mark a `riichi settle` document met by `batch` (sample_hands/settle/ holds some).
SETTLE_KEYS = ("wins", "draw", "chombo")
Item = tuple[str, "dict | RiichiError"]
#: A raw piece of input, parsed by `unit_items` (in a worker process for `batch --jobs`):
#: ("file", where, path[, part, parts]) a YAML file not read yet (or one share of its hands);
#: ("text", where, prefix, bytes) a YAML text; ("line", where, prefix, index, line number, bytes
#: or refusal); ("lines", where, prefix, index of the first, [(line number, bytes or refusal)]);
#: ("failed", source, refusal).
Unit = tuple


class Oversized:
    """A YAML or JSON number too long to convert (over 4,000 digits): kept as a marker, so the
    hand holding it is refused as a wrong value (`invalid_context`) instead of failing the file."""

    def __init__(self, digits: int):
        self.digits = digits

    def __repr__(self) -> str:
        return f"<a number of {self.digits} digits>"


def _number(text: str) -> int | Oversized:
    return Oversized(len(text)) if len(text) > 4000 else int(text)


_LOADER: list = []


def _yaml_loader():
    """The safe YAML loader (the C one when present) with long integers kept as `Oversized`."""
    if not _LOADER:
        import yaml

        _LOADER.append(riichi_loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)))
    return _LOADER[0]


def riichi_loader(base: type) -> type:
    """``base`` (a safe YAML loader class, C or pure) with long integers kept as `Oversized`."""
    import yaml

    def construct_int(loader, node):
        text = loader.construct_scalar(node)
        if len(text) > 4000:
            return Oversized(len(text))
        return yaml.constructor.SafeConstructor.construct_yaml_int(loader, node)

    loader = type("RiichiLoader", (base,), {})
    loader.add_constructor("tag:yaml.org,2002:int", construct_int)
    return loader


_SCALAR: list = []

#: Plain scalars whose value the safe loader's YAML 1.1 resolvers leave in no doubt: its bool and null
#: words (each resolver matches its words whole). With these, the decimal integers and `_STRING_FIRST`,
#: a common hand file is read without importing the YAML library, which was about a tenth of the time
#: of a batch of 8,000 hands (issue 22).
_WORDS: Final[dict[str, bool | None]] = {
    **dict.fromkeys("yes Yes YES true True TRUE on On ON".split(), True),
    **dict.fromkeys("no No NO false False FALSE off Off OFF".split(), False),
    **dict.fromkeys("~ null Null NULL".split(), None),
}
#: First characters no implicit resolver of the safe loader looks at but bool and null (the words
#: above): a plain scalar that starts with one and is not one of the words is a string, as is one
#: that starts with none of `_RESOLVED_FIRST` (numbers, dates, merge keys, "=", "!", "&", "*": the
#: loader decides those; tests/test_simple_yaml.py checks both sets against its resolvers).
_STRING_FIRST: Final = frozenset("yYnNtTfFoO")
_RESOLVED_FIRST: Final = frozenset("-+.0123456789<=~!&*")
#: A decimal integer as YAML 1.1 writes it, short enough to be an int (`_number`); "0" alone, since a
#: leading zero makes an octal number.
_DECIMAL: Final = re.compile(r"-?(?:0|[1-9][0-9]{0,3998})")


def _scalar_builder() -> simple_yaml.Scalar:
    """A plain scalar's value as the full loader resolves and builds it (for `simple_yaml`): the bool
    and null words, decimal integers and plain strings here, anything else by the loader itself."""
    if not _SCALAR:
        full: list = []

        def build(text: str) -> Any:
            if text in _WORDS:
                return _WORDS[text]
            first = text[:1]
            if first and (first in _STRING_FIRST or first not in _RESOLVED_FIRST):
                return text
            if first and _DECIMAL.fullmatch(text):
                return int(text)
            if not full:
                full.append(_full_scalar_builder())
            return full[0](text)

        _SCALAR.append(build)
    return _SCALAR[0]


def _full_scalar_builder() -> simple_yaml.Scalar:
    """A plain scalar's value by the full loader's own resolver and constructors."""
    import yaml

    loader = _yaml_loader()("")

    def build(text: str) -> Any:
        tag = loader.resolve(yaml.ScalarNode, text, (True, False))
        return loader.construct_object(yaml.ScalarNode(tag, text), deep=True)

    return build


def decode(data: bytes, where: str) -> str:
    """The text of a YAML input: refused when too large, binary, not UTF-8 or empty."""
    if len(data) > MAX_BYTES:
        raise Unreadable(f"{where}: too large (more than {MAX_BYTES} bytes; larger inputs are not read)")
    if b"\0" in data:
        raise Unreadable(f"{where}: binary data, not YAML")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise Unreadable(f"{where}: not UTF-8 text (byte {e.start})") from None
    if not text or text.isspace():  # (what ``not text.strip()`` says, without a copy of the text)
        raise Unreadable(f"{where}: empty")
    return text


def read_capped(stream: BinaryIO, where: str, already: bytes = b"") -> bytes:
    """The rest of a stream after ``already``, reading at most one byte more than `MAX_BYTES`."""
    data = already + stream.read(max(0, MAX_BYTES + 1 - len(already)))
    if len(data) > MAX_BYTES:
        raise Unreadable(f"{where}: too large (more than {MAX_BYTES} bytes; larger inputs are not read)")
    return data


def read_file(path: str, where: str) -> bytes:
    """A file's bytes (a FIFO or device too, as far as the cap), or Unreadable."""
    try:
        with open(path, "rb") as f:
            return read_capped(f, where)
    except OSError as e:
        raise Unreadable(f"{where}: {e.strerror or type(e).__name__}") from None


def parse_yaml(text: str, where: str) -> list:
    """Every document of a YAML stream; YAML errors and runaway nesting become Unreadable.

    The common shape (block mappings and lists of one-line scalars) is read by `simple_yaml`, several
    times faster; any other text by the full safe loader."""
    simple = simple_yaml.load(text, _scalar_builder())
    if simple is not None:
        return simple
    return full_yaml(text, where, _yaml_loader())


def full_yaml(text: str, where: str, loader: type) -> list:
    """`parse_yaml` by the full ``loader`` alone (tests compare the fast reader with each one)."""
    import yaml

    try:
        docs = [doc for doc in yaml.load_all(text, Loader=loader) if doc is not None]
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        raise Unreadable(f"{where}: not valid YAML{at}: {clip(problem)}") from None
    except RecursionError:
        raise Unreadable(f"{where}: nested too deeply") from None
    except ValueError as e:  # a value the constructors refuse (a date out of range, ...)
        raise Unreadable(f"{where}: not valid YAML: {clip(str(e))}") from None
    if any(too_deep(doc, simple_yaml.MAX_DEPTH) for doc in docs):
        deep = simple_yaml.MAX_DEPTH
        raise Unreadable(f"{where}: nested too deeply (more than {deep} levels, or a list in itself)")
    return docs


def too_deep(value: object, limit: int) -> bool:
    """Whether lists and mappings nest more than ``limit`` levels in ``value``, or one holds itself.

    Walked without recursion, each container once (aliases may share one many times): its height,
    the deepest nesting below it, is kept by id."""
    height: dict[int, int] = {}
    path: set[int] = set()  # the containers entered and not yet left: the current path
    stack: list[tuple[Any, bool]] = [(value, False)]
    while stack:
        item, leaving = stack.pop()
        if not isinstance(item, (list, dict)):
            continue
        key = id(item)
        children = list(item.values()) if isinstance(item, dict) else item
        if leaving:
            path.discard(key)
            below = [height.get(id(c), 0) for c in children if isinstance(c, (list, dict))]
            height[key] = 1 + max(below, default=0)
            if height[key] > limit:
                return True
        elif key not in height:
            if key in path or len(path) >= limit:
                return True
            path.add(key)
            stack.append((item, True))
            stack.extend((child, False) for child in children)
    return False


def hands_of(doc: object, where: str) -> list[dict | RiichiError]:
    """The hands a YAML document holds: one mapping, a list, or ``{hands: [...], defaults: {...}}``."""
    if isinstance(doc, list):
        return [h if isinstance(h, dict) else _not_mapping(h, where) for h in doc]
    if not isinstance(doc, dict):
        return [_not_mapping(doc, where)]
    if "hand" not in doc and any(k in doc for k in SETTLE_KEYS):
        return [InvalidContext(f"{where}: a round settlement, not a hand: use `riichi settle {where}`")]
    if "hands" not in doc:
        return [doc]
    extra = [k for k in doc if k not in ("hands", "defaults")]
    defaults, hands = doc.get("defaults") or {}, doc["hands"]
    if extra or not isinstance(defaults, dict) or not isinstance(hands, list):
        problem = (
            f"unknown key {extra[0]!r} beside 'hands'"
            if extra
            else "'hands' must be a list and 'defaults' a mapping"
        )
        return [InvalidContext(f"{where}: {problem}")]
    return [{**defaults, **h} if isinstance(h, dict) else _not_mapping(h, where) for h in hands]


def _not_mapping(value: object, where: str) -> RiichiError:
    return InvalidContext(f"{where}: a hand must be a mapping with a 'hand' key, got {short(value)}")


def read_text_items(text: str, where: str) -> list[dict | RiichiError]:
    docs = parse_yaml(text, where)
    if not docs:
        raise Unreadable(f"{where}: empty")
    hands = [h for doc in docs for h in hands_of(doc, where)]
    if not hands:  # an empty list still answers with one object, so the input is not lost
        raise Unreadable(f"{where}: no hands (an empty list)")
    return hands


# -- JSON lines -------------------------------------------------------------------------------


#: ``json.loads(text, parse_int=_number)`` builds a decoder (and its scanner) per call: one is kept.
_DECODER = json.JSONDecoder(parse_int=_number)
#: The same for a text too short to hold a number of more than 4,000 digits: the scanner makes its
#: integers itself, without calling `_number` for each (the same values: ``int(text)``).
_SHORT_DECODER = json.JSONDecoder()


def _loads(text: str) -> object:
    """``json.loads(text, parse_int=_number)``, same value, same errors, with the kept decoder."""
    if text.startswith("\ufeff"):  # as json.loads says it
        raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
    return (_SHORT_DECODER if len(text) <= 4000 else _DECODER).decode(text)


def json_line(raw: bytes | RiichiError, n: int, where: str) -> dict | RiichiError:
    """One JSON line as a mapping, or the refusal of that line."""
    if isinstance(raw, RiichiError):
        return raw
    try:
        value = _loads(raw.decode("utf-8-sig" if n == 1 else "utf-8"))
    except UnicodeDecodeError as e:
        return Unreadable(f"{where} line {n}: not UTF-8 text (byte {e.start})")
    except (ValueError, RecursionError) as e:
        return Unreadable(f"{where} line {n}: not JSON: {clip(str(e))}")
    return value if isinstance(value, dict) else _not_mapping(value, f"{where} line {n}")


def is_json_line(raw: bytes) -> bool:
    """True when a line is a whole JSON object: the input is JSON lines, not a YAML stream
    (a YAML flow mapping like ``{hand: 1m}`` or pretty-printed JSON is YAML)."""
    if not raw.lstrip().startswith(b"{"):
        return False
    try:
        return isinstance(_loads(raw.decode("utf-8-sig")), dict)
    except (ValueError, RecursionError):
        return False


# -- raw pieces and their items ---------------------------------------------------------------


def stream_units(
    stream: BinaryIO, where: str, prefix: str, kind: str = "sniff", blocks: bool = False
) -> Iterator[Unit]:
    """A stream's pieces: its JSON lines one by one (with ``blocks``, as many as one read gives in
    each "lines" piece), or its whole YAML text.

    ``kind`` is "jsonl", "yaml", or "sniff": JSON lines when the first non-blank line is a JSON
    object, YAML otherwise. Only a YAML text is held whole (at most `MAX_BYTES`).
    """
    try:
        start = 0
        head: list = []
        if kind == "sniff":
            head, start = first_line(stream, where)
            if not is_json_line(head[-1] if head else b""):
                yield ("text", where, prefix, read_capped(stream, where, b"".join(head)))
                return
            if len(head[-1]) > MAX_LINE:
                head[-1] = Unreadable(f"{where} line {start}: too long (more than {MAX_LINE} bytes)")
        elif kind == "yaml":
            yield ("text", where, prefix, read_capped(stream, where))
            return
        numbered = list(enumerate(head, 1))
        index = 0
        if blocks:
            for block in _chain([numbered] if numbered else [], line_blocks(stream, where, start)):
                found = [(n, raw) for n, raw in block if not isinstance(raw, bytes) or not raw.isspace()]
                if found:  # blank lines are not hands
                    yield ("lines", where, prefix, index, found)
                    index += len(found)
        else:
            for n, raw in _chain(numbered, lines(stream, where, start)):
                if isinstance(raw, bytes) and not raw.strip():
                    continue  # blank lines are not hands
                yield ("line", where, prefix, index, n, raw)
                index += 1
        if index == 0:
            yield ("failed", f"{prefix}#0", Unreadable(f"{where}: empty"))
    except RiichiError as e:
        yield ("failed", f"{prefix}#0", e)
    except OSError as e:
        yield ("failed", f"{prefix}#0", Unreadable(f"{where}: {e.strerror or type(e).__name__}"))


def first_line(stream: BinaryIO, where: str) -> tuple[list[bytes], int]:
    """The lines up to the first non-blank one (at most `MAX_BYTES` in all), and how many."""
    head: list[bytes] = []
    size = 0
    while True:
        raw = stream.readline(MAX_BYTES + 1 - size)
        size += len(raw)
        if size > MAX_BYTES:
            raise Unreadable(f"{where}: too large (more than {MAX_BYTES} bytes; larger inputs are not read)")
        if not raw:
            return head, len(head)
        head.append(raw)
        if raw.strip():
            return head, len(head)


def _chain(head: list, rest: Iterator) -> Iterator:
    yield from head
    yield from rest


def units(paths: list[str], stdin: Callable[[], BinaryIO], blocks: bool = False) -> Iterator[Unit]:
    """Every raw piece of every PATH in order; ``stdin()`` gives the stream of '-'; ``blocks``: JSON
    lines in "lines" pieces (`stream_units`)."""
    for where, target in expand(paths):
        if isinstance(target, RiichiError):
            yield ("failed", f"{where}#0", target)
        elif target == "-":
            yield from stream_units(stdin(), "stdin", "-", blocks=blocks)
        else:
            yield from path_units(where, str(target), blocks)


def path_units(where: str, path: str, blocks: bool = False) -> Iterator[Unit]:
    """The pieces of one file: a YAML file by name is read later (by the worker that parses it);
    JSON lines by name, or a file given under another name, are looked at now."""
    if where.endswith((".yaml", ".yml")):
        yield ("file", where, path)
        return
    kind = "jsonl" if where.endswith(".jsonl") else "sniff"
    try:
        with open(path, "rb") as f:
            yield from stream_units(f, where, where, kind, blocks)
    except OSError as e:
        yield ("failed", f"{where}#0", Unreadable(f"{where}: {e.strerror or type(e).__name__}"))


def unit_items(unit: Unit) -> list[Item]:
    """The items of one raw piece: parsing happens here (in a worker process for `batch --jobs`)."""
    kind = unit[0]
    if kind == "line":
        _, where, prefix, index, n, raw = unit
        return [(f"{prefix}#{index}", json_line(raw, n, where))]
    if kind == "lines":
        _, where, prefix, index, numbered = unit
        return [(f"{prefix}#{i}", json_line(raw, n, where)) for i, (n, raw) in enumerate(numbered, index)]
    if kind == "failed":
        return [(unit[1], unit[2])]
    where, prefix = unit[1], (unit[1] if kind == "file" else unit[2])
    try:
        data = read_file(unit[2], where) if kind == "file" else unit[3]
        hands = read_text_items(decode(data, where), where)
    except RiichiError as e:
        hands = [e]
    items = [(f"{prefix}#{i}", item) for i, item in enumerate(hands)]
    if kind == "file" and len(unit) == 5:  # ("file", where, path, part, parts): one share, in order
        share = -(-len(items) // unit[4])
        return items[unit[3] * share : (unit[3] + 1) * share]
    return items


def load_items(paths: list[str], stdin: Callable[[], BinaryIO]) -> Iterator[Item]:
    """Every hand of every path, in order; ``stdin()`` gives the binary stream of '-'."""
    for unit in units(paths, stdin):
        yield from unit_items(unit)


def file_items(path: Path | str) -> list[Item]:
    """The items of one file (a folder given here is refused, not walked)."""
    return [item for unit in path_units(shown(path), str(path)) for item in unit_items(unit)]


def stdin_items(data: bytes) -> list[Item]:
    """The items of stdin bytes: JSON lines when it starts with a JSON object, else YAML."""
    return [item for unit in stream_units(io.BytesIO(data), "stdin", "-") for item in unit_items(unit)]


def read_stdin_capped(where: str = "stdin") -> bytes:
    """All of stdin for a one-document command (`settle -`, `--context -`), at most `MAX_BYTES`."""
    return read_capped(sys.stdin.buffer, where)


def load_context(path: str) -> dict:
    """A --context file: one mapping of input keys (docs/input.md)."""
    if path == "-":
        items = stdin_items(read_stdin_capped())
    else:
        items = file_items(path)
    if len(items) != 1:
        raise InvalidContext(
            f"{shown(path)}: a context file holds one mapping, found {len(items)} hands"
            + (f"; riichi batch {shown(path)} scores every hand of it" if len(items) > 1 else "")
        )
    item = items[0][1]
    if isinstance(item, RiichiError):
        raise item
    return item
