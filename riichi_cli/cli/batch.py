"""`riichi batch`: every hand of files, folders and stdin, one object each, in order."""

from __future__ import annotations

import sys

import click

from .batch_run import run_batch
from .common import RulesParam, resolve


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
millions of hands. With --jobs N on files and folders, hands are read ahead (at
most 32,768 or 16 MiB at a time) and cut into N shares: this process scores the
first while forked children score the others, answers in order. From stdin or a
pipe, workers read and parse too; JSON lines go to them 256 at a time.

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
