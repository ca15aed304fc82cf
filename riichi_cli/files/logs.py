"""Game log files for `riichi replay`: paths and folders expanded, gzip undone, text handed to
the pure readers of :mod:`riichi_cli.logs`. Nothing here raises for a bad file: it becomes one
``kind: error`` object and the rest go on."""

from __future__ import annotations

import gzip
import sys
import zlib
from pathlib import Path

from ..core.errors import Unreadable
from ..core.rules import Rules, rules_from_options, rules_options
from ..logs.compare import error_object
from ..logs.replay import replay_text
from .pool import pool_map
from .walk import expand

SUFFIXES = (".mjlog", ".xml", ".json")
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
            out.append((str(target), None))
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
    """The text of a log's bytes, gzipped or not."""
    if data[:2] == GZIP_MAGIC:
        try:
            d = zlib.decompressobj(16 + zlib.MAX_WBITS)
            data = d.decompress(data, MAX_BYTES)
        except (zlib.error, EOFError, gzip.BadGzipFile) as e:
            raise BadLog(f"a broken gzip file: {e}") from None
        if d.unconsumed_tail:
            raise BadLog(f"more than {MAX_BYTES} bytes once unzipped")
    if len(data) > MAX_BYTES:
        raise BadLog(f"too large ({len(data)} bytes, at most {MAX_BYTES})")
    if b"\0" in data:
        raise BadLog("binary data, not a game log")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise BadLog(f"not UTF-8 text (byte {e.start})") from None


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
    ref = "stdin" if path == "-" else game_ref(path)
    if refusal is not None:
        return [error_object(path, ref, None, "unreadable", refusal)]
    try:
        text = text_of(read_bytes(path))
    except (OSError, BadLog) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        return [error_object(path, ref, None, "unreadable", f"{path}: {reason}")]
    return replay_text(text, path, ref, rules, overrides)


def replay_paths(paths: list[str], rules: Rules | None = None, overrides: dict | None = None,
                 jobs: int = 1, scheduler: str | None = None):  # fmt: skip
    """Each file's objects (a list per file), in input order: here, in ``jobs`` processes, or on a
    Dask scheduler."""
    files = log_paths(paths)
    shipped = None if rules is None else rules_options(rules)
    items = [(p, shipped, overrides, refusal) for p, refusal in files]
    if scheduler:
        from .cluster import dask_map

        return len(files), dask_map(_replay_item, items, scheduler)
    if jobs <= 1 or len(files) < 2 or any(p == "-" for p, _ in files):
        return len(files), map(_replay_item, items)
    return len(files), pool_map(_replay_item, items, jobs, window=2 * jobs)


def _replay_item(item: tuple) -> list[dict]:
    return replay_path(*item)
