"""Tile and hand notation (docs/input.md): ``123m456p789s11z``, ``0m`` red fives, meld prefixes.

Refusals point at the first bad character of the text they were given.
"""

from __future__ import annotations

from .errors import InvalidHand, NotationError
from .hand import KAN_KINDS, MELD_KINDS, Hand, HeldHand, Meld, packed_hand, unpacked_counts
from .native import i64
from .tiles import FIVES, name

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Final, NoReturn

#: The suit (0-3) of a character code below 128, 4 where it is not a suit letter. Bytes, not a list:
#: compiled, a byte is read as a native int, where a list item is an object to check and unbox (the
#: hand reader looks up every character).
_SUIT_OF: Final = bytes([("mpsz".find(chr(c)) + 5) % 5 for c in range(128)])
#: A tile as one small int, its code: tile * 2 + 1 for a red five. Small ints are shared objects, so a
#: list of codes costs no allocation per tile, where (tile, red) pairs would each be a new tuple.
#: Codes by suit * 10 + digit, 255 where the digit and suit make no tile ("0m" is red 5m).
_NO_CODE: Final = 255
_CODE_TABLE: Final = bytes([
    ((s * 9 + (4 if d == 0 else d - 1)) * 2 + (d == 0)) if s < 3 or 1 <= d <= 7 else _NO_CODE
    for s in range(4)
    for d in range(10)
])  # fmt: skip


def scan(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, bool]]:
    """(tile, red) pairs of the tile groups in ``text[start:end]``; bad notation raises
    NotationError pointing at the first bad character."""
    return [(code >> 1, bool(code & 1)) for code in scan_codes(text, start, end)]


def tile_code(text: str) -> int:
    """The code (tile * 2 + red) of a text that is one tile, like ``'1m'`` or ``'0p'``; else -1."""
    if len(text) != 2:
        return -1
    digit: i64 = ord(text[0]) - 48
    letter: i64 = ord(text[1])
    suit: i64 = _SUIT_OF[letter] if letter < 128 else 4
    if not 0 <= digit <= 9 or suit == 4:
        return -1
    code: i64 = _CODE_TABLE[suit * 10 + digit]
    if code == _NO_CODE:  # (not a conditional expression: an i64 and a literal join as an int, boxed)
        code = -1
    return code


def scan_codes(text: str, start: int = 0, end: int | None = None) -> list[int]:
    """`scan` as tile codes (tile * 2 + red)."""
    stop: i64 = len(text) if end is None else end
    out: list[int] = []
    first: i64 = start  # where the digits waiting for their suit letter begin
    i: i64 = start
    while i < stop:
        code: i64 = ord(text[i])
        if 48 <= code <= 57:  # a digit
            i += 1
            continue
        suit: i64 = _SUIT_OF[code] if code < 128 else 4
        if i == first or suit == 4:
            _refuse(text, start, stop)
        k: i64 = first
        while k < i:
            tile: i64 = _CODE_TABLE[suit * 10 + ord(text[k]) - 48]
            if tile == _NO_CODE:  # 0z, 8z, 9z
                _refuse(text, start, stop)
            out.append(tile)
            k += 1
        first = i + 1
        i += 1
    if first != stop:
        _refuse(text, start, stop)
    return out


def _refuse(text: str, start: int, end: int) -> NoReturn:
    """Walk bad notation character by character and raise at the first character at fault."""
    digits: list[int] = []  # positions of digits waiting for their suit letter
    for i in range(start, end):
        ch = text[i]
        if ch.isdigit() and ch.isascii():
            digits.append(i)
        elif ch in "mpsz":
            if not digits:
                raise NotationError(
                    f"suit letter {ch!r} has no digits before it", text, i, detail="suit_without_digits"
                )
            for pos in digits:
                if ch == "z" and text[pos] in "089":
                    raise NotationError(
                        f"'{text[pos]}z' is not a tile (honors are 1z-7z)",
                        text,
                        pos,
                        detail="not_a_honor_tile",
                    )
            digits = []
        else:
            hint = " (suits are m, p, s, z)" if ch.isalpha() else ""
            raise NotationError(f"unexpected character {ch!r}{hint}", text, i, detail="unexpected_character")
    if digits:
        raise NotationError(
            "digits without a suit letter after them", text, digits[0], detail="digits_without_suit"
        )
    raise NotationError("not tile notation", text, start, detail="not_tile_notation")


def make_meld(kind: str, tiles: list[tuple[int, bool]], text: str, pos: int) -> Meld:
    """Check a meld's shape: a chi is three consecutive number tiles of one suit, a pon three
    equal tiles, a kan four. ``tiles`` are (tile, red) pairs."""
    return meld_of_codes(kind, [tile * 2 + red for tile, red in tiles], text, pos)


def meld_of_codes(kind: str, codes: list[int], text: str, pos: int) -> Meld:
    """`make_meld` of tile codes (tile * 2 + red)."""
    ids = sorted([code >> 1 for code in codes])
    reds = 0
    for code in codes:
        reds += code & 1
    want = 4 if kind in KAN_KINDS else 3
    if len(ids) != want:
        article = "an" if kind[0] in "aeiou" else "a"
        raise InvalidHand(
            f"{article} {kind} has {want} tiles, this one has {len(ids)}", text, pos, detail="meld_tile_count"
        )
    if kind == "chi":
        first = ids[0]
        if first >= 27 or first % 9 > 6 or ids != [first, first + 1, first + 2]:
            raise InvalidHand(
                "a chi is three consecutive tiles of one number suit", text, pos, detail="chi_not_a_run"
            )
    elif ids[0] != ids[-1]:
        article = "an" if kind[0] in "aeiou" else "a"
        raise InvalidHand(f"{article} {kind} is {want} equal tiles", text, pos, detail="meld_not_equal_tiles")
    return Meld(kind, tuple(ids), reds)


def _group_end(text: str, i: int) -> int:
    """Where the whitespace-separated group holding position ``i`` ends."""
    n: i64 = len(text)
    k: i64 = i
    while k < n:
        code: i64 = ord(text[k])
        if code == 32 or ((code < 32 or code > 126) and text[k].isspace()):  # ASCII compared, not asked
            break
        k += 1
    return k


def parse_written(text: str) -> HeldHand:
    """Any hand as written, checking the notation and the melds' shapes but not the tile count.

    >>> parse_written("123m 456p 789s 11z chi:789s").size
    14
    """
    counts, reds, melds, last, _, m, p, s, z = _read(text)
    if counts is None:
        counts = unpacked_counts(m, p, s, z)
    tile = None if last < 0 else (last >> 1, bool(last & 1))
    return HeldHand(text, counts, reds, melds, tile)


def _read(
    text: str,
) -> tuple[tuple[int, ...] | None, tuple[int, int, int], tuple[Meld, ...], int, int, i64, i64, i64, i64]:
    """(34 counts, red fives per suit, melds, code of the last concealed tile or -1, how many concealed
    tiles, the m, p, s and honor suits' packed counts) of a hand as written: what `parse_written` and
    `parse_hand` build their values from. The packed counts (`tiles.suit_key` of each suit; native ints,
    no list) are added up a group of digits at a time here, and the 34 counts are left to be read from
    them (None; `hand.unpacked_counts`) when needed: no list of counts to read and write per tile. A
    fifth copy of a tile (a hand refused later, or one that is not a win) makes the list after all (the
    counts, and the packed counts all -1): 4 bits a count then no longer hold every count."""
    counts: list[int] | None = None  # made at the first count over 4 only
    melds: tuple[Meld, ...] = ()  # most hands have none or one: no list to grow and copy
    last: i64 = -1  # the code of the last concealed tile
    tiles: i64 = 0
    k0: i64 = 0  # packed counts of the m, p, s and honor suits
    k1: i64 = 0
    k2: i64 = 0
    k3: i64 = 0
    red0: i64 = 0  # red fives of the m, p and s suits
    red1: i64 = 0
    red2: i64 = 0
    # The digits waiting for their suit letter are counted as they come, in the packed layout of a
    # number suit (`_DIGIT_SHIFT`): at the letter the whole group is added to its suit at once, so
    # that "3m4m5m" costs no more than "345m" (no second walk of the digits, no look-up per tile).
    group: i64 = 0
    waiting: i64 = 0  # how many digits wait
    zeros: i64 = 0  # how many of them are 0 (red fives)
    digit: i64 = 0  # the last of them
    # One pass over the characters: whitespace ends a group; digits wait for their suit letter; any
    # other character sends the group to the meld reader when it holds a colon (a meld's prefix starts
    # with a letter, so no tile of it was counted), else refuses it. No list of groups or codes.
    size: i64 = len(text)
    start: i64 = -1  # where the current group begins, -1 between groups
    i: i64 = 0
    while i <= size:
        code: i64 = ord(text[i]) if i < size else 32
        d: i64 = code - 48
        if 0 <= d <= 9:  # a digit: counted in `group` until its letter comes
            if start < 0:
                start = i
            unit: i64 = 1  # shifted as a variable: mypyc shifts a literal 1 as a 32-bit C int
            if d == 0:  # a red five counts as a five
                zeros += 1
                unit = unit << 18
            else:
                unit = unit << (38 - 4 * d)
            group += unit
            digit = d
            waiting += 1
            i += 1
            continue
        if code == 32 or ((code < 32 or code > 126) and text[i].isspace()):
            if start >= 0 and waiting:
                _refuse(text, start, i)
            start = -1
            i += 1
            continue
        if start < 0:
            start = i
        suit: i64 = _SUIT_OF[code] if code < 128 else 4
        if waiting == 0 or suit == 4:  # a meld, or bad notation
            found: i64 = -1  # (not a conditional expression: with a literal it is an int, boxed)
            if start == i:
                found = _meld_place(text, i, size)
            one: tuple[Meld, ...] | None = _MELD_TABLE[found >> 4] if found >= 0 else None
            if one is not None:  # a plain meld read before: no slice, no search, no text look-up
                end: i64 = i + (found & 15)
            else:
                end = _group_end(text, i)
                colon = text.find(":", start, end)
                if colon < 0:
                    _refuse(text, start, end)
                made: tuple[Meld, ...] = (_meld(text, start, colon, end),)
                one = made
                if found >= 0:
                    _MELD_TABLE[found >> 4] = one
            melds = one if not melds else melds + one  # a hand's only meld: the shared tuple itself
            start = -1
            group = waiting = zeros = 0
            i = end
            continue
        if counts is None and waiting > 11:  # a count in the group could outgrow its 4 bits
            group = _recount(text, i - waiting, i)
            if group < 0:  # a count over 11: a fifth copy in any case
                counts = list(unpacked_counts(k0, k1, k2, k3))
        if counts is not None:  # counted tile by tile into the list
            _count_group(counts, text, start, i - waiting, i, suit)
        else:
            if suit == 0:
                k0 += group
                key: i64 = k0
            elif suit == 1:
                k1 += group
                key = k1
            elif suit == 2:
                k2 += group
                key = k2
            else:
                if zeros or group & _NOT_HONOR:  # 0z, 8z, 9z
                    _refuse(text, start, _group_end(text, i))
                k3 += group >> 8  # honors sit 8 bits lower than the same digits of a number suit
                key = k3
            if over_four(key):
                counts = list(unpacked_counts(k0, k1, k2, k3))  # (each count is still within 4 bits)
        if suit == 0:
            red0 += zeros
        elif suit == 1:
            red1 += zeros
        elif suit == 2:
            red2 += zeros
        last = _CODE_TABLE[suit * 10 + digit]
        tiles += waiting
        group = waiting = zeros = 0
        i += 1
    if last < 0 and not melds:
        raise NotationError("empty hand", text, 0, detail="empty_hand")
    if counts is not None:  # a count over 4: no packed counts
        return tuple(counts), (red0, red1, red2), melds, last, tiles, -1, -1, -1, -1
    if k1:  # the suit in the low 2 bits of a suit that holds tiles (`tiles.suit_key`)
        k1 |= 1
    if k2:
        k2 |= 2
    if k3:
        k3 |= 3
    return None, (red0, red1, red2), melds, last, tiles, k0, k1, k2, k3


def over_four(key: i64) -> bool:
    """Some count of a suit's packed counts (`tiles.suit_key` of counts up to 15, suit bits or not) is
    over 4: its 8 bit is set, or its 4 bit with its 2 or 1 bit. No walk of the counts."""
    return (key & _EIGHTS) != 0 or ((key >> 2) & ((key >> 1) | key) & _ONES) != 0


#: Packed counts: the lowest bit of each 4-bit count (the counts start at bit 2, as in
#: `tiles.suit_key`), and the 8 bit of each. A count is over 4 when its 8 bit is set, or its 4 bit
#: with its 2 or 1 bit.
_ONES: Final = 0x444444444  # (literals: compiled, a Final literal is a constant in the C code)
_EIGHTS: Final = 0x2222222220
#: The counts of the digits 8 and 9 in a group (number-suit layout): no honor tile has them.
_NOT_HONOR: Final = 0x3FC


def _recount(text: str, first: i64, end: i64) -> i64:
    """The packed counts (number-suit layout, as `_read` counts a group) of the digits at
    ``text[first:end]``; -1 when a digit comes more than 11 times (its count would not fit in 4 bits
    with the 4 a suit may hold already)."""
    group: i64 = 0
    k: i64 = first
    while k < end:
        d: i64 = ord(text[k]) - 48
        shift: i64 = 38 - 4 * d  # (not a conditional expression: a literal joins as an int, boxed)
        if d == 0:
            shift = 18
        unit: i64 = 1
        unit = unit << shift
        group += unit
        if group >> shift & 15 > 11:
            return -1
        k += 1
    return group


def _count_group(counts: list[int], text: str, start: i64, first: i64, end: i64, suit: i64) -> None:
    """Count the tiles of the digits at ``text[first:end]`` (suit letter at ``end``) into 34 counts;
    a digit that makes no tile with its suit (0z, 8z, 9z) refuses the group that starts at ``start``."""
    k: i64 = first
    while k < end:
        tile_code: i64 = _CODE_TABLE[suit * 10 + ord(text[k]) - 48]
        if tile_code == _NO_CODE:
            _refuse(text, start, _group_end(text, end))
        t: i64 = tile_code >> 1
        counts[t] = counts[t] + 1
        k += 1


#: Melds by their text (``chi:340m``): hands repeat the same few melds, and a Meld never changes.
#: Bounded; only melds that were read without error are kept.
_melds: Final[dict[str, Meld]] = {}


def _meld(text: str, start: int, colon: int, end: int) -> Meld:
    """The meld written at ``text[start:end]`` (its prefix ends at ``colon``)."""
    written = text[start:end]
    meld = _melds.get(written)
    if meld is None:
        kind = meld_kind(text, start, colon, end)
        meld = meld_of_codes(kind, scan_codes(text, colon + 1, end), text, start)
        if len(_melds) < 4096:
            _melds[written] = meld
    return meld


#: The melds written plainly (``chi:340m``: a kind in lower case, a colon, three or four digits, one suit
#: letter, then whitespace or the end), by `_meld_place`'s index: (kind, first tile, red fives), as
#: `Meld` is. Filled as they are first read (by `_meld`, which also checks them); 5 * 34 * 5 entries.
#: Each held in a one-tuple: the melds of a hand with one meld, shared (a tuple never changes). Typed
#: ``tuple[Meld, ...]``: compiled, a tuple of fixed shape is unpacked where read and packed anew.
_MELD_TABLE: Final[list[tuple[Meld, ...] | None]] = [None] * (len(MELD_KINDS) * 34 * 5)


def _kind_key(kind: str) -> int:
    """A meld prefix's characters packed 7 bits each, as `_meld_place` reads them."""
    key = 0
    for ch in kind:
        key = key * 128 + ord(ch)
    return key


_CHI: Final = _kind_key("chi")
_PON: Final = _kind_key("pon")
_KAN: Final = _kind_key("kan")
_KAKAN: Final = _kind_key("kakan")
_ANKAN: Final = _kind_key("ankan")


def _meld_place(text: str, i: i64, size: i64) -> i64:
    """Where the meld written plainly at ``text[i:]`` sits in `_MELD_TABLE`, times 16, plus its length;
    -1 when it is not written plainly or not a well-formed meld (then `_meld` reads it, or refuses it).
    Each character is read once, as a native int: no slice of the text and no look-up by text."""
    kind_key: i64 = 0
    k: i64 = i
    while k < size and k < i + 6:
        c: i64 = ord(text[k])
        if c == 58:  # the colon
            break
        if c > 127:  # (7 bits a character: no prefix of other characters can pack as a kind's)
            return -1
        kind_key = kind_key * 128 + c
        k += 1
    kind: i64 = -1
    if kind_key == _CHI:
        kind = 0
    elif kind_key == _PON:
        kind = 1
    elif kind_key == _KAN:
        kind = 2
    elif kind_key == _KAKAN:
        kind = 3
    elif kind_key == _ANKAN:
        kind = 4
    if kind < 0 or k >= size:
        return -1
    k += 1
    digits: i64 = 0
    zeros: i64 = 0
    low: i64 = 10  # the lowest digit (a red five as 5)
    mask: i64 = 0  # one bit per digit
    while k < size:
        d: i64 = ord(text[k]) - 48
        if not 0 <= d <= 9:
            break
        if d == 0:
            zeros += 1
            d = 5
        bit: i64 = 1  # shifted as a variable: mypyc shifts a literal 1 as a 32-bit C int
        mask |= bit << d
        if d < low:
            low = d
        digits += 1
        k += 1
    want: i64 = 3  # (not a conditional expression: two literals join as an int, boxed)
    if kind >= 2:
        want = 4
    if k >= size or digits != want:
        return -1
    letter: i64 = ord(text[k])
    suit: i64 = _SUIT_OF[letter] if letter < 128 else 4
    k += 1
    if suit == 4 or (k < size and ord(text[k]) != 32):
        return -1
    shape: i64 = 1  # the digits' bits of a run of three from ``low`` (chi), else of equal tiles
    shape = shape << low
    if kind == 0:
        shape = shape * 7
    if mask != shape or (suit == 3 and (kind == 0 or zeros or low > 7)):  # honors: 1z-7z, no run
        return -1
    first: i64 = suit * 9 + low - 1
    return ((kind * 34 + first) * 5 + zeros) * 16 + k - i


def tile_count_refusal(text: str, needs: str, size: int, hint: str = "", caret: bool = True) -> InvalidHand:
    """The one refusal of a hand of the wrong size (detail ``wrong_tile_count``): ``{needs} has
    {size}{hint}``, the caret under the hand's last character (none with ``caret`` false)."""
    where = max(len(text.rstrip()) - 1, 0) if caret else None
    return InvalidHand(f"{needs} has {size}{hint}", text, where, detail="wrong_tile_count")


def parse_hand(text: str, win: str | None = None) -> Hand:
    """A 14-tile winning hand; the winning tile is the last concealed tile unless ``win`` names one.

    ``win='5m'`` names a plain five if the hand has one, else the red one; ``'0m'`` only the red one.

    >>> parse_hand("123m456p789s11222z", win="1z").win_tile
    27
    """
    held, reds, melds, last, tiles, m, p, s, z = _read(text)
    size = tiles + 3 * len(melds)
    if len(melds) > 4 or size != 14 or last < 0:
        raise tile_count_refusal(text, "a winning hand has 14 tiles (a meld counts 3), this one", size)
    if win is None:
        win_tile, win_red = last >> 1, bool(last & 1)
    else:
        counts = unpacked_counts(m, p, s, z) if held is None else held
        win_tile, win_red = pick_win_tile(counts, reds, win, text)
    if held is not None:  # a count over 4: the hand finds out itself that no packed counts hold
        return Hand(held, win_tile, melds, reds, win_red)
    return packed_hand(win_tile, melds, reds, win_red, m, p, s, z)


def meld_kind(text: str, start: int, colon: int, end: int) -> str:
    kind = text[start:colon].lower()
    if kind not in MELD_KINDS:
        raise NotationError(
            f"unknown meld prefix {text[start:colon]!r} (use {', '.join(MELD_KINDS)})",
            text,
            start,
            detail="unknown_meld_prefix",
        )
    if colon + 1 == end:
        raise NotationError(f"meld {kind}: has no tiles", text, colon, detail="meld_without_tiles")
    return kind


def pick_win_tile(counts: tuple[int, ...], reds: tuple[int, ...], win: str, text: str) -> tuple[int, bool]:
    """The (tile, red) that ``win`` names among the concealed tiles (given as counts and reds)."""
    try:
        tiles = scan(win)
    except NotationError as e:
        raise e.reworded(f"win_tile: {e.message}") from None
    if len(tiles) != 1:
        raise NotationError(
            f"win_tile must be one tile, got {len(tiles)}", win, 0, detail="win_tile_not_one_tile"
        )
    tile, red = tiles[0]
    held = counts[tile]
    held_red = reds[tile // 9] if tile in FIVES else 0
    if held == 0 or (red and held_red == 0):
        raise InvalidHand(
            f"winning tile {win} is not in the concealed part of {text!r}", detail="win_tile_not_in_hand"
        )
    # '5m' names a plain five when there is one, else the red one
    return tile, red or held == held_red


#: The red fives of 5m, 5p and 5s in the set, by the rule option ``aka_dora``.
RED_FIVES: Final = {0: (0, 0, 0), 2: (0, 1, 1), 3: (1, 1, 1), 4: (1, 2, 1)}


def check_limits(tiles: list[tuple[int, bool]], aka_dora: int, text: str, counted: str = "") -> None:
    """Refuse more than four of a tile or more red fives than the rules have.

    ``tiles`` are (tile, red) pairs; ``counted`` says which tiles they are when they are more than
    the hand, its melds and its indicators (a message names what was counted together).
    """
    counts = [0] * 34
    reds = [0, 0, 0, 0]
    for t, red in tiles:
        counts[t] = counts[t] + 1
        reds[t // 9] = reds[t // 9] + red
    check_counts(counts, reds, aka_dora, text, counted)


def check_counts(counts: list[int], reds: list[int], aka_dora: int, text: str, counted: str = "") -> None:
    """`check_limits` of tiles already counted: 34 counts and red fives per suit (m, p, s, z)."""
    n: i64
    for n in counts:
        if n > 4:
            t = counts.index(n)
            why = "(hand, melds and indicators together)"
            _over_limit(f"more than four {name(t)}", why, counted, text, "fifth_copy")
    if not (reds[0] or reds[1] or reds[2]):
        return  # no red five: within any rules
    allowed = RED_FIVES[aka_dora]
    for s in range(3):
        have = reds[s]
        most = allowed[s]
        if have > most:
            what = f"{have} red {name(FIVES[s])} but the rules have {most}"
            _over_limit(what, f"(aka_dora: {aka_dora})", counted, text, "too_many_red_fives")


def _over_limit(what: str, why: str, counted: str, text: str, detail: str) -> NoReturn:
    raise InvalidHand(f"{what} {counted or why}", text, detail=detail)
