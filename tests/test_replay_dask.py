"""`--scheduler ADDRESS`: `batch` and `replay` on a Dask distributed cluster give the same output,
in input order, as one local process. The test starts its own LocalCluster of two worker processes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from riichi_cli.cli import main

distributed = pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed")

ROOT = Path(__file__).resolve().parents[1]
LOGS = ROOT.parent / "shared" / "logs"


@pytest.fixture(scope="module")
def scheduler():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def run(args):
    return CliRunner().invoke(main, args)


@pytest.mark.skipif(not LOGS.is_dir(), reason=f"the shared game logs are not at {LOGS}")
def test_replay_on_a_cluster_matches_local(scheduler):
    args = ["replay", str(LOGS / "mjlog"), str(LOGS / "tenhou6"), "--format", "jsonl"]
    local, remote = run(args), run([*args, "--scheduler", scheduler])
    assert remote.output == local.output and remote.exit_code == local.exit_code
    assert len(remote.output.splitlines()) > 400


def test_batch_on_a_cluster_matches_local(scheduler, tmp_path):
    hands = [{"hand": "234567m2278p456s9p", "id": i, "dora": ["1p"]} for i in range(30)]
    hands[7] = {"hand": "123m", "id": 7}  # one refusal keeps its place
    path = tmp_path / "hands.yaml"
    path.write_text(json.dumps(hands))  # JSON is YAML
    local = run(["batch", str(path), "--format", "jsonl"])
    remote = run(["batch", str(path), "--format", "jsonl", "--scheduler", scheduler])
    assert remote.output == local.output and remote.exit_code == local.exit_code == 1
    assert [json.loads(x)["id"] for x in remote.output.splitlines()] == list(range(30))


def test_an_unreachable_scheduler_is_a_usage_error():
    r = run(["replay", str(ROOT / "README.md"), "--scheduler", "tcp://127.0.0.1:9"])
    assert r.exit_code == 2
