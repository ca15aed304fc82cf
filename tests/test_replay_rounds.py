"""Rounds rebuilt from hand-made events: the situation flags and the comparison with a
recorded result. Each expected value is worked out by hand in a comment; seats are absolute
(P0 deals, so P0 is East, P1 South, P2 West, P3 North)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from riichi_cli.core.decompose import some_wait, winning_tiles
from riichi_cli.core.rules import resolve_rules
from riichi_cli.logs.compare import replay_round
from riichi_cli.logs.melds import ANKAN, KAKAN, PON, Meld
from riichi_cli.logs.model import Call, Discard, Draw, Ending, Recorded, Riichi, Round, Win
from riichi_cli.logs.rebuild import settlement
from riichi_cli.logs.replay import replay_text
from riichi_cli.logs.tiles import tile

SUITS = "mpsz"


def t(text: str) -> int:
    """One tile from notation: ``t("5m")``, ``t("0p")`` (red)."""
    digit, suit = text[0], SUITS.index(text[1])
    return tile(suit * 9 + (4 if digit == "0" else int(digit) - 1), digit == "0")


def ts(text: str) -> list[int]:
    """``ts("123m 11z")`` -> the tiles."""
    out = []
    for group in text.split():
        out += [t(d + group[-1]) for d in group[:-1]]
    return out


WINNER = "123m 456p 789s 11z 33z"  # waits on 1z or 3z (shanpon)
FILLER = "1m 4m 7m 2p 5p 9p 3s 6s 9s 2z 4z 6z 9p"  # thirteen tiles far from tenpai


def filler(n: int) -> str:
    return " ".join(FILLER.split()[:n])


def a_round(hands: dict[int, str], events: list, wins=(), draw=None, sticks=0) -> Round:
    full = [ts(hands.get(p, FILLER)) for p in range(4)]
    return Round(0, 0, 0, sticks, (25000,) * 4, [t("2p")], full, events, list(wins), draw)  # dora 3p


def win(who, source, deltas=(0, 0, 0, 0), recorded=None) -> Win:
    rec = recorded or Recorded(None, None, None, None, None, tuple(deltas))
    return Win(who, source, None, (), rec)


def passes(n: int, first: int = 0, tile_text: str = "8s") -> list:
    """``n`` draws, each discarded at once, seats in turn from ``first``."""
    out: list = []
    for i in range(n):
        p = (first + i) % 4
        out += [Draw(p, t(tile_text)), Discard(p, t(tile_text))]
    return out


def test_chiihou_first_draw_of_a_non_dealer():
    # P0 draws and discards; P1's first draw completes the hand with no call before: chiihou.
    rnd = a_round({1: WINNER}, passes(1) + [Draw(1, t("3z"))], [win(1, None)])
    w = settlement(rnd)["wins"][0]
    assert (w["seat_wind"], w["win"], w.get("chiihou")) == ("S", "tsumo", True)
    assert w["hand"] == "123m456p789s1133z 3z"


def test_no_chiihou_after_a_call():
    # P2 pons P0's 1z first: the first go-around is interrupted, so P1's win is a plain tsumo
    # (P1 would pon nothing; the pon is by P2 from P0, source 2 = across from P2).
    pon = Meld(PON, (t("1z"),) * 3, t("1z"), 2)
    events = [Draw(0, t("1z")), Discard(0, t("1z")), Call(2, pon), Discard(2, t("1m")), Draw(3, t("8s")),
              Discard(3, t("8s")), Draw(1, t("3z"))]  # fmt: skip
    rnd = a_round({1: "123m 456p 789s 22z 33z", 2: "1z 1z " + filler(11)}, events, [win(1, None)])
    assert "chiihou" not in settlement(rnd)["wins"][0]


def test_haitei_is_the_seventieth_draw():
    # 136 - 14 dead wall - 52 dealt = 70 draws; the 70th (index 69) is P1's (69 % 4 = 1).
    # Haitei 1 + menzen tsumo 1 = 2 han; fu 20 + 2 tsumo + 2 (East pair, the round wind)
    # + 8 (concealed West triplet) = 32 -> 40; base 40 x 2^4 = 640: dealer pays 1280 -> 1300,
    # the other two 700: P1 gets 2700.
    deltas = (-1300, 2700, -700, -700)
    rec = Recorded(2, 40, 0, 2700, (("haitei", 1, False), ("menzen_tsumo", 1, False)), deltas)
    rnd = a_round({1: WINNER}, passes(69) + [Draw(1, t("3z"))], [win(1, None, recorded=rec)])
    assert settlement(rnd)["wins"][0].get("haitei") is True
    [obj] = replay_round(rnd, resolve_rules(), "test", "test")
    assert obj["agree"], obj["differences"]


def test_houtei_is_the_discard_after_the_last_draw():
    # P1 draws the last tile and discards 3z; P3 (North) rons it: houtei 1 han;
    # fu 20 + 10 closed ron + 2 (East pair) + 4 (West triplet completed by ron: open) = 36 -> 40;
    # 1 han 40 fu: 40 x 2^3 = 320, x4 = 1280 -> 1300.
    rec = Recorded(1, 40, 0, 1300, (("houtei", 1, False),), (0, -1300, 0, 1300))
    events = passes(69) + [Draw(1, t("3z")), Discard(1, t("3z"))]
    rnd = a_round({3: WINNER}, events, [win(3, 1, recorded=rec)])
    w = settlement(rnd)["wins"][0]
    assert (w.get("houtei"), w["from"]) == (True, "S")
    [obj] = replay_round(rnd, resolve_rules(), "test", "test")
    assert obj["agree"], obj["differences"]


def test_one_draw_short_of_the_end_is_neither():
    rnd = a_round({1: WINNER}, passes(65) + [Draw(1, t("3z"))], [win(1, None)])
    w = settlement(rnd)["wins"][0]
    assert "haitei" not in w and "chiihou" not in w


def test_a_kan_shortens_the_live_wall():
    # One ankan (P2, four 7z) takes a replacement tile: the live wall ends one draw earlier, so
    # the 69th draw (P0's) is the last: P0 ... but here P1 wins on it after 68 draws + 1 rinshan.
    kan = Meld(ANKAN, (t("7z"),) * 4, t("7z"), 0)
    events = passes(2) + [Draw(2, t("7z")), Call(2, kan), Draw(2, t("8s")), Discard(2, t("8s"))]
    events += passes(65, first=3) + [Draw(1, t("3z"))]  # 2 + 2 + 65 = 69 draws before, 70 with this
    hands = {1: WINNER, 2: "7z 7z 7z " + filler(10)}
    w = settlement(a_round(hands, events, [win(1, None)]))["wins"][0]
    assert w.get("haitei") is True


def test_double_riichi_and_ippatsu():
    # P0 declares riichi on the first discard (double riichi); one go-around later P3 deals in:
    # ippatsu stands (no call in between).
    events = [Draw(0, t("8s")), Riichi(0, 1), Discard(0, t("8s")), Riichi(0, 2)] + passes(2, first=1)
    events += [Draw(3, t("3z")), Discard(3, t("3z"))]
    rnd = a_round({0: WINNER}, events, [win(0, 3)])
    m = settlement(rnd)
    w = m["wins"][0]
    assert (w.get("double_riichi"), w.get("ippatsu")) == (True, True)
    assert (m["riichi"], m["riichi_sticks"]) == (["E"], 1)


def test_a_concealed_kan_breaks_ippatsu():
    # As above, but P2 declares a concealed kan in between: any call ends ippatsu.
    kan = Meld(ANKAN, (t("7z"),) * 4, t("7z"), 0)
    events = [Draw(0, t("8s")), Riichi(0, 1), Discard(0, t("8s")), Riichi(0, 2)] + passes(1, first=1)
    events += [Draw(2, t("7z")), Call(2, kan), Draw(2, t("8s")), Discard(2, t("8s"))]
    events += [Draw(3, t("3z")), Discard(3, t("3z"))]
    hands = {0: WINNER, 2: "7z 7z 7z " + filler(10)}
    w = settlement(a_round(hands, events, [win(0, 3)]))["wins"][0]
    assert w.get("double_riichi") is True and "ippatsu" not in w


def test_a_ronned_riichi_discard_puts_no_stick():
    # P1 declares riichi and deals in on that very discard: no stick on the table (no step 2).
    events = [Draw(0, t("8s")), Discard(0, t("8s")), Draw(1, t("8s")), Riichi(1, 1), Discard(1, t("3z"))]
    m = settlement(a_round({1: "3z " + filler(12), 3: WINNER}, events, [win(3, 1)]))
    assert (m["riichi"], m["riichi_sticks"]) == ([], 0)


def test_chankan_robs_an_added_kan():
    # P1 pons 5z from P0 (source 3: P0 is P1's left), later draws the fourth 5z and adds it;
    # P3 rons that 5z: chankan, the winning tile is the added one.
    pon = Meld(PON, (t("5z"),) * 3, t("5z"), 3)
    kakan = Meld(KAKAN, (t("5z"),) * 4, t("5z"), 3)
    events = [Draw(0, t("5z")), Discard(0, t("5z")), Call(1, pon), Discard(1, t("9p"))]
    events += passes(2, first=2) + [Draw(0, t("8s")), Discard(0, t("8s")), Draw(1, t("5z")), Call(1, kakan)]
    hands = {1: "5z 5z " + filler(11), 3: "123m 456p 789s 11z 5z"}
    w = settlement(a_round(hands, events, [win(3, 1)]))["wins"][0]
    assert (w.get("chankan"), w["hand"]) == (True, "123m456p789s115z 5z")


def test_kokushi_robs_a_concealed_kan():
    kan = Meld(ANKAN, (t("1m"),) * 4, t("1m"), 0)
    events = [Draw(0, t("1m")), Call(0, kan)]
    hands = {0: "1m 1m 1m " + filler(10), 2: "9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z 7z"}
    w = settlement(a_round(hands, events, [win(2, 0)]))["wins"][0]
    assert (w.get("chankan"), w["hand"]) == ("ankan", "9m19p19s12345677z 1m")


def test_pao_for_the_third_dragon():
    # P1 pons White from P0, Green from P2 and Red from P3: P3 fed the third dragon set, so P3
    # (North when P0 deals) is liable.
    melds = [(t("5z"), 0, 3), (t("6z"), 2, 1), (t("7z"), 3, 2)]  # tile, discarder, source from P1
    events: list = []
    for tl, discarder, source in melds:
        events += [Draw(discarder, tl), Discard(discarder, tl), Call(1, Meld(PON, (tl,) * 3, tl, source)),
                   Discard(1, t("9p"))]  # fmt: skip
    events += [Draw(2, t("1m")), Discard(2, t("1m"))]
    hands = {1: "5z 5z 6z 6z 7z 7z 1m 9p 9p 9p 2s 3s 4s"}
    w = settlement(a_round(hands, events, [win(1, 2)]))["wins"][0]
    assert w["pao"] == "N"


def test_exhaustive_draw_tenpai_and_nagashi():
    # P1 waits on 1z/3z (tenpai); P2 discarded only orphans (7z) and none was called: nagashi
    # mangan; the others discarded 8s.
    events = passes(1) + passes(1, first=1) + passes(1, first=2, tile_text="7z") + passes(1, first=3)
    m = settlement(a_round({1: WINNER}, events, draw=Ending("exhaustive", (0, 0, 0, 0))))
    assert (m["draw"]["tenpai"], m["draw"]["nagashi"]) == (["S"], ["W"])


def test_abortive_draw_passes_its_reason():
    m = settlement(a_round({}, passes(1), draw=Ending("kyuushu", (0, 0, 0, 0))))
    assert m["draw"] == {"kind": "abortive", "reason": "kyuushu"}


# -- a hand-written mjlog ----------------------------------------------------------------------

# A dealer tenhou: hai0 is 1m 2m 3m (ids 0 4 8), 4p 5p 6p (48 53 56), 7s 8s 9s (96 100 104),
# East East (108 109), South South (112 113); the first draw is East (110). A dealer yakuman by
# tsumo is 16000 from each: 48000 (sc in hundreds).
TENHOU_LOG = (
    '<mjloggm ver="2.3"><GO type="{go}" lobby="0"/><TAIKYOKU oya="0"/>'
    '<INIT seed="0,0,0,1,2,{dora}" ten="250,250,250,250" oya="0" '
    'hai0="0,4,8,48,53,56,96,100,104,108,109,112,113" hai1="1,5,9,13,17,21,25,29,33,37,41,45,49" '
    'hai2="2,6,10,14,18,22,26,30,34,38,42,46,50" hai3="3,7,11,15,19,23,27,31,35,39,43,47,51"/>'
    '<T110/><AGARI ba="0,0" hai="0,4,8,48,53,56,96,100,104,108,109,110,112,113" machi="110" '
    'ten="40,48000,5" yaku="" yakuman="37" doraHai="{dora}" who="0" fromWho="0" '
    'sc="250,480,250,-160,250,-160,250,-160" owari="730,73.0,90,-21.0,90,-21.0,90,-31.0" /></mjloggm>'
)


def test_a_hand_written_mjlog_tenhou():
    [obj] = replay_text(TENHOU_LOG.format(go=169, dora=120), "t.mjlog", "t")
    assert obj["agree"], obj["differences"]
    assert (obj["kind"], obj["seat"], obj["from"], obj["kyoku"]) == ("win", 0, None, "E1")
    assert obj["recorded"] == {
        "han": None, "fu": None, "yakuman": 1, "points": 48000, "yaku": [{"id": "tenhou", "yakuman": 1}],
        "deltas": [48000, -16000, -16000, -16000],
    }  # fmt: skip


def test_a_wrong_record_is_named_field_by_field():
    text = TENHOU_LOG.format(go=169, dora=120).replace('ten="40,48000,5"', 'ten="40,32000,5"')
    [obj] = replay_text(text, "t.mjlog", "t")
    assert obj["differences"] == ["points: recorded 32000, computed 48000"]


def test_the_lobby_without_red_fives():
    # GO type bit 0x02: no red fives. Id 52 (the red 5p in a red game) is then a plain 5p: the
    # hand reads "456p", scored under aka_dora 0, and still agrees.
    text = TENHOU_LOG.format(go=169 | 0x02, dora=120).replace("48,53,56", "48,52,56")
    [obj] = replay_text(text, "t.mjlog", "t")
    assert obj["agree"], obj["differences"]
    assert "456p" in obj["score"]["hand"] and "0" not in obj["score"]["hand"]


def test_kokushi_on_a_concealed_kan_follows_the_rule_option():
    # Thirteen orphans robbing P0's concealed 1m kan: a non-dealer yakuman ron, 32000 from P0.
    # RULES.md's tenhou preset has kokushi_chankan_ankan: false, so the settlement refuses it and the
    # replay says why; with the option on it agrees.
    kan = Meld(ANKAN, (t("1m"),) * 4, t("1m"), 0)
    hands = {0: "1m 1m 1m " + filler(10), 2: "9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z 7z"}
    rec = Recorded(None, None, 1, 32000, (("kokushi", 1, True),), (-32000, 0, 32000, 0))
    rnd = a_round(hands, [Draw(0, t("1m")), Call(0, kan)], [win(2, 0, recorded=rec)])
    [refused] = replay_round(rnd, resolve_rules(), "t", "t")
    assert "kokushi_chankan_ankan: false" in refused["differences"][0]
    [allowed] = replay_round(rnd, resolve_rules(None, {"kokushi_chankan_ankan": True}), "t", "t")
    assert allowed["agree"], allowed["differences"]


def counts_of(text: str) -> list[int]:
    counts = [0] * 34
    for x in ts(text):
        counts[x >> 1] += 1
    return counts


def test_tenpai_at_a_draw_is_a_wait_on_some_tile():
    # WINNER (123m 456p 789s 11z 33z) waits on 1z or 3z; 147m 2599p 369s 246z has no two tiles that
    # make a set with a third, so no tile completes it
    assert some_wait(counts_of(WINNER))
    assert not some_wait(counts_of("147m 2599p 369s 246z"))
    # 1111m 234p 567s 789s: only a fifth 1m completes it (pure karaten): a wait, as winning_tiles has it
    assert some_wait(counts_of("1111m 234p 567s 789s"))
    # 13m 57m 24p 68p 13s 57s 9s: seven gaps and not one set: one tile cannot make four sets
    assert not some_wait(counts_of("1357m 2468p 13579s"))
    # 112233m 44m 567p 56p: waits on 4p or 7p; 11m 22p 33s 44z 55z 66z 7z: seven pairs, tanki on 7z
    assert some_wait(counts_of("11223344m 55667p"))
    assert some_wait(counts_of("11m 22p 33s 4455667z"))
    # a corrupt log's five copies (11111m 11p: a 1p makes 111m 11m 111p) and a hand of four far tiles
    assert some_wait(counts_of("11111m 11p"))
    assert not some_wait(counts_of("1m 5p 9s 1z"))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=1, max_size=16))
def test_the_tenpai_shortcut_agrees_with_winning_tiles(kinds):
    counts = [min(kinds.count(k), 4) for k in range(34)]
    assume(sum(counts) % 3 == 1)
    assert some_wait(counts) == bool(winning_tiles(counts))
    # a wait that is not held four times: what makes a tenpai claim count where pure karaten does not
    assert some_wait(counts, 4) == any(counts[t] < 4 for t in winning_tiles(counts))


def test_a_wait_not_held_four_times():
    # 2222m 345m 444z 555z: waits on 2m (all four held) and 5m; 1111m 234p 567s 789s: on 1m alone
    assert some_wait(counts_of("2222345m 444555z"), 4)
    assert not some_wait(counts_of("1111m 234p 567s 789s"), 4)
    # 11111m 11p (a corrupt log): 1p completes it (111m 11m 111p), so does a sixth 1m (111m 111m 11p)
    assert some_wait(counts_of("11111m 11p"), 4)
    assert not some_wait(counts_of("11111m 11p"), 2)
