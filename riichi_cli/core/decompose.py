"""Every way to read concealed tiles as sets and one pair.

A group is ``(kind, tile)``: ``(SEQ, t)`` is the sequence t, t+1, t+2 and ``(TRIP, t)`` three of t.
Each suit is split on its own and the splits are cached by the suit's 9 counts packed in one int,
so a hand costs a few dictionary lookups once the common shapes have been seen.
"""

from __future__ import annotations

from .native import i64
from .templates import Templates
from .tiles import COUNT_BITS, ORPHANS, is_orphan, suit_key

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Final

SEQ: Final = 0
TRIP: Final = 1
Group = tuple[int, int]
# One way to split a suit: (groups, pair tile or -1).
Split = tuple[tuple[Group, ...], int]

# Splits by `tiles.suit_key`: packing the counts in an int spares building and hashing a tuple per suit.
# Kept in `Templates` (keys too large for a dict to take without making an int object per look-up; the
# splits themselves in its entries, no list of them to read beside); at most 500,000, then the
# others are split each time.
_splits: Final[Templates] = Templates(500_000)
_KEY_LIMIT: Final = 1 << 47


#: The groups by kind * 34 + first tile: shared values, so a split builds no tuple per group.
_GROUPS: Final = tuple([(kind, t) for kind in (SEQ, TRIP) for t in range(34)])
#: The splits of a suit without tiles: one, of no group and no pair.
_NO_TILES: Final[tuple[Split, ...]] = (((), -1),)
#: `_split` holds a suit's counts in one native int, 7 bits a tile (9 tiles: 63 bits).
_FIELD: Final = 7
_FIELD_MASK: Final = 127
#: The groups held so far by `_split` (empty between calls: each group added is taken off again).
_HELD: Final[list[Group]] = []


def _split(word: i64, size: i64, base: i64, i: i64, pair: i64, held: list[Group], out: list[Split]) -> None:
    """Append to ``out`` every split of the counts from tile ``i`` on into groups (after the groups
    ``held`` so far) and, while ``pair`` is -1, one pair: a triplet at the first tile left first, then
    a sequence, then the pair. ``word`` holds the suit's ``size`` counts (`_FIELD` bits a tile, the
    first lowest); honors (size 7) make no sequence. ``held`` is changed and restored on the way."""
    while i < size and word >> (_FIELD * i) & _FIELD_MASK == 0:
        i += 1
    if i == size:
        out.append((tuple(held), pair))
        return
    shift: i64 = _FIELD * i
    unit: i64 = 1
    unit = unit << shift
    n: i64 = word >> shift & _FIELD_MASK
    t: i64 = base + i
    if n >= 3:
        held.append(_GROUPS[TRIP * 34 + t])
        _split(word - 3 * unit, size, base, i, pair, held, out)
        held.pop()
    if (
        size == 9
        and i <= 6
        and word >> (shift + _FIELD) & _FIELD_MASK
        and word >> (shift + 2 * _FIELD) & _FIELD_MASK
    ):
        held.append(_GROUPS[SEQ * 34 + t])
        _split(word - unit - (unit << _FIELD) - (unit << 2 * _FIELD), size, base, i, pair, held, out)
        held.pop()
    if pair < 0 and n >= 2:
        _split(word - 2 * unit, size, base, i, t, held, out)


def suit_splits(suit: int, counts: tuple[int, ...] | list[int], key: int) -> tuple[Split, ...]:
    """Every split of one suit's counts (``key`` is their `suit_key`) into groups and at most one pair."""
    if 0 <= key < _KEY_LIMIT:
        return _keyed_splits(suit, key)
    # counts beyond any hand's may make other keys: not cached
    size: i64 = 7 if suit == 3 else 9
    word: i64 = 0
    k: i64
    row = list(counts[suit * 9 : suit * 9 + size])
    for k in range(size):
        n: i64 = row[k]
        if not 0 <= n <= _FIELD_MASK:
            raise ValueError(f"{n} copies of a tile: no hand holds that many")
        word |= n << (_FIELD * k)
    splits: list[Split] = []
    _split(word, size, suit * 9, 0, -1, _HELD, splits)
    return tuple(splits)


def _keyed_splits(suit: i64, key: i64) -> tuple[Split, ...]:
    """`suit_splits` of a suit's `suit_key` below `_KEY_LIMIT` (the key holds the counts, 4 bits each,
    the first tile highest: no counts to read), cached."""
    known: tuple[Split, ...] | None = _splits.get(key)
    if known is not None:
        return known
    size: i64 = 7 if suit == 3 else 9
    word: i64 = 0
    packed: i64 = key >> 2
    k: i64
    for k in range(size):
        word |= (packed >> (COUNT_BITS * (size - 1 - k)) & 15) << (_FIELD * k)
    splits: list[Split] = []
    _split(word, size, suit * 9, 0, -1, _HELD, splits)
    found = tuple(splits)
    _splits.put(key, found)
    return found


#: `single_split`'s pair when some suit splits more than one way (`standard_splits` lists the readings).
SEVERAL: Final = -2


def standard_splits(
    counts: tuple[int, ...] | list[int], keys: list[int] | None = None
) -> list[tuple[tuple[Group, ...], int]]:
    """Every reading of concealed counts (3k+2 tiles) as k groups and a pair: [(groups, pair)].
    ``keys`` are the counts' `suit_key` for each suit when the caller has them.

    >>> standard_splits([3, 1, 1, 1, 0, 0, 0, 0, 2] + [0] * 25)  # 111m 234m 99m
    [(((1, 0), (0, 1)), 8)]
    """
    if keys is None:
        keys = _suit_keys(counts)
    man, pin, sou, honors = _suit_parts(counts, keys)
    return _listed(man, pin, sou, honors)


def packed_splits(m: i64, p: i64, s: i64, z: i64) -> list[tuple[tuple[Group, ...], int]]:
    """`standard_splits` of a hand's suits packed by `suit_key` (counts 0-4: `Hand.packs`)."""
    return _listed(_packed_part(0, m), _packed_part(1, p), _packed_part(2, s), _packed_part(3, z))


def _listed(
    man: tuple[Split, ...], pin: tuple[Split, ...], sou: tuple[Split, ...], honors: tuple[Split, ...]
) -> list[tuple[tuple[Group, ...], int]]:
    """`standard_splits` of the suits' splits."""
    groups, pair = _joined(man, pin, sou, honors)
    if pair != SEVERAL:
        return [(groups, pair)] if pair >= 0 else []
    out: list[tuple[tuple[Group, ...], int]] = []
    _combine([man, pin, sou, honors], 0, (), -1, out)
    return out


def single_split(m: i64, p: i64, s: i64, z: i64) -> tuple[tuple[Group, ...], i64]:
    """The reading of a hand's concealed tiles, given as its suits packed by `suit_key` (counts 0-4:
    `Hand.packs`), when every suit splits one way: (groups, pair), with pair -1 when the counts make no
    reading and `SEVERAL` when some suit splits more ways (`packed_splits` lists them). The scorer's
    common case: no list and no (groups, pair) tuple to make and free."""
    return _joined(_packed_part(0, m), _packed_part(1, p), _packed_part(2, s), _packed_part(3, z))


def _packed_part(suit: i64, key: i64) -> tuple[Split, ...]:
    """One suit's splits from its `suit_key` (an empty suit splits one way: no group, no pair)."""
    return _keyed_splits(suit, key) if key else _NO_TILES


def _suit_keys(counts: tuple[int, ...] | list[int]) -> list[int]:
    held = list(counts)
    return [suit_key(held, s) for s in range(4)]


def _suit_parts(
    counts: tuple[int, ...] | list[int], keys: list[int]
) -> tuple[tuple[Split, ...], tuple[Split, ...], tuple[Split, ...], tuple[Split, ...]]:
    """Each suit's splits (an empty suit splits one way: no group, no pair)."""
    # Each key read once: an int above 2**30 (most keys) unboxes through a call, not inline.
    k0, k1, k2, k3 = keys[0], keys[1], keys[2], keys[3]
    man = suit_splits(0, counts, k0) if k0 else _NO_TILES
    pin = suit_splits(1, counts, k1) if k1 else _NO_TILES
    sou = suit_splits(2, counts, k2) if k2 else _NO_TILES
    honors = suit_splits(3, counts, k3) if k3 else _NO_TILES
    return man, pin, sou, honors


def _joined(
    man: tuple[Split, ...], pin: tuple[Split, ...], sou: tuple[Split, ...], honors: tuple[Split, ...]
) -> tuple[tuple[Group, ...], i64]:
    """`single_split` of the suits' splits."""
    if not (man and pin and sou and honors):  # a suit that does not split leaves no reading
        return (), -1
    if len(man) != 1 or len(pin) != 1 or len(sou) != 1 or len(honors) != 1:
        return (), SEVERAL
    man_groups, man_pair = man[0]
    pin_groups, pin_pair = pin[0]
    sou_groups, sou_pair = sou[0]
    honor_groups, honor_pair = honors[0]
    pairs: i64 = (man_pair >= 0) + (pin_pair >= 0) + (sou_pair >= 0) + (honor_pair >= 0)
    if pairs != 1:
        return (), -1
    pair: i64 = honor_pair  # (assigned in steps: an i64 and a literal in one expression join as an int)
    if man_pair >= 0:
        pair = man_pair
    elif pin_pair >= 0:
        pair = pin_pair
    elif sou_pair >= 0:
        pair = sou_pair
    # the groups joined as tuples; an empty suit's are left out (no call to add nothing)
    groups = man_groups
    if pin_groups:
        groups = groups + pin_groups if groups else pin_groups
    if sou_groups:
        groups = groups + sou_groups if groups else sou_groups
    if honor_groups:
        groups = groups + honor_groups if groups else honor_groups
    return groups, pair


def _combine(
    parts: list[tuple[Split, ...]], s: int, groups: tuple[Group, ...], pair: int, out: list[Split]
) -> None:
    """Append to ``out`` each choice of one split per suit from ``parts[s:]`` (after ``groups``) with
    exactly one pair among all the suits, in the order of `itertools.product` over the suits."""
    if s == len(parts):
        if pair >= 0:
            out.append((groups, pair))
        return
    for split_groups, split_pair in parts[s]:
        if split_pair < 0:
            _combine(parts, s + 1, groups + split_groups, pair, out)
        elif pair < 0:
            _combine(parts, s + 1, groups + split_groups, split_pair, out)


def is_chiitoitsu(counts: tuple[int, ...] | list[int]) -> bool:
    """Seven distinct pairs and nothing else: four equal tiles are not two pairs."""
    pairs = 0
    for n in counts:
        if n == 2:
            pairs += 1
        elif n:
            return False
    return pairs == 7


def is_chiitoitsu_packed(m: i64, p: i64, s: i64, z: i64) -> bool:
    """`is_chiitoitsu` of concealed counts given as their suits' `suit_key` (4 bits a tile): a walk of
    the packed counts, not of 34 objects."""
    pairs: i64 = _pairs(m) + _pairs(p) + _pairs(s) + _pairs(z)
    return pairs == 7


def _pairs(key: i64) -> i64:
    """How many tiles a suit's `suit_key` holds twice; -64 when some tile is held neither 0 nor 2 times
    (the other suits' 25 pairs at most leave the sum below 7)."""
    pairs: i64 = 0
    key = key >> 2
    while key:
        n: i64 = key & 15
        if n == 2:
            pairs += 1
        elif n:
            return -64
        key = key >> COUNT_BITS
    return pairs


def is_kokushi(counts: tuple[int, ...] | list[int]) -> bool:
    """Thirteen orphans: one of each terminal and honor, one of them twice, nothing else."""
    held = 0
    for t in range(34):
        n = counts[t]
        if n and not is_orphan(t):
            return False
        held += n
    if held != 14:
        return False
    for t in ORPHANS:
        if not counts[t]:
            return False
    return True


def is_complete(counts: tuple[int, ...] | list[int]) -> bool:
    """Any winning shape for concealed counts of 3k+2 tiles (seven pairs and kokushi at 14).

    Fourteen concealed tiles means no melds, so the closed-only shapes need no meld count.
    """
    if sum(counts) == 14 and (is_chiitoitsu(counts) or is_kokushi(counts)):
        return True
    return bool(standard_splits(counts))


ORPHAN_SET: Final = frozenset(ORPHANS)
#: More copies than any counts hold: `some_wait` tries every tile.
ANY_COUNT: Final = 1 << 30


def winning_tiles(counts: tuple[int, ...] | list[int]) -> list[int]:
    """The tiles that complete concealed counts of 3k+1 tiles, by shape (the furiten and waits question).

    A tile held four times is listed when a fifth copy would complete the shape ("pure karaten":
    it can never come), so a non-empty list alone does not mean tenpai.

    >>> winning_tiles([1, 1, 1, 1] + [0] * 30)
    [0, 3]
    """
    if len(counts) != 34 or sum(counts) % 3 != 1:
        raise ValueError(f"winning_tiles needs 34 counts of 3k+1 tiles, got {sum(counts)} in {len(counts)}")
    c = list(counts)
    out = []
    closed = sum(c) == 13
    # Four sets and a pair leave each suit's count at 0 mod 3 but one suit's at 2.
    residues = [sum(c[9 * s : 9 * s + 9]) % 3 for s in range(4)]
    for t in range(34):
        r = residues[:]
        r[t // 9] = (r[t // 9] + 1) % 3
        standard = sorted(r) == [0, 0, 0, 2] and _may_complete(c, t)
        if not (standard or (closed and (t in ORPHAN_SET or c[t] == 1))):
            continue
        c[t] = c[t] + 1
        if is_complete(c):
            out.append(t)
        c[t] = c[t] - 1
    return out


def some_wait(counts: list[int], held_below: int = ANY_COUNT) -> bool:
    """Whether some tile held fewer than ``held_below`` times completes concealed counts of 3k+1 tiles:
    ``some_wait(c)`` is ``bool(winning_tiles(c))`` (a corrupt log's fifth copy included), and
    ``some_wait(c, 4)`` whether some wait is not pure karaten. The same tiles tried as by
    `winning_tiles`, but it stops at the first that completes the hand (a tenpai check needs no list),
    and a tile is tried on its own suit only: the other suits, which it leaves as they are, are split
    once. ``counts`` is changed and restored meanwhile.

    >>> some_wait([4] + [0] * 33), some_wait([4] + [0] * 33, 4)  # 1111m waits on a fifth 1m only
    (True, False)
    """
    residues = [sum(counts[9 * s : 9 * s + 9]) % 3 for s in range(4)]
    ones, twos = residues.count(1), residues.count(2)
    closed = sum(counts) == 13
    # Four sets and a pair: every suit splits into sets (and the pair), so a suit that does not split
    # as it is must be the one the tile goes to.
    splits = [False] * 4
    for s in range(4):
        key = suit_key(counts, s)
        splits[s] = not key or bool(suit_splits(s, counts, key))
    unsplit = 4 - sum(splits)
    for t in range(34):
        n = counts[t]
        if n >= held_below:
            continue
        s = t // 9
        # four sets and a pair leave one suit at 2 (mod 3) and the others at 0 once the tile is in
        r = residues[s]
        suit_fits = r == 1 and ones == 1 and twos == 0 or r == 2 and twos == 2 and ones == 0
        if suit_fits and (unsplit == 0 or unsplit == 1 and not splits[s]) and _may_complete(counts, t):
            counts[t] = n + 1
            complete = bool(suit_splits(s, counts, suit_key(counts, s)))
            counts[t] = n
            if complete:
                return True
        # seven pairs (the tile makes a pair: held once) and thirteen orphans (an orphan)
        if closed and (n == 1 or is_orphan(t)):
            counts[t] = n + 1
            complete = n == 1 and is_chiitoitsu(counts) or is_orphan(t) and is_kokushi(counts)
            counts[t] = n
            if complete:
                return True
    return False


def _may_complete(c: list[int], t: int) -> bool:
    """Whether tile ``t`` can join sets and a pair: a tile with no copy and no neighbour within two
    of it in its suit makes no pair, set or sequence."""
    if t >= 27:
        return c[t] > 0
    lo = t - t % 9
    for u in range(max(lo, t - 2), min(lo + 9, t + 3)):
        if c[u]:
            return True
    return False
