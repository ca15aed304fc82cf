"""`Result.outscores` (the scorer's comparison of readings) is ``key >``: points, yakuman, han, fu."""

from __future__ import annotations

import itertools

from riichi_cli.core.reading import readings
from riichi_cli.core.scoring import Result, score_reading
from riichi_cli.io.mapping import build_request

HANDS = [
    {"hand": "111222333m4455p5p", "win": "ron", "riichi": True},  # triplets or sequences
    {"hand": "223344m556677p88s", "win": "tsumo"},  # seven pairs or two sequence pairs
    {"hand": "123456s234m55p chi:789s", "win": "ron"},
    {"hand": "11122233344455z", "win": "tsumo"},  # yakuman: han and fu null
    {"hand": "234567m2278p456s9p", "riichi": True, "dora": ["1p"]},
]


def _results() -> list[Result]:
    found = []
    for hand in HANDS:
        req = build_request(hand)
        for r in readings(req.hand, req.context, req.rules):
            res = score_reading(r)
            if isinstance(res, Result):
                found.append(res)
    return found


def test_outscores_is_the_key_compared():
    results = _results()
    assert len(results) > len(HANDS)  # some hands have several readings
    for a, b in itertools.product(results, repeat=2):
        assert a.outscores(b) == (a.key > b.key)
