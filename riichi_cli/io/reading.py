"""The scored reading as docs/output.md ``reading``: the groups a player sees, the winning group, the wait.

The core's `Reading` keeps sets as (kind, first tile, open for fu, kan); this turns the chosen one
into what a player reads: concealed groups and the pair in tile order, then the called melds as
written, each group's tiles in notation with red fives written ``0`` where a 5 would stand.
"""

from __future__ import annotations

from ..core.decompose import SEQ, TRIP
from ..core.hand import Hand, Meld
from ..core.native import i64
from ..core.reading import START_BITS, START_MASK, Reading, _sequence_wait
from ..core.scoring import Result
from ..core.shared_dict import SharedDict
from ..core.tiles import FIVES, SUITS, format_counts, spell_digits

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Final

#: The core's wait names -> docs/output.md names, for the closed-only forms.
_KOKUSHI_WAITS: Final = {"kokushi13": "kokushi_13", "tanki": "kokushi"}
_MELD_KINDS: Final = {"chi": "sequence", "pon": "triplet", "kan": "quad", "kakan": "quad", "ankan": "quad"}


#: The keys of a reading group in docs/output.md order (copied and filled in: cheaper than building).
_GROUP: Final[dict[str, object]] = {"tiles": None, "kind": None, "open": False, "win": False}


def group_text(tiles: list[int], reds: int) -> str:
    """One suit's tiles in notation, the first ``reds`` fives as 0: ``group_text([3, 4, 5], 1) == '406m'``."""
    return spell_digits(sorted(tiles), reds) + SUITS[tiles[0] // 9]


PAIR: Final = -1
#: Names by kind + 1 (PAIR, SEQ, TRIP).
_KIND_NAMES: Final = ("pair", "sequence", "triplet")
assert (PAIR, SEQ, TRIP) == (-1, 0, 1)
#: A concealed group as one int, ``tile * 3 + kind + 1``: a reading's groups sort as ints, in tile order
#: (and kind order within a tile) as (tile, kind) pairs would, without comparing tuples.
_KINDS: Final = 3
#: A group's output dict by (group, red fives 0-3, winning group) packed in an int, made when first
#: needed and shared by every result with that group (read-only: `SharedDict`): a list index each.
_group_dicts: Final[list[dict | None]] = [None] * (34 * _KINDS * 4 * 2)


def _tiles(kind: int, t: int) -> list[int]:
    return [t, t + 1, t + 2] if kind == SEQ else [t] * (2 if kind == PAIR else 3)


def _group_key(group: i64, reds: i64, win: bool) -> int:
    """A concealed group of the output, its red fives and whether it is the winning group, as one int."""
    return (group * 4 + reds) * 2 + win


def _group_template(key: i64) -> dict:
    """The output dict of a group key (made once, read-only, shared by the results)."""
    found = _group_dicts[key]
    if found is None:
        win, rest = bool(key & 1), key >> 1
        group, reds = rest >> 2, rest & 3
        t, kind = group // _KINDS, group % _KINDS
        text = group_text(_tiles(kind - 1, t), reds)
        found = {"tiles": text, "kind": _KIND_NAMES[kind], "open": False, "win": win}
        found = _group_dicts[key] = SharedDict(found)
    return found


#: `_packed_groups` keeps a reading's concealed groups (``tile * 3 + kind + 1``, below 102) in one
#: native int, 7 bits each from the low bits, in tile order: five groups at most, 35 bits. Read and
#: written with constant shifts and products (no list, no int object per group).
_FIELD: Final = 127


def _packed_groups(r: Reading, hand: Hand) -> tuple[i64, i64]:
    """The concealed groups and the pair of a standard reading in tile order (and kind order within a
    tile), packed (`_FIELD`), and how many there are."""
    if not r.melds:  # the reading's packed first tiles are its groups' (no group tuple to read)
        packed, n = _merged_starts(r)
        if n >= 0:
            return packed, n
    return _inserted_groups(r)


def _merged_starts(r: Reading) -> tuple[i64, i64]:
    """`_packed_groups` of a reading without melds, its triplets' and sequences' first tiles
    (`Reading.trip_starts`, ``seq_starts``: each in the groups' order, which is tile order but for a
    few splits) merged with the pair; -1 groups when the merge is out of order (then inserted)."""
    trips: i64 = r.trip_starts
    seqs: i64 = r.seq_starts
    n_trips: i64 = r.n_trips
    n_seqs: i64 = r.n_seqs
    pair_left = True
    packed: i64 = 0
    unit: i64 = 1  # 128 ** (groups placed)
    last: i64 = 0
    n: i64 = n_trips + n_seqs + 1
    _k: i64
    for _k in range(n):
        best: i64 = _FIELD + 1  # the smallest of the three heads, from: 1 the pair, 2 trips, 3 seqs
        which: i64 = 0
        if pair_left:
            best = r.pair * _KINDS + PAIR + 1
            which = 1
        if n_trips:
            trip: i64 = (trips & START_MASK) * _KINDS + TRIP + 1
            if trip < best:
                best = trip
                which = 2
        if n_seqs:
            seq: i64 = (seqs & START_MASK) * _KINDS + SEQ + 1
            if seq < best:
                best = seq
                which = 3
        if which == 1:
            pair_left = False
        elif which == 2:
            trips = trips >> START_BITS
            n_trips -= 1
        else:
            seqs = seqs >> START_BITS
            n_seqs -= 1
        if best < last:
            return 0, -1
        last = best
        packed += best * unit
        unit = unit * 128
    return packed, n


def _inserted_groups(r: Reading) -> tuple[i64, i64]:
    """`_packed_groups`, each group read from the reading's groups and inserted in place."""
    packed: i64 = r.pair * _KINDS + PAIR + 1
    n: i64 = 1
    for kind, t in r.groups:
        group: i64 = t * _KINDS + kind + 1
        rest: i64 = packed
        unit: i64 = 1  # 128 ** (the place the group goes to): after every group not above it
        p: i64 = 0
        while p < n and (rest & _FIELD) <= group:
            rest = rest >> 7
            unit = unit * 128
            p += 1
        low: i64 = packed & (unit - 1)
        packed = low + group * unit + (packed - low) * 128
        n += 1
    return packed, n


def _win_index(r: Reading, packed: i64, n: i64) -> int:
    """Which concealed group (`_packed_groups`) the winning tile completed; -1 if none."""
    win: i64 = r.win_tile
    wait = r.wait
    rest: i64 = packed
    i: i64
    for i in range(n):
        group: i64 = rest & _FIELD
        rest = rest >> 7
        t: i64 = group // _KINDS
        kind: i64 = group % _KINDS - 1
        if kind == PAIR:
            if wait == "tanki":
                return i
        elif kind == TRIP:
            if t == win and wait == "shanpon":
                return i
        elif t <= win <= t + 2 and _sequence_wait(t, win) == wait:
            return i
    return -1


def _fives(group: int) -> int:
    """How many fives a group holds (any of which may be red)."""
    t, kind = group // _KINDS, group % _KINDS - 1
    five = t - t % 9 + 4
    if kind == SEQ:
        return 1 if t <= five <= t + 2 else 0
    return (2 if kind == PAIR else 3) if t == five else 0


def _red_counts(packed: i64, n: i64, win: i64, hand: Hand) -> i64:
    """How many red fives each group holds (2 bits a group, from the low bits, in the groups' order):
    the winning group first (a red winning tile is in it)."""
    r0, r1, r2 = hand.reds
    left0: i64 = r0
    left1: i64 = r1
    left2: i64 = r2
    used: i64 = 0
    step: i64
    for step in range(-1, n):
        i: i64 = win if step < 0 else step
        if i < 0 or (step >= 0 and i == win):
            continue
        rest: i64 = packed
        unit: i64 = 1  # 4 ** i, for the group's 2 bits
        _k: i64
        for _k in range(i):
            rest = rest >> 7
            unit = unit * 4
        group: i64 = rest & _FIELD
        suit: i64 = group // (_KINDS * 9)
        left: i64 = 0  # (statements: a conditional expression of i64s and a literal is an int, boxed)
        if suit == 0:
            left = left0
        elif suit == 1:
            left = left1
        elif suit == 2:
            left = left2
        if left:
            fives: i64 = _fives(group)
            take: i64 = fives if fives < left else left
            used += take * unit
            if suit == 0:
                left0 -= take
            elif suit == 1:
                left1 -= take
            else:
                left2 -= take
    return used


def _group_keys(r: Reading, hand: Hand) -> tuple[i64, i64, i64, i64]:
    """(`_packed_groups`, how many, the winning group or -1, each group's red fives 2 bits each)."""
    packed, n = _packed_groups(r, hand)
    win = _win_index(r, packed, n)
    r0, r1, r2 = hand.reds
    reds: i64 = 0  # (a statement: a conditional expression of an i64 and a literal is boxed)
    if r0 or r1 or r2:
        reds = _red_counts(packed, n, win, hand)
    return packed, n, win, reds


def concealed_keys(r: Reading, hand: Hand) -> list[int]:
    """The concealed groups and the pair of a standard reading, in tile order, red fives handed out,
    as group keys (`_group_key`): the same keys give the same output, as dicts or as JSON text."""
    packed, n, win, reds = _group_keys(r, hand)
    out: list[int] = []
    i: i64
    for i in range(n):
        out.append(_group_key(packed & _FIELD, reds & 3, i == win))
        packed = packed >> 7
        reds = reds >> 2
    return out


def group_template(key: int) -> dict:
    """The output dict of a concealed group key (read-only, shared by the results)."""
    found = _group_dicts[key]
    return found if found is not None else _group_template(key)


def _group_at(i: i64, packed: i64, n: i64, win: i64, reds: i64, melds: tuple[Meld, ...]) -> dict:
    """Group ``i`` of a standard reading as its shared output dict: concealed group ``i`` of `_group_keys`
    (``packed``, ``n``, ``win``, ``reds``: no int object per key, most are above 256), else a meld."""
    if i >= n:
        return meld_group(melds[i - n])
    key: i64 = (((packed >> 7 * i) & _FIELD) * 4 + ((reds >> 2 * i) & 3)) * 2  # `_group_key`, inline
    if i == win:
        key += 1
    found = _group_dicts[key]  # `group_template`, inline: five groups a result
    if found is None:
        found = _group_template(key)
    return found


def _standard_groups(r: Reading, hand: Hand) -> list[dict]:
    """The groups of a standard reading: the concealed ones and the pair in tile order, then the
    called melds. Four sets and a pair: made as a list of five, not grown item by item."""
    packed, n, win, reds = _group_keys(r, hand)
    melds = hand.melds
    if n + len(melds) == 5:
        return [
            _group_at(0, packed, n, win, reds, melds),
            _group_at(1, packed, n, win, reds, melds),
            _group_at(2, packed, n, win, reds, melds),
            _group_at(3, packed, n, win, reds, melds),
            _group_at(4, packed, n, win, reds, melds),
        ]
    out: list[dict] = []  # more sets than a hand of fourteen holds: one by one
    i: i64
    for i in range(n + len(melds)):
        out.append(_group_at(i, packed, n, win, reds, melds))
    return out


#: The output dict of each called meld by its notation, made when first needed (bounded) and shared
#: (read-only): a hand's melds cost a look-up each.
_meld_dicts: Final[dict[str, dict]] = {}


def meld_group(m: Meld) -> dict:
    """The output dict of a called meld (or concealed kan): its tiles as written, without the prefix
    (read-only: `SharedDict`)."""
    written = m.notation()
    found = _meld_dicts.get(written)
    if found is None:
        group = _GROUP.copy()
        group["tiles"] = written[len(m.kind) + 1 :]
        group["kind"] = _MELD_KINDS[m.kind]
        group["open"] = m.is_open
        found = SharedDict(group)
        if len(_meld_dicts) < 4096:
            _meld_dicts[written] = found
    return found


def reading_groups(res: Result) -> list[dict]:
    """The groups of the scored reading (docs/output.md ``reading.groups``)."""
    r, hand = res.reading, res.hand
    if r.form == "kokushi":
        tiles = format_counts(list(hand.concealed))
        orphans = {"tiles": tiles, "kind": "orphans", "open": False, "win": True}
        return [SharedDict(orphans)]  # (read-only as every other group, though no other result has it)
    if r.form == "chiitoitsu":
        return [group_template(key) for key in pair_keys(r, hand)]
    return _standard_groups(r, hand)


def pair_keys(r: Reading, hand: Hand) -> list[int]:
    """The pairs of a seven pairs reading in tile order, red fives handed out, as group keys (each as
    a standard reading's pair: `concealed_keys`)."""
    reds, out = list(hand.reds), []
    for t, n in enumerate(hand.concealed):
        if n:
            used = min(2, reds[t // 9]) if t in FIVES else 0
            if used:
                reds[t // 9] = reds[t // 9] - used
            out.append(_group_key(t * _KINDS + PAIR + 1, used, t == r.win_tile))
    return out


#: ``{"groups": None, "wait": wait}`` by the core's wait name (a few), made when first needed: a copy
#: of a dict with its keys in place and one value set costs less than a dict built key by key (a new
#: dict's table is made at its first key), and runs the code every result's other copies run.
_reading_dicts: Final[dict[str, dict]] = {}


def reading_dict(res: Result) -> dict:
    """docs/output.md ``reading``: ``{"groups": [...], "wait": ...}``."""
    r = res.reading
    if r.form == "kokushi":  # (its waits have names of their own)
        return {"groups": reading_groups(res), "wait": _KOKUSHI_WAITS[r.wait]}
    found = _reading_dicts.get(r.wait)
    if found is None:
        found = {"groups": None, "wait": r.wait}
        if len(_reading_dicts) < 64:
            _reading_dicts[r.wait] = found
    out = found.copy()
    out["groups"] = reading_groups(res)
    return out
