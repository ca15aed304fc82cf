"""`riichi waits` and `riichi shanten` (SPEC sections 1 and 7): arguments and lines in, tables or JSON out.

The answers come from :mod:`riichi_cli.waits`; this module reads the command line and stdin and
prints. Rich is imported only when a table is printed, so the JSON paths start fast.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator

import click

from ..core.context import tile_list
from ..core.errors import InvalidContext, RiichiError, Unreadable, short
from .common import RulesParam, build_mapping, context_options, emit_json, fail, resolve

#: Longest stdin line read as a hand; anything longer is refused, not parsed.
MAX_LINE = 4096

TilePairs = list[tuple[int, bool]]

EPILOG_WAITS = """\b
Every wait is scored both ways, by ron and by tsumo, so --ron/--tsumo and --win do not apply.
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
"""


def read_tiles(text: str | None, key: str) -> TilePairs:
    """Tiles of an option like --visible, or a usage error that points at the bad character."""
    try:
        return tile_list(text, key)
    except RiichiError as e:
        fail(e, 2)
    return []  # not reached: fail exits


# -- stdin mode -------------------------------------------------------------------------------


def stdin_lines() -> Iterator[tuple[int, str | RiichiError]]:
    """(line number, text) for each stdin line, or a refusal for a line that is not text.

    Read as bytes, line by line, so a stream is answered as it comes and one bad line is one
    error object. Blank lines are refused too: output line n answers input line n.
    """
    for n, raw in enumerate(sys.stdin.buffer, 1):
        if len(raw) > MAX_LINE:
            yield n, Unreadable(f"line {n}: too long ({len(raw)} bytes, at most {MAX_LINE})")
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
    unknown = [k for k in obj if allowed is not None and k not in allowed]
    if unknown:
        raise InvalidContext(f"unknown key {unknown[0]!r}; valid keys: {', '.join(sorted(allowed or ()))}")
    return {**base, **obj}


def split_visible(mapping: dict, default: TilePairs) -> tuple[dict, TilePairs]:
    """Take the ``visible`` key out of a line's mapping (it is not a SPEC 3 key)."""
    if "visible" not in mapping:
        return mapping, default
    rest = {k: v for k, v in mapping.items() if k != "visible"}
    return rest, tile_list(mapping["visible"], "visible")


#: One answer line: ``json.dumps(obj, ensure_ascii=False)`` with one encoder made once, and without
#: the check for cycles (the answers are fresh trees): a 14-tile shanten answer holds some 200 small
#: objects, and the check costs a quarter of the encoding.
_line_json = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode


def run_lines(answer: Callable[[str], dict], keys: tuple[str, ...]) -> int:
    """Answer every stdin line with one JSON line; exit 0, or 1 if any line was refused."""
    from ..analysis.waits import failed

    bad = False
    write, flush = sys.stdout.write, sys.stdout.flush
    try:
        for n, item in stdin_lines():
            if isinstance(item, RiichiError):
                obj = failed(item, None, keys)
            else:
                try:
                    obj = answer(item)
                except RiichiError as err:
                    obj = failed(err, None, keys)
            bad = bad or not obj["ok"]
            write(_line_json({"line": n, **obj}) + "\n")
            flush()
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly, as other line tools do.
        sys.stderr.close()
        return 1
    return 1 if bad else 0


# -- waits ------------------------------------------------------------------------------------


@click.command(epilog=EPILOG_WAITS)
@click.argument("hand", nargs=-1)
@context_options
@RulesParam.options
@click.option("--visible", default=None, metavar="TILES", help="Tiles seen elsewhere: discards, melds.")
@click.option("--json", "as_json", is_flag=True, help="Print the SPEC JSON object only.")
@click.pass_context
def waits(ctx: click.Context, hand: tuple[str, ...], preset, rule_items, visible, as_json, **params) -> None:
    """What a 13-tile hand waits on, how many are left, and what each wait pays."""
    from ..analysis.waits import WAITS_KEYS, waits_of
    from ..core.context import KEYS

    rules = resolve(preset, rule_items)
    seen = read_tiles(visible, "visible")
    if hand == ("-",):
        base = build_mapping(ctx, (), params)

        def answer(text: str) -> dict:
            mapping, shown = split_visible(line_mapping(text, base, KEYS | {"visible"}), seen)
            return waits_of(mapping, rules, shown)[0]

        sys.exit(run_lines(answer, WAITS_KEYS))
    mapping = build_mapping(ctx, hand, params)
    if "hand" not in mapping:
        raise click.UsageError("give a HAND of 13 tiles (e.g. 1112345678999m), '-' for stdin, or --context")
    answer_one(*waits_of(mapping, rules, seen), as_json, print_waits)


def answer_one(report: dict, err: RiichiError | None, as_json: bool, show: Callable[[dict], None]) -> None:
    """Print one hand's answer: its JSON object (even for a refusal), else the table or the error."""
    if as_json:
        emit_json(report)
    if err is not None:
        fail(err, 2)
    if not as_json:
        show(report)


# -- shanten ----------------------------------------------------------------------------------

_SHANTEN_LINE_KEYS = frozenset({"hand", "visible", "dora", "id"})


@click.command(epilog=EPILOG_SHANTEN)
@click.argument("hand", nargs=-1)
@click.option("--visible", default=None, metavar="TILES", help="Tiles seen elsewhere: discards, melds.")
@click.option("--dora", default=None, metavar="TILES", help="Dora indicators (not unseen any more).")
@click.option("--json", "as_json", is_flag=True, help="Print the SPEC JSON object only.")
def shanten(hand: tuple[str, ...], visible, dora, as_json) -> None:
    """Shanten of 13 or 14 tiles; for 14, every discard ranked by acceptance."""
    from ..analysis.waits import SHANTEN_KEYS, shanten_of

    seen = read_tiles(visible, "visible")
    indicators = read_tiles(dora, "dora")
    if hand == ("-",):

        def answer(text: str) -> dict:
            mapping = line_mapping(text, {}, _SHANTEN_LINE_KEYS)
            shown, ind = seen, indicators
            if "visible" in mapping:
                shown = tile_list(mapping["visible"], "visible")
            if "dora" in mapping:
                ind = tile_list(mapping["dora"], "dora")
            report = shanten_of(mapping.get("hand"), shown, ind)[0]
            return {**report, "id": mapping.get("id")} if "id" in mapping else report

        sys.exit(run_lines(answer, SHANTEN_KEYS))
    if not hand:
        raise click.UsageError("give a HAND of 13 or 14 tiles (e.g. 123m456p789s12377z), or '-' for stdin")
    answer_one(*shanten_of(" ".join(hand), seen, indicators), as_json, print_shanten)


# -- Rich views -------------------------------------------------------------------------------


def _console():
    from rich.console import Console

    return Console(highlight=False)


def value_text(obj: dict) -> str:
    """A win's value in a cell: ``3900 2h40fu``, ``2000/4000 mangan``, or why it cannot be."""
    if not obj["ok"]:
        code = obj["error"]["code"]
        return {"furiten": "furiten", "no_yaku": "no yaku", "invalid_hand": "impossible"}.get(code, "—")
    pts = obj["points"]
    if pts["ron"] is not None:
        paid = str(pts["ron"])
    elif pts["tsumo"]["dealer"] is None:
        paid = f"{pts['tsumo']['non_dealer']} all"
    else:
        paid = f"{pts['tsumo']['non_dealer']}/{pts['tsumo']['dealer']}"
    if obj["yakuman"]:
        how = "yakuman" if obj["yakuman"] == 1 else f"{obj['yakuman']}x yakuman"
    elif obj["limit"]:
        how = obj["limit"].replace("_", " ")
    else:
        how = f"{obj['han']}h{obj['fu']}fu" if obj["fu"] else f"{obj['han']}h"
    return f"{paid} {how}"


def yaku_text(obj: dict) -> str:
    items = []
    for y in obj["yaku"] or []:
        count = y.get("han") if "han" in y else y.get("yakuman")
        items.append(f"{y['name']} {count}" if y["id"] in ("dora", "aka_dora", "ura_dora") else y["name"])
    return ", ".join(items)


def wait_notes(wait: dict, pure: list[str]) -> str:
    notes = []
    if wait["tile"] in pure:
        notes.append("pure karaten: all four in your hand")
    elif wait["unseen"] == 0:
        notes.append("none left")
    for obj in (wait["ron"], wait["tsumo"]):
        if obj["ok"]:
            notes.append(yaku_text(obj))
            break
    return "; ".join(notes)


def status_lines(report: dict) -> list[str]:
    """The verdicts under the table: furiten, karaten, pure karaten, keishiki."""
    lines = []
    fu = report["furiten"]
    if fu["furiten"]:
        lines.append(f"[red]Furiten[/] ({fu['kind']}) on {' '.join(fu['tiles'])}: {fu['note']}.")
    if report["karaten"]:
        lines.append("[red]Karaten[/]: no copy of any wait is left to come.")
    pk = report["pure_karaten"]
    if pk["pure_karaten"]:
        verdict = "counts" if pk["counts_as_tenpai"] else "does not count"
        lines.append(
            f"Pure karaten on {' '.join(pk['tiles'])}: under {report['rules']} a wait held four times "
            f"{verdict} as tenpai at a draw (pure_karaten_is_tenpai: {str(pk['counts_as_tenpai']).lower()})."
        )
    elif pk["tiles"]:
        lines.append(
            f"{' '.join(pk['tiles'])} can never come: all four are in your hand (the other waits can)."
        )
    if report["keishiki"]:
        lines.append("[yellow]Keishiki tenpai[/]: tenpai in form only, no wait has a yaku for a ron.")
    return lines


def print_waits(report: dict) -> None:
    from rich.table import Table

    console = _console()
    if report["tenpai"]:
        left = sum(w["unseen"] for w in report["waits"])
        console.print(f"[bold]{report['hand']}[/]  tenpai, {len(report['waits'])} wait(s), {left} unseen")
    else:
        console.print(f"[bold]{report['hand']}[/]  not tenpai: {report['shanten']}-shanten")
    if report["waits"]:
        table = Table(show_edge=False, pad_edge=False)
        for title, justify in (("wait", "left"), ("unseen", "right"), ("ron", "left")):
            table.add_column(title, justify=justify)
        table.add_column("tsumo")
        table.add_column("notes", overflow="fold")
        pure = report["pure_karaten"]["tiles"]
        for w in report["waits"]:
            row = (
                w["tile"],
                str(w["unseen"]),
                value_text(w["ron"]),
                value_text(w["tsumo"]),
                wait_notes(w, pure),
            )
            table.add_row(*row)
        console.print(table)
    for line in status_lines(report):
        console.print(line)
    if report["next"]:
        console.print(f"Which tiles help: [bold]{report['next']}[/]")


def shanten_word(n: int) -> str:
    return {-1: "complete", 0: "tenpai"}.get(n, f"{n}-shanten")


def accepts_text(accepted: list[dict]) -> str:
    return " ".join(f"{a['tile']}({a['unseen']})" for a in accepted)


def print_shanten(report: dict) -> None:
    from rich.table import Table

    console = _console()
    sh = report["shanten"]
    parts = [f"standard {sh['standard']}"]
    if sh["chiitoitsu"] is not None:
        parts += [f"seven pairs {sh['chiitoitsu']}", f"thirteen orphans {sh['kokushi']}"]
    console.print(f"[bold]{report['hand']}[/]  ({report['tiles']} tiles)")
    console.print(f"Shanten: [bold]{shanten_word(sh['best'])}[/]  ({', '.join(parts)})")
    if report["tiles"] == 13:
        console.print(f"Accepts: {accepts_text(report['accepts']) or 'nothing'}  total {report['total']}")
        return
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("discard")
    table.add_column("leaves")
    table.add_column("accepts (unseen)", overflow="fold")
    table.add_column("total", justify="right")
    for row in report["discards"]:
        table.add_row(
            row["discard"], shanten_word(row["shanten"]), accepts_text(row["accepts"]), str(row["total"])
        )
    console.print(table)


__all__ = ["shanten", "waits"]
