"""`riichi batch` at work: score and print, and the exit code (no click here: `quick` runs it
without importing click; the messages to stderr import it when one is printed)."""

from __future__ import annotations

import gc
import json
import os
import stat
import sys

from ..core.rules import Rules
from ..files.batch import Summary, results
from .streams import json_lines_bytes, progress, widen_pipe, write_json_texts


def echo_error(message: str) -> None:
    """One line on stderr, as `click.echo` writes it (click is loaded for it: this is rare)."""
    import click

    click.echo(message, err=True)


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
    if fmt != "table":
        widen_pipe(out)
    rows: list[dict] = []
    render = json_lines_bytes(out) if fmt == "jsonl" and jobs > 1 else None
    groups = results(paths, jobs, rules, lambda: sys.stdin.buffer, scheduler, render)
    first = True
    try:
        for group in progress(groups, "scoring", weight=len):
            if not isinstance(group, list):  # JSON lines a child wrote out: copied as they are
                counts.add_spooled(group)
                out.flush()
                group.copy_to(out.fileno())
                continue
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
        echo_error(f"riichi: {e}")
        return 2
    except WorkerLost as e:  # a worker or the cluster lost: what was printed stays, no more
        out.flush()
        echo_error(f"riichi: {e}")
        return 70
    finally:  # on any stop (Ctrl-C, a closed pipe) the worker pool ends at once
        groups.close()
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
        echo_error(f"riichi: no hands found in {' '.join(paths)} (*.yaml, *.yml, *.jsonl)")
        return 2
    if stats["errors"].get("unreadable"):
        return 2
    return 1 if stats["failed"] else 0
