"""The `riichi` click group, whose commands load only when they run (`riichi_cli.cli.main`)."""

from __future__ import annotations

import importlib

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
        module = importlib.import_module(f".{where[0]}", __package__)
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
