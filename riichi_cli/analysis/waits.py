"""What a hand waits on and what each wait pays (docs/output.md): the pure core of `riichi waits`.

No I/O and no terminal: text and mappings in, the docs/output.md dicts out. The commands in
:mod:`riichi_cli.cli.waits` only read arguments and lines and print what these functions return.

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
from typing import Any, NamedTuple

from ..core.context import Context, Request, check_three_player_shape, check_win_tile, not_in_set
from ..core.decompose import winning_tiles
from ..core.errors import Furiten, InvalidContext, InvalidHand, RiichiError
from ..core.hand import Hand, HeldHand
from ..core.notation import check_counts, parse_written, tile_count_refusal
from ..core.record import replace
from ..core.rules import Rules
from ..core.scoring import Result, furiten, score_request
from ..core.tiles import FIVES, NORTH, NOT_IN_THREE_PLAYER, TILE_SET, name, seat_before
from ..io.mapping import hand_text, read_head, read_situation
from ..io.report import checked, error_dict, refusal, result_dict
from .acceptance import accepts, discard_table
from .shanten import shanten

TilePairs = Sequence[tuple[int, bool]]
#: What one column of a wait holds before it is reported: the scored win or why there is none.
Outcome = Result | RiichiError

#: Keys of a waits mapping that describe one win: `waits` tries every wait both ways itself.
_WIN_KEYS = ("hand", "win", "win_tile")
#: The keys of a waits / shanten object that are null when the input is refused.
WAITS_KEYS = ("hand", "tenpai", "shanten", "waits", "furiten", "karaten", "pure_karaten", "keishiki")
SHANTEN_KEYS = ("hand", "tiles", "shanten")
#: The most red fives any rule set has (aka_dora 4), for `shanten`, which takes no rules.
_MOST_RED = 4
_SEEN_TOO = "counting the discards and visible tiles too (count a called discard once)"


def read_hand(text: object, sizes: tuple[int, ...] = (13,)) -> HeldHand:
    """Parse a hand of one of ``sizes`` tiles (a meld counts 3), refusing bad notation and melds."""
    text = hand_text(text)
    hand = parse_written(text)
    if len(hand.melds) > 4 or hand.size not in sizes or hand.last is None:
        want = " or ".join(map(str, sizes))
        hint = ""
        if sizes == (13,) and hand.size == 14:
            hint = "; for 14 tiles see `riichi shanten` (which discard) or `riichi score` (a win)"
        raise tile_count_refusal(
            text, f"this needs {want} tiles (a meld counts 3), the hand", hand.size, hint
        )
    return hand


#: Tile counts (34) and red fives per suit (m, p, s, z): what `check_counts` checks.
Tally = tuple[list[int], list[int]]


def with_tiles(tally: Tally, tiles: TilePairs) -> Tally:
    """A copy of ``tally`` with ``tiles`` counted in."""
    counts, reds = list(tally[0]), list(tally[1])
    for t, red in tiles:
        counts[t] += 1
        reds[t // 9] += red
    return counts, reds


# -- waits ------------------------------------------------------------------------------------


class Column(NamedTuple):
    """The situation of every win of one kind (ron or tsumo), or why that kind cannot happen.

    ``echo`` holds what a refusal of this column repeats (id, win, winds, discarder).
    """

    kind: str
    context: Context | None
    refusal: InvalidContext | None
    echo: dict


def column_mapping(base: dict, kind: str) -> dict:
    """The situation keys of a win by ``kind`` (ron or tsumo) in the situation ``base``.

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
    out["win"] = kind
    return out


def read_columns(
    hand: HeldHand, base: dict, rules: Rules | None, held: Tally | None = None
) -> tuple[Rules, Column, Column]:
    """The rules and the ron and tsumo situations of a hand, read and checked once for all its waits.

    The situation is good when a ron or a tsumo is possible; when neither is, the tsumo's refusal
    is raised (it names the flag at fault rather than the ron nobody asked for). Any other
    refusal (a bad key, a bad indicator) is the same for both and is raised at once. ``held``:
    `HeldHand.tally` of the hand, when the caller has it.
    """
    held = held or hand.tally()
    columns = []
    found = rules
    for kind in ("ron", "tsumo"):
        mapping = column_mapping(base, kind)
        echo: dict = {}
        head = read_head(mapping, rules, echo)
        found = head.rules  # a mapping may name its own rules
        try:
            ctx = read_situation(mapping, head, held, hand.melds, hand.text, echo)
            columns.append(Column(kind, ctx, None, echo))
        except InvalidContext as err:
            columns.append(Column(kind, None, err, echo))
    ron, tsumo = columns
    if tsumo.refusal is not None and ron.refusal is not None:
        raise tsumo.refusal
    assert found is not None
    return found, ron, tsumo


def never_won(hand: HeldHand, tile: int, kita: int = 0) -> InvalidHand:
    """The refusal of a wait whose four copies are all the player's own: it can never come.

    The scorer would refuse a fifth copy as a bad hand; this says why the wait cannot come.
    ``kita``: North tiles the player set aside (three players), their own too.
    """
    where = "in your own hand, melds and kita" if tile == NORTH and kita else "in your own hand and melds"
    where = "in the hand (pure karaten)" if hand.counts[tile] == 4 else where
    return InvalidHand(
        f"all four {name(tile)} are {where}: this wait can never be won", detail="wait_never_comes"
    )


def score_column(hand: HeldHand, col: Column, rules: Rules, tile: int, known: Tally) -> Outcome:
    """A win on ``tile`` in one column: the scored Result, or the refusal (furiten, no yaku, ...).

    ``known``: the tally of the hand's tiles and the dora indicators.
    """
    try:
        counts, reds = with_tiles(known, [(tile, False)])
        check_counts(counts, reds, rules.aka_dora, hand.text)
        if col.refusal is not None:
            return col.refusal
        assert col.context is not None
        win = hand.with_tile(tile)
        check_win_tile(win, col.context, rules)
        return score_request(Request(win, col.context, rules, col.echo.get("id")))
    except RiichiError as err:
        return err


def column_dict(outcome: Outcome, hand: HeldHand, col: Column, tile: int, echo: dict) -> dict:
    """The docs/output.md object of one column of a wait; a refusal echoes ``echo`` over the column's own."""
    if isinstance(outcome, Result):
        return result_dict(outcome, col.echo.get("id"))
    shown = {**col.echo, **echo, "hand": hand.with_tile(tile).text, "win_tile": name(tile), "win": col.kind}
    return error_dict(outcome, shown)


def has_ron_yaku(ron: Outcome, tsumo: Outcome, win: Hand, col: Column, rules: Rules) -> bool:
    """Whether a ron on this wait has a yaku, furiten aside (keishiki is about yaku only).

    When the situation rules a ron out (rinshan, say) the tsumo stands in for it.
    """
    if isinstance(ron, Result):
        return True
    if isinstance(ron, Furiten) and col.context is not None:
        try:
            score_request(Request(win, replace(col.context, discards=(), passed=()), rules))
            return True
        except RiichiError:
            return False
    return isinstance(ron, InvalidContext) and isinstance(tsumo, Result)


def furiten_status(waits: list[int], ctx: Context) -> dict:
    """Discard furiten (a wait among one's own discards) before riichi or temporary furiten
    (a wait let pass), as the scorer checks them."""
    found = furiten(waits, ctx)
    kind, tiles = found if found else (None, ())
    return {
        "furiten": kind is not None,
        "kind": kind,
        "tiles": [name(t) for t in tiles],
        "note": "a ron is not allowed on any wait; a tsumo still wins" if kind else None,
    }


def wait_entries(
    hand: HeldHand,
    tiles: list[int],
    columns: tuple[Column, Column],
    rules: Rules,
    held: Tally,
    indicators: TilePairs,
) -> tuple[list[dict], list[bool]]:
    """Each wait's ``{"tile", "unseen", "ron", "tsumo"}`` (unseen left at 0 for the caller), and for
    each wait that can come, whether a ron on it has a yaku (for keishiki tenpai).

    ``held`` is `HeldHand.tally` of the hand, made once.
    """
    ron, tsumo = columns
    ctx = ron.context or tsumo.context
    assert ctx is not None
    own = list(held[0])
    known = with_tiles(held, indicators)
    own[NORTH] += ctx.kita  # set aside by the player (three players): theirs too
    # a wait that can never come echoes the situation: the ron's discarder (the one given, even when the
    # ron column is refused, as every other wait's ron echoes it), no discarder for a tsumo
    ron_from = ron.echo.get("from") or ctx.from_seat
    never_echo: dict[str, dict] = {
        "ron": {"from": ron_from or seat_before(ctx.seat_wind, ctx.players)},
        "tsumo": {"from": None},
    }
    entries, ron_yaku = [], []
    for t in tiles:
        entry: dict[str, Any] = {"tile": name(t), "unseen": 0}
        outcomes: list[Outcome] = []
        for col in columns:
            never = own[t] == 4
            outcome = never_won(hand, t, ctx.kita) if never else score_column(hand, col, rules, t, known)
            entry[col.kind] = column_dict(outcome, hand, col, t, never_echo[col.kind] if never else {})
            outcomes.append(outcome)
        entries.append(entry)
        if hand.counts[t] < 4:
            ron_yaku.append(has_ron_yaku(outcomes[0], outcomes[1], hand.with_tile(t), ron, rules))
    return entries, ron_yaku


def wait_tiles(counts: tuple[int, ...] | list[int], best: int) -> list[int]:
    """`winning_tiles` of concealed counts whose best shanten is ``best``, without the search when
    there can be none.

    A winning tile that is not a fifth copy makes the hand tenpai (best 0: the shanten is exact);
    a fifth copy needs a tile held four times. So a hand at one shanten or more with no tile held
    four times has no winning tile, as most hands in play do.
    """
    if best > 0 and max(counts) < 4:
        return []
    return winning_tiles(counts)


def waits_report(hand: HeldHand, mapping: dict, rules: Rules | None = None, visible: TilePairs = ()) -> dict:
    """The waits object of a 13-tile hand (docs/output.md); raises RiichiError on bad input.

    ``mapping`` holds the situation keys (its hand, win and win_tile are ignored: every wait is
    tried by ron and by tsumo); ``visible`` are tiles seen elsewhere on the table.
    """
    held = hand.tally()
    rules, ron, tsumo = read_columns(hand, mapping, rules, held)
    ctx = ron.context or tsumo.context
    assert ctx is not None
    indicators = [(t, False) for t in ctx.dora + ctx.ura]
    check_tile_set(visible, "visible", rules.players)
    kita = [(NORTH, False)] * ctx.kita  # set aside by the player: seen, and never drawn again
    discards = [(t, False) for t in ctx.discards]
    counts, reds = with_tiles(held, indicators + kita + discards + list(visible))
    check_counts(counts, reds, rules.aka_dora, hand.text, _SEEN_TOO)
    seen = counts  # every tile the player sees, less the ura indicators (not turned over yet)
    for t in ctx.ura:
        seen[t] -= 1
    best = shanten(hand.counts, len(hand.melds), rules.players).best
    tiles = wait_tiles(hand.counts, best)
    entries, ron_yaku = wait_entries(hand, tiles, (ron, tsumo), rules, held, indicators)
    for entry, t in zip(entries, tiles):
        entry["unseen"] = 4 - seen[t]
    pure = [t for t in tiles if hand.counts[t] == 4]
    drawable = len(pure) < len(tiles)
    tenpai = drawable or (bool(pure) and rules.pure_karaten_is_tenpai)
    keishiki = tenpai and not any(ron_yaku)
    canonical = hand.notation()
    return {
        "ok": True,
        "error": None,
        "id": mapping.get("id"),
        "hand": canonical,
        "tenpai": tenpai,
        "shanten": 0 if tenpai else best,
        "waits": entries,
        "furiten": furiten_status(tiles, ctx),
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
    """`waits_report` of ``mapping["hand"]`` that never raises: a refusal becomes an ok-false object.
    The callers (`riichi_cli.waits`, the command) refuse what is not a mapping first: compiled, this
    function takes a dict only."""

    def work() -> dict:
        return waits_report(read_hand(mapping.get("hand")), mapping, rules, visible)

    return checked(work, lambda err: refusal(err, mapping, WAITS_KEYS))


# -- shanten ----------------------------------------------------------------------------------


def unseen_list(tiles: Sequence[int], seen: Sequence[int]) -> list[dict]:
    return [{"tile": name(t), "unseen": 4 - seen[t]} for t in tiles]


def discard_name(hand: HeldHand, tile: int) -> str:
    """A five is named red only when every copy held is red: that is the only five one can discard."""
    red = tile in FIVES and hand.reds[tile // 9] >= hand.counts[tile]
    return name(tile, red)


def shanten_report(hand: HeldHand, visible: TilePairs = (), dora: TilePairs = (), players: int = 4) -> dict:
    """The shanten object (docs/output.md) of a 13- or 14-tile hand; raises RiichiError on bad input.

    For 14 tiles every distinct discard is ranked by the shanten it leaves, then by the unseen
    copies of the tiles it accepts (then by tile); for 13 tiles the accepted tiles are listed.
    With ``players`` 3 the 108-tile set applies: no 2m-8m held, seen or accepted, no chi.
    """
    seen = shanten_seen(hand, visible, dora, players)
    in_set = set(TILE_SET[players])
    melds = len(hand.melds)
    out: dict[str, Any] = {
        "ok": True,
        "error": None,
        "hand": hand.notation(),
        "tiles": hand.size,
        "shanten": shanten(hand.counts, melds, players)._asdict(),
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


def shanten_seen(hand: HeldHand, visible: TilePairs, dora: TilePairs, players: int) -> list[int]:
    """The checks of a shanten question (tile set, copies, red fives) and the copies seen of each tile."""
    if players == 3:
        check_three_player_shape(hand.counts, hand.melds, hand.text)
    check_tile_set(visible, "visible", players)
    check_tile_set(dora, "dora", players)
    counts, reds = with_tiles(hand.tally(), dora)
    check_counts(counts, reds, _MOST_RED, hand.text)
    counts, reds = with_tiles((counts, reds), visible)
    check_counts(counts, reds, _MOST_RED, hand.text, _SEEN_TOO)
    return counts


def shanten_of(
    text: object, visible: TilePairs = (), dora: TilePairs = (), players: int = 4
) -> tuple[dict, RiichiError | None]:
    """`shanten_report` of a hand text that never raises."""
    return checked(
        lambda: shanten_report(read_hand(text, (13, 14)), visible, dora, players),
        lambda err: refusal(err, None, SHANTEN_KEYS),
    )


def check_tile_set(tiles: TilePairs, key: str, players: int) -> None:
    """Three players: refuse 2m-8m among tiles given as seen (``--visible``, ``--dora``)."""
    bad = next((t for t, _ in tiles if t in NOT_IN_THREE_PLAYER), None) if players == 3 else None
    if bad is not None:
        raise InvalidContext(f"{key}: {not_in_set(bad)}", detail="not_in_three_player_set")
