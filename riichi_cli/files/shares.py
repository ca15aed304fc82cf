"""The pieces of a batch read ahead, cut into one contiguous share per job (`forked`): about as many
hands each, the first a little smaller (its process also reads the input and writes every answer).

A piece's weight is the hands it holds: a JSON line is one, a run of a cut YAML file knows its count,
a YAML file or text not cut is guessed from its size. Blocks of JSON lines are cut at the line where
a share ends; other pieces go whole to the share that holds their middle.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from .loader import Unit

#: Bytes of YAML a hand takes, about (the bench's hand files: 187): a guess of the work in a file.
YAML_BYTES_PER_HAND = 180
#: Hands read ahead at most before the work is shared out: the answers of that many are held in
#: memory at once (about 1 KiB of JSON each), then the next round is read.
ROUND_HANDS = 32768
#: Bytes of input held at most in a round (JSON lines may be up to 64 KiB each).
ROUND_BYTES = 16 * 1024 * 1024
#: Fewer hands than this a job are worked out here alone: a child costs about as much as scoring that
#: many.
MIN_SHARE = 256
#: The first share's size against the others' (this process reads, forks and writes all answers).
FIRST_SHARE = 0.95


def weight(unit: Unit) -> int:
    """The hands a piece holds, or a guess from its size."""
    kind = unit[0]
    if kind == "lines":
        return len(unit[4])
    if kind == "chunk":
        return unit[5]
    if kind == "text":
        return 1 + len(unit[3]) // YAML_BYTES_PER_HAND
    if kind == "file":
        try:
            size = os.stat(unit[2]).st_size
        except (OSError, ValueError):
            return 1
        return 1 + size // YAML_BYTES_PER_HAND // (unit[4] if len(unit) == 5 else 1)
    return 1


def rounds(units: Iterator[Unit]) -> Iterator[list[tuple[Unit, int]]]:
    """The pieces with their weights, in lists of about `ROUND_HANDS` hands or `ROUND_BYTES` bytes
    held (the last one less)."""
    held: list[tuple[Unit, int]] = []
    total = size = 0
    for unit in units:
        w = weight(unit)
        held.append((unit, w))
        total += w
        size += held_bytes(unit)
        if total >= ROUND_HANDS or size >= ROUND_BYTES:
            yield held
            held, total, size = [], 0, 0
    if held:
        yield held


def held_bytes(unit: Unit) -> int:
    """The bytes of input a piece holds in memory (a file not read yet holds none)."""
    kind = unit[0]
    if kind == "lines":
        return sum(len(raw) for _, raw in unit[4] if isinstance(raw, bytes))
    if kind in ("chunk", "text"):
        return len(unit[3])
    return 0


def split(weighed: list[tuple[Unit, int]], jobs: int) -> list[list[Unit]]:
    """The pieces in at most ``jobs`` contiguous shares (none empty), in order."""
    total = sum(w for _, w in weighed)
    jobs = max(1, min(jobs, total // MIN_SHARE))
    if jobs == 1:
        return [[unit for unit, _ in weighed]]
    first = total * FIRST_SHARE / (jobs - 1 + FIRST_SHARE)
    ends = [first + (total - first) * k / (jobs - 1) for k in range(jobs)]  # where each share ends
    shares: list[list[Unit]] = [[] for _ in range(jobs)]
    done, k = 0, 0
    for unit, w in weighed:
        while unit[0] == "lines" and k < jobs - 1 and done + w > ends[k]:
            room = int(ends[k] - done)  # the lines up to the end of share k
            if room > 0:
                shares[k].append(_lines_head(unit, room))
                unit, done, w = _lines_tail(unit, room), done + room, w - room
            k += 1
        while k < jobs - 1 and done + w / 2 > ends[k]:
            k += 1
        shares[k].append(unit)
        done += w
    return [share for share in shares if share]


def _lines_head(unit: Unit, count: int) -> Unit:
    kind, where, prefix, index, numbered = unit
    return (kind, where, prefix, index, numbered[:count])


def _lines_tail(unit: Unit, count: int) -> Unit:
    kind, where, prefix, index, numbered = unit
    return (kind, where, prefix, index + count, numbered[count:])
