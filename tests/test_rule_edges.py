"""Rule options and impossible situations (issue 7): each test fails without its fix.

Payments: base = fu x 2^(han+2); non-dealer ron 4x base, dealer ron 6x, tsumo 1x from the
other non-dealers and 2x from the dealer, each share rounded up to 100; yakuman 32000 for a non-dealer.
Every number below is worked out by hand in the comment beside it.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import riichi_cli
from riichi_cli.cli import main
from riichi_cli.core.rules import PRESETS, UNVERIFIED, option_items, resolve_rules
from riichi_cli.settle import settle

# 234567m 22p 456s + 78p, ron on 9p with riichi and a 1p indicator (dora 2p, the pair):
# riichi 1 + pinfu 1 + dora 2 = 4 han 30 fu, base 1920: 7700 by ron, 8000 where kiriage_mangan.
PINFU = "234567m2278p456s9p"
# Open tanyao or nothing: 234m 555p 678s 56p+7p chi 345s, ron on 7p.
OPEN_TANYAO = "234m55p678s56p7p chi:345s"
# Thirteen orphans waiting on 7z alone (the pair is 1m): a chankan on 7z is possible.
KOKUSHI = "1m19m19p19s123456z7z"


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # click < 8.2 mixes stderr in by default
    except TypeError:
        return CliRunner()


def cli(*args: str, input: str | None = None):
    return _runner().invoke(main, list(args), input=input)


def scored(mapping: dict, preset: str = "tenhou", **options) -> dict:
    r = riichi_cli.score(mapping, resolve_rules(preset, options or None))
    assert r["ok"], r["error"]
    return r


def refusal(mapping: dict, code: str = "invalid_context", preset: str = "tenhou", **options) -> str:
    """The message of a refused hand, after checking its code and that no score leaked out."""
    r = riichi_cli.score(mapping, resolve_rules(preset, options or None))
    assert r["ok"] is False, r
    assert r["error"]["code"] == code, r["error"]
    assert r["points"] is None and r["payments"] is None
    return r["error"]["message"]


def settled(mapping: dict, preset: str = "tenhou", **options) -> dict:
    r = settle(mapping, resolve_rules(preset, options or None))
    assert r["ok"], r["error"]
    assert sum(r["deltas"].values()) == 1000 * (mapping.get("riichi_sticks", 0) - r["next"]["riichi_sticks"])
    return r


def settle_refusal(mapping: dict, preset: str = "tenhou", **options) -> str:
    r = settle(mapping, resolve_rules(preset, options or None))
    assert r["ok"] is False and r["deltas"] is None, r
    assert r["error"]["code"] == "invalid_context", r["error"]
    return r["error"]["message"]


def deltas(r: dict) -> list[int]:
    return [r["deltas"][s] for s in "ESWN"]


# -- 1. the command line wins over a context file ---------------------------------------------------


@pytest.fixture
def context_file(tmp_path):
    def write(text: str) -> str:
        path = tmp_path / "c.yaml"
        path.write_text(text, encoding="utf-8")
        return str(path)

    return write


def total(result) -> int:
    return json.loads(result.stdout)["points"]["total"]


def test_rule_flag_beats_the_files_preset(context_file):
    path = context_file(f"hand: {OPEN_TANYAO}\nrules: tenhou\n")
    out = cli("score", "--context", path, "--rule", "kuitan=false", "--json")
    assert out.exit_code == 1 and json.loads(out.stdout)["error"]["code"] == "no_yaku"


@pytest.mark.parametrize(
    "flags, expected",
    [
        ([], 8000),  # the file's mleague: kiriage mangan
        (["--rules", "tenhou"], 7700),  # the command line's preset replaces the file's
        (["--rule", "kiriage_mangan=false"], 7700),  # and its options win over the file's preset
    ],
)
def test_rules_flags_beat_the_files_preset(context_file, flags, expected):
    path = context_file(f"hand: {PINFU}\nriichi: true\ndora: [1p]\nrules: mleague\n")
    out = cli("score", "--context", path, "--json", *flags)
    assert out.exit_code == 0, out.output
    assert total(out) == expected


def test_files_rule_options_apply_where_the_command_line_is_silent(context_file):
    path = context_file(f"hand: {PINFU}\nriichi: true\ndora: [1p]\nrule_options: {{kiriage_mangan: true}}\n")
    assert total(cli("score", "--context", path, "--json")) == 8000
    assert total(cli("score", "--context", path, "--json", "--rules", "tenhou")) == 8000  # file's option kept
    assert total(cli("score", "--context", path, "--json", "--rule", "kiriage_mangan=false")) == 7700


def test_waits_context_file_loses_to_the_flags(context_file):
    # 234m 55p 678s 56p + chi 345s waits on 4p and 7p: open tanyao only.
    path = context_file("hand: 234m55p678s56p chi:345s\nrules: tenhou\n")
    out = cli("waits", "--context", path, "--rule", "kuitan=false", "--json")
    waits = json.loads(out.stdout)["waits"]
    assert waits and all(w["ron"]["error"]["code"] == "no_yaku" for w in waits)


def test_settle_flags_beat_the_files_preset(tmp_path):
    # Two rons on W's discard, file says head bump (mleague); --rules tenhou lets both win.
    path = tmp_path / "r.yaml"
    path.write_text(
        "rules: mleague\nwins:\n"
        "  - {seat_wind: E, hand: 234m567s22s345p78p6p, from: W}\n"
        "  - {seat_wind: S, hand: 123456789m55s78p6p, from: W}\n",
        encoding="utf-8",
    )
    one = json.loads(cli("settle", str(path), "--json").stdout)
    two = json.loads(cli("settle", str(path), "--json", "--rules", "tenhou").stdout)
    assert [w["seat_wind"] for w in one["wins"]] == ["E"]
    assert [w["seat_wind"] for w in two["wins"]] == ["E", "S"]


# -- 2. chankan on a concealed kan --------------------------------------------------------------------


def test_kokushi_may_rob_an_ankan_where_the_rules_allow():
    r = scored({"hand": KOKUSHI, "chankan": "ankan"}, "mahjongsoul")  # kokushi_chankan_ankan: true
    assert r["yakuman"] == 1 and r["points"]["total"] == 32000
    message = refusal({"hand": KOKUSHI, "chankan": "ankan"})  # tenhou: false
    assert "concealed kan" in message and "kokushi_chankan_ankan" in message


def test_only_kokushi_robs_an_ankan():
    message = refusal({"hand": PINFU, "chankan": "ankan"}, preset="mahjongsoul")
    assert "thirteen orphans" in message
    assert "true, false or ankan" in refusal({"hand": PINFU, "chankan": "added"})


def test_chankan_ankan_flag():
    out = cli("score", KOKUSHI, "--chankan-ankan", "--rules", "mahjongsoul", "--json")
    assert out.exit_code == 0 and total(out) == 32000
    out = cli("score", KOKUSHI, "--chankan-ankan", "--json")
    assert out.exit_code == 2 and "kokushi_chankan_ankan" in json.loads(out.stdout)["error"]["message"]
    # waits: the ron on 7z robs the ankan (32000), the tsumo cannot be a chankan.
    out = cli("waits", "1m19m19p19s123456z", "--chankan-ankan", "--rules", "mahjongsoul", "--json")
    (wait,) = json.loads(out.stdout)["waits"]
    assert wait["ron"]["points"]["total"] == 32000 and wait["tsumo"]["error"]["code"] == "invalid_context"


# -- 3. impossible situations -------------------------------------------------------------------------


# 234m 345p 55p 678s + ankan 9999s, rinshan tsumo on 5p: riichi, menzen tsumo, rinshan, tanyao... fine,
# but ippatsu cannot come with it (the kan ended it).
KAN_HAND = "234m345p55p678s ankan:9999s"


def test_ippatsu_with_rinshan_is_refused():
    base = {"hand": KAN_HAND, "win": "tsumo", "riichi": True, "rinshan": True}
    scored(base)
    assert "ippatsu with rinshan" in refusal({**base, "ippatsu": True})


def test_more_ura_than_dora_indicators_is_refused():
    base = {"hand": PINFU, "riichi": True}
    scored({**base, "ura": ["3m"]})  # one ura: the first indicator need not be given
    scored({**base, "dora": ["1p", "5z"], "ura": ["3m", "4m"]})
    assert "2 ura indicators but 1 dora" in refusal({**base, "dora": ["1p"], "ura": ["3m", "4m"]})


def test_kan_ura_off_allows_one_ura_indicator():
    mapping = {"hand": PINFU, "riichi": True, "dora": ["1p", "5z"], "ura": ["3m", "4m"]}
    assert "kan_ura" in refusal(mapping, kan_ura=False)
    scored({**mapping, "ura": ["3m"]}, kan_ura=False)


@pytest.mark.parametrize(
    "mapping, seen",
    [
        ({"hand": "222m345p678s11z34m2m"}, "3 more 2m"),  # three 2m in the hand: the kan needs them
        ({"hand": "19m19p19s1234567z9m"}, "1 more 9m"),  # 13-sided kokushi holds the 9m it wins on
        ({"hand": PINFU, "dora": ["9p"]}, "1 more 9p"),  # an indicator shows a copy too
    ],
)
def test_chankan_on_a_tile_the_winner_already_holds(mapping, seen):
    message = refusal({**mapping, "chankan": True})
    assert "chankan on" in message and seen in message


def test_cli_refuses_the_chankan_examples_of_the_issue():
    for hand in ("222m345p678s11z34m2m", "19m19p19s1234567z9m"):
        out = cli("score", hand, "--chankan", "--json")
        assert out.exit_code == 2 and json.loads(out.stdout)["error"]["code"] == "invalid_context"


def test_a_batch_keeps_every_hand_around_the_refusals():
    mappings = [
        {"hand": PINFU},
        {"hand": "222m345p678s11z34m2m", "chankan": True},
        {"hand": KAN_HAND, "win": "tsumo", "riichi": True, "rinshan": True, "ippatsu": True},
        {"hand": PINFU, "riichi": True, "dora": ["1p"], "ura": ["3m", "4m"]},
        {"hand": PINFU, "riichi": True},
    ]
    results = list(riichi_cli.score_many(mappings))
    assert [r["ok"] for r in results] == [True, False, False, False, True]
    assert {r["error"]["code"] for r in results if not r["ok"]} == {"invalid_context"}


# -- 4. pao only where someone can be liable -----------------------------------------------------------


def pao_win(hand: str, **keys) -> dict:
    return {"wins": [{"seat_wind": "S", "hand": hand, "from": "E", "pao": "N", **keys}]}


@pytest.mark.parametrize(
    "hand, words",
    [
        ("777z234m11p pon:555z pon:666z", "7z set concealed"),  # the third set a concealed triplet
        ("555666777z234m11p", "5z 6z 7z set concealed"),  # every set concealed
        ("234m11p ankan:5555z ankan:6666z ankan:7777z", "every set a concealed kan"),
        ("11m111z pon:222z pon:333z pon:444z", "1z set concealed"),  # daisuushii, East concealed
    ],
)
def test_pao_refused_where_no_one_fed_the_last_set(hand, words):
    message = settle_refusal(pao_win(hand))
    assert "no one can be liable" in message and words in message


def test_pao_with_a_concealed_kan_among_called_sets():
    # 5z ankan, 6z and 7z pon: the last call can have come from N. 32000 split on the ron: N 16000, E 16000.
    r = settled(pao_win("234m1p1p ankan:5555z pon:666z pon:777z"))
    assert deltas(r) == [-16000, 32000, 0, -16000]


def test_suukantsu_pao_needs_a_daiminkan():
    # mleague has pao_suukantsu. Four kans, none a daiminkan: no one fed a kan.
    no_feed = "11m kakan:2222p ankan:3333s kakan:4444m ankan:6666z"
    message = settle_refusal(
        {"wins": [{"seat_wind": "S", "hand": no_feed, "win": "tsumo", "pao": "W"}]}, "mleague"
    )
    assert "daiminkan" in message
    # With one daiminkan W may have fed it: W pays the 32000 alone.
    fed = "11m kan:2222p ankan:3333s kakan:4444m ankan:6666z"
    r = settled({"wins": [{"seat_wind": "S", "hand": fed, "win": "tsumo", "pao": "W"}]}, "mleague")
    assert deltas(r) == [0, 32000, -32000, 0]


# -- 5. who pays the honba of a pao ron ----------------------------------------------------------------

# Daisangen, every dragon set called, ron on 1p: 32000, split 16000 / 16000 between liable N and discarder E.
DAISANGEN = "123m1p1p pon:555z pon:666z pon:777z"


@pytest.mark.parametrize(
    "preset, options, expected",
    [
        ("tenhou", {}, [-16000, 32600, 0, -16600]),  # liable N pays both honba (2 x 300)
        ("ema2025", {}, [-16600, 32600, 0, -16000]),  # discarder E pays them (RCR)
        ("tenhou", {"pao_honba": "discarder"}, [-16600, 32600, 0, -16000]),
    ],
)
def test_pao_honba(preset, options, expected):
    assert deltas(settled({"honba": 2, **pao_win(DAISANGEN)}, preset, **options)) == expected


def test_pao_honba_on_a_tsumo_stays_with_the_liable_player():
    # No discarder: N pays 32000 + 600 whatever pao_honba says.
    mapping = {"honba": 2, "wins": [{"seat_wind": "S", "hand": DAISANGEN, "win": "tsumo", "pao": "N"}]}
    assert deltas(settled(mapping, pao_honba="discarder")) == [0, 32600, 0, -32600]


# -- 6 and 9. abortive draws -------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["mahjongsoul", "mleague", "wrc2022", "jpml2023", "ema2025"])
def test_sanchahou_only_under_multiple_ron_double(preset):
    message = settle_refusal({"draw": {"kind": "abortive", "reason": "sanchahou"}}, preset)
    assert "sanchahou" in message or "abortive draws are not played" in message


def test_sanchahou_under_tenhou():
    r = settled({"draw": {"kind": "abortive", "reason": "sanchahou"}})
    assert r["kind"] == "abortive_draw" and r["next"]["honba"] == 1


def test_abortive_draws_can_be_switched_off():
    draw = {"draw": {"kind": "abortive", "reason": "kyuushu"}}
    assert "abortive_draws: false" in settle_refusal(draw, "ema2025")
    assert "abortive_draws: false" in settle_refusal(draw, abortive_draws=False)
    settled(draw)


def test_three_rons_without_abortive_draws_under_double_ron_are_refused():
    # Three rons on N's discard: under multiple_ron: double that is sanchahou, an abortive draw.
    hands = {"E": "234m567s22s345p78p6p", "S": "123456789m55s78p6p", "W": "234m678m345s99s45p6p"}
    wins = [{"seat_wind": s, "hand": h, "from": "N"} for s, h in hands.items()]
    assert settled({"wins": wins})["kind"] == "abortive_draw"
    assert "abortive_draws: false" in settle_refusal({"wins": wins}, abortive_draws=False)


# -- 7. honba on a tsumo -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "points, expected",
    [
        # menzen tsumo + pinfu = 2 han 20 fu, base 320: E pays 700, W and N 400. Each payer adds
        # honba_points / 3 rounded up to 100 per honba: 100 x 5 = 500.
        (100, {"E": -1200, "S": 3000, "W": -900, "N": -900}),
        (300, {"E": -1200, "S": 3000, "W": -900, "N": -900}),  # the usual 100 each per honba
        (1500, {"E": -3200, "S": 9000, "W": -2900, "N": -2900}),  # 500 each per honba
    ],
)
def test_honba_points_on_a_tsumo(points, expected):
    r = scored({"hand": PINFU, "win": "tsumo", "honba": 5}, honba_points=points)
    assert r["payments"] == expected


def test_honba_points_on_the_command_line():
    out = cli("score", PINFU, "--tsumo", "--honba", "5", "--rule", "honba_points=100", "--json")
    assert json.loads(out.stdout)["payments"] == {"E": -1200, "S": 3000, "W": -900, "N": -900}


# -- 8. liability for a rinshan win after a daiminkan --------------------------------------------------

# 234m 567p 345s 1s + 1s tanki, daiminkan 8888p, rinshan tsumo: rinshan 1 han; fu 20 + 8 (open kan of
# simples) + 2 tanki + 2 tsumo = 32 -> 40; base 320: E 700, W and N 400 each = 1500 in all.
RINSHAN = {"seat_wind": "S", "hand": "234m567p345s1s1s kan:8888p", "win": "tsumo", "rinshan": True}


def test_daiminkan_rinshan_paid_by_the_feeder():
    r = settled({"honba": 1, "wins": [{**RINSHAN, "pao": "W"}]}, pao_daiminkan=True)
    assert deltas(r) == [0, 1800, -1800, 0]  # W pays the tsumo's 1500 and the honba 300
    assert r["pao"][0]["liable"] == "W" and r["pao"][0]["yakuman"] == []


def test_daiminkan_rinshan_pao_is_off_by_default_and_checked():
    assert all(not r.pao_daiminkan for r in PRESETS.values())
    assert "pao names W" in settle_refusal({"wins": [{**RINSHAN, "pao": "W"}]})
    plain = {**RINSHAN, "hand": "234m567p345s1s1s ankan:8888p", "pao": "W"}  # no daiminkan
    assert "rinshan tsumo after a daiminkan" in settle_refusal({"wins": [plain]}, pao_daiminkan=True)


# -- 11. own stick back, 12. unverified values ---------------------------------------------------------


def test_new_options_in_every_preset():
    assert PRESETS["ema2025"].own_stick_back and not PRESETS["tenhou"].own_stick_back
    assert PRESETS["ema2025"].pao_honba == "discarder" and PRESETS["tenhou"].pao_honba == "liable"
    assert not PRESETS["ema2025"].abortive_draws and PRESETS["tenhou"].abortive_draws
    assert not PRESETS["jpml2023"].kan_ura and PRESETS["tenhou"].kan_ura
    assert "pao_honba" in UNVERIFIED["mahjongsoul"] and "pao_honba" not in UNVERIFIED["tenhou"]


def test_rules_command_marks_the_unverified_values():
    data = json.loads(cli("rules", "mleague", "--json").stdout)
    assert {"pao_honba", "abortive_draws", "pao_daiminkan"} <= set(data["unverified"])
    assert "own_stick_back" in data["options"]
    text = cli("rules", "mleague").stdout
    assert "pao_honba" in text and "(unverified)" in text


def test_readme_presets_table_matches_the_presets():
    """The README's presets table is what `riichi rules` prints: same values, same stars."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    names = list(PRESETS)
    header = "| option | " + " | ".join(names) + " |"
    assert header in readme
    rows = readme.split(header, 1)[1].split("\n\n", 1)[0].strip().splitlines()[1:]
    table = {cells[0]: cells[1:] for cells in ([c.strip() for c in r.strip("|").split("|")] for r in rows)}
    for key, _ in option_items(PRESETS["tenhou"]):
        for name, cell in zip(names, table[key]):
            value = getattr(PRESETS[name], key)
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            assert cell == shown + ("*" if key in UNVERIFIED[name] else ""), (key, name, cell)
    assert len(table) == len(option_items(PRESETS["tenhou"]))


# -- neighbours ------------------------------------------------------------------------------------


def test_renhou_with_chankan_is_refused():
    # The robbed kan was a call (a concealed kan too): the uninterrupted first turn renhou needs is over.
    mapping = {"hand": PINFU, "renhou": True, "chankan": True}
    assert "renhou with chankan" in refusal(mapping, preset="ema2025")  # ema2025 plays renhou (mangan)


def test_pao_tsumo_honba_match_a_plain_tsumo():
    # honba_points 100: a plain tsumo collects 100 from each payer per honba (300 for 1 honba x 3).
    # The liable player of a pao tsumo pays what the three would have: 2 honba x 300 = 600 + 32000.
    mapping = {"honba": 2, "wins": [{"seat_wind": "S", "hand": DAISANGEN, "win": "tsumo", "pao": "N"}]}
    assert deltas(settled(mapping, honba_points=100)) == [0, 32600, 0, -32600]
    plain = {"honba": 2, "wins": [{"seat_wind": "S", "hand": DAISANGEN, "win": "tsumo"}]}
    assert settled(plain, honba_points=100)["deltas"]["S"] == 32600  # 8000 x 2 + 16000 + 3 x 200


def test_rule_options_of_equal_value_but_other_type_are_not_taken_from_the_cache():
    # True == 1 == 1.0 in Python, but min_han takes an integer: a bool or a float is refused even when
    # the same options with an int were resolved just before (the cache is keyed by value and type).
    from riichi_cli import score

    base = {"hand": "234567m2278p456s9p", "win": "tsumo"}
    for options in ({"min_han": 1}, {"min_han": 1, "kuitan": True}):
        assert score({**base, "rule_options": options})["ok"]
        for bad in (True, 1.0):
            result = score({**base, "rule_options": {**options, "min_han": bad}})
            assert not result["ok"] and result["error"]["code"] == "invalid_context", (options, bad)
