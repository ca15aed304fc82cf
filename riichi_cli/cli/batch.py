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
  riichi batch hands/ --scheduler tcp://10.0.0.5:8786    # a Dask cluster (riichi-cli[dask])
"""
)
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["table", "json", "jsonl"]), default="table",
              help="table (default), one JSON document, or one JSON object per line.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option("--jobs", "-j", default=1, type=click.IntRange(1, 64), help="Worker processes (order is kept).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Score on a running Dask scheduler (extra riichi-cli[dask]).")  # fmt: skip
@RulesParam.options
def batch(paths, fmt, as_json, jobs, scheduler, preset, rule_items) -> None:
    """Score every hand in YAML files and folders; '-' reads YAML or JSON lines from stdin."""
    fmt = "json" if as_json else fmt
    rules = resolve(preset, rule_items, fmt != "table")
    sys.exit(run_batch(list(paths), fmt, jobs, rules, scheduler))


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


def run_batch(paths: list[str], fmt: str, jobs: int, rules: Rules, scheduler: str | None = None) -> int:
    """Score and print; the exit code is 1 when any object has ``ok: false``."""
    from ..files.cluster import NoDask

    total, objs = results(paths, jobs, rules, scheduler)
    out: list[dict] = []
    write = sys.stdout.write
    try:
        for d in _progress(total, objs):
            out.append(d)
            if fmt == "jsonl":
                write(json.dumps(d, ensure_ascii=False) + "\n")
    except NoDask as e:
        click.echo(f"riichi: {e}", err=True)
        return 2
    stats = summary(out)
    if fmt == "json":
        write(json.dumps({"results": out, "summary": stats}, ensure_ascii=False) + "\n")
    elif fmt == "table":
        from .render.batch import print_batch

        print_batch(out, stats)
    return 1 if stats["failed"] else 0
