"""The view of `riichi analyze`: one row per discard, the best marked, and a line on the model."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from .chart import TARGET_WORDS
from .console import console, new_table
from .numbers import plural
from .safe import plain
from .shanten import accepts_text, shanten_word


def percent(p: float) -> str:
    """A probability as a percentage with one decimal: ``46.2%``."""
    return f"{100 * p:.1f}%"


def points(ev: float) -> str:
    """An expected score in whole points: ``2855``."""
    return str(round(ev))


def model_line(report: dict) -> str:
    """One line on the model: where it starts, what it allows, how a win is valued."""
    m = report["model"]
    draws = report["draws"]
    changes = "hand changes on" if m["hand_changes"] else "hand changes off"
    back = ", going back a shanten" if m["hand_changes"] and m["shanten_back"] else ""
    extra = f" (extra {m['extra']})" if m["hand_changes"] else ""
    riichi = (
        "riichi at once when tenpai"
        if m["riichi"]
        else f"no riichi ({'open hand' if is_open(report) else 'dama'})"
    )
    extras = [name for name in ("ura", "ippatsu", "haitei") if m[name]]
    valued = f"; a win counts {', '.join(extras)}" if extras else ""
    start = f"Turn {report['turn']}, {plural(draws, 'draw')} left, {plural(report['unseen'], 'tile')} unseen"
    return f"{start}; {changes}{back}{extra}; {riichi}{valued}."


def is_open(report: dict) -> bool:
    """Whether the hand has a called meld (a concealed kan, ``ankan:``, keeps it closed)."""
    return any(not meld.startswith("ankan:") for meld in report["hand"].split()[1:])


def no_win_reason(report: dict) -> str:
    """Why no discard wins, where the view can tell."""
    if not report["draws"]:
        return " (no draw is left)"
    return " (an open hand needs a yaku)" if is_open(report) else ""


def best_line(report: dict) -> Text:
    """``Best for expected score: 2s``, then the best for another target where it does better there
    than the marked discard (equal values, to 9 digits, are not worth a mention)."""
    best, target = report["best"], report["target"]
    rows = {row["tile"]: row for row in report["discards"]}
    marked = rows[best[target]]
    if all(row["win"] == 0 for row in report["discards"]):
        return Text.assemble(
            f"No discard can win{no_win_reason(report)}; best for tenpai: ", (best["tenpai"], "bold")
        )
    out = Text.assemble(f"Best for {TARGET_WORDS[target]}: ", (best[target], "bold"))
    others = [
        f"{TARGET_WORDS[t]} {best[t]}"
        for t in ("ev", "win", "tenpai")
        if rows[best[t]][t] > marked[t] * (1 + 1e-9) + 1e-12
    ]
    if others:
        out.append(f"  (best for {', '.join(others)})")
    return out


def print_analysis(report: dict, rules: str = "", players: int = 4, out: Console | None = None) -> None:
    """Print an ok `riichi analyze --json` object as players read it.

    ``rules`` (the preset's name) and ``players`` are said in the header: they are not in the JSON.
    """
    out = out or console()
    word = "tenpai with the right discard" if report["shanten"] == 0 else shanten_word(report["shanten"])
    head = Text.assemble((plain(report["hand"]), "bold"), f"  {word}")
    if rules:
        head.append(f", {plain(rules)} rules")
    out.print(head)
    if players == 3:
        out.print(
            "Three players: 108 tiles; kita (North set aside as nuki dora) is out of scope of the model."
        )
    table = new_table(
        "discard", "leaves", "acceptance (unseen)", ("count", "right"), ("tenpai", "right"),
        ("win", "right"), ("exp. score", "right"), wrap=("acceptance (unseen)",),
    )  # fmt: skip
    mark = report["best"][report["target"]]
    for row in report["discards"]:
        tile = Text.assemble((row["tile"], "bold"), " *") if row["tile"] == mark else Text(row["tile"])
        table.add_row(
            tile, shanten_word(row["shanten"]), accepts_text(row["acceptance"]) or "-",
            str(row["acceptance_count"]), percent(row["tenpai"]), percent(row["win"]), points(row["ev"]),
        )  # fmt: skip
    out.print(table)
    out.print(best_line(report))
    out.print(model_line(report), style="dim")
