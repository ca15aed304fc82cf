"""`riichi batch`: every hand of files, folders and stdin, one object each, in order."""

from __future__ import annotations

import gc
import json
import os
import stat
import sys
from contextlib import closing

import click

from ..core.rules import Rules
from ..files.batch import Summary, results
from .common import RulesParam, progress, resolve, write_json_texts


@click.command(
    epilog="""\b
Folders are walked for *.yaml, *.yml and *.jsonl files (sorted). A file given
directly is read whatever its name (a FIFO too: riichi batch <(gen-hands)): JSON
lines when its first line is a JSON object, YAML otherwise; so is '-'.

\b
Limits: a YAML file or YAML stdin holds at most 16 MiB, a JSON line at most
64 KiB; a bigger one is one `unreadable` object and the batch goes on. JSON lines
are scored and printed as they are read, YAML files one at a time, so memory
stays bounded by the largest single file. --format jsonl and json stream their
output; the table (the default) keeps every row until the end: use jsonl for
millions of hands. With --jobs the workers read and parse too; JSON lines go to
them 256 at a time.

\b
Examples:
  riichi batch sample_hands/*.yaml
  riichi batch hands.yaml more/ --format jsonl --jobs 2
  cat hands.jsonl | riichi batch - --format json
  riichi batch hands/ --scheduler tcp://10.0.0.5:8786    # a Dask cluster (riichi-cli[dask])
"""
)
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["table", "json", "jsonl"]), default="table",
              help="table (default; kept in memory until the end), one JSON document, "
                   "or one JSON object per line (both streamed).")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option("--jobs", "-j", default=1, type=click.IntRange(1, 64),
              help="Worker processes; they read and parse too (order is kept).")  # fmt: skip
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Score on a running Dask scheduler (extra riichi-cli[dask]).")  # fmt: skip
@RulesParam.options
def batch(paths, fmt, as_json, jobs, scheduler, preset, rule_items) -> None:
    """Score every hand in YAML files, JSON lines and folders; '-' reads YAML or JSON lines from stdin."""
    fmt = "json" if as_json else fmt
    rules = resolve(preset, rule_items, fmt != "table")
    sys.exit(run_batch(list(paths), fmt, jobs, rules, scheduler))


def run_batch(paths: list[str], fmt: str, jobs: int, rules: Rules, scheduler: str | None = None) -> int:
    """Score and print as results come; the exit code is 1 when any object has ``ok: false``.

    The cyclic garbage collector is off meanwhile (forked workers inherit that): parsed hands and
    results hold no cycles, so reference counting frees them, and collections triggered by the many
    small objects of YAML loading cost about a third of the loading."""
    gc.disable()
    try:
        return _run_batch(paths, fmt, jobs, rules, scheduler)
    finally:
        gc.enable()


class _Never(Exception):
    """Never raised: what the cluster's refusal is without a scheduler."""


def _live(paths: list[str]) -> bool:
    """Whether some input may arrive slowly (stdin or a path that is a pipe, a terminal or a socket):
    then JSON lines answers are flushed group by group. Regular files and folders are read at once,
    and flushing after every line of them was a write call per hand."""
    for path in paths:
        try:
            mode = os.fstat(0).st_mode if path == "-" else os.stat(path).st_mode
        except (OSError, ValueError):
            continue
        if stat.S_ISFIFO(mode) or stat.S_ISCHR(mode) or stat.S_ISSOCK(mode):
            return True
    return False


def _run_batch(paths: list[str], fmt: str, jobs: int, rules: Rules, scheduler: str | None) -> int:
    from ..files.pool import WorkerLost

    if scheduler:  # the cluster module (socket, logging) only when a scheduler is named
        from ..files.cluster import NoDask
    else:
        NoDask = _Never

    counts = Summary()
    live = fmt == "jsonl" and _live(paths)
    out = sys.stdout
    rows: list[dict] = []
    groups = results(paths, jobs, rules, lambda: sys.stdin.buffer, scheduler)
    first = True
    with closing(groups):  # on any stop (Ctrl-C, a closed pipe) the worker pool ends at once
        try:
            for group in progress(groups, "scoring", weight=len):
                counts.add_all(group)
                if fmt == "table":
                    rows.extend(json.loads(text) for text, _, _ in group)
                    continue
                texts = [text for text, _, _ in group]
                if fmt == "jsonl" and texts:
                    write_json_texts(texts, out, "", "\n", "\n")
                elif texts:  # opened with the first object: a refused --scheduler prints nothing
                    write_json_texts(texts, out, '{"results": [' if first else ", ", ", ", "")
                    first = False
                if live:
                    out.flush()  # each group as soon as it is known: a slow stream is answered live
        except NoDask as e:
            click.echo(f"riichi: {e}", err=True)
            return 2
        except WorkerLost as e:  # a worker or the cluster lost: what was printed stays, no more
            out.flush()
            click.echo(f"riichi: {e}", err=True)
            return 70
    stats = counts.as_dict()
    if fmt == "json":
        out.write(('{"results": [' if first else "") + '], "summary": ' + json.dumps(stats) + "}\n")
    elif fmt == "table":
        from .render.batch import print_batch

        print_batch(rows, stats)
    return batch_exit(stats, paths)


def batch_exit(stats: dict, paths: list[str]) -> int:
    """0 when every hand scored; 2 when nothing was found or a file could not be read (as in every
    command); else 1 when any hand was refused."""
    if not stats["hands"]:
        click.echo(f"riichi: no hands found in {' '.join(paths)} (*.yaml, *.yml, *.jsonl)", err=True)
        return 2
    if stats["errors"].get("unreadable"):
        return 2
    return 1 if stats["failed"] else 0
