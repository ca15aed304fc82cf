"""A newcomer's mistakes get an answer that says what to do (issue 20, points 5 and 7-11): plurals,
did-you-mean for commands, a file given as a hand, empty input, one rule for exit codes, a closed
pipe, a bad RIICHI_TILES, and honba and sticks in `waits`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from riichi_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_hands"


def run(*args: str, env: dict | None = None):
    return CliRunner().invoke(main, list(args), env={"NO_COLOR": "1", "RIICHI_TILES": "", **(env or {})})


def test_one_wait_one_tile_is_singular():
    # 123m 456p 789s 111z + 2z: a tanki on South; two South tiles seen elsewhere leave one unseen
    result = run("waits", "123m456p789s111z2z", "--visible", "2z2z")
    assert result.stdout.splitlines()[0].endswith("tenpai: 1 wait, 1 tile unseen")


def test_replay_summary_of_one_game_is_singular(tmp_path):
    logs = sorted((ROOT / "examples" / "logs").glob("*"))
    if not logs:
        pytest.skip("no example log")
    last = run("replay", str(logs[0])).stdout.splitlines()[-1]
    assert last.startswith("1 game, ") and "1 games" not in last


@pytest.mark.parametrize("typo,meant", [("scor", "score"), ("wait", "waits"), ("shantne", "shanten")])
def test_a_misspelt_command_gets_did_you_mean(typo, meant):
    result = run(typo, "1m")
    assert result.exit_code == 2
    assert f"No such command '{typo}'. Did you mean '{meant}'?" in result.stderr


@pytest.mark.parametrize("command", ["score", "waits", "shanten"])
def test_a_file_given_as_hand_points_at_the_right_command(command):
    result = run(command, "sample_hands/ittsu.yaml")
    assert result.exit_code == 2
    assert "looks like a file, not a hand" in result.stderr
    assert "riichi batch 'sample_hands/ittsu.yaml'" in result.stderr
    if command != "shanten":
        assert f"riichi {command} --context 'sample_hands/ittsu.yaml'" in result.stderr
    assert "suit letter" not in result.stderr


def test_settle_on_a_hand_file_names_score_and_batch():
    result = run("settle", str(SAMPLES / "ittsu.yaml"))
    assert result.exit_code == 2
    assert "holds a hand to score, not a round to settle" in result.stderr
    assert "riichi score --context" in result.stderr and "riichi batch" in result.stderr


def test_score_context_on_a_file_of_many_hands_names_batch():
    result = run("score", "--context", str(SAMPLES / "aka-dora.yaml"))
    assert result.exit_code == 2
    assert "found 2 hands; riichi batch" in result.stderr


@pytest.mark.parametrize("command", ["batch", "replay"])
def test_nothing_found_is_exit_2(tmp_path, command):
    result = run(command, str(tmp_path))
    assert result.exit_code == 2
    assert "no hands found" in result.stderr or "no game log found" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("batch", "/nonexistent/hands.yaml"),
        ("settle", "/nonexistent/round.yaml"),
        ("score", "--context", "/nonexistent/hand.yaml"),
        ("waits", "--context", "/nonexistent/hand.yaml"),
        ("replay", "/nonexistent/game.mjlog"),
    ],
)
def test_an_unreadable_file_is_exit_2_in_every_command(args):
    assert run(*args).exit_code == 2


def test_a_batch_with_one_unreadable_file_among_good_ones_is_exit_2(tmp_path):
    assert run("batch", str(SAMPLES / "ittsu.yaml"), str(tmp_path / "missing.yaml")).exit_code == 2


@pytest.mark.parametrize("args", [("table",), ("batch", "sample_hands/*.yaml"), ("rules", "tenhou")])
def test_a_closed_pipe_is_not_an_error(args):
    # `| true` closes the pipe before riichi writes: every write meets a closed pipe
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = f"{sys.executable} -m riichi_cli {' '.join(args)} | true; echo ${{PIPESTATUS[0]}}"
    proc = subprocess.run(["bash", "-c", cmd], capture_output=True, env=env, cwd=ROOT, timeout=120)
    assert proc.stdout.decode().strip() == "0", proc.stderr
    assert proc.stderr == b""


def test_a_bogus_tile_style_is_warned_about():
    result = run("score", "234567m2278p456s9p", env={"RIICHI_TILES": "bogus"})
    assert result.exit_code == 0
    assert "RIICHI_TILES='bogus' is not text or unicode" in result.stderr
    assert result.stderr.count("RIICHI_TILES") == 1


def test_waits_with_honba_and_sticks_show_what_the_winner_collects():
    # 23456m 789p 456s 11s: ryanmen/nobetan on 1m-4m-7m; ron on 1m: pinfu 1 han 30 fu = 1000;
    # 2 honba = 600, 1 stick = 1000: 2600 in all. Tsumo: pinfu + menzen tsumo 2 han 20 fu
    # 400/700 = 1500, with 600 + 1000 = 3100.
    result = run("waits", "23456m789p11s456s", "--honba", "2", "--sticks", "1")
    lines = [" ".join(line.split()) for line in result.stdout.splitlines()]
    assert "1m 4 1000 1h30fu +1600 = 2600 Pinfu 400/700 2h20fu +1600 = 3100 Menzen tsumo, Pinfu" in lines
    assert "Each win also collects 600 honba + 1000 riichi sticks: the totals after = include them." in lines
