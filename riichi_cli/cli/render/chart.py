"""`riichi analyze --svg`: win probability and expected score against the turn, best five discards.

Plain SVG text, two panels side by side: each discard is one coloured line through its value
from each turn to the end, named in a legend. Text comes from the input (the hand) and is escaped.
"""

from __future__ import annotations

from html import escape

from .picture import FONT, INK

#: What the chart calls each target.
TARGET_WORDS = {"ev": "expected score", "win": "win probability", "tenpai": "tenpai probability"}

PANEL_W, PANEL_H = 380, 240
LEFT, TOP, GAP = 64, 86, 80
#: Colours the five lines are told apart by (and by their dash pattern, for grey print).
COLOURS = ("#1f5fa8", "#c8242b", "#1d7a3a", "#d4a017", "#7b3fa0")
DASHES = ("", "6 3", "2 3", "9 3 2 3", "1 2")


def _text(x: float, y: float, text: str, size: int = 12, anchor: str = "start", extra: str = "") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{INK}" text-anchor="{anchor}" '
        f'font-family="{FONT}"{extra}>{escape(text)}</text>'
    )


def nice_top(value: float) -> float:
    """The top of an axis: ``value`` rounded up to 1, 2 or 5 times a power of ten (1 at least)."""
    step = 1.0
    while step * 10 <= value:
        step *= 10
    for k in (1, 2, 5, 10):
        if value <= k * step:
            return k * step
    return 10 * step


def _panel(x0: float, title: str, turns: list[int], lines: list[list[float]], top: float, fmt) -> list[str]:
    """One panel: frame, grid, axis labels, and a polyline per discard."""
    out = [
        f'<rect x="{x0}" y="{TOP}" width="{PANEL_W}" height="{PANEL_H}" fill="#fbfbf8" stroke="#999"/>',
        _text(x0 + PANEL_W / 2, TOP - 12, title, 14, "middle", ' font-weight="bold"'),
    ]
    first, last = turns[0], turns[-1]
    span = max(last - first, 1)

    def px(turn: int) -> float:
        return x0 + (turn - first) / span * PANEL_W

    def py(value: float) -> float:
        return TOP + PANEL_H - value / top * PANEL_H

    parts = 4 if f"{top:g}".lstrip("0.")[:1] == "2" else 5  # steps of 1, 2 or 5 times a power of ten
    for k in range(parts + 1):  # horizontal grid lines and their values
        value = top * k / parts
        out.append(
            f'<line x1="{x0}" y1="{py(value):.1f}" x2="{x0 + PANEL_W}" y2="{py(value):.1f}" stroke="#ddd"/>'
        )
        out.append(_text(x0 - 6, py(value) + 4, fmt(value), 11, "end"))
    for turn in turns:
        if turn == first or turn == last or turn % 3 == 0:
            out.append(_text(px(turn), TOP + PANEL_H + 16, str(turn), 11, "middle"))
    out.append(_text(x0 + PANEL_W / 2, TOP + PANEL_H + 34, "turn", 12, "middle"))
    for i, values in enumerate(lines):
        points = " ".join(f"{px(t):.1f},{py(v):.1f}" for t, v in zip(turns, values))
        dash = f' stroke-dasharray="{DASHES[i]}"' if DASHES[i] else ""
        out.append(
            f'<polyline points="{points}" fill="none" stroke="{COLOURS[i]}" stroke-width="2.2"{dash}/>'
        )  # and a dot on the value now, seen even when only the last turn is left
        out.append(f'<circle cx="{px(turns[0]):.1f}" cy="{py(values[0]):.1f}" r="3.5" fill="{COLOURS[i]}"/>')
    return out


def analysis_svg(report: dict, count: int = 5) -> str:
    """The SVG of an ok `riichi analyze --json` object: its first ``count`` discards (the best first)."""
    rows = report["discards"][:count]
    turns = list(range(report["turn"], report["turn"] + len(rows[0]["per_turn"]["win"])))
    wins = [r["per_turn"]["win"] for r in rows]
    evs = [r["per_turn"]["ev"] for r in rows]
    win_top = nice_top(max(max(v) for v in wins) * 100) / 100 or 1.0
    ev_top = nice_top(max(max(v) for v in evs)) or 1.0
    width = LEFT + 2 * PANEL_W + GAP + 30
    legend_y = TOP + PANEL_H + 64
    height = legend_y + 22 * len(rows) + 10
    body = [
        _text(LEFT - 44, 24, f"{report['hand']}: which discard", 16, extra=' font-weight="bold"'),
        _text(LEFT - 44, 42, f"from turn {report['turn']}, {report['unseen']} tiles unseen, "
              f"the best {len(rows)} discards by {TARGET_WORDS[report['target']]}", 12),
    ]  # fmt: skip
    body += _panel(LEFT, "win probability", turns, wins, win_top, lambda v: f"{100 * v:g}%")
    body += _panel(LEFT + PANEL_W + GAP, "expected score", turns, evs, ev_top, lambda v: f"{v:g}")
    for i, r in enumerate(rows):
        y = legend_y + 22 * i
        dash = f' stroke-dasharray="{DASHES[i]}"' if DASHES[i] else ""
        body.append(f'<line x1="{LEFT}" y1="{y - 4}" x2="{LEFT + 36}" y2="{y - 4}" stroke="{COLOURS[i]}" '
                    f'stroke-width="2.2"{dash}/>')  # fmt: skip
        body.append(_text(LEFT + 44, y, f"discard {r['tile']}: win {100 * r['win']:.1f}%, "
                          f"expected score {r['ev']:.0f}, tenpai {100 * r['tenpai']:.1f}%"))  # fmt: skip
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(report["hand"])}: which discard">'
        '<rect width="100%" height="100%" fill="#ffffff"/>' + "".join(body) + "</svg>\n"
    )
