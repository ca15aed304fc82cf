"""The state graph of `riichi analyze`: every hand the player can reach, its draws and its discards.

A hand has 37 kinds of tile: the 34 tiles, then red 5m 5p 5s as kinds of their own (a red five scores
apart, and the model's budget counts it apart). It is packed in two native ints, 3 bits a count: ``hi``
holds the characters and the circles (kind k at bits 3k), ``lo`` the bamboos, the honors and the red
fives (kind k at bits 3(k - 18)). Both stay below 2**57, so compiled code keeps them unboxed; adding a
tile is adding its `UNIT_HI` and `UNIT_LO`.

Two kinds of state (../shared/analysis/README.md, "The model"):

- a 13-tile hand waiting to draw (`Graph` ``*13`` lists). Its draws are the tiles that lower the
  shanten, and, under the hand-change budget, any other tile; a closed tenpai hand in riichi draws
  only the tiles that complete it;
- a 14-tile hand after a draw (``*14`` lists), with the discards allowed from it: those that keep the
  shanten and, under the budget, those that raise it. A complete hand also carries the win (an index
  into the ``win_*`` lists); the discards from it are the ways to decline the win.

The budget: ``dist(hand) + shanten <= budget`` where ``dist`` counts the tiles (of the 37 kinds) the
hand holds beyond the starting 14 tiles and ``budget`` is the starting shanten plus ``extra`` (plus 0
without hand changes). A draw that lowers the shanten and a discard that keeps it never need it; the
reference data fit this rule exactly, and with hand changes off it still lets a draw of the tile just
discarded bring back the starting hand and its choice.
"""

from __future__ import annotations

import sys
from array import array
from typing import Final

from ..core.int_table import IntTable
from ..core.native import i64
from .parts import part_distance, part_key, part_vector, rest_vectors
from .suit_table import load

# The engine meets thousands of new suits per problem: their shanten vectors come from the table.
load()

NUM_KINDS: Final = 37
#: The kind of each red five (5m 5p 5s) and the tile each red kind is.
RED_KINDS: Final = (34, 35, 36)
FIVES: Final = (4, 13, 22)
#: The tile of each kind: a red kind is its five.
TILE_OF: Final = [k if k < 34 else FIVES[k - 34] for k in range(NUM_KINDS)]
#: One copy of each kind in a packed hand's two words.
UNIT_HI: Final = [1 << (3 * k) if k < 18 else 0 for k in range(NUM_KINDS)]
UNIT_LO: Final = [1 << (3 * (k - 18)) if k >= 18 else 0 for k in range(NUM_KINDS)]
_SUIT_MASK: Final = (1 << 27) - 1
_HONOR_MASK: Final = (1 << 21) - 1
#: The shanten `Shanten.around` gives a tile that cannot be added or taken away.
NOT_HELD: Final = 99


def kind_tile(kind: int) -> int:
    """The tile (0-33) of a kind: a red kind is its five."""
    return TILE_OF[kind]


def count_of(hi: i64, lo: i64, kind: i64) -> i64:
    """Copies of ``kind`` in a packed hand."""
    if kind < 18:
        return hi >> (3 * kind) & 7
    return lo >> (3 * (kind - 18)) & 7


def pack(counts: list[int]) -> tuple[int, int]:
    """A hand's two words from its 37 counts."""
    hi: i64 = 0  # native words: a shift of a boxed int is a call
    lo: i64 = 0
    k: i64
    for k in range(18):
        hi += i64(counts[k]) << (3 * k)
    for k in range(18, NUM_KINDS):
        lo += i64(counts[k]) << (3 * (k - 18))
    return hi, lo


def tile_counts(hi: int, lo: int) -> list[int]:
    """The 34 counts of a packed hand, red fives counted as their fives."""
    counts = [0] * 34
    for k in range(NUM_KINDS):
        n = count_of(hi, lo, k)
        if n:
            counts[TILE_OF[k]] += n
    return counts


def _suits(hi: int, lo: int) -> tuple[int, int, int, int]:
    """The four parts' counts (3 bits a count) with the red fives merged into their fives."""
    return (
        (hi & _SUIT_MASK) + ((lo >> 48 & 7) << 12),
        (hi >> 27) + ((lo >> 51 & 7) << 12),
        (lo & _SUIT_MASK) + ((lo >> 54 & 7) << 12),
        lo >> 27 & _HONOR_MASK,
    )


#: Each part's shanten with one tile added or taken away at each position, by the part's key, the
#: product of the other parts' vectors, the sets needed and the sign: states share three of their
#: four parts with their neighbours, so most of these are met again and again. The lists are kept
#: in `_moves_lists`, their index in an `IntTable` by a 46-bit key (a dict would box every key).
_moves_index: Final = IntTable(12, 21)
_moves_lists: Final[list[list[int]]] = []
_MEMO_LIMIT: Final = 500_000
#: Product vector ids at or above this are not memoised (the key would not fit an `IntTable`).
_REST_LIMIT: Final = 1 << 13


def _moves(key: i64, rest: i64, need: i64, sign: i64, size: i64) -> list[int]:
    # A part key has 29 bits at most (the honors' flags), `need` 3.
    memo_key: i64 = ((key << 13 | rest) << 3 | need) << 1 | (1 if sign > 0 else 0)
    if rest < _REST_LIMIT:
        found = _moves_index.get(memo_key)
        if found >= 0:
            return _moves_lists[found]
    out: list[int] = []
    for pos in range(size):
        n = key >> (3 * pos) & 7
        if (n == 4 and sign > 0) or (n == 0 and sign < 0):
            out.append(NOT_HELD)
        else:
            out.append(part_distance(part_vector(key + sign * (1 << (3 * pos))), rest, need))
    if rest < _REST_LIMIT:
        if len(_moves_lists) >= _MEMO_LIMIT:
            _moves_index.clear()
            _moves_lists.clear()
        _moves_index.put(memo_key, len(_moves_lists))
        _moves_lists.append(out)
    return out


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

    def of(self, hi: int, lo: int) -> int:
        """The shanten of one hand."""
        m, p, s, z = _suits(hi, lo)
        players = self.players
        ids = [
            part_vector(part_key(0, m, players)),
            part_vector(part_key(1, p, players)),
            part_vector(part_key(2, s, players)),
            part_vector(part_key(3, z, players)),
        ]
        rest = rest_vectors(ids[0], ids[1], ids[2], ids[3])
        best = part_distance(ids[0], rest[0], self.need)
        if self.closed:
            kinds, pairs, orphans, paired = _closed_stats(m, p, s, z)
            best = min(best, _closed_shanten(kinds, pairs, orphans, paired))
        return best

    def around(self, hi: int, lo: int, sign: int) -> list[int]:
        """The shanten of the hand with one more (``sign`` 1) or one less (-1) of each of the 34
        tiles; `NOT_HELD` where the hand holds none to take away or four already."""
        m, p, s, z = _suits(hi, lo)
        players, need = self.players, self.need
        keys = [
            part_key(0, m, players),
            part_key(1, p, players),
            part_key(2, s, players),
            part_key(3, z, players),
        ]
        first = part_vector(keys[0])
        rest = rest_vectors(first, part_vector(keys[1]), part_vector(keys[2]), part_vector(keys[3]))
        # The four parts' lists end to end (a list concatenation copies in C, not item by item).
        if players == 3:  # the characters are 1m and 9m only: two positions
            two = _moves(keys[0], rest[0], need, sign, 2)
            out = [two[0]] + _SEVEN_NOT_HELD + [two[1]]
        else:
            out = list(_moves(keys[0], rest[0], need, sign, 9))
        # One list grown in place (extend copies in C), not a new list per concatenation.
        out.extend(_moves(keys[1], rest[1], need, sign, 9))
        out.extend(_moves(keys[2], rest[2], need, sign, 9))
        out.extend(_moves(keys[3], rest[3], need, sign, 7))
        if self.closed:
            # A tile more never raises the standard shanten, a tile less raises it by one at most:
            # the neighbours' standard shanten are at most this bound.
            bound = part_distance(first, rest[0], need) + (0 if sign > 0 else 1)
            _closed_around(out, m, p, s, z, sign, bound)
        return out


#: The three-player characters' missing 2m-8m in `Shanten.around`.
_SEVEN_NOT_HELD: Final = [NOT_HELD] * 7


#: Bit 0 of each 3-bit count of a suit (9 counts) and of the honors (7).
_ONES9: Final = 0o111111111
_ONES7: Final = 0o1111111


def _closed_stats(m: int, p: int, s: int, z: int) -> tuple[int, int, int, int]:
    """Kinds, pairs, orphan kinds and paired orphan kinds of a hand's four parts.

    Bit-parallel over a part's counts (each 0..4 in 3 bits): ``(x + 3) >> 2`` is 1 for a count held,
    ``(x + 2) >> 2`` for one held twice, with no carry between counts; `_ones` counts those bits.
    """
    kinds: i64 = 0
    pairs: i64 = 0
    orphans: i64 = 0
    paired: i64 = 0
    part: i64
    for part in range(3):
        x: i64 = m if part == 0 else p if part == 1 else s
        held: i64 = (x + 3 * _ONES9) >> 2 & _ONES9
        twice: i64 = (x + 2 * _ONES9) >> 2 & _ONES9
        kinds += _ones(held)
        pairs += _ones(twice)
        orphans += (held & 1) + (held >> 24 & 1)  # the 1 and the 9
        paired += (twice & 1) + (twice >> 24 & 1)
    hz: i64 = z
    held = (hz + 3 * _ONES7) >> 2 & _ONES7
    twice = (hz + 2 * _ONES7) >> 2 & _ONES7
    honors = _ones(held)
    honor_pairs = _ones(twice)
    return kinds + honors, pairs + honor_pairs, orphans + honors, paired + honor_pairs


def _ones(bits: i64) -> i64:
    """How many of the 9 bits at 0, 3, ..., 24 are set: 8**k is 1 modulo 63 for k even and 8 for k
    odd, so the remainder is (even bits) + 8 * (odd bits), at most 5 + 8 * 4 < 63."""
    r: i64 = bits % 63
    return (r & 7) + (r >> 3)


def _closed_around(out: list[int], m: int, p: int, s: int, z: int, sign: int, bound: int) -> None:
    """Lower each entry of `Shanten.around` to seven pairs or thirteen orphans where they are better.

    One tile changes either shape's number by one at most (and taking one away never lowers it), so
    when the hand's own number already rules them out, nothing is tried tile by tile. A neighbour's
    number depends only on the tile's count class and whether it is an orphan: six values, worked out
    once, then read per tile (only where the entry is above the lowest of them).
    """
    kinds, pairs, orphans, paired = _closed_stats(m, p, s, z)
    base = _closed_shanten(kinds, pairs, orphans, paired)
    reach = base - (1 if sign > 0 else 0)
    if reach >= bound:  # `bound`: no neighbour's standard shanten is above it
        return
    worst: i64 = 0
    t: i64
    for t in range(34):
        cur: i64 = out[t]
        if cur != NOT_HELD and cur > worst:
            worst = cur
    if reach >= worst:
        return
    # By count class (a tile more: none held, one, two or more; a tile less: one held, two, three or
    # more), a plain tile and an orphan.
    if sign > 0:
        plain0 = _closed_shanten(kinds + 1, pairs, orphans, paired)
        plain1 = _closed_shanten(kinds, pairs + 1, orphans, paired)
        orphan0 = _closed_shanten(kinds + 1, pairs, orphans + 1, paired)
        orphan1 = _closed_shanten(kinds, pairs + 1, orphans, paired + 1)
    else:
        plain0 = _closed_shanten(kinds - 1, pairs, orphans, paired)
        plain1 = _closed_shanten(kinds, pairs - 1, orphans, paired)
        orphan0 = _closed_shanten(kinds - 1, pairs, orphans - 1, paired)
        orphan1 = _closed_shanten(kinds, pairs - 1, orphans, paired - 1)
    lowest = _lower(_lower(plain0, plain1), _lower(orphan0, orphan1))
    lowest = _lower(lowest, base)
    first: i64 = 0 if sign > 0 else 1  # the count of class 0
    part: i64
    pos: i64
    for part in range(4):
        x: i64 = m if part == 0 else p if part == 1 else s if part == 2 else z
        size: i64 = 7 if part == 3 else 9
        for pos in range(size):
            t = 9 * part + pos
            cur = out[t]
            if cur == NOT_HELD or cur <= lowest:
                continue
            n: i64 = (x >> (3 * pos) & 7) - first
            if part == 3 or pos == 0 or pos == 8:
                best = orphan0 if n == 0 else orphan1 if n == 1 else base
            else:
                best = plain0 if n == 0 else plain1 if n == 1 else base
            if best < cur:
                out[t] = best


def _lower(a: int, b: int) -> int:
    return a if a < b else b


def _closed_shanten(kinds: int, pairs: int, orphans: int, paired: int) -> int:
    """The better of seven pairs and thirteen orphans (four equal tiles are one pair)."""
    pairs_shanten = 6 - pairs + (7 - kinds if kinds < 7 else 0)
    orphans_shanten = 13 - orphans - (1 if paired else 0)
    return pairs_shanten if pairs_shanten < orphans_shanten else orphans_shanten


class Graph:
    """Every reachable state, numbered in the order found; edges in flat lists (see the module doc).

    13-tile state i: ``hi13[i]``, ``lo13[i]``, ``shanten13[i]``, ``dist13[i]``, ``riichi13[i]``; its
    draws are ``draws[e]`` for e in ``draw_lo[i]:draw_lo[i + 1]``, each the 14-tile state it leads to
    shifted left 3 bits, or'd with the copies that can be drawn (1-4): one int, one read.
    14-tile state j: its allowed discards lead to 13-tile states
    ``succ[e]`` for e in ``succ_lo[j]:succ_lo[j + 1]``; ``win14[j]`` is the win it offers (an index
    into ``win_hi``, ``win_lo``, ``win_kind``: the 14 tiles and the winning kind) or -1.

    `finish` packs the edge lists and ``win14`` (plus one) into ``bytes``, 4 bytes a number (`packed`,
    read back by `word`), and empties the lists: the solver reads every edge at every turn, and a list
    of ints is an int object per edge, scattered in memory among the states made at the same time; the
    bytes are read in order, in place.
    """

    def __init__(
        self,
        start: tuple[int, int],
        pool: list[int],
        shanten: Shanten,
        budget: int,
        back_budget: int,
        riichi: bool,
    ) -> None:
        self.start = start
        self.start_counts = [count_of(start[0], start[1], k) for k in range(NUM_KINDS)]
        self.pool = pool  # copies of each kind not seen by the player, the hand's included
        self.shanten = shanten
        self.budget = budget  # for draws that do not lower the shanten
        self.back_budget = back_budget  # for discards that raise it
        self.riichi = riichi  # a closed tenpai hand declares riichi at once
        self.shanten13: list[int] = []
        self.dist13: list[int] = []
        self.riichi13: list[bool] = []
        #: Draws from the starting discards to each state: numbered breadth first, states at depth d
        #: come before those at d + 1, and matter only from turn ``turn + d`` on.
        self.depth13: list[int] = []
        self.depth14: list[int] = []
        self._depth = 0  # the depth of the state being expanded
        # States by their words (`StateIndex`). A 14-tile win is a state per winning kind: its kind
        # plus one is tagged above hi's bits, 0 for no win.
        self.index13 = StateIndex()
        self.index14 = StateIndex()
        self.hi13, self.lo13 = self.index13.his, self.index13.los
        self.draw_lo: list[int] = []
        self.draws: list[int] = []
        self.succ_lo: list[int] = []
        self.succ: list[int] = []
        self.win14: list[int] = []
        # The same, packed by `finish` for the solver.
        self.draw_lo_b = b""
        self.draws_b = b""
        self.succ_lo_b = b""
        self.succ_b = b""
        self.win14_b = b""
        self.win_hi: list[int] = []
        self.win_lo: list[int] = []
        self.win_kind: list[int] = []

    def state13(self, hi: int, lo: int, shanten: int, dist: int) -> int:
        """The index of a 13-tile state, new ones numbered next (and expanded by `expand`)."""
        key = _mix(hi, lo)
        found = self.index13.find(key, hi, lo)
        if found >= 0:
            return found
        i = self.index13.add(key, hi, lo, found)
        self.shanten13.append(shanten)
        self.dist13.append(dist)
        self.riichi13.append(self.riichi and shanten == 0)
        self.depth13.append(self._depth + 1 if self.draw_lo else 0)
        return i

    def expand(self) -> None:
        """Find every state reachable from those numbered so far, in order (breadth first)."""
        i = len(self.draw_lo)
        while i < len(self.hi13):
            self.draw_lo.append(len(self.draws))
            self._depth = self.depth13[i]
            self._draws(i)
            i += 1

    def finish(self) -> None:
        """Close the edge lists (one more bound each) and pack them for the solver (see the class doc)."""
        self.draw_lo.append(len(self.draws))
        self.succ_lo.append(len(self.succ))
        self.draw_lo_b, self.draw_lo = packed(self.draw_lo), []
        self.draws_b, self.draws = packed(self.draws), []
        self.succ_lo_b, self.succ_lo = packed(self.succ_lo), []
        self.succ_b, self.succ = packed(self.succ), []
        self.win14_b = packed([w + 1 for w in self.win14])
        # Every 14-tile state is found: their index goes before the solver's values come.
        self.index14 = StateIndex()

    def _draws(self, i: int) -> None:
        # Native words: the shifts below stay machine instructions (a boxed int's shift is a call).
        hi: i64 = self.hi13[i]
        lo: i64 = self.lo13[i]
        s: i64 = self.shanten13[i]
        dist: i64 = self.dist13[i]
        riichi = self.riichi13[i]
        budget = self.budget
        pool, start_counts = self.pool, self.start_counts
        around = self.shanten.around(hi, lo, 1)
        draws = self.draws
        k: i64
        for k in range(NUM_KINDS):
            held: i64 = hi >> (3 * k) & 7 if k < 18 else lo >> (3 * (k - 18)) & 7
            left: i64 = pool[k] - held
            if left <= 0:
                continue
            s14: i64 = around[TILE_OF[k]]
            if riichi and s14 >= 0:
                continue  # after riichi the hand is fixed: only a win is drawn
            d14: i64 = dist + (1 if held >= start_counts[k] else 0)
            if s14 < s or d14 + s14 <= budget:
                draws.append(self._state14(hi + UNIT_HI[k], lo + UNIT_LO[k], s14, d14, k) << 3 | left)

    def _state14(self, hi: i64, lo: i64, s14: i64, dist: i64, drawn: i64) -> int:
        """The index of a 14-tile state; a complete hand is a state per winning kind."""
        tag: i64 = drawn + 1 if s14 < 0 else 0
        tagged = hi | tag << 54
        key = _mix(hi, lo) ^ tag << 57
        found = self.index14.find(key, tagged, lo)
        if found >= 0:
            return found
        j = self.index14.add(key, tagged, lo, found)
        self.depth14.append(self._depth)
        self.succ_lo.append(len(self.succ))
        if s14 < 0:
            self.win14.append(len(self.win_hi))
            self.win_hi.append(hi)
            self.win_lo.append(lo)
            self.win_kind.append(drawn)
        else:
            self.win14.append(-1)
        budget = self.back_budget
        start_counts, succ = self.start_counts, self.succ
        around = self.shanten.around(hi, lo, -1)
        d: i64
        for d in range(NUM_KINDS):
            held: i64 = hi >> (3 * d) & 7 if d < 18 else lo >> (3 * (d - 18)) & 7
            if not held:
                continue
            s13: i64 = around[TILE_OF[d]]
            d13: i64 = dist - (1 if held > start_counts[d] else 0)
            if s13 == s14 or d13 + s13 <= budget:
                succ.append(self.state13(hi - UNIT_HI[d], lo - UNIT_LO[d], s13, d13))
        return j


class StateIndex:
    """States numbered in order by their two words, found by one int mixed from them (`_mix`, one
    boxed key and one look-up: a dict by each word would box both), checked against the words kept;
    the rare state whose int another took first is found by its words in ``clash``."""

    def __init__(self) -> None:
        self.by_mix: dict[int, int] = {}
        self.clash: dict[tuple[int, int], int] = {}
        self.his: list[int] = []
        self.los: list[int] = []

    def find(self, key: int, hi: int, lo: int) -> int:
        """The number of the state of words ``hi``, ``lo`` (and ``key``, their mix); for a new one
        -1 (its key is free) or -2 (taken), for `add`."""
        found = self.by_mix.get(key, -1)
        if found >= 0 and not (self.his[found] == hi and self.los[found] == lo):
            found = self.clash.get((hi, lo), -2)
        return found

    def add(self, key: int, hi: int, lo: int, found: int) -> int:
        """Number a new state (``found``: what `find` said of it)."""
        i = len(self.his)
        if found == -2:
            self.clash[(hi, lo)] = i
        else:
            self.by_mix[key] = i
        self.his.append(hi)
        self.los.append(lo)
        return i


def _mix(hi: i64, lo: i64) -> i64:
    """One int from a hand's two words (hi below 2**54, lo below 2**57), below 2**59; hands that
    share it are told apart by their words."""
    return hi << 5 ^ lo


#: An `array` type code of 4-byte unsigned ints (``I`` on every common platform).
_WORD: Final = "I" if array("I").itemsize == 4 else "L"


def packed(values: list[int]) -> bytes:
    """Numbers from 0 to 2**32 - 1 as 4 bytes each, little-endian (`word` reads one back)."""
    words = array(_WORD, values)
    if sys.byteorder == "big":
        words.byteswap()
    return words.tobytes()


def word(data: bytes, i: i64) -> i64:
    """Number ``i`` of `packed` bytes."""
    k = 4 * i
    return i64(data[k]) | i64(data[k + 1]) << 8 | i64(data[k + 2]) << 16 | i64(data[k + 3]) << 24
