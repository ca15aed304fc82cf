"""The JSON text of a shanten answer, written from pre-encoded pieces (`riichi shanten -`).

A 14-tile answer holds some 200 small objects, most of them ``{"tile": "1z", "unseen": 2}``: building
them as dicts and encoding them cost more than finding the discards. Here every such piece is encoded
once per process (34 tiles times 5 counts) and an answer is joined from them. The text is exactly
``json.dumps(shanten_report(...), ensure_ascii=False)``: the same keys in the same order, ", " and
": " separators (tests/test_answer_text.py compares the two on generated hands).
"""

from __future__ import annotations

from json.encoder import encode_basestring
from typing import Final

from ..core.hand import HeldHand
from ..core.tiles import NUM_TILES, name
from .shanten import accepts, discard_masks, shanten
from .waits import TilePairs, discard_name, shanten_seen

#: ``{"tile": "<t>", "unseen": <u>}`` at index ``5 * t + u`` (unseen is 0..4: more copies are refused).
_UNSEEN: Final = tuple(f'{{"tile": "{name(t)}", "unseen": {u}}}' for t in range(NUM_TILES) for u in range(5))
#: The tiles of the four-player set and of the three-player set (no 2m-8m) as masks.
_SET_MASKS: Final = {4: (1 << NUM_TILES) - 1, 3: ((1 << NUM_TILES) - 1) & ~(0b1111111 << 1)}


def _number(value: int | None) -> str:
    return "null" if value is None else str(value)


def _accepted(mask: int, unseen: list[int]) -> tuple[str, int]:
    """The ``accepts`` list text of the tiles in ``mask`` and the sum of their unseen copies."""
    parts: list[str] = []
    total = 0
    t = 0
    while mask:
        if mask & 1:
            u = unseen[t]
            parts.append(_UNSEEN[5 * t + u])
            total += u
        mask >>= 1
        t += 1
    return ", ".join(parts), total


def shanten_text(hand: HeldHand, visible: TilePairs = (), dora: TilePairs = (), players: int = 4) -> str:
    """The JSON text of `shanten_report` of the same arguments; raises RiichiError on bad input."""
    seen = shanten_seen(hand, visible, dora, players)
    unseen = [4 - x for x in seen]
    melds = len(hand.melds)
    numbers = shanten(hand.counts, melds, players)
    head = (
        f'{{"ok": true, "error": null, "hand": {encode_basestring(hand.notation())}, "tiles": {hand.size}, '
        f'"shanten": {{"standard": {_number(numbers["standard"])}, "chiitoitsu": '
        f'{_number(numbers["chiitoitsu"])}, "kokushi": {_number(numbers["kokushi"])}, '
        f'"best": {_number(numbers["best"])}}}'
    )
    in_set = _SET_MASKS[players]
    if hand.size == 13:
        mask = 0
        for t in accepts(hand.counts, melds, players):
            mask |= 1 << t
        listed, total = _accepted(mask & in_set, unseen)
        return f'{head}, "accepts": [{listed}], "total": {total}}}'
    rows: list[tuple[int, int, int, str]] = []
    for tile, after, mask in discard_masks(hand.counts, melds, players):
        listed, total = _accepted(mask & in_set, unseen)
        row = (
            f'{{"discard": "{discard_name(hand, tile)}", "shanten": {after}, '
            f'"accepts": [{listed}], "total": {total}}}'
        )
        rows.append((after, -total, tile, row))
    rows.sort()  # by shanten, most unseen, tile: the tiles differ, so the texts are never compared
    return f'{head}, "discards": [{", ".join([row[3] for row in rows])}]}}'
