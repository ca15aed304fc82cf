"""`riichi table`: the han x fu score table under the chosen rules."""

from __future__ import annotations

import click

from .common import RulesParam, emit_json, resolve


@click.command(epilog="\b\nExamples:\n  riichi table\n  riichi table --rules mleague --json\n")
@RulesParam.options
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def table(preset, rule_items, as_json) -> None:
    """The score table (han x fu; dealer and non-dealer; ron and tsumo) under the chosen rules."""
    rules_ = resolve(preset, rule_items)
    if as_json:
        from ..core.table import score_table

        emit_json(score_table(rules_))
    else:
        from .render.table import print_table

        print_table(rules_)
