"""The hand reader counts tiles in each suit's packed counts and makes the 34 counts from them once
(`notation._read`); past four copies of a tile it counts in a list. Its counts, red fives and suit keys
equal a plain count of the notation's tiles, on seeded random hands of up to seven copies of a tile,
written tile by tile or grouped, with melds after them."""

from __future__ import annotations

import random

from riichi_cli.core.notation import parse_hand, parse_written, scan
from riichi_cli.core.tiles import hand_suit_keys, name


def plain_counts(tiles: list[tuple[int, bool]]) -> tuple[tuple[int, ...], tuple[int, int, int]]:
    counts, reds = [0] * 34, [0, 0, 0]
    for t, red in tiles:
        counts[t] += 1
        if red:
            reds[t // 9] += 1
    return tuple(counts), (reds[0], reds[1], reds[2])


def test_random_hands_count_as_their_tiles():
    rnd = random.Random(22)
    for i in range(4000):
        kinds = rnd.sample(range(34), rnd.randint(1, 12))
        copies = [rnd.randint(1, 7) for _ in kinds]
        tiles = [(t, t in (4, 13, 22) and rnd.random() < 0.3) for t, n in zip(kinds, copies) for _ in [0] * n]
        rnd.shuffle(tiles)
        text = (" " if i % 2 else "").join(name(t, red) for t, red in tiles)
        if i % 3 == 0:
            text += " pon:777z"
        held = parse_written(text)
        counts, reds = plain_counts(scan(text.split(" pon:")[0].replace(" ", "")))
        assert held.counts == counts, text
        assert held.reds == reds, text
        if sum(counts) == 14 - 3 * len(held.melds):
            hand = parse_hand(text)
            assert hand.concealed == counts, text
            plain = max(counts) <= 4 and max(reds) <= 4
            assert hand.suit_keys() == (hand_suit_keys(counts) if plain else None), text


def test_random_fourteen_tiles_read_as_their_counts():
    rnd = random.Random(7)
    for i in range(3000):
        counts = [0] * 34
        while sum(counts) < 14:
            t = rnd.randrange(34) if i % 2 else rnd.choice([0, 4, 8, 13, 22, 27, 33])
            counts[t] += counts[t] < 4 + (i % 50 == 0)  # now and then a fifth copy
        reds = [min(counts[f], rnd.randint(0, 2)) for f in (4, 13, 22)]
        text = ""
        for t in range(34):
            red = reds[t // 9] if t in (4, 13, 22) else 0
            text += "".join(name(t, k < red) for k in range(counts[t]))
        hand = parse_hand(text)
        assert hand.concealed == tuple(counts), text
        assert hand.reds == (reds[0], reds[1], reds[2]), text
        assert hand.suit_keys() == (hand_suit_keys(tuple(counts)) if max(counts) <= 4 else None), text


def test_plain_melds_read_from_the_table_as_from_their_text():
    """A meld written plainly is looked up by (kind, first tile, red fives) once read (`_meld_place`):
    every kind, suit and digit string of 3 or 4 digits reads as the text reader reads it, or is
    refused alike, the first time and again (in a shuffled order, so any text may fill an entry)."""
    from riichi_cli.core.errors import RiichiError
    from riichi_cli.core.notation import meld_kind, meld_of_codes, scan_codes

    def plain(text: str) -> object:
        colon = text.index(":")
        try:
            return meld_of_codes(meld_kind(text, 0, colon, len(text)), scan_codes(text, colon + 1), text, 0)
        except RiichiError as e:
            return (type(e), str(e))

    def read(text: str) -> object:
        try:
            (meld,) = parse_written(text).melds
            return meld
        except RiichiError as e:
            return (type(e), str(e))

    rnd = random.Random(5)
    texts = []
    for kind in ("chi", "pon", "kan", "kakan", "ankan", "Chi", "pom"):
        for suit in "mpsz":
            for _ in range(300):
                digits = "".join(rnd.choice("0123456789") for _ in range(rnd.choice([2, 3, 3, 4, 4, 5])))
                texts.append(f"{kind}:{digits}{suit}")
            for d in range(1, 10):
                run, same = f"{d}{d + 1}{d + 2}", str(d) * 3
                texts += [f"{kind}:{run}{suit}", f"{kind}:{same}{suit}", f"{kind}:{same}{d}{suit}"]
    texts += ["chi:340m", "chi:034m", "pon:055p", "kan:0555s", "ankan:1111z", "chi:345m6m", "chi:345m,"]
    texts += ["ch\u0131:345m", "\u4e00\u4e8c\u4e09\u56db\u4e94\u516d:345m", "pon:555\u00b5", "kan:\u0665555p"]
    rnd.shuffle(texts)
    for text in texts + texts:
        assert read(text) == plain(text), text
        meld = plain(text)
        if not isinstance(meld, tuple):  # also between tiles
            assert parse_written(f"123m {text} 11z").melds == (meld,), text
