"""A scored hand as a picture to share: SVG (and an HTML page around it).

Tiles are drawn with shapes, not with a font's mahjong glyphs that a reader may lack: circles
for pins, sticks for bamboo, a numeral for characters, and every honour in one style, a bold
letter (E S W N for the winds, G green and R red for the dragons; White is the blank tile with
its blue frame, as on a real set). Red fives are drawn red with a dot. Melds are laid out as
players lay them: the called tile turned sideways toward the player it came from (a chi from the
player on the left; a pon or kan, whose giver the notation does not say, the same way), an added
kan with the added tile on the sideways one, a concealed kan with its two end tiles face down.
The dora (and ura) indicators are drawn as tiles. The yaku, fu, points and payments are written
beside the tiles in plain Latin text, in columns as wide as their text, so any SVG viewer shows
the whole picture.
"""

from __future__ import annotations

from html import escape

from ...core.tiles import SEAT_NAMES
from .numbers import collected_text, num, points_text, signed, value_text
from .score import fu_text
from .tiles import split_tiles

W, H = 40, 56  # one tile
GAP, GROUP_GAP = 3, 14
MARGIN = 20
INK, RED, BLUE, GREEN = "#1d2a44", "#c8242b", "#1f5fa8", "#1d7a3a"
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

#: Where the pips of 1-9 sit on a tile, in fractions of its width and height.
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.27), (0.5, 0.73)],
    3: [(0.27, 0.22), (0.5, 0.5), (0.73, 0.78)],
    4: [(0.3, 0.28), (0.7, 0.28), (0.3, 0.72), (0.7, 0.72)],
    5: [(0.28, 0.24), (0.72, 0.24), (0.5, 0.5), (0.28, 0.76), (0.72, 0.76)],
    6: [(x, y) for y in (0.2, 0.5, 0.8) for x in (0.3, 0.7)],
    7: [(0.24, 0.16), (0.5, 0.26), (0.76, 0.36)] + [(x, y) for y in (0.62, 0.86) for x in (0.3, 0.7)],
    8: [(x, y) for y in (0.15, 0.38, 0.62, 0.85) for x in (0.3, 0.7)],
    9: [(x, y) for y in (0.2, 0.5, 0.8) for x in (0.22, 0.5, 0.78)],
}


def _pin(n: int, red: bool, x: float, y: float) -> str:
    r = {1: 12.0, 2: 7.5, 3: 6.5, 4: 7.0, 5: 6.0, 6: 6.0}.get(n, 5.0)
    out = []
    for i, (fx, fy) in enumerate(_PIPS[n]):
        color = (
            RED if red or (n == 1) or (n == 5 and i == 2) else (GREEN if n in (3, 6, 9) and i % 2 else BLUE)
        )
        cx, cy = x + fx * W, y + 4 + fy * (H - 8)
        out.append(
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r}" fill="none" stroke="{color}" stroke-width="2"/>'
        )
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r / 2.6:.1f}" fill="{color}"/>')
    return "".join(out)


def _sou(n: int, red: bool, x: float, y: float) -> str:
    if n == 1:  # the one of bamboo: one tall stick with a knot, in place of the usual bird
        return (
            f'<rect x="{x + W / 2 - 4}" y="{y + 9}" width="8" height="{H - 18}" rx="3" fill="{GREEN}"/>'
            f'<rect x="{x + W / 2 - 5}" y="{y + H / 2 - 2}" width="10" height="4" rx="1" fill="{RED}"/>'
        )
    out = []
    for i, (fx, fy) in enumerate(_PIPS[n]):
        color = RED if red or (n in (5, 7, 9) and i == len(_PIPS[n]) // 2 and n != 9) else GREEN
        cx, cy = x + fx * W, y + 4 + fy * (H - 8)
        h = 13 if n >= 7 else 16
        out.append(
            f'<rect x="{cx - 2.5:.1f}" y="{cy - h / 2:.1f}" width="5" height="{h}" rx="2" fill="{color}"/>'
        )
    return "".join(out)


def _man(n: int, red: bool, x: float, y: float) -> str:
    color = RED if red else INK
    return (
        f'<text x="{x + W / 2}" y="{y + 30}" font-size="24" font-weight="bold" fill="{color}" '
        f'text-anchor="middle" font-family="{FONT}">{n}</text>'
        f'<text x="{x + W / 2}" y="{y + 47}" font-size="10" font-weight="bold" fill="{RED}" '
        f'text-anchor="middle" font-family="{FONT}">MAN</text>'
    )


def _honor(n: int, x: float, y: float) -> str:
    if n <= 4:
        return (
            f'<text x="{x + W / 2}" y="{y + 38}" font-size="28" font-weight="bold" fill="{INK}" '
            f'text-anchor="middle" font-family="{FONT}">{"ESWN"[n - 1]}</text>'
        )
    if n == 5:  # White: an empty tile with a blue frame
        return (
            f'<rect x="{x + 8}" y="{y + 10}" width="{W - 16}" height="{H - 20}" rx="3" '
            f'fill="none" stroke="{BLUE}" stroke-width="3"/>'
        )
    letter, color = ("G", GREEN) if n == 6 else ("R", RED)  # the dragons as the winds: one letter
    return (
        f'<text x="{x + W / 2}" y="{y + 38}" font-size="28" font-weight="bold" fill="{color}" '
        f'text-anchor="middle" font-family="{FONT}">{letter}</text>'
    )


def tile_svg(tile: str, x: float, y: float, win: bool = False, called: bool = False) -> str:
    """One tile at (x, y): a shadowed face, then its picture; the winning tile framed in gold."""
    n, suit, red = int(tile[0]) or 5, tile[1], tile[0] == "0"
    face = "#efe9d8" if called else "#fdfbf3"
    stroke = "#d4a017" if win else "#8c8676"
    parts = [
        f'<rect x="{x + 2}" y="{y + 3}" width="{W}" height="{H}" rx="5" fill="#b9b09a"/>',
        f'<rect x="{x}" y="{y}" width="{W}" height="{H}" rx="5" fill="{face}" stroke="{stroke}" '
        f'stroke-width="{3 if win else 1.2}"/>',
    ]
    draw = {"p": _pin, "s": _sou, "m": _man}.get(suit)
    parts.append(draw(n, red, x, y) if draw else _honor(n, x, y))
    if red:
        parts.append(f'<circle cx="{x + W - 6}" cy="{y + 6}" r="3" fill="{RED}"/>')
    return "".join(parts)


def _text(x: float, y: float, text: str, size: int = 14, bold: bool = False, color: str = INK) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x}" y="{y}" font-size="{size}"{weight} fill="{color}" '
        f'font-family="{FONT}">{escape(text)}</text>'
    )


def _tile_rows(d: dict) -> tuple[list[tuple[list[str], str]], str]:
    """The tiles as a player lays them out: the concealed part sorted, the winning tile, each meld."""
    win = d["win_tile"]
    concealed: list[str] = []
    melds: list[tuple[list[str], str]] = []
    for g in d["reading"]["groups"]:
        tiles = split_tiles(g["tiles"])
        if g["open"] or g["kind"] == "quad":
            kind = {"sequence": "chi", "triplet": "pon", "quad": "kan"}[g["kind"]] if g["open"] else "ankan"
            melds.append((tiles, kind))
        else:
            concealed += tiles
    concealed.remove(win if win in concealed else win.replace("0", "5"))
    order = {s: i for i, s in enumerate("mpsz")}
    concealed.sort(key=lambda t: (order[t[1]], int(t[0]) or 5.5))
    return [(concealed, "hand")] + melds, win


def yaku_lines(d: dict) -> list[tuple[str, str]]:
    """(name, han) for each yaku of a docs/output.md win."""
    out = []
    for y in d["yaku"]:
        value = (
            f"{y['han']} han"
            if "han" in y
            else ("yakuman" if y["yakuman"] == 1 else f"{y['yakuman']}x yakuman")
        )
        out.append((y["name"], value))
    return out


def _situation(d: dict) -> str:
    how = "tsumo" if d["win"] == "tsumo" else f"ron from {SEAT_NAMES[d['from']]}"
    return f"{how}, {SEAT_NAMES[d['seat_wind']]} seat, {SEAT_NAMES[d['round_wind']]} round"


def sideways(tile: str, x: float, y: float, lift: int = 0) -> str:
    """A tile turned a quarter left, lying on the row's base line (``lift`` tiles above it: the added
    tile of an added kan)."""
    drawn = tile_svg(tile, 0, 0, called=True)
    return f'<g transform="translate({x},{y + H - lift * W}) rotate(-90)">{drawn}</g>'


def face_down(x: float, y: float) -> str:
    """The back of a tile."""
    return (
        f'<rect x="{x + 2}" y="{y + 3}" width="{W}" height="{H}" rx="5" fill="#b9b09a"/>'
        f'<rect x="{x}" y="{y}" width="{W}" height="{H}" rx="5" fill="#2f6f9f" stroke="#1d4a6e" '
        'stroke-width="1.2"/>'
    )


def meld_svg(kind: str, tiles: list[str], x: float, y: float) -> tuple[list[str], float]:
    """One meld as a player lays it out; returns its parts and the x after it.

    The called tile lies sideways at the left, toward the player on the left who gave it (the
    notation does not name the giver of a pon or kan: drawn the same way); an added kan carries
    the added tile on that sideways one; a concealed kan shows its two end tiles face down."""
    body: list[str] = []
    if kind == "ankan":
        for i, t in enumerate(tiles):
            body.append(face_down(x, y) if i in (0, 3) else tile_svg(t, x, y))
            x += W + GAP
        return body, x
    body.append(sideways(tiles[0], x, y))
    if kind == "kakan":
        body.append(sideways(tiles[-1], x, y - GAP, lift=1))
        tiles = tiles[:-1]
    x += H + GAP
    for t in tiles[1:]:
        body.append(tile_svg(t, x, y, called=True))
        x += W + GAP
    return body, x


def hand_melds(d: dict) -> list[tuple[str, list[str]]]:
    """The melds as written in the hand (``chi:789s`` ...): their kind and tiles, in order."""
    out = []
    for word in d["hand"].split()[1:]:
        kind, _, tiles = word.partition(":")
        out.append((kind, split_tiles(tiles)))
    return out


def _tiles_svg(
    d: dict, y: float, indicators: tuple[list[str], list[str]] = ([], [])
) -> tuple[list[str], float]:
    """The tiles in one row: the hand, the winning tile apart (framed), each meld, the indicators."""
    rows, win = _tile_rows(d)
    body: list[str] = []
    x = MARGIN
    for t in rows[0][0]:
        body.append(tile_svg(t, x, y))
        x += W + GAP
    x += GROUP_GAP - GAP
    body.append(tile_svg(win, x, y, win=True))
    body.append(_text(x + 2, y + H + 20, "tsumo" if d["win"] == "tsumo" else "ron", 12, True, "#a07800"))
    x += W + GROUP_GAP
    for kind, tiles in hand_melds(d):
        body.append(_text(x, y + H + 20, kind, 12, color="#555"))
        parts, x = meld_svg(kind, tiles, x, y)
        body += parts
        x += GROUP_GAP - GAP
    for label, tiles in zip(("dora", "ura"), indicators):
        if tiles:
            words = f"{label} indicator" + ("s" if len(tiles) > 1 else "")
            body.append(_text(x, y + H + 20, words, 12, color="#555"))
            label_end = x + text_width(words, 12) + GROUP_GAP
            for t in tiles:
                body.append(tile_svg(t, x, y))
                x += W + GAP
            x = max(x + GROUP_GAP - GAP, label_end)
    return body, x


def _facts(d: dict) -> list[tuple[str, int, bool, str]]:
    """The lines beside the yaku: value, points, fu, what is collected, each seat's change."""
    how = "tsumo" if d["win"] == "tsumo" else "ron"
    paid = f" ({points_text(d)})" if how == "tsumo" else ""
    out = [
        (value_text(d), 18, True, INK),
        (f"{num(d['points']['total'])} points by {how}{paid}", 16, True, INK),
    ]
    if fu := fu_text(d):
        out.append((fu, 12, False, "#444"))
    if d["points"].get("honba") or d["points"].get("deposits"):
        out.append((f"Collects {collected_text(d)}", 12, False, "#444"))
    for seat in d["payments"]:  # E S W N, or E S W at a three-player table
        tags = [t for t, on in (("winner", seat == d["seat_wind"]), ("dealer", seat == "E")) if on]
        change = d["payments"][seat]
        color = GREEN if change > 0 else RED if change < 0 else "#666"
        label = SEAT_NAMES[seat] + (f" ({', '.join(tags)})" if tags else "")
        out.append((f"{label}: {signed(change)}", 14, bool(tags), color))
    return out


def text_width(text: str, size: float, bold: bool = False) -> float:
    """How wide ``text`` is drawn in DejaVu Sans (the first font asked for) at ``size``, a little
    over rather than under: the columns are sized from it."""
    narrow, wide = "ijlrtf.,:;!|'() -", "mwMW@%"
    em = sum(0.34 if c in narrow else 0.95 if c in wide else 0.74 if c.isupper() else 0.64 for c in text)
    return em * size * (1.08 if bold else 1.0)


def svg_picture(d: dict, indicators: tuple[list[str], list[str]] = ([], [])) -> str:
    """The SVG of one scored win (a docs/output.md dict with ``ok`` true); ``indicators``: the dora
    and ura indicators, drawn after the melds."""
    body = [
        _text(MARGIN, MARGIN + 6, d["hand"], 15, True),
        _text(MARGIN, MARGIN + 24, _situation(d), 12, color="#666"),
    ]
    tiles, end = _tiles_svg(d, MARGIN + 38, indicators)
    body += tiles
    top = MARGIN + 38 + H + 56
    lines = yaku_lines(d)
    # each column as wide as its widest text, then a gap: the han never runs into a long name
    name_w = max((text_width(n, 15) for n, _ in lines), default=0) + 24
    han_w = max((text_width(h, 15) for _, h in lines), default=0)
    han_x = MARGIN + name_w
    for i, (name_, han) in enumerate(lines):
        body.append(_text(MARGIN, top + i * 22, name_, 15))
        body.append(_text(han_x, top + i * 22, han, 15))
    right = han_x + han_w + 36
    width = max(end + MARGIN - GROUP_GAP, right + 460)
    row = 0
    for text, size, bold, color in _facts(d):
        for part in _wrap(text, int((width - right - MARGIN) / (size * 0.6))):
            body.append(_text(right, top + row * 22, part, size, bold, color))
            row += 1
    height = top + max(len(lines), row) * 22 + 14
    wait = d["reading"]["wait"].replace("_", " ")
    body.append(_text(MARGIN, height, f"wait: {wait}", 11, color="#888"))
    height += MARGIN - 4
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height}" '
        f'viewBox="0 0 {width:.0f} {height}" role="img" '
        f'aria-label="{escape(d["hand"])}: {escape(value_text(d))}">'
        '<rect width="100%" height="100%" fill="#ffffff"/>' + "".join(body) + "</svg>\n"
    )


def _wrap(text: str, chars: int) -> list[str]:
    """Split a long line at spaces so it stays within ``chars`` characters."""
    out, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > chars:
            out.append(line)
            line = "   " + word
        else:
            line = f"{line} {word}" if line else word
    return out + [line]


def html_page(d: dict, svg: str) -> str:
    """A small HTML page holding the SVG, titled with the hand and its value."""
    title = escape(f"{d['hand']}: {value_text(d)}, {num(d['points']['total'])}")
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<title>{title}</title></head>\n<body style="margin:1em;background:#fff">\n{svg}</body></html>\n'
    )
