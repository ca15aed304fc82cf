"""`riichi convert`: real game logs written in another format (tenhou6 JSON or mjai JSON lines)."""

from __future__ import annotations

import sys
from pathlib import Path

import click


@click.command(
    epilog="""\b
Examples:
  riichi convert game.mjlog --to tenhou6 > game.json     # one game: stdout
  riichi convert logs/ --to mjai -o mjai/                 # a folder: one file a game under DIR
  gzip -dc game.mjlog.gz | riichi convert - --to mjai
"""
)
@click.argument("paths", nargs=-1, required=True)
@click.option("--to", "target", type=click.Choice(["tenhou6", "mjai"]), required=True,
              help="tenhou6 JSON (NAGA, the AI reviewers) or mjai JSON lines (Mortal).")  # fmt: skip
@click.option("-o", "--output", "out_dir", default=None, metavar="DIR",
              help="One file a game under DIR (REF.json, REF.mjson); needed for more than one.")  # fmt: skip
def convert(paths, target, out_dir) -> None:
    """Write each game of Tenhou mjlog, tenhou6 or mjai logs in another format.

    Everything the target can hold is kept (red fives, kan dora, ura indicators, riichi, every call,
    results and deltas); what it cannot hold is named on stderr. With -o DIR each file written is
    named on stdout. Exit 0 when every file converted and every game is whole, 1 when a game is not
    whole (converted as far as it goes), 2 on an unreadable file or a usage error.
    """
    from ..files.convert import SUFFIX, convert_paths

    games = (
        list(convert_paths(list(paths), target)) if out_dir is None else convert_paths(list(paths), target)
    )
    if out_dir is None and len(games) > 1:  # type: ignore[arg-type]
        raise click.UsageError(f"{len(games)} files: give -o DIR to write one file a game")  # type: ignore[arg-type]
    folder = None if out_dir is None else Path(out_dir)
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    code = 0
    for g in games:
        if g.text is None:
            click.echo(f"riichi: unreadable: {g.error}", err=True)
            code = 2
            continue
        for what in g.lost:
            click.echo(f"riichi: {g.source}: {target} cannot hold {what}", err=True)
        if g.incomplete:
            click.echo(f"riichi: {g.source}: incomplete: {g.incomplete}", err=True)
            code = max(code, 1)
        if folder is None:
            sys.stdout.write(g.text)
        else:  # the files written, one a line, on stdout
            written = folder / (g.ref + SUFFIX[target])
            written.write_text(g.text, encoding="utf-8")
            click.echo(str(written))
    sys.exit(code)
