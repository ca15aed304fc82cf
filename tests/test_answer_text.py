"""The fast paths of `riichi shanten -` and `riichi waits -` give the same answers as the plain ones.

- `shanten_text` / `waits_text` (answers written from pre-encoded pieces) against ``json.dumps`` of
  the report dicts, on generated hands: 13 and 14 tiles, melds, red fives, visible tiles, three players;
- `wait_tiles` (no search when there can be no wait) against `winning_tiles`;
- `discard_masks` against `discard_table`;
- a stdin that is a regular file (answers written in blocks) against a pipe (flushed line by line).
"""

from __future__ import annotations

import json
import subprocess
import sys

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from riichi_cli.analysis.acceptance import discard_masks, discard_table
from riichi_cli.analysis.answer_text import shanten_text, waits_text
from riichi_cli.analysis.shanten import shanten
from riichi_cli.analysis.waits import read_hand, shanten_report, wait_tiles, waits_of
from riichi_cli.core.decompose import winning_tiles
from riichi_cli.core.errors import RiichiError
from riichi_cli.core.rules import resolve_rules
from riichi_cli.core.tiles import name


def dumps(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False, allow_nan=False)


GROUP = st.one_of(
    st.integers(0, 33).map(lambda t: (t, t, t)),
    st.integers(0, 20).map(lambda k: k // 7 * 9 + k % 7).map(lambda t: (t, t + 1, t + 2)),
)


@st.composite
def concealed(draw, size: int) -> list[int]:
    """``size`` tiles: random, one suit (many waits), or a complete hand less some tiles (tenpai-ish)."""
    kind = draw(st.integers(0, 2))
    if kind == 0:
        ids = draw(st.lists(st.integers(0, 135), min_size=size, max_size=size, unique=True))
        return sorted(i // 4 for i in ids)
    if kind == 1:
        suit = draw(st.integers(0, 2)) * 9
        ids = draw(st.lists(st.integers(0, 35), min_size=size, max_size=size, unique=True))
        return sorted(suit + i // 4 for i in ids)
    pair = draw(st.integers(0, 33))
    tiles = [pair, pair] + [t for g in draw(st.lists(GROUP, min_size=4, max_size=4)) for t in g]
    assume(all(tiles.count(t) <= 4 for t in tiles))
    for _ in range(14 - size):
        tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    return sorted(tiles)


def notation(tiles: list[int], red: bool = False) -> str:
    """The tiles as notation; with ``red`` the first five of each suit is written red (0)."""
    names = [name(t) for t in tiles]
    if red:
        for suit in "mps":
            if f"5{suit}" in names:
                names[names.index(f"5{suit}")] = f"0{suit}"
    return "".join(names)


@st.composite
def shanten_hand(draw) -> str:
    """A 13- or 14-tile hand, sometimes with a called pon (then 10 or 11 concealed tiles)."""
    size = draw(st.sampled_from((13, 14)))
    if draw(st.booleans()):
        tiles = draw(concealed(size))
        return notation(tiles, draw(st.booleans()))
    tiles = draw(concealed(14))[: size - 3]
    pon = draw(st.integers(27, 33))
    assume(tiles.count(pon) <= 1)
    return f"{notation(tiles)} pon:{name(pon) * 3}"


SEEN = st.lists(st.integers(0, 33), max_size=4).map(lambda ts: [(t, False) for t in ts])


@settings(max_examples=300, deadline=None)
@given(shanten_hand(), SEEN, SEEN, st.sampled_from((4, 3)))
def test_shanten_text_is_the_json_of_the_report(text, visible, dora, players):
    hand = read_hand(text, (13, 14))
    try:
        expected = dumps(shanten_report(hand, visible, dora, players))
    except RiichiError as err:  # a refusal (a fifth copy seen, 2m-8m with three players) is the same
        try:
            shanten_text(hand, visible, dora, players)
        except RiichiError as again:
            assert (type(again), str(again)) == (type(err), str(err))
            return
        raise AssertionError("shanten_text answered what shanten_report refused") from None
    assert shanten_text(hand, visible, dora, players) == expected


def test_shanten_text_of_a_hand_worked_out():
    # 123m456p789s 123z 77z: three sets, the 77z pair, three honor singles. Standard: 8 - 2*3 - 1 = 1;
    # seven pairs: one pair, ten kinds, 6 - 1 = 5; orphans 1m 9s 1z 2z 3z 7z, 7z paired: 13 - 6 - 1 = 6.
    # Dropping an honor single (1z, 2z, 3z) keeps 1-shanten; any other discard breaks a set or the
    # pair (2-shanten), so those three rows come first.
    text = shanten_text(read_hand("123m456p789s12377z", (13, 14)))
    obj = json.loads(text)
    assert obj["shanten"] == {"standard": 1, "chiitoitsu": 5, "kokushi": 6, "best": 1}
    assert [row["discard"] for row in obj["discards"][:3]] == ["1z", "2z", "3z"]
    assert [row["shanten"] for row in obj["discards"][:4]] == [1, 1, 1, 2]
    assert text == dumps(shanten_report(read_hand("123m456p789s12377z", (13, 14))))


RULES = st.sampled_from(("tenhou", "mleague", "ema2025", "tenhou3"))


@settings(max_examples=150, deadline=None)
@given(concealed(13), RULES, st.booleans(), SEEN)
def test_waits_text_is_the_json_of_the_report(tiles, preset, red, visible):
    rules = resolve_rules(preset)
    report, err = waits_of({"hand": notation(tiles, red), "riichi": red}, rules, visible)
    assume(err is None)
    assert waits_text(report) == dumps(report)


def test_waits_text_of_a_hand_without_waits_and_one_with():
    no_wait, err = waits_of({"hand": "1358m2469p1357s1z"})  # 5 singles apart: far from tenpai
    assert err is None and no_wait["waits"] == [] and not no_wait["tenpai"]
    assert waits_text(no_wait) == dumps(no_wait)
    nine, err = waits_of({"hand": "1112345678999m", "id": "x"})  # nine-sided wait, an id echoed
    assert err is None and len(nine["waits"]) == 9
    assert waits_text(nine) == dumps(nine)


@settings(max_examples=400, deadline=None)
@given(st.one_of(concealed(13), concealed(14).map(lambda ts: ts[:10])))
def test_wait_tiles_skips_the_search_only_when_there_is_no_wait(tiles):
    counts = [tiles.count(t) for t in range(34)]
    melds = (13 - len(tiles)) // 3
    best = shanten(counts, melds).best
    assert best is not None
    assert wait_tiles(counts, best) == winning_tiles(counts)


def test_wait_tiles_keeps_a_wait_on_a_fifth_copy():
    # 1111m 234p 567s 789s: only a fifth 1m completes it (111m + 11m): pure karaten, listed as a wait.
    # By the exact count the hand is 1-shanten (that 1m cannot come), so the search must still run.
    counts = [0] * 34
    for t in (0, 0, 0, 0, 10, 11, 12, 22, 23, 24, 24, 25, 26):  # 1m x4, 2p 3p 4p, 5s 6s 7s 7s 8s 9s
        counts[t] += 1
    assert shanten(counts).best == 1
    assert winning_tiles(counts) == [0]
    assert wait_tiles(counts, 1) == [0]


@settings(max_examples=200, deadline=None)
@given(concealed(14), st.sampled_from((4, 3)))
def test_discard_masks_are_the_discard_table(tiles, players):
    counts = [tiles.count(t) for t in range(34)]
    assume(players == 4 or not any(counts[1:8]))
    rows = {(t, after, tuple(ts)) for t, after, ts in discard_table(counts, 0, players)}
    masked = discard_masks(counts, 0, players)
    assert [t for t, _, _ in masked] == sorted(t for t, _, _ in rows)  # one row per tile held, in order
    assert {(t, after, tuple(u for u in range(34) if mask >> u & 1)) for t, after, mask in masked} == rows


LINES = b'123m456p789s12377z\n19m19p19s1234567z\nnot a hand\n{"hand": "1112345678999m", "id": 3}\n'


def test_a_file_on_stdin_is_answered_as_a_pipe_is(tmp_path):
    """From a regular file the answers are written in blocks, from a pipe line by line: same bytes."""
    path = tmp_path / "hands.txt"
    path.write_bytes(LINES)
    for command in ("shanten", "waits"):
        args = [sys.executable, "-m", "riichi_cli", command, "-"]
        with path.open("rb") as feed:
            from_file = subprocess.run(args, stdin=feed, capture_output=True)
        from_pipe = subprocess.run(args, input=LINES, capture_output=True)
        assert from_file.stdout == from_pipe.stdout
        assert from_file.returncode == from_pipe.returncode == 1  # line 3 is refused
        assert len(from_file.stdout.splitlines()) == 4
