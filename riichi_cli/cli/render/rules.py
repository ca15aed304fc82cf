"""The views of `riichi rules`: the presets side by side, or every option of one (one per row)."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from ...core.rules import DESCRIPTIONS, PRESETS, UNVERIFIED, option_items
from .console import console, fit_columns, new_table

#: The options that tell the presets apart, with a short header each (the list fits 80 columns).
_KEY_OPTIONS = (
    ("players", "players"), ("aka_dora", "red fives"), ("kiriage_mangan", "kiriage"),
    ("kazoe_yakuman", "kazoe"), ("double_yakuman", "double ykm"), ("multiple_ron", "multiple ron"),
    ("chombo", "chombo"),
)  # fmt: skip


def value_word(value: object) -> str:
    """An option's value as written in YAML and --rule: ``true``, ``3``, ``head_bump``."""
    return str(value).lower()


def print_presets(out: Console | None = None) -> None:
    """One preset per row, with the options that differ most between them."""
    out = out or console()
    table = new_table("preset", *(header for _, header in _KEY_OPTIONS))
    for name, rules in PRESETS.items():
        table.add_row(name, *(value_word(getattr(rules, key)) for key, _ in _KEY_OPTIONS))
    out.print(fit_columns(table, out))
    out.print("riichi rules PRESET shows every option of one.", style="dim")
    out.print("Aliases: wrc = wrc2022, ema = ema2025, jpml = jpml2023, majsoul = mahjongsoul,")
    out.print("sanma = tenhou3, majsoul3 = mahjongsoul3.")
    out.print("Default: tenhou.")
    unverified = ", ".join(f"{name} {len(UNVERIFIED[name])}" for name in PRESETS if UNVERIFIED[name])
    out.print(f"Unverified values (riichi rules NAME marks them *): {unverified}.")


def print_preset(name: str, out: Console | None = None) -> None:
    """Every option of one preset, one per row: name, value (``*`` unverified), meaning."""
    out = out or console()
    table = new_table("option", "value", "meaning", title=f"Preset {name}")
    for key, value in option_items(PRESETS[name]):
        unverified = key in UNVERIFIED[name]
        shown = Text(value_word(value))
        if unverified:
            shown.append(" *", style="yellow")
        table.add_row(key, shown, Text(DESCRIPTIONS[key], style="dim"))
    out.print(fit_columns(table, out))
    if UNVERIFIED[name]:
        out.print("* (unverified): could not be checked against the organiser's own rule text.", style="dim")
