"""`riichi batch`: every input hand yields one result object or one error object, in order.

Results are produced as the input is read: a JSON line is scored when it arrives, a YAML file
when it has been read, so memory is bounded by the largest single file, not by the batch. With
``jobs`` > 1 the workers read and parse too: they receive file names and raw lines, not mappings.
A big YAML file is cut into runs of its list items (`chunks`), which the workers parse and score
side by side while the parent only cuts and writes; its records are written once every run is back
(a run that does not read alone means the file is read whole, here, as with one job).
"""

from __future__ import annotations

import os
from collections import Counter, deque
from collections.abc import Callable, Iterator

from ..core.errors import RiichiError
from ..core.rules import Rules, rules_from_options, rules_options
from ..io.result_text import Record
from .chunks import cut
from .loader import Unit, decode, read_file, units
from .piece_records import Render, RunRecords, Spooled, run_records, task_records, unit_groups, unit_records
from .pool import Here, pool_map, set_worker_rules, worker_rules

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import BinaryIO

#: JSON lines sent to a worker at a time (a YAML file or text always goes alone).
LINES_PER_TASK = 256
#: A YAML input larger than this is cut into runs of its items for the workers (`chunks`); one that
#: cannot be cut is scored by every worker, each its share of the hands (parsing it once per worker
#: costs less than the scoring it spreads).
SPLIT_BYTES = 256 * 1024
#: Runs per worker: a few each, so that a worker slowed down (its core busy) holds the others up less.
RUNS_PER_JOB = 4


class Runs:
    """A YAML input cut into ``count`` runs, as the parent keeps it: ``whole`` is the input as a text
    piece, read whole when some run does not read alone."""

    def __init__(self, count: int, whole: Unit) -> None:
        self.count = count
        self.whole = whole


def _score_task(task: list[Unit]) -> list[Record] | RunRecords:
    """A worker's side: a few raw pieces in, their records out."""
    if task[0][0] == "chunk":
        return run_records(task[0], worker_rules())
    return task_records(task, worker_rules())


def work_units(pieces: Iterator[Unit], jobs: int, cuts: deque[Runs] | None = None) -> Iterator[Unit]:
    """The pieces as the workers take them: with ``cuts`` a big YAML input as runs of its items
    (noted in ``cuts``), else as ``jobs`` parts (each worker parses it and scores its own share)."""
    for unit in pieces:
        if unit[0] in ("lines", "line", "failed"):
            yield unit
            continue
        runs = runs_of(unit, jobs) if cuts is not None else None
        if runs is None:
            yield from parts(unit, jobs)
        elif cuts is not None and len(runs) > 1:
            cuts.append(Runs(len(runs) - 1, runs[0]))
            yield from runs[1:]
        else:
            yield runs[0]  # its refusal


def tasks(pieces: Iterator[Unit], jobs: int, cuts: deque[Runs] | None = None) -> Iterator[list[Unit]]:
    """`work_units` grouped for workers: up to `LINES_PER_TASK` JSON lines together, other pieces
    alone."""
    lines: list[Unit] = []
    count = 0
    for unit in work_units(pieces, jobs, cuts):
        if unit[0] == "lines":  # the lines of a block read, cut where a task is full
            for part in _cut_lines(unit, LINES_PER_TASK - count):
                lines.append(part)
                count += len(part[4])
                if count == LINES_PER_TASK:
                    yield lines
                    lines, count = [], 0
            continue
        if unit[0] == "line":
            lines.append(unit)
            count += 1
            if count < LINES_PER_TASK:
                continue
        if lines:
            yield lines
            lines, count = [], 0
        if unit[0] != "line":
            yield [unit]
    if lines:
        yield lines


def _cut_lines(unit: Unit, room: int) -> list[Unit]:
    """A "lines" piece as pieces of at most ``room`` lines, then `LINES_PER_TASK` lines each."""
    kind, where, prefix, index, numbered = unit
    out: list[Unit] = []
    while len(numbered) > room:
        out.append((kind, where, prefix, index, numbered[:room]))
        index, numbered, room = index + room, numbered[room:], LINES_PER_TASK
    return out + [(kind, where, prefix, index, numbered)]


def runs_of(unit: Unit, jobs: int) -> list[Unit] | None:
    """A big YAML input as ``[whole, run, run...]`` (the input as a text piece, then its runs), or as
    ``[refusal]`` when it cannot be read; None when it is small or cannot be cut (not one block list).
    """
    if unit[0] not in ("file", "text") or jobs < 2:
        return None
    where, prefix = unit[1], (unit[1] if unit[0] == "file" else unit[2])
    try:
        if unit[0] == "file" and os.stat(unit[2]).st_size <= SPLIT_BYTES:
            return None  # a FIFO or a device too: read by the worker that parses it
        data = read_file(unit[2], where) if unit[0] == "file" else unit[3]
        if len(data) <= SPLIT_BYTES:
            return None
        text = decode(data, where)
    except OSError:  # the worker reports it
        return None
    except RiichiError as e:  # what reading it whole says
        return [("failed", f"{prefix}#0", e)]
    found = cut(text, jobs * RUNS_PER_JOB)
    if found is None or len(found[1]) < 2:
        return None
    head, runs = found
    whole = ("text", where, prefix, data)
    return [whole] + [("chunk", where, prefix, head + body, first, count) for body, first, count in runs]


def parts(unit: Unit, jobs: int) -> list[Unit]:
    """A YAML file of more than `SPLIT_BYTES` as ``jobs`` parts, any other piece as itself."""
    if unit[0] != "file" or jobs < 2:
        return [unit]
    try:
        big = os.stat(unit[2]).st_size > SPLIT_BYTES
    except OSError:  # the worker reports it
        big = False
    return [(*unit, k, jobs) for k in range(jobs)] if big else [unit]


#: Records per group when this process scores a whole input alone (`unit_groups`): written out group by
#: group, the texts of one reuse the memory the one before freed, still in the caches.
GROUP = 256


def results(
    paths: list[str],
    jobs: int,
    rules: Rules,
    stdin: Callable[[], BinaryIO],
    scheduler: str | None = None,
    render: Render | None = None,
) -> Iterator[list[Record] | Spooled]:
    """Every hand's record in input order, in groups as they are ready (a JSON line alone with one
    job, up to `LINES_PER_TASK` with more). Close the iterator to stop early: that ends the pool.

    ``scheduler`` sends the pieces to a running Dask scheduler instead (`cluster.NoDask` when it
    cannot): YAML files go as their text, since the workers may not see this machine's files.

    Files and folders with more jobs are shared out between forked children (`forked`); then with
    ``render`` (what a group writes, as bytes) a child's groups come as `Spooled`: their output,
    which the caller copies out as it is in place of writing the records."""
    pieces = units(paths, stdin, blocks=not scheduler)
    if scheduler:
        from .cluster import dask_map

        options = rules_options(rules)
        shipped = ((options, [_readable(u) for u in task]) for task in tasks(pieces, 1))  # read as sent
        yield from dask_map(_score_remote, shipped, scheduler, batch=4)
        return
    if jobs <= 1:
        for unit in pieces:
            yield from unit_groups(unit, rules, GROUP)
        return
    cuts: deque[Runs] = deque()
    from .batch_fork import forked_groups, read_ahead

    if read_ahead(paths):
        yield from _joined(forked_groups(work_units(pieces, jobs, cuts), jobs, rules, render), cuts, rules)
        return
    work = pool_map(_score_task, _first_share_here(tasks(pieces, jobs, cuts), rules), jobs, set_worker_rules,
                    (rules_options(rules),))  # fmt: skip
    try:
        yield from _joined(work, cuts, rules)
    finally:  # a stop ends the pool at once
        work.close()


def _joined(
    work: Iterator[list[Record] | RunRecords | Spooled], cuts: deque[Runs], rules: Rules
) -> Iterator[list[Record] | Spooled]:
    """The groups of records in order, the runs of each cut input put back together: their records
    when every run read alone (`chunks` says why that is the whole input's), else the input read whole
    here, which gives what one job gives (its hands, or its one error)."""
    held: list[list[Record] | Spooled] = []
    alone, seen = True, 0
    for group in work:
        if not isinstance(group, RunRecords):
            yield group
            continue
        seen += 1
        if group.records is None:
            alone = False
        elif alone:
            held.append(group.records)
        if seen == cuts[0].count:
            whole = cuts.popleft().whole
            yield from held if alone else [unit_records(whole, rules)]
            held, alone, seen = [], True, 0


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

    def add_all(self, records: list[Record]) -> None:
        """`add` for each of a group of records."""
        self.hands += len(records)
        for _, ok, code in records:
            if not ok:
                self.errors[code] += 1

    def add_spooled(self, group: Spooled) -> None:
        """`add` for each hand of a group written out by a child."""
        self.hands += group.hands
        for code in group.codes:
            self.errors[code] += 1

    def as_dict(self) -> dict:
        failed = sum(self.errors.values())
        return {"hands": self.hands, "ok": self.hands - failed, "failed": failed,
                "errors": dict(sorted(self.errors.items()))}  # fmt: skip
