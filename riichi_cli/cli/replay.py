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
@click.argument("paths", nargs=-1, required=True, type=click.Path())
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


COUNTS = (
    "games",
    "complete",
    "incomplete",
    "unreadable",
    "round_ends",
    "wins",
    "draws",
    "agreements",
    "errors",
)
TABLE_ROWS = 200  # the table view prints a long game in tables of this many rows


class Tally:
    """The summary and the exit code, counted as the objects go by (only `json` keeps them all)."""

    def __init__(self) -> None:
        self.counts = dict.fromkeys(COUNTS, 0)

    def add_file(self, objs: list[dict]) -> None:
        """A file's last objects: a file that could not be read is not a game; a game is complete
        unless it ends with an ``incomplete`` record."""
        c = self.counts
        if any(d["kind"] == "error" and d["error"]["code"] == "unreadable" for d in objs):
            c["unreadable"] += 1
            return
        c["games"] += 1
        whole = not any(d["kind"] == "error" and d["error"]["code"] == "incomplete" for d in objs)
        c["complete" if whole else "incomplete"] += 1

    def add(self, objs: list[dict]) -> None:
        c = self.counts
        for d in objs:
            kind = d["kind"]
            c[{"win": "wins", "draw": "draws", "error": "errors"}[kind]] += 1
            c["agreements"] += bool(d.get("agree"))
        c["round_ends"] = c["wins"] + c["draws"]

    def summary(self) -> dict:
        """Games (complete and incomplete), unreadable files, round ends (``rounds``: the same, the
        old name, kept for one release), wins, draws, agreements, differences and errors."""
        c = self.counts
        return {**c, "rounds": c["round_ends"], "differences": c["round_ends"] - c["agreements"]}

    def exit_code(self) -> int:
        """2 when a file could not be read, 1 when a round differs, cannot be rebuilt or a game is not
        whole, else 0."""
        if self.counts["unreadable"]:
            return 2
        return 1 if self.summary()["differences"] or self.counts["errors"] else 0


def run_replay(paths: list[str], fmt: str, jobs: int, scheduler: str | None, rules, overrides: dict) -> int:
    """Replay and print as the files come (in input order, each a piece of rounds at a time); the exit
    code of `Tally`."""
    import gc

    from ..files.logs import jsonl, replay_paths
    from ..files.pool import WorkerLost

    gc.freeze()  # what the imports made lives to the end: no collection (nor the exit's) walks it again

    no_dask: tuple[type[Exception], ...] = ()  # nothing to catch without a scheduler
    if scheduler:  # the cluster module (socket, logging) only when a scheduler is named
        from ..files.cluster import NoDask

        no_dask = (NoDask,)

    total, files = replay_paths(paths, rules, overrides, jobs, scheduler, encode=fmt == "jsonl")
    tally, kept = Tally(), []
    write = sys.stdout.write
    try:
        for pieces in progress(files, "replaying", total):
            table: list[dict] = []
            last: list[dict] = []
            for objs in pieces:
                tally.add(objs)
                last = objs or last
                if fmt == "json":
                    kept += objs
                elif fmt == "jsonl":
                    write(jsonl(objs))
                else:
                    table += objs
                    if len(table) >= TABLE_ROWS:
                        table = _print_table(table)
            tally.add_file(last)
            _print_table(table)
    except no_dask as e:
        click.echo(f"riichi: {e}", err=True)
        return 2
    except WorkerLost as e:  # a worker or the cluster lost: what was printed stays, no more
        sys.stdout.flush()
        click.echo(f"riichi: {e}", err=True)
        return 70
    if fmt == "json":
        write(json.dumps({"rounds": kept, "summary": tally.summary()}, ensure_ascii=False) + "\n")
    elif fmt == "table":
        from .render.replay import print_summary

        print_summary(tally.summary())
    if not tally.counts["games"] and not tally.counts["unreadable"]:
        click.echo(f"riichi: no game log found in {' '.join(paths)} (mjlog or tenhou6 files)", err=True)
        return 2
    return tally.exit_code()


def _print_table(objs: list[dict]) -> list[dict]:
    if objs:
        from .render.replay import print_game

        print_game(objs)
    return []
