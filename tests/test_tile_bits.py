"""`reading._tile_bits` reads a hand's tile facts off its packed suit keys with a few masks per suit;
they equal the walk over its tiles (`_counted_bits`), on seeded random hands with and without melds."""

from __future__ import annotations

import random

from riichi_cli.core.hand import Meld, packed_hand
from riichi_cli.core.reading import _counted_bits, _tile_bits
from riichi_cli.core.tiles import hand_suit_keys

MELDS = [(), (Meld("pon", (31, 31, 31)),), (Meld("chi", (19, 20, 21)),), (Meld("pon", (0, 0, 0)),)]


def test_masks_equal_the_walk_over_the_tiles():
    rnd = random.Random(8)
    for i in range(20000):
        counts = [0] * 34
        for t in rnd.sample(range(34), rnd.randint(1, 9)):
            counts[t] = rnd.randint(1, 4)
        if i % 5 == 0:  # one suit only, or honors and one suit: the facts that make yaku
            keep = rnd.choice(
                [range(0, 9), range(9, 18), range(18, 27), range(27, 34), [19, 20, 21, 23, 25, 32]]
            )
            counts = [n if t in keep else 0 for t, n in enumerate(counts)]
            if not any(counts):
                counts[next(iter(keep))] = 2
        concealed = tuple(counts)
        melds = MELDS[i % len(MELDS)]
        hand = packed_hand(
            concealed.index(max(concealed)), melds, (0, 0, 0), False, *hand_suit_keys(concealed)
        )
        assert hand.concealed == concealed
        assert _tile_bits(hand) == _counted_bits(hand.all_counts()), (concealed, melds)
