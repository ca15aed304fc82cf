"""The state graph of `riichi analyze` against a plain reference: every state and edge, the index.

The reference walks the model's rule (../shared/analysis/README.md, "The model") with dicts of count
tuples and `shanten()` of each neighbour, no packing, no memo; the graph must find the same states and
the same edges. The hand holds honors and red fives, whose kinds sit past bit 32 of a packed word.
"""

from __future__ import annotations

import random

import pytest

from riichi_cli.analysis.expected_graph import (
    NOT_HELD,
    NUM_KINDS,
    Graph,
    Shanten,
    StateIndex,
    _slot,
    count_of,
    kind_tile,
    pack,
    packed,
    word,
)
from riichi_cli.analysis.shanten import shanten
from riichi_cli.core.notation import parse_written

#: Honors and red fives to draw and discard: two shanten without hand changes; tenpai with them.
HANDS = [("340m58p067s122337z", 0), ("340m5p067s11z22333z", 1)]
_TAG_MASK = (1 << 54) - 1


def _start(hand: str) -> list[int]:
    held = parse_written(hand)
    counts = list(held.counts) + [0, 0, 0]
    for s, five in enumerate((4, 13, 22)):
        counts[five] -= held.reds[s]
        counts[34 + s] = held.reds[s]
    return counts


def _best(counts: list[int]) -> int:
    merged = [0] * 34
    for k in range(NUM_KINDS):
        merged[kind_tile(k)] += counts[k]
    return shanten(merged, 0, 4).best


def _first(start: list[int], budget: int) -> list[tuple[tuple[int, ...], int]]:
    """The starting discards the model keeps (the shanten kept, or within the budget), with their
    shanten."""
    s0 = _best(start)
    out = []
    for k in range(NUM_KINDS):
        if start[k]:
            after = list(start)
            after[k] -= 1
            s13 = _best(after)
            if s13 == s0 or s13 <= budget:
                out.append((tuple(after), s13))
    return out


def _reference(start: list[int], pool: list[int], budget: int) -> tuple[set, set, set]:
    """13-tile states, draw edges and discard edges of the model, from the starting discards."""
    todo = [(hand, s13, 0) for hand, s13 in _first(start, budget)]
    states = {t for t, _, _ in todo}
    draws, discards = set(), set()
    seen14: set = set()
    while todo:
        hand, s, dist = todo.pop()
        for k in range(NUM_KINDS):
            if pool[k] - hand[k] <= 0:
                continue
            more = list(hand)
            more[k] += 1
            s14 = _best(more)
            d14 = dist + (1 if hand[k] >= start[k] else 0)
            if s == 0 and s14 >= 0:  # riichi: only a win is drawn
                continue
            if not (s14 < s or d14 + s14 <= budget):
                continue
            draws.add((hand, tuple(more), pool[k] - hand[k]))
            if (tuple(more), s14 < 0) in seen14:
                continue
            seen14.add((tuple(more), s14 < 0))
            for d in range(NUM_KINDS):
                if not more[d]:
                    continue
                less = list(more)
                less[d] -= 1
                s13 = _best(less)
                d13 = d14 - (1 if more[d] > start[d] else 0)
                if s13 == s14 or d13 + s13 <= budget:
                    discards.add((tuple(more), tuple(less)))
                    if tuple(less) not in states:
                        states.add(tuple(less))
                        todo.append((tuple(less), s13, d13))
    return states, draws, discards


def _counts(hi: int, lo: int) -> tuple[int, ...]:
    return tuple(count_of(hi & _TAG_MASK, lo, k) for k in range(NUM_KINDS))


@pytest.mark.parametrize(("hand", "extra"), HANDS)
def test_the_graph_finds_the_models_states_and_edges(hand: str, extra: int) -> None:
    start = _start(hand)
    pool = [4] * NUM_KINDS
    for s, five in enumerate((4, 13, 22)):
        pool[five], pool[34 + s] = 3, 1
    s0 = _best(start)
    budget = s0 + extra
    g = Graph(pack(start), pool, Shanten(0, 4), budget, budget, True)
    for hand13, s13 in _first(start, budget):
        hi, lo = pack(list(hand13))
        g.state13(hi, lo, s13, 0)
    g.expand()
    states, draws, discards = _reference(start, pool, budget)
    found = [_counts(g.hi13[i], g.lo13[i]) for i in range(len(g.hi13))]
    assert set(found) == states and len(found) == len(states)
    assert [g.shanten13[i] for i in range(len(found))] == [_best(list(h)) for h in found]
    his, los = g.index14.his, g.index14.los
    got_draws = set()
    for i in range(len(found)):
        end = g.draw_lo[i + 1] if i + 1 < len(g.draw_lo) else len(g.draws)
        for e in range(g.draw_lo[i], end):
            j, left = g.draws[e] >> 3, g.draws[e] & 7
            got_draws.add((found[i], _counts(his[j], los[j]), left))
    assert got_draws == draws
    got_discards = set()
    for j in range(len(his)):
        end = g.succ_lo[j + 1] if j + 1 < len(g.succ_lo) else len(g.succ)
        for e in range(g.succ_lo[j], end):
            got_discards.add((_counts(his[j], los[j]), found[g.succ[e]]))
        # a win carries its kind above the hand's bits, and only a complete hand is a win
        assert (his[j] > _TAG_MASK) == (_best(list(_counts(his[j], los[j]))) < 0) == (g.win14[j] >= 0)
    assert got_discards == discards
    assert len(states) > 40 and any(h[34] for h in states)  # the red 5m is discarded and drawn back


def test_states_that_start_at_the_same_slot_stay_apart() -> None:
    """Random words, many of them sharing their first slot at 1,024 slots (so at any smaller table
    too; the table starts smaller and grows): every state is found again by its own words, and words
    never added are not."""
    rng = random.Random(18)
    words = [(rng.getrandbits(54), rng.getrandbits(57)) for _ in range(6000)]
    first = {}
    for hi, lo in words:
        first.setdefault(_slot(hi, lo, 1023), []).append((hi, lo))
    assert max(len(v) for v in first.values()) >= 10  # the same first slot, often
    index = StateIndex()
    numbers = {}
    for hi, lo in words:
        found = index.find(hi, lo)
        if (hi, lo) in numbers:
            assert found == numbers[(hi, lo)]
            continue
        assert found < 0
        numbers[(hi, lo)] = index.add(hi, lo, found)
    assert sorted(numbers.values()) == list(range(len(numbers)))
    for (hi, lo), n in numbers.items():
        assert index.find(hi, lo) == n and (index.his[n], index.los[n]) == (hi, lo)
    for hi, lo in words[:500]:
        assert index.find(hi ^ 1 << 53, lo) < 0 and index.find(hi, lo ^ 1) < 0


@pytest.mark.parametrize("players", [4, 3])
def test_the_neighbours_shanten_agree_with_shanten(players: int) -> None:
    """`Shanten.around` (a part's neighbours read off its vector's least splits and the suit table)
    against `shanten()` of each neighbour, on random hands of every meld count."""
    rng = random.Random(players)
    tiles = [t for t in range(34) if players == 4 or not 0 < t < 8]
    for _ in range(400):
        melds = rng.choice([0, 0, 1, 2, 3, 4])
        n = 14 - 3 * melds - rng.choice([0, 1])
        pick = tiles[: rng.choice([9, 18, 27, len(tiles)])] if rng.random() < 0.5 else tiles
        counts = [0] * 34
        while sum(counts) < n:
            t = rng.choice(pick)
            counts[t] += counts[t] < 4
        sign = -1 if n == 14 - 3 * melds else 1
        hi, lo = pack(counts + [0, 0, 0])
        got = Shanten(melds, players).around(hi, lo, sign)
        for t in range(34):
            after = list(counts)
            after[t] += sign
            if 0 <= after[t] <= 4 and not (players == 3 and 0 < t < 8):
                assert got[t] == shanten(after, melds, players).best, (counts, melds, sign, t)
            else:
                assert got[t] == NOT_HELD


@pytest.mark.parametrize("values", [[], [0], [1, 2, 3], [2**32 - 1, 5, 0, 7, 9, 11, 12, 2**31], [*range(9)]])
def test_packed_numbers_read_back(values: list[int]) -> None:
    """`packed` (a few numbers through one int, more through an array) and `word` agree."""
    data = packed(values)
    assert len(data) == 4 * len(values)
    assert [word(data, i) for i in range(len(values))] == values
