"""Tests of riichi_cli.analysis.shanten: conformance data, hand-checked cases and properties."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi_cli.analysis.acceptance import accepts, discard_table
from riichi_cli.analysis.shanten import (
    chiitoitsu_shanten,
    is_complete,
    kokushi_shanten,
    shanten,
    standard_shanten,
)
from riichi_cli.core.decompose import winning_tiles

SHANTEN_DEV = Path(__file__).resolve().parents[1].parent / "shared" / "conformance" / "shanten-dev.json"
ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


def hand(text: str) -> list[int]:
    """Counts of a hand in the usual notation: ``hand('123m11z') -> 1m 2m 3m East East``."""
    counts = [0] * 34
    for digits, letter in re.findall(r"(\d+)([mpsz])", text):
        base = "mpsz".index(letter) * 9
        for d in digits:
            counts[base + (int(d) or 5) - 1] += 1
    assert sum(counts) == len(re.sub(r"[mpsz]", "", text)), text
    return counts


def plus(counts: list[int], *tiles: int) -> list[int]:
    out = list(counts)
    for t in tiles:
        out[t] += 1
    return out


def minus(counts: list[int], tile: int) -> list[int]:
    out = list(counts)
    out[tile] -= 1
    return out


def m(n: int) -> int:
    return n - 1


def p(n: int) -> int:
    return 8 + n


def s(n: int) -> int:
    return 17 + n


def z(n: int) -> int:
    return 26 + n


# ---------------------------------------------------------------------------------------------
# 1. Conformance data, read in place


def _conformance_hands() -> list[tuple[list[int], list[int]]]:
    if not SHANTEN_DEV.exists():
        pytest.skip(f"conformance data not found at {SHANTEN_DEV} (../shared/conformance is absent)")
    out = []
    for item in json.loads(SHANTEN_DEV.read_text()):
        counts = [0] * 34
        for tile in item["q"]:
            counts["mpsz".index(tile[0]) * 9 + (int(tile[1:]) or 5) - 1] += 1
        out.append((counts, item["x"]))
    return out


def test_conformance_shanten_dev() -> None:
    hands = _conformance_hands()
    assert len(hands) == 10_000
    wrong = []
    for counts, (standard, kokushi, chiitoitsu) in hands:
        got = (standard_shanten(counts), kokushi_shanten(counts), chiitoitsu_shanten(counts))
        if got != (standard, kokushi, chiitoitsu):
            wrong.append((counts, (standard, kokushi, chiitoitsu), got))
    assert not wrong, f"{len(wrong)} disagree, first: {wrong[:3]}"


def test_conformance_shanten_dict_agrees() -> None:
    for counts, (standard, kokushi, chiitoitsu) in _conformance_hands():
        assert shanten(counts)._asdict() == {
            "standard": standard,
            "chiitoitsu": chiitoitsu,
            "kokushi": kokushi,
            "best": min(standard, kokushi, chiitoitsu),
        }


# ---------------------------------------------------------------------------------------------
# 2. Hand-checked cases


def test_nine_gates() -> None:
    h = hand("1112345678999m")
    assert standard_shanten(h) == 0
    assert winning_tiles(h) == list(range(9))
    assert accepts(h) == list(range(9))
    for t in range(9):
        assert is_complete(plus(h, t))
    assert not is_complete(plus(h, p(1)))
    # Discarding the stray East leaves the nine-sided wait; anything else is worse.
    first = discard_table(plus(h, z(1)))[0]
    assert first == (z(1), 0, list(range(9)))


def test_simple_waits() -> None:
    assert winning_tiles(hand("123m456m789m11z45p")) == [p(3), p(6)]  # ryanmen
    assert winning_tiles(hand("123m456m789m11z46p")) == [p(5)]  # kanchan
    assert winning_tiles(hand("123m456m789m11z12p")) == [p(3)]  # penchan
    assert winning_tiles(hand("123m456m789m11z55p")) == [p(5), z(1)]  # shanpon
    assert winning_tiles(hand("123m456m789m123p5z")) == [z(5)]  # tanki
    assert standard_shanten(hand("123m456m789m123p5z")) == 0
    # Three sets and four lone tiles: a pair and a set are 1 + 2 draws away.
    assert winning_tiles(hand("123m456m789m19p5z7z")) == []
    assert standard_shanten(hand("123m456m789m19p5z7z")) == 2


def test_complete_standard() -> None:
    h = hand("123m456m789m11z456p")
    assert is_complete(h)
    assert standard_shanten(h) == -1
    assert shanten(h).best == -1


def test_kokushi() -> None:
    thirteen = hand("19m19p19s1234567z")
    assert kokushi_shanten(thirteen) == 0
    assert winning_tiles(thirteen) == ORPHANS  # the 13-sided wait
    assert shanten(thirteen).best == 0
    single = hand("119m19p19s123456z")
    assert kokushi_shanten(single) == 0
    assert winning_tiles(single) == [z(7)]
    complete = hand("19m19p19s12345677z")
    assert kokushi_shanten(complete) == -1
    assert is_complete(complete)
    # 12 kinds of orphan, no pair: one away. 11 kinds + a pair: also one away.
    assert kokushi_shanten(hand("19m19p19s123456z5m")) == 1
    assert kokushi_shanten(hand("119m19p19s12345z5m")) == 1
    assert kokushi_shanten(hand("2345678m2345678p")) == 13


def test_chiitoitsu() -> None:
    seven = hand("1133557799m1122p")
    assert chiitoitsu_shanten(seven) == -1
    assert is_complete(seven)
    # Four 1p are one pair: six pairs in six kinds, a seventh kind is still needed.
    four = hand("1133557799m1111p")
    assert chiitoitsu_shanten(four) == 1
    assert not is_complete(four)
    # Standard: 111p, the head 11m and three kanchan-less pairs as partial sets: 8-2-3-1.
    assert standard_shanten(four) == 2
    assert shanten(four).best == 1
    # 13 tiles, six pairs and a single: tanki on the single.
    tenpai = hand("1133557799m112p")
    assert chiitoitsu_shanten(tenpai) == 0
    assert p(2) in winning_tiles(tenpai)
    # Six pairs where the single is the third of a pair: still needs a new kind.
    assert chiitoitsu_shanten(hand("1133557799m111p")) == 1


def test_with_melds() -> None:
    ten = hand("123m456p789s1z")  # one called meld aside: 10 concealed tiles
    assert standard_shanten(ten, melds=1) == 0
    assert winning_tiles(ten) == [z(1)]
    assert shanten(ten, melds=1)._asdict() == {"standard": 0, "chiitoitsu": None, "kokushi": None, "best": 0}
    assert is_complete(plus(ten, z(1)), melds=1)
    assert standard_shanten(plus(ten, z(1)), melds=1) == -1
    # Four melds: a lone tile is a tanki; two tiles are complete only as a pair.
    assert winning_tiles(hand("5s")) == [s(5)]
    assert is_complete(hand("55s"), melds=4)
    assert not is_complete(hand("56s"), melds=4)
    assert standard_shanten(hand("56s"), melds=4) == 0
    # Seven pairs is a closed shape only.
    assert not is_complete(hand("1133557799m"), melds=1)
    with pytest.raises(ValueError):
        chiitoitsu_shanten(ten)


def test_four_copies_cannot_be_waited_on() -> None:
    # 1111m and three sets: the shape waits on a fifth 1m (pure karaten).
    h = hand("1111m234p567p789s")
    assert winning_tiles(h) == [m(1)]
    assert standard_shanten(h) == 1
    acc = accepts(h)
    assert m(1) not in acc
    assert m(2) in acc and m(3) in acc  # 1112m / 1113m are tenpai
    # The same with a fourth honor, which can never be used at all.
    h = hand("123m456m789m1111z")
    assert winning_tiles(h) == [z(1)]
    assert standard_shanten(h) == 1
    # Sanity: with three copies it is an ordinary tenpai.
    assert standard_shanten(hand("111m2m234p567p789s")) == 0


def test_honors_make_no_sequences() -> None:
    h = hand("123z456z7z123m456m")
    assert winning_tiles(h) == []
    assert not is_complete(hand("123z456z77z123m456m"))
    # Two sets, the pair 99m and five lone honors: two more sets are 2 + 2 draws away (8-4-1).
    assert standard_shanten(hand("12345z123m456m99m")) == 3
    # Honor pairs are partial sets: 123m, the head 11z and three of 22z 33z 44z 56m (8-2-3-1).
    assert standard_shanten(hand("11223344z123m56m")) == 2


def test_discard_table_order() -> None:
    rows = discard_table(hand("123m456m789m11z456p"))  # complete: every discard leaves tenpai or 1
    assert rows == sorted(rows, key=lambda r: (r[1], -len(r[2]), r[0]))
    assert sorted(r[0] for r in rows) == [m(i) for i in range(1, 10)] + [p(4), p(5), p(6), z(1)]
    east = next(r for r in rows if r[0] == z(1))
    assert east[1] == 0 and z(1) in east[2]


def test_bad_sizes_raise() -> None:
    with pytest.raises(ValueError):
        standard_shanten(hand("123m"))
    with pytest.raises(ValueError):
        standard_shanten([0] * 33)
    with pytest.raises(ValueError):
        winning_tiles(hand("123m456m789m11z456p"))
    with pytest.raises(ValueError):
        discard_table(hand("123m456m789m11z45p"))
    with pytest.raises(ValueError):
        standard_shanten(hand("11111m23456m789m"))


# ---------------------------------------------------------------------------------------------
# 3. Properties


def _sets_only(c: list[int], honors: bool) -> bool:
    """Independent brute force: can the counts be split wholly into sets?"""
    i = next((i for i, x in enumerate(c) if x), None)
    if i is None:
        return True
    if c[i] >= 3:
        c[i] -= 3
        ok = _sets_only(c, honors)
        c[i] += 3
        if ok:
            return True
    if not honors and i + 2 < len(c) and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _sets_only(c, honors)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        if ok:
            return True
    return False


def _standard_shape_complete(counts: list[int]) -> bool:
    for t in range(34):
        if counts[t] >= 2:
            c = list(counts)
            c[t] -= 2
            parts = [(c[0:9], False), (c[9:18], False), (c[18:27], False), (c[27:34], True)]
            if all(_sets_only(part, honors) for part, honors in parts):
                return True
    return False


def _draw(size: int) -> st.SearchStrategy[list[int]]:
    """Hands of ``size`` tiles from a full wall, or from one suit (which are often near tenpai)."""
    any_tiles = st.lists(st.integers(0, 135), min_size=size, max_size=size, unique=True).map(
        lambda ids: [i // 4 for i in ids]
    )
    one_suit = st.tuples(
        st.sampled_from([0, 9, 18]),
        st.lists(st.integers(0, 35), min_size=size, max_size=size, unique=True),
    ).map(lambda sv: [sv[0] + i // 4 for i in sv[1]])
    return st.one_of(any_tiles, one_suit).map(lambda tiles: plus([0] * 34, *tiles))


@st.composite
def _hand_with_melds(draw: st.DrawFn, extra: int) -> tuple[list[int], int]:
    melds = draw(st.sampled_from([0, 0, 0, 1, 2, 4]))
    return draw(_draw(3 * (4 - melds) + extra)), melds


@settings(max_examples=200, deadline=None)
@given(_hand_with_melds(1))
def test_winning_tiles_are_exactly_the_completing_tiles(hm: tuple[list[int], int]) -> None:
    counts, melds = hm
    waits = winning_tiles(counts)
    for t in range(34):
        assert is_complete(plus(counts, t), melds) == (t in waits)
    # Tenpai (exact) iff the shape has a wait that can still be drawn.
    drawable = [t for t in waits if counts[t] < 4]
    assert (shanten(counts, melds).best == 0) == bool(drawable)


@settings(max_examples=200, deadline=None)
@given(_draw(14))
def test_minus_one_iff_standard_shape(counts: list[int]) -> None:
    assert (standard_shanten(counts) == -1) == _standard_shape_complete(counts)


@settings(max_examples=200, deadline=None)
@given(_hand_with_melds(1))
def test_shanten_is_a_distance(hm: tuple[list[int], int]) -> None:
    """One good draw lowers the shanten by exactly one and no draw by more; the best discard of
    the 14-tile hand keeps it. With ``-1 iff complete`` these pin the exact number down."""
    counts, melds = hm
    before = standard_shanten(counts, melds)
    assert before >= 0
    after = [standard_shanten(plus(counts, t), melds) for t in range(34) if counts[t] < 4]
    assert min(after) == before - 1
    full = plus(counts, next(t for t in range(34) if counts[t] < 4))
    kept = standard_shanten(full, melds)
    discards = [t for t in range(34) if full[t]]
    assert min(standard_shanten(minus(full, t), melds) for t in discards) == max(kept, 0)
    # accepts agrees with the best-shanten drop.
    best = shanten(counts, melds).best
    for t in accepts(counts, melds):
        assert shanten(plus(counts, t), melds).best == best - 1
