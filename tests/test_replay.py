"""`riichi replay` over the real logs in ../shared/logs (read in place, never copied): every win and
round end agrees with what Tenhou recorded, except the rounds listed below with their reason. Then
the command line, the API, and logs that are cut short, corrupt or not logs at all."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

import riichi_cli
from riichi_cli.cli import main
from riichi_cli.files.logs import replay_paths

LOGS = Path(__file__).resolve().parents[1].parent / "shared" / "logs"
needs_logs = pytest.mark.skipif(not LOGS.is_dir(), reason=f"the shared game logs are not at {LOGS}")

#: (file, round index) -> why the log and riichi differ; nothing else may differ.
EXPECTED = {
    ("tenhou6/fixtures/confusing_nakis_1.json", 0):
        "edited by hand: P2's riichi stick (r11, accepted: play went on) is on the table, so the "
        "winner takes 1000 + 300 x 2 honba + 1000 = 2600, but the log pays +1600 / -1600",
    ("tenhou6/fixtures/confusing_nakis_2.json", 0):
        "made up (no player names, no lobby, a result without value or yaku): the winner's hand "
        "7899p + 7m with pons of 1p 2p 3p is not a winning shape",
}  # fmt: skip

#: Files that do not hold a whole game -> what their end shows (the ``incomplete`` record's message).
#: The fixtures are one or a few rounds cut out of games: all but two start after East 1 or stop
#: without Tenhou's final scores; ranked_game and suukantsu_1 are whole games (a seat goes below 0).
INCOMPLETE = {
    "mjlog/2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog": "stops in the middle of round 7",
    "mjlog/2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog": "no final scores (owari)",
    **{f"tenhou6/fixtures/{name}.json": "not at the first round (E1-0)" for name in (
        "complex_nakis_0", "confusing_nakis_0", "confusing_nakis_1", "confusing_nakis_3", "confusing_nakis_4",
        "confusing_nakis_5", "confusing_nakis_6", "confusing_nakis_7", "double_kakan_then_chankan",
        "double_ron", "four_reach", "kyushukyuhai", "rinshan", "ryukyoku", "suukantsu_0")},
    **{f"tenhou6/fixtures/{name}.json": "gives no final scores"
       for name in ("chankan", "complex_nakis_1", "confusing_nakis_2")},
}  # fmt: skip


@pytest.fixture(scope="module")
def corpus() -> list[dict]:
    if not LOGS.is_dir():
        pytest.skip(f"the shared game logs are not at {LOGS}")
    return riichi_cli.replay(str(LOGS))


def key(d: dict) -> tuple[str, int]:
    return str(Path(d["source"]).relative_to(LOGS)), d["round"]


@needs_logs
def test_every_round_end_agrees_with_the_log(corpus):
    bad = [
        d
        for d in corpus
        if d["kind"] == "error" and d["error"]["code"] != "incomplete" or d.get("agree") is False
    ]
    off = {key(d): d.get("differences") or d.get("error") for d in bad}
    assert set(off) == set(EXPECTED), json.dumps({f"{k[0]}#{k[1]}": v for k, v in off.items()}, indent=1)


@needs_logs
def test_every_game_the_logs_do_not_hold_whole_is_flagged_once_at_its_end(corpus):
    cut = {str(Path(d["source"]).relative_to(LOGS)): d["error"]["message"] for d in corpus
           if d["kind"] == "error" and d["error"]["code"] == "incomplete"}  # fmt: skip
    assert set(cut) == set(INCOMPLETE), sorted(set(cut) ^ set(INCOMPLETE))
    for name, why in INCOMPLETE.items():
        assert why in cut[name], (name, cut[name])
    by_file: dict = {}
    for d in corpus:
        by_file.setdefault(d["source"], []).append(d)
    for objs in by_file.values():  # the record comes last, after every round that could be read
        assert all(d["kind"] != "error" or d["error"]["code"] != "incomplete" for d in objs[:-1])
    # the cut-short game keeps its first seven rounds
    rounds = {
        d["round"] for d in by_file[str(LOGS / "mjlog/2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog")]
    }
    assert rounds == {0, 1, 2, 3, 4, 5, 6, None}


@needs_logs
def test_the_corpus_is_all_there(corpus):
    # 41 mjlog + 6 tenhou6 games + 20 fixtures = 67 files; the mjlog folder alone has 41 games.
    assert len({d["source"] for d in corpus}) == 67
    wins = [d for d in corpus if d["kind"] == "win"]
    draws = [d for d in corpus if d["kind"] == "draw"]
    assert len(wins) > 400 and len(draws) > 80
    # the situations the reader must rebuild all occur and agree
    found = {y["id"] for d in wins if d["agree"] for y in d["recorded"]["yaku"] or []}
    for yaku in ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "tenhou",
                 "daisangen", "suukantsu", "aka_dora", "ura_dora"):  # fmt: skip
        assert yaku in found
    reasons = {d["draw"] for d in draws if d["agree"]}
    assert {"exhaustive", "kyuushu", "suucha_riichi", "suukan", "suufon"} <= reasons


@needs_logs
def test_double_ron_pays_sticks_and_honba_to_the_first_winner_only(corpus):
    # double-ron.mjlog, E4: P3 deals into P0 (7700) and P2 (8000) with 2 sticks on the table
    # (one from P0's riichi, one earlier): P0 is the first after P3, so P0 takes 7700 + 2000.
    ron = [d for d in corpus if d["game"] == "double-ron" and d["round"] == 3]
    assert [(d["seat"], d["computed"]["deltas"]) for d in ron] == [
        (0, [9700, 0, 0, -7700]), (2, [0, 0, 8000, -8000])]  # fmt: skip


@needs_logs
def test_pao_is_rebuilt_from_the_calls(corpus):
    # pao-tsumo.mjlog: a daisangen by tsumo whose third dragon was fed by the liable seat, who pays all.
    [d] = [d for d in corpus if d["game"] == "pao-tsumo" and d["score"] and d["score"].get("yakuman")]
    assert d["agree"] and sorted(d["recorded"]["deltas"])[0] in (-32000, -48000)


@needs_logs
def test_both_formats_give_the_same_results():
    for json_path in sorted((LOGS / "tenhou6").glob("*.json")):
        xml = riichi_cli.replay(str(LOGS / "mjlog" / (json_path.stem + ".xml")))
        t6 = riichi_cli.replay(str(json_path))
        strip = lambda d: {k: d[k] for k in ("round", "kind", "seat", "from", "computed", "agree")}  # noqa: E731
        assert [strip(d) for d in xml] == [strip(d) for d in t6]


# -- the command line -------------------------------------------------------------------------


def run(args, stdin=None):
    return CliRunner().invoke(main, ["replay", *args], input=stdin)


@needs_logs
def test_jsonl_one_object_per_round_end_and_exit_0():
    path = LOGS / "mjlog" / "double-ron.mjlog"
    r = run([str(path), "--format", "jsonl"])
    lines = [json.loads(x) for x in r.output.splitlines()]
    # four rounds, the last one a double ron: five objects
    assert r.exit_code == 0 and len(lines) == 5
    assert [d["kyoku"] for d in lines] == ["E1", "E2", "E3", "E4", "E4"]
    assert lines[1]["kind"] == "draw" and lines[1]["seat"] is None


@needs_logs
def test_a_difference_exits_1_and_the_table_marks_it():
    r = run([str(LOGS / "tenhou6" / "fixtures" / "confusing_nakis_1.json")])
    assert r.exit_code == 1
    assert "DIFF" in r.output
    assert "deltas: recorded [1600, 0, -1600, 0], computed [2600, 0, -1600, 0]" in r.output


@needs_logs
def test_json_summary_and_stdin():
    text = (LOGS / "mjlog" / "double-ron.mjlog").read_bytes()
    r = run(["-", "--json"], stdin=gzip.compress(text))
    doc = json.loads(r.output)
    assert doc["summary"] == {"games": 1, "complete": 1, "incomplete": 0, "unreadable": 0, "round_ends": 5,
                              "rounds": 5, "wins": 4, "draws": 1, "agreements": 5, "differences": 0,
                              "errors": 0}  # fmt: skip
    assert doc["rounds"][0]["source"] == "-"


def test_an_unreadable_file_exits_2_and_the_rest_go_on(tmp_path):
    (tmp_path / "a.json").write_text("not json")
    (tmp_path / "b.mjlog").write_bytes(b"\x00\x01binary")
    (tmp_path / "c.xml").write_text("<html></html>")
    r = run([str(tmp_path), "--format", "jsonl"])
    objs = [json.loads(x) for x in r.output.splitlines()]
    assert r.exit_code == 2 and [Path(d["source"]).name for d in objs] == ["a.json", "b.mjlog", "c.xml"]
    assert all(d["kind"] == "error" and d["error"]["code"] == "unreadable" for d in objs)


def test_usage_errors_exit_2():
    assert run(["x.mjlog", "--rule", "nonsense=1"]).exit_code == 2
    assert run(["x.mjlog", "--rules", "nonsense"]).exit_code == 2


@needs_logs
def test_jobs_2_gives_the_same_output_in_order():
    one = run([str(LOGS / "mjlog"), "--format", "jsonl"])
    two = run([str(LOGS / "mjlog"), "--format", "jsonl", "--jobs", "2"])
    assert one.output == two.output and one.exit_code == two.exit_code == 1  # the cut-short log


@needs_logs
def test_gzipped_logs_read_like_plain_ones(tmp_path):
    src = LOGS / "mjlog" / "pao-tsumo.mjlog"
    (tmp_path / "pao-tsumo.mjlog.gz").write_bytes(gzip.compress(src.read_bytes()))
    strip = lambda objs: [{k: v for k, v in d.items() if k != "source"} for d in objs]  # noqa: E731
    assert strip(riichi_cli.replay(str(tmp_path))) == strip(riichi_cli.replay(str(src)))


# -- robustness -------------------------------------------------------------------------------

KINDS = {"win", "draw", "error"}


def check(objs: list[dict]) -> None:
    assert objs and all(d["kind"] in KINDS for d in objs)
    json.dumps(objs)  # plain data


@needs_logs
@pytest.mark.parametrize("name", ["mjlog/double-ron.mjlog", "tenhou6/2019021004gm-00a9-0000-e2f6516d.json"])
def test_logs_cut_anywhere_never_raise(name):
    text = (LOGS / name).read_text(encoding="utf-8")
    for cut in range(0, len(text), max(1, len(text) // 60)):
        check(riichi_cli.replay(text[:cut] or " "))


@needs_logs
@pytest.mark.parametrize("name", ["mjlog/pao-tsumo.mjlog", "tenhou6/fixtures/suukantsu_1.json"])
def test_corrupted_logs_never_raise(name):
    data = bytearray((LOGS / name).read_bytes())
    rng = random.Random(7)
    for _ in range(40):
        bad = bytearray(data)
        for _ in range(5):
            bad[rng.randrange(len(bad))] = rng.choice(b'0123456789,"<>/[]{}ampkc ')
        check(riichi_cli.replay(bytes(bad)))


@pytest.mark.parametrize(
    "text",
    ['{"log": [1, 2]}', '{"log": [[[0, 0, 0]]]}', '{"log": "x"}', "[]", '{"log": [[' * 50000,
     '<mjloggm ver="2.3"><INIT seed="x"/></mjloggm>', '<mjloggm><INIT seed="0,0,0,0,0,999" ten="1"/>',
     '<mjloggm><GO type="169"/><N who="0" m="99999999"/></mjloggm>', "hello"],
)  # fmt: skip
def test_odd_inputs_are_error_objects(text):
    objs = riichi_cli.replay(text if text != "hello" else b"hello")
    check(objs)


def test_a_missing_file_is_an_error_object(tmp_path):
    [d] = riichi_cli.replay(str(tmp_path / "nope.mjlog"))
    assert d["kind"] == "error" and d["error"]["code"] == "unreadable"


def test_replay_is_picklable():
    import pickle

    assert pickle.loads(pickle.dumps(riichi_cli.replay)) is riichi_cli.replay


@needs_logs
def test_replay_paths_keeps_the_input_order():
    paths = [str(LOGS / "mjlog" / "pao-tsumo.mjlog"), str(LOGS / "mjlog" / "double-ron.mjlog")]
    total, files = replay_paths(paths, jobs=2)
    firsts = [next(iter(pieces))[0]["game"] for pieces in files]
    assert total == 2 and firsts == ["pao-tsumo", "double-ron"]


def test_replay_is_listed_in_help():
    assert "replay" in CliRunner().invoke(main, ["--help"]).output


@needs_logs
def test_a_wrong_liable_seat_is_named():
    # pao-tsumo.mjlog: P0 fed P2's third dragon set (paoWho="0"); a log naming P1 instead differs.
    text = (LOGS / "mjlog" / "pao-tsumo.mjlog").read_text(encoding="utf-8")
    text = text.replace('paoWho="0"', 'paoWho="1"')
    [d] = [d for d in riichi_cli.replay(text) if d["kind"] == "win" and d["recorded"]["yakuman"]]
    assert "pao: recorded 1, computed 0" in d["differences"]


@needs_logs
def test_a_seat_out_of_range_is_a_bad_round():
    # double-ron.mjlog E1: the first call is by who="3"; seat 7 does not exist.
    text = (LOGS / "mjlog" / "double-ron.mjlog").read_text(encoding="utf-8").replace('who="3"', 'who="7"', 1)
    objs = riichi_cli.replay(text)
    assert objs[0]["kind"] == "error" and "who=7 is not a seat" in objs[0]["error"]["message"]
    assert [d["kind"] for d in objs[1:]] == ["draw", "win", "win", "win"]  # the other rounds go on


@needs_logs
def test_a_bad_round_start_loses_only_that_round():
    # double-ron.mjlog: the second INIT (E2) loses its seed; E1 before it is kept, E3 and E4 follow.
    text = (LOGS / "mjlog" / "double-ron.mjlog").read_text(encoding="utf-8")
    second = text.index("<INIT", text.index("<INIT") + 1)
    text = text[:second] + text[second:].replace("seed=", "sead=", 1)
    objs = riichi_cli.replay(text)
    expected = [(0, "win"), (1, "error"), (2, "win"), (3, "win"), (3, "win")]
    assert [(d["round"], d["kind"]) for d in objs] == expected


EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "logs"


def test_the_shipped_example_logs_agree():
    # Written by hand (see the README): a dealer tenhou by mjlog, 48000 (16000 from each); and by
    # tenhou6 a double riichi with ippatsu, 3 han 40 fu (20 + 10 closed ron + 4 for the East pair,
    # round and seat wind, = 34 -> 40), dealer ron 40 x 2^5 x 6 = 7680 -> 7700, plus the stick.
    objs = riichi_cli.replay(str(EXAMPLES))
    assert [(d["game"], d["agree"], d["computed"]["points"]) for d in objs] == [
        ("double-riichi", True, 7700), ("tenhou", True, 48000)]  # fmt: skip
    assert objs[0]["computed"]["deltas"] == [8700, -7700, 0, 0]
