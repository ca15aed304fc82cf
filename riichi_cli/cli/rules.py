"""`riichi rules`: the presets, or every option of one."""

from __future__ import annotations

import click

from ..core.errors import RiichiError
from .common import completer, emit_json, fail, preset_names


@click.command(epilog="\b\nExamples:\n  riichi rules\n  riichi rules mleague\n  riichi rules ema --json\n")
@click.argument("preset", required=False, shell_complete=completer(preset_names))
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def rules(preset, as_json) -> None:
    """List the rule presets, or show every option of one."""
    from ..api import rules as rules_of
    from ..core.rules import preset_name

    if preset is not None:
        try:
            preset = preset_name(preset)
        except RiichiError as e:
            if as_json:
                emit_json(rules_of(preset))
            fail(e, as_json)
    if as_json:
        emit_json(rules_of(preset))
    elif preset is None:
        from .render.rules import print_presets

        print_presets()
    else:
        from .render.rules import print_preset

        print_preset(preset)
