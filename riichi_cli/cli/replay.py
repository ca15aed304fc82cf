"""`riichi replay`: re-score and re-settle every round of real game logs (docs/output.md)."""

from __future__ import annotations

import json
import sys

import click

from .common import RulesParam, progress, resolve


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


class Tally:
    """The summary and the exit code, counted as the files go by (only `json` keeps every object)."""

    def __init__(self) -> None:
        self.counts = dict.fromkeys(("games", "rounds", "wins", "draws", "agreements", "errors"), 0)
        self.unreadable = False

    def add(self, objs: list[dict]) -> None:
        c = self.counts
        c["games"] += 1
        c["rounds"] += len({d["round"] for d in objs if d["kind"] != "error"})
        for d in objs:
            kind = d["kind"]
            c[{"win": "wins", "draw": "draws", "error": "errors"}[kind]] += 1
            c["agreements"] += bool(d.get("agree"))
            self.unreadable |= kind == "error" and d["round"] is None

    def summary(self) -> dict:
        """Games, round ends, wins, draws, agreements, differences and errors."""
        c = self.counts
        differ = c["wins"] + c["draws"] - c["agreements"]
        return {**{k: c[k] for k in list(c)[:5]}, "differences": differ, "errors": c["errors"]}

    def exit_code(self) -> int:
        """2 when a file could not be read, 1 when a round differs or cannot be rebuilt, else 0."""
        if self.unreadable:
            return 2
        return 1 if self.summary()["differences"] or self.counts["errors"] else 0


def run_replay(paths: list[str], fmt: str, jobs: int, scheduler: str | None, rules, overrides: dict) -> int:
    """Replay and print as the files come (in input order); the exit code of `Tally`."""
    from ..files.cluster import ClusterLost, NoDask
    from ..files.logs import replay_paths

    total, files = replay_paths(paths, rules, overrides, jobs, scheduler)
    tally, kept = Tally(), []
    write = sys.stdout.write
    try:
        for objs in progress(files, "replaying", total):
            tally.add(objs)
            if fmt == "json":
                kept += objs
            elif fmt == "jsonl":
                write("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in objs))
            else:
                from .render.replay import print_game

                print_game(objs)
    except NoDask as e:
        click.echo(f"riichi: {e}", err=True)
        return 2
    except ClusterLost as e:  # what was printed stays; the rest is not replayed
        sys.stdout.flush()
        click.echo(f"riichi: {e}", err=True)
        return 70
    if fmt == "json":
        write(json.dumps({"rounds": kept, "summary": tally.summary()}, ensure_ascii=False) + "\n")
    elif fmt == "table":
        from .render.replay import print_summary

        print_summary(tally.summary())
    return tally.exit_code()
