"""Stream lines read with a bound on each (JSON lines, `riichi waits -` and `riichi shanten -`).

Apart from the loader so that the line commands start without its imports (YAML, paths).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.errors import RiichiError, Unreadable

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import BinaryIO

#: Largest YAML file, YAML stdin or context file read; a bigger one is one `unreadable` record.
MAX_BYTES = 16 * 1024 * 1024
#: Longest JSON line (one hand); a longer line is one `unreadable` record and the stream goes on.
MAX_LINE = 64 * 1024
#: A line longer than this is not even skipped to its end: the rest of that stream is not read.
MAX_SKIP = MAX_BYTES


def lines(
    stream: BinaryIO, where: str, n: int = 0, limit: int = 0
) -> Iterator[tuple[int, bytes | RiichiError]]:
    """(line number, bytes) of each line, never holding more than ``limit`` (`MAX_LINE`) + 1 bytes.

    A longer line is one refusal, its rest skipped in chunks; a line with no end in `MAX_SKIP`
    bytes (``/dev/zero``) ends the stream with its refusal, so reading always stops. Lines are
    numbered from ``n`` + 1.
    """
    limit = limit or MAX_LINE
    while True:
        got = _next_line(stream, where, n + 1, limit)
        if got is None:
            return
        n += 1
        yield n, got[0]
        if got[1]:
            return


def _next_line(stream: BinaryIO, where: str, n: int, limit: int) -> tuple[bytes | RiichiError, bool] | None:
    """Line ``n`` read with `lines`' bounds, and whether reading stops after it; None at the end."""
    raw = stream.readline(limit + 1)
    if not raw:
        return None
    if len(raw) <= limit or raw.endswith(b"\n"):
        return raw, False
    skipped = len(raw)
    while skipped <= MAX_SKIP:
        rest = stream.readline(64 * 1024)
        skipped += len(rest)
        if not rest or rest.endswith(b"\n"):
            break
    else:
        return Unreadable(f"{where} line {n}: no end of line in {MAX_SKIP} bytes; the rest is not read"), True
    return Unreadable(f"{where} line {n}: too long (more than {limit} bytes)"), False


#: Bytes asked of the stream at a time by `line_blocks` (one read call: a pipe gives what it holds).
BLOCK = 64 * 1024


class _Reader:
    """A stream read a block at a time, whose ``readline`` gives what the stream's own would."""

    def __init__(self, stream: BinaryIO) -> None:
        self.buf = b""
        self.eof = False
        read1 = getattr(stream, "read1", None)
        self.read = read1 if read1 is not None else stream.read

    def more(self) -> bool:
        """One more block into the buffer; False at the end of the stream."""
        if self.eof:
            return False
        data = self.read(BLOCK)
        if not data:
            self.eof = True
            return False
        self.buf = self.buf + data if self.buf else data
        return True

    def readline(self, size: int) -> bytes:
        """Up to ``size`` bytes, ending at the first newline (as ``BufferedReader.readline``)."""
        while True:
            end = self.buf.find(b"\n", 0, size)
            if end >= 0 or len(self.buf) >= size or not self.more():
                cut = end + 1 if end >= 0 else min(size, len(self.buf))
                raw, self.buf = self.buf[:cut], self.buf[cut:]
                return raw


def line_blocks(
    stream: BinaryIO, where: str, n: int = 0, limit: int = 0
) -> Iterator[list[tuple[int, bytes | RiichiError]]]:
    """What `lines` yields, in lists: the whole lines of each block read.

    A file is split in bulk rather than read with a call per line; a pipe is answered as its lines
    arrive (a read gives what the pipe holds). A line longer than ``limit``, and a last line
    without a newline, are read one by one as `lines` reads them, so refusals and numbers agree.
    """
    limit = limit or MAX_LINE
    reader = _Reader(stream)
    while True:
        buf = reader.buf
        last = buf.rfind(b"\n")
        if last >= 0:
            whole = _ended_lines(buf[: last + 1])
            if max(map(len, whole)) > limit + 1:  # the lines before the first long one
                whole = whole[: next(i for i, raw in enumerate(whole) if len(raw) > limit + 1)]
            if whole:
                reader.buf = buf[sum(map(len, whole)) :]
                yield list(enumerate(whole, n + 1))
                n += len(whole)
                continue
        elif len(buf) <= limit and reader.more():
            continue
        got = _next_line(reader, where, n + 1, limit)  # type: ignore[arg-type]
        if got is None:
            return
        n += 1
        yield [(n, got[0])]
        if got[1]:
            return


def _ended_lines(data: bytes) -> list[bytes]:
    """The lines of ``data`` (which ends with a newline), each with its newline. ``splitlines`` cuts
    at a lone carriage return too, so it serves only where there is none (it saves a copy a line)."""
    if b"\r" not in data:
        return data.splitlines(keepends=True)
    return [raw + b"\n" for raw in data.split(b"\n")[:-1]]
