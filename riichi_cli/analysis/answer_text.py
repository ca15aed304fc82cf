"""The JSON text of shanten and waits answers, written from pre-encoded pieces (`riichi shanten -`,
`riichi waits -`).

A 14-tile shanten answer holds some 200 small objects, most of them ``{"tile": "1z", "unseen": 2}``:
building them as dicts and encoding them cost more than finding the discards. Here every such piece
is encoded once per process (34 tiles times 5 counts) and an answer is joined from them. Most waits
answers have no wait: their few fields are written straight from the report. The text is exactly
what ``json.dumps(report, ensure_ascii=False)`` writes: the same keys in the same order, ", " and
": " separators (tests/test_answer_text.py compares the two on generated hands).
"""

from __future__ import annotations

from json import JSONEncoder
from json.encoder import encode_basestring
from typing import Final

from ..core.hand import HeldHand
from ..core.tiles import NUM_TILES, name
from .acceptance import accepts, discard_masks
from .shanten import shanten
from .waits import TilePairs, discard_name, shanten_seen

#: ``{"tile": "<t>", "unseen": <u>}`` at index ``5 * t + u`` (unseen is 0..4: more copies are refused).
_UNSEEN: Final = tuple(f'{{"tile": "{name(t)}", "unseen": {u}}}' for t in range(NUM_TILES) for u in range(5))
#: The tiles of the four-player set and of the three-player set (no 2m-8m) as masks.
_SET_MASKS: Final = {4: (1 << NUM_TILES) - 1, 3: ((1 << NUM_TILES) - 1) & ~(0b1111111 << 1)}


def _number(value: int | None) -> str:
    return "null" if value is None else str(value)


def _accepted(mask: int, pieces: list[str], unseen: list[int]) -> tuple[str, int]:
    """The ``accepts`` list text of the tiles in ``mask`` and the sum of their unseen copies.

    ``pieces[t]`` is tile t's ``{"tile", "unseen"}`` text and ``unseen[t]`` its count.
    """
    parts: list[str] = []
    total = 0
    t = 0
    while mask:
        if mask & 1:
            parts.append(pieces[t])
            total += unseen[t]
        mask >>= 1
        t += 1
    return ", ".join(parts), total


def shanten_text(hand: HeldHand, visible: TilePairs = (), dora: TilePairs = (), players: int = 4) -> str:
    """The JSON text of `shanten_report` of the same arguments; raises RiichiError on bad input."""
    seen = shanten_seen(hand, visible, dora, players)
    unseen = [4 - x for x in seen]
    pieces = [_UNSEEN[5 * t + unseen[t]] for t in range(NUM_TILES)]
    melds = len(hand.melds)
    numbers = shanten(hand.counts, melds, players)
    head = (
        f'{{"ok": true, "error": null, "hand": {encode_basestring(hand.notation())}, "tiles": {hand.size}, '
        f'"shanten": {{"standard": {_number(numbers.standard)}, "chiitoitsu": '
        f'{_number(numbers.chiitoitsu)}, "kokushi": {_number(numbers.kokushi)}, '
        f'"best": {_number(numbers.best)}}}'
    )
    in_set = _SET_MASKS[players]
    if hand.size == 13:
        mask = 0
        for t in accepts(hand.counts, melds, players):
            mask |= 1 << t
        listed, total = _accepted(mask & in_set, pieces, unseen)
        return f'{head}, "accepts": [{listed}], "total": {total}}}'
    rows: list[tuple[int, int, int, str]] = []
    for tile, after, mask in discard_masks(hand.counts, melds, players):
        listed, total = _accepted(mask & in_set, pieces, unseen)
        row = (
            f'{{"discard": "{discard_name(hand, tile)}", "shanten": {after}, '
            f'"accepts": [{listed}], "total": {total}}}'
        )
        rows.append((after, -total, tile, row))
    rows.sort()  # by shanten, most unseen, tile: the tiles differ, so the texts are never compared
    return f'{head}, "discards": [{", ".join([row[3] for row in rows])}]}}'


#: ``json.dumps(obj, ensure_ascii=False, allow_nan=False)``, one encoder made once.
_encode: Final = JSONEncoder(ensure_ascii=False, allow_nan=False, check_circular=False).encode
#: The furiten object of a hand without a wait.
_NO_FURITEN: Final[dict[str, object]] = {"furiten": False, "kind": None, "tiles": [], "note": None}
_NO_FURITEN_TEXT: Final = _encode(_NO_FURITEN)


def _value(value: object) -> str:
    """The JSON text of one value; the scalars a report holds are written directly."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if type(value) is int:
        return str(value)
    if type(value) is str:
        return encode_basestring(value)
    if type(value) is list and not value:
        return "[]"
    return _encode(value)


def waits_text(report: dict) -> str:
    """The JSON text of a `waits_report` object (ok): a report without waits is written directly."""
    if report["waits"]:  # scored waits: a few hundred nested values, left to the encoder
        return _encode(report)
    furiten = report["furiten"]
    pure = report["pure_karaten"]
    return (
        f'{{"ok": true, "error": null, "id": {_value(report["id"])}, "hand": {_value(report["hand"])}, '
        f'"tenpai": {_value(report["tenpai"])}, "shanten": {_value(report["shanten"])}, "waits": [], '
        f'"furiten": {_NO_FURITEN_TEXT if furiten == _NO_FURITEN else _encode(furiten)}, '
        f'"karaten": {_value(report["karaten"])}, "pure_karaten": {{"pure_karaten": '
        f'{_value(pure["pure_karaten"])}, "tiles": {_value(pure["tiles"])}, "counts_as_tenpai": '
        f'{_value(pure["counts_as_tenpai"])}}}, "keishiki": {_value(report["keishiki"])}, '
        f'"rules": {_value(report["rules"])}, "next": {_value(report["next"])}}}'
    )
