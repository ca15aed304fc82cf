"""`riichi batch`: every hand of files, folders and stdin, one object each, in order."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator

import click

from ..core.rules import Rules
from ..files.batch import results, summary
from .common import RulesParam, resolve


@click.command(
    epilog="""\b
Examples:
  riichi batch sample_hands/*.yaml
  riichi batch hands.yaml more/ --format jsonl --jobs 2
  cat hands.jsonl | riichi batch - --format json
"""
)
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["table", "json", "jsonl"]), default="table",
              help="table (default), one JSON document, or one JSON object per line.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option("--jobs", "-j", default=1, type=click.IntRange(1, 64), help="Worker processes (order is kept).")
@RulesParam.options
def batch(paths, fmt, as_json, jobs, preset, rule_items) -> None:
    """Score every hand in YAML files and folders; '-' reads YAML or JSON lines from stdin."""
    fmt = "json" if as_json else fmt
    rules = resolve(preset, rule_items, fmt != "table")
    sys.exit(run_batch(list(paths), fmt, jobs, rules))


def _progress(total: int, objs: Iterator[dict]) -> Iterator[dict]:
    """A progress bar on stderr, only when stderr is a terminal."""
    if not sys.stderr.isatty() or total < 2:
        yield from objs
        return
    from rich.progress import Progress

    from .render.console import console

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
        from .render.batch import print_batch

        print_batch(out, stats)
    return 1 if stats["failed"] else 0
