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
    "analyze": ("analyze", "analyze"),
    "settle": ("settle", "settle"),
    "table": ("table", "table"),
    "rules": ("rules", "rules"),
    "replay": ("replay", "replay"),
    "convert": ("convert", "convert"),
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

    def _main_shell_completion(self, ctx_args, prog_name, complete_var=None) -> None:
        """Click's completion, with bash's ``KEY=VALUE`` words glued back (see `completion`).

        Click looks for its ``_PROG_COMPLETE`` variable on every run; the completion modules are
        loaded only when the shell sets one (they were a part of every command's start-up)."""
        import os

        if not any(k.startswith("_") and k.endswith("_COMPLETE") for k in os.environ):
            return
        from .completion import install

        install()
        super()._main_shell_completion(ctx_args, prog_name, complete_var)

    def resolve_command(self, ctx: click.Context, args: list[str]):
        """The command named by ``args[0]``; an unknown name is a usage error that offers the
        nearest command names (``riichi scor`` -> did you mean score?), as options and presets do."""
        name = args[0] if args else ""
        if args and self.get_command(ctx, name) is None and not name.startswith("-"):
            import difflib

            near = difflib.get_close_matches(name, list(COMMANDS), n=3, cutoff=0.6)
            near += [c for c in COMMANDS if c.startswith(name) and c not in near]
            hint = f" Did you mean {' or '.join(repr(c) for c in near)}?" if near else ""
            ctx.fail(f"No such command {name!r}.{hint} (riichi --help lists them.)")
        return super().resolve_command(ctx, args)


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
      riichi analyze 3336m234p1344s111z --dora 1m
      riichi settle sample_hands/settle/double-ron.yaml
      riichi table --rules mleague
      riichi rules wrc2022
      riichi replay logs/ --format jsonl
      riichi convert game.mjlog --to tenhou6
      riichi schema score
    """


def run() -> None:
    """The `riichi` entry point: any unexpected failure is one line on stderr, not a traceback.

    Ctrl-C exits 130 without a traceback; a reader that goes away (``riichi ... | head -1``)
    ends the command quietly. Set RIICHI_DEBUG=1 to see the traceback of an internal error.
    """
    import os

    from ..files.pool import WorkerLost

    try:
        code = main.main(standalone_mode=False)
    except click.exceptions.Abort as e:  # click turns Ctrl-C (and EOF at a prompt) into Abort
        sys.exit(130 if isinstance(e.__cause__, KeyboardInterrupt) or e.__cause__ is None else 1)
    except KeyboardInterrupt:
        sys.exit(130)
    except click.ClickException as e:
        e.show()
        sys.exit(e.exit_code)
    except BrokenPipeError:
        quiet_broken_pipe()
    except WorkerLost as e:  # not a bug: a worker process was killed (kill -9, out of memory)
        click.echo(f"riichi: {e}", err=True)
        sys.exit(70)
    except Exception as e:  # a bug, not bad input: say so in one line
        if os.environ.get("RIICHI_DEBUG"):
            raise
        from .render.safe import plain

        what = f"{type(e).__name__}: {plain(str(e)[:500])}"  # it may quote the input: no escapes
        click.echo(f"riichi: internal error: {what} (RIICHI_DEBUG=1 shows more)", err=True)
        sys.exit(70)
    sys.exit(code if isinstance(code, int) else 0)


def quiet_broken_pipe() -> None:
    """The reader of stdout went away (``riichi table | head -2``): not an error, so exit 0 without
    a word, and without Python's own complaint when it flushes stdout at exit (stdout is pointed
    at /dev/null first)."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    sys.exit(0)
