"""Hypothesis properties of three-player scoring (SPEC 12) over random valid sanma wins.

`sanma_deals()` builds winning shapes from the 108-tile set only (1m and 9m as the characters, sequences in
pins and bamboo, triplets and kans of any kind, pon/kan melds, no chi; seven pairs; thirteen orphans) with a
three-seat situation: seats E, S, W, ron or tsumo, riichi, ippatsu, haitei, houtei, rinshan (after a kan or
a kita), chankan, tenhou/chiihou (without kita), kita 0-4, dora and ura indicators of the set, honba and
deposits. Every tile is a physical copy (kind, copy 0-3), so no tile exceeds four counting indicators and
the set-aside North tiles; copy 0 of 5p and 5s is the red five (aka_dora 2). `test_sanma_differential.py`
reuses the generator.

Properties: (a) payments over E, S, W sum to 1000 x deposits and the winner gets the most; (b) a tsumo never
pays more than the same hand's ron with tsumo loss, and exactly as much under North bisection for limit
hands; (c) 2m-8m are never accepted: any hand, meld or indicator holding one is refused; (d) kita is worth
one han each plus one per indicator pointing at North.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import Deal, tile_name

import riichi_cli

SEATS = "ESW"
NORTH = 30
KINDS = (0, 8, *range(9, 34))  # the 27 kinds of the 108-tile set
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
SEQUENCES = tuple(tuple(range(s * 9 + a, s * 9 + a + 3)) for s in (1, 2) for a in range(7))
SHAPES = ("standard",) * 8 + ("chiitoitsu", "kokushi")


def _standard(draw, used: list[int]) -> tuple[list[int], list[tuple[str, list[int]]]]:
    sets: list[tuple[int, ...]] = []
    while len(sets) < 4:
        trips = [(t, t, t) for t in KINDS]
        free = [x for x in SEQUENCES + tuple(trips) if all(used[t] + x.count(t) <= 4 for t in set(x))]
        s = draw(st.sampled_from(free))
        for t in s:
            used[t] += 1
        sets.append(s)
    pair = draw(st.sampled_from([t for t in KINDS if used[t] <= 2]))
    used[pair] += 2
    concealed: list[int] = [pair, pair]
    melds: list[tuple[str, list[int]]] = []
    n_melds = draw(st.sampled_from((0, 0, 0, 1, 1, 2, 3)))
    for i, s in enumerate(sets):
        if i < n_melds and s[0] == s[1]:  # only triplets are called: no chi
            kind = draw(st.sampled_from(("pon", "kan", "kakan", "ankan") if used[s[0]] < 4 else ("pon",)))
            used[s[0]] += kind != "pon"
            melds.append((kind, [s[0]] * (3 if kind == "pon" else 4)))
        else:
            concealed += list(s)
    return concealed, melds


@st.composite
def sanma_deals(draw) -> Deal:
    shape = draw(st.sampled_from(SHAPES))
    used = [0] * 34
    melds: list[tuple[str, list[int]]] = []
    if shape == "kokushi":
        concealed = list(ORPHANS) + [draw(st.sampled_from(ORPHANS))]
    elif shape == "chiitoitsu":
        pairs = draw(st.lists(st.sampled_from(KINDS), min_size=7, max_size=7, unique=True))
        concealed = [t for p in pairs for t in (p, p)]
    else:
        concealed, melds = _standard(draw, used)
    used = [0] * 34
    for t in concealed + [t for _, ts in melds for t in ts]:
        used[t] += 1
    win = draw(st.integers(0, len(concealed) - 1))
    kans = sum(kind != "pon" for kind, _ in melds)
    closed = all(kind == "ankan" for kind, _ in melds)
    kita = draw(st.integers(0, 4 - used[NORTH]))
    used[NORTH] += kita

    ctx: dict = {"kita": kita} if kita else {}
    tsumo = draw(st.booleans())
    seat = draw(st.sampled_from(SEATS))
    ctx.update(win="tsumo" if tsumo else "ron", seat_wind=seat, round_wind=draw(st.sampled_from("EESSW")))
    riichi = draw(st.sampled_from(("none", "riichi", "riichi", "double_riichi"))) if closed else "none"
    if riichi != "none":
        ctx[riichi] = True
        if draw(st.booleans()):
            ctx["ippatsu"] = True
    if tsumo:
        special = draw(st.sampled_from(("none",) * 10 + ("haitei", "rinshan", "rinshan", "blessing")))
        if special == "rinshan" and (kans or kita):
            ctx["rinshan"] = True
        elif special == "haitei":
            ctx["haitei"] = True
        elif special == "blessing" and not melds and riichi == "none" and not kita:
            ctx["tenhou" if seat == "E" else "chiihou"] = True
    else:
        special = draw(st.sampled_from(("none",) * 6 + ("houtei", "chankan")))
        if special != "none":
            ctx[special] = True
        ctx["from"] = draw(st.sampled_from([s for s in SEATS if s != seat]))
    if ctx.get("rinshan"):
        ctx.pop("ippatsu", None)  # the kan or kita before the replacement tile ended ippatsu
    ctx["honba"] = draw(st.integers(0, 6))
    ctx["riichi_sticks"] = draw(st.integers(0, 4))

    def indicator() -> int:
        t = draw(st.sampled_from([t for t in KINDS if used[t] < 4]))
        used[t] += 1
        return t

    n_dora = min(1 + kans, 5)
    dora_kinds = [indicator() for _ in range(n_dora)]
    ura_kinds = [indicator() for _ in range(n_dora)] if riichi != "none" else []
    if ctx.get("chankan") and used[concealed[win]] > 1:  # (indicators counted)
        del ctx["chankan"]  # the robbed kan holds the other three copies of the winning tile
    copies = {t: list(draw(st.permutations(range(4)))) for t in range(34) if used[t]}
    for _ in range(kita):  # the set-aside Norths hold copies too
        copies[NORTH].pop()

    def take(kind: int) -> tuple[int, int]:
        return (kind, copies[kind].pop())

    return Deal(
        concealed=[take(t) for t in concealed],
        win=win,
        melds=[(kind, [take(t) for t in ts]) for kind, ts in melds],
        dora=[take(t) for t in dora_kinds],
        ura=[take(t) for t in ura_kinds],
        extra_dora=None,
        context=ctx,
        preset="tenhou3",
        aka=draw(st.sampled_from((2, 2, 0))),  # copy 0 of 5p and 5s is red (the set has no 5m)
        shape=shape,
    )


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(sanma_deals())
def test_generated_sanma_hands_are_valid(deal):
    r = riichi_cli.score(deal.mapping())
    assert r["ok"] or r["error"]["code"] == "no_yaku", (deal.mapping(), r["error"])


@SETTINGS
@given(sanma_deals())
def test_payments_sum_to_the_deposits_over_three_seats(deal):
    r = riichi_cli.score(deal.mapping())
    if r["ok"]:
        assert set(r["payments"]) == set(SEATS)
        assert sum(r["payments"].values()) == 1000 * deal.context["riichi_sticks"]
        assert r["payments"][deal.context["seat_wind"]] == max(r["payments"].values()) > 0


@SETTINGS
@given(sanma_deals())
def test_tsumo_loss_and_bisection(deal):
    """A tsumo totals at most the ron (tsumo loss); with bisection a limit hand's tsumo equals its ron."""
    m = {**deal.mapping(), "win": "tsumo"}
    for key in ("from", "houtei", "chankan"):
        m.pop(key, None)
    ron = {k: v for k, v in m.items() if k not in ("haitei", "rinshan", "tenhou", "chiihou")}
    ron["win"] = "ron"
    tsumo_r, ron_r = riichi_cli.score(m), riichi_cli.score(ron)
    same = ("han", "fu", "yakuman")
    if not (tsumo_r["ok"] and ron_r["ok"]) or any(tsumo_r[k] != ron_r[k] for k in same):
        return
    assert tsumo_r["points"]["total"] <= ron_r["points"]["total"]
    if tsumo_r["limit"]:
        loss_off = {**m, "rule_options": {**m["rule_options"], "tsumo_loss": False}}
        assert riichi_cli.score(loss_off)["points"]["total"] == ron_r["points"]["total"]


@SETTINGS
@given(sanma_deals(), st.integers(1, 7), st.sampled_from(["hand", "meld", "dora", "ura", "discards"]))
def test_2m_to_8m_are_never_accepted(deal, bad, where):
    """One tile of a valid deal swapped for a 2m-8m (the tile count kept) is refused, saying why."""
    if where == "meld" and deal.melds:
        kind, tiles = deal.melds[0]
        deal.melds[0] = (kind, [(bad, c) for c in range(len(tiles))])
    elif where in ("hand", "meld"):
        deal.concealed[0] = (bad, 0)
    elif where == "ura" and deal.ura:
        deal.ura[0] = (bad, 0)
    elif where != "discards":
        deal.dora[0] = (bad, 0)
    m = deal.mapping()
    if where == "discards":
        m["discards"] = [tile_name((bad, 0), 0)]
    r = riichi_cli.score(m)
    assert not r["ok"] and r["error"]["code"] in ("invalid_hand", "invalid_context"), r
    assert "not in three-player mahjong" in r["error"]["message"], r["error"]


@SETTINGS
@given(sanma_deals())
def test_kita_is_one_han_each_plus_north_indicators(deal):
    kita = deal.context.get("kita", 0)
    r = riichi_cli.score(deal.mapping())
    if not r["ok"] or r["yakuman"] or not kita:
        return
    items = {y["id"]: y["han"] for y in r["yaku"]}
    assert items["kita"] == kita
    without = riichi_cli.score({**deal.mapping(), "kita": 0})
    if without["ok"]:  # (a rinshan after a kita needs the kita)
        at_north = sum(t[0] == 29 for t in deal.dora)  # West points at North
        at_north += sum(t[0] == 29 for t in deal.ura)  # ura indicators exist only with riichi
        assert r["han"] - without["han"] == kita * (1 + at_north)
