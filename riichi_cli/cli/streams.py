"""What the line commands write: JSON text on stdout and a progress bar on stderr.

Apart from `common` because it needs no click: `riichi batch` runs without importing click on its
common command lines (`quick`), and click was a fifth of its start-up.
"""

from __future__ import annotations

import codecs
import json
import os
import stat
import sys
from collections.abc import Callable, Iterator

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import TypeVar

    T = TypeVar("T")


def write_json_text(text: str, out=None, end: str = "\n") -> None:
    """Write JSON text and ``end`` to ``out`` (stdout).

    Text the output encoding cannot hold (a lone surrogate from a JSON ``"\\ud800"``, or any
    non-ASCII under an ASCII locale) is written with ``\\u`` escapes instead: the same JSON value.
    Nothing is written before the failure: a text stream encodes the whole string first.
    """
    out = out or sys.stdout
    try:
        out.write(text + end)
    except UnicodeEncodeError:
        out.write(json.dumps(json.loads(text)) + end)


def write_json_texts(texts: list[str], out, before: str, sep: str, end: str) -> None:
    """Write ``before``, the JSON texts with ``sep`` between them, and ``end``, in one write call (a
    call per text was a system call per text: a text stream passes on a long string at once).

    The same bytes as writing each with `write_json_text`: when the output encoding cannot hold some
    text, nothing is written by the failed call and each text is written alone."""
    try:
        if texts and not before and end == sep:  # JSON lines: the end joined in, not the text copied
            out.write(sep.join([*texts, ""]))
        else:
            out.write(before + sep.join(texts) + end)
    except UnicodeEncodeError:
        out.write(before)
        for i, text in enumerate(texts):
            write_json_text(text, out, sep if i < len(texts) - 1 else "")
        out.write(end)


#: What a pipe on stdout is widened to: Linux's default ceiling for a process without privileges
#: (``/proc/sys/fs/pipe-max-size``), a few groups of a batch's records.
PIPE_BYTES = 1 << 20


def widen_pipe(out) -> None:
    """Let the pipe ``out`` writes to, if it is one, hold `PIPE_BYTES` (Linux; elsewhere, or when the
    system refuses, nothing changes).

    A batch writes its records a group at a time, about 290 KB for 256 results. A pipe holds 64 KiB by
    default, so each group waited on the reader four times over and the two took turns instead of
    working side by side: 8,000 hands read through a pipe took 87-90 ms, 80-85 ms with this
    (bench/README.md, session 12)."""
    try:
        fd = out.fileno()
        if not stat.S_ISFIFO(os.fstat(fd).st_mode):
            return
        import fcntl

        if fcntl.fcntl(fd, fcntl.F_GETPIPE_SZ) < PIPE_BYTES:
            fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
    except (AttributeError, ImportError, OSError, ValueError):  # no such call here, or refused
        pass


class _Encoded:
    """A text sink that keeps what it is given encoded, whole or not at all, as a text stream does."""

    def __init__(self, encoding: str, errors: str) -> None:
        self.encoding, self.errors = encoding, errors
        self.parts: list[bytes] = []

    def write(self, text: str) -> None:
        self.parts.append(text.encode(self.encoding, self.errors))


def json_lines_bytes(out) -> Callable[[list[tuple[str, bool, str | None]]], bytes] | None:
    """What writing a group of records' texts as JSON lines to ``out`` writes (`write_json_texts`),
    as bytes: for `batch --jobs` children, whose output is copied to ``out``'s file unchanged. None
    when ``out`` is no file, or its encoding not a plain UTF-8 or ASCII one (whose text is encoded
    piece by piece exactly as a whole)."""
    try:
        out.fileno()
        encoding, errors = out.encoding, out.errors or "strict"
        plain = codecs.lookup(encoding).name in ("utf-8", "ascii")
    except (AttributeError, OSError, ValueError, LookupError, TypeError):
        return None
    if not plain:
        return None

    def render(records: list[tuple[str, bool, str | None]]) -> bytes:
        sink = _Encoded(encoding, errors)
        write_json_texts([text for text, _, _ in records], sink, "", "\n", "\n")
        return b"".join(sink.parts)

    return render


def progress(
    items: Iterator[T], label: str, total: int | None = None, weight: Callable[[T], int] = lambda _: 1
) -> Iterator[T]:
    """``items`` passed through, with a transient progress bar on stderr when stderr is a terminal
    (``total`` None: a count, the end not known ahead; ``weight``: how much each item advances it)."""
    if not sys.stderr.isatty() or (total is not None and total < 2):
        yield from items
        return
    from rich.progress import Progress

    from .render.console import console

    with Progress(console=console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)
        for item in items:
            bar.advance(task, weight(item))
            yield item
