"""Issue 13: a batch never stops, never floods memory, never lets input write to the terminal.

Each test reproduces one defect of the issue with a real file, folder, stream or process. Numbers
are bounds of the contract (one record per input, exit codes of SPEC 4, 130 for Ctrl-C), not
copies of the program's output.
"""

from __future__ import annotations

import io
import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import riichi_cli
from riichi_cli.core.errors import Unreadable, short
from riichi_cli.files import loader, walk
from riichi_cli.io.mapping import KEYS
from riichi_cli.settle.settlement import settle_checked

ROOT = Path(__file__).resolve().parents[1]
# 234567m 2278p 456s + 9p by ron: riichi-free pinfu, a valid win under every preset.
GOOD = "234567m2278p456s9p"
HUGE = 10**5000  # str() of an int over 4,300 digits raises ValueError


def riichi(*args: str, input: bytes | None = None, env: dict | None = None, timeout: float = 60):
    """The real program in a subprocess: (exit code, stdout bytes, stderr text)."""
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    p = subprocess.run(
        [sys.executable, "-m", "riichi_cli", *args],
        input=input,
        capture_output=True,
        env=full_env,
        timeout=timeout,
    )
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def records(out: bytes) -> list[dict]:
    """JSON lines, parsed strictly: NaN and Infinity are refused as a strict parser would."""

    def refuse(name):
        raise ValueError(f"non-standard JSON constant {name}")

    return [json.loads(line, parse_constant=refuse) for line in out.decode().splitlines()]


def strict(obj: object) -> str:
    return json.dumps(obj, allow_nan=False)


# -- 1. huge integers --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "mapping",
    [
        {"hand": HUGE},
        {"hand": GOOD, "honba": HUGE},
        {"hand": GOOD, "honba": 10**4299},  # converts, but the payments would not
        {"hand": GOOD, "riichi_sticks": 10**4299},
        {"hand": GOOD, "id": HUGE},
        {"hand": GOOD, "dora": [HUGE]},
        {"hand": GOOD, HUGE: 1},
        {"hand": GOOD, "rule_options": {"min_han": HUGE}},
        {"hand": GOOD, "rule_options": {"honba_points": 10**4299}},
        {"hand": GOOD, "win_tile": HUGE},
    ],
)
def test_api_refuses_huge_numbers(mapping):
    result = riichi_cli.score(mapping)
    assert result["ok"] is False and result["error"]["code"] == "invalid_context"
    assert len(strict(result)) < 2000  # the message names the number's size, not its digits


def test_counters_have_a_sane_range():
    # 999 honba is accepted (the bound), 1000 is not; 300 points per honba: 999 x 300 = 299,700
    # on top of the 1000 of 1 han 30 fu, paid by the discarder (East).
    assert riichi_cli.score({"hand": GOOD, "honba": 999})["payments"]["E"] == -(1000 + 299_700)
    assert riichi_cli.score({"hand": GOOD, "honba": 1000})["error"]["code"] == "invalid_context"


def test_short_survives_huge_and_broken_values():
    assert "5001 digits" in short(HUGE)
    assert "digits" in short([1, HUGE])

    class Broken:
        def __repr__(self):
            raise RuntimeError("no")

    assert short(Broken()).startswith("<Broken")


def test_batch_goes_on_after_a_huge_number(tmp_path):
    (tmp_path / "ok.yaml").write_text(f"hand: {GOOD}\n")
    (tmp_path / "big.yaml").write_text(f"- {{hand: {GOOD}, honba: {'1' * 5000}}}\n- hand: {GOOD}\n")
    code, out, err = riichi(
        "batch", str(tmp_path / "ok.yaml"), str(tmp_path / "big.yaml"), "--format", "jsonl"
    )
    got = records(out)
    assert code == 1 and err == ""
    assert [d["ok"] for d in got] == [True, False, True]  # the good hands of big.yaml too
    assert got[1]["error"]["code"] == "invalid_context" and "5000 digits" in got[1]["error"]["message"]


def test_score_and_settle_refuse_huge_numbers(tmp_path):
    code, out, err = riichi("score", GOOD, "--honba", "1" * 5000, "--json")
    assert code == 2 and records(out)[0]["error"]["code"] == "invalid_context" and len(err) < 1000
    ctx = tmp_path / "ctx.yaml"
    ctx.write_text(f"hand: {GOOD}\nriichi_sticks: {'9' * 5000}\n")
    code, out, err = riichi("score", "--context", str(ctx), "--json")
    assert code == 2 and records(out)[0]["error"]["code"] == "invalid_context"
    huge_scores = {s: 10**4299 for s in "ESWN"}
    result, _ = settle_checked({"draw": {"kind": "exhaustive", "tenpai": []}, "scores": huge_scores})
    assert result["error"]["code"] == "invalid_context" and strict(result)


def test_huge_json_number_is_one_refused_hand():
    ((src, item),) = loader.stdin_items(b'{"hand": "%s", "honba": %s}\n' % (GOOD.encode(), b"7" * 5000))
    result = riichi_cli.score(item)
    assert src == "-#0" and result["error"]["code"] == "invalid_context"


# -- 2 and 3. paths and the folder walk ---------------------------------------------------------


def test_path_errors_are_records(tmp_path, monkeypatch):
    long_name = str(tmp_path / ("x" * 300 + ".yaml"))
    ((where, err),) = walk.expand([long_name])
    assert isinstance(err, Unreadable) and "too long" in err.message.lower()
    real_stat = os.stat

    def no_search(path, *a, **k):  # EACCES, as under a folder without the x bit (root ignores chmod)
        if "locked" in str(path):
            raise PermissionError(13, "Permission denied")
        return real_stat(path, *a, **k)

    monkeypatch.setattr(walk.os, "stat", no_search)
    out = list(walk.expand([str(tmp_path / "locked" / "a.yaml"), "-"]))
    assert isinstance(out[0][1], Unreadable) and "Permission denied" in out[0][1].message
    assert out[1] == ("-", "-")


def test_batch_of_bad_paths_yields_one_record_each(tmp_path):
    long_name = str(tmp_path / ("x" * 300 + ".yaml"))
    code, out, _ = riichi("batch", long_name, str(tmp_path / "missing.yaml"), "--format", "jsonl")
    got = records(out)
    assert code == 2 and [d["error"]["code"] for d in got] == ["unreadable", "unreadable"]
    assert got[0]["source"] == long_name + "#0"


def test_walk_reports_loops_dangling_links_fifos_and_closed_folders(tmp_path, monkeypatch):
    (tmp_path / "a.yaml").write_text(f"hand: {GOOD}\n")
    (tmp_path / "loop").symlink_to(tmp_path)  # the folder inside itself
    (tmp_path / "self.yaml").symlink_to(tmp_path / "self.yaml")  # ELOOP
    (tmp_path / "gone.yaml").symlink_to(tmp_path / "nowhere.yaml")
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "closed").mkdir()
    (tmp_path / "notes.txt").write_text("not a hand file: skipped without a record")
    real_scandir = os.scandir

    def scandir(path):
        if str(path).endswith("closed"):
            raise PermissionError(13, "Permission denied")
        return real_scandir(path)

    monkeypatch.setattr(walk.os, "scandir", scandir)
    found = {Path(where).name: target for where, target in walk.expand([str(tmp_path)])}
    assert set(found) == {"a.yaml", "loop", "self.yaml", "gone.yaml", "pipe.yaml", "closed"}
    assert found["a.yaml"] == str(tmp_path / "a.yaml")
    messages = {name: t.message for name, t in found.items() if isinstance(t, Unreadable)}
    assert "loop" in messages["loop"]
    assert "FIFO" in messages["pipe.yaml"] and "not opened" in messages["pipe.yaml"]
    assert "cannot list" in messages["closed"]
    assert "No such file" in messages["gone.yaml"]
    assert "symbolic links" in messages["self.yaml"]


def test_batch_over_a_folder_with_a_fifo_never_blocks(tmp_path):
    (tmp_path / "a.yaml").write_text(f"hand: {GOOD}\n")
    os.mkfifo(tmp_path / "b.yaml")  # opening it would wait for a writer forever
    code, out, _ = riichi("batch", str(tmp_path), "--format", "jsonl", timeout=30)
    assert code == 2 and [d["ok"] for d in records(out)] == [True, False]


def test_non_utf8_file_name_is_escaped(tmp_path):
    name = os.fsdecode(b"hand\xff.yaml")
    (tmp_path / name).write_text(f"hand: {GOOD}\n")
    for env in ({"PYTHONIOENCODING": "utf-8"}, {}):
        code, out, err = riichi("batch", str(tmp_path), "--format", "jsonl", env=env)
        (d,) = records(out)
        assert code == 0 and err == "" and d["source"].endswith("hand\\xff.yaml#0")
    code, out, _ = riichi("batch", str(tmp_path))  # the table too
    assert code == 0 and b"hand\\xff.yaml" in out


# -- 5. terminal injection ----------------------------------------------------------------------

INJECTIONS = [
    "[/]",
    "[bold red]red[/]",
    "[link=http://x]y[/link]",
    "\x1b]0;title\x07",
    "a\x1b[2Jb",
    "\u202etxt",
]


def test_batch_table_prints_ids_and_names_literally(tmp_path):
    lines = [f"- {{hand: {GOOD}, id: {json.dumps(i)}}}" for i in INJECTIONS]
    bad = tmp_path / "e\x1b[31m.yaml"
    bad.write_text("\n".join(lines) + '\n- {hand: "1m\\e[31m", id: x}\n')
    code, out, err = riichi("batch", str(bad), env={"COLUMNS": "400"})
    text = out.decode()
    assert code == 1 and err == ""
    assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text
    for shown in ("[/]", "[bold red]red[/]", "[link=http://x]y[/link]", "\\x1b]0;title\\x07", "\\u202etxt"):
        assert shown in text
    assert "e\\x1b[31m.yaml#0" in text and "'1m\\x1b[31m'" in text


def test_error_lines_show_control_characters_escaped(tmp_path):
    code, _, err = riichi("score", "123m\x1b]0;x\x07")
    assert code == 2 and "\x1b" not in err and "\\x1b" in err
    code, _, err = riichi("waits", "1m\x1b[31m")
    assert code == 2 and "\x1b" not in err
    round_file = tmp_path / "r.yaml"
    round_file.write_text('chombo: {seat: N, reason: "\\e]0;x\\a[bold]"}\n')
    code, out, err = riichi("settle", str(round_file))
    assert code == 0 and "\x1b" not in out.decode() and "[bold]" in out.decode()


# -- 6. NaN and infinity ----------------------------------------------------------------------


@pytest.mark.parametrize("text", ["id: .nan", "id: .inf", "id: -.inf", "honba: .nan", "riichi: .nan"])
def test_non_finite_values_never_reach_json(tmp_path, text):
    f = tmp_path / "h.yaml"
    f.write_text(f"hand: {GOOD}\n{text}\n")
    code, out, _ = riichi("batch", str(f), "--format", "jsonl")
    (d,) = records(out)  # parsed strictly
    assert code == 1 and d["error"]["code"] == "invalid_context" and d["id"] is None


def test_nan_in_json_lines_and_settle():
    code, out, _ = riichi("batch", "-", "--format", "json", input=b'{"hand": "1m", "id": NaN}\n')
    (doc,) = records(out)
    assert code == 1 and doc["results"][0]["error"]["code"] == "invalid_context"
    result, _ = settle_checked({"id": math.nan, "draw": {"kind": "exhaustive", "tenpai": []}})
    assert strict(result)


class Big(int):
    """A huge int whose repr hypothesis can print when it reports an example."""

    def __repr__(self) -> str:
        return f"<{int(math.log10(abs(self))) + 1} digits>"


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
    | st.sampled_from([math.nan, math.inf, b"\xff", (1, 2), GOOD])
    | st.sampled_from([5000, -5000, 4299]).map(lambda n: Big(10 ** abs(n) * (1 if n > 0 else -1))),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(st.sampled_from(sorted(KEYS)) | JSONISH.filter(lambda k: k.__hash__), JSONISH, max_size=6)
)
def test_wrong_typed_mappings_give_strict_json(mapping):
    mapping.setdefault("hand", GOOD)
    result = riichi_cli.score(mapping)
    strict(result)
    settled, _ = settle_checked({"wins": [mapping]})
    strict(settled)


# -- 7. bounded reading -------------------------------------------------------------------------

MEASURE = (
    "import resource, subprocess, sys\n"
    "subprocess.run(sys.argv[1], shell=True, stdout=subprocess.DEVNULL)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)
RIICHI = f"{sys.executable} -m riichi_cli"


@pytest.mark.parametrize(
    "command",
    [
        f"{RIICHI} batch /dev/zero",
        # a long JSON-lines stream is scored as it comes: nothing of it is kept (the old batch kept
        # every input and result: 172 MB here)
        f'yes \'{{"hand": "1m", "id": "{"x" * 100}"}}\' | head -n 100000 | {RIICHI} batch - --format jsonl',
        f"yes 'hand: 1m' | {RIICHI} batch -",
        f'yes \'{{"hand": "1m"\' | {RIICHI} batch -',  # no line ends a JSON object: YAML, capped
        f"{RIICHI} settle - </dev/zero",
        f"yes 'draw: x' | {RIICHI} settle -",
        f"{RIICHI} score --context - </dev/zero",
        f"{RIICHI} waits - </dev/zero",
        f"{RIICHI} shanten - </dev/zero",
    ],
)
def test_endless_input_is_refused_within_bounded_memory(command):
    p = subprocess.run(
        [sys.executable, "-c", MEASURE, command],
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    peak_kb = int(p.stdout.split()[-1])
    assert peak_kb < 100 * 1024, f"peak RSS {peak_kb} KB"  # 16 MiB read (twice: bytes, text) + Python
    assert "Traceback" not in p.stderr.decode() and len(p.stderr) < 4000  # the input is not echoed


def test_long_json_line_is_one_record_and_the_stream_goes_on():
    data = b'{"hand": "1m"}\n{"id": "' + b"x" * (loader.MAX_LINE + 10) + b'"}\n{"hand": "2m"}\n'
    out = loader.stdin_items(data)
    assert [src for src, _ in out] == ["-#0", "-#1", "-#2"]
    assert isinstance(out[1][1], Unreadable) and "too long" in out[1][1].message
    assert out[2][1] == {"hand": "2m"}


def test_error_message_does_not_repeat_a_huge_input():
    result = riichi_cli.score({"hand": "x" * 10**6})
    assert result["error"]["code"] == "invalid_notation" and len(result["error"]["message"]) < 600


# -- 8. streaming -------------------------------------------------------------------------------


def test_json_lines_are_answered_as_they_arrive():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "riichi_cli", "batch", "-", "--format", "jsonl"]
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    try:
        p.stdin.write(json.dumps({"hand": GOOD, "id": 1}).encode() + b"\n")
        p.stdin.flush()
        first = json.loads(p.stdout.readline())  # stdin is still open: the answer came first
        assert first["id"] == 1 and first["ok"]
        p.stdin.write(b'{"hand": "1m"}\n')
        p.stdin.close()
        assert json.loads(p.stdout.readline())["source"] == "-#1"
    finally:
        p.kill() if p.poll() is None else None
        p.wait(timeout=30)


def test_many_json_lines_on_stdin_are_many_records(monkeypatch):
    monkeypatch.setattr(loader, "MAX_BYTES", 1000)  # the stream is far larger than the file cap
    data = b"".join(b'{"hand": "%dm"}\n' % (i % 9 + 1) for i in range(500))
    got = loader.stdin_items(data)
    assert len(got) == 500 and all(isinstance(m, dict) for _, m in got)


def test_jobs_give_the_same_records_in_the_same_order(tmp_path):
    hands = [GOOD, "1m", "123456s234m55p chi:789s", "11123455678999m", "{bad"]
    (tmp_path / "a.jsonl").write_text(
        "".join(json.dumps({"hand": h, "id": i}) + "\n" for i, h in enumerate(hands * 60))
    )
    (tmp_path / "b.yaml").write_text("".join(f"- {{hand: '{h}'}}\n" for h in hands))
    (tmp_path / "c.yml").write_text(":\n  - [\n")
    args = ("batch", str(tmp_path), "-", "--format", "jsonl")
    one = riichi(*args, input=b'{"hand": "1m"}\nnot json\n')
    two = riichi(*args, "--jobs", "2", input=b'{"hand": "1m"}\nnot json\n')
    assert one[0] == two[0] == 2 and one[1] == two[1]
    assert len(records(one[1])) == 300 + 5 + 1 + 2


def test_json_format_streams_one_document(tmp_path):
    code, out, _ = riichi(
        "batch", "-", "--format", "json", input=b'{"hand": "1m"}\n{"hand": "%s"}\n' % GOOD.encode()
    )
    (doc,) = records(out)
    assert code == 1 and [d["ok"] for d in doc["results"]] == [False, True]
    assert doc["summary"] == {"hands": 2, "ok": 1, "failed": 1, "errors": {"invalid_hand": 1}}


def test_score_many_is_lazy_and_bounded():
    def endless():
        i = 0
        while True:
            i += 1
            yield {"hand": GOOD, "id": i}

    for jobs in (1, 2):
        stream = riichi_cli.score_many(endless(), jobs=jobs)
        assert [next(stream)["id"] for _ in range(300)] == list(range(1, 301))
        stream.close()  # ends the pool


# -- 9. Ctrl-C and closed pipes ------------------------------------------------------------------


@pytest.fixture(scope="module")
def many_lines(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("many") / "hands.jsonl"
    path.write_text((json.dumps({"hand": GOOD}) + "\n") * 100_000)
    return path


def gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


def test_ctrl_c_with_jobs_exits_130_quietly_and_leaves_no_workers(many_lines):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "riichi_cli", "batch", str(many_lines), "--jobs", "2", "--format", "jsonl"]
    for _ in range(3):
        p = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True
        )
        assert p.stdout.readline()  # the pool is at work
        os.killpg(p.pid, signal.SIGINT)  # what the terminal does: the whole group gets SIGINT
        try:
            _, err = p.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            raise AssertionError("deadlock after Ctrl-C") from None
        assert p.returncode == 130 and b"Traceback" not in err and b"KeyboardInterrupt" not in err
        for _ in range(100):  # the workers end with the parent (allow them a moment to be reaped)
            if gone(p.pid):
                break
            time.sleep(0.05)
        assert gone(p.pid), "orphan workers"


@pytest.mark.parametrize(
    "args,stdin",
    [
        (["batch", "{many}", "--jobs", "2", "--format", "jsonl"], None),
        (["batch", "{many}", "--format", "jsonl"], None),
        (["batch", "{many}", "--jobs", "2", "--format", "json"], None),
        (["waits", "-"], b"1112345678999m\n" * 3000),
        (["shanten", "-"], b"123m456p789s12377z\n" * 3000),
        (["table"], None),
    ],
)
def test_closed_pipe_ends_quietly(many_lines, args, stdin):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "riichi_cli", *(a.format(many=many_lines) for a in args)]
    p = subprocess.Popen(
        cmd,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,
    )
    if stdin:
        p.stdin.write(stdin[:32768])  # fits in the pipe whatever the child does; the rest is not wanted
    p.stdin.close()
    assert p.stdout.read(10)
    p.stdout.close()  # `| head -c 10`
    err = p.stderr.read()
    p.wait(timeout=60)
    assert err == b"", err.decode()[-500:]
    assert p.returncode in (0, 1)
    for _ in range(100):
        if gone(p.pid):
            break
        time.sleep(0.05)
    assert gone(p.pid)


def test_context_stdin_is_capped(monkeypatch):
    monkeypatch.setattr(loader, "MAX_BYTES", 100)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"hand: 1m\n" + b"#" * 500)))
    with pytest.raises(Unreadable) as info:
        loader.load_context("-")
    assert "too large" in info.value.message


@pytest.mark.parametrize("command", ["waits", "shanten"])
def test_line_commands_never_echo_nan_ids(command):
    lines = b'{"hand": "1112345678999m", "id": NaN}\n{"hand": "1112345678999m", "id": "\\ud800"}\n'
    code, out, err = riichi(command, "-", input=lines)
    got = records(out)  # strict: NaN would fail here
    assert len(got) == 2 and err == ""
    assert got[0]["ok"] is False and got[0]["id"] is None and got[0]["error"]["code"] == "invalid_context"


def test_lone_surrogate_id_is_written_as_an_escape():
    code, out, err = riichi(
        "batch", "-", "--format", "jsonl", input=b'{"hand": "%s", "id": "\\ud800"}\n' % GOOD.encode()
    )
    (d,) = records(out)
    assert code == 0 and err == "" and d["id"] == "\ud800" and b"\\ud800" in out


def test_a_big_yaml_file_is_shared_between_workers(tmp_path, monkeypatch):
    from riichi_cli.files import batch

    monkeypatch.setattr(batch, "SPLIT_BYTES", 10)
    f = tmp_path / "big.yaml"
    f.write_text("".join(f"- {{hand: '{h}', id: {i}}}\n" for i, h in enumerate([GOOD, "1m", GOOD] * 3)))
    (unit,) = loader.units([str(f)], lambda: io.BytesIO())
    shares = [t[0] for t in batch.tasks(iter([unit]), 2)]
    assert len(shares) == 2
    items = [item for share in shares for item in loader.unit_items(share)]
    assert [src for src, _ in items] == [f"{f}#{i}" for i in range(9)]  # 5 + 4, in order
    assert [m["id"] for _, m in items] == list(range(9))


def test_replay_stdin_is_capped(monkeypatch):
    from riichi_cli.files import logs

    monkeypatch.setattr(logs, "MAX_BYTES", 100)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"x" * 10_000)))
    assert len(logs.read_bytes("-")) == 101  # the cap and one byte to know it was passed


def test_replay_path_errors_are_files_not_crashes(monkeypatch, tmp_path):
    from riichi_cli.files import logs, walk

    def no_search(path, *a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(walk.os, "stat", no_search)
    [(path, refusal)] = logs.log_paths([str(tmp_path / "x.mjlog")])
    assert path == str(tmp_path / "x.mjlog") and "Permission denied" in refusal
    [obj] = logs.replay_path(path, None, None, refusal)
    assert obj["kind"] == "error" and obj["error"]["code"] == "unreadable"


def test_replay_folder_walk_reports_what_it_cannot_read(tmp_path):
    """The replay walk is the batch walk: a dangling link and a loop inside a folder are records."""
    from riichi_cli.files import logs

    (tmp_path / "gone.mjlog").symlink_to(tmp_path / "nowhere.mjlog")
    (tmp_path / "loop").symlink_to(tmp_path)
    (tmp_path / "notes.txt").write_text("not a log")
    found = logs.log_paths([str(tmp_path)])
    assert [p.rsplit("/", 1)[1] for p, _ in found] == ["gone.mjlog", "loop"]
    assert all(refusal for _, refusal in found)
