"""Hypothesis properties of `riichi_cli.score` over random valid winning hands.

`deals()` builds real winning shapes (four sets and a pair with optional chi/pon/kan/kakan/ankan melds,
seven pairs, thirteen orphans) with a random situation: winds, ron or tsumo, riichi, ippatsu, haitei,
houtei, rinshan, chankan, tenhou/chiihou, dora and ura indicators, honba and deposits. Every tile is a
physical copy (kind, copy 0-3), so a tile never appears more than four times counting indicators, and
the red fives are exactly the copies the rules have (copy 0 of each five, and copy 1 of 5p with
``aka_dora: 4``). `test_differential.py` reuses the same generator.

Properties: (a) payments sum to 1000 x deposits; (b) the written order of the concealed tiles does not
matter; (c) one more dora indicator never lowers the points; (d) the canonical hand printed back scores
the same.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import riichi_cli

SEATS = "ESWN"
SUITS = "mpsz"
FIVES = (4, 13, 22)
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
#: Presets whose ippatsu, ura and kan dora are all played (jpml2023 forbids them: other contexts).
PRESETS = ("tenhou", "mahjongsoul", "mleague", "wrc2022", "ema2025")
PRESET_AKA = {"tenhou": 3, "mahjongsoul": 3, "mleague": 3, "wrc2022": 0, "ema2025": 0}
#: Biases that make the rarer yaku show up: a tile filter for the sets and the pair, and for some
#: flavors a few sets placed first (see `_seed_sets`).
FLAVORS = (
    ("any",) * 10
    + ("sequences", "simples", "one_suit", "suit_honors") * 2
    + ("terminals", "triplets", "honors", "green")
    + ("sanshoku", "ittsu", "doukou", "dragons", "winds", "chinroutou", "tsuuiisou", "peikou")
)
GREEN = (19, 20, 21, 23, 25, 32)
SHAPES = ("standard",) * 16 + ("chiitoitsu",) * 3 + ("kokushi", "chuuren")

Tile = tuple[int, int]  # (kind 0-33, physical copy 0-3)


def is_red(tile: Tile, aka: int) -> bool:
    kind, copy = tile
    if kind not in FIVES or aka == 0:
        return False
    return copy == 0 or (aka == 4 and kind == 13 and copy == 1)


def tile_name(tile: Tile, aka: int) -> str:
    kind = tile[0]
    return f"{0 if is_red(tile, aka) else kind % 9 + 1}{SUITS[kind // 9]}"


def tiles_text(tiles: list[Tile], aka: int) -> str:
    return "".join(tile_name(t, aka) for t in tiles)


@dataclass
class Deal:
    """A generated winning hand with its situation. ``concealed[win]`` is the winning tile."""

    concealed: list[Tile]
    win: int
    melds: list[tuple[str, list[Tile]]]
    dora: list[Tile]
    ura: list[Tile]
    extra_dora: Tile | None  # a free tile for property (c), None when 5 indicators are out already
    context: dict
    preset: str
    aka: int
    shape: str
    rule_options: dict = field(default_factory=dict)

    @property
    def win_tile(self) -> Tile:
        return self.concealed[self.win]

    def hand_text(self, order: list[Tile] | None = None) -> str:
        """The notation; by default the winning tile is written last, else ``order`` is written as is."""
        if order is None:
            rest = [t for i, t in enumerate(self.concealed) if i != self.win]
            order = sorted(rest) + [self.win_tile]
        parts = [tiles_text(order, self.aka)]
        parts += [f"{kind}:{tiles_text(sorted(ts), self.aka)}" for kind, ts in self.melds]
        return " ".join(parts)

    def mapping(self, shuffle_seed: int | None = None, extra_dora: bool = False) -> dict:
        """The mapping (docs/input.md); ``shuffle_seed`` shuffles the concealed tiles, sets ``win_tile``."""
        m = dict(self.context)
        m["rules"] = self.preset
        m["rule_options"] = {"aka_dora": self.aka, **self.rule_options}
        if shuffle_seed is None:
            m["hand"] = self.hand_text()
        else:
            order = list(self.concealed)
            random.Random(shuffle_seed).shuffle(order)
            m["hand"] = self.hand_text(order)
            m["win_tile"] = tile_name(self.win_tile, self.aka)
        dora = self.dora + ([self.extra_dora] if extra_dora and self.extra_dora else [])
        m["dora"] = [tile_name(t, self.aka) for t in dora]
        if self.ura:
            m["ura"] = [tile_name(t, self.aka) for t in self.ura]
        return m


def _flavor_filter(flavor: str, suit: int = 0):
    return {
        "one_suit": lambda t: t // 9 == suit,
        "suit_honors": lambda t: t // 9 in (suit, 3),
        "terminals": lambda t: t in ORPHANS,
        "simples": lambda t: t not in ORPHANS,
        "honors": lambda t: t >= 27 or t // 9 == suit,
        "green": lambda t: t in GREEN,
        "chinroutou": lambda t: t in ORPHANS[:6],
        "tsuuiisou": lambda t: t >= 27,
        "winds": lambda t: 27 <= t <= 30 or t // 9 == suit,
        "dragons": lambda t: t >= 27 or t // 9 == suit,
        "ittsu": lambda t: t // 9 in (suit, 3),
    }.get(flavor, lambda t: True)


#: Pairs that complete shousangen / shousuushii where a flavor seeds the other honors.
PAIR_FILTERS = {"dragons": lambda t: t >= 31, "winds": lambda t: 27 <= t <= 30}


def _seed_sets(flavor: str, suit: int, start: int, count: int) -> list[tuple[int, ...]]:
    """Sets a flavor places before the random ones: ``start`` and ``count`` vary the pattern."""
    if flavor == "sanshoku":
        return [tuple(range(s * 9 + start % 7, s * 9 + start % 7 + 3)) for s in range(3)]
    if flavor == "peikou":  # iipeikou, or ryanpeikou (which also reads as seven pairs)
        first = tuple(range(suit * 9 + start % 7, suit * 9 + start % 7 + 3))
        second = tuple(t + 9 * ((suit + 1) % 3) - 9 * suit for t in first)
        return [first, first] + ([second, second] if count % 2 else [])
    if flavor == "ittsu":
        return [tuple(range(suit * 9 + a, suit * 9 + a + 3)) for a in (0, 3, 6)]
    if flavor == "doukou":
        return [(s * 9 + start,) * 3 for s in range(3)]
    if flavor == "dragons":
        return [(t,) * 3 for t in (31, 32, 33)[: 2 + count % 2]]
    if flavor == "winds":
        return [(t,) * 3 for t in (27, 28, 29, 30)[: 3 + count % 2]]
    return []


def _filtered_sets(flavor: str, suit: int, used: list[int]) -> list[tuple[int, ...]]:
    seqs = [tuple(range(s * 9 + a, s * 9 + a + 3)) for s in range(3) for a in range(7)]
    trips = [(t, t, t) for t in range(34)]
    free = [x for x in seqs + trips if all(used[t] + x.count(t) <= 4 for t in set(x))]
    if flavor in ("triplets", "chinroutou", "tsuuiisou"):
        free = [x for x in free if x[0] == x[1]] or free
    elif flavor == "sequences":
        free = [x for x in free if x[0] != x[1]] or free
    ok = _flavor_filter(flavor, suit)
    if flavor == "terminals":  # chanta/junchan: every set holds a terminal or honor
        chosen = [x for x in free if any(ok(t) for t in x)]
    else:
        chosen = [x for x in free if all(ok(t) for t in x)]
    return chosen or free


@st.composite
def deals(draw, presets: tuple[str, ...] = PRESETS, akas: tuple[int, ...] | None = None) -> Deal:
    preset = draw(st.sampled_from(presets))
    aka = draw(st.sampled_from(akas)) if akas else draw(st.sampled_from((PRESET_AKA[preset], 0, 3, 4)))
    shape = draw(st.sampled_from(SHAPES))
    flavor = draw(st.sampled_from(FLAVORS))
    suit = draw(st.integers(0, 2))
    start = draw(st.integers(0, 8))
    used = [0] * 34
    concealed_kinds: list[int] = []
    melds: list[tuple[str, list[int]]] = []

    if shape == "kokushi":
        extra = draw(st.sampled_from(ORPHANS))
        concealed_kinds = list(ORPHANS) + [extra]
    elif shape == "chuuren":
        base = [suit * 9 + i for i in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)]
        concealed_kinds = base + [suit * 9 + start]
    elif shape == "chiitoitsu":
        ok = _flavor_filter(flavor, suit)
        pool = [t for t in range(34) if ok(t)]
        if len(pool) < 7:
            pool = list(range(34))
        pairs = draw(st.lists(st.sampled_from(pool), min_size=7, max_size=7, unique=True))
        concealed_kinds = [t for p in pairs for t in (p, p)]
    else:
        sets = _seed_sets(flavor, suit, start, draw(st.integers(0, 1)))
        for s in sets:
            for t in s:
                used[t] += 1
        while len(sets) < 4:
            s = draw(st.sampled_from(_filtered_sets(flavor, suit, used)))
            for t in s:
                used[t] += 1
            sets.append(s)
        sets = [sets[i] for i in draw(st.permutations(range(4)))]
        ok = PAIR_FILTERS.get(flavor, _flavor_filter(flavor, suit))
        free = [t for t in range(34) if used[t] <= 2]
        pair_options = [t for t in free if ok(t)] or free
        pair = draw(st.sampled_from(pair_options))
        used[pair] += 2
        n_melds = draw(st.sampled_from((0, 0, 0, 1, 1, 2, 3, 4)))
        order = draw(st.permutations(range(4)))
        called = set(order[:n_melds])
        for i, s in enumerate(sets):
            if i not in called:
                concealed_kinds += list(s)
            elif s[0] != s[1]:
                melds.append(("chi", list(s)))
            else:
                kinds = ("pon", "kan", "kakan", "ankan") if used[s[0]] < 4 else ("pon",)
                kind = draw(st.sampled_from(kinds))
                if kind != "pon":
                    used[s[0]] += 1
                melds.append((kind, [s[0]] * (4 if kind != "pon" else 3)))
        concealed_kinds += [pair, pair]

    used = [0] * 34
    for t in concealed_kinds + [t for _, ts in melds for t in ts]:
        used[t] += 1
    win = draw(st.integers(0, len(concealed_kinds) - 1))
    kans = sum(kind in ("kan", "kakan", "ankan") for kind, _ in melds)
    closed = all(kind == "ankan" for kind, _ in melds)

    ctx: dict = {}
    tsumo = draw(st.booleans())
    ctx["win"] = "tsumo" if tsumo else "ron"
    seat = draw(st.sampled_from(SEATS))
    ctx["seat_wind"] = seat
    ctx["round_wind"] = draw(st.sampled_from("EESSWN"))
    riichi = draw(st.sampled_from(("none", "riichi", "riichi", "double_riichi"))) if closed else "none"
    if riichi != "none":
        ctx[riichi] = True
        if draw(st.booleans()):
            ctx["ippatsu"] = True
    if tsumo:
        special = draw(st.sampled_from(("none",) * 12 + ("haitei", "rinshan", "rinshan", "blessing")))
        if special == "rinshan" and kans and not ctx.get("ippatsu"):  # a kan ends ippatsu
            ctx["rinshan"] = True
        elif special == "haitei":
            ctx["haitei"] = True
        elif special == "blessing" and not melds and riichi == "none":
            ctx["tenhou" if seat == "E" else "chiihou"] = True
    else:
        special = draw(st.sampled_from(("none",) * 6 + ("houtei", "chankan")))
        if special != "none":
            ctx[special] = True
        discarder = draw(st.sampled_from([None] + [s for s in SEATS if s != seat]))
        if discarder:
            ctx["from"] = discarder
    ctx["honba"] = draw(st.integers(0, 6))
    ctx["riichi_sticks"] = draw(st.integers(0, 4))

    def free_kinds() -> list[int]:
        return [t for t in range(34) if used[t] < 4]

    n_dora = min(1 + kans, 5)
    dora_kinds = []
    for _ in range(n_dora):
        t = draw(st.sampled_from(free_kinds()))
        used[t] += 1
        dora_kinds.append(t)
    ura_kinds = []
    if riichi != "none":
        for _ in range(n_dora):
            t = draw(st.sampled_from(free_kinds()))
            used[t] += 1
            ura_kinds.append(t)
    extra_kind = None
    if n_dora < 5 and free_kinds():
        extra_kind = draw(st.sampled_from(free_kinds()))
        used[extra_kind] += 1

    if ctx.get("chankan") and used[concealed_kinds[win]] > 1:
        del ctx["chankan"]  # the robbed kan holds the other three copies of the winning tile

    # Give every occurrence of a kind its own physical copy, in a random order.
    copies = {t: list(draw(st.permutations(range(4)))) for t in range(34) if used[t]}

    def take(kind: int) -> Tile:
        return (kind, copies[kind].pop())

    concealed = [take(t) for t in concealed_kinds]
    meld_tiles = [(kind, [take(t) for t in ts]) for kind, ts in melds]
    return Deal(
        concealed=concealed,
        win=win,
        melds=meld_tiles,
        dora=[take(t) for t in dora_kinds],
        ura=[take(t) for t in ura_kinds],
        extra_dora=take(extra_kind) if extra_kind is not None else None,
        context=ctx,
        preset=preset,
        aka=aka,
        shape=shape,
    )


PROPERTY_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _show(deal: Deal, result: dict) -> str:
    return f"{deal.mapping()} -> {result}"


@PROPERTY_SETTINGS
@given(deals())
def test_generated_hands_are_valid_inputs(deal):
    """The generator only makes wins the parser accepts (so the properties below are not vacuous)."""
    result = riichi_cli.score(deal.mapping())
    assert result["ok"] or result["error"]["code"] == "no_yaku", _show(deal, result)


@PROPERTY_SETTINGS
@given(deals())
def test_payments_sum_to_the_deposits(deal):
    result = riichi_cli.score(deal.mapping())
    if result["ok"]:
        assert sum(result["payments"].values()) == 1000 * deal.context["riichi_sticks"], _show(deal, result)
        winner = result["payments"][deal.context["seat_wind"]]
        assert winner == max(result["payments"].values()) > 0


@PROPERTY_SETTINGS
@given(deals(), st.integers(0, 2**32 - 1))
def test_order_of_concealed_tiles_does_not_matter(deal, seed):
    assert riichi_cli.score(deal.mapping(shuffle_seed=seed)) == riichi_cli.score(deal.mapping())


@PROPERTY_SETTINGS
@given(deals())
def test_another_dora_indicator_never_lowers_the_points(deal):
    assume(deal.extra_dora is not None)
    before = riichi_cli.score(deal.mapping())
    after = riichi_cli.score(deal.mapping(extra_dora=True))
    assert before["ok"] == after["ok"], (before, after)
    if before["ok"]:
        assert after["points"]["total"] >= before["points"]["total"], (before, after)
        assert after["yakuman"] or after["han"] >= before["han"]


@PROPERTY_SETTINGS
@given(deals())
def test_printed_hand_parses_back_to_the_same_result(deal):
    mapping = deal.mapping()
    first = riichi_cli.score(mapping)
    assert first["hand"] is not None, first
    again = riichi_cli.score({**mapping, "hand": first["hand"], "win_tile": first["win_tile"]})
    assert again == first
