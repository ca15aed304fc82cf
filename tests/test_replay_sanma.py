"""`replay` of three-player (sanma) Tenhou logs: small games written by hand in both formats, every
recorded value worked out by hand in the comments (tenhou3 rules: tsumo loss, 200-point ron honba,
noten payments of 2000 in all). Seats are absolute: in E1 P0 deals (E), P1 is S, P2 is W; there is no
fourth seat.

Hand arithmetic used below: basic points = fu * 2 ** (han + 2); a non-dealer ron pays 4 basic, a tsumo
takes 2 basic from the dealer and 1 basic from the other non-dealer (North's share is lost), each
rounded up to 100.
"""

from __future__ import annotations

import json

import pytest

from riichi_cli.core.rules import resolve_rules
from riichi_cli.logs.melds import NUKI, decode_m, nuki, source_seat
from riichi_cli.logs.replay import replay_text
from riichi_cli.logs.tiles import LogError, from_code

SUITS = "mpsz"


class Ids:
    """Hands out mjlog tile ids by name, each copy once: ``5p`` a plain copy, ``0p`` the red one (id 52)."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def one(self, text: str) -> int:
        digit, suit = text[0], text[1]
        kind = SUITS.index(suit) * 9 + (4 if digit == "0" else int(digit) - 1)
        copies = [0] if digit == "0" else [1, 2, 3] if digit == "5" and suit != "z" else [0, 1, 2, 3]
        for c in copies:
            if kind * 4 + c not in self.used:
                self.used.add(kind * 4 + c)
                return kind * 4 + c
        raise AssertionError(f"no copy of {text} left")

    def many(self, text: str) -> list[int]:
        """``"123p 4z"`` -> the ids of 1p 2p 3p and North."""
        return [self.one(d + group[-1]) for group in text.split() for d in group[:-1]]


def csv(ids: list[int]) -> str:
    return ",".join(map(str, ids))


FILLER_A = "1m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 6z 7z"  # thirteen tiles far from tenpai, no North
FILLER_B = "1m 9p 3p 6p 3s 6s 9s 1z 2z 3z 5z 6z 7z"
KITA_M = 0x20  # mjlog m: bit 5 marks a North set aside, bits 8-15 its tile id


def init(kyoku: int, scores: list[int], dora: int, hands: list[list[int]]) -> str:
    """An INIT tag of a three-player round: ``ten`` with a fourth 0 and ``hai3`` empty, as Tenhou writes."""
    ten = ",".join(str(s // 100) for s in [*scores, 0])
    hai = " ".join(f'hai{p}="{csv(h)}"' for p, h in enumerate(hands))
    return f'<INIT seed="{kyoku},0,0,1,2,{dora}" ten="{ten}" oya="{kyoku % 4}" {hai} hai3=""/>'


def sc(scores: list[int], deltas: list[int]) -> str:
    return ",".join(f"{s // 100},{d // 100}" for s, d in zip([*scores, 0], [*deltas, 0]))


def sanma_mjlog() -> str:
    """Three rounds of a three-player mjlog (GO type 185 = 0x01 | 0x08 | 0x10 three players | 0x20 | 0x80)."""
    tags = [
        '<mjloggm ver="2.3"><GO type="185" lobby="0"/><UN n0="A" n1="B" n2="C" n3=""/><TAIKYOKU oya="0"/>'
    ]

    # E1, P0 deals. P1 holds 123p 456p 789s 11s 9m N, draws 9m, sets the North aside and draws the third
    # 9m as its replacement: tsumo 123p 456p 789s 999m 11s. Menzen tsumo 1 + rinshan 1 + kita 1 = 3 han;
    # fu 20 + 2 (tsumo) + 8 (concealed 999m) = 30. Basic 30 * 2**5 = 960: the dealer pays 2000, P2 1000,
    # P1 takes 3000. Tenhou's mjlog has no kita number: it lists the kita in dora (yaku id 52).
    ids = Ids()
    dora = ids.one("7z")  # indicator Red: dora White, which no winner holds
    p1 = ids.many("123p 456p 789s 11s 9m 4z")
    hands = [ids.many(FILLER_A), p1, ids.many(FILLER_B)]
    north, nines, two_p = p1[-1], ids.many("99m"), ids.one("2p")
    scores = [35000, 35000, 35000]
    tags += [init(0, scores, dora, hands), f"<T{two_p}/><D{two_p}/><U{nines[0]}/>",
             f'<N who="1" m="{north << 8 | KITA_M}"/><U{nines[1]}/>',
             f'<AGARI ba="0,0" hai="" machi="{nines[1]}" ten="30,3000,0" yaku="0,1,4,1,52,1" '
             f'doraHai="{dora}" who="1" fromWho="1" sc="{sc(scores, [-2000, 3000, -1000])}"/>']  # fmt: skip

    # E2, P1 deals (P1 E, P2 S, P0 W). P2 holds 555z 234p 678s 34s 9p N, draws 9p, sets the North
    # aside, draws 1p and discards it: waiting on 2s/5s. P0 draws 5s and discards it: ron. The indicator
    # is West, so the North set aside is also a dora: haku 1 + kita 1 + dora 1 = 3 han (Tenhou: haku 1,
    # dora 2); fu 20 + 10 (closed ron) + 8 (concealed 555z) = 38 -> 40. Basic 40 * 2**5 = 1280, ron
    # 5120 -> 5200 from P0.
    ids = Ids()
    dora = ids.one("3z")
    p2 = ids.many("555z 234p 678s 34s 9p 4z")
    hands = [ids.many("1m 9m 1p 4p 7p 2s 8s 1z 2z 6z 7z 7z 6z"), ids.many(FILLER_B.replace("5z", "4p")), p2]
    one_m, nine_p, one_p, five_s = ids.one("1m"), ids.one("9p"), ids.one("1p"), ids.one("5s")
    scores = [33000, 38000, 34000]
    tags += [init(1, scores, dora, hands), f"<U{one_m}/><E{one_m}/><V{nine_p}/>",
             f'<N who="2" m="{p2[-1] << 8 | KITA_M}"/><V{one_p}/><F{one_p}/><T{five_s}/><D{five_s}/>',
             f'<AGARI ba="0,0" hai="" machi="{five_s}" ten="40,5200,0" yaku="18,1,52,2" doraHai="{dora}" '
             f'who="2" fromWho="0" sc="{sc(scores, [-5200, 0, 5200])}"/>']  # fmt: skip

    # E3, P2 deals (P2 E, P0 S, P1 W). P0 waits on North alone (123p 456p 789p 789s N). P2 and P0 draw
    # and discard; P1 draws and sets a North aside; P0 rons that North (not chankan). Ittsu 2 han; fu 20
    # + 10 (closed ron) + 2 (single wait) = 32 -> 40. Basic 40 * 2**4 = 640, ron 2560 -> 2600 from P1.
    ids = Ids()
    dora = ids.one("7z")
    p0 = ids.many("123p 456p 789p 789s 4z")
    hands = [p0, ids.many("1m 9m 4p 2s 5s 8s 1z 2z 3z 6z 6z 5z 4z"), ids.many(FILLER_B)]
    p1_north, a, b, c = hands[1][-1], ids.one("1s"), ids.one("9s"), ids.one("3p")
    scores = [27800, 38000, 39200]
    tags += [init(2, scores, dora, hands), f"<V{a}/><F{a}/><T{b}/><D{b}/><U{c}/>",
             f'<N who="1" m="{p1_north << 8 | KITA_M}"/>',
             f'<AGARI ba="0,0" hai="" machi="{p1_north}" ten="40,2600,0" yaku="24,2" doraHai="{dora}" '
             f'who="0" fromWho="1" sc="{sc(scores, [2600, -2600, 0])}" '
             'owari="304,0,354,0,392,0,0,0"/>']  # fmt: skip
    return "".join(tags) + "</mjloggm>"


def round_ends(objs: list[dict]) -> list[dict]:
    """The objects of an excerpt without its ``incomplete`` record (the rounds cut out of a game)."""
    assert objs[-1]["kind"] == "error" and objs[-1]["error"]["code"] == "incomplete"
    return objs[:-1]


def code(text: str) -> int:
    """A tenhou6 tile code: ``7s`` -> 37, ``4z`` -> 44."""
    return (SUITS.index(text[1]) + 1) * 10 + int(text[0])


def codes(text: str) -> list[int]:
    return [code(d + group[-1]) for group in text.split() for d in group[:-1]]


def sanma_tenhou6() -> str:
    """Two rounds of a three-player tenhou6 game (three names, rule 三般南喰赤)."""
    # E1, P0 deals; a round of 14 entries (three seats only). P1 holds 234p 567p 345s 99s 6s N, draws 7s,
    # sets the North aside ("f44"), draws 1m and declares riichi discarding it: not a double riichi,
    # the kita broke it like a call. P2 and P0 draw and discard, P1 draws 8s: tsumo, ippatsu. Riichi 1 +
    # ippatsu 1 + menzen tsumo 1 + pinfu 1 + kita 1 = 5 han: mangan, basic 2000. The dealer pays 4000,
    # P2 2000 (tsumo loss): 6000, written "2000-4000"; P1 also takes back its own stick: +7000.
    e1 = [[0, 0, 0], [35000, 35000, 35000, 0], [41], [41],
          codes(FILLER_A), codes("5p 4s"), [60, 60],
          codes("234p 567p 345s 99s 6s 4z"), codes("7s 1m 8s"), ["f44", "r60"],
          codes(FILLER_B), codes("6p"), [60],
          ["和了", [-4000, 7000, -2000, 0], [1, 1, 1, "満貫2000-4000点", "立直(1飜)", "一発(1飜)",
                                             "門前清自摸和(1飜)", "平和(1飜)", "抜きドラ(1飜)"]]]  # fmt: skip
    # E2, P1 deals; 17 entries (the fourth seat's lists empty). Each draws and discards a middle tile
    # (no nagashi); only P2 is tenpai (234p 567p 345s 99s 67s waits on 5s/8s): P2 +2000, P0 and P1 -1000.
    e2 = [[1, 0, 0], [31000, 41000, 33000, 0], [41], [],
          codes(FILLER_A), codes("6p"), [60],
          codes(FILLER_B), codes("5p"), [60],
          codes("234p 567p 345s 99s 67s"), codes("4s"), [60],
          [], [], [], ["流局", [-1000, -1000, 2000, 0]]]  # fmt: skip
    rule = {"disp": "三般南喰赤", "aka52": 1, "aka53": 1}
    final = [30000, 0, 40000, 0, 35000, 0]  # E2's end: the game is whole
    return json.dumps(
        {"name": ["A", "B", "C"], "rule": rule, "log": [e1, e2], "sc": final}, ensure_ascii=False
    )


def test_a_three_player_mjlog_agrees_round_by_round():
    objs = replay_text(sanma_mjlog(), "s.mjlog", "s")
    assert [(d["kind"], d["kyoku"], d["agree"]) for d in objs] == [
        ("win", "E1", True), ("win", "E2", True), ("win", "E3", True)
    ], [d.get("differences") or d.get("error") for d in objs]  # fmt: skip
    assert [d["recorded"]["deltas"] for d in objs] == [
        [-2000, 3000, -1000],
        [-5200, 0, 5200],
        [2600, -2600, 0],
    ]
    # the scores after each round, three seats, as hand-added in sanma_mjlog's comments
    assert [d["scores"] for d in objs] == [
        [33000, 38000, 34000],
        [27800, 38000, 39200],
        [30400, 35400, 39200],
    ]


def test_kita_then_rinshan_tsumo():
    tsumo = replay_text(sanma_mjlog(), "s.mjlog", "s")[0]
    score = tsumo["score"]
    assert {y["id"]: y["han"] for y in score["yaku"]} == {"menzen_tsumo": 1, "rinshan": 1, "kita": 1}
    assert "4z" not in score["hand"]  # the North set aside is not in the hand
    assert score["payments"] == {"E": -2000, "S": 3000, "W": -1000}
    # the log has no kita item, so the computed kita han are compared as dora
    assert {y["id"]: y["han"] for y in tsumo["computed"]["yaku"]} == {
        "menzen_tsumo": 1,
        "rinshan": 1,
        "dora": 1,
    }


def test_a_ron_counts_the_winners_kita():
    ron = replay_text(sanma_mjlog(), "s.mjlog", "s")[1]
    assert (ron["seat"], ron["from"], ron["score"]["seat_wind"]) == (2, 0, "S")
    # kita 1, plus one dora for the North under a West indicator
    assert {y["id"]: y["han"] for y in ron["score"]["yaku"]} == {"haku": 1, "kita": 1, "dora": 1}
    assert (ron["computed"]["han"], ron["computed"]["fu"], ron["computed"]["points"]) == (3, 40, 5200)


def test_a_ron_on_a_kita_is_not_chankan():
    ron = replay_text(sanma_mjlog(), "s.mjlog", "s")[2]
    assert ron["agree"], ron["differences"]
    assert [y["id"] for y in ron["score"]["yaku"]] == ["ittsu"]  # no chankan, no houtei
    assert ron["score"]["win_tile"] == "4z"


def test_a_wrong_record_of_a_kita_hand_is_named():
    # the log claims one dora too few for the ron with kita: only dora and the total differ
    text = sanma_mjlog().replace('yaku="18,1,52,2"', 'yaku="18,1,52,1"')
    ron = replay_text(text, "s.mjlog", "s")[1]
    assert ron["differences"] == [
        "han: recorded 2, computed 3",
        "yaku: recorded haku:1 dora:1, computed haku:1 dora:2",
    ]


def test_a_three_player_tenhou6_agrees():
    objs = replay_text(sanma_tenhou6(), "s.json", "s")
    assert [(d["kind"], d["kyoku"], d["agree"]) for d in objs] == [
        ("win", "E1", True),
        ("draw", "E2", True),
    ], [d.get("differences") or d.get("error") for d in objs]
    tsumo, draw = objs
    # tsumo loss: "2000-4000" is 6000 in all at three seats
    assert (tsumo["recorded"]["points"], tsumo["computed"]["points"]) == (6000, 6000)
    assert {y["id"] for y in tsumo["computed"]["yaku"]} == {
        "riichi",
        "ippatsu",
        "menzen_tsumo",
        "pinfu",
        "kita",
    }
    assert tsumo["computed"]["deltas"] == [-4000, 7000, -2000]
    assert draw["computed"]["deltas"] == [-1000, -1000, 2000]  # noten payments: 2000 in all


def test_three_player_logs_get_three_player_rules():
    # the default tenhou preset gives way to tenhou3 for a three-player log (and back for a four-player one)
    objs = replay_text(sanma_tenhou6(), "s.json", "s", resolve_rules("tenhou"))
    assert all(d["agree"] for d in objs)
    objs = replay_text(sanma_mjlog(), "s.mjlog", "s", resolve_rules("tenhou3"))
    assert all(d["agree"] for d in objs)


def test_a_rule_override_wins_over_the_log():
    # --rule noten_penalty=3000 (the four-player value): the lone tenpai player would take 3000, 1500 from
    # each noten player, against the 2000 the log recorded
    objs = replay_text(sanma_tenhou6(), "s.json", "s", overrides={"noten_penalty": 3000})
    assert objs[1]["differences"] == ["deltas: recorded [-1000, -1000, 2000], computed [-1500, -1500, 3000]"]


def test_a_fourth_seat_with_points_is_refused():
    data = json.loads(sanma_tenhou6())
    data["log"][1][-1][1] = [-1000, -1000, 1000, 1000]
    objs = replay_text(json.dumps(data, ensure_ascii=False), "s.json", "s")
    assert objs[1]["kind"] == "error" and "does not give 3 seats" in objs[1]["error"]["message"]


def test_kita_decoders():
    # mjlog: North id 123 << 8 = 31488, kita bit 0x20 -> 31520
    meld = decode_m(31520)
    assert (meld.kind, meld.called) == (NUKI, from_code(44))
    with pytest.raises(LogError, match="must be North"):
        decode_m(119 << 8 | KITA_M)  # id 119 is a West
    assert nuki(from_code(44)).notation() == "nuki:4z"


def test_call_sources_at_three_seats():
    # Tenhou counts on the four-seat cycle, the empty North seat included: from P0, 1 is P1 and 2 (across)
    # is P2, its previous player; from P2, 2 (across) is P0, its next player, and 3 is P1. A count that
    # lands on the empty seat is a modulo-3 count: 3 from P0 is P2, 1 from P2 is P0.
    assert [source_seat(0, r, 3) for r in (1, 2, 3)] == [1, 2, 2]
    assert [source_seat(1, r, 3) for r in (1, 2, 3)] == [2, 0, 0]
    assert [source_seat(2, r, 3) for r in (1, 2, 3)] == [0, 0, 1]
    assert [source_seat(0, r, 4) for r in (1, 2, 3)] == [1, 2, 3]


def across_tenhou6() -> str:
    """E1 of a three-player game, P0 deals (P0 E, P1 S, P2 W; indicator South, dora West, held by none).
    P0 draws 9p and discards White; P2 (West) pons it from East, which Tenhou writes "from across",
    ``45p4545``, as if North sat between them; P2 discards 9m and waits on 1s alone (234p 567p 678s 1s).
    P0 draws 9s and discards 1s: ron. Haku 1 han; fu 20 + 4 (open White pon) + 2 (single wait) = 26 ->
    30; 1 han 30 fu = 1000 from P0."""
    e1 = [[0, 0, 0], [35000, 35000, 35000, 0], [42], [],
          codes("1m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 5z 1s"), codes("9p 9s"), [45, 31],
          codes(FILLER_B.replace("5z", "4p")), [], [],
          codes("55z 234p 567p 678s 1s 9m"), ["45p4545"], [19],
          [], [], [],
          ["和了", [-1000, 0, 1000, 0], [2, 0, 2, "30符1飜1000点", "役牌 白(1飜)"]]]  # fmt: skip
    rule = {"disp": "三般南喰赤", "aka52": 1, "aka53": 1}
    final = [34000, 0, 35000, 0, 36000, 0]
    game = {"name": ["A", "B", "C"], "rule": rule, "log": [e1], "sc": final}
    return json.dumps(game, ensure_ascii=False)


def across_mjlog() -> str:
    """The same round as `across_tenhou6` in mjlog: P2's pon of P0's White (m: kind 31 * 3 + called 0,
    shifted 9, the pon bit 0x8, source 2 on the four-seat cycle)."""
    ids = Ids()
    dora = ids.one("2z")
    p0 = ids.many("1m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 5z 1s")
    p1 = ids.many(FILLER_B.replace("5z", "4p"))
    p2 = ids.many("55z 234p 567p 678s 1s 9m")
    nine_p, nine_s = ids.one("9p"), ids.one("9s")
    white, one_s, nine_m = p0[11], p0[12], p2[-1]
    pon = (31 * 3 + 0) << 9 | 0x8 | 2 | (3 << 5)  # the copy left out: White's 4th (id 127), none of ours
    scores = [35000, 35000, 35000]
    tags = ['<mjloggm ver="2.3"><GO type="185" lobby="0"/><UN n0="A" n1="B" n2="C" n3=""/>',
            init(0, scores, dora, [p0, p1, p2]), f"<T{nine_p}/><D{white}/>",
            f'<N who="2" m="{pon}"/><F{nine_m}/><T{nine_s}/><D{one_s}/>',
            f'<AGARI ba="0,0" hai="" machi="{one_s}" ten="30,1000,0" yaku="18,1" doraHai="{dora}" '
            f'who="2" fromWho="0" sc="{sc(scores, [-1000, 0, 1000])}" owari="340,0,350,0,360,0,0,0"/>',
            "</mjloggm>"]  # fmt: skip
    return "".join(tags)


@pytest.mark.parametrize("text", [across_tenhou6, across_mjlog], ids=["tenhou6", "mjlog"])
def test_west_calls_east_from_across(text):
    [ron] = replay_text(text(), "s", "s")
    assert ron["kind"] == "win", ron.get("error")
    assert (ron["seat"], ron["from"], ron["agree"]) == (2, 0, True), ron["differences"]
    assert ron["computed"]["deltas"] == [-1000, 0, 1000]
    assert "pon:555z" in ron["score"]["hand"]


def test_honba_at_three_seats():
    # a tsumo at 1 honba: each of the two payers adds 100 (-4100, -2100; the winner +7200)
    data = json.loads(sanma_tenhou6())
    data["log"][0][0] = [0, 1, 0]
    data["log"][0][-1][1] = [-4100, 7200, -2100, 0]
    tsumo = replay_text(json.dumps(data, ensure_ascii=False), "s.json", "s")[0]
    assert tsumo["agree"], tsumo["differences"]
    # a ron at 1 honba: 200 (not 300) from the discarder, 5200 + 200
    text = (
        sanma_mjlog()
        .replace('seed="1,0,0,', 'seed="1,1,0,')
        .replace("330,-52,380,0,340,52", "330,-54,380,0,340,54")
    )
    ron = replay_text(text, "s.mjlog", "s")[1]
    assert (ron["agree"], ron["computed"]["deltas"]) == (True, [-5400, 0, 5400]), ron["differences"]


def test_the_cli_replays_three_player_files_and_they_match_the_schema(tmp_path):
    from click.testing import CliRunner
    from jsonschema import Draft202012Validator

    from riichi_cli.cli import main
    from riichi_cli.cli.schema import bundled

    (tmp_path / "sanma.mjlog").write_text(sanma_mjlog(), encoding="utf-8")
    (tmp_path / "sanma.json").write_text(sanma_tenhou6(), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(tmp_path), "--format", "jsonl"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert len(lines) == 5  # 2 round ends in the tenhou6 game, 3 in the mjlog one
    validator = Draft202012Validator(bundled("replay"))
    for line in lines:
        assert not list(validator.iter_errors(line)), line["kyoku"]


def test_a_kita_in_a_four_player_round_is_a_bad_round():
    from riichi_cli.logs.model import Call, Draw, Ending, Round
    from riichi_cli.logs.rebuild import settlement

    north = from_code(44)
    hands = [[from_code(c) for c in codes(FILLER_A)] for _ in range(4)]
    hands[0][-1] = north
    events = [Draw(0, from_code(11)), Call(0, nuki(north))]
    rnd = Round(0, 0, 0, 0, (25000,) * 4, [from_code(41)], hands, events, [], Ending("exhaustive", (0,) * 4))
    with pytest.raises(LogError, match="four-player"):
        settlement(rnd)


def test_a_tenhou6_game_with_an_empty_fourth_seat_is_three_player():
    # four names (the fourth empty) and no 三 in the rule: the empty fourth hand of E2 (17 entries) tells
    data = json.loads(sanma_tenhou6())
    data["name"], data["rule"]["disp"], data["log"] = ["A", "B", "C", ""], "般南喰赤", data["log"][1:]
    [draw] = round_ends(replay_text(json.dumps(data, ensure_ascii=False), "s.json", "s"))
    assert (draw["kind"], draw["agree"], draw["recorded"]["deltas"]) == ("draw", True, [-1000, -1000, 2000])


def test_a_tenhou6_round_of_fourteen_entries_is_three_player():
    data = json.loads(sanma_tenhou6())
    data["name"], data["rule"]["disp"], data["log"] = ["A", "B", "C", ""], "般南喰赤", data["log"][:1]
    [tsumo] = round_ends(replay_text(json.dumps(data, ensure_ascii=False), "s.json", "s"))
    assert (tsumo["agree"], tsumo["computed"]["deltas"]) == (True, [-4000, 7000, -2000])


def test_a_tenhou6_ron_on_a_kita():
    # E1, P0 deals and discards 5p; P1 draws 7s and sets a North aside ("f44", its last entry); P2, waiting
    # on North alone with 123p 456p 789p 789s, rons it: ittsu 2 han, fu 20 + 10 + 2 = 32 -> 40, 2600 from P1.
    e1 = [[0, 0, 0], [35000, 35000, 35000], [47], [],
          codes(FILLER_A), codes("5p"), [60],
          codes("1m 9m 1p 4p 2s 5s 8s 1z 2z 3z 6z 6z 4z"), codes("7s"), ["f44"],
          codes("123p 456p 789p 789s 4z"), [], [],
          ["和了", [0, -2600, 2600], [2, 1, 2, "40符2飜2600点", "一気通貫(2飜)"]]]  # fmt: skip
    text = json.dumps(
        {"name": ["A", "B", "C"], "rule": {"disp": "三般南喰赤"}, "log": [e1]}, ensure_ascii=False
    )
    [ron] = round_ends(replay_text(text, "s.json", "s"))
    assert ron["agree"], ron.get("differences") or ron.get("error")
    assert (ron["score"]["win_tile"], [y["id"] for y in ron["score"]["yaku"]]) == ("4z", ["ittsu"])
