"""Pieces shared by the commands: rule options, the context flags of `score`/`waits`, errors."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import NoReturn, TypeVar

import click

from ..core.errors import InvalidContext, RiichiError, clip, short
from ..io.mapping import FLAGS
from ..io.values import MAX_COUNT
from .streams import progress, write_json_text, write_json_texts  # noqa: F401  (the commands' names)

T = TypeVar("T")
#: The ok-false object a command prints with --json for a refusal.
Refused = Callable[[RiichiError], dict]


# -- shell completion (click's _RIICHI_COMPLETE; see the README) -----------------------------


def preset_names(incomplete: str) -> list[str]:
    """Preset names and aliases starting with ``incomplete``."""
    from ..core.rules import ALIASES, PRESETS

    return [n for n in [*PRESETS, *ALIASES] if n.startswith(incomplete.lower())]


def rule_items(incomplete: str) -> list[str]:
    """``KEY=`` for rule options, or ``KEY=VALUE`` once the key is typed."""
    from ..core.rules import CHOICES, option_items, resolve_rules

    defaults = dict(option_items(resolve_rules()))
    key, sep, _ = incomplete.partition("=")
    if not sep:
        return [f"{k}=" for k in defaults if k.startswith(key)]
    choices = CHOICES.get(key)
    is_bool = isinstance(defaults.get(key), bool)
    values = choices if isinstance(choices, tuple) else ("true", "false") if is_bool else ()
    return [f"{key}={str(v).lower()}" for v in values if f"{key}={str(v).lower()}".startswith(incomplete)]


def seat_names(incomplete: str) -> list[str]:
    return [s for s in ("E", "S", "W", "N") if s.startswith(incomplete.upper())]


def completer(names: Callable[[str], list[str]]):
    """A click ``shell_complete`` callback offering ``names(incomplete)``."""
    return lambda ctx, param, incomplete: names(incomplete)


class RulesParam:
    """--rules and --rule, shared by every command that scores."""

    @staticmethod
    def options(f):
        f = click.option(
            "--rule", "rule_items", multiple=True, metavar="KEY=VALUE",
            help="Override one rule option (repeatable), e.g. --rule kuitan=false.",
            shell_complete=completer(rule_items),
        )(f)  # fmt: skip
        f = click.option(
            "--rules", "preset", default=None, metavar="PRESET",
            help="Rule preset: tenhou (default), mahjongsoul, mleague, wrc2022, ema2025, jpml2023; "
            "three players: tenhou3 (sanma), mahjongsoul3.",
            shell_complete=completer(preset_names),
        )(f)  # fmt: skip
        return f


def rules_of(preset: str | None, rule_items: tuple[str, ...]):
    """The Rules of --rules/--rule; InvalidContext for an unknown preset, option or value."""
    from ..core.rules import parse_rule_assignments, resolve_rules

    return resolve_rules(preset, parse_rule_assignments(rule_items))


def with_rule_flags(mapping: object, preset: str | None, rule_items: tuple[str, ...]) -> object:
    """A file's mapping with --rules/--rule applied over its ``rules:``/``rule_options:`` (README.md:
    the command line wins): --rules replaces the file's preset, --rule wins over the file's option of the
    same name, and the file's other options still apply."""
    from ..core.rules import parse_rule_assignments

    if not isinstance(mapping, dict) or not (preset or rule_items):
        return mapping
    options = mapping.get("rule_options") or {}
    if not isinstance(options, dict):
        return mapping  # refused later with its own message
    out = {**mapping, "rule_options": {**options, **parse_rule_assignments(rule_items)}}
    if preset:
        out["rules"] = preset
    return out


def checked(call: Callable[[], T], as_json: bool = False, refused: Refused | None = None) -> T:
    """``call()``, or a usage error (exit 2) for the RiichiError it raises.

    With --json the command's own ok-false object (``refused(err)``) goes to stdout first, so a
    tool always gets one JSON document.
    """
    try:
        return call()
    except RiichiError as e:
        refuse(e, as_json, refused)


#: Error codes of input that was read but is not a valid win (exit 1); every other code is an
#: input or usage error (exit 2). See README, "Exit codes".
NOT_A_VALID_WIN = frozenset({"not_a_win", "no_yaku", "below_minimum", "furiten"})


def exit_code(err: RiichiError, settlement: bool = False) -> int:
    """The exit status of a refusal; every command asks here.

    1: the input was read but is refused by the rules of the game (not a valid win; for
    `settle`, also a settlement that cannot happen, ``invalid_context``).
    2: the input or the command line cannot be read as asked (notation, tile counts, keys,
    values, files, options), the same in every command.
    """
    if err.code in NOT_A_VALID_WIN or (settlement and err.code == "invalid_context"):
        return 1
    return 2


def refuse(err: RiichiError, as_json: bool = False, refused: Refused | None = None) -> NoReturn:
    """A usage error (exit 2): with --json the command's ok-false object first, then one line."""
    if as_json and refused is not None:
        emit_json(refused(err))
    fail(err, as_json)


def resolve(
    preset: str | None, rule_items: tuple[str, ...], as_json: bool = False, refused: Refused | None = None
):
    """The Rules of --rules/--rule, or a usage error (exit 2)."""
    return checked(lambda: rules_of(preset, rule_items), as_json, refused)


def fail(err: RiichiError, as_json: bool = False, settlement: bool = False) -> NoReturn:
    """Print a refusal on stderr and exit with `exit_code`.

    For a person: the message, then the input with a caret under the bad character. With --json:
    exactly one line, ``riichi: CODE: MESSAGE (at character N of '...')``, the same in every command
    and the same message as the JSON object's ``error.message``.
    """
    from .render.safe import lines, plain

    # The message and the input are the user's text: control characters are shown escaped, and
    # a long input is cut around the bad character (see `RiichiError.window`).
    if as_json:
        click.echo(f"riichi: {err.code}: {plain(clip(err.one_line(), 1000))}", err=True)
    else:
        click.echo(f"riichi: {err.code}: {plain(clip(err.message, 1000))}", err=True)
        caret = err.caret()
        if caret:
            click.echo(lines(caret), err=True)
    sys.exit(exit_code(err, settlement))


def missing_hand(tiles: str, example: str, sources: str) -> InvalidContext:
    """The refusal of a command line that gives no hand: the same error in every command."""
    return InvalidContext(f"give a HAND of {tiles} tiles (e.g. {example}){sources}", detail="missing_hand")


def write_file(path: str, text: str) -> None:
    """Write an output file (``--svg``, ``--html``); one line and exit 2 when it cannot be written, the
    path shown as batch shows file names (no control character, a non-UTF-8 byte as ``\\xff``)."""
    from ..files.walk import shown
    from .render.safe import plain

    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        click.echo(f"riichi: cannot write {plain(shown(path))}: {plain(e.strerror or e)}", err=True)
        sys.exit(2)


def emit_json(obj: object) -> None:
    """Print one strict JSON object (no NaN or Infinity) on stdout."""
    write_json_text(json.dumps(obj, ensure_ascii=False, allow_nan=False))
    sys.stdout.flush()


def context_options(f=None, *, skip: tuple[str, ...] = ()):
    """The situation flags of `score`; `waits` takes them less those in ``skip`` (dests: ron, win_tile)."""
    if f is None:
        return lambda g: context_options(g, skip=skip)
    for key in reversed(FLAGS):
        flag_help = f"Situation flag: {key.replace('_', ' ')}."
        f = click.option(f"--{key.replace('_', '-')}", key, is_flag=True, help=flag_help)(f)
    opts = [
        ("--passed", "passed", "TILES", "Winning tiles let pass since your last discard (furiten)."),
        ("--discards", "discards", "TILES", "Your own discards this hand (furiten)."),
        ("--kita", "kita", "N", "Three players: North tiles you set aside as nuki dora (0-4)."),
        ("--sticks", "riichi_sticks", "N", "Riichi deposits on the table."),
        ("--honba", "honba", "N", "Honba counters."),
        ("--ura", "ura", "TILES", "Ura dora indicators (riichi only)."),
        ("--dora", "dora", "TILES", "Dora indicators, kan dora included, e.g. 4s1z."),
        ("--seat", "seat_wind", "SEAT", "Your seat wind E/S/W/N (E is the dealer; default S)."),
        ("--round", "round_wind", "SEAT", "Round wind (default E)."),
        ("--from", "from", "SEAT", "Seat that dealt in (default: the seat before yours)."),
        ("--win", "win_tile", "TILE", "The winning tile (default: the last concealed tile)."),
        ("--context", "context_file", "FILE", "YAML file of input keys (docs/input.md); flags win over it."),
    ]
    for flag, dest, metavar, help_text in opts:
        if dest not in skip:
            complete = completer(seat_names) if metavar == "SEAT" else None
            kind = click.Path() if metavar == "FILE" else None  # a file completes as a path
            f = click.option(
                flag, dest, default=None, metavar=metavar, help=help_text, shell_complete=complete, type=kind
            )(f)
    f = click.option(
        "--chankan-ankan", "chankan_ankan", is_flag=True,
        help="The win robs a concealed kan (thirteen orphans only, where kokushi_chankan_ankan allows).",
    )(f)  # fmt: skip
    if "ron" not in skip:
        f = click.option("--ron/--tsumo", "ron", default=None, help="Win by ron (default) or tsumo.")(f)
    return f


def build_mapping(
    ctx: click.Context,
    hand: tuple[str, ...],
    params: dict,
    as_json: bool = False,
    refused: Refused | None = None,
) -> dict:
    """`mapping_of`, or a usage error (exit 2)."""
    return checked(lambda: mapping_of(ctx, hand, params), as_json, refused)


#: File names a hand is never written as (a hand is digits, suit letters and meld prefixes).
FILE_ENDINGS = (".yaml", ".yml", ".json", ".jsonl", ".mjlog", ".gz", ".txt")


def refuse_file_as_hand(command: str | None, hand: tuple[str, ...]) -> None:
    """A HAND argument that names a file (``riichi score sample_hands/ittsu.yaml``) is refused with
    the command that reads it, not with a notation error about its letters (``command``: the one
    that takes ``--context``, None for one that does not)."""
    import os

    for word in hand:
        if "/" in word or word.lower().endswith(FILE_ENDINGS) or os.path.isfile(word):
            context = f"riichi {command} --context {short(word)} reads the hand in it, " if command else ""
            raise InvalidContext(
                f"{short(word)} looks like a file, not a hand: {context}"
                f"riichi batch {short(word)} scores every hand in it",
                detail="missing_hand",
            )


def mapping_of(ctx: click.Context, hand: tuple[str, ...], params: dict) -> dict:
    """The input mapping of the command line: the --context file, then the flags over it."""
    from click.core import ParameterSource

    mapping: dict = {}
    if params.get("context_file"):
        from ..files.loader import load_context

        mapping.update(load_context(params["context_file"]))
        found = with_rule_flags(mapping, ctx.params.get("preset"), ctx.params.get("rule_items") or ())
        assert isinstance(found, dict)
        mapping = found
    if hand:
        refuse_file_as_hand(ctx.info_name or "score", hand)
        mapping["hand"] = " ".join(hand)
    if params.get("ron") is not None:
        mapping["win"] = "ron" if params["ron"] else "tsumo"
    for key in ("win_tile", "from", "round_wind", "seat_wind", "dora", "ura", "discards", "passed"):
        if params.get(key) is not None:
            mapping[key] = params[key]
    for key in ("honba", "riichi_sticks", "kita"):
        if params.get(key) is not None:
            try:  # more than 4,300 digits is a ValueError too: never a whole number here
                mapping[key] = int(params[key])
            except ValueError:
                flag = {"riichi_sticks": "--sticks", "honba": "--honba", "kita": "--kita"}[key]
                raise InvalidContext(
                    f"{flag} must be a whole number from 0 to {MAX_COUNT}, got {short(params[key])}"
                ) from None
    for key in FLAGS:
        if ctx.get_parameter_source(key) == ParameterSource.COMMANDLINE:
            mapping[key] = True
    if params.get("chankan_ankan"):
        mapping["chankan"] = "ankan"
    return mapping
