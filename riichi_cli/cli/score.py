"""`riichi score`: one winning hand from arguments and/or a context file."""

from __future__ import annotations

import sys

import click

from ..core.errors import RiichiError
from .common import (
    RulesParam,
    context_options,
    emit_json,
    exit_code,
    fail,
    mapping_of,
    missing_hand,
    rules_of,
)

EPILOG_SCORE = """\b
Examples:
  riichi score 234567m2278p456s9p --riichi --dora 1p --from W
  riichi score 123456s234m55p chi:789s --ron --dora 1m
  riichi score 11123455678999m --tsumo --seat E --json
  riichi score --context hand.yaml --ura 3p
"""


@click.command(epilog=EPILOG_SCORE)
@click.argument("hand", nargs=-1)
@context_options
@RulesParam.options
@click.option("--json", "as_json", is_flag=True, help="Print the JSON object only.")
@click.pass_context
def score(ctx: click.Context, hand: tuple[str, ...], preset, rule_items, as_json, **params) -> None:
    """Score one winning hand (14 tiles, melds as chi:/pon:/kan:/kakan:/ankan:)."""
    from ..api import score_checked
    from ..io.report import error_dict

    try:
        rules = rules_of(preset, rule_items)
        mapping = mapping_of(ctx, hand, params)
        if "hand" not in mapping:
            raise missing_hand("14", "234567m2278p456s9p", " or --context FILE with a hand: key")
    except RiichiError as err:
        if as_json:
            emit_json(error_dict(err, {}))
        fail(err)
    result, err = score_checked(mapping, rules)
    if as_json:
        emit_json(result)
    elif err is None:
        from .render import print_result

        print_result(result)
    else:
        fail(err)
    sys.exit(0 if err is None else exit_code(err))
