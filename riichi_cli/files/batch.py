"""`riichi batch`: every input hand yields one result object or one error object, in order."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator

from ..api import score_items
from ..core.rules import Rules
from ..io.report import error_dict
from .loader import load_items


def results(
    paths: list[str], jobs: int, rules: Rules, scheduler: str | None = None
) -> tuple[int, Iterator[dict]]:
    """(number of hands, their objects in input order). Unreadable inputs become error objects."""
    items = list(load_items(paths, lambda: sys.stdin.buffer.read()))
    work = [(m, rules, src) for src, m in items if isinstance(m, dict)]
    scored = score_items(work, jobs, scheduler)

    def merged() -> Iterator[dict]:
        for src, m in items:
            yield next(scored) if isinstance(m, dict) else error_dict(m, {}, src)

    return len(items), merged()


def summary(objs: list[dict]) -> dict:
    errors = Counter(d["error"]["code"] for d in objs if not d["ok"])
    return {"hands": len(objs), "ok": len(objs) - sum(errors.values()), "failed": sum(errors.values()),
            "errors": dict(sorted(errors.items()))}  # fmt: skip
