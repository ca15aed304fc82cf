"""The state graph of `riichi analyze`: every hand the player can reach, its draws and its discards.

A hand is one int: 37 kinds (the 34 tiles, then red 5m 5p 5s as kinds of their own, since a red five
scores apart and the model's budget counts it apart), 3 bits a count, kind k at bits 3k. Adding or
removing a tile is adding or subtracting one `UNIT`.

Two kinds of state (../shared/analysis/README.md, "The model"):

- a 13-tile hand waiting to draw (`Graph` ``*13`` lists). Its draws are the tiles that lower the
  shanten, and, under the hand-change budget, any other tile; a closed tenpai hand in riichi draws
  only the tiles that complete it;
- a 14-tile hand after a draw (``*14`` lists), with the discards allowed from it: those that keep the
  shanten and, under the budget, those that raise it. A complete hand also carries the win (an index
  into `Graph.wins`); the discards from it are the ways to decline the win.

The budget: ``dist(hand) + shanten <= budget`` where ``dist`` counts the tiles (of the 37 kinds) the
hand holds beyond the starting 14 tiles and ``budget`` is the starting shanten plus ``extra`` (plus 0
without hand changes). A draw that lowers the shanten and a discard that keeps it never need it; the
reference data fit this rule exactly, and with hand changes off it still lets a draw of the tile just
discarded bring back the starting hand and its choice.
"""

from __future__ import annotations

from typing import Final

from .parts import part_distance, part_key, part_vector, rest_vectors

NUM_KINDS: Final = 37
#: The kind of each red five (5m 5p 5s) and the tile each red kind is.
RED_KINDS: Final = (34, 35, 36)
FIVES: Final = (4, 13, 22)
#: One copy of each kind in a packed hand (a list of ints: wider than 63 bits, see tiles.TILE_UNIT).
UNIT: Final[list[int]] = [1 << (3 * k) for k in range(NUM_KINDS)]
_SUIT_MASK: Final = (1 << 27) - 1
_HONOR_MASK: Final = (1 << 21) - 1
#: Bits of a packed hand that hold the 34 tiles (the red kinds sit above).
_TILE_BITS: Final = (1 << 102) - 1


def kind_tile(kind: int) -> int:
    """The tile (0-33) of a kind: a red kind is its five."""
    return FIVES[kind - 34] if kind >= 34 else kind


def count_of(key: int, kind: int) -> int:
    """Copies of ``kind`` in a packed hand."""
    return (key >> (3 * kind)) & 7


def merged(key: int) -> int:
    """The packed 34 tiles of a hand, red fives counted as their fives (what shanten reads)."""
    plain = key & _TILE_BITS
    reds = key >> 102
    return plain + ((reds & 7) << 12) + ((reds >> 3 & 7) << 39) + ((reds >> 6 & 7) << 66)


class Shanten:
    """Best shanten (standard, seven pairs, thirteen orphans) of packed hands.

    A state asks for the shanten of itself with each tile added (its draws) or taken away (its
    discards): the hand is split into its four parts once, and each neighbour changes one part, read
    against the product of the other three (the method of `riichi_cli.analysis.acceptance`).
    """

    def __init__(self, melds: int, players: int) -> None:
        self.need = 4 - melds
        self.closed = melds == 0
        self.players = players

    def of(self, key: int) -> int:
        """The shanten of one hand."""
        tiles = merged(key)
        keys = self._part_keys(tiles)
        rest = rest_vectors(
            part_vector(keys[0]), part_vector(keys[1]), part_vector(keys[2]), part_vector(keys[3])
        )
        best = part_distance(part_vector(keys[0]), rest[0], self.need)
        if self.closed:
            kinds, pairs, orphans, paired = _closed_stats(tiles)
            best = min(best, _closed_shanten(kinds, pairs, orphans, paired))
        return best

    def _part_keys(self, tiles: int) -> list[int]:
        players = self.players
        return [
            part_key(0, tiles & _SUIT_MASK, players),
            part_key(1, tiles >> 27 & _SUIT_MASK, players),
            part_key(2, tiles >> 54 & _SUIT_MASK, players),
            part_key(3, tiles >> 81 & _HONOR_MASK, players),
        ]

    def around(self, key: int, sign: int) -> list[int]:
        """The shanten of the hand with one more (``sign`` 1) or one less (-1) of each of the 34
        tiles; `NOT_HELD` where the hand holds none to take away or four already."""
        tiles = merged(key)
        keys = self._part_keys(tiles)
        rest = rest_vectors(
            part_vector(keys[0]), part_vector(keys[1]), part_vector(keys[2]), part_vector(keys[3])
        )
        need, closed, three = self.need, self.closed, self.players == 3
        kinds = pairs = orphans = paired = 0
        if closed:
            kinds, pairs, orphans, paired = _closed_stats(tiles)
        out = [NOT_HELD] * 34
        for t in range(34):
            n = tiles >> (3 * t) & 7
            if (n == 4 and sign > 0) or (n == 0 and sign < 0):
                continue
            part = t // 9 if t < 27 else 3
            pos = t - 9 * part
            if three and part == 0:
                if 0 < t < 8:
                    continue  # no 2m-8m in the set
                pos = 0 if t == 0 else 1
            changed = keys[part] + sign * (1 << (3 * pos))
            best = part_distance(part_vector(changed), rest[part], need)
            if closed:
                orphan = _IS_ORPHAN[t]
                if sign > 0:
                    best = min(best, _closed_shanten(
                        kinds + (n == 0), pairs + (n == 1), orphans + (orphan and n == 0),
                        paired + (orphan and n == 1),
                    ))  # fmt: skip
                else:
                    best = min(best, _closed_shanten(
                        kinds - (n == 1), pairs - (n == 2), orphans - (orphan and n == 1),
                        paired - (orphan and n == 2),
                    ))  # fmt: skip
            out[t] = best
        return out


#: The shanten `Shanten.around` gives a tile that cannot be added or taken away.
NOT_HELD: Final = 99
_IS_ORPHAN: Final = [t in (0, 8, 9, 17, 18, 26) or t >= 27 for t in range(34)]


def _closed_stats(tiles: int) -> tuple[int, int, int, int]:
    """Kinds, pairs, orphan kinds and paired orphan kinds of packed tiles."""
    kinds = pairs = orphans = paired = 0
    for t in range(34):
        n = tiles >> (3 * t) & 7
        if n:
            kinds += 1
            if n >= 2:
                pairs += 1
            if _IS_ORPHAN[t]:
                orphans += 1
                if n >= 2:
                    paired += 1
    return kinds, pairs, orphans, paired


def _closed_shanten(kinds: int, pairs: int, orphans: int, paired: int) -> int:
    """The better of seven pairs and thirteen orphans (four equal tiles are one pair)."""
    return min(6 - pairs + max(0, 7 - kinds), 13 - orphans - (1 if paired else 0))


class Graph:
    """Every reachable state, numbered in the order found; edges in flat lists (see the module doc).

    13-tile state i: ``key13[i]``, ``shanten13[i]``, ``dist13[i]``, ``riichi13[i]``; its draws are
    ``draw_count[e]`` copies leading to 14-tile state ``draw_to[e]`` for e in
    ``draw_lo[i]:draw_lo[i + 1]``. 14-tile state j: its allowed discards lead to 13-tile states
    ``succ[e]`` for e in ``succ_lo[j]:succ_lo[j + 1]``; ``win14[j]`` is the win it offers (an index
    into ``wins``, a (hand, winning kind) pair) or -1.
    """

    def __init__(
        self, start: int, pool: list[int], shanten: Shanten, budget: int, back_budget: int, riichi: bool
    ) -> None:
        self.start = start
        self.start_counts = [count_of(start, k) for k in range(NUM_KINDS)]
        self.pool = pool  # copies of each kind not seen by the player, the hand's included
        self.shanten = shanten
        self.budget = budget  # for draws that do not lower the shanten
        self.back_budget = back_budget  # for discards that raise it
        self.riichi = riichi  # a closed tenpai hand declares riichi at once
        self.key13: list[int] = []
        self.shanten13: list[int] = []
        self.dist13: list[int] = []
        self.riichi13: list[bool] = []
        self.index13: dict[int, int] = {}
        self.draw_lo: list[int] = []
        self.draw_count: list[int] = []
        self.draw_to: list[int] = []
        self.index14: dict[int, int] = {}
        self.succ_lo: list[int] = []
        self.succ: list[int] = []
        self.win14: list[int] = []
        self.wins: list[tuple[int, int]] = []

    def state13(self, key: int, shanten: int, dist: int) -> int:
        """The index of a 13-tile state, new ones numbered next (and expanded by `expand`)."""
        found = self.index13.get(key)
        if found is not None:
            return found
        i = len(self.key13)
        self.index13[key] = i
        self.key13.append(key)
        self.shanten13.append(shanten)
        self.dist13.append(dist)
        self.riichi13.append(self.riichi and shanten == 0)
        return i

    def expand(self) -> None:
        """Find every state reachable from those numbered so far, in order (breadth first)."""
        i = len(self.draw_lo)
        while i < len(self.key13):
            self.draw_lo.append(len(self.draw_to))
            self._draws(i)
            i += 1

    def finish(self) -> None:
        """Close the edge lists (one more bound each)."""
        self.draw_lo.append(len(self.draw_to))
        self.succ_lo.append(len(self.succ))

    def _draws(self, i: int) -> None:
        key, s, dist = self.key13[i], self.shanten13[i], self.dist13[i]
        riichi = self.riichi13[i]
        budget = self.budget
        around = self.shanten.around(key, 1)
        for k in range(NUM_KINDS):
            held = count_of(key, k)
            left = self.pool[k] - held
            if left <= 0:
                continue
            after = key + UNIT[k]
            s14 = around[kind_tile(k)]
            if riichi and s14 >= 0:
                continue  # after riichi the hand is fixed: only a win is drawn
            d14 = dist + (1 if held >= self.start_counts[k] else 0)
            if s14 < s or d14 + s14 <= budget:
                self.draw_count.append(left)
                self.draw_to.append(self._state14(after, s14, d14, k))

    def _state14(self, key: int, s14: int, dist: int, drawn: int) -> int:
        """The index of a 14-tile state; a complete hand is a state per winning kind."""
        node = key << 6 | (drawn + 1 if s14 < 0 else 0)
        found = self.index14.get(node)
        if found is not None:
            return found
        j = len(self.succ_lo)
        self.index14[node] = j
        self.succ_lo.append(len(self.succ))
        if s14 < 0:
            self.win14.append(len(self.wins))
            self.wins.append((key, drawn))
        else:
            self.win14.append(-1)
        budget = self.back_budget
        around = self.shanten.around(key, -1)
        for d in range(NUM_KINDS):
            held = count_of(key, d)
            if not held:
                continue
            left = key - UNIT[d]
            s13 = around[kind_tile(d)]
            d13 = dist - (1 if held > self.start_counts[d] else 0)
            if s13 == s14 or d13 + s13 <= budget:
                self.succ.append(self.state13(left, s13, d13))
        return j
