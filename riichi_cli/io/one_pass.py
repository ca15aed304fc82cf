"""The common winning-hand mapping read in one pass over its keys (`quick_request`).

`mapping.build_request` reads a mapping key by key: a look-up per key it knows (about twenty), a walk
of the keys for unknown ones, each value through a checker that names what is wrong. Most mappings
hold a few keys with plain values, so this reads them once, as they come, into locals, and builds the
same `Request` with the same checks of the hand and the situation. Anything else (a key it leaves
to the full reading, a value of another type, any refusal) returns None: the caller then reads the
mapping key by key, which accepts it or refuses it with the usual words. So no input is answered
differently; the common one costs less.
"""

from __future__ import annotations

from ..core.context import Context, Request, check_context, check_win_tile
from ..core.errors import RiichiError
from ..core.hand import Hand
from ..core.hints import cast
from ..core.native import i64
from ..core.notation import RED_FIVES, over_four, parse_hand, tile_code
from ..core.rules import Rules
from ..core.tiles import UNIT_SHIFT
from .rules_input import rules_from
from .values import MAX_COUNT, tile_codes, valid_id

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Final

# The keys read here, by slot. Any other key (discards, passed, a typo) is left to the full reading.
_HAND: Final = 0
_WIN_TILE: Final = 1
_WIN: Final = 2
_FROM: Final = 3
_ROUND: Final = 4
_SEAT: Final = 5
_DORA: Final = 6
_URA: Final = 7
_HONBA: Final = 8
_STICKS: Final = 9
_RULES: Final = 10
_OPTIONS: Final = 11
_ID: Final = 12
_KITA: Final = 13
_CHANKAN: Final = 14
#: The yes/no keys: a slot each from `_FLAG`, in this order.
_FLAG: Final = 15
_FLAGS: Final = (
    "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "tenhou", "chiihou", "renhou",
)  # fmt: skip
_SLOTS: Final[dict[str, int]] = {
    "hand": _HAND, "win_tile": _WIN_TILE, "win": _WIN, "from": _FROM, "round_wind": _ROUND,
    "seat_wind": _SEAT, "dora": _DORA, "ura": _URA, "honba": _HONBA, "riichi_sticks": _STICKS,
    "rules": _RULES, "rule_options": _OPTIONS, "id": _ID, "kita": _KITA, "chankan": _CHANKAN,
}  # fmt: skip
for _i, _flag in enumerate(_FLAGS):
    _SLOTS[_flag] = _FLAG + _i


#: The common keys, compared by identity in `_slot`.
_K_HAND: Final = "hand"
_K_WIN: Final = "win"
_K_WIN_TILE: Final = "win_tile"
_K_FROM: Final = "from"
_K_SEAT: Final = "seat_wind"
_K_ROUND: Final = "round_wind"
_K_DORA: Final = "dora"
_K_URA: Final = "ura"
_K_RIICHI: Final = "riichi"
_K_HONBA: Final = "honba"
_K_STICKS: Final = "riichi_sticks"
_K_RULES: Final = "rules"
_K_OPTIONS: Final = "rule_options"
_K_ID: Final = "id"
#: The values of ``win``, compared by identity in `quick_request` (then by value).
_RON: Final = "ron"
_TSUMO: Final = "tsumo"
#: The seats, compared by identity in `_seat` (then by value).
_E: Final = "E"
_S: Final = "S"
_W: Final = "W"
_N: Final = "N"


def _slot(key: str) -> i64:
    """The slot of a key, -1 for a key not read here. A key written in Python source is interned, as
    the compiled module's own strings are: the very object, found by a few pointer compares (the
    common keys), where a dict look-up cost about a hundred instructions a key. Any other key object
    (a key read from JSON, a rare key): the dict."""
    # (in the order of how often a mapping holds them: hand, win and the winds nearly always)
    if key is _K_HAND:
        return _HAND
    if key is _K_WIN:
        return _WIN
    if key is _K_SEAT:
        return _SEAT
    if key is _K_ROUND:
        return _ROUND
    if key is _K_DORA:
        return _DORA
    if key is _K_FROM:
        return _FROM
    if key is _K_RIICHI:
        return _FLAG
    if key is _K_URA:
        return _URA
    if key is _K_HONBA:
        return _HONBA
    if key is _K_STICKS:
        return _STICKS
    if key is _K_OPTIONS:
        return _OPTIONS
    if key is _K_RULES:
        return _RULES
    if key is _K_ID:
        return _ID
    if key is _K_WIN_TILE:
        return _WIN_TILE
    return _SLOTS.get(key, -1)


def _seat(value: object) -> str | None:
    """A seat written as the letter itself (``"E"``), else None (the full reading takes the rest)."""
    # A one-character text below 256 is one shared object in CPython (literals, JSON, slices): the
    # letters are nearly always these very objects, found by four pointer compares, not by a length,
    # a character read and its compares (about 60 instructions, two calls).
    if value is _E or value is _S or value is _W or value is _N:
        return cast(str, value)
    if type(value) is not str:
        return None
    text: str = value
    if len(text) != 1:
        return None
    c: i64 = ord(text[0])  # one character compared as a native int, not four string compares
    return text if c == 69 or c == 83 or c == 87 or c == 78 else None  # E S W N


def _count(value: object) -> int:
    """A plain int counter within bounds, else -1."""
    if type(value) is not int:
        return -1
    n: int = value
    return n if 0 <= n <= MAX_COUNT else -1


def quick_request(mapping: dict, default: Rules) -> Request | None:
    """The `Request` of a mapping of plain values, or None: then the full reading decides."""
    text: object = None
    win_tile: object = None
    ident: object = None
    preset: object = None
    options: object = None
    dora_value: object = None
    ura_value: object = None
    tsumo = False
    from_seat: str | None = None
    round_wind, seat_wind = "E", "S"
    honba: i64 = 0
    sticks: i64 = 0
    kita: i64 = 0
    flags: i64 = 0  # one bit per `_FLAGS` entry that is true
    chankan = False
    for key, value in mapping.items():
        if type(key) is not str:
            return None
        slot: i64 = _slot(key)
        if slot == _HAND:
            text = value
        elif slot == _WIN:
            if value is _RON:  # the very objects first, as `_slot` compares keys: no string compare
                tsumo = False
            elif value is _TSUMO:
                tsumo = True
            elif type(value) is not str or not (value == "ron" or value == "tsumo"):
                return None
            else:
                tsumo = value == "tsumo"
        elif slot == _ROUND or slot == _SEAT or slot == _FROM:
            if value is None and slot == _FROM:
                continue
            found = _seat(value)
            if found is None:
                return None
            if slot == _ROUND:
                round_wind = found
            elif slot == _SEAT:
                seat_wind = found
            else:
                from_seat = found
        elif slot == _HONBA or slot == _STICKS or slot == _KITA:
            n: i64 = _count(value)
            if n < 0:
                return None
            if slot == _HONBA:
                honba = n
            elif slot == _STICKS:
                sticks = n
            else:
                kita = n
        elif slot >= _FLAG or slot == _CHANKAN:
            if type(value) is not bool:
                return None
            if slot == _CHANKAN:
                chankan = value
            elif value:
                flags |= 1 << (slot - _FLAG)
        elif slot == _DORA:
            dora_value = value
        elif slot == _URA:
            ura_value = value
        elif slot == _WIN_TILE:
            win_tile = value
        elif slot == _RULES:
            preset = value
        elif slot == _OPTIONS:
            options = value
        elif slot == _ID:
            ident = value
        else:
            return None
    if (
        type(text) is not str
        or not (win_tile is None or type(win_tile) is str)
        or not (ident is None or valid_id(ident))
    ):
        return None
    try:
        rules = rules_from(preset, options, default)
        if rules.players != 4 or kita:  # three players and kita: the full reading
            return None
        hand = parse_hand(text, None if win_tile is None else str(win_tile))
        dora, dora_reds = _indicators(dora_value, "dora")
        ura, ura_reds = _indicators(ura_value, "ura")
        context = Context(
            tsumo=tsumo,
            from_seat=from_seat,
            round_wind=round_wind,
            seat_wind=seat_wind,
            riichi=bool(flags & 1),
            double_riichi=bool(flags & 2),
            ippatsu=bool(flags & 4),
            haitei=bool(flags & 8),
            houtei=bool(flags & 16),
            rinshan=bool(flags & 32),
            chankan=chankan,
            tenhou=bool(flags & 64),
            chiihou=bool(flags & 128),
            renhou=bool(flags & 256),
            dora=dora,
            ura=ura,
            honba=honba,
            riichi_sticks=sticks,
        )
        if not _within_limits(hand, dora, ura, dora_reds + ura_reds, rules.aka_dora):
            return None
        check_context(hand.melds, context, rules)
        check_win_tile(hand, context, rules)
    except RiichiError:
        return None
    return Request(hand, context, rules, ident)


def _indicators(value: object, key: str) -> tuple[tuple[int, ...], int]:
    """The tiles of a key's indicators (dora, ura) and their red fives, counted 8 bits a suit as
    `_within_limits` adds them. One one-tile text in a list (``["1m"]``, the common form) is read
    here; anything else by `_codes`, which reads it alike or refuses it."""
    if value is None:
        return (), 0
    if type(value) is list and len(value) == 1:
        item = value[0]
        if type(item) is str:
            code: i64 = tile_code(item)
            if code >= 0:
                return cast(tuple[int, ...], _ONE_TILE[code >> 1]), _red_unit(code)
    codes = _codes(value, key)
    reds: i64 = 0
    for code in codes:
        reds += _red_unit(code)
    return _tiles(codes), reds


#: The indicators of one tile, as a tuple per tile: shared (a Context only reads them), none made per
#: hand. Typed as objects: compiled, a table of fixed-shape tuples would be unpacked and each one read
#: packed into a new tuple.
_ONE_TILE: Final[tuple[object, ...]] = tuple([(t,) for t in range(34)])


def _red_unit(code: i64) -> i64:
    """A tile code's red five in `_within_limits`' red count (8 bits a suit: m, p, s), else 0."""
    if code & 1:
        return _RED_UNIT[(code >> 1) // 9]
    return 0


def _codes(value: object, key: str) -> list[int]:
    """`tile_codes` of a key's value: a list of one-tile texts read here, anything else by
    `tile_codes` (which reads it alike or refuses it)."""
    if type(value) is not list:
        return tile_codes(value, key)
    out: list[int] = []
    for item in value:
        code = tile_code(item) if type(item) is str else -1
        if code < 0:
            return tile_codes(value, key)
        out.append(code)
    return out


def _tiles(codes: list[int]) -> tuple[int, ...]:
    """The tiles of tile codes (without the red bit); ``()`` for none, without a generator."""
    n: i64 = len(codes)
    if n == 0:
        return ()
    if n == 1:
        return (codes[0] >> 1,)
    return tuple([code >> 1 for code in codes])


def _within_limits(hand: Hand, dora: tuple[int, ...], ura: tuple[int, ...], reds: int, aka_dora: int) -> bool:
    """No fifth copy of a tile and no more red fives than the rules have, melds and indicators counted
    in (`check_counts`); ``reds`` are the indicators' red fives (`_red_unit`). False also when in
    doubt: the full reading then checks and refuses."""
    if not hand.packs():  # a concealed count over four (or red counts no hand has)
        return False
    # The concealed counts are within four each: only a tile the melds or the indicators add can go
    # over. Each is counted into the concealed tiles' packed counts (4 bits a tile, `suit_key`), and
    # the first count over four stops the count (before any could outgrow its bits): no list of them.
    k0: i64 = hand.key_m
    k1: i64 = hand.key_p
    k2: i64 = hand.key_s
    k3: i64 = hand.key_z
    red: i64 = reds  # red fives per suit, 8 bits each (m, p, s)
    for m in hand.melds:  # a meld's tiles at once, packed as its suit's counts (`Meld.packed`)
        packed: i64 = m.packed()
        suit: i64 = packed & 3
        if suit == 0:
            k0 += packed
            key = k0
        elif suit == 1:
            k1 += packed - 1
            key = k1
        elif suit == 2:
            k2 += packed - 2
            key = k2
        else:
            k3 += packed - 3
            key = k3
        if over_four(key):  # (at most 4 + 4 a count: each still within its 4 bits)
            return False
        if m.reds:
            red += m.reds << (8 * suit)
    for tile in dora:
        k0, k1, k2, k3 = _added(k0, k1, k2, k3, tile)
        if k0 < 0:
            return False
    for tile in ura:
        k0, k1, k2, k3 = _added(k0, k1, k2, k3, tile)
        if k0 < 0:
            return False
    reds_m, reds_p, reds_s = hand.reds
    r0: i64 = reds_m  # (unboxed first: an int plus an i64 adds as ints, through a call)
    r1: i64 = reds_p
    r2: i64 = reds_s
    r0 += red & 255
    r1 += (red >> 8) & 255
    r2 += (red >> 16) & 255
    if not (r0 or r1 or r2):
        return True
    if not 0 <= aka_dora < len(_ALLOWED_REDS):
        return False
    allowed: i64 = _ALLOWED_REDS[aka_dora]  # (a byte read natively: no dict look-up of a boxed int)
    return allowed != _NO_SET and r0 <= allowed & 3 and r1 <= allowed >> 2 & 3 and r2 <= allowed >> 4


#: One red five of each suit in `_within_limits`' red count (8 bits a suit; honors have none).
_RED_UNIT: Final = (1, 1 << 8, 1 << 16, 0)
#: `RED_FIVES` by ``aka_dora`` (0-4) packed in a byte, 2 bits a suit (at most 3 red fives of one):
#: m | p << 2 | s << 4; `_NO_SET` for a value the rules do not have.
_NO_SET: Final = 255
_ALLOWED_REDS: Final = bytes([
    RED_FIVES[a][0] | RED_FIVES[a][1] << 2 | RED_FIVES[a][2] << 4 if a in RED_FIVES else _NO_SET
    for a in range(1 + max(RED_FIVES))
])  # fmt: skip


def _added(k0: i64, k1: i64, k2: i64, k3: i64, t: i64) -> tuple[i64, i64, i64, i64]:
    """The four suits' packed counts with one more of tile ``t``; the first -1 when that is a fifth."""
    shift: i64 = UNIT_SHIFT[t]
    unit: i64 = 1  # shifted as a variable: mypyc shifts a literal 1 as a 32-bit C int
    unit = unit << shift
    suit: i64 = t // 9
    if suit == 0:
        k0 += unit
        key = k0
    elif suit == 1:
        k1 += unit
        key = k1
    elif suit == 2:
        k2 += unit
        key = k2
    else:
        k3 += unit
        key = k3
    if key >> shift & 15 > 4:
        k0 = -1
    return k0, k1, k2, k3
