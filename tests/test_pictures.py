"""Pictures as players draw hands (issue 20, points 12-13): columns sized to their text (no two
text boxes overlap, for every yaku name), melds laid out with the called tile sideways, a
concealed kan's end tiles face down, an added kan's tile on the sideways one, the indicators
drawn as tiles, every honour one bold letter; each picture rendered to PNG."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from riichi_cli.api import score
from riichi_cli.cli.render.picture import svg_picture
from riichi_cli.core.yaku import NAMES

FONTS = Path("/usr/share/fonts/truetype/dejavu")


def text_boxes(svg: str) -> list[tuple[float, float, float, float, str]]:
    """(left, top, right, bottom, text) of every <text>, measured with the real DejaVu Sans."""
    image_font = pytest.importorskip("PIL.ImageFont")
    if not (FONTS / "DejaVuSans.ttf").exists():
        pytest.skip("DejaVu Sans is not installed")
    boxes = []
    for attrs, text in re.findall(r"<text ([^>]*)>([^<]*)</text>", svg):
        a = dict(re.findall(r'([\w-]+)="([^"]*)"', attrs))
        if "transform" in a:
            continue
        size = float(a["font-size"])
        bold = a.get("font-weight") == "bold"
        font = image_font.truetype(
            str(FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), int(size)
        )
        width = font.getlength(text.replace("&amp;", "&"))
        x, y = float(a["x"]), float(a["y"])
        left = (
            x - width
            if a.get("text-anchor") == "end"
            else x - width / 2
            if a.get("text-anchor") == "middle"
            else x
        )
        boxes.append((left, y - size * 0.8, left + width, y + size * 0.2, text))
    return boxes


def overlaps(boxes):
    return [
        (a[4], b[4])
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
    ]


def test_no_text_overlaps_for_any_yaku_name():
    d = score({"hand": "234567m2278p456s9p", "riichi": True, "dora": "1p"})
    for yid, (name, _english, _japanese) in NAMES.items():
        for value in ({"han": 13}, {"yakuman": 2}):
            wide = {**d, "yaku": [{"id": yid, "name": name, **value}, *d["yaku"]]}
            svg = svg_picture(wide)
            assert not overlaps([b for b in text_boxes(svg)]), name


def test_melds_are_laid_out_as_players_lay_them():
    ankan = score({"hand": "234m55p12345s6s ankan:7777s", "win": "tsumo", "riichi": True})
    svg = svg_picture(ankan)
    assert svg.count('fill="#2f6f9f"') == 2  # the two end tiles face down
    chi = score({"hand": "123456s234m55p chi:789s", "win": "ron"})
    assert svg_picture(chi).count("rotate(-90)") == 1  # the called tile sideways
    kakan = score({"hand": "234m55p123s11z1z kakan:7777s", "win": "ron", "seat_wind": "E"})
    assert svg_picture(kakan).count("rotate(-90)") == 2  # the added tile on the sideways one


def test_indicators_are_drawn_as_tiles():
    d = score({"hand": "234567m2278p456s9p", "riichi": True, "dora": "1p", "ura": "3s", "win": "tsumo"})
    plain = svg_picture(d)
    drawn = svg_picture(d, (["1p"], ["3s"]))
    assert drawn.count('rx="5"') == plain.count('rx="5"') + 4  # two more tiles (face and shadow each)
    assert "dora indicator" in drawn and "ura indicator" in drawn


def test_every_honour_is_one_letter():
    d = score({"hand": "19m19p19s1234567z1m", "win": "tsumo", "seat_wind": "E"})
    letters = re.findall(
        r'font-size="28" font-weight="bold" fill="[^"]+" text-anchor="middle"[^>]*>(\w)</text>',
        svg_picture(d),
    )
    assert set(letters) >= {"E", "S", "W", "N", "G", "R"}


def test_pictures_render_to_png(tmp_path):
    cairosvg = pytest.importorskip("cairosvg")
    for i, mapping in enumerate(
        [
            {"hand": "234567m2278p456s9p", "riichi": True, "dora": "1p"},
            {"hand": "234m55p12345s6s ankan:7777s", "win": "tsumo", "riichi": True},
            {"hand": "234m55p123s11z1z kakan:7777s", "win": "ron", "seat_wind": "E"},
            {"hand": "19m19p19s1234567z1m", "win": "tsumo", "seat_wind": "E"},
        ]
    ):
        png = tmp_path / f"{i}.png"
        cairosvg.svg2png(bytestring=svg_picture(score(mapping), (["1p"], [])).encode(), write_to=str(png))
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
