"""`riichi rules`: the presets, or every option of one."""

from __future__ import annotations

import click

from ..core.errors import RiichiError
from .common import emit_json, fail


@click.command(epilog="\b\nExamples:\n  riichi rules\n  riichi rules mleague\n  riichi rules ema --json\n")
@click.argument("preset", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def rules(preset, as_json) -> None:
    """List the rule presets, or show every option of one."""
    from ..core.rules import PRESETS, UNVERIFIED, option_items, preset_name

    if preset is None:
        if as_json:
            emit_json({name: dict(option_items(r)) for name, r in PRESETS.items()})
        else:
            from .render.rules import print_presets

            print_presets()
        return
    try:
        name = preset_name(preset)
    except RiichiError as e:
        fail(e)
    if as_json:
        items = option_items(PRESETS[name])
        emit_json({"preset": name, "options": dict(items), "unverified": sorted(UNVERIFIED[name])})
    else:
        from .render.rules import print_preset

        print_preset(name)
