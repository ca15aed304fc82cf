"""The `riichi` command line. Commands parse text into mappings, call the core, and render.

Heavy imports (rich, yaml, multiprocessing) happen inside the commands that need them,
so `riichi score --json` starts about as fast as Python itself.
"""

from __future__ import annotations

import sys

import click

from .cli_common import RulesParam, context_options, emit_json, fail, mapping_of, resolve, rules_of
from .errors import InvalidContext, RiichiError

EPILOG_SCORE = """\b
Examples:
  riichi score 234567m2278p456s9p --riichi --dora 1p --from W
  riichi score 123456s234m55p chi:789s --ron --dora 1m
  riichi score 11123455678999m --tsumo --seat E --json
  riichi score --context hand.yaml --ura 3p
"""


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
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
    """


# -- score --------------------------------------------------------------------------------


@main.command(epilog=EPILOG_SCORE)
@click.argument("hand", nargs=-1)
@context_options
@RulesParam.options
@click.option("--json", "as_json", is_flag=True, help="Print the SPEC JSON object only.")
@click.pass_context
def score(ctx: click.Context, hand: tuple[str, ...], preset, rule_items, as_json, **params) -> None:
    """Score one winning hand (14 tiles, melds as chi:/pon:/kan:/kakan:/ankan:)."""
    from .api import score_checked
    from .report import error_dict

    try:
        rules = rules_of(preset, rule_items)
        mapping = mapping_of(ctx, hand, params)
        if "hand" not in mapping:
            raise InvalidContext("give a HAND (e.g. 234567m2278p456s9p) or --context FILE with a hand: key")
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
    sys.exit(0 if err is None else err.exit_code)


# -- batch --------------------------------------------------------------------------------


@main.command(
    epilog="""\b
Examples:
  riichi batch sample_hands/*.yaml
  riichi batch hands.yaml more/ --format jsonl --jobs 2
  cat hands.jsonl | riichi batch - --format json
"""
)
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["table", "json", "jsonl"]), default="table",
              help="table (default), one JSON document, or one JSON object per line.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option("--jobs", "-j", default=1, type=click.IntRange(1, 64), help="Worker processes (order is kept).")
@RulesParam.options
def batch(paths, fmt, as_json, jobs, preset, rule_items) -> None:
    """Score every hand in YAML files and folders; '-' reads YAML or JSON lines from stdin."""
    from .batch import run_batch

    rules = resolve(preset, rule_items)
    sys.exit(run_batch(list(paths), "json" if as_json else fmt, jobs, rules))


# -- rules and table ----------------------------------------------------------------------


@main.command(epilog="\b\nExamples:\n  riichi rules\n  riichi rules mleague\n  riichi rules ema --json\n")
@click.argument("preset", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def rules(preset, as_json) -> None:
    """List the rule presets, or show every option of one."""
    from .render import print_preset, print_presets
    from .rules import PRESETS, UNVERIFIED, option_items, preset_name

    if preset is None:
        if as_json:
            emit_json({name: dict(option_items(r)) for name, r in PRESETS.items()})
        else:
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
        print_preset(name)


@main.command(epilog="\b\nExamples:\n  riichi table\n  riichi table --rules mleague --json\n")
@RulesParam.options
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def table(preset, rule_items, as_json) -> None:
    """The score table (han x fu; dealer and non-dealer; ron and tsumo) under the chosen rules."""
    from .render import print_table, score_table

    rules_ = resolve(preset, rule_items)
    if as_json:
        emit_json(score_table(rules_))
    else:
        print_table(rules_)


from .cli_settle import settle  # noqa: E402  (commands in their own modules use cli_common)
from .cli_waits import shanten, waits  # noqa: E402

for _command in (waits, shanten, settle):
    main.add_command(_command)


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
