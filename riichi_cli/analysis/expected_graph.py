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
from .parts import load_honors, part_key, part_vector, rest_vectors
from .suit_table import load, suit_moves
from .vectors import _HONOR_FLAG, _TWO_KINDS, fill_products, lowered, packed_vector, product

# The engine meets thousands of new suits per problem: their shanten vectors come from the table,
# the honors' from their 120 shapes, and the products of those vectors, all worked out once here.
load()
load_honors()
fill_products()

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
    shift: i64 = 0
    for c in counts:  # walked in line, no index checked
        n: i64 = c
        if shift < 54:  # kinds 0-17 in hi
            hi += n << shift
        else:
            lo += n << (shift - 54)
        shift += 3
    return hi, lo


def tile_counts(hi: int, lo: int) -> list[int]:
    """The 34 counts of a packed hand, red fives counted as their fives."""
    counts = [0] * 34
    for k in range(NUM_KINDS):
        n = count_of(hi, lo, k)
        if n:
            counts[TILE_OF[k]] += n
    return counts


#: Each part's standard-shanten neighbours as a mask of its positions, by the part's key, the product
#: of the other parts' vectors, the sets needed and the sign: bit p is set when one more (``sign`` 1)
#: of position p lowers the hand's standard shanten, or one less (-1) keeps it. A tile more lowers it
#: by one at most and never raises it, a tile less raises it by one at most, so the bit is all there
#: is to know. States share three of their four parts with their neighbours, so most of these are met
#: again and again; an `IntTable` holds them by a 46-bit key, the mask as the value (no list, no box).
_masks: Final = IntTable(12, 21)
#: Product vector ids at or above this are not memoised (the key would not fit an `IntTable`).
_REST_LIMIT: Final = 1 << 13


def _part_mask(key: i64, vid: i64, rest: i64, need: i64, sign: i64, size: i64) -> i64:
    """The neighbour mask of one part (see `_masks`) of vector ``vid``; positions that cannot change
    are 0.

    The hand's distance is the least ``v[j] + rest[target - j]`` over the splits j of the target
    between the part and the rest, and a neighbour's vector differs from ``v`` by one at most in each
    entry (lower for a tile more, higher for a tile less: a tile changes the tiles lacking for a
    fixed target by one at most). So a tile more lowers the distance exactly when it lowers an entry
    j of a least split, and a tile less keeps it exactly when it keeps one: a suit's neighbours are
    then read from the suit table (`suit_moves`), with no shanten worked out.
    """
    plus = sign > 0
    memo_key: i64 = ((key << 13 | rest) << 3 | need) << 1 | (1 if plus else 0)
    if rest < _REST_LIMIT:
        found = _masks.get(memo_key)
        if found >= 0:
            return found
    v: i64 = packed_vector(vid)
    least = _least_splits(v, packed_vector(rest), 2 * need + 1)
    mask: i64 = -1
    if not key & _HONOR_FLAG:
        mask = suit_moves(key, plus, least)
    if mask < 0:  # the honors, or a suit the table does not hold
        mask = _moves(key, v, plus, least, size)
    if rest < _REST_LIMIT:
        _masks.put(memo_key, mask)
    return mask


def _least_splits(v: i64, rest: i64, target: i64) -> i64:
    """The splits j (bit j) where ``v[j] + rest[target - j]`` is least, of two packed vectors
    (`riichi_cli.analysis.vectors.packed_vector`)."""
    best: i64 = 999
    splits: i64 = 0
    bit: i64 = 1  # 2 ** j, kept native (see `_unit`)
    j: i64
    for j in range(target + 1):
        x: i64 = (v >> (4 * j) & 15) + (rest >> (4 * (target - j)) & 15)
        if x < best:
            best = x
            splits = bit
        elif x == best:
            splits |= bit
        bit <<= 1
    return splits


def _moves(key: i64, v: i64, plus: bool, splits: i64, size: i64) -> i64:
    """The positions of any part (vector ``v``, packed) where one more tile (``plus``) lowers, or one
    less keeps, an entry j of ``splits``: each neighbour's vector, by its key. The honors' vector
    depends only on how many kinds are held once, twice and three times or more, so the neighbours
    of the kinds held equally often are alike: one vector each count (bit n of ``known``)."""
    honors = not key & _TWO_KINDS
    known: i64 = 0
    moved: i64 = 0  # bit n: the neighbours of the kinds held n times are hits
    mask: i64 = 0
    pos: i64
    for pos in range(size):
        n = key >> (3 * pos) & 7
        if (n == 4 and plus) or (n == 0 and not plus):
            continue
        if not (honors and known >> n & 1):
            if plus:
                u: i64 = packed_vector(part_vector(key + _unit(3 * pos)))
                hits = splits & lowered(v, u)
            else:
                u = packed_vector(part_vector(key - _unit(3 * pos)))
                hits = splits & ~lowered(u, v)
            known |= _unit(n)
            if hits:
                moved |= _unit(n)
        if moved >> n & 1:
            mask |= _unit(pos)
    return mask


def _parts(hi: i64, lo: i64) -> tuple[i64, i64, i64, i64]:
    """The four parts' counts (3 bits a count) with the red fives merged into their fives."""
    return (
        (hi & _SUIT_MASK) + ((lo >> 48 & 7) << 12),
        (hi >> 27 & _SUIT_MASK) + ((lo >> 51 & 7) << 12),
        (lo & _SUIT_MASK) + ((lo >> 54 & 7) << 12),
        lo >> 27 & _HONOR_MASK,
    )


def _distance(a: i64, b: i64, need: i64) -> i64:
    """The standard shanten of a hand of two parts of vectors ``a`` and ``b`` (or a part and the
    product of the other three), with ``need`` sets to make: their product's entry for ``need`` sets
    and the pair, less one (the products are all worked out at import: a read, where the entry alone
    was worked out and memoised apart)."""
    return (packed_vector(product(a, b)) >> (4 * (2 * need + 1)) & 15) - 1


def _unit(shift: i64) -> i64:
    """``2 ** shift`` in 64 bits. Not ``1 << shift``: compiled, mypyc (2.4) writes a small literal
    shifted by a native int as a C ``int`` shift, wrong from 32 bits on (``1 << 45`` gave 8192)."""
    one: i64 = shift - shift + 1  # not a constant: the shift is 64 bits wide
    return one << shift


class Shanten:
    """Best shanten (standard, seven pairs, thirteen orphans) of packed hands.

    A state asks for the shanten of itself with each tile added (its draws) or taken away (its
    discards): the hand is split into its four parts once, and each neighbour changes one part, read
    against the product of the other three (the method of `riichi_cli.analysis.acceptance`).
    """

    def __init__(self, melds: int, players: int) -> None:
        self.need: i64 = 4 - melds
        self.closed = melds == 0
        self.players: i64 = players

    def of(self, hi: int, lo: int) -> int:
        """The shanten of one hand."""
        m, p, s, z = _parts(hi, lo)
        mp = product(part_vector(part_key(0, m, self.players)), part_vector(p))
        sz = product(part_vector(s), part_vector(part_key(3, z, self.players)))
        best: i64 = _distance(mp, sz, self.need)
        if self.closed:
            kinds, pairs, orphans, paired = _closed_stats(m, p, s, z)
            closed: i64 = _closed_shanten(kinds, pairs, orphans, paired)
            best = closed if closed < best else best
        return best

    def near(self, hi: i64, lo: i64, sign: i64) -> tuple[i64, i64]:
        """The hand's shanten ``s`` and its neighbours as a mask of the 34 tiles: bit t is set when
        one more t (``sign`` 1) makes the shanten ``s - 1`` (else it stays ``s``), or one less t (-1)
        keeps it ``s`` (else ``s + 1``). Bits of tiles that cannot be added or taken away mean
        nothing (the callers never read them)."""
        m, p, s, z = _parts(hi, lo)
        players, need = self.players, self.need
        km: i64 = part_key(0, m, players)
        kz: i64 = part_key(3, z, players)
        vm, vp, vs, vz = part_vector(km), part_vector(p), part_vector(s), part_vector(kz)
        rm, rp, rs, rz = rest_vectors(vm, vp, vs, vz)
        # A part with no tile has none to take away: its bits mean nothing then, none is worked out.
        plus = sign > 0
        mask: i64 = 0
        if plus or m:
            if players == 3:  # the characters are 1m and 9m only: positions 0 and 1 of their part
                two = _part_mask(km, vm, rm, need, sign, 2)
                mask = (two & 1) | (two >> 1) << 8
            else:
                mask = _part_mask(km, vm, rm, need, sign, 9)
        if plus or p:
            mask |= _part_mask(p, vp, rp, need, sign, 9) << 9
        if plus or s:
            mask |= _part_mask(s, vs, rs, need, sign, 9) << 18
        if plus or z:
            mask |= _part_mask(kz, vz, rz, need, sign, 7) << 27
        base: i64 = _distance(vm, rm, need)
        if not self.closed:
            return base, mask
        kinds, pairs, orphans, paired = _closed_stats(m, p, s, z)
        closed: i64 = _closed_shanten(kinds, pairs, orphans, paired)
        # A tile changes each shape's number by one at most, in the same direction: the neighbours
        # that reach the hand's best are those of the shapes that are the best (both when equal).
        if closed > base:
            return base, mask
        closed_mask = _closed_mask(m, p, s, z, sign, closed, kinds, pairs, orphans, paired)
        if closed < base:
            return closed, closed_mask
        return base, mask | closed_mask

    def around(self, hi: int, lo: int, sign: int) -> list[int]:
        """The shanten of the hand with one more (``sign`` 1) or one less (-1) of each of the 34
        tiles; `NOT_HELD` where the hand holds none to take away or four already (and for 2m-8m with
        three players)."""
        s, mask = self.near(hi, lo, sign)
        m, p, z, h = _parts(hi, lo)
        full: i64 = 4 if sign > 0 else 0  # no tile to add, or none to take away
        three = self.players == 3
        out: list[int] = []
        t: i64
        for t in range(34):
            x: i64 = m if t < 9 else p if t < 18 else z if t < 27 else h
            n: i64 = x >> (3 * (t % 9)) & 7
            if n == full or (three and 0 < t < 8):
                out.append(NOT_HELD)
            else:
                out.append(s + (0 if sign > 0 else 1) - (mask >> t & 1))
        return out


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


def _closed_mask(
    m: i64, p: i64, s: i64, z: i64, sign: i64, closed: i64, kinds: i64, pairs: i64, orphans: i64, paired: i64
) -> i64:
    """`Shanten.near`'s mask for seven pairs and thirteen orphans (their better number ``closed``).

    A neighbour's number depends only on the tile's count class and whether it is an orphan, so four
    values are worked out once and read per tile. A tile more: held none, once, or more (unchanged);
    a tile less: held once, twice, or more (unchanged, so kept).
    """
    if sign > 0:
        goal = closed - 1
        plain0 = _closed_shanten(kinds + 1, pairs, orphans, paired) == goal
        plain1 = _closed_shanten(kinds, pairs + 1, orphans, paired) == goal
        orphan0 = _closed_shanten(kinds + 1, pairs, orphans + 1, paired) == goal
        orphan1 = _closed_shanten(kinds, pairs + 1, orphans, paired + 1) == goal
    else:
        goal = closed
        plain0 = _closed_shanten(kinds - 1, pairs, orphans, paired) == goal
        plain1 = _closed_shanten(kinds, pairs - 1, orphans, paired) == goal
        orphan0 = _closed_shanten(kinds - 1, pairs, orphans - 1, paired) == goal
        orphan1 = _closed_shanten(kinds, pairs - 1, orphans, paired - 1) == goal
    more = sign < 0  # the class "more": a tile less of three or four keeps the number
    first: i64 = 0 if sign > 0 else 1  # the count of class 0
    mask: i64 = 0
    part: i64
    pos: i64
    for part in range(4):
        x: i64 = m if part == 0 else p if part == 1 else s if part == 2 else z
        size: i64 = 7 if part == 3 else 9
        for pos in range(size):
            n: i64 = (x >> (3 * pos) & 7) - first
            if part == 3 or pos == 0 or pos == 8:
                hit = orphan0 if n == 0 else orphan1 if n == 1 else more
            else:
                hit = plain0 if n == 0 else plain1 if n == 1 else more
            if hit and n >= 0:
                mask |= _unit(9 * part + pos)
    return mask


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
        start_near: tuple[int, int] = (-1, 0),
    ) -> None:
        self.start = start
        self.start_hi: i64 = start[0]
        self.start_lo: i64 = start[1]
        #: `Shanten.near` of the starting hand (sign -1; -1: not given): drawing back the tile just
        #: thrown brings it back as a 14-tile state, and its discards are then known.
        self.start_shanten: i64 = start_near[0]
        self.start_kept: i64 = start_near[1]
        self.pool = pool  # copies of each kind not seen by the player, the hand's included
        pool_hi, pool_lo = pack(pool)  # the same as two words, like a hand
        self.pool_hi: i64 = pool_hi
        self.pool_lo: i64 = pool_lo
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
        #: The starting discards' draws that lower their shanten (`Shanten.near`), for their rows.
        self.start_better: list[int] = []
        self._depth = 0  # the depth of the state being expanded
        # States by their words (`StateIndex`). A 14-tile win is a state per winning kind: its kind
        # plus one is tagged above hi's bits (`_WIN_TAG`), 0 for no win.
        # A tenpai hand with no draw but its wins (budget 0) has a few states: small first tables.
        slots: i64 = _FEW_SLOTS if budget == 0 else _FIRST_SLOTS
        self.index13 = StateIndex(slots)
        self.index14 = StateIndex(slots)
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

    def state13(self, hi: i64, lo: i64, shanten: i64, dist: i64) -> i64:
        """The index of a 13-tile state, new ones numbered next (and expanded by `expand`)."""
        found = self.index13.find(hi, lo)
        if found >= 0:
            return found
        i = self.index13.add(hi, lo, found)
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
        self.index14.drop()

    def _draws(self, i: int) -> None:
        # Native words: the shifts below stay machine instructions (a boxed int's shift is a call).
        hi: i64 = self.hi13[i]
        lo: i64 = self.lo13[i]
        dist: i64 = self.dist13[i]
        riichi = self.riichi13[i]
        budget: i64 = self.budget
        pool_hi, pool_lo, start_hi, start_lo = self.pool_hi, self.pool_lo, self.start_hi, self.start_lo
        s, better = self.shanten.near(hi, lo, 1)
        if not self.depth13[i]:
            self.start_better.append(better)
        draws = self.draws
        k: i64
        for k in range(NUM_KINDS):
            lower: i64 = better >> (k if k < 34 else 9 * (k - 34) + 4) & 1  # the tile of kind k
            if riichi and not lower:
                continue  # after riichi the hand is fixed: only a win is drawn
            shift: i64 = 3 * k if k < 18 else 3 * (k - 18)
            own: i64 = hi if k < 18 else lo
            held: i64 = own >> shift & 7
            left: i64 = ((pool_hi if k < 18 else pool_lo) >> shift & 7) - held
            if left <= 0:
                continue
            start: i64 = (start_hi if k < 18 else start_lo) >> shift & 7
            d14: i64 = dist + (1 if held >= start else 0)
            if lower or d14 + s <= budget:
                unit: i64 = _unit(shift)
                if k < 18:
                    j = self._state14(hi + unit, lo, s - lower, d14, k)
                else:
                    j = self._state14(hi, lo + unit, s - lower, d14, k)
                draws.append(j << 3 | left)

    def _state14(self, hi: i64, lo: i64, s14: i64, dist: i64, drawn: i64) -> i64:
        """The index of a 14-tile state; a complete hand is a state per winning kind."""
        tag: i64 = drawn + 1 if s14 < 0 else 0
        tagged: i64 = hi | tag << _WIN_TAG
        found = self.index14.find(tagged, lo)
        if found >= 0:
            return found
        j = self.index14.add(tagged, lo, found)
        self.depth14.append(self._depth)
        self.succ_lo.append(len(self.succ))
        if s14 < 0:
            self.win14.append(len(self.win_hi))
            self.win_hi.append(hi)
            self.win_lo.append(lo)
            self.win_kind.append(drawn)
        else:
            self.win14.append(-1)
        budget: i64 = self.back_budget
        start_hi, start_lo, succ = self.start_hi, self.start_lo, self.succ
        if s14 < 0:  # complete: no tile less keeps it so (13 tiles are never complete), none asked
            s: i64 = -1
            kept: i64 = 0
        elif hi == start_hi and lo == start_lo and self.start_shanten >= 0:
            s = self.start_shanten
            kept = self.start_kept
        else:
            s, kept = self.shanten.near(hi, lo, -1)
        d: i64
        for d in range(NUM_KINDS):
            shift: i64 = 3 * d if d < 18 else 3 * (d - 18)
            held: i64 = (hi if d < 18 else lo) >> shift & 7
            if not held:
                continue
            same: i64 = kept >> (d if d < 34 else 9 * (d - 34) + 4) & 1  # the tile of kind d
            start: i64 = (start_hi if d < 18 else start_lo) >> shift & 7
            d13: i64 = dist - (1 if held > start else 0)
            if same or d13 + s + 1 <= budget:
                unit: i64 = _unit(shift)
                if d < 18:
                    succ.append(self.state13(hi - unit, lo, s + 1 - same, d13))
                else:
                    succ.append(self.state13(hi, lo - unit, s + 1 - same, d13))
        return j


#: A 14-tile win's kind plus one is kept in its ``hi`` word from this bit (``hi`` itself is below it).
_WIN_TAG: Final = 54


#: Slots of a new `StateIndex` (a power of two), and of one for a problem of a few states.
_FIRST_SLOTS: Final = 1 << 6
_FEW_SLOTS: Final = 1 << 4


class StateIndex:
    """States numbered in order by their two words: open addressing over a list of state numbers
    (-1 for an empty slot), each slot checked against the words kept. A dict would take one boxed key
    (an int object made, hashed and freed) for every look-up; here a look-up is native arithmetic and
    list reads. Never forgets a state (it doubles when half full)."""

    def __init__(self, slots: i64 = _FIRST_SLOTS) -> None:
        self.his: list[int] = []
        self.los: list[int] = []
        self.slots: list[int] = [-1] * slots
        self.mask: i64 = slots - 1

    def find(self, hi: i64, lo: i64) -> i64:
        """The number of the state of words ``hi``, ``lo``; for a new one ``-1 - slot``, the empty
        slot where `add` puts it."""
        slots, his, los, mask = self.slots, self.his, self.los, self.mask
        i: i64 = _slot(hi, lo, mask)
        while True:
            v: i64 = slots[i]
            if v < 0:
                return -1 - i
            w: i64 = his[v]
            if w == hi:
                w = los[v]
                if w == lo:
                    return v
            i = (i + 1) & mask

    def add(self, hi: i64, lo: i64, found: i64) -> i64:
        """Number a new state (``found``: what `find` said of it)."""
        n: i64 = len(self.his)
        self.his.append(hi)
        self.los.append(lo)
        self.slots[-1 - found] = n
        if 2 * (n + 1) > self.mask + 1:  # at most half full: probes stay short
            self._grow()
        return n

    def drop(self) -> None:
        """Forget every state (their words and slots freed; `find` still answers, for nothing)."""
        self.his = []
        self.los = []
        self.slots = [-1]
        self.mask = 0

    def _grow(self) -> None:
        size: i64 = 2 * (self.mask + 1)
        self.slots = slots = [-1] * size
        self.mask = mask = size - 1
        his, los = self.his, self.los
        v: i64
        for v in range(len(his)):
            w: i64 = his[v]
            x: i64 = los[v]
            i: i64 = _slot(w, x, mask)
            while slots[i] >= 0:
                i = (i + 1) & mask
            slots[i] = v


#: Knuth's multiplicative hashing constant (2**32 / golden ratio).
_SPREAD: Final = 2654435761


def _slot(hi: i64, lo: i64, mask: i64) -> i64:
    """The first slot of a state: both words folded to 31 bits, then spread by multiplication (each
    product stays below 2**63: no overflow compiled)."""
    a: i64 = (hi ^ hi >> 31) & 0x7FFFFFFF
    b: i64 = (lo ^ lo >> 31) & 0x7FFFFFFF
    h: i64 = (a * _SPREAD + b) & 0x7FFFFFFF
    return (h * _SPREAD) >> 16 & mask


#: An `array` type code of 4-byte unsigned ints (``I`` on every common platform).
_WORD: Final = "I" if array("I").itemsize == 4 else "L"
_BIG_ENDIAN: Final = sys.byteorder == "big"
#: Up to this many numbers are packed without an array (`packed`): an array costs ~2,000 instructions
#: to make, more than a few numbers cost to join.
_FEW: Final = 8
#: The 4 bytes of each number below 256.
_SMALL_WORDS: Final = [n.to_bytes(4, "little") for n in range(256)]


def packed(values: list[int]) -> bytes:
    """Numbers from 0 to 2**32 - 1 as 4 bytes each, little-endian (`word` reads one back)."""
    if len(values) <= _FEW:
        parts: list[bytes] = []
        for v in values:
            if v >= 256:
                return _packed_few(values)
            parts.append(_SMALL_WORDS[v])
        return b"".join(parts)
    words = array(_WORD, values)
    if _BIG_ENDIAN:
        words.byteswap()
    return words.tobytes()


def _packed_few(values: list[int]) -> bytes:
    """`packed` of a few numbers, through one int's bytes."""
    whole = 0
    for i in range(len(values) - 1, -1, -1):
        whole = whole << 32 | values[i]
    return whole.to_bytes(4 * len(values), "little")


def word(data: bytes, i: i64) -> i64:
    """Number ``i`` of `packed` bytes."""
    k = 4 * i
    return i64(data[k]) | i64(data[k + 1]) << 8 | i64(data[k + 2]) << 16 | i64(data[k + 3]) << 24
