"""The view of `riichi settle`: each seat's change with what it did, then what comes next."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from ...core.tiles import SEAT_NAMES
from .console import console, fit_columns, new_table
from .numbers import collected_parts, num, signed, value_text
from .safe import markup, plain
from .score import reading_text


def print_settlement(result: dict, out: Console | None = None) -> None:
    """Each seat's change (dealer marked, winners and liable players named), then what comes next."""
    out = out or console()
    scores = result["scores"]
    columns = ["Seat", ("Change", "right")] + ([("Score", "right")] if scores else []) + ["Notes"]
    table = new_table(*columns, title=f"{headline(result)}  ({result['rules']})", wrap=("Notes",))
    notes = seat_notes(result)
    for s in result["deltas"]:  # E S W N, or E S W at a three-player table
        label = f"{SEAT_NAMES[s]} ({s})" + (", dealer" if s == "E" else "")
        delta = result["deltas"][s]
        style = "green" if delta > 0 else "red" if delta < 0 else ""
        row: list[str | Text] = [label, Text(signed(delta), style=style)]
        row += [num(scores[s])] if scores else []
        table.add_row(*row, Text(plain("; ".join(notes[s]))))  # a chombo reason is the user's text
    out.print(fit_columns(table, out))
    for w in result["wins"]:
        out.print(Text.assemble(f"{SEAT_NAMES[w['seat_wind']]}'s hand: ", reading_text(w)))
    out.print(next_line(result))
    for w in result["warnings"]:
        out.print(f"[yellow]warning:[/] {markup(w)}")


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
    """``wins by ron: Riichi 1, Dora 2 = 3 han 30 fu: 3900 hand + 300 honba + 1000 riichi sticks``."""
    yaku = ", ".join(f"{y['name']} {'yakuman' if y.get('yakuman') else y['han']}" for y in w["yaku"])
    collected = " + ".join(f"{num(n)} {what}" for n, what in collected_parts(w))
    return f"wins by {w['win']}: {yaku} = {value_text(w)}: {collected}"


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
        "points": f"{num(chombo['deduction'])} off the final score",
    }[chombo["penalty"]]
    return f"chombo{reason}: {penalty}"


def next_line(result: dict) -> str:
    nxt = result["next"]
    who = "East stays dealer (renchan)" if result["dealer_continues"] else "South deals"
    replay = "; the hand is replayed" if result["kind"] == "chombo" else ""
    return f"Next: {who}{replay}; honba {nxt['honba']}, riichi sticks {nxt['riichi_sticks']} on the table."
