"""The view of `riichi waits`: a header that says what the table shows, every wait by ron and by tsumo."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from .console import console, fit_columns, new_table
from .numbers import collected_parts, num, paid_text, plural, short_value
from .tiles import tile_label


def cell_value(obj: dict) -> str:
    """A win's value in a cell: ``3900 2h40fu``, ``2000/4000 mangan``, or why it cannot be."""
    if not obj["ok"]:
        code = obj["error"]["code"]
        return {
            "furiten": "furiten",
            "no_yaku": "no yaku",
            "below_minimum": "too few han",
            "invalid_hand": "impossible",
        }.get(code, "-")
    paid = f"{paid_text(obj['points']['ron'], obj['points']['tsumo'])} {short_value(obj)}"
    extra = extra_collected(obj)
    return f"{paid} +{num(extra)} = {num(obj['points']['total'] + extra)}" if extra else paid


def extra_collected(obj: dict) -> int:
    """The honba and riichi sticks a win collects beside the hand (as `score` shows them)."""
    pts = obj["points"] if obj["ok"] else {}
    return (pts.get("honba") or 0) + (pts.get("deposits") or 0)


def collected_line(report: dict) -> str | None:
    """``Each win also collects 600 honba + 1000 riichi sticks (in the totals).``, or None."""
    won = [w[how] for w in report["waits"] for how in ("ron", "tsumo") if w[how]["ok"]]
    if not won or not extra_collected(won[0]):
        return None
    split = " + ".join(f"{num(n)} {what}" for n, what in collected_parts(won[0])[1:])
    return f"Each win also collects {split}: the totals after = include them."


def yaku_text(obj: dict) -> str:
    """``Riichi, Pinfu, Dora 1`` for a win; empty when it cannot be won."""
    items = []
    for y in obj["yaku"] or []:
        count = y.get("han") if "han" in y else y.get("yakuman")
        counted = y["id"] in ("dora", "aka_dora", "ura_dora", "kita")
        items.append(f"{y['name']} {count}" if counted else y["name"])
    return ", ".join(items)


def wait_note(wait: dict, pure: list[str]) -> str:
    if wait["tile"] in pure:
        return "all 4 in hand"
    return "none left" if wait["unseen"] == 0 else ""


def header(report: dict) -> Text:
    """The verdict, agreeing with the table below it.

    A hand whose only waits are held four times (pure karaten) lists those waits but is tenpai
    only under rules that count it so; the header says which and why.
    """
    out = Text.assemble((report["hand"], "bold"), "  ")
    waits, pk = report["waits"], report["pure_karaten"]
    left = sum(w["unseen"] for w in waits)
    if pk["pure_karaten"]:
        held = " ".join(pk["tiles"])
        if report["tenpai"]:
            out.append(
                f"tenpai by {report['rules']} rules, but pure karaten: all four {held} are in your hand"
            )
        else:
            out.append(
                f"not tenpai: its only wait {held} is all four in your hand (pure karaten); "
                f"{report['shanten']}-shanten"
            )
    elif report["tenpai"]:
        out.append(f"tenpai: {plural(len(waits), 'wait')}, {plural(left, 'tile')} unseen")
    else:
        out.append(f"not tenpai: {report['shanten']}-shanten")
    return out


def waits_table(report: dict) -> Table:
    """One row per wait: tiles left, and by ron and by tsumo the value and the yaku."""
    pure = report["pure_karaten"]["tiles"]
    notes = [wait_note(w, pure) for w in report["waits"]]
    columns = ["wait", ("unseen", "right"), "ron", "ron yaku", "tsumo", "tsumo yaku"] + (
        ["note"] if any(notes) else []
    )
    table = new_table(*columns, wrap=("ron yaku", "tsumo yaku", "note"))
    for w, note in zip(report["waits"], notes, strict=True):
        row = [tile_label(w["tile"]), num(w["unseen"]), cell_value(w["ron"]), yaku_text(w["ron"])]
        row += [cell_value(w["tsumo"]), yaku_text(w["tsumo"])] + ([note] if any(notes) else [])
        table.add_row(*row)
    return table


def status_lines(report: dict) -> list[str]:
    """The verdicts under the table: furiten, karaten, pure karaten, keishiki."""
    lines = []
    fu = report["furiten"]
    if fu["furiten"]:
        lines.append(f"[red]Furiten[/] ({fu['kind']}) on {' '.join(fu['tiles'])}: {fu['note']}.")
    pk = report["pure_karaten"]
    if pk["pure_karaten"]:
        verdict = "counts" if pk["counts_as_tenpai"] else "does not count"
        lines.append(
            f"Under {report['rules']} a wait held four times {verdict} as tenpai at a draw "
            f"(pure_karaten_is_tenpai: {str(pk['counts_as_tenpai']).lower()})."
        )
    elif report["karaten"]:
        lines.append("[red]Karaten[/]: no copy of any wait is left to come.")
    elif pk["tiles"]:
        lines.append(
            f"{' '.join(pk['tiles'])} can never come: all four are in your hand (the other waits can)."
        )
    if report["keishiki"]:
        lines.append("[yellow]Keishiki tenpai[/]: tenpai in form only, no wait has a yaku for a ron.")
    return lines


def print_waits(report: dict, out: Console | None = None) -> None:
    """Header, table, verdicts, and what to ask next when the hand is not tenpai."""
    out = out or console()
    out.print(header(report))
    if report["waits"]:
        out.print(fit_columns(waits_table(report), out))
    for line in status_lines(report):
        out.print(line)
    if collected := collected_line(report):
        out.print(collected)
    if report["next"]:
        out.print(f"Which tiles help: [bold]{report['next']}[/]")
