"""Read hands from YAML files, folders and stdin (docs/input.md) without ever losing one.

Every input yields items ``(source, mapping)`` or ``(source, Unreadable)`` in order, so a
bad file becomes one error object in a batch instead of a stop.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

from ..core.errors import InvalidContext, RiichiError, Unreadable, short

MAX_BYTES = 16 * 1024 * 1024
#: Keys that mark a `riichi settle` document met by `batch` (sample_hands/settle/ holds some).
SETTLE_KEYS = ("wins", "draw", "chombo")
Item = tuple[str, "dict | RiichiError"]


def _yaml_loader():
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def decode(data: bytes, where: str) -> str:
    if len(data) > MAX_BYTES:
        raise Unreadable(f"{where}: too large ({len(data)} bytes, at most {MAX_BYTES})")
    if b"\0" in data:
        raise Unreadable(f"{where}: binary data, not YAML")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise Unreadable(f"{where}: not UTF-8 text (byte {e.start})") from None
    if not text.strip():
        raise Unreadable(f"{where}: empty")
    return text


def parse_yaml(text: str, where: str) -> list:
    """Every document of a YAML stream; YAML errors and runaway nesting become Unreadable."""
    import yaml

    try:
        return [doc for doc in yaml.load_all(text, Loader=_yaml_loader()) if doc is not None]
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        raise Unreadable(f"{where}: not valid YAML{at}: {problem}") from None
    except RecursionError:
        raise Unreadable(f"{where}: nested too deeply") from None


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


def file_items(path: Path) -> Iterator[Item]:
    where = str(path)
    try:
        items = read_text_items(decode(path.read_bytes(), where), where)
    except OSError as e:
        items = [Unreadable(f"{where}: {e.strerror or e}")]
    except RiichiError as e:
        items = [e]
    for i, item in enumerate(items):
        yield f"{where}#{i}", item


def expand(paths: list[str]) -> Iterator[Path | str]:
    """Files as given, folders walked recursively for *.yaml / *.yml in sorted order, '-' kept."""
    for p in paths:
        if p == "-":
            yield p
            continue
        path = Path(p)
        if path.is_dir():
            yield from sorted(
                (f for f in path.rglob("*") if f.suffix in (".yaml", ".yml") and f.is_file()),
                key=lambda f: f.as_posix(),
            )
        else:
            yield path


def is_json_lines(text: str) -> bool:
    """JSON lines when the first non-blank line is a whole JSON object; otherwise a YAML stream
    (which also covers pretty-printed JSON and YAML flow mappings)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    if not first.lstrip().startswith("{"):
        return False
    try:
        return isinstance(json.loads(first), dict)
    except (ValueError, RecursionError):
        return False


def stdin_items(data: bytes) -> Iterator[Item]:
    """Stdin as JSON lines (when it starts with '{') or as a YAML stream."""
    try:
        text = decode(data, "stdin")
    except RiichiError as e:
        yield "-#0", e
        return
    if is_json_lines(text):
        numbered = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
        for i, (n, line) in enumerate(numbered):
            try:
                value = json.loads(line)
                item = value if isinstance(value, dict) else _not_mapping(value, f"stdin line {n}")
            except (ValueError, RecursionError) as e:
                item = Unreadable(f"stdin line {n}: not JSON: {e}")
            yield f"-#{i}", item
        return
    try:
        items = read_text_items(text, "stdin")
    except RiichiError as e:
        items = [e]
    for i, item in enumerate(items):
        yield f"-#{i}", item


def load_items(paths: list[str], read_stdin) -> Iterator[Item]:
    """Every hand of every path, in order; ``read_stdin()`` gives the bytes of '-'."""
    for p in expand(paths):
        yield from (stdin_items(read_stdin()) if p == "-" else file_items(p))


def load_context(path: str) -> dict:
    """A --context file: one mapping of section 3 keys."""
    items = list(stdin_items(sys.stdin.buffer.read()) if path == "-" else file_items(Path(path)))
    if len(items) != 1:
        raise InvalidContext(f"{path}: a context file holds one mapping, found {len(items)} hands")
    item = items[0][1]
    if isinstance(item, RiichiError):
        raise item
    return item
