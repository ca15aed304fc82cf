"""`riichi settle FILE.yaml`: the end of a round as a table, or as the JSON object of SPEC section 8.

Rich and the YAML loader are imported inside the command, so `riichi --help` stays fast.
"""

from __future__ import annotations

import sys

import click

from ..core.errors import RiichiError, Unreadable
from ..core.tiles import SEAT_NAMES
from .common import RulesParam, emit_json, fail, resolve, with_rule_flags

EPILOG = """\b
Examples:
  riichi settle sample_hands/settle/single-ron.yaml
  riichi settle sample_hands/settle/triple-ron.yaml --rules ema2025
  riichi settle sample_hands/settle/chombo.yaml --json
  cat round.yaml | riichi settle -

\b
--rules replaces the file's preset and --rule adds to its rule_options
(the command line wins over the file, as with `score --context`).
"""


@click.command(epilog=EPILOG)
@click.argument("file", metavar="FILE.yaml")
@RulesParam.options
@click.option("--json", "as_json", is_flag=True, help="Print the SPEC JSON object only.")
def settle(file: str, preset: str | None, rule_items: tuple[str, ...], as_json: bool) -> None:
    """Settle the end of a round: wins (multiple ron, pao), draws, chombo. '-' reads stdin."""
    from ..settle.settlement import error_result, settle_checked

    resolve(preset, rule_items)  # a bad --rules/--rule is a usage error (exit 2)
    try:
        doc = read_round_file(file)
    except RiichiError as e:  # the file cannot be read: an input error (exit 2)
        report(error_result(e), e, 2, as_json)
        return
    result, err = settle_checked(with_rule_flags(doc, preset, rule_items))
    report(result, err, 1, as_json)


def report(result: dict, err: RiichiError | None, code: int, as_json: bool) -> None:
    """The JSON object or the table on stdout; a refusal also on stderr, then exit ``code``."""
    if as_json:
        emit_json(result)
    elif err is None:
        print_settlement(result)
    if err is not None:
        fail(err, code)


def read_round_file(path: str) -> object:
    """The one YAML document of FILE, or of stdin for '-'."""
    from pathlib import Path

    from ..files.loader import decode, parse_yaml

    where = "stdin" if path == "-" else path
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as e:
        raise Unreadable(f"{where}: {e.strerror or e}") from None
    docs = parse_yaml(decode(data, where), where)
    if len(docs) != 1:
        raise Unreadable(f"{where}: a settlement file holds one round (one YAML document), found {len(docs)}")
    return docs[0]


# -- the table ------------------------------------------------------------------------------


def print_settlement(result: dict) -> None:
    """Each seat's change (dealer marked, winners and liable players named), then what comes next."""
    from rich.markup import escape
    from rich.table import Table

    from .render import console

    table = Table(title=f"{headline(result)}  [dim]({result['rules']})[/]", title_justify="left")
    scores = result["scores"]
    table.add_column("Seat")
    table.add_column("Change", justify="right")
    if scores:
        table.add_column("Score", justify="right")
    table.add_column("Notes")
    notes = seat_notes(result)
    for s in result["deltas"]:  # E S W N, or E S W at a three-player table
        label = f"{SEAT_NAMES[s]} ({s})" + (", dealer" if s == "E" else "")
        delta = result["deltas"][s]
        style = "green" if delta > 0 else "red" if delta < 0 else ""
        row = [label, f"[{style}]{delta:+,}[/]" if style else "0"]
        row += [f"{scores[s]:,}"] if scores else []
        table.add_row(*row, escape("; ".join(notes[s])))
    out = console()
    out.print(table)
    out.print(next_line(result))
    for w in result["warnings"]:
        out.print(f"[yellow]warning:[/] {escape(w)}")


def headline(result: dict) -> str:
    kind, wins = result["kind"], result["wins"]
    if kind == "win" and wins[0]["win"] == "tsumo":
        return f"Tsumo by {SEAT_NAMES[wins[0]['seat_wind']]}"
    if kind == "win":
        rons = {1: "Ron", 2: "Double ron", 3: "Triple ron"}[len(wins)]
        return f"{rons} on {SEAT_NAMES[wins[0]['from']]}'s discard"
    if kind == "exhaustive_draw":
        return "Exhaustive draw" + (" with nagashi mangan" if result["draw"]["nagashi"] else "")
    if kind == "abortive_draw":
        return f"Abortive draw ({result['draw']['reason']})"
    return f"Chombo by {SEAT_NAMES[result['chombo']['seat']]}"


def win_text(w: dict) -> str:
    """``wins by ron: Riichi 1, Pinfu 1, Dora 2 = 4 han 30 fu, 7,700 + 1,300 honba and deposits``."""
    yaku = ", ".join(f"{y['name']} {'yakuman' if y.get('yakuman') else y['han']}" for y in w["yaku"])
    from .render import value_text

    extra = w["payments"][w["seat_wind"]] - w["points"]["total"]
    extra_text = f" + {extra:,} honba and deposits" if extra else ""
    return f"wins by {w['win']}: {yaku} = {value_text(w)}, {w['points']['total']:,}{extra_text}"


def seat_notes(result: dict) -> dict[str, list[str]]:
    """What each seat did: won, dealt in, is liable, was skipped, was tenpai, chombo."""
    notes: dict[str, list[str]] = {s: [] for s in result["deltas"]}
    for w in result["wins"]:
        notes[w["seat_wind"]].append(win_text(w))
        if w["from"] and "dealt in" not in notes[w["from"]]:
            notes[w["from"]].append("dealt in")
    for p in result["pao"]:
        what = " and ".join(p["yakuman"]) or "the rinshan win after the daiminkan it fed"
        notes[p["liable"]].append(f"pao: liable for {what} ({p['scope']})")
    for s in result["skipped"]:
        notes[s["seat_wind"]].append(f"ron not paid: {s['reason']}")
    draw, chombo = result["draw"], result["chombo"]
    if draw and draw["kind"] == "exhaustive":
        for s in notes:
            notes[s].append("tenpai" if s in draw["tenpai"] else "noten")
            notes[s] += ["nagashi mangan"] if s in draw["nagashi"] else []
    if chombo:
        notes[chombo["seat"]].append(chombo_text(chombo))
        for s in chombo["sticks_returned"]:
            notes[s].append("riichi stick back (hand replayed)")
    return notes


def chombo_text(chombo: dict) -> str:
    reason = f" ({chombo['reason']})" if chombo["reason"] else ""
    penalty = {
        "none": "no penalty",
        "mangan": "pays a reverse mangan",
        "points": f"{chombo['deduction']:,} off the final score",
    }[chombo["penalty"]]
    return f"chombo{reason}: {penalty}"


def next_line(result: dict) -> str:
    nxt = result["next"]
    who = "East stays dealer (renchan)" if result["dealer_continues"] else "South deals"
    replay = "; the hand is replayed" if result["kind"] == "chombo" else ""
    return f"Next: {who}{replay}; honba {nxt['honba']}, deposits {nxt['riichi_sticks']} on the table."
