"""The view of `riichi shanten`: the count of each form, then what each discard leaves and accepts."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from .console import console, fit_columns, new_table
from .numbers import num


def shanten_word(n: int) -> str:
    return {-1: "complete", 0: "tenpai"}.get(n, f"{n}-shanten")


def accepts_text(accepted: list[dict]) -> str:
    """``6s(4) 9s(4)``: each accepted tile with how many are unseen."""
    return " ".join(f"{a['tile']}({a['unseen']})" for a in accepted)


def print_shanten(report: dict, out: Console | None = None) -> None:
    out = out or console()
    sh = report["shanten"]
    parts = [f"standard {sh['standard']}"]
    if sh["chiitoitsu"] is not None:
        parts += [f"seven pairs {sh['chiitoitsu']}", f"thirteen orphans {sh['kokushi']}"]
    out.print(Text.assemble((report["hand"], "bold"), f"  ({report['tiles']} tiles)"))
    out.print(Text.assemble("Shanten: ", (shanten_word(sh["best"]), "bold"), f"  ({', '.join(parts)})"))
    if report["tiles"] == 13:
        out.print(f"Accepts: {accepts_text(report['accepts']) or 'nothing'}  total {num(report['total'])}")
        return
    table = new_table("discard", "leaves", "accepts (unseen)", ("total", "right"), wrap=("accepts (unseen)",))
    for row in report["discards"]:
        table.add_row(
            row["discard"], shanten_word(row["shanten"]), accepts_text(row["accepts"]), num(row["total"])
        )
    out.print(fit_columns(table, out))
