"""The workload gcc's profile-guided build trains on: not a timing (setup.py runs it, see there).

setup.py compiles the core once with counters (``-fprofile-generate``), runs this script against that
build, and compiles again with what the counters saw (``-fprofile-use``): gcc then lays the hot paths
of `score()` out together and the error paths away from them, so a call touches fewer cache lines of
code. The hands are made up here (seeded, so every build trains alike): closed and open wins of every
shape, red fives, kans, both win kinds, every seat and preset, and some refusals; then the shanten
numbers of the same tiles. Only the pure layers are imported (the build has no click, rich or yaml).
Code this does not run is compiled as it would be without a profile (``-fprofile-partial-training``).

    python bench/profile_workload.py [HANDS]
"""

from __future__ import annotations

import random
import sys

SUITS = "mpsz"
PRESETS = ("tenhou", "mahjongsoul", "mleague", "wrc", "ema")
WINDS = "ESWN"


def tile_text(tiles: list[int], red: bool = False) -> str:
    """Tiles (0-33) as notation groups, in the order given within each suit; a five as ``0`` if ``red``."""
    out = []
    for suit in range(4):
        digits = [t % 9 + 1 for t in tiles if t // 9 == suit]
        if digits:
            text = "".join(map(str, digits))
            out.append((text.replace("5", "0", 1) if red and suit < 3 else text) + SUITS[suit])
    return "".join(out)


def standard_groups(rng: random.Random, counts: list[int]) -> list[list[int]] | None:
    """Four sets and a pair within four copies of each tile, or None."""
    groups = []
    for _ in range(4):
        if rng.random() < 0.6:
            start = rng.randrange(3) * 9 + rng.randrange(7)
            group = [start, start + 1, start + 2]
        else:
            group = [rng.randrange(34)] * 3
        groups.append(group)
    groups.append([rng.randrange(34)] * 2)
    for group in groups:
        for t in group:
            counts[t] += 1
    return groups if max(counts) <= 4 else None


def meld_text(rng: random.Random, group: list[int]) -> str:
    """``group`` as a meld: a chi, or a pon or one of the three kans of its tile."""
    if group[0] != group[-1]:
        return "chi:" + tile_text(group)
    kind = rng.choice(("pon", "pon", "kan", "ankan", "kakan"))
    return f"{kind}:" + tile_text(group if kind == "pon" else group + group[:1])


def win_mapping(rng: random.Random) -> tuple[dict, list[int]] | None:
    """One made-up win (or a hand the scorer refuses) and its concealed tiles."""
    shape = rng.random()
    counts = [0] * 34
    if shape < 0.06:
        pairs = rng.sample(range(34), 7)
        concealed = [t for t in pairs for _ in range(2)]
        melds: list[str] = []
    elif shape < 0.08:
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        concealed = orphans + [rng.choice(orphans)]
        melds = []
    else:
        groups = standard_groups(rng, counts)
        if groups is None:
            return None
        melds = []
        concealed = []
        for group in groups[:4]:
            text = meld_text(rng, group) if rng.random() < 0.25 else None
            if text is None:
                concealed += group
            else:
                melds.append(text)
        concealed += groups[4]
    rng.shuffle(concealed)
    win, rest = concealed[-1], sorted(concealed[:-1])
    closed = all(m.startswith("ankan") for m in melds)
    tsumo = rng.random() < 0.4
    seat = rng.choice(WINDS)
    mapping: dict = {
        "hand": " ".join([tile_text(rest, rng.random() < 0.2) + tile_text([win]), *melds]),
        "win": "tsumo" if tsumo else "ron",
        "seat_wind": seat,
        "round_wind": rng.choice("EESW"),
        "dora": [tile_text([rng.randrange(34)]) for _ in range(1 + (rng.random() < 0.2))],
        "rules": rng.choice(PRESETS),
    }
    if not tsumo and rng.random() < 0.5:
        mapping["from"] = rng.choice([w for w in WINDS if w != seat])
    if closed and rng.random() < 0.7:
        mapping["riichi"] = True
        mapping["ura"] = [tile_text([rng.randrange(34)])]
        mapping["ippatsu"] = rng.random() < 0.15
    if rng.random() < 0.3:
        mapping["honba"] = rng.randrange(4)
        mapping["riichi_sticks"] = rng.randrange(3)
    if rng.random() < 0.1:
        mapping["id"] = f"hand-{rng.randrange(1000)}"
    return mapping, concealed


def main(hands: int = 20000) -> None:
    from riichi_cli.analysis.shanten import shanten
    from riichi_cli.io.report import score

    rng = random.Random(22)
    scored = refused = 0
    for _ in range(hands):
        made = win_mapping(rng)
        if made is None:
            continue
        mapping, concealed = made
        result = score(mapping)
        scored += result["ok"]
        refused += not result["ok"]
        if ":" not in mapping["hand"]:  # no melds: the concealed tiles are the whole hand
            counts = [concealed.count(t) for t in range(34)]
            counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
            shanten(counts)
    print(f"profile workload: {scored} wins scored, {refused} refused")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000)
