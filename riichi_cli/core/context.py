"""The situation of a win (SPEC section 3) and its checks.

`build_request` turns a mapping of section 3 keys (from YAML, JSON, CLI flags or a Python
caller) into a checked (hand, context, rules) triple. It is pure: no file or terminal I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, NamedTuple

from .decompose import is_kokushi
from .errors import InvalidContext, InvalidHand, NotationError, did_you_mean, short
from .hand import Hand, Meld
from .notation import check_counts, parse_hand, scan
from .rules import Rules, resolve_rules, with_overrides
from .tiles import NORTH, NOT_IN_THREE_PLAYER, name, table_seats

FLAGS: Final = (
    "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
    "chankan", "tenhou", "chiihou", "renhou",
)  # fmt: skip
KEYS: Final = frozenset(
    FLAGS
    + ("hand", "win_tile", "win", "from", "round_wind", "seat_wind", "dora", "ura", "honba")
    + ("riichi_sticks", "discards", "passed", "rules", "rule_options", "id", "kita")
)
_SEAT_WORDS: Final = {
    "e": "E",
    "s": "S",
    "w": "W",
    "n": "N",
    "east": "E",
    "south": "S",
    "west": "W",
    "north": "N",
}


@dataclass(frozen=True)
class Context:
    """Everything about a win that is not the tiles. Seats are ``'E' 'S' 'W' 'N'``; East deals."""

    tsumo: bool = False
    from_seat: str | None = None
    round_wind: str = "E"
    seat_wind: str = "S"
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    dora: tuple[int, ...] = ()
    ura: tuple[int, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    discards: tuple[int, ...] = ()
    passed: tuple[int, ...] = ()
    kita: int = 0  # North tiles set aside as nuki dora (three players)
    players: int = 4
    chankan_ankan: bool = False  # `chankan: ankan`: the robbed kan was a concealed one

    @property
    def dealer(self) -> bool:
        return self.seat_wind == "E"

    @property
    def in_riichi(self) -> bool:
        return self.riichi or self.double_riichi

    @property
    def discarder(self) -> str | None:
        """The seat that dealt in: ``from``, else the seat before the winner; None on tsumo."""
        if self.tsumo:
            return None
        seats = table_seats(self.players)
        return self.from_seat or seats[(seats.index(self.seat_wind) - 1) % self.players]


class Request(NamedTuple):
    """A checked win: what `build_request` returns and `score_request` takes."""

    hand: Hand
    context: Context
    rules: Rules
    id: Any = None


def unknown_key_message(key: object, valid: frozenset[str] | set[str]) -> str:
    """``unknown key 'hnd' (did you mean 'hand'?)``, or the valid keys when nothing is close."""
    hint = did_you_mean(key, valid) or " (valid keys: " + ", ".join(sorted(valid)) + ")"
    return f"unknown key {short(key)}{hint}"


def seat(value: object, key: str) -> str:
    found = _SEAT_WORDS.get(str(value).strip().lower()) if isinstance(value, str) else None
    if found is None:
        raise InvalidContext(f"{key} must be one of E, S, W, N, got {short(value)}")
    return found


def flag(value: object, key: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidContext(f"{key} must be true or false, got {short(value)}")
    return value


def chankan_value(value: object) -> tuple[bool, bool]:
    """(chankan, the robbed kan was concealed) of ``chankan: true | false | ankan``."""
    if isinstance(value, bool):
        return value, False
    if isinstance(value, str) and value.strip().lower() == "ankan":
        return True, True
    raise InvalidContext(f"chankan must be true, false or ankan (a robbed concealed kan), got {short(value)}")


def count(value: object, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidContext(f"{key} must be a whole number >= 0, got {short(value)}")
    return value


def tile_list(value: object, key: str) -> list[tuple[int, bool]]:
    """A list of tiles (``[4s, 1z]``) or a string of groups (``"4s1z"``, ``"3m,4m"``, ``"1p 2p"``)
    as (tile, red) pairs: commas and spaces may separate the groups."""
    if value is None:
        return []
    if isinstance(value, str):
        texts = [value]
    elif isinstance(value, (list, tuple)) and all(isinstance(v, (str, int)) for v in value):
        texts = [str(v) for v in value]
    else:
        raise InvalidContext(f"{key} must be a list of tiles or a string like '4s1z', got {short(value)}")
    try:
        return [tile for text in texts for tile in scan_list(text)]
    except NotationError as e:
        raise NotationError(f"{key}: {e.message}", e.text, e.position) from None


def scan_list(text: str) -> list[tuple[int, bool]]:
    """The tiles of ``text``, its groups separated by commas and/or whitespace (or nothing)."""
    out: list[tuple[int, bool]] = []
    start = 0
    for i in range(len(text) + 1):
        if i == len(text) or text[i] == "," or text[i].isspace():
            if i > start:
                out += scan(text, start, i)  # positions stay those of ``text`` for the caret
            start = i + 1
    return out


# (id of the default rules, preset, options) -> (the default rules, the resolved rules). The
# default is kept in the entry so that its id cannot be reused while the entry lives; keying on the
# id spares hashing all the options of a Rules value for every hand.
_rules_cache: dict = {}


def read_rules(mapping: dict, default: Rules) -> Rules:
    """The rules of a hand: its own preset and options over the caller's default rules.

    Batches repeat the same few rule settings, so resolved rules are cached by their inputs.
    """
    preset, options = mapping.get("rules"), mapping.get("rule_options")
    if preset is None and not options:
        return default
    try:
        key = (id(default), preset, tuple(options.items()) if isinstance(options, dict) else options)
        entry = _rules_cache.get(key)
    except TypeError:  # an unhashable value: resolve it (and let it be refused) below
        key, entry = None, None
    if entry is not None and entry[0] is default:
        return entry[1]
    found = _read_rules(preset, options, default)
    if key is not None and len(_rules_cache) < 1024:
        _rules_cache[key] = (default, found)
    return found


def _read_rules(preset: object, options: object, default: Rules) -> Rules:
    if options is not None and not isinstance(options, dict):
        raise InvalidContext(f"rule_options must be a mapping, got {short(options)}")
    if preset is not None and not isinstance(preset, str):
        raise InvalidContext(f"rules must be a preset name, got {short(preset)}")
    if preset is None:
        return with_overrides(default, options or {})
    return resolve_rules(preset, options)


def build_request(mapping: Any, default_rules: Rules | None = None, echo: dict | None = None) -> Request:
    """Check a section 3 mapping and build the hand, the context and the rules.

    ``echo`` (if given) is filled with the keys read so far, so an error can still report them.
    """
    echo = {} if echo is None else echo
    if not isinstance(mapping, dict):
        raise InvalidContext(f"a hand must be a mapping of keys, got {type(mapping).__name__}")
    ident = mapping.get("id")
    if not isinstance(ident, (str, int, float, bool, type(None))):
        raise InvalidContext(f"id must be a string or a number, got {short(ident)}")
    echo["id"] = ident
    rules = read_rules(mapping, default_rules or resolve_rules())
    win = mapping.get("win", "ron")
    if win not in ("ron", "tsumo"):
        raise InvalidContext(f"win must be ron or tsumo, got {short(win)}")
    echo["win"] = win
    round_wind = echo["round_wind"] = seat(mapping.get("round_wind", "E"), "round_wind")
    seat_wind = echo["seat_wind"] = seat(mapping.get("seat_wind", "S"), "seat_wind")
    unknown = [k for k in mapping if k not in KEYS]
    if unknown and "hand" not in mapping:  # `hnd:` is a typo of `hand`, not a missing hand
        raise InvalidContext(unknown_key_message(unknown[0], KEYS))
    hand = read_hand(mapping.get("hand"), mapping.get("win_tile"))
    echo["hand"] = hand.text
    echo["win_tile"] = hand.win_name
    dora, ura = tile_list(mapping.get("dora"), "dora"), tile_list(mapping.get("ura"), "ura")
    context = read_context(mapping, win == "tsumo", round_wind, seat_wind, dora, ura)
    context = read_three_player(mapping, context, rules)
    echo["from"] = context.discarder
    check_three_player_tiles(hand, context, rules, mapping["hand"])
    check_tiles(hand, dora + ura, rules, mapping["hand"])
    if unknown:  # checked last so that an error still echoes what could be read
        raise InvalidContext(unknown_key_message(unknown[0], KEYS))
    check_context(hand, context, rules)
    return Request(hand, context, rules, ident)


def read_hand(text: object, win_tile: object) -> Hand:
    """The ``hand`` and ``win_tile`` keys as a Hand."""
    if text is None:
        raise InvalidContext("missing key 'hand'")
    if not isinstance(text, str):
        raise InvalidContext(f"hand must be a string of tile notation, got {short(text)}")
    if win_tile is not None and not isinstance(win_tile, str):
        raise InvalidContext(f"win_tile must be one tile like '5m', got {short(win_tile)}")
    return parse_hand(text, win_tile)


def read_context(
    mapping: dict,
    tsumo: bool,
    round_wind: str,
    seat_wind: str,
    dora: list[tuple[int, bool]],
    ura: list[tuple[int, bool]],
) -> Context:
    """The Context of a mapping whose winds and indicators were read already."""
    get = mapping.get
    raw_from = get("from")
    chankan, robbed_ankan = chankan_value(get("chankan", False))
    return Context(
        tsumo=tsumo,
        from_seat=None if raw_from is None else seat(raw_from, "from"),
        round_wind=round_wind,
        seat_wind=seat_wind,
        riichi=flag(get("riichi", False), "riichi"),
        double_riichi=flag(get("double_riichi", False), "double_riichi"),
        ippatsu=flag(get("ippatsu", False), "ippatsu"),
        haitei=flag(get("haitei", False), "haitei"),
        houtei=flag(get("houtei", False), "houtei"),
        rinshan=flag(get("rinshan", False), "rinshan"),
        chankan=chankan,
        tenhou=flag(get("tenhou", False), "tenhou"),
        chiihou=flag(get("chiihou", False), "chiihou"),
        renhou=flag(get("renhou", False), "renhou"),
        dora=tuple([t for t, _ in dora]),
        ura=tuple([t for t, _ in ura]),
        honba=count(get("honba", 0), "honba"),
        riichi_sticks=count(get("riichi_sticks", 0), "riichi_sticks"),
        discards=tuple([t for t, _ in tile_list(get("discards"), "discards")]),
        passed=tuple([t for t, _ in tile_list(get("passed"), "passed")]),
        chankan_ankan=robbed_ankan,
    )


def check_tiles(hand: Hand, indicators: list[tuple[int, bool]], rules: Rules, text: str) -> None:
    """No fifth copy of a tile and no extra red five, hand, melds and indicators together."""
    counts, reds = hand.all_counts(), list(hand.reds)
    for meld in hand.melds:
        if meld.reds:
            reds[meld.tiles[0] // 9] += meld.reds
    for t, red in indicators:
        counts[t] += 1
        if red:
            reds[t // 9] += 1
    check_counts(counts, reds, rules.aka_dora, text)


def check_context(hand: Hand, c: Context, rules: Rules) -> None:
    """Refuse situations that cannot happen at a table."""
    if not (c.in_riichi or c.from_seat or c.ura or len(c.dora) > 1 or c.ippatsu or c.haitei or c.houtei
            or c.rinshan or c.chankan or c.tenhou or c.chiihou or c.renhou):  # fmt: skip
        return  # none of the rules below can be broken
    has_kan = any(m.is_kan for m in hand.melds)
    called = any(m.is_open for m in hand.melds)
    problems = [
        (c.in_riichi and called, "riichi with open melds"),
        (c.ippatsu and not c.in_riichi, "ippatsu without riichi"),
        (c.ippatsu and not rules.ippatsu, "ippatsu is not played under {rules} (ippatsu: false)"),
        (c.tsumo and c.from_seat is not None, "tsumo with 'from' (only a ron has a discarder)"),
        (c.from_seat == c.seat_wind, "the winner cannot deal in to themselves ('from' is the seat wind)"),
        (c.haitei and not c.tsumo, "haitei with ron (haitei is a tsumo on the last tile; see houtei)"),
        (c.houtei and c.tsumo, "houtei with tsumo (houtei is a ron on the last discard; see haitei)"),
        (c.chankan and c.tsumo, "chankan with tsumo (chankan robs a kan: a ron)"),
        (c.rinshan and not c.tsumo, "rinshan with ron (rinshan is a tsumo on the replacement tile)"),
        (c.rinshan and not has_kan and not c.kita, "rinshan without a kan (or a kita) in the hand"),
        (c.rinshan and c.haitei, "rinshan and haitei together (the replacement tile is not the last tile)"),
        (c.rinshan and c.ippatsu, "ippatsu with rinshan (any kan or kita ends ippatsu, a concealed kan too)"),
        (c.chankan and c.houtei, "chankan and houtei together"),
        (c.tenhou and not c.dealer, "tenhou for a non-dealer (see chiihou)"),
        (c.tenhou and not c.tsumo, "tenhou with ron"),
        (c.chiihou and c.dealer, "chiihou for the dealer (see tenhou)"),
        (c.chiihou and not c.tsumo, "chiihou with ron (see renhou)"),
        (c.renhou and (c.dealer or c.tsumo), "renhou is a non-dealer's ron before their first draw"),
        (c.renhou and rules.renhou == "none", "renhou is not played under {rules} (renhou: none)"),
        ((c.tenhou or c.chiihou or c.renhou) and bool(hand.melds), "tenhou/chiihou/renhou with melds"),
        ((c.tenhou or c.chiihou or c.renhou) and c.in_riichi, "tenhou/chiihou/renhou with riichi"),
        ((c.tenhou or c.chiihou or c.renhou) and c.kita > 0, "tenhou/chiihou/renhou after a kita (a call)"),
        (c.renhou and c.chankan, "renhou with chankan (the robbed kan was a call: the first turn is over)"),
        (bool(c.ura) and not c.in_riichi, "ura dora indicators without riichi"),
        (bool(c.ura) and not rules.ura_dora, "ura dora are not played under {rules} (ura_dora: false)"),
        (len(c.dora) > 1 and not rules.kan_dora, "{dora} dora indicators but kan_dora is false"),
        (len(c.dora) > 5, "{dora} dora indicators (at most 5: one plus four kans)"),
        (len(c.ura) > 5, "{ura} ura dora indicators (at most 5)"),
        # An empty dora list stands for the one indicator every hand has (it need not be given).
        (len(c.ura) > max(1, len(c.dora)), "{ura} ura indicators but {dora} dora indicators (one ura each)"),
        (len(c.ura) > 1 and not rules.kan_ura, "{ura} ura indicators but kan_ura is false under {rules}"),
    ]
    for bad, message in problems:
        if bad:  # messages are formatted only when they are shown
            text = message.format(rules=rules.name, dora=len(c.dora), ura=len(c.ura))
            raise InvalidContext(f"impossible context: {text}")
    if c.chankan:
        check_chankan(hand, c, rules)


def check_chankan(hand: Hand, c: Context, rules: Rules) -> None:
    """A robbed kan holds the other three copies of the winning tile; only kokushi robs an ankan."""
    w = hand.win_tile
    seen = hand.all_counts()[w] - 1 + (c.dora + c.ura + c.discards).count(w)
    if seen:
        raise InvalidContext(
            f"impossible context: chankan on {name(w)}, but {seen} more {name(w)} "
            "in the winner's hand, melds, indicators or discards (the robbed kan holds the other three)"
        )
    if c.chankan_ankan and not rules.kokushi_chankan_ankan:
        raise InvalidContext(
            f"impossible context: chankan on a concealed kan, which no hand may rob under {rules.name} "
            "(kokushi_chankan_ankan: false)"
        )
    if c.chankan_ankan and (hand.melds or not is_kokushi(hand.concealed)):
        raise InvalidContext(
            "impossible context: only thirteen orphans may rob a concealed kan (chankan: ankan)"
        )


# -- three players (SPEC 12) ------------------------------------------------------------------


def read_three_player(mapping: dict, c: Context, rules: Rules) -> Context:
    """``c`` with the ``kita`` key and the player count; a three-player table has no North seat."""
    kita = count(mapping.get("kita", 0), "kita")
    if rules.players != 3:
        if kita:
            raise InvalidContext(
                f"kita: {kita}, but North is set aside as nuki dora only with three players "
                f"(players: 3, e.g. --rules tenhou3); {rules.name} has {rules.players}"
            )
        return c
    if kita > 4:
        raise InvalidContext(f"kita must be 0-4 (there are four North tiles), got {kita}")
    for key, s in (("seat_wind", c.seat_wind), ("round_wind", c.round_wind), ("from", c.from_seat)):
        if s == "N":
            raise InvalidContext(f"{key} N: a three-player table has only E, S and W (no North seat)")
    return replace(c, kita=kita, players=3)


def not_in_set(tile: int) -> str:
    """Why a tile is refused at a three-player table."""
    return (
        f"{name(tile)} is not in three-player mahjong (its 108 tiles have only 1m and 9m of the characters)"
    )


def check_three_player_shape(counts: Sequence[int], melds: tuple[Meld, ...], text: str) -> None:
    """Tiles held at a three-player table: no 2m-8m among the concealed tiles and melds, no chi."""
    for t in NOT_IN_THREE_PLAYER:
        if counts[t]:
            raise InvalidHand(not_in_set(t), text)
    for meld in melds:
        if meld.is_chi:
            raise InvalidHand(f"no chi in three-player mahjong ({meld.notation()}): only pon and kan", text)
        if meld.tiles[0] in NOT_IN_THREE_PLAYER:
            raise InvalidHand(not_in_set(meld.tiles[0]), text)


def check_three_player_tiles(hand: Hand, c: Context, rules: Rules, text: str) -> None:
    """Three players: no 2m-8m anywhere, no chi, and at most four North with the kita set aside."""
    if rules.players != 3:
        return
    check_three_player_shape(hand.concealed, hand.melds, text)
    for key, tiles in (("dora", c.dora), ("ura", c.ura), ("discards", c.discards), ("passed", c.passed)):
        for t in tiles:
            if t in NOT_IN_THREE_PLAYER:
                raise InvalidContext(f"{key}: {not_in_set(t)}")
    north = hand.all_counts()[NORTH] + c.dora.count(NORTH) + c.ura.count(NORTH) + c.kita
    if north > 4:
        raise InvalidHand(
            f"{north} North tiles (hand, melds, indicators and kita together; four exist)", text
        )
