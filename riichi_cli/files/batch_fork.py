"""`batch --jobs` on files and folders: rounds of their pieces shared out between this process and
forked children (`forked`, `shares`), the children's groups sent back as the parent's are made, or
as their output already written (`Spooled`) when the caller gives a `Render`.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator

from ..core.rules import Rules
from ..io.result_text import Record
from .forked import Spool, can_fork, forked_map, spill, spooling
from .loader import Unit
from .piece_records import Render, RunRecords, Spooled, run_records, unit_records
from .shares import rounds, split


def read_ahead(paths: list[str]) -> bool:
    """Whether the inputs may be read before they are scored, by a system that forks: files and
    folders (a folder's FIFOs are not read), not stdin, a pipe or a device, whose hands are answered
    as they arrive."""
    if not can_fork():
        return False
    for path in paths:
        if path == "-":
            return False
        try:
            mode = os.stat(path).st_mode
        except (OSError, ValueError):
            continue  # its error record
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            return False
    return True


def forked_groups(
    units: Iterator[Unit], jobs: int, rules: Rules, render: Render | None
) -> Iterator[list[Record] | RunRecords | Spooled]:
    """The groups of records of ``units``, a round of them at a time shared out between this process
    and forked children (`forked`, `shares`); with ``render`` the children's groups come as their
    output, `Spooled`."""
    child = lambda unit: _spilled(_group(unit, rules), render)
    for weighed in rounds(units):
        work = forked_map(lambda unit: _group(unit, rules), split(weighed, jobs), child, _received)
        try:
            yield from work
        finally:  # a stop ends the children at once
            work.close()


def _group(unit: Unit, rules: Rules) -> list[Record] | RunRecords:
    """The records of one piece (of a run of a cut YAML file, as `RunRecords`)."""
    return run_records(unit, rules) if unit[0] == "chunk" else unit_records(unit, rules)


def _spilled(group: list[Record] | RunRecords, render: Render | None) -> list | tuple:
    """A child's group as it sends it (`marshal`): records as they are; with ``render``, their
    output written to the spool, as ``(start, length, hands, codes of the refused)``; a run's in a
    tuple of one (None when the run does not read alone)."""
    if isinstance(group, RunRecords):
        records = group.records
        assert not isinstance(records, Spooled)  # made here, not received
        return (None if records is None else _spilled(records, render),)
    if render is None or not spooling():
        return group
    start, length = spill(render(group))
    return (start, length, len(group), [code for _, ok, code in group if not ok])


def _received(sent: list | tuple, spool: Spool | None) -> list[Record] | RunRecords | Spooled:
    """A group as a child sent it (`_spilled`), as the parent's groups are."""
    if isinstance(sent, tuple) and len(sent) == 1:
        return RunRecords(None if sent[0] is None else _unspilled(sent[0], spool))
    return _unspilled(sent, spool)


def _unspilled(sent: list | tuple, spool: Spool | None) -> list[Record] | Spooled:
    if isinstance(sent, list):
        return sent
    assert spool is not None
    return Spooled(spool, *sent)
