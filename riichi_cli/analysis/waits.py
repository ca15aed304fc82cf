"""What a hand waits on and what each wait pays (SPEC section 7): the pure core of `riichi waits`.

No I/O and no terminal: text and mappings in, the SPEC 7 dicts out. The commands in
:mod:`riichi_cli.cli_waits` only read arguments and lines and print what these functions return.

Terms used below:

- a *wait* is a tile that completes the 13-tile hand by shape, whether or not a copy can still come;
- *unseen* is 4 minus the copies the player can see: the hand, the melds, the dora indicators, their
  own discards and the tiles given as visible elsewhere;
- *karaten*: every wait is unseen 0; *pure karaten*: a wait whose four copies are all in the player's
  own concealed tiles (a kan is not "in hand"), which only some rules count as tenpai at a draw;
- *keishiki tenpai*: tenpai by shape, but no wait has a yaku for a ron.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..api import score
from ..core.context import build_request, check_three_player_shape, not_in_set, tile_list
from ..core.decompose import winning_tiles
from ..core.errors import InvalidContext, InvalidHand, RiichiError, short
from ..core.hand import Meld, concealed_pairs
from ..core.notation import build_melds, check_limits, parse
from ..core.rules import Rules, resolve_rules
from ..core.tiles import FIVES, NORTH, NOT_IN_THREE_PLAYER, TILE_SET, format_counts, name, table_seats
from ..io.report import error_dict
from .shanten import accepts, discard_table, shanten

TilePairs = Sequence[tuple[int, bool]]

#: Keys of a waits mapping that describe one win: `waits` tries every wait both ways itself.
_WIN_KEYS = ("hand", "win", "win_tile")
#: The keys of a waits / shanten object that are null when the input is refused.
WAITS_KEYS = ("hand", "tenpai", "shanten", "waits", "furiten", "karaten", "pure_karaten", "keishiki")
SHANTEN_KEYS = ("hand", "tiles", "shanten")
#: The most red fives any rule set has (aka_dora 4), for `shanten`, which takes no rules.
_MOST_RED = 4


@dataclass(frozen=True)
class HeldHand:
    """A hand that is not yet a win: concealed counts, red fives per suit and melds."""

    text: str
    counts: tuple[int, ...]
    reds: tuple[int, int, int]
    melds: tuple[Meld, ...]

    @property
    def size(self) -> int:
        """Tiles as the rules count them: concealed tiles plus 3 per meld."""
        return sum(self.counts) + 3 * len(self.melds)

    def pairs(self) -> list[tuple[int, bool]]:
        """(tile, red) of the concealed tiles and of the melds, kans counted 4."""
        out = concealed_pairs(self.counts, self.reds)
        for meld in self.melds:
            out += meld.pairs()
        return out

    def concealed_text(self) -> str:
        return format_counts(list(self.counts), self.reds)

    def notation(self, extra: str = "") -> str:
        """Canonical notation (SPEC 2); ``extra`` is written as its own group after the concealed part."""
        return " ".join([self.concealed_text() + extra] + [m.notation() for m in self.melds])


def read_hand(text: object, sizes: tuple[int, ...] = (13,)) -> HeldHand:
    """Parse a hand of one of ``sizes`` tiles (a meld counts 3), refusing bad notation and melds."""
    if text is None:
        raise InvalidContext("missing key 'hand'")
    if not isinstance(text, str):
        raise InvalidContext(f"hand must be a string of tile notation, got {short(text)}")
    parsed = parse(text)
    melds = build_melds(parsed)
    hand = HeldHand(text, tuple(parsed.counts()), parsed.reds(), melds)
    if len(melds) > 4 or hand.size not in sizes or not parsed.concealed:
        want = " or ".join(map(str, sizes))
        hint = ""
        if sizes == (13,) and hand.size == 14:
            hint = "; for 14 tiles see `riichi shanten` (which discard) or `riichi score` (a win)"
        raise InvalidHand(
            f"this needs {want} tiles (a meld counts 3), the hand has {hand.size}{hint}",
            text,
            max(len(text.rstrip()) - 1, 0),
        )
    return hand


def seen_counts(tiles: TilePairs) -> list[int]:
    counts = [0] * 34
    for t, _ in tiles:
        counts[t] += 1
    return counts


def check_seen(known: TilePairs, extra: TilePairs, aka_dora: int, text: str) -> None:
    """Refuse a fifth copy or an extra red five once discards and visible tiles are added.

    The hand, melds and indicators were checked already; a failure now comes from the extra tiles.
    """
    try:
        check_limits(list(known) + list(extra), aka_dora, text)
    except InvalidHand as e:
        raise InvalidHand(
            f"{e.message.split(' (')[0]} counting the discards and visible tiles too"
            " (count a called discard once)",
            text,
        ) from None


# -- waits ------------------------------------------------------------------------------------


def column_mapping(base: dict, hand_text: str, tile: str, kind: str) -> dict:
    """The SPEC 3 mapping of a win on ``tile`` by ``kind`` (ron or tsumo) in the situation ``base``.

    Haitei and houtei both mean "the last tile", so either flag becomes the one of this kind;
    a tsumo has no discarder. Other flags of one kind only (rinshan, chankan, ...) are passed
    through, so the other column is refused as the impossible situation it is.
    """
    out = {k: v for k, v in base.items() if k not in _WIN_KEYS}
    haitei, houtei = out.pop("haitei", None), out.pop("houtei", None)
    last = haitei if haitei not in (None, False) else houtei
    if last is not None:
        out["haitei" if kind == "tsumo" else "houtei"] = last
    if kind == "tsumo":
        out.pop("from", None)
    out.update(hand=hand_text, win=kind, win_tile=tile)
    return out


def check_context(hand: HeldHand, base: dict, rules: Rules):
    """Validate the situation once for the whole hand; return the checked request.

    `build_request` checks a 14-tile hand, so one tile is added that cannot break a limit. The
    situation is good when a ron or a tsumo is possible; when neither is, the tsumo's refusal
    is shown (it names the flag at fault rather than the ron nobody asked for).
    """
    counts = seen_counts(hand.pairs() + indicators(base))
    filler = min(TILE_SET[3], key=lambda t: counts[t])  # a tile of every set, four- or three-player
    if base.get("chankan") == "ankan":  # the filler is no thirteen orphans: each wait is checked itself
        base = {**base, "chankan": True}
    text = hand.notation(name(filler))
    try:
        return build_request(column_mapping(base, text, name(filler), "ron"), rules)
    except InvalidContext:
        return build_request(column_mapping(base, text, name(filler), "tsumo"), rules)


def indicators(base: dict) -> list[tuple[int, bool]]:
    """The dora and ura indicators of a mapping, or none if they do not read (that is reported later)."""
    try:
        return tile_list(base.get("dora"), "dora") + tile_list(base.get("ura"), "ura")
    except RiichiError:
        return []


def never_object(hand: HeldHand, base: dict, tile: int, kind: str, echo: dict) -> dict:
    """The SPEC 4 refusal of a win on a tile whose four copies are all the player's own.

    The scorer would refuse a fifth copy as a bad hand; this says why the wait cannot come.
    """
    kita = tile == NORTH and kita_of(base) > 0
    where = "in your own hand, melds and kita" if kita else "in your own hand and melds"
    where = "in the hand (pure karaten)" if hand.counts[tile] == 4 else where
    err = InvalidHand(f"all four {name(tile)} are {where}: this wait can never be won")
    mapping = column_mapping(base, hand.notation(name(tile)), name(tile), kind)
    return error_dict(err, {**echo, "hand": mapping["hand"], "win_tile": name(tile), "win": kind})


def score_wait(hand: HeldHand, base: dict, rules: Rules, tile: int, echo: dict) -> dict:
    """The ``{"tile", "ron", "tsumo"}`` entry of one wait (without the unseen count).

    ``echo`` holds what a refusal object repeats: id, winds and the discarder of a ron.
    """
    entry: dict = {"tile": name(tile)}
    own = seen_counts(hand.pairs())[tile] + (kita_of(base) if tile == NORTH else 0)
    for kind in ("ron", "tsumo"):
        if own == 4:
            who = echo["from"] if kind == "ron" else None
            entry[kind] = never_object(hand, base, tile, kind, {**echo, "from": who})
        else:
            text = hand.notation(name(tile))
            entry[kind] = score(column_mapping(base, text, name(tile), kind), rules)
    return entry


def has_ron_yaku(hand: HeldHand, base: dict, rules: Rules, tile: int, entry: dict) -> bool:
    """Whether a ron on this wait has a yaku, furiten aside (keishiki is about yaku only).

    When the situation rules a ron out (rinshan, say) the tsumo stands in for it.
    """
    ron = entry["ron"]
    if ron["ok"]:
        return True
    code = ron["error"]["code"]
    if code == "furiten":
        clean = {k: v for k, v in base.items() if k not in ("discards", "passed")}
        return score(column_mapping(clean, hand.notation(name(tile)), name(tile), "ron"), rules)["ok"]
    return code == "invalid_context" and entry["tsumo"]["ok"]


def furiten_status(waits: list[int], discards: Sequence[int], passed: Sequence[int], riichi: bool) -> dict:
    """Discard furiten (a wait among one's own discards) before riichi or temporary furiten
    (a wait let pass), as the scorer checks them."""
    on_discards = [t for t in waits if t in discards]
    on_passed = [t for t in waits if t in passed]
    kind = "discard" if on_discards else ("riichi" if riichi else "temporary") if on_passed else None
    tiles = on_discards or on_passed
    return {
        "furiten": kind is not None,
        "kind": kind,
        "tiles": [name(t) for t in tiles],
        "note": "a ron is not allowed on any wait; a tsumo still wins" if kind else None,
    }


def waits_report(hand: HeldHand, mapping: dict, rules: Rules | None = None, visible: TilePairs = ()) -> dict:
    """The SPEC 7 waits object of a 13-tile hand; raises RiichiError on bad input.

    ``mapping`` holds the SPEC 3 situation keys (its hand, win and win_tile are ignored: every
    wait is tried by ron and by tsumo); ``visible`` are tiles seen elsewhere on the table.
    """
    rules = rules or resolve_rules()
    req = check_context(hand, mapping, rules)
    rules, ctx = req.rules, req.context  # a mapping may name its own rules
    check_tile_set(visible, "visible", rules.players)
    kita = [(NORTH, False)] * ctx.kita  # set aside by the player: seen, and never drawn again
    known = hand.pairs() + [(t, False) for t in ctx.dora + ctx.ura] + kita
    check_seen(known, [(t, False) for t in ctx.discards] + list(visible), rules.aka_dora, hand.text)
    seen = seen_counts(hand.pairs() + [(t, False) for t in ctx.dora + ctx.discards] + list(visible) + kita)
    melds = len(hand.melds)
    tiles = winning_tiles(hand.counts)
    seats = table_seats(rules.players)
    echo = {
        "id": mapping.get("id"),
        "seat_wind": ctx.seat_wind,
        "round_wind": ctx.round_wind,
        "from": ctx.from_seat or seats[(seats.index(ctx.seat_wind) - 1) % len(seats)],  # the ron's discarder
    }
    entries = []
    for t in tiles:
        entry = score_wait(hand, mapping, rules, t, echo)
        entries.append({"tile": entry["tile"], "unseen": 4 - seen[t], **entry})
    pure = [t for t in tiles if hand.counts[t] == 4]
    drawable = len(pure) < len(tiles)
    tenpai = drawable or (bool(pure) and rules.pure_karaten_is_tenpai)
    live = [(t, e) for t, e in zip(tiles, entries) if t not in pure]
    keishiki = tenpai and not any(has_ron_yaku(hand, mapping, rules, t, e) for t, e in live)
    canonical = hand.notation()
    return {
        "ok": True,
        "error": None,
        "id": mapping.get("id"),
        "hand": canonical,
        "tenpai": tenpai,
        "shanten": 0 if tenpai else shanten(hand.counts, melds, rules.players)["best"],
        "waits": entries,
        "furiten": furiten_status(tiles, ctx.discards, ctx.passed, ctx.in_riichi),
        "karaten": bool(tiles) and all(e["unseen"] == 0 for e in entries),
        "pure_karaten": {
            "pure_karaten": bool(pure) and not drawable,
            "tiles": [name(t) for t in pure],
            "counts_as_tenpai": rules.pure_karaten_is_tenpai,
        },
        "keishiki": keishiki,
        "rules": rules.name,
        "next": None if tenpai else f"riichi shanten {canonical}",
    }


def waits_of(
    mapping: dict, rules: Rules | None = None, visible: TilePairs = ()
) -> tuple[dict, RiichiError | None]:
    """`waits_report` of ``mapping["hand"]`` that never raises: a refusal becomes an ok-false object."""
    try:
        if not isinstance(mapping, dict):
            raise InvalidContext(f"a hand must be a mapping of keys, got {type(mapping).__name__}")
        return waits_report(read_hand(mapping.get("hand")), mapping, rules, visible), None
    except RiichiError as err:
        return failed(err, mapping, WAITS_KEYS), err
    except RecursionError:
        deep = InvalidContext("input nested too deeply")
        return failed(deep, mapping, WAITS_KEYS), deep


def failed(err: RiichiError, mapping: object, keys: tuple[str, ...]) -> dict:
    """The object of a refused input: ``ok`` false, the error, every other key null."""
    ident = mapping.get("id") if isinstance(mapping, dict) else None
    if not isinstance(ident, (str, int, float, bool, type(None))):
        ident = None
    out = {"ok": False, "error": {"code": err.code, "message": err.one_line()}, "id": ident}
    out.update(dict.fromkeys(keys))
    return out


# -- shanten ----------------------------------------------------------------------------------


def unseen_list(tiles: Sequence[int], seen: Sequence[int]) -> list[dict]:
    return [{"tile": name(t), "unseen": 4 - seen[t]} for t in tiles]


def discard_name(hand: HeldHand, tile: int) -> str:
    """A five is named red only when every copy held is red: that is the only five one can discard."""
    red = tile in FIVES and hand.reds[tile // 9] >= hand.counts[tile]
    return name(tile, red)


def shanten_report(hand: HeldHand, visible: TilePairs = (), dora: TilePairs = (), players: int = 4) -> dict:
    """The SPEC 7 shanten object of a 13- or 14-tile hand; raises RiichiError on bad input.

    For 14 tiles every distinct discard is ranked by the shanten it leaves, then by the unseen
    copies of the tiles it accepts (then by tile); for 13 tiles the accepted tiles are listed.
    With ``players`` 3 the 108-tile set applies: no 2m-8m held, seen or accepted, no chi.
    """
    check_three_player_hand(hand, players)
    check_tile_set(visible, "visible", players)
    check_tile_set(dora, "dora", players)
    in_set = set(TILE_SET[players])
    known = hand.pairs() + list(dora)
    check_limits(known, _MOST_RED, hand.text)
    check_seen(known, visible, _MOST_RED, hand.text)
    seen = seen_counts(known + list(visible))
    melds = len(hand.melds)
    out: dict[str, Any] = {
        "ok": True,
        "error": None,
        "hand": hand.notation(),
        "tiles": hand.size,
        "shanten": shanten(hand.counts, melds, players),
    }
    if hand.size == 13:
        accepted = unseen_list([t for t in accepts(hand.counts, melds, players) if t in in_set], seen)
        out["accepts"] = accepted
        out["total"] = sum(a["unseen"] for a in accepted)
        return out
    rows = []
    for tile, after, tiles in discard_table(hand.counts, melds, players):
        accepted = unseen_list([t for t in tiles if t in in_set], seen)
        total = sum(a["unseen"] for a in accepted)
        row = {"discard": discard_name(hand, tile), "shanten": after, "accepts": accepted, "total": total}
        rows.append((after, -total, tile, row))
    out["discards"] = [row for *_, row in sorted(rows, key=lambda r: r[:3])]
    return out


def shanten_of(
    text: object, visible: TilePairs = (), dora: TilePairs = (), players: int = 4
) -> tuple[dict, RiichiError | None]:
    """`shanten_report` of a hand text that never raises."""
    try:
        return shanten_report(read_hand(text, (13, 14)), visible, dora, players), None
    except RiichiError as err:
        return failed(err, None, SHANTEN_KEYS), err


# -- three players (SPEC 12) ------------------------------------------------------------------


def check_tile_set(tiles: TilePairs, key: str, players: int) -> None:
    """Three players: refuse 2m-8m among tiles given as seen (``--visible``, ``--dora``)."""
    bad = next((t for t, _ in tiles if t in NOT_IN_THREE_PLAYER), None) if players == 3 else None
    if bad is not None:
        raise InvalidContext(f"{key}: {not_in_set(bad)}")


def check_three_player_hand(hand: HeldHand, players: int) -> None:
    """Three players: a held hand has no 2m-8m and no chi."""
    if players == 3:
        check_three_player_shape(hand.counts, hand.melds, hand.text)


def kita_of(base: dict) -> int:
    """The North tiles a mapping sets aside (0 when the key is missing or bad: that is refused elsewhere)."""
    kita = base.get("kita", 0)
    return kita if isinstance(kita, int) and not isinstance(kita, bool) and 0 <= kita <= 4 else 0
