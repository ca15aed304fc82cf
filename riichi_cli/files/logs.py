"""Game log files for `riichi replay`: paths and folders expanded, gzip undone, text handed to
the pure readers of :mod:`riichi_cli.logs`. Nothing here raises for a bad file: it becomes one
``kind: error`` object and the rest go on."""

from __future__ import annotations

import json
import sys
import zlib
from collections.abc import Iterator
from functools import partial
from itertools import groupby
from pathlib import Path

from ..core.errors import RiichiError, Unreadable
from ..core.rules import Rules, resolve_rules, rules_from_options, rules_options
from ..logs.compare import error_object
from ..logs.replay import Opened, incomplete, log_rules, open_log, replay_piece, replay_text
from ..logs.sequence import Sequence
from ..logs.tiles import LogError
from .pool import Here, pool_map
from .walk import expand, shown

SUFFIXES = (".mjlog", ".xml", ".json", ".mjson", ".jsonl")
MAX_BYTES = 64 * 1024 * 1024  # gzip bombs stop here too
GZIP_MAGIC = b"\x1f\x8b"


class BadLog(Exception):
    """A file that is not a readable log."""


def log_paths(paths: list[str]) -> list[tuple[str, str | None]]:
    """(path, refusal) for each file to replay: files as given, folders walked (recursively, sorted)
    for ``.mjlog``/``.xml``/``.json`` files, gzipped ones (``.gz``) included; ``-`` is stdin. A path
    that cannot be read (a dangling link, a loop, a FIFO in a folder) carries the reason instead."""
    out: list[tuple[str, str | None]] = []
    for where, target in expand(paths, is_log_name):
        if isinstance(target, Unreadable):
            out.append((where, target.message))
        else:
            out.append((str(Path(target)), None))  # as pathlib writes it (``./a.mjlog``: a.mjlog)
    return out


def is_log_name(name: str) -> bool:
    name = name.lower().removesuffix(".gz")
    return name.endswith(SUFFIXES)


def game_ref(path: str) -> str:
    """The game's name from its file: ``logs/2019021004gm-00a9-0000-e2f6516d.xml.gz`` -> the stem."""
    name = Path(path).name
    for suffix in (".gz", *SUFFIXES):
        name = name.removesuffix(suffix)
    return name


def text_of(data: bytes) -> str:
    """The text of a log's bytes, gzipped or not (a gzip stream cut short gives what it holds)."""
    return read_text(data)[0]


def read_text(data: bytes) -> tuple[str, str | None]:
    """The text of a log's bytes, and why the bytes stop early (a gzip stream cut short) or None."""
    cut = None
    if data[:2] == GZIP_MAGIC:
        data, cut = gunzip(data)
    if len(data) > MAX_BYTES:
        raise BadLog(f"too large ({len(data)} bytes, at most {MAX_BYTES})")
    if b"\0" in data:
        raise BadLog("binary data, not a game log")
    try:
        return data.decode("utf-8-sig"), cut
    except UnicodeDecodeError as e:
        if cut is not None and e.start > len(data) - 4:  # the cut fell inside a character
            return data[: e.start].decode("utf-8-sig"), cut
        raise BadLog(f"not UTF-8 text (byte {e.start})") from None


def gunzip(data: bytes) -> tuple[bytes, str | None]:
    """Every member of a gzip file (``cat a.gz b.gz`` is one valid file), and why it stops early: a
    stream without its end (the file was cut) is read as far as it goes. A CRC that does not match is
    a broken file."""
    out: list[bytes] = []
    size = 0
    while data[:2] == GZIP_MAGIC:
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            part = d.decompress(data, MAX_BYTES + 1 - size)
        except zlib.error as e:
            raise BadLog(f"a broken gzip file: {e}") from None
        if d.unconsumed_tail:
            raise BadLog(f"more than {MAX_BYTES} bytes once unzipped")
        out.append(part)
        size += len(part)
        if not d.eof:
            return b"".join(out), "the gzip stream stops before its end: the file was cut short"
        data = d.unused_data
    return b"".join(out), None


def read_bytes(path: str) -> bytes:
    if path == "-":  # at most one byte past the cap: an endless stdin is refused, not read
        return sys.stdin.buffer.read(MAX_BYTES + 1)
    with open(path, "rb") as f:
        return f.read(MAX_BYTES + 1)


def replay_path(
    path: str, rules: Rules | tuple | None = None, overrides: dict | None = None, refusal: str | None = None
) -> list[dict]:
    """The replay objects (docs/output.md) of one log file (``-`` is stdin); ``rules`` may come as
    `rules_options` values, which is how they travel to other processes and to a cluster."""
    if isinstance(rules, tuple):
        rules = rules_from_options(rules)
    source = shown(path)  # the name as batch writes it: a non-UTF-8 byte as \xff
    ref = "stdin" if path == "-" else game_ref(source)
    if refusal is not None:
        return [error_object(source, ref, None, "unreadable", refusal)]
    try:
        text, cut = read_text(read_bytes(path))
    except (OSError, BadLog) as e:
        return [error_object(source, ref, None, "unreadable", f"{source}: {_reason(e)}")]
    return replay_text(text, source, ref, rules, overrides, cut)


def _reason(e: Exception) -> str:
    return e.strerror if isinstance(e, OSError) and e.strerror else str(e)


def replay_paths(paths: list[str], rules: Rules | None = None, overrides: dict | None = None,
                 jobs: int = 1, scheduler: str | None = None, encode: bool = False):  # fmt: skip
    """The number of files, and for each file in input order an iterator of its objects a piece of
    rounds at a time: here, in ``jobs`` processes (the pieces of all files shared out, so one long log
    keeps every core busy and memory stays bounded), or on a Dask scheduler (a list per file). With
    ``encode`` the pieces replayed here or in the workers come as `Encoded` (JSON lines written where
    the objects were made)."""
    files = log_paths(paths)
    if scheduler:
        from .cluster import dask_map

        shipped = None if rules is None else rules_options(rules)
        items = [(p, shipped, overrides, refusal) for p, refusal in files]
        return len(files), (iter([objs]) for objs in dask_map(_replay_item, items, scheduler))
    work = _work(files, rules or resolve_rules(), overrides, encode)
    if jobs <= 1 or any(p == "-" for p, _ in files):
        results: Iterator[tuple] = map(_run, work)
    else:
        # this process replays too; 8 a job: a file's end takes a place in the window as well
        results = pool_map(_replay_piece, work, jobs, window=8 * jobs, share=True)
    return len(files), by_file(results)


def _replay_item(item: tuple) -> list[dict]:
    return replay_path(*item)


def _work(files: list[tuple[str, str | None]], rules: Rules, overrides: dict | None,
          encode: bool = False) -> Iterator:  # fmt: skip
    """What replaying the files takes, in order: a task per piece of rounds (a tuple, for a worker),
    and `Here` items worked out in this process (a file that cannot be read, the end of each file)."""
    for i, (path, refusal) in enumerate(files):
        source = shown(path)  # the name as batch writes it: a non-UTF-8 byte as \xff
        ref = "stdin" if path == "-" else game_ref(source)
        try:
            if refusal is not None:
                raise BadLog(refusal)
            text, cut = read_text(read_bytes(path))
            opened = open_log(text, ref)
            shipped = rules_options(log_rules(opened.game, rules, overrides))
        except (OSError, BadLog, LogError, RiichiError, ValueError, RecursionError) as e:
            message = e.one_line() if isinstance(e, RiichiError) else _reason(e)
            message = message if refusal is not None else f"{source}: {message}"
            yield Here(partial(_done, i, [error_object(source, ref, None, "unreadable", message)]))
            continue
        del text
        for piece in opened.pieces:
            yield (i, piece, shipped, source, encode)
        yield Here(partial(_end, i, opened, cut, source))


def _done(i: int, objs: list[dict]) -> tuple:
    return "done", i, objs


def _end(i: int, opened: Opened, cut: str | None, path: str) -> tuple:
    return "end", i, opened, cut, path


def _run(item: object) -> tuple:
    return item.get() if isinstance(item, Here) else _replay_piece(item)  # type: ignore[arg-type]


_RULES: dict = {}


def _replay_piece(task: tuple) -> tuple:
    """A worker's share: one piece of rounds replayed, with each round's summary."""
    i, piece, shipped, path, encode = task
    rules = _RULES.get(shipped)
    if rules is None:
        rules = _RULES[shipped] = rules_from_options(shipped)
    objs, sums = replay_piece(piece, rules, path)
    return "piece", i, Encoded(objs) if encode else objs, sums, piece.game.players


class Encoded(list):
    """A piece's objects as `riichi replay --format jsonl` writes them, encoded where they were made:
    in a worker the encoding is shared out too, and what comes back to the parent is text. ``text``
    holds the JSON lines; the list, for counting, each object's kind, agreement and error code."""

    def __init__(self, objs: list[dict]) -> None:
        super().__init__(_counted(d) for d in objs)
        self.text = jsonl(objs)


def jsonl(objs: list[dict]) -> str:
    """Objects as JSON lines, one a line (`riichi replay --format jsonl`); `Encoded` ones are already."""
    if isinstance(objs, Encoded):
        return objs.text
    return "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in objs)


def _counted(d: dict) -> dict:
    """What `riichi replay` counts of an object."""
    slim = {"kind": d["kind"], "agree": d.get("agree")}
    if d["kind"] == "error":
        slim["error"] = {"code": d["error"]["code"]}
    return slim


def by_file(results: Iterator[tuple]) -> Iterator[Iterator[list[dict]]]:
    """The results regrouped per file (an iterator of object lists each), the end of a file turned
    into its ``incomplete`` record (if any) by following its rounds with `Sequence`."""
    for _, group in groupby(_ends(results), key=lambda r: r[0]):
        yield (objs for _, objs in group)


def _ends(results: Iterator[tuple]) -> Iterator[tuple[int, list[dict]]]:
    seq: Sequence | None = None
    for r in results:
        if r[0] == "piece":
            _, i, objs, sums, players = r
            seq = seq or Sequence(players)
            for s in sums:
                seq.add(s)
            yield i, objs
        elif r[0] == "end":
            _, i, opened, cut, path = r
            if seq is None and opened.ending is None and cut is None:  # not one round: not a game
                yield i, [error_object(path, opened.game.ref, None, "unreadable", "the log holds no round")]
            else:
                yield i, incomplete(opened, seq or Sequence(opened.game.players), path, cut)
            seq = None
        else:
            yield r[1], r[2]
