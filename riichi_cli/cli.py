"""The `riichi` command line. Commands parse text into mappings, call the core, and render.

Heavy imports (rich, yaml, multiprocessing) happen inside the commands that need them,
so `riichi score --json` starts about as fast as Python itself.
"""

from __future__ import annotations

import json
import sys

import click

from .errors import RiichiError

EPILOG_SCORE = """\b
Examples:
  riichi score 234567m2278p456s9p --riichi --dora 1p --from W
  riichi score 123456s234m55p chi:789s --ron --dora 1m
  riichi score 11123455678999m --tsumo --seat E --json
  riichi score --context hand.yaml --ura 3p
"""


class RulesParam:
    """--rules and --rule, shared by every command that scores."""

    @staticmethod
    def options(f):
        f = click.option(
            "--rule", "rule_items", multiple=True, metavar="KEY=VALUE",
            help="Override one rule option (repeatable), e.g. --rule kuitan=false.",
        )(f)  # fmt: skip
        f = click.option(
            "--rules", "preset", default=None, metavar="PRESET",
            help="Rule preset: tenhou (default), mahjongsoul, mleague, wrc2022, ema2025, jpml2023.",
        )(f)  # fmt: skip
        return f


def resolve(preset: str | None, rule_items: tuple[str, ...]):
    """The Rules of --rules/--rule, or a usage error (exit 2)."""
    from .rules import parse_rule_assignments, resolve_rules

    try:
        return resolve_rules(preset, parse_rule_assignments(rule_items))
    except RiichiError as e:
        fail(e)


def fail(err: RiichiError, code: int | None = None) -> None:
    """Print a refusal on stderr (message, then the input with a caret) and exit."""
    click.echo(f"riichi: {err.code}: {err.message}", err=True)
    caret = err.caret()
    if caret:
        click.echo(caret, err=True)
    sys.exit(err.exit_code if code is None else code)


def emit_json(obj: object) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False))


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="riichi-cli", prog_name="riichi")
def main() -> None:
    """riichi: score Japanese riichi mahjong hands, explained.

    \b
    Examples:
      riichi score 234567m2278p456s9p --riichi --dora 1p
      riichi batch sample_hands/ --format jsonl
      riichi waits 1112345678999m
      riichi shanten 123m456p789s1239z
      riichi settle sample_hands/settle/double-ron.yaml
      riichi table --rules mleague
      riichi rules wrc2022
    """


# -- score --------------------------------------------------------------------------------

_FLAG_KEYS = (
    "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
    "tenhou", "chiihou", "renhou",
)  # fmt: skip


def context_options(f):
    """The situation flags of `score` (also taken by `waits`)."""
    for key in reversed(_FLAG_KEYS):
        f = click.option(f"--{key.replace('_', '-')}", key, is_flag=True, help=f"The win is {key}.")(f)
    opts = [
        ("--passed", "passed", "TILES", "Winning tiles let pass since your last discard (furiten)."),
        ("--discards", "discards", "TILES", "Your own discards this hand (furiten)."),
        ("--sticks", "riichi_sticks", "N", "Riichi deposits on the table."),
        ("--honba", "honba", "N", "Honba counters."),
        ("--ura", "ura", "TILES", "Ura dora indicators (riichi only)."),
        ("--dora", "dora", "TILES", "Dora indicators, kan dora included, e.g. 4s1z."),
        ("--seat", "seat_wind", "SEAT", "Your seat wind E/S/W/N (E is the dealer; default S)."),
        ("--round", "round_wind", "SEAT", "Round wind (default E)."),
        ("--from", "from", "SEAT", "Seat that dealt in (default: the seat before yours)."),
        ("--win", "win_tile", "TILE", "The winning tile (default: the last concealed tile)."),
        ("--context", "context_file", "FILE", "YAML file of section 3 keys; flags win over it."),
    ]
    for flag, dest, metavar, help_text in opts:
        f = click.option(flag, dest, default=None, metavar=metavar, help=help_text)(f)
    f = click.option("--ron/--tsumo", "ron", default=None, help="Win by ron (default) or tsumo.")(f)
    return f


def build_mapping(ctx: click.Context, hand: tuple[str, ...], params: dict) -> dict:
    """The section 3 mapping of the command line: the --context file, then the flags over it."""
    from click.core import ParameterSource

    mapping: dict = {}
    if params.get("context_file"):
        from .loader import load_context

        try:
            mapping.update(load_context(params["context_file"]))
        except RiichiError as e:
            fail(e, 2)
    if hand:
        mapping["hand"] = " ".join(hand)
    if params.get("ron") is not None:
        mapping["win"] = "ron" if params["ron"] else "tsumo"
    for key in ("win_tile", "from", "round_wind", "seat_wind", "dora", "ura", "discards", "passed"):
        if params.get(key) is not None:
            mapping[key] = params[key]
    for key in ("honba", "riichi_sticks"):
        if params.get(key) is not None:
            try:
                mapping[key] = int(params[key])
            except ValueError:
                raise click.BadParameter(f"{params[key]!r} is not a whole number", param_hint=key) from None
    for key in _FLAG_KEYS:
        if ctx.get_parameter_source(key) == ParameterSource.COMMANDLINE:
            mapping[key] = True
    return mapping


@main.command(epilog=EPILOG_SCORE)
@click.argument("hand", nargs=-1)
@context_options
@RulesParam.options
@click.option("--json", "as_json", is_flag=True, help="Print the SPEC JSON object only.")
@click.pass_context
def score(ctx: click.Context, hand: tuple[str, ...], preset, rule_items, as_json, **params) -> None:
    """Score one winning hand (14 tiles, melds as chi:/pon:/kan:/kakan:/ankan:)."""
    from .api import score_checked

    rules = resolve(preset, rule_items)
    mapping = build_mapping(ctx, hand, params)
    if "hand" not in mapping:
        raise click.UsageError("give a HAND (e.g. 234567m2278p456s9p) or --context FILE with a hand: key")
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
  riichi batch sample_hands/
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


def _register_optional() -> None:
    """Commands that live in their own modules (waits, shanten, settle)."""
    import importlib

    for module, names in (("cli_waits", ("waits", "shanten")), ("cli_settle", ("settle",))):
        try:
            mod = importlib.import_module(f".{module}", __package__)
        except ImportError:
            continue
        for cmd_name in names:
            main.add_command(getattr(mod, cmd_name))


_register_optional()
