"""Issue 23, point 6: `--scheduler` never hangs, never floods memory and never prints a Dask traceback.

Bad addresses are usage errors (exit 2); a silent port or one announcing a huge message is refused
within the connect deadline; no worker, or a scheduler killed mid-run, ends the run with one line and
exit 70, keeping what was printed; input is streamed to the cluster in bounded pieces.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from riichi_cli.cli import main
from riichi_cli.files import cluster

distributed = pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed")

ROOT = Path(__file__).resolve().parents[1]
GOOD = '{"hand": "234567m2278p456s9p"}\n'
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def run(args, input=None):
    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2 mixes stderr in by default
    except TypeError:
        runner = CliRunner()
    return runner.invoke(main, args, input=input)


@pytest.mark.parametrize("address", ["foo", "http://127.0.0.1:8786", "tls://127.0.0.1:9", "tcp://127.0.0.1:9",
                                     "tcp://[::1", "127.0.0.1:99999", "ws//x"])  # fmt: skip
@pytest.mark.parametrize("command", ["batch", "replay"])
def test_bad_addresses_are_usage_errors(address, command):
    r = run([command, "-", "--scheduler", address], input=GOOD)
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("riichi: ") and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


class FakeServer:
    """A port that accepts and says nothing, or announces ``announce`` bytes and sends a few."""

    def __init__(self, announce: int | None):
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.address = f"tcp://127.0.0.1:{self.sock.getsockname()[1]}"
        self.held: list[socket.socket] = []
        self.announce = announce
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.held.append(conn)
            if self.announce is not None:
                conn.sendall(struct.pack("Q", self.announce) + b"\0" * 1000)

    def close(self):
        self.sock.close()
        for c in self.held:
            c.close()


def test_a_silent_port_is_refused_within_the_deadline(monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)
    server = FakeServer(None)
    try:
        start = time.monotonic()
        r = run(["batch", "-", "--scheduler", server.address], input=GOOD)
        assert r.exit_code == 2 and "did not answer" in r.stderr
        assert time.monotonic() - start < 10  # before issue 23: over 100 s
    finally:
        server.close()


def test_a_huge_announced_frame_is_refused_without_allocating_it():
    server = FakeServer(2**31)
    try:
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        r = run(["batch", "-", "--scheduler", server.address], input=GOOD)
        grown_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
        assert r.exit_code == 2 and "not a Dask scheduler" in r.stderr
        assert grown_kb < 300_000  # before issue 23: 2.1 GB
    finally:
        server.close()


def test_no_worker_ends_the_run_instead_of_hanging(monkeypatch):
    monkeypatch.setattr(cluster, "NO_WORKER_SECONDS", 1.0)
    with distributed.LocalCluster(n_workers=0, dashboard_address=None) as empty:
        start = time.monotonic()
        r = run(["batch", "-", "--scheduler", empty.scheduler_address, "--format", "jsonl"], input=GOOD)
        assert r.exit_code == 70 and "no Dask worker" in r.stderr and r.stderr.count("\n") == 1
        assert time.monotonic() - start < 30


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", *args], env=ENV, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)  # fmt: skip


def wait_for_port(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("the scheduler did not start")


def test_killed_scheduler_ends_the_run_in_one_line_and_keeps_the_output(tmp_path):
    # Once: the loss is not a race (any kill after the first result is the same case).
    lines = tmp_path / "many.jsonl"
    lines.write_text(GOOD * 60_000)
    port = free_port()
    scheduler = start("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port),
                      "--no-dashboard")  # fmt: skip
    worker = None
    try:
        wait_for_port(port)
        address = f"tcp://127.0.0.1:{port}"
        worker = start("distributed.cli.dask_worker", address, "--nthreads", "1", "--no-nanny",
                       "--no-dashboard")  # fmt: skip
        cmd = [sys.executable, "-m", "riichi_cli", "batch", str(lines), "--format", "jsonl", "--scheduler"]
        cmd.append(address)
        # Unbuffered: communicate() reads the pipe itself and would drop what readline() buffered.
        p = subprocess.Popen(cmd, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
        first = p.stdout.readline()  # the cluster is at work
        assert json.loads(first)["ok"]
        os.killpg(scheduler.pid, signal.SIGKILL)
        try:
            out, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            raise AssertionError("hang after the scheduler was killed") from None
        assert p.returncode == 70, err
        assert err.decode().count("\n") == 1 and b"Traceback" not in err and b"lost the Dask" in err
        kept = out.splitlines()
        bad = [x[:80] for x in kept if not x.startswith(b"{") or not x.endswith(b"}")]
        assert not bad, bad  # what was printed are whole records
    finally:
        for proc in (scheduler, worker):
            if proc is not None and proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


@pytest.fixture(scope="module")
def scheduler():
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as one:  # fmt: skip
        yield one.scheduler_address


def test_endless_stdin_is_streamed_to_the_cluster(scheduler):
    # Before issue 23 the whole input was read and shipped first: nothing was printed in 40 s.
    p = subprocess.Popen([sys.executable, "-m", "riichi_cli", "batch", "-", "--scheduler", scheduler,
                          "--format", "jsonl"], env=ENV, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL)  # fmt: skip
    stop = threading.Event()

    def feed():
        try:
            while not stop.is_set():
                p.stdin.write(GOOD.encode() * 1000)
        except (BrokenPipeError, ValueError, OSError):
            pass

    threading.Thread(target=feed, daemon=True).start()
    try:
        got = []
        timer = threading.Timer(60, p.kill)
        timer.start()
        for _ in range(1000):
            got.append(p.stdout.readline())
        timer.cancel()
        assert all(json.loads(x)["ok"] for x in got)
        rss_kb = int(Path(f"/proc/{p.pid}/status").read_text().split("VmRSS:")[1].split()[0])
        assert rss_kb < 300_000
    finally:
        stop.set()
        p.kill()
        p.wait()
