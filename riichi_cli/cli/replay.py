"""`riichi replay`: re-score and re-settle every round of real game logs (SPEC section 10)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator

import click

from .common import RulesParam, resolve


@click.command(
    epilog="""\b
Examples:
  riichi replay 2019021004gm-00a9-0000-e2f6516d.mjlog
  riichi replay logs/ --format jsonl --jobs 2
  riichi replay game.json --rule kuitan=false
  gzip -dc game.mjlog.gz | riichi replay -
  riichi replay logs/ --scheduler tcp://10.0.0.5:8786    # a Dask cluster (pip install 'riichi-cli[dask]')
"""
)
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["table", "json", "jsonl"]), default="table",
              help="table (default), one JSON document, or one JSON object per round end.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option("--jobs", "-j", default=1, type=click.IntRange(1, 64), help="Worker processes (order is kept).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Send the files to a running Dask scheduler (extra riichi-cli[dask]).")  # fmt: skip
@RulesParam.options
def replay(paths, fmt, as_json, jobs, scheduler, preset, rule_items) -> None:
    """Re-score every round of Tenhou logs (mjlog XML, plain or gzipped; tenhou6 JSON) and compare.

    Files, folders (recursive) and '-' (stdin). The log's own lobby rules (red fives, open tanyao) apply
    over --rules; --rule wins over both. Exit 0 when everything agrees, 1 on a difference, 2 on an
    unreadable file.
    """
    from ..core.rules import parse_rule_assignments

    resolve(preset, rule_items)  # a bad preset or --rule is a usage error before any work
    rules = resolve(preset, ())
    overrides = parse_rule_assignments(rule_items)  # kept apart: they win over the log's own rules
    sys.exit(run_replay(list(paths), "json" if as_json else fmt, jobs, scheduler, rules, overrides))


def _progress(total: int, files: Iterator[list[dict]]) -> Iterator[list[dict]]:
    """A progress bar on stderr for several files, only when stderr is a terminal."""
    if not sys.stderr.isatty() or total < 2:
        yield from files
        return
    from rich.progress import Progress

    from .render.console import console

    with Progress(console=console(stderr=True), transient=True) as bar:
        task = bar.add_task("replaying", total=total)
        for objs in files:
            bar.advance(task)
            yield objs


def summary(objs: list[dict], games: int) -> dict:
    """Games, round ends, wins, draws, agreements, differences and errors."""
    ends = {(d["source"], d["round"]) for d in objs if d["kind"] != "error"}
    wins = sum(d["kind"] == "win" for d in objs)
    draws = sum(d["kind"] == "draw" for d in objs)
    agree = sum(bool(d.get("agree")) for d in objs)
    errors = sum(d["kind"] == "error" for d in objs)
    return {"games": games, "rounds": len(ends), "wins": wins, "draws": draws, "agreements": agree,
            "differences": wins + draws - agree, "errors": errors}  # fmt: skip


def exit_code(objs: list[dict]) -> int:
    """2 when a file could not be read, 1 when a round differs or cannot be rebuilt, else 0."""
    if any(d["kind"] == "error" and d["round"] is None for d in objs):
        return 2
    return 1 if any(d["kind"] == "error" or not d["agree"] for d in objs) else 0


def run_replay(paths: list[str], fmt: str, jobs: int, scheduler: str | None, rules, overrides: dict) -> int:
    from ..files.cluster import NoDask
    from ..files.logs import replay_paths

    total, files = replay_paths(paths, rules, overrides, jobs, scheduler)
    out: list[dict] = []
    write = sys.stdout.write
    try:
        for objs in _progress(total, files):
            out += objs
            if fmt == "jsonl":
                write("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in objs))
            elif fmt == "table":
                from .render.replay import print_game

                print_game(objs)
    except NoDask as e:
        click.echo(f"riichi: {e}", err=True)
        return 2
    stats = summary(out, total)
    if fmt == "json":
        write(json.dumps({"rounds": out, "summary": stats}, ensure_ascii=False) + "\n")
    elif fmt == "table":
        from .render.replay import print_summary

        print_summary(stats)
    return exit_code(out)
