"""The records of one raw piece of input (`loader.Unit`), parsed and scored where it is worked out
(here, a pool worker or a forked child), and the shapes a group of them travels in."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..core.rules import Rules
from ..io.json_lines import line_records
from ..io.result_text import Record, refused_record, score_record
from .chunks import chunk_items
from .loader import Item, Unit, json_line, unit_items

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:  # the fork path loads only with --jobs
    from .forked import Spool

#: What a group of records writes to the output, as bytes (`batch.results` with ``render``).
Render = Callable[[list[Record]], bytes]


class RunRecords:
    """A worker's answer to one run: its records (or their output, `Spooled`), or None when the run
    does not read alone."""

    def __init__(self, records: list[Record] | Spooled | None) -> None:
        self.records = records


def unit_records(unit: Unit, rules: Rules) -> list[Record]:
    """The records of one raw piece of input: parsed here, then scored, each written as JSON text
    straight from its result (`io.result_text`); a block of JSON lines in one compiled loop."""
    if unit[0] == "lines":
        _, where, prefix, index, numbered = unit
        return line_records(numbered, where, prefix, index, rules, json_line)
    return item_records(unit_items(unit), rules)


def item_records(items: list[Item], rules: Rules) -> list[Record]:
    """The record of each item: its mapping scored, or its refusal."""
    return [score_record(m, rules, s) if isinstance(m, dict) else refused_record(m, s) for s, m in items]


def unit_groups(unit: Unit, rules: Rules, size: int) -> Iterator[list[Record]]:
    """`unit_records` in groups of at most ``size``, each scored when the one before has been taken:
    a caller that writes each group out before taking the next keeps a few hundred texts in memory,
    not a whole file's (8,000 hands' texts were 10 MB of fresh pages to fault in, write and free)."""
    if unit[0] == "lines":
        yield unit_records(unit, rules)
        return
    items = unit_items(unit)
    if not items:
        yield []
    for start in range(0, len(items), size):
        yield item_records(items[start : start + size], rules)


def task_records(task: list[Unit], rules: Rules) -> list[Record]:
    """The records of a few raw pieces, parsed and scored here."""
    return [rec for unit in task for rec in unit_records(unit, rules)]


def run_records(unit: Unit, rules: Rules) -> RunRecords:
    """The records of one run of a cut YAML input (None in it when the run does not read alone)."""
    items = chunk_items(unit)
    if items is None:
        return RunRecords(None)
    return RunRecords(item_records(items, rules))


class Spooled:
    """A group of records a child wrote out to its spool as `Render` makes it: ``copy_to`` writes it
    to the output, `Summary.add_spooled` counts it."""

    def __init__(self, spool: Spool, start: int, length: int, hands: int, codes: list[str | None]) -> None:
        self.spool, self.start, self.length = spool, start, length
        self.hands, self.codes = hands, codes

    def __len__(self) -> int:
        return self.hands

    def copy_to(self, fd: int) -> None:
        from .forked import copy_out

        copy_out(self.spool, self.start, self.length, fd)
