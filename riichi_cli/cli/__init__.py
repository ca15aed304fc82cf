"""The `riichi` command line: a click group whose commands load only when they run.

Each command lives in its own module and reads arguments, calls the library, and hands the
answer to :mod:`riichi_cli.cli.render`. Heavy imports (rich, yaml, multiprocessing) happen inside
the commands that need them, so `riichi score --json` starts about as fast as Python itself.
"""

from __future__ import annotations

import importlib
import sys

import click

#: command name -> (module in this package, function name); the order is the order of `--help`.
COMMANDS: dict[str, tuple[str, str]] = {
    "score": ("score", "score"),
    "batch": ("batch", "batch"),
    "waits": ("waits", "waits"),
    "shanten": ("waits", "shanten"),
    "settle": ("settle", "settle"),
    "table": ("table", "table"),
    "rules": ("rules", "rules"),
    "replay": ("replay", "replay"),
    "schema": ("schema", "schema"),
}


class LazyGroup(click.Group):
    """A group that imports a command's module only when that command is asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = COMMANDS.get(cmd_name)
        if where is None:
            return None
        module = importlib.import_module(f"{__name__}.{where[0]}")
        return getattr(module, where[1])


@click.group(
    cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100}
)
@click.version_option(package_name="riichi-cli", prog_name="riichi")
def main() -> None:
    """riichi: score Japanese riichi mahjong hands, explained.

    \b
    Examples:
      riichi score 234567m2278p456s9p --riichi --dora 1p
      riichi batch sample_hands/*.yaml --format jsonl
      riichi waits 1112345678999m
      riichi shanten 123m456p789s12377z
      riichi settle sample_hands/settle/double-ron.yaml
      riichi table --rules mleague
      riichi rules wrc2022
      riichi replay logs/ --format jsonl
      riichi schema score
    """


def run() -> None:
    """The `riichi` entry point: any unexpected failure is one line on stderr, not a traceback.

    Set RIICHI_DEBUG=1 to see the traceback of such a failure.
    """
    import os

    try:
        main()
    except Exception as e:  # a bug, not bad input: say so in one line
        if os.environ.get("RIICHI_DEBUG"):
            raise
        click.echo(f"riichi: internal error: {type(e).__name__}: {e} (RIICHI_DEBUG=1 shows more)", err=True)
        sys.exit(70)
