"""Issue 22: `batch --jobs N` on files shares the work out between this process and forked children
(files/forked.py, files/shares.py). Whatever the input, N jobs write the bytes one job writes, in
every format and to any output; a child that dies is one clear error, never a hang, lost hands or a
process left behind.
"""

from __future__ import annotations

import io
import json
import os
import signal
import sys
from pathlib import Path

import pytest
from test_batch_robust import GOOD, riichi

from riichi_cli.core.rules import resolve_rules
from riichi_cli.files import batch, forked, piece_records, shares
from riichi_cli.files.pool import WorkerLost

pytestmark = pytest.mark.skipif(not forked.can_fork(), reason="no fork on this system")


@pytest.fixture(autouse=True)
def forked_pids(monkeypatch) -> list[int]:
    """The pids of the children forked by each test."""
    pids: list[int] = []
    real = forked._Child.__init__

    def init(self, *args, **kwargs):
        real(self, *args, **kwargs)
        pids.append(self.pid)

    monkeypatch.setattr(forked._Child, "__init__", init)
    return pids


def _reaped(pids: list[int]) -> bool:
    """Whether every child is gone and reaped (none left running or a zombie)."""
    for pid in pids:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            continue
        return False
    return bool(pids)


# -- forked_map -----------------------------------------------------------------------------------


def _square(x: int) -> int:
    return x * x


def test_every_share_comes_back_in_order(forked_pids):
    split = [[1, 2], [3], [4, 5, 6], [7]]
    assert list(forked.forked_map(_square, split)) == [x * x for x in range(1, 8)]
    assert len(forked_pids) == 3 and _reaped(forked_pids)


def _fail_on_5(x: int) -> int:
    if x == 5:
        raise ValueError("bad 5")
    return x


def test_an_error_in_a_child_comes_after_the_results_before_it(forked_pids):
    got = []
    with pytest.raises(ValueError, match="bad 5"):
        for value in forked.forked_map(_fail_on_5, [[1, 2], [3, 4, 5, 6], [7]]):
            got.append(value)
    assert got == [1, 2, 3, 4] and _reaped(forked_pids)


def _die_on_4(x: int) -> int:
    if x == 4:
        os.kill(os.getpid(), signal.SIGKILL)
    return x


def test_a_killed_child_is_worker_lost_after_the_results_before_its_share(forked_pids):
    got = []
    with pytest.raises(WorkerLost, match="killed by signal 9"):
        for value in forked.forked_map(_die_on_4, [[1, 2], [3, 4], [5]]):
            got.append(value)
    assert got == [1, 2] and _reaped(forked_pids)


def _slow(x: int) -> int:
    if x > 1:
        signal.pause()  # a child that would never end by itself
    return x


def test_closing_early_ends_the_children(forked_pids):
    work = forked.forked_map(_slow, [[1], [2], [3]])
    assert next(work) == 1
    work.close()
    assert _reaped(forked_pids)


def _spill_twice(x: int) -> tuple[int, int]:
    return forked.spill(b"<%d>" % x)


@pytest.mark.skipif(not forked.can_spool(), reason="no memfd here")
def test_a_child_spool_is_copied_out_in_place(tmp_path):
    got = list(forked.forked_map(_square, [[1], [2, 3]], _spill_twice, lambda sent, spool: (sent, spool)))
    assert got[0] == 1 and len(got) == 3
    out = tmp_path / "out"
    with open(out, "wb") as f:
        for (start, length), spool in got[1:]:
            forked.copy_out(spool, start, length, f.fileno())
    assert out.read_bytes() == b"<2><3>"
    with open(out, "ab") as f:  # a file opened to append: sendfile refuses it on some kernels
        forked.copy_out(got[1][1], got[1][0][0], got[1][0][1], f.fileno())
    assert out.read_bytes() == b"<2><3><2>"


# -- shares ---------------------------------------------------------------------------------------


def _lines(where: str, index: int, count: int) -> tuple:
    return ("lines", where, where, index, [(index + i + 1, b"{}\n") for i in range(count)])


@pytest.mark.parametrize("jobs", [2, 3, 5])
def test_shares_are_contiguous_whole_and_even(jobs):
    units = [_lines("a", 0, 700), ("failed", "b#0", None), _lines("c", 0, 300), _lines("c", 300, 1000)]
    weighed = [(u, shares.weight(u)) for u in units]
    got = shares.split(weighed, jobs)
    assert len(got) == jobs
    flat = [u for share in got for u in share]
    # the lines of each input in order, numbered as before, none lost or doubled
    for where in "ac":
        numbered = [pair for u in flat if u[0] == "lines" and u[1] == where for pair in u[4]]
        assert numbered == [pair for u in units if u[0] == "lines" and u[1] == where for pair in u[4]]
        starts = [u[3] for u in flat if u[0] == "lines" and u[1] == where]
        sizes = [len(u[4]) for u in flat if u[0] == "lines" and u[1] == where]
        assert starts == [sum(sizes[:k]) for k in range(len(sizes))]
    assert [u for u in flat if u[0] == "failed"] == [units[1]]
    sizes = [sum(shares.weight(u) for u in share) for share in got]
    assert max(sizes) - min(sizes) <= 0.1 * 2001 / jobs + 2


def test_few_hands_are_worked_out_here_alone():
    units = [_lines("a", 0, shares.MIN_SHARE * 2 - 1)]
    assert len(shares.split([(u, shares.weight(u)) for u in units], 4)) == 1


# -- batch: the same records, the same bytes --------------------------------------------------------


def _hostile_lines() -> bytes:
    good = (json.dumps({"hand": GOOD, "id": "x"}) + "\n").encode()
    odd = [
        b"\xef\xbb\xbf" + good,  # a BOM, not on the first line
        b"\n",
        b"   \r\n",
        b'{"hand": "1m"}\r\n',
        b"\xff\xfe not UTF-8\n",
        b'{"hand": "' + GOOD.encode() + b'", "id": "\\ud800"}\n',
        b'{"hand": "' + GOOD.encode() + b'", "id": "\xc3\xa9"}\n',
        b'{"hand": "' + GOOD.encode() + b'", "honba": ' + b"9" * 4500 + b"}\n",
        b"[1, 2]\n",
        b"not json\n",
        b'{"hand": "' + b"1" * 70_000 + b'"}\n',  # longer than a JSON line may be
        b'{"hand": {"deep": ' * 50 + b"1" + b"}" * 50 + b"\n",
    ]
    return b"".join(good * 97 + odd[i % len(odd)] for i in range(24)) + good.rstrip(b"\n")


def _yaml(n: int, alias: bool = False) -> str:
    items = [f"- hand: {GOOD if i % 3 else '1m'}\n  id: {i}\n  # {'x' * 100}\n" for i in range(n)]
    if alias:
        items[0] = f"- hand: &h {GOOD}\n  id: 0\n"
        items[-1] = "- hand: *h\n"
    return "defaults:\n  win: ron\nhands:\n" + "".join(items)


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("forked")
    (d / "hostile.jsonl").write_bytes(_hostile_lines())
    (d / "sniffed.txt").write_bytes(_hostile_lines()[:200_000].replace(b"\n", b"\r\n"))
    (d / "cut.yaml").write_text(_yaml(2500))  # over 256 KiB: cut into runs
    (d / "alias.yaml").write_text(_yaml(2500, alias=True))  # runs that do not read alone
    (d / "small.yaml").write_text(_yaml(40))
    (d / "mid.jsonl").write_bytes(_hostile_lines()[:150_000])
    (d / "broken.yml").write_text(_yaml(20) + "- hand: [1m\n")
    (d / "folder").mkdir()
    (d / "folder" / "a.jsonl").write_bytes(_hostile_lines()[:100_000])
    (d / "folder" / "b.yaml").write_text(_yaml(300))
    return d


def _records(paths: list[str], jobs: int, render=None) -> list:
    got = batch.results(paths, jobs, resolve_rules(), lambda: io.BytesIO(), None, render)
    return [rec for group in got for rec in (group if isinstance(group, list) else [group])]


@pytest.mark.parametrize("spool", [True, False])
def test_forked_records_are_those_of_one_job(inputs, monkeypatch, spool, forked_pids):
    monkeypatch.setattr(shares, "MIN_SHARE", 1)
    if not spool:
        monkeypatch.setattr(forked, "can_spool", lambda: False)
    paths = [str(inputs / n) for n in ("hostile.jsonl", "alias.yaml", "small.yaml", "folder", "cut.yaml")]
    one = _records(paths, 1)
    assert len(one) > 8000
    for jobs in (2, 7) if spool else (3,):
        assert _records(paths, jobs) == one
    assert _reaped(forked_pids)


@pytest.mark.parametrize("bound", ["ROUND_HANDS", "ROUND_BYTES"])
def test_a_round_at_a_time(inputs, monkeypatch, bound):
    monkeypatch.setattr(shares, bound, 700 if bound == "ROUND_HANDS" else 100_000)
    paths = [str(inputs / "hostile.jsonl"), str(inputs / "cut.yaml")]
    assert _records(paths, 3) == _records(paths, 1)


def _rendered(records: list) -> bytes:
    return "".join(text + "\n" for text, _, _ in records).encode()


def _spool_refused():
    raise OSError(24, "Too many open files")


def test_without_a_spool_the_records_travel(inputs, monkeypatch):
    paths = [str(inputs / "hostile.jsonl"), str(inputs / "alias.yaml"), str(inputs / "cut.yaml")]
    one = _records(paths, 1)
    if forked.can_spool():
        spooled = batch.results(paths, 2, resolve_rules(), lambda: io.BytesIO(), None, _rendered)
        groups = list(spooled)
        assert any(isinstance(g, piece_records.Spooled) for g in groups)
        assert sum(len(g) for g in groups) == len(one)
    monkeypatch.setattr(forked, "Spool", _spool_refused)
    assert _records(paths, 2, _rendered) == one


CASES = [
    ["hostile.jsonl"],
    ["sniffed.txt", "broken.yml"],
    ["cut.yaml"],
    ["alias.yaml", "small.yaml"],
    ["folder", "hostile.jsonl", "cut.yaml", "missing.jsonl"],
]


@pytest.mark.parametrize("names", CASES, ids=lambda names: "+".join(names))
@pytest.mark.parametrize("fmt", ["jsonl", "json"])
def test_the_cli_writes_the_bytes_of_one_job(inputs, names, fmt):
    args = ["batch", *(str(inputs / n) for n in names), "--format", fmt]
    one = riichi(*args, "--jobs", "1")
    assert one[1]
    for jobs in ("2", "3") if fmt == "jsonl" else ("2",):
        assert riichi(*args, "--jobs", jobs) == one


def test_the_table_is_that_of_one_job(inputs):
    args = ["batch", str(inputs / "mid.jsonl"), str(inputs / "broken.yml"), str(inputs / "small.yaml")]
    one = riichi(*args)
    assert one[1].count(b"\n") > 600 and riichi(*args, "--jobs", "2") == one


@pytest.mark.parametrize("env", [{}, {"PYTHONIOENCODING": "ascii"}, {"PYTHONIOENCODING": "utf-16"},
                                 {"LC_ALL": "C", "PYTHONIOENCODING": ""}])  # fmt: skip
def test_any_output_encoding_gets_the_bytes_of_one_job(inputs, env):
    args = ["batch", str(inputs / "hostile.jsonl"), str(inputs / "cut.yaml"), "--format", "jsonl"]
    assert riichi(*args, "--jobs", "2", env=env) == riichi(*args, env=env)


@pytest.mark.parametrize("mode", ["w", "a"])
def test_a_file_as_output_gets_the_bytes_of_one_job(inputs, tmp_path, mode):
    import subprocess

    paths = [str(inputs / "hostile.jsonl"), str(inputs / "cut.yaml")]
    args = [sys.executable, "-m", "riichi_cli", "batch", *paths]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}"
        out.write_bytes(b"before\n")
        with open(out, mode + "b") as f:
            subprocess.run([*args, "--format", "jsonl", "--jobs", jobs], stdout=f, env=env, check=False)
        outs.append(out.read_bytes())
    assert outs[0] == outs[1] and outs[0].count(b"\n") > 4000
