"""The scored reading as SPEC 4 ``reading``: the groups a player sees, the winning group, the wait.

The core's `Reading` keeps sets as (kind, first tile, open for fu, kan); this turns the chosen one
into what a player reads: concealed groups and the pair in tile order, then the called melds as
written, each group's tiles in notation with red fives written ``0`` where a 5 would stand.
"""

from __future__ import annotations

from ..core.decompose import SEQ, TRIP
from ..core.hand import Hand
from ..core.reading import Reading, _sequence_wait
from ..core.scoring import Result
from ..core.tiles import FIVES, SUITS, format_counts

#: The core's wait names -> SPEC 4 names, for the closed-only forms.
_KOKUSHI_WAITS = {"kokushi13": "kokushi_13", "tanki": "kokushi"}
_MELD_KINDS = {"chi": "sequence", "pon": "triplet", "kan": "quad", "kakan": "quad", "ankan": "quad"}


def group_text(tiles: list[int], reds: int) -> str:
    """One suit's tiles in notation, the first ``reds`` fives as 0: ``group_text([3, 4, 5], 1) == '406m'``."""
    digits = ""
    for t in sorted(tiles):
        if t in FIVES and reds > 0:
            digits += "0"
            reds -= 1
        else:
            digits += str(t % 9 + 1)
    return digits + SUITS[tiles[0] // 9]


def _win_index(r: Reading, groups: list[tuple[int, list[int]]]) -> int:
    """Which concealed group (index into ``groups``; the pair is kind -1) the winning tile completed."""
    win = r.win_tile
    for i, (kind, tiles) in enumerate(groups):
        if r.wait == "tanki" and kind == -1:
            return i
        if r.wait == "shanpon" and kind == TRIP and tiles[0] == win:
            return i
        if kind == SEQ and tiles[0] <= win <= tiles[0] + 2 and _sequence_wait(tiles[0], win) == r.wait:
            return i
    return -1


def _concealed_groups(r: Reading, hand: Hand) -> list[dict]:
    """The concealed groups and the pair of a standard reading, with red fives handed out."""
    n_melds = len(hand.melds)
    sets = r.sets[: len(r.sets) - n_melds]
    groups: list[tuple[int, list[int]]] = [(-1, [r.pair, r.pair])]
    groups += [(kind, [t] * 3 if kind == TRIP else [t, t + 1, t + 2]) for kind, t, _, _ in sets]
    groups.sort(key=lambda g: (g[1][0], g[0]))
    win = _win_index(r, groups)
    # red fives go first to the winning group (the red winning tile is in it), then in order
    reds = list(hand.reds)
    order = ([win] if win >= 0 else []) + [i for i in range(len(groups)) if i != win]
    texts = [""] * len(groups)
    for i in order:
        tiles = groups[i][1]
        suit = tiles[0] // 9
        fives = sum(1 for t in tiles if t in FIVES)
        used = min(fives, reds[suit]) if suit < 3 else 0
        if suit < 3:
            reds[suit] -= used
        texts[i] = group_text(tiles, used)
    kinds = {-1: "pair", SEQ: "sequence", TRIP: "triplet"}
    return [
        {"tiles": texts[i], "kind": kinds[kind], "open": False, "win": i == win}
        for i, (kind, _) in enumerate(groups)
    ]


def reading_groups(res: Result) -> list[dict]:
    """The groups of the scored reading (SPEC 4 ``reading.groups``)."""
    r, hand = res.reading, res.hand
    if r.form == "kokushi":
        return [{"tiles": format_counts(list(hand.concealed)), "kind": "orphans", "open": False, "win": True}]
    if r.form == "chiitoitsu":
        reds, out = list(hand.reds), []
        for t, n in enumerate(hand.concealed):
            if n:
                used = min(2, reds[t // 9]) if t in FIVES else 0
                if used:
                    reds[t // 9] -= used
                out.append(
                    {"tiles": group_text([t, t], used), "kind": "pair", "open": False, "win": t == r.win_tile}
                )
        return out
    melds = [
        {"tiles": m.notation().split(":")[1], "kind": _MELD_KINDS[m.kind], "open": m.is_open, "win": False}
        for m in hand.melds
    ]
    return _concealed_groups(r, hand) + melds


def reading_dict(res: Result) -> dict:
    """SPEC 4 ``reading``: ``{"groups": [...], "wait": ...}``."""
    r = res.reading
    wait = _KOKUSHI_WAITS[r.wait] if r.form == "kokushi" else r.wait
    return {"groups": reading_groups(res), "wait": wait}
