"""`riichi waits` and `riichi shanten` (docs/output.md): arguments and lines in, tables or JSON out.

The answers come from :mod:`riichi_cli.analysis.waits`; this module reads the command line and stdin and
prints. Rich is imported only when a table is printed, so the JSON paths start fast.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator

import click

from ..core.errors import InvalidContext, RiichiError, Unreadable, short
from ..io.values import read_id, tile_list
from .common import (
    Refused,
    RulesParam,
    build_mapping,
    checked,
    context_options,
    emit_json,
    fail,
    missing_hand,
    refuse,
    refuse_file_as_hand,
    resolve,
    write_json_text,
)
from .score import tiles_option

#: Longest stdin line read as a hand; anything longer is refused, not parsed.
MAX_LINE = 4096

TilePairs = list[tuple[int, bool]]

EPILOG_WAITS = """\b
Every wait is scored both ways, by ron (from the seat before yours, or --from) and by tsumo.
--discards and --passed give furiten; --visible (tiles seen elsewhere) gives the unseen counts.
'-' reads one hand per line from stdin (or a JSON object of YAML keys, 'visible' included)
and prints one JSON object per line.

\b
Examples:
  riichi waits 1112345678999m
  riichi waits 23456m789p11s 567p --riichi --dora 1s --discards 4m
  riichi waits 5m pon:111z chi:234p pon:999s kan:7777m --visible 5m5m
  riichi waits 123m456p789s1122z --json
  printf '1112345678999m\\n19m19p19s1234567z\\n' | riichi waits -
"""

EPILOG_SHANTEN = """\b
13 tiles: the shanten and the tiles that lower it. 14 tiles: every discard ranked by the
shanten it leaves, then by how many accepted tiles are unseen. -1 is a complete hand.
'-' reads one hand per line from stdin and prints one JSON object per line.

\b
Examples:
  riichi shanten 123m456p789s12377z
  riichi shanten 12389m1468p3567s2z --visible 4p4p
  riichi shanten 123m456p78s23z pon:777z --json
  riichi shanten 19m19p19s123456z9p --rules tenhou3
"""


def read_tiles(
    text: str | None, key: str, as_json: bool = False, refused: Refused | None = None
) -> TilePairs:
    """Tiles of an option like --visible, or a usage error that points at the bad character."""
    return checked(lambda: tile_list(text, key), as_json, refused)


# -- stdin mode -------------------------------------------------------------------------------


def stdin_lines() -> Iterator[tuple[int, str | RiichiError]]:
    """(line number, text) for each stdin line, or a refusal for a line that is not text.

    Read as bytes, line by line, so a stream is answered as it comes and one bad line is one
    error object. Blank lines are refused too: output line n answers input line n.
    """
    from ..files.lines import lines

    for n, raw in lines(sys.stdin.buffer, "stdin", limit=MAX_LINE):  # no line read past the limit
        if isinstance(raw, RiichiError):
            yield n, raw
            continue
        if b"\0" in raw:
            yield n, Unreadable(f"line {n}: binary data, not a hand")
            continue
        try:
            text = raw.decode("utf-8-sig" if n == 1 else "utf-8").strip()
        except UnicodeDecodeError as e:
            yield n, Unreadable(f"line {n}: not UTF-8 text (byte {e.start})")
            continue
        yield n, text if text else Unreadable(f"line {n}: empty")


def line_mapping(text: str, base: dict, allowed: frozenset[str] | None = None) -> dict:
    """The mapping of one stdin line: ``base`` with the line's hand, or with a JSON object's keys."""
    if not text.startswith("{"):
        return {**base, "hand": text}
    try:
        obj = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as e:
        raise Unreadable(f"not valid JSON: {e.args[0] if e.args else e}") from None
    if not isinstance(obj, dict):
        raise Unreadable(f"a JSON line must be an object, got {short(obj)}")
    read_id(obj)  # the id is echoed as given: it must be JSON itself (no NaN, no huge int)
    unknown = [k for k in obj if allowed is not None and k not in allowed]
    if unknown:
        raise InvalidContext(f"unknown key {unknown[0]!r}; valid keys: {', '.join(sorted(allowed or ()))}")
    return {**base, **obj}


def split_visible(mapping: dict, default: TilePairs) -> tuple[dict, TilePairs]:
    """Take the ``visible`` key out of a line's mapping (it is not a docs/input.md key)."""
    if "visible" not in mapping:
        return mapping, default
    rest = {k: v for k, v in mapping.items() if k != "visible"}
    return rest, tile_list(mapping["visible"], "visible")


#: One answer line: ``json.dumps(obj, ensure_ascii=False, allow_nan=False)`` with one encoder made
#: once and without the check for cycles (the answers are fresh trees): a 14-tile shanten answer
#: holds some 200 small objects, and the check costs a quarter of the encoding.
_line_json = json.JSONEncoder(ensure_ascii=False, allow_nan=False, check_circular=False).encode


def run_lines(answer: Callable[[str], dict | str], keys: tuple[str, ...], jobs: int = 1) -> int:
    """Answer every stdin line with one JSON line; exit 0, or 1 if any line was refused.

    ``answer`` gives the object of a line, or its JSON text already written (an answer that is
    ok). A stream is answered line by line as it comes; from a regular file the answers are
    written in blocks, since nobody waits for each of them. With ``jobs`` > 1 the lines are
    answered in that many processes (``answer`` must then pickle: a module-level function or a
    `functools.partial` of one), still in input order.
    """
    bad = False
    flush = sys.stdout.flush if not _from_file(sys.stdin) else None
    try:
        for n, obj in _answers(answer, keys, jobs):
            if isinstance(obj, str):  # the JSON text of an ok answer: "{" then its keys
                write_json_text(f'{{"line": {n}, {obj[1:]}')
            else:
                bad = bad or not obj["ok"]
                write_json_text(_line_json({"line": n, **obj}))
            if flush is not None:
                flush()
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly, as other line tools do.
        sys.stderr.close()
        return 1
    return 1 if bad else 0


def _answers(
    answer: Callable[[str], dict | str], keys: tuple[str, ...], jobs: int
) -> Iterator[tuple[int, dict | str]]:
    """(line number, answer) of each stdin line in order, worked out here or in ``jobs`` processes."""
    if jobs <= 1:
        for n, item in stdin_lines():
            yield _answer_line((answer, keys, n, item))
        return
    from contextlib import closing

    from ..files.pool import pool_map

    work = pool_map(
        _answer_line, ((answer, keys, n, item) for n, item in stdin_lines()), jobs, window=2 * jobs
    )
    with closing(work):  # on any stop (Ctrl-C, a closed pipe) the workers end at once
        yield from work


def _answer_line(task: tuple) -> tuple[int, dict | str]:
    """One line's answer: its refusal when it could not be read or is refused."""
    from ..io.report import refusal

    answer, keys, n, item = task
    if isinstance(item, RiichiError):
        return n, refusal(item, None, keys)
    try:
        return n, answer(item)
    except RiichiError as err:
        return n, refusal(err, None, keys)


def _from_file(stream: object) -> bool:
    """Whether ``stream`` reads a regular file (not a pipe or a terminal that waits for answers)."""
    import stat

    try:
        return stat.S_ISREG(os.fstat(stream.fileno()).st_mode)  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):  # no file descriptor (a test's stand-in stream)
        return False


# -- waits ------------------------------------------------------------------------------------


@click.command(epilog=EPILOG_WAITS)
@click.argument("hand", nargs=-1)
@context_options(skip=("ron", "win_tile"))
@RulesParam.options
@click.option("--visible", default=None, metavar="TILES", help="Tiles seen elsewhere: discards, melds.")
@tiles_option
@click.option("--json", "as_json", is_flag=True, help="Print the JSON object only.")
@click.pass_context
def waits(
    ctx: click.Context, hand: tuple[str, ...], preset, rule_items, visible, tile_style, as_json, **params
) -> None:  # fmt: skip
    """What a 13-tile hand waits on, how many are left, and what each wait pays."""
    from ..analysis.answer_text import waits_text
    from ..analysis.waits import WAITS_KEYS, waits_of
    from ..io.mapping import KEYS
    from ..io.report import refusal

    refused = (lambda e: refusal(e, None, WAITS_KEYS)) if hand != ("-",) else None
    rules = resolve(preset, rule_items, as_json, refused)
    seen = read_tiles(visible, "visible", as_json, refused)
    if hand == ("-",):
        base = build_mapping(ctx, (), params)

        def answer(text: str) -> dict | str:
            mapping, shown = split_visible(line_mapping(text, base, KEYS | {"visible"}), seen)
            report, err = waits_of(mapping, rules, shown)
            return report if err is not None else waits_text(report)

        sys.exit(run_lines(answer, WAITS_KEYS))
    mapping = build_mapping(ctx, hand, params, as_json, refused)
    if "hand" not in mapping:
        err = missing_hand("13", "1112345678999m", ", '-' for stdin, or --context FILE with a hand: key")
        refuse(err, as_json, refused)
    from .render.tiles import set_style
    from .render.waits import print_waits

    set_style(tile_style)
    answer_one(*waits_of(mapping, rules, seen), as_json, print_waits)


def answer_one(report: dict, err: RiichiError | None, as_json: bool, show: Callable[[dict], None]) -> None:
    """Print one hand's answer: its JSON object (even for a refusal), else the table or the error."""
    if as_json:
        emit_json(report)
    if err is not None:
        fail(err, as_json)
    if not as_json:
        show(report)


# -- shanten ----------------------------------------------------------------------------------


@click.command(epilog=EPILOG_SHANTEN)
@click.argument("hand", nargs=-1)
@click.option("--visible", default=None, metavar="TILES", help="Tiles seen elsewhere: discards, melds.")
@click.option("--dora", default=None, metavar="TILES", help="Dora indicators (not unseen any more).")
@RulesParam.options
@click.option("--json", "as_json", is_flag=True, help="Print the JSON object only.")
def shanten(hand: tuple[str, ...], visible, dora, preset, rule_items, as_json) -> None:
    """Shanten of 13 or 14 tiles; for 14, every discard ranked by acceptance."""
    from ..analysis.waits import SHANTEN_KEYS, shanten_of
    from ..io.report import refusal

    refused = (lambda e: refusal(e, None, SHANTEN_KEYS)) if hand != ("-",) else None
    rules = resolve(preset, rule_items, as_json, refused)  # three players: the 108-tile set
    seen = read_tiles(visible, "visible", as_json, refused)
    indicators = read_tiles(dora, "dora", as_json, refused)
    if hand == ("-",):
        from ..analysis.answer_text import shanten_text
        from ..analysis.waits import read_hand
        from ..api import SHANTEN_INPUT
        from ..api import shanten as shanten_json

        def answer(text: str) -> dict | str:
            if not text.startswith("{"):  # a plain hand: the flags' tiles and rules, already checked
                return shanten_text(read_hand(text, (13, 14)), seen, indicators, rules.players)
            # a JSON line: the flags' --visible/--dora, unless the line gives its own
            base = {"visible": visible, "dora": dora}
            return shanten_json(line_mapping(text, base, SHANTEN_INPUT), rules)

        sys.exit(run_lines(answer, SHANTEN_KEYS))
    if not hand:
        refuse(missing_hand("13 or 14", "123m456p789s12377z", ", or '-' for stdin"), as_json, refused)
    checked(lambda: refuse_file_as_hand(None, hand), as_json, refused)
    from .render.shanten import print_shanten

    answer_one(*shanten_of(" ".join(hand), seen, indicators, rules.players), as_json, print_shanten)


__all__ = ["shanten", "waits"]
