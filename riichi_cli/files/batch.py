"""`riichi batch`: every input hand yields one result object or one error object, in order.

Results are produced as the input is read: a JSON line is scored when it arrives, a YAML file
when it has been read, so memory is bounded by the largest single file, not by the batch. With
``jobs`` > 1 the workers read and parse too: they receive file names and raw lines, not mappings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing
from typing import BinaryIO

from ..api import pool_map, score, set_worker_rules, worker_rules
from ..core.rules import Rules, rules_options
from ..io.report import error_dict
from .loader import Unit, unit_items, units

#: JSON lines sent to a worker at a time (a YAML file or text always goes alone).
LINES_PER_TASK = 256


def score_unit(unit: Unit, rules: Rules) -> list[dict]:
    """The objects of one raw piece of input: parsed here, then scored."""
    return [
        score(m, rules, src) if isinstance(m, dict) else error_dict(m, {}, src) for src, m in unit_items(unit)
    ]


def _score_task(task: list[Unit]) -> list[dict]:
    """A worker's side: a few raw pieces in, their objects out."""
    rules = worker_rules()
    return [d for unit in task for d in score_unit(unit, rules)]


def tasks(pieces: Iterator[Unit]) -> Iterator[list[Unit]]:
    """Pieces grouped for workers: up to `LINES_PER_TASK` JSON lines together, other pieces alone."""
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
            yield [unit]
    if lines:
        yield lines


def results(paths: list[str], jobs: int, rules: Rules, stdin: Callable[[], BinaryIO]) -> Iterator[dict]:
    """Every hand's object in input order, as it is ready. Close it to stop early (ends the pool)."""
    pieces = units(paths, stdin)
    if jobs <= 1:
        for unit in pieces:
            yield from score_unit(unit, rules)
        return
    work = pool_map(_score_task, tasks(pieces), jobs, set_worker_rules, (rules_options(rules),))
    with closing(work):
        for done in work:
            yield from done


class Summary:
    """The counts of SPEC 4's batch summary, kept as objects go by (nothing else is kept)."""

    def __init__(self) -> None:
        self.hands = 0
        self.errors: Counter = Counter()

    def add(self, d: dict) -> dict:
        self.hands += 1
        if not d["ok"]:
            self.errors[d["error"]["code"]] += 1
        return d

    def as_dict(self) -> dict:
        failed = sum(self.errors.values())
        return {"hands": self.hands, "ok": self.hands - failed, "failed": failed,
                "errors": dict(sorted(self.errors.items()))}  # fmt: skip


def summary(objs: list[dict]) -> dict:
    """The summary of a list of objects."""
    counts = Summary()
    for d in objs:
        counts.add(d)
    return counts.as_dict()
