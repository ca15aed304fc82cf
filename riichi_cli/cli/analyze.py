"""`riichi analyze` (SPEC 13): which discard, and what each is worth; a table, JSON or a chart.

The answer is :mod:`riichi_cli.analysis.discard_report`'s; this module reads the flags and stdin
lines into problem mappings and prints. Rich is imported only when a table is printed.
"""

from __future__ import annotations

import sys
from functools import partial

import click

from ..core.errors import InvalidContext, short
from .common import RulesParam, checked, completer, missing_hand, refuse, resolve, seat_names, write_file

EPILOG = """\b
HAND is 14 tiles: the 13 you hold and the tile just drawn (open melds as chi:/pon:/kan:, each
counts 3). For every distinct discard (a red five apart from a plain five): the shanten it leaves,
the tiles that lower it with their unseen copies, and, drawing alone from --turn to the end, the
probability of being tenpai at the end, of winning, and the expected score, each with its own best
play. The best discard for --target is marked *. The model is described in the README
("analyze") and docs/output.md. Three-player presets (--rules tenhou3) use the 108 tiles; kita
(North set aside as nuki dora) is out of scope.

\b
'-' reads one problem per line from stdin: a hand, or a JSON object of the flags' keys (hand,
dora, round_wind, seat_wind, turn, seen, target, hand_changes, extra, dama, ippatsu, haitei, id,
rules, rule_options); the flags are each line's defaults. One JSON line per problem, in order.

\b
Examples:
  riichi analyze 3336m234p1344s111z --dora 1m
  riichi analyze 23456m3488p23678s --dora 1m --turn 8 --seen 1p4p7p
  riichi analyze 123467m55p123s pon:777z --target win --no-hand-changes
  riichi analyze 3336m234p1344s111z --dama --json
  riichi analyze 3336m234p1344s111z --svg chart.svg
  printf '3336m234p1344s111z\\n{"hand": "222406m7p1145668s", "turn": 5}\\n' | riichi analyze - --jobs 2
"""


def whole(value: str | None, flag: str, low: int, high: int) -> int | None:
    """A whole-number flag's value (checked for its range by the problem's reader), or None."""
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        message = f"{flag} must be a whole number from {low} to {high}, got {short(value)}"
        raise InvalidContext(message, detail="bad_count") from None


def flag_mapping(hand: tuple[str, ...], flags: dict) -> dict:
    """The problem mapping of the command line: the hand and the flags given (the rest default)."""
    mapping: dict = {"hand": " ".join(hand)} if hand else {}
    for key in ("dora", "round_wind", "seat_wind", "seen", "target", "hand_changes"):
        if flags[key] is not None:
            mapping[key] = flags[key]
    for key, flag, high in (("turn", "--turn", 18), ("extra", "--extra", 4)):
        number = whole(flags[key], flag, 0 if key == "extra" else 1, high)
        if number is not None:
            mapping[key] = number
    for key in ("dama", "ippatsu", "haitei"):
        if flags[key]:
            mapping[key] = True
    return mapping


def answer_line(base: dict, options: tuple, text: str) -> dict:
    """The analyze object of one stdin line (a module function: worker processes run it too)."""
    from ..api import analyze
    from ..core.rules import rules_from_options
    from ..io.problem import PROBLEM_KEYS
    from .waits import line_mapping

    mapping = line_mapping(text, base, PROBLEM_KEYS)
    return analyze(mapping, rules_from_options(options))


#: (flag, dest, metavar, help) of the problem's options that take a value.
VALUE_OPTIONS = (
    ("--dora", "dora", "TILES", "Dora indicators, e.g. 1m (they leave the pool)."),
    ("--round", "round_wind", "SEAT", "Round wind (default E)."),
    ("--seat", "seat_wind", "SEAT", "Your seat wind E/S/W/N (E is the dealer; default S)."),
    ("--turn", "turn", "N", "Turn of the next draw, 1-18 (default 1: 17 draws left)."),
    ("--seen", "seen", "TILES", "Tiles visible on the table: they leave the pool."),
    ("--target", "target", "ev|win|tenpai", "Rank by expected score (default), win or tenpai probability."),
    ("--extra", "extra", "N", "Hand-change budget over the shanten, 0-4 (default 1)."),
)
#: (flag, help) of the yes/no options.
FLAG_OPTIONS = (
    ("--dama", "Never declare riichi (a closed tenpai hand then needs a yaku)."),
    ("--ippatsu", "Count ippatsu in the value of a riichi win on the next draw."),
    ("--haitei", "Count haitei in the value of a win on the last draw."),
)
TARGET_NAMES = ("ev", "win", "tenpai")


def problem_options(f):
    """The options of a problem, in `--help` order."""
    for flag, help_text in reversed(FLAG_OPTIONS):
        f = click.option(flag, is_flag=True, help=help_text)(f)
    f = click.option(
        "--hand-changes/--no-hand-changes", "hand_changes", default=None,
        help="Pursue draws that keep the shanten and go back a shanten (default on).",
    )(f)  # fmt: skip
    for flag, dest, metavar, help_text in reversed(VALUE_OPTIONS):
        names = seat_names if metavar == "SEAT" else None
        if dest == "target":
            names = lambda s: [t for t in TARGET_NAMES if t.startswith(s)]  # noqa: E731
        complete = completer(names) if names else None
        f = click.option(flag, dest, metavar=metavar, help=help_text, shell_complete=complete)(f)
    return f


@click.command(epilog=EPILOG)
@click.argument("hand", nargs=-1)
@problem_options
@RulesParam.options
@click.option("--json", "as_json", is_flag=True, help="Print the JSON object only.")
@click.option("--svg", "svg_file", default=None, metavar="FILE",
              help="Also draw win probability and expected score per turn, best five discards.")  # fmt: skip
@click.option("--jobs", "-j", default=1, type=click.IntRange(1, 64), help="Processes for '-' (order kept).")
def analyze(hand: tuple[str, ...], preset, rule_items, as_json, svg_file, jobs, **flags) -> None:
    """Which discard of 14 tiles, and what each is worth: tenpai and win probability, expected score."""
    from ..analysis.discard_report import ANALYZE_KEYS, analyze_of
    from ..core.rules import rules_options
    from ..io.report import refusal

    streaming = hand == ("-",)
    refused = (lambda e: refusal(e, None, ANALYZE_KEYS)) if not streaming else None
    rules = resolve(preset, rule_items, as_json, refused)
    base = checked(lambda: flag_mapping(() if streaming else hand, flags), as_json, refused)
    if streaming:
        from .waits import run_lines

        if svg_file:
            refuse(InvalidContext("--svg draws one problem: give a HAND, not '-'", detail="svg_with_stdin"))
        sys.exit(run_lines(partial(answer_line, base, rules_options(rules)), ANALYZE_KEYS, jobs))
    if "hand" not in base:
        refuse(missing_hand("14", "3336m234p1344s111z", ", or '-' for stdin"), as_json, refused)
    from .waits import answer_one

    report, err = analyze_of(base, rules)
    answer_one(report, err, as_json, partial(show, rules=rules))
    if svg_file:
        write_chart(report, svg_file)


def show(report: dict, rules) -> None:
    from .render.analyze import print_analysis

    print_analysis(report, rules.name, rules.players)


def write_chart(report: dict, path: str) -> None:
    """Write the SVG chart of an answered problem; an unwritable file is exit 2."""
    from .render.chart import analysis_svg

    write_file(path, analysis_svg(report))


__all__ = ["analyze"]
