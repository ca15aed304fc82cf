"""What a player and a tool author see (issue 8, items 1-7; issue 11 item 7).

Golden text views of a few hands (the values worked out by hand in the comments), the docs/output.md
``reading`` and ``points.honba``/``points.deposits`` keys, a batch that never wraps (piped at
COLUMNS=80 and 60, and on a 60-column terminal), NO_COLOR for every command, the waits header, the
SVG picture rendered to PNG, and `riichi table --json` without Rich.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import terminal
from click.testing import CliRunner

from riichi_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_hands"


def run(*args: str):
    return CliRunner().invoke(main, list(args), env={"NO_COLOR": "1", "RIICHI_TILES": ""})


def words(text: str) -> list[str]:
    """Each line with its runs of spaces made one: the content of a view, not its alignment."""
    return [" ".join(line.split()) for line in text.splitlines()]


def score_json(*args: str) -> dict:
    return json.loads(run("score", *args, "--json").stdout)


def riichi(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """The real program, stdout and stderr pipes."""
    full = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "riichi_cli", *args], capture_output=True, env=full, cwd=ROOT, timeout=120
    )


def on_terminal(args: list[str], env: dict) -> str:
    """Run riichi with stdout on a pseudo-terminal (stderr discarded); return what it printed."""
    return terminal.on_terminal(args, {"PYTHONPATH": str(ROOT), **env}).decode()


# -- golden text views (checked by hand) --------------------------------------------------------


def test_golden_riichi_pinfu_dora():
    # riichi 1 + pinfu 1 + dora 2 (indicator 1p -> 2p, the hand holds two 2p) = 4 han; fu 20 base +
    # 10 closed ron = 30; 30 x 2^(4+2) = 1920 base x 4 = 7680 -> 7700, all from West.
    result = run("score", "234567m2278p456s9p", "--riichi", "--dora", "1p", "--from", "W")
    assert result.exit_code == 0
    assert words(result.stdout) == [
        "Hand 234567m2278p456s9p ron from West on 9p, South seat, East round",
        "Reading 234m 567m 22p [78p+9p] 456s ryanmen",
        "Yaku In English Japanese Han Why",
        "Riichi Ready hand 立直 1",
        "Pinfu No-points hand 平和 1",
        "Dora Bonus tile ドラ 2 indicator 1p -> 2p x2",
        "Fu: 20 base + 10 closed ron = 30",
        "4 han 30 fu = 7700 by ron",
        "Payments: E(dealer) 0 S(winner) +7700 W -7700 N 0",
    ]


def test_golden_open_hand_with_honba_and_sticks():
    # Open ittsu 1 (2 closed) + dora 1 (indicator 1m -> 2m, one 2m) = 2 han; fu 20 + 2 tanki = 22 -> 30;
    # 30 x 2^4 = 480 x 4 = 1920 -> 2000 from East (the seat before South). Honba 2 x 300 = 600 and
    # one stick 1000 go to the winner too: 3600, East pays 2600.
    result = run("score", "123456s234m55p", "chi:789s", "--dora", "1m", "--honba", "2", "--sticks", "1")
    assert result.exit_code == 0
    assert words(result.stdout) == [
        "Hand 234m5p123456s5p chi:789s ron from East on 5p, South seat, East round",
        "Reading 234m [5p+5p] 123s 456s chi:789s tanki",
        "Yaku In English Japanese Han Why",
        "Ittsu Pure straight 一気通貫 1 (2 closed)",
        "Dora Bonus tile ドラ 1 indicator 1m -> 2m x1",
        "Fu: 20 base + 2 tanki wait = 22 -> 30",
        "2 han 30 fu = 2000 by ron",
        "The winner collects 2000 hand + 600 honba + 1000 riichi sticks = 3600",
        "Payments: E(dealer) -2600 S(winner) +3600 W 0 N 0",
    ]


def test_golden_double_east():
    # East seat, East round, a closed pung of East: round wind 1 + seat wind 1 ("Double East") = 2 han.
    # Fu 20 + 10 closed ron + 8 closed pung of an honour + 2 tanki = 40. Dealer ron: 40 x 2^4 = 640
    # x 6 = 3840 -> 3900 from North.
    result = run("score", "111z234m456p789s5s5s", "--seat", "E", "--from", "N")
    assert result.exit_code == 0
    lines = words(result.stdout)
    assert lines[1] == "Reading 234m 456p [5s+5s] 789s 東東東 tanki"
    assert "Round wind Prevalent wind 場風 1 East 東" in lines
    assert "Seat wind Seat wind 自風 1 East 東, Double East" in lines
    assert "2 han 40 fu = 3900 by ron" in lines
    assert lines[-1] == "Payments: E(winner dealer) +3900 S 0 W 0 N -3900"


def test_unicode_tiles_and_red_fives():
    # 067m holds the red five (0m); the glyphs are U+1F007 + n - 1 for characters
    result = run("score", "234067m2278p456s6p", "--tiles", "unicode")
    reading = result.stdout.splitlines()[1]
    assert "\U0001f008\U0001f009\U0001f00a" in reading  # 234m
    assert "\U0001f00b*\U0001f00c\U0001f00d" in reading  # 0m (red, marked *) 6m 7m
    env_result = CliRunner().invoke(main, ["score", "234067m2278p456s6p"], env={"RIICHI_TILES": "unicode"})
    assert env_result.stdout == result.stdout
    text = run("score", "234067m2278p456s6p").stdout
    assert "Aka dora" in text and "red 5m" in text


def test_honours_named_in_the_situation():
    # daisangen: the win on 7z (Red) is named, and the reading shows open melds as called
    result = run("score", "234m99p77z7z", "pon:555z", "pon:666z")
    lines = result.stdout.splitlines()
    assert "on Red 中" in lines[0]
    assert words(result.stdout)[1] == "Reading 234m 99p [中中+中] pon:白白白 pon:發發發 shanpon"


# -- JSON: reading and the split of the payments --------------------------------------------------


def test_reading_json_standard():
    obj = score_json("234567m2278p456s9p")
    assert obj["reading"] == {
        "groups": [
            {"tiles": "234m", "kind": "sequence", "open": False, "win": False},
            {"tiles": "567m", "kind": "sequence", "open": False, "win": False},
            {"tiles": "22p", "kind": "pair", "open": False, "win": False},
            {"tiles": "789p", "kind": "sequence", "open": False, "win": True},
            {"tiles": "456s", "kind": "sequence", "open": False, "win": False},
        ],
        "wait": "ryanmen",
    }


def test_reading_json_melds_quads_and_red_fives():
    # 0p55p is a concealed triplet holding the red 5p; 7z is a tanki; the kans and calls keep their kind
    obj = score_json("0p55p7z7z", "ankan:1111z", "pon:666z", "chi:789s", "--tsumo", "--seat", "E")
    assert obj["reading"]["wait"] == "tanki"
    assert obj["reading"]["groups"] == [
        {"tiles": "055p", "kind": "triplet", "open": False, "win": False},
        {"tiles": "77z", "kind": "pair", "open": False, "win": True},
        {"tiles": "1111z", "kind": "quad", "open": False, "win": False},
        {"tiles": "666z", "kind": "triplet", "open": True, "win": False},
        {"tiles": "789s", "kind": "sequence", "open": True, "win": False},
    ]


@pytest.mark.parametrize(
    ("hand", "wait", "groups"),
    [
        # seven pairs: seven pair groups, the red five kept in its pair, the win on the 7z pair
        ("1122m3344p0566s7z7z", "tanki", ["11m", "22m", "33p", "44p", "05s", "66s", "77z"]),
        # thirteen orphans on a 13-sided wait (the 1m completes a pair that was a single)
        ("19m19p19s1234567z1m", "kokushi_13", ["119m19p19s1234567z"]),
        # thirteen orphans on a single wait (1m was already the pair; 7z was missing)
        ("119m19p19s123456z7z", "kokushi", ["119m19p19s1234567z"]),
    ],
)
def test_reading_json_closed_forms(hand, wait, groups):
    obj = score_json(hand)
    assert obj["ok"], obj["error"]
    assert obj["reading"]["wait"] == wait
    assert [g["tiles"] for g in obj["reading"]["groups"]] == groups
    kinds = {g["kind"] for g in obj["reading"]["groups"]}
    assert kinds == ({"orphans"} if "kokushi" in wait else {"pair"})
    assert sum(g["win"] for g in obj["reading"]["groups"]) == 1


def test_reading_groups_merged_from_the_packed_starts_as_inserted_one_by_one():
    # A closed reading's groups are merged from its packed first tiles; every reading of the golden and
    # conformance hands gives what inserting its groups one by one gives (and a descending split too).
    import majiang
    from test_golden import ALL

    from riichi_cli.core.reading import readings
    from riichi_cli.io import reading as out
    from riichi_cli.io.mapping import build_request

    mappings = [dict(p.values[0]) for p in ALL]
    if majiang.HULE.is_file():
        mappings += [majiang.to_mapping(item) for item in majiang.load()]
    merged = 0
    for mapping in mappings:
        try:
            req = build_request(mapping)
        except Exception:  # refused: no readings
            continue
        for r in readings(req.hand, req.context, req.rules):
            if r.form == "standard":
                assert out._packed_groups(r, req.hand) == out._inserted_groups(r), mapping
                merged += not r.melds
    assert merged > 20
    r = readings(*_request("123m456m789m111p22s"))[0]
    r.groups, r.seq_starts = r.groups[::-1], (6 | 3 << 6) | 0 << 12  # out of tile order: inserted
    assert out._merged_starts(r)[1] == -1
    assert out._packed_groups(r, r.hand) == out._inserted_groups(r)


def _request(hand: str):
    from riichi_cli.io.mapping import build_request

    req = build_request({"hand": hand})
    return req.hand, req.context, req.rules


def test_reading_is_null_for_a_refusal():
    obj = score_json("123m456p789s1122z3z")  # not a winning shape
    assert obj["ok"] is False and obj["reading"] is None and obj["points"] is None


def test_points_split_honba_and_deposits():
    # ron with 2 honba and 1 stick: 600 + 1000 on top of the 7700 hand
    obj = score_json("234567m2278p456s9p", "--riichi", "--dora", "1p", "--honba", "2", "--sticks", "1")
    assert (obj["points"]["total"], obj["points"]["honba"], obj["points"]["deposits"]) == (7700, 600, 1000)
    assert obj["payments"]["S"] == 7700 + 600 + 1000
    # tsumo with 1 honba: 100 from each of three = 300
    obj = score_json("234567m2278p456s9p", "--tsumo", "--honba", "1")
    assert (obj["points"]["honba"], obj["points"]["deposits"]) == (300, 0)
    assert obj["payments"]["S"] == obj["points"]["total"] + 300


def test_settle_splits_what_each_winner_collects():
    # double-ron.yaml (its comment): East takes 5800 + 300 honba + 2000 deposits, South 2000 alone
    out = CliRunner().invoke(main, ["settle", str(SAMPLES / "settle" / "double-ron.yaml"), "--json"])
    wins = {w["seat_wind"]: w for w in json.loads(out.stdout)["wins"]}
    assert (wins["E"]["points"]["honba"], wins["E"]["points"]["deposits"]) == (300, 2000)
    assert (wins["S"]["points"]["honba"], wins["S"]["points"]["deposits"]) == (0, 0)
    text = CliRunner().invoke(
        main, ["settle", str(SAMPLES / "settle" / "double-ron.yaml")], env={"NO_COLOR": "1"}
    )
    assert "5800 hand + 300 honba + 2000 riichi sticks" in text.stdout
    assert "+8100" in text.stdout and "8,100" not in text.stdout  # one number format: no separators
    # each winner's reading: East's 9p completes 78p (ryanmen), as in `score`
    assert "East's hand: 234m 567m 22p [78p+9p] 456s  ryanmen" in text.stdout


# -- batch: never wrapped ------------------------------------------------------------------------


def _hand_count() -> int:
    proc = riichi("batch", "sample_hands", "--format", "jsonl")
    return len(proc.stdout.splitlines())


@pytest.mark.parametrize("columns", ["80", "60"])
def test_piped_batch_is_one_line_per_hand(columns):
    hands = _hand_count()
    proc = riichi("batch", "sample_hands", env={"COLUMNS": columns, "NO_COLOR": "1"})
    lines = proc.stdout.decode().splitlines()
    # a header, one line per hand, one summary line: nothing wrapped
    assert len(lines) == hands + 2, lines[:5]
    assert lines[0].split() == ["source", "id", "hand", "win", "han/fu", "points", "yaku", "/", "refusal"]
    jsonl = riichi("batch", "sample_hands", "--format", "jsonl").stdout.splitlines()
    sources = [json.loads(x)["source"] for x in jsonl]
    for source, line in zip(sources, lines[1:], strict=False):
        assert line.startswith(source), (source, line)
    assert lines[-1].startswith(f"{hands} hands: ")


def test_one_hand_is_not_hands(tmp_path):
    (tmp_path / "one.yaml").write_text("hand: 234567m2278p456s9p\nriichi: true\n")
    result = run("batch", str(tmp_path))
    assert result.stdout.splitlines()[-1] == "1 hand: 1 scored"


def test_batch_has_a_yaku_column():
    result = run("batch", str(SAMPLES / "riichi-pinfu-dora.yaml"))
    assert "Riichi, Pinfu, Dora 2" in result.stdout


# -- waits ---------------------------------------------------------------------------------------


def test_waits_header_agrees_with_pure_karaten():
    # 1111m + three sequences: the only wait is a fifth 1m (pure karaten); tenhou does not count it
    result = run("waits", "1111m234p456p789p")
    header = result.stdout.splitlines()[0]
    assert "not tenpai" in header and "pure karaten" in header and "1-shanten" in header
    assert "  tenpai" not in header
    # a rule that counts it: the header says tenpai, and why it is odd
    result = run("waits", "1111m234p456p789p", "--rule", "pure_karaten_is_tenpai=true")
    header = result.stdout.splitlines()[0]
    assert header.startswith("1111m234456789p  tenpai") and "pure karaten" in header


def test_waits_shows_ron_and_tsumo_yaku_apart():
    # 1111234m456789p: the 4m wait has no yaku for a ron but menzen tsumo by tsumo
    result = run("waits", "1111234m456p789p")
    lines = words(result.stdout)
    assert lines[1].split()[:6] == ["wait", "unseen", "ron", "ron", "yaku", "tsumo"]
    (row,) = [ln for ln in lines if ln.startswith("4m ")]
    assert row == "4m 3 no yaku 400/700 1h40fu Menzen tsumo"


def test_waits_help_lists_only_what_applies():
    text = run("waits", "--help").stdout
    for gone in ("--ron", "--tsumo", "--win "):
        assert gone not in text, gone
    for kept in ("--riichi", "--dora", "--visible", "--discards", "--from"):
        assert kept in text, kept


# -- colour and Rich -----------------------------------------------------------------------------

EVERY_COMMAND = [
    ["score", "234567m2278p456s9p", "--riichi"],
    ["batch", "sample_hands/riichi-pinfu-dora.yaml"],
    ["waits", "1112345678999m"],
    ["shanten", "12389m1468p3567s2z"],
    ["settle", "sample_hands/settle/single-ron.yaml"],
    ["table"],
    ["rules", "tenhou"],
]


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
@pytest.mark.parametrize("args", EVERY_COMMAND, ids=lambda a: a[0])
def test_no_color_for_every_command(args):
    styled = on_terminal(args, {"COLUMNS": "120"})
    assert "\x1b[" in styled  # on a terminal the view is styled, so the check below means something
    plain = on_terminal(args, {"COLUMNS": "120", "NO_COLOR": "1"})
    assert plain.strip() and "\x1b" not in plain, plain[:300]


def test_table_json_imports_no_rich():
    code = (
        "import sys\nfrom riichi_cli.cli import main\n"
        "main(['table', '--json'], standalone_mode=False)\n"
        "assert 'rich' not in sys.modules, sorted(m for m in sys.modules if m.startswith('rich'))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode()
    assert json.loads(proc.stdout)["cells"]


# -- the picture ---------------------------------------------------------------------------------


def test_svg_and_html_render_with_the_tiles(tmp_path):
    try:  # cairosvg (test extra) needs the system's libcairo too: without it, OSError
        import cairosvg
        from PIL import Image
    except (ImportError, OSError) as e:
        pytest.skip(f"cairosvg cannot render here: {e}")

    svg, html, png = tmp_path / "hand.svg", tmp_path / "hand.html", tmp_path / "hand.png"
    result = run(
        "score", "234567m2278p456s9p", "--riichi", "--dora", "1p", "--svg", str(svg), "--html", str(html)
    )
    assert result.exit_code == 0
    text = svg.read_text()
    # 14 tiles and the dora indicator 1p (issue 20), each face a rounded rectangle (rx="5"); the
    # winning tile alone is framed in gold
    assert text.count('rx="5" fill="#fdfbf3"') == 15 and text.count('stroke="#d4a017"') == 1
    assert "Riichi" in text and "7700 points by ron" in text and "Fu: 20 base + 10 closed ron = 30" in text
    assert "<svg" in html.read_text() and "<title>" in html.read_text()
    cairosvg.svg2png(url=str(svg), write_to=str(png))
    image = Image.open(png).convert("RGB")
    assert image.width >= 600 and image.height >= 250
    # the tile row is not blank: the middle of the first tile is its ivory face, not the white page
    assert image.getpixel((20 + 4, 58 + 4)) != (255, 255, 255)
    face_pixels = sum(1 for x in range(0, image.width, 2) if image.getpixel((x, 58 + 50)) != (255, 255, 255))
    assert face_pixels > 200  # 14 tiles of 40 pixels, sampled every other pixel


def test_svg_of_a_refused_hand_is_not_written(tmp_path):
    svg = tmp_path / "hand.svg"
    result = run("score", "123m456p789s1122z3z", "--svg", str(svg))
    assert result.exit_code == 1 and not svg.exists()
