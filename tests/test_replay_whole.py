"""Logs read whole or flagged: a leading comment or declaration before ``<mjloggm``, games the file does
not hold whole (cut mjlog, tenhou6 rounds removed, a gzip stream cut in half), multi-member gzip, the
summary's counts, and mjai JSON lines. Every log here is written by hand (the shipped examples) or read in
place from ../shared/logs."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from riichi_cli.cli import main
from riichi_cli.logs.replay import replay_text

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "logs"
LOGS = ROOT.parent / "shared" / "logs"
needs_logs = pytest.mark.skipif(not LOGS.is_dir(), reason=f"the shared game logs are not at {LOGS}")
TENHOU = (EXAMPLES / "tenhou.mjlog").read_text(encoding="utf-8")  # a dealer tenhou, 48000, whole
DOUBLE = (EXAMPLES / "double-riichi.json").read_text(encoding="utf-8")


def codes(objs: list[dict]) -> list[str]:
    return [d["error"]["code"] if d["kind"] == "error" else d["kind"] for d in objs]


def run(*args, stdin=None):
    return CliRunner().invoke(main, ["replay", *map(str, args)], input=stdin)


# -- 2. what may come before <mjloggm --------------------------------------------------------------


@pytest.mark.parametrize("head", [
    "\n\n   ", '<?xml version="1.0" encoding="UTF-8"?>\n', "<!-- 2019021004gm-00a9-0000-e2f6516d -->\n",
    '<?xml version="1.0"?>\n<!-- saved from tenhou.net -->\n<!-- a second comment,\n on two lines -->\n\t',
])  # fmt: skip
def test_blanks_a_declaration_and_comments_before_the_log(head):
    [win] = replay_text(head + TENHOU, "t.mjlog", "t")
    assert (win["kind"], win["agree"], win["computed"]["points"]) == ("win", True, 48000)


def test_a_long_comment_still_reads():
    [win] = replay_text(f"<!-- {'x' * 5000} -->" + TENHOU, "t.mjlog", "t")
    assert win["agree"]


def test_text_that_is_not_a_log_is_still_refused():
    [d] = replay_text("<!-- only a comment --><html></html>", "t", "t")
    assert d["error"]["code"] == "unreadable"


# -- 3. games the file does not hold whole -----------------------------------------------------------


def test_an_mjlog_without_final_scores_or_closing_tag_is_incomplete():
    no_owari = TENHOU.replace(' owari="730,73.0,90,-21.0,90,-21.0,90,-31.0"', "")
    objs = replay_text(no_owari, "t.mjlog", "t")
    assert codes(objs) == ["win", "incomplete"] and "owari" in objs[1]["error"]["message"]
    objs = replay_text(TENHOU.replace("</mjloggm>", ""), "t.mjlog", "t")
    assert codes(objs) == ["win", "incomplete"] and "</mjloggm>" in objs[1]["error"]["message"]
    # cut inside the round: the round is not read, the record says where the log stops
    objs = replay_text(TENHOU[: TENHOU.index("<AGARI")], "t.mjlog", "t")
    assert codes(objs) == ["incomplete"] and "middle of round 0" in objs[0]["error"]["message"]


def test_a_tenhou6_game_without_its_final_scores_is_incomplete():
    data = json.loads(DOUBLE)
    del data["sc"]
    objs = replay_text(json.dumps(data, ensure_ascii=False), "d.json", "d")
    assert codes(objs) == ["win", "incomplete"] and "no final scores" in objs[1]["error"]["message"]
    data["sc"] = [25000, 0, 25000, 0, 25000, 0, 25000, 0]  # not what E1 leaves: rounds are missing
    objs = replay_text(json.dumps(data, ensure_ascii=False), "d.json", "d")
    assert codes(objs) == ["win", "incomplete"] and "missing at the end" in objs[1]["error"]["message"]


@needs_logs
@pytest.mark.parametrize("drop", [0, 3, -1])
def test_a_tenhou6_game_with_a_round_removed_is_incomplete(drop):
    path = LOGS / "tenhou6" / "2019080322gm-00a9-0000-81e85e04.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert codes(replay_text(json.dumps(data), "g.json", "g"))[-1] == "win" or "incomplete" not in codes(
        replay_text(json.dumps(data), "g.json", "g"))  # fmt: skip
    n = len(data["log"])
    del data["log"][drop]
    objs = replay_text(json.dumps(data, ensure_ascii=False), "g.json", "g")
    assert codes(objs).count("incomplete") == 1 and codes(objs)[-1] == "incomplete"
    assert len({d["round"] for d in objs if d["kind"] != "error"}) == n - 1  # the other rounds still count


def test_a_gzip_stream_cut_in_half_is_incomplete_and_exits_1(tmp_path):
    packed = gzip.compress(TENHOU.encode())
    (tmp_path / "cut.mjlog.gz").write_bytes(packed[: len(packed) // 2])
    r = run(tmp_path / "cut.mjlog.gz", "--format", "jsonl")
    objs = [json.loads(line) for line in r.output.splitlines()]
    assert r.exit_code == 1 and codes(objs)[-1] == "incomplete"
    assert "gzip stream stops before its end" in objs[-1]["error"]["message"]


def test_a_gzip_stream_cut_just_before_its_crc_is_incomplete(tmp_path):
    packed = gzip.compress(TENHOU.encode())
    (tmp_path / "cut.mjlog.gz").write_bytes(packed[:-8])  # the whole text, but no CRC and size
    r = run(tmp_path / "cut.mjlog.gz", "--format", "jsonl")
    objs = [json.loads(line) for line in r.output.splitlines()]
    assert r.exit_code == 1 and codes(objs) == ["win", "incomplete"]


def test_a_multi_member_gzip_is_read_whole(tmp_path):
    half = TENHOU.index("<AGARI")
    members = gzip.compress(TENHOU[:half].encode()) + gzip.compress(TENHOU[half:].encode())
    assert gzip.decompress(members).decode() == TENHOU  # what gzip -dc gives
    (tmp_path / "two.mjlog.gz").write_bytes(members)
    r = run(tmp_path / "two.mjlog.gz", "--format", "jsonl")
    objs = [json.loads(line) for line in r.output.splitlines()]
    assert r.exit_code == 0 and codes(objs) == ["win"] and objs[0]["agree"]


# -- 5. the summary ------------------------------------------------------------------------------------


def test_the_summary_counts_games_and_refused_files_apart(tmp_path):
    (tmp_path / "a.mjlog").write_text(TENHOU, encoding="utf-8")
    (tmp_path / "b.mjlog").write_text(TENHOU.replace("</mjloggm>", ""), encoding="utf-8")
    (tmp_path / "c.json").write_text("not a log", encoding="utf-8")
    r = run(tmp_path, "--json")
    s = json.loads(r.output)["summary"]
    assert r.exit_code == 2
    assert (s["games"], s["complete"], s["incomplete"], s["unreadable"]) == (2, 1, 1, 1)
    assert (s["round_ends"], s["rounds"], s["wins"], s["errors"]) == (2, 2, 2, 2)


def test_the_summary_line_says_one_game_one_round_end_one_error(tmp_path):
    (tmp_path / "b.mjlog").write_text(TENHOU.replace("</mjloggm>", ""), encoding="utf-8")
    r = run(tmp_path / "b.mjlog")
    last = r.output.strip().splitlines()[-1]
    assert last == "1 game (1 incomplete), 1 round end: 1 win, 0 draws; 1 agree, 0 differ, 1 error", last
    r = run(tmp_path / "b.mjlog", tmp_path / "b.mjlog", tmp_path / "none.mjlog")
    last = r.output.strip().splitlines()[-1]
    assert last.startswith("2 games (2 incomplete), 1 unreadable file, 2 round ends: 2 wins, 0 draws"), last


# -- 6. mjai -----------------------------------------------------------------------------------------

#: The example tenhou.mjlog in mjai: P0 deals 1m2m3m 4p5p6p 7s8s9s EE SS and draws East: a dealer
#: tenhou by tsumo, 16000 from each (dora indicator North: no dora in the hand).
OTHERS = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p"]
MJAI = [
    {"type": "start_game", "names": ["A", "B", "C", "D"]},
    {"type": "start_kyoku", "bakaze": "E", "dora_marker": "N", "kyoku": 1, "honba": 0, "kyotaku": 0,
     "oya": 0, "scores": [25000] * 4,
     "tehais": [["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "S", "S"],
                OTHERS, OTHERS, OTHERS]},
    {"type": "tsumo", "actor": 0, "pai": "E"},
    {"type": "hora", "actor": 0, "target": 0, "deltas": [48000, -16000, -16000, -16000], "ura_markers": []},
    {"type": "end_kyoku"},
    {"type": "end_game"},
]  # fmt: skip


def lines(events: list[dict]) -> str:
    return "".join(json.dumps(e) + "\n" for e in events)


def test_an_mjai_game_replays():
    [win] = replay_text(lines(MJAI), "g.mjson", "g")
    assert (win["kind"], win["seat"], win["from"], win["agree"]) == ("win", 0, None, True), win["differences"]
    assert win["computed"]["deltas"] == [48000, -16000, -16000, -16000]
    assert [y["id"] for y in win["score"]["yaku"]] == ["tenhou"]


def test_mjai_hora_with_its_value_is_compared_in_full():
    hora = {**MJAI[3], "fu": 0, "fan": 100, "hora_points": 48000, "yakus": [["tenho", 100]]}
    [win] = replay_text(lines([*MJAI[:3], hora, *MJAI[4:]]), "g.mjson", "g")
    assert win["agree"] and win["recorded"]["yaku"] == [{"id": "tenhou", "yakuman": 1}]
    wrong = {**hora, "hora_points": 32000}
    [win] = replay_text(lines([*MJAI[:3], wrong, *MJAI[4:]]), "g.mjson", "g")
    assert win["differences"] == ["points: recorded 32000, computed 48000"]
    bad = {**MJAI[3], "deltas": [36000, -12000, -12000, -12000]}
    [win] = replay_text(lines([*MJAI[:3], bad, *MJAI[4:]]), "g.mjson", "g")
    assert win["differences"] == [
        "deltas: recorded [36000, -12000, -12000, -12000], computed [48000, -16000, -16000, -16000]"
    ]


def test_an_mjai_game_without_end_game_is_incomplete():
    objs = replay_text(lines(MJAI[:-1]), "g.mjson", "g")
    assert codes(objs) == ["win", "incomplete"] and "end_game" in objs[1]["error"]["message"]


def test_mjai_files_are_found_by_name_and_read_from_stdin(tmp_path):
    for name in ("a.mjson", "b.jsonl", "c.json"):
        (tmp_path / name).write_text(lines(MJAI), encoding="utf-8")
    r = run(tmp_path, "--format", "jsonl")
    objs = [json.loads(line) for line in r.output.splitlines()]
    assert r.exit_code == 0 and [Path(d["source"]).name for d in objs] == ["a.mjson", "b.jsonl", "c.json"]
    r = run("-", "--format", "jsonl", stdin=lines(MJAI))
    assert r.exit_code == 0 and json.loads(r.output)["agree"]


def test_what_goes_to_the_workers_and_back_pickles():
    # the pieces of a log go to the --jobs workers and each round's summary comes back: both must
    # survive pickling, compiled or not (a compiled frozen dataclass does not unpickle)
    import pickle

    from riichi_cli.logs.replay import open_log, replay_piece, resolve_rules

    [piece] = list(open_log(TENHOU, "t").pieces)
    again = pickle.loads(pickle.dumps(piece))
    assert (again.fmt, again.first, again.last, again.payload) == ("mjlog", 0, True, piece.payload)
    _, sums = replay_piece(again, resolve_rules(), "t")
    assert pickle.loads(pickle.dumps(sums)) == sums and sums[0].after == (73000, 9000, 9000, 9000)


def test_a_piece_encoded_in_a_worker_comes_back_as_its_json_lines():
    # --format jsonl: the worker writes the JSON lines (the encoding is shared out too) and the parent
    # gets text, plus what it counts: each object's kind, agreement and error code
    import pickle

    from riichi_cli.files.logs import Encoded, jsonl
    from riichi_cli.logs.replay import open_log, replay_piece, resolve_rules

    [piece] = list(open_log(TENHOU, "t").pieces)
    objs, _ = replay_piece(piece, resolve_rules(), "t")
    bad = {
        "source": "t",
        "game": "t",
        "round": None,
        "kind": "error",
        "error": {"code": "incomplete", "message": "m"},
    }
    encoded = pickle.loads(pickle.dumps(Encoded([*objs, bad])))
    lines = jsonl(encoded).splitlines()
    assert [json.loads(x) for x in lines] == [*objs, bad] and jsonl([*objs, bad]) == jsonl(encoded)
    assert list(encoded) == [{"kind": "win", "agree": True},
                             {"kind": "error", "agree": None, "error": {"code": "incomplete"}}]  # fmt: skip
