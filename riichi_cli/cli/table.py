"""`riichi table`: the han x fu score table under the chosen rules."""

from __future__ import annotations

import click

from .common import RulesParam, emit_json, resolve


@click.command(epilog="\b\nExamples:\n  riichi table\n  riichi table --rules mleague --json\n")
@RulesParam.options
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def table(preset, rule_items, as_json) -> None:
    """The score table (han x fu; dealer and non-dealer; ron and tsumo) under the chosen rules."""
    from ..api import TABLE_KEYS
    from ..api import table as table_of
    from ..io.report import refusal

    rules_ = resolve(preset, rule_items, as_json, lambda e: refusal(e, None, TABLE_KEYS))
    if as_json:
        emit_json(table_of(rules_))
    else:
        from .render.table import print_table

        print_table(rules_)
