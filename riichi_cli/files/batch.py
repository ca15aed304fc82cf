"""`riichi batch`: every input hand yields one result object or one error object, in order.

Results are produced as the input is read: a JSON line is scored when it arrives, a YAML file
when it has been read, so memory is bounded by the largest single file, not by the batch. With
``jobs`` > 1 the workers read and parse too: they receive file names and raw lines, not mappings;
the first share of a big file is scored in the parent meanwhile.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing
from typing import BinaryIO

from ..core.errors import RiichiError
from ..core.rules import Rules, rules_from_options, rules_options
from ..io.result_text import Record, refused_record, score_record
from .loader import Unit, read_file, unit_items, units
from .pool import Here, pool_map, set_worker_rules, worker_rules

#: JSON lines sent to a worker at a time (a YAML file or text always goes alone).
LINES_PER_TASK = 256
#: A YAML file larger than this is scored by every worker, each its share of the hands (parsing
#: it once per worker costs far less than the scoring it spreads).
SPLIT_BYTES = 256 * 1024


def unit_records(unit: Unit, rules: Rules) -> list[Record]:
    """The records of one raw piece of input: parsed here, then scored, each written as JSON text
    straight from its result (`io.result_text`)."""
    return [
        score_record(m, rules, src) if isinstance(m, dict) else refused_record(m, src)
        for src, m in unit_items(unit)
    ]


def task_records(task: list[Unit], rules: Rules) -> list[Record]:
    """The records of a few raw pieces, parsed and scored here."""
    return [rec for unit in task for rec in unit_records(unit, rules)]


def _score_task(task: list[Unit]) -> list[Record]:
    """A worker's side: a few raw pieces in, their records out."""
    return task_records(task, worker_rules())


def tasks(pieces: Iterator[Unit], jobs: int) -> Iterator[list[Unit]]:
    """Pieces grouped for workers: up to `LINES_PER_TASK` JSON lines together, other pieces alone,
    and a big YAML file as ``jobs`` parts (each worker parses it and scores its own share)."""
    lines: list[Unit] = []
    for unit in pieces:
        if unit[0] == "line":
            lines.append(unit)
            if len(lines) < LINES_PER_TASK:
                continue
        if lines:
            yield lines
            lines = []
        if unit[0] != "line":
            yield from ([part] for part in parts(unit, jobs))
    if lines:
        yield lines


def parts(unit: Unit, jobs: int) -> list[Unit]:
    """A YAML file of more than `SPLIT_BYTES` as ``jobs`` parts, any other piece as itself."""
    if unit[0] != "file" or jobs < 2:
        return [unit]
    try:
        big = os.stat(unit[2]).st_size > SPLIT_BYTES
    except OSError:  # the worker reports it
        big = False
    return [(*unit, k, jobs) for k in range(jobs)] if big else [unit]


def results(
    paths: list[str], jobs: int, rules: Rules, stdin: Callable[[], BinaryIO], scheduler: str | None = None
) -> Iterator[list[Record]]:
    """Every hand's record in input order, in groups as they are ready (a JSON line alone with one
    job, up to `LINES_PER_TASK` with more). Close the iterator to stop early: that ends the pool.

    ``scheduler`` sends the pieces to a running Dask scheduler instead (`cluster.NoDask` when it
    cannot): YAML files go as their text, since the workers may not see this machine's files."""
    pieces = units(paths, stdin)
    if scheduler:
        from .cluster import dask_map

        options = rules_options(rules)
        shipped = ((options, [_readable(u) for u in task]) for task in tasks(pieces, 1))  # read as sent
        yield from dask_map(_score_remote, shipped, scheduler, batch=4)
        return
    if jobs <= 1:
        for unit in pieces:
            yield unit_records(unit, rules)
        return
    work = pool_map(_score_task, _first_share_here(tasks(pieces, jobs), rules), jobs, set_worker_rules,
                    (rules_options(rules),))  # fmt: skip
    with closing(work):
        yield from work


def _first_share_here(work: Iterator[list[Unit]], rules: Rules) -> Iterator[list[Unit] | Here]:
    """The tasks, the first share of each big YAML file scored in this process: the parent works
    while the workers score the other shares, rather than three processes sharing two cores."""
    for task in work:
        unit = task[0]
        if unit[0] == "file" and len(unit) == 5 and unit[3] == 0:
            yield Here(lambda task=task: task_records(task, rules))
        else:
            yield task


def _readable(unit: Unit) -> Unit:
    """A piece a remote worker can parse: a YAML file read here into a YAML text."""
    if unit[0] != "file":
        return unit
    try:
        return ("text", unit[1], unit[1], read_file(unit[2], unit[1]))
    except RiichiError as e:
        return ("failed", f"{unit[1]}#0", e)


def _score_remote(item: tuple[tuple, list[Unit]]) -> list[Record]:
    """A Dask worker's side: the rules travel with each task, as plain option values."""
    options, task = item
    return task_records(task, rules_from_options(options))


class Summary:
    """The counts of the batch summary (docs/output.md), kept as objects go by (nothing else is kept)."""

    def __init__(self) -> None:
        self.hands = 0
        self.errors: Counter = Counter()

    def add(self, ok: bool, code: str | None) -> None:
        self.hands += 1
        if not ok:
            self.errors[code] += 1

    def as_dict(self) -> dict:
        failed = sum(self.errors.values())
        return {"hands": self.hands, "ok": self.hands - failed, "failed": failed,
                "errors": dict(sorted(self.errors.items()))}  # fmt: skip
