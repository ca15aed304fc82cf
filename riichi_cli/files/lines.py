"""Stream lines read with a bound on each (JSON lines, `riichi waits -` and `riichi shanten -`).

Apart from the loader so that the line commands start without its imports (YAML, paths).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

from ..core.errors import RiichiError, Unreadable

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
        raw = stream.readline(limit + 1)
        if not raw:
            return
        n += 1
        if len(raw) <= limit or raw.endswith(b"\n"):
            yield n, raw
            continue
        skipped = len(raw)
        while skipped <= MAX_SKIP:
            rest = stream.readline(64 * 1024)
            skipped += len(rest)
            if not rest or rest.endswith(b"\n"):
                break
        else:
            yield n, Unreadable(f"{where} line {n}: no end of line in {MAX_SKIP} bytes; the rest is not read")
            return
        yield n, Unreadable(f"{where} line {n}: too long (more than {limit} bytes)")
