"""`riichi convert`: games written in another format. Tenhou's own tenhou6 export of six games (in
../shared/logs/tenhou6, read in place) is the expectation for their mjlog; every game of the shared logs
goes mjlog -> tenhou6 -> mjai and replays with the results of the original."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_replay_sanma import across_mjlog, sanma_mjlog, sanma_tenhou6

from riichi_cli.cli import main
from riichi_cli.files.convert import convert_text
from riichi_cli.logs.replay import replay_text

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "logs"
LOGS = ROOT.parent / "shared" / "logs"
needs_logs = pytest.mark.skipif(not LOGS.is_dir(), reason=f"the shared game logs are not at {LOGS}")
TWINS = sorted((LOGS / "tenhou6").glob("*.json")) if LOGS.is_dir() else []


def results(text: str) -> list[dict]:
    """What a replay says of each round end, and that the game is whole or not (each format gives its
    own reason), whatever the format."""
    keys = ("round", "kyoku", "honba", "kind", "seat", "from", "computed", "agree", "differences")
    return [
        {k: d.get(k) for k in keys} if d["kind"] != "error" else d["error"]["code"] for d in replay_text(text)
    ]


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@needs_logs
@pytest.mark.parametrize("twin", TWINS, ids=lambda p: p.stem)
def test_mjlog_to_tenhou6_equals_tenhous_own_export_field_by_field(twin):
    mjlog = read(LOGS / "mjlog" / (twin.stem + ".xml"))
    out, lost, why = convert_text(mjlog, "tenhou6", twin.stem)
    mine, tenhou = json.loads(out), json.loads(read(twin))
    assert (lost, why) == ([], None)
    assert list(mine) == list(tenhou)  # the same fields, in the same order
    for key in tenhou:
        if key != "log":
            assert mine[key] == tenhou[key], key
    assert len(mine["log"]) == len(tenhou["log"])
    for i, (a, b) in enumerate(zip(mine["log"], tenhou["log"])):
        for j, (x, y) in enumerate(zip(a, b)):
            assert x == y, f"round {i}, entry {j}"


@needs_logs
@pytest.mark.parametrize(
    "path", sorted((LOGS / "mjlog").glob("*")) if LOGS.is_dir() else [], ids=lambda p: p.name
)
def test_every_mjlog_game_replays_the_same_through_tenhou6_and_mjai(path):
    original = read(path)
    tenhou6, _, _ = convert_text(original, "tenhou6", path.stem)
    mjai, _, _ = convert_text(tenhou6, "mjai", path.stem)
    direct, _, _ = convert_text(original, "mjai", path.stem)
    expected = results(original)
    assert results(tenhou6) == expected
    assert results(mjai) == expected
    assert results(direct) == expected


@needs_logs
def test_tenhou6_games_and_fixtures_replay_the_same_through_mjai():
    for path in sorted((LOGS / "tenhou6").rglob("*.json")):
        mjai, _, _ = convert_text(read(path), "mjai", path.stem)
        back, _, _ = convert_text(mjai, "tenhou6", path.stem)
        assert results(mjai) == results(read(path)), path.name
        # mjai holds no final scores: back in tenhou6 a whole game reads as not whole, the rounds the same
        expected = results(read(path))
        assert results(back)[: len(expected)] == expected, path.name
        assert results(back)[len(expected) :] in ([], ["incomplete"])


@pytest.mark.parametrize("make", [sanma_mjlog, sanma_tenhou6, across_mjlog])
def test_three_player_games_convert_both_ways(make):
    text = make()
    tenhou6, _, _ = convert_text(text, "tenhou6")
    mjai, _, _ = convert_text(text, "mjai")
    assert results(tenhou6) == results(text) == results(mjai)
    assert all(d.get("agree") for d in results(text))


def test_a_pon_from_across_at_three_seats_is_written_the_tenhou_way():
    # West (P2) pons East's (P0) White: Tenhou counts on the four-seat cycle, "from across"
    data = json.loads(convert_text(across_mjlog(), "tenhou6")[0])
    assert data["log"][0][11] == ["45p4545"] and data["rule"]["disp"][0] == "三"


def test_the_example_tenhou_in_mjai():
    out, lost, why = convert_text(read(EXAMPLES / "tenhou.mjlog"), "mjai", "tenhou")
    events = [json.loads(line) for line in out.splitlines()]
    assert [e["type"] for e in events] == [
        "start_game",
        "start_kyoku",
        "tsumo",
        "hora",
        "end_kyoku",
        "end_game",
    ]
    assert events[1]["tehais"][0] == [
        "1m",
        "2m",
        "3m",
        "4p",
        "5p",
        "6p",
        "7s",
        "8s",
        "9s",
        "E",
        "E",
        "S",
        "S",
    ]
    hora = events[3]
    assert (hora["actor"], hora["target"], hora["deltas"]) == (0, 0, [48000, -16000, -16000, -16000])
    assert (hora["fan"], hora["yakus"], hora["hora_points"]) == (100, [["tenho", 100]], 48000)
    assert why is None and any("lobby" in x for x in lost)


def run(*args):
    return CliRunner().invoke(main, ["convert", *map(str, args)])


def test_the_command_writes_one_game_to_stdout_and_says_what_is_lost():
    r = run(EXAMPLES / "tenhou.mjlog", "--to", "mjai")
    assert r.exit_code == 0
    assert json.loads(r.stdout.splitlines()[0]) == {"type": "start_game", "names": ["", "", "", ""]}
    assert "mjai cannot hold the lobby" in r.stderr


def test_the_command_writes_a_file_a_game_under_a_folder(tmp_path):
    r = run(EXAMPLES, "--to", "tenhou6")
    assert r.exit_code == 2 and "give -o DIR" in r.output
    r = run(EXAMPLES, "--to", "tenhou6", "-o", tmp_path / "out")
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["double-riichi.json", "tenhou.json"]
    for name in ("double-riichi", "tenhou"):
        assert all(d.get("agree") for d in results(read(tmp_path / "out" / f"{name}.json")))


def test_an_incomplete_game_converts_as_far_as_it_goes_and_exits_1(tmp_path):
    cut = read(EXAMPLES / "tenhou.mjlog").replace("</mjloggm>", "")
    (tmp_path / "cut.mjlog").write_text(cut, encoding="utf-8")
    r = run(tmp_path / "cut.mjlog", "--to", "mjai")
    assert r.exit_code == 1 and "incomplete" in r.stderr
    assert '"end_game"' not in r.stdout  # the mjai game is not closed either
    assert results(r.stdout)[-1] == "incomplete"


def test_an_unreadable_file_exits_2(tmp_path):
    (tmp_path / "x.json").write_text("nonsense", encoding="utf-8")
    r = run(tmp_path / "x.json", "--to", "tenhou6")
    assert r.exit_code == 2 and "unreadable" in r.stderr
