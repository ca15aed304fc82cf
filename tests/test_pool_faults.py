"""Issue 23, points 4 and 5: `--jobs` never hangs. A worker killed (kill -9, or by the kernel for
memory) ends the run with one line and exit 70, what was printed staying; Ctrl-C while the workers
push large results ends the run with 130, every time, and leaves no worker behind.

Before issue 23 (multiprocessing.Pool) a killed worker hung the parent for good (4 of 4 in the
issue, 2 of 2 and 3 of 3 here), and Ctrl-C hung 2 of about 324 runs.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from test_batch_robust import gone

import riichi_cli
from riichi_cli.files.pool import WorkerLost, pool_map

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
GOOD = "234567m2278p456s9p"


def children(pid: int) -> list[int]:
    return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def start(args: list[str], stdin: bytes | None = None) -> subprocess.Popen:
    # Unbuffered: communicate() reads the pipe itself and would drop what readline() buffered.
    return subprocess.Popen([sys.executable, "-m", "riichi_cli", *args], env=ENV, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True, bufsize=0)  # fmt: skip


def finish(p: subprocess.Popen, what: str) -> tuple[bytes, str]:
    try:
        out, err = p.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        raise AssertionError(f"hang after {what}") from None
    return out, err.decode()


@pytest.fixture(scope="module")
def many(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("many") / "hands.jsonl"
    path.write_text((json.dumps({"hand": GOOD}) + "\n") * 60_000)
    return path


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs /proc to find the workers")
@pytest.mark.parametrize("fmt", ["jsonl", "json"])
def test_a_killed_worker_ends_the_run_with_70(many, fmt):
    for _ in range(3):  # each kill lands at another point of the run
        p = start(["batch", str(many), "--jobs", "2", "--format", fmt])
        first = p.stdout.read(1)  # the workers are at work
        assert first
        os.kill(children(p.pid)[0], signal.SIGKILL)
        out, err = finish(p, "a worker was killed")
        assert p.returncode == 70, err
        assert err.count("\n") == 1 and "worker process was lost" in err and "Traceback" not in err
        if fmt == "jsonl":
            lines = (first + out).splitlines()
            assert all(json.loads(line)["ok"] for line in lines)  # what was printed: whole records
        for _ in range(100):
            if gone(p.pid):
                break
            time.sleep(0.05)
        assert gone(p.pid), "orphan workers"


LOGS = ROOT.parent / "shared" / "logs"


@pytest.mark.skipif(not LOGS.is_dir(), reason=f"the shared game logs are not at {LOGS}")
def test_a_killed_worker_ends_a_replay_too():
    p = start(["replay", str(LOGS), str(LOGS), "--jobs", "2", "--format", "jsonl"])
    assert p.stdout.read(1)
    os.kill(children(p.pid)[0], signal.SIGKILL)
    out, err = finish(p, "a replay worker was killed")
    assert p.returncode == 70 and "worker process was lost" in err and err.count("\n") == 1


def new_children(before: set) -> list:
    """The live child processes started since ``before`` was taken: a whole-suite run may still hold
    children of earlier tests (a Dask LocalCluster's processes shutting down)."""
    return [child for child in multiprocessing.active_children() if child not in before]


def _echo(item):
    return item


def test_the_api_raises_worker_lost_instead_of_hanging():
    def endless():
        while True:
            yield {"hand": GOOD}

    before = set(multiprocessing.active_children())
    stream = riichi_cli.score_many(endless(), jobs=2)
    assert next(stream)["ok"]
    os.kill(new_children(before)[0].pid, signal.SIGKILL)
    done = threading.Event()
    with pytest.raises(WorkerLost):
        timer = threading.Timer(30, lambda: done.is_set() or os.kill(os.getpid(), signal.SIGINT))
        timer.start()
        for _ in stream:
            pass
    done.set()
    timer.cancel()
    stream.close()
    assert not new_children(before)


def _fail(item):
    raise ValueError(f"bad {item}")


def test_an_error_in_a_worker_is_raised_in_the_parent():
    before = set(multiprocessing.active_children())
    with pytest.raises(ValueError, match="bad 3"):
        for _ in pool_map(_fail, [3, 4], 2):
            pass
    assert not new_children(before)
    assert list(pool_map(_echo, range(100), 2, window=3)) == list(range(100))


def _fail_odd_late(item):
    # Item 1 fails last (after item 3 failed): the error raised must still be item 1's, as map's.
    if item % 2:
        time.sleep(0.3 if item == 1 else 0)
        raise ValueError(f"bad {item}")
    return item


def test_errors_are_raised_in_input_order_after_the_results_before_them():
    got = []
    with pytest.raises(ValueError, match="bad 1"):
        for value in pool_map(_fail_odd_late, range(6), 2):
            got.append(value)
    assert got == [0]


@pytest.fixture(scope="module")
def big_results(tmp_path_factory) -> Path:
    # Each hand echoes a 16 KB id: every result (256 hands) is far larger than a pipe (the issue's
    # race needed a worker blocked writing a large result into a full pipe when Ctrl-C came). 4,000 of
    # them: since the batch writes its JSON text straight from the results, 1,000 were done before some
    # of the Ctrl-C points (exit 0, not 130).
    path = tmp_path_factory.mktemp("big") / "ids.jsonl"
    path.write_text((json.dumps({"hand": GOOD, "id": "x" * 16_000}) + "\n") * 4000)
    return path


def _read_slowly(pipe) -> None:
    # At most a pipe's worth (64 KB) a millisecond: the 64 MB of results take over a second to
    # read, so the batch is still running at every Ctrl-C point (a fast machine, or a scheduler
    # that lets the batch run on while the test waits, finished it before the later points: exit 0).
    while pipe.read(65536):
        time.sleep(0.001)


def test_ctrl_c_while_workers_push_large_results_never_hangs(big_results):
    for i in range(6):  # at 6 points of the run; half of them with the parent's stdout not read
        p = start(["batch", str(big_results), "--jobs", "2", "--format", "jsonl"])
        assert p.stdout.read(1)
        reader = threading.Thread(target=_read_slowly, args=(p.stdout,), daemon=True)
        if i % 2:
            reader.start()
        time.sleep(0.1 * i)
        os.killpg(p.pid, signal.SIGINT)
        if not i % 2:
            reader.start()
        _assert_ctrl_c_ends_it(p, i)


def _assert_ctrl_c_ends_it(p: subprocess.Popen, run: int) -> None:
    """After Ctrl-C: the run ends (no hang) with 130, no traceback, and no worker left behind."""
    try:
        p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        raise AssertionError(f"hang after Ctrl-C (run {run})") from None
    err = p.stderr.read()
    assert p.returncode == 130 and b"Traceback" not in err and b"KeyboardInterrupt" not in err
    for _ in range(100):
        if gone(p.pid):
            break
        time.sleep(0.05)
    assert gone(p.pid), "orphan workers"


# Issue 19 point 8: with ``share`` the parent is one of the jobs (``riichi replay --jobs 2`` is the
# parent and one worker), with every guarantee of the pool above.


def _pid_of(item):
    time.sleep(0.002)  # long enough that the parent finds the worker busy
    return item, os.getpid()


def test_with_share_the_parent_works_items_too_and_the_order_is_kept():
    before = set(multiprocessing.active_children())
    got = list(pool_map(_pid_of, range(60), 2, share=True))
    assert [item for item, _ in got] == list(range(60))
    pids = {pid for _, pid in got}
    assert os.getpid() in pids and len(pids) == 2  # the parent and one worker
    assert not new_children(before)
    assert list(pool_map(_echo, range(100), 3, window=3, share=True)) == list(range(100))


def _fail_here(item):
    # Fails only in the parent: a held error must wait for its turn there too.
    if item % 2 and os.getpid() == PARENT:
        raise ValueError(f"bad {item}")
    time.sleep(0.002)
    return item


PARENT = os.getpid()


def test_with_share_errors_are_raised_in_input_order_after_the_results_before_them():
    got = []
    with pytest.raises(ValueError, match="bad 1"):
        for value in pool_map(_fail_odd_late, range(6), 2, share=True):
            got.append(value)
    assert got == [0]
    got = []
    with pytest.raises(ValueError, match=r"bad \d+") as raised:
        for value in pool_map(_fail_here, range(40), 2, share=True):
            got.append(value)
    first = int(str(raised.value).split()[1])
    assert got == list(range(first))  # every result before the failed item, nothing after it


def test_with_share_a_killed_worker_raises_worker_lost():
    before = set(multiprocessing.active_children())
    stream = pool_map(_pid_of, iter(range(10**6)), 2, share=True)
    assert next(stream)
    os.kill(new_children(before)[0].pid, signal.SIGKILL)
    with pytest.raises(WorkerLost):
        for _ in stream:
            pass
    assert not new_children(before)


@pytest.mark.skipif(not LOGS.is_dir(), reason=f"the shared game logs are not at {LOGS}")
def test_ctrl_c_during_a_replay_with_jobs_2_exits_130_and_leaves_no_worker():
    for i in range(3):  # the parent replays pieces too: Ctrl-C may land in its own work
        p = start(["replay", *[str(LOGS)] * 10, "--jobs", "2", "--format", "jsonl"])
        assert p.stdout.read(1)  # past the imports (Ctrl-C during them is Python's own exit): at work
        reader = threading.Thread(target=_read_slowly, args=(p.stdout,), daemon=True)
        reader.start()
        time.sleep(0.05 * i)
        os.killpg(p.pid, signal.SIGINT)
        _assert_ctrl_c_ends_it(p, i)
