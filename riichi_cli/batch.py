"""`riichi batch`: every input hand yields one result object or one error object, in order."""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterator

from .api import score_items
from .loader import load_items
from .report import error_dict
from .rules import Rules


def results(paths: list[str], jobs: int, rules: Rules) -> tuple[int, Iterator[dict]]:
    """(number of hands, their objects in input order). Unreadable inputs become error objects."""
    items = list(load_items(paths, lambda: sys.stdin.buffer.read()))
    work = [(m, rules, src) for src, m in items if isinstance(m, dict)]
    scored = score_items(work, jobs)

    def merged() -> Iterator[dict]:
        for src, m in items:
            yield next(scored) if isinstance(m, dict) else error_dict(m, {}, src)

    return len(items), merged()


def summary(objs: list[dict]) -> dict:
    errors = Counter(d["error"]["code"] for d in objs if not d["ok"])
    return {"hands": len(objs), "ok": len(objs) - sum(errors.values()), "failed": sum(errors.values()),
            "errors": dict(sorted(errors.items()))}  # fmt: skip


def _progress(total: int, objs: Iterator[dict]) -> Iterator[dict]:
    """A progress bar on stderr, only when stderr is a terminal."""
    if not sys.stderr.isatty() or total < 2:
        yield from objs
        return
    from rich.progress import Progress

    from .render import console

    with Progress(console=console(stderr=True), transient=True) as bar:
        task = bar.add_task("scoring", total=total)
        for d in objs:
            bar.advance(task)
            yield d


def run_batch(paths: list[str], fmt: str, jobs: int, rules: Rules) -> int:
    """Score and print; the exit code is 1 when any object has ``ok: false``."""
    total, objs = results(paths, jobs, rules)
    out: list[dict] = []
    write = sys.stdout.write
    for d in _progress(total, objs):
        out.append(d)
        if fmt == "jsonl":
            write(json.dumps(d, ensure_ascii=False) + "\n")
    stats = summary(out)
    if fmt == "json":
        write(json.dumps({"results": out, "summary": stats}, ensure_ascii=False) + "\n")
    elif fmt == "table":
        from .render import batch_table, console

        console().print(batch_table(out))
        errors = ", ".join(f"{n} {code}" for code, n in stats["errors"].items())
        console().print(f"{stats['hands']} hands: {stats['ok']} scored" + (f", {errors}" if errors else ""))
    return 1 if stats["failed"] else 0
