"""`files.lines.line_blocks` (the JSON lines of `riichi batch` read a block at a time) yields exactly
what `lines` yields (a read per line): the same bytes, numbers and refusals, in lists."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi_cli.core.errors import RiichiError
from riichi_cli.files import lines as lines_module
from riichi_cli.files.lines import line_blocks, lines


class Trickle(io.RawIOBase):
    """A pipe that gives at most ``step`` bytes a read (what a slow writer looks like)."""

    def __init__(self, data: bytes, step: int) -> None:
        self.data, self.at, self.step = data, 0, step

    def readable(self) -> bool:
        return True

    def readinto(self, buf) -> int:
        got = self.data[self.at : self.at + min(self.step, len(buf))]
        buf[: len(got)] = got
        self.at += len(got)
        return len(got)


def flat(found) -> list[tuple[int, bytes | str]]:
    return [(n, raw.message if isinstance(raw, RiichiError) else raw) for n, raw in found]


def both(data: bytes, limit: int, step: int, start: int = 0) -> tuple[list, list]:
    one = flat(lines(io.BufferedReader(Trickle(data, step), 8), "f", start, limit))
    blocks = list(line_blocks(io.BufferedReader(Trickle(data, step), 8), "f", start, limit))
    assert all(blocks)  # no empty list
    return one, flat(raw for block in blocks for raw in block)


pieces = st.lists(
    st.one_of(
        st.sampled_from([b"\n", b"\r\n", b"", b"{}", b"  "]),
        st.binary(max_size=5),
        st.integers(0, 40).map(lambda k: b"x" * k),
    ),
    max_size=30,
)


@settings(max_examples=400, deadline=None)
@given(pieces, st.integers(1, 12), st.integers(1, 50), st.integers(0, 3))
def test_blocks_are_the_lines(parts, limit, step, start):
    one, blocks = both(b"".join(parts), limit, step, start)
    assert blocks == one


@pytest.mark.parametrize("skip", [20, 37, 64, 200])
def test_a_line_with_no_end_stops_the_stream_as_lines_does(monkeypatch, skip):
    monkeypatch.setattr(lines_module, "MAX_SKIP", skip)
    data = b'{"a": 1}\n' + b"y" * 30 + b"\n" + b"z" * 300 + b"\n{}\n"
    for step in (1, 7, 64, 1000):
        one, blocks = both(data, 10, step)
        assert blocks == one
        last = one[-1][1]
        assert (isinstance(last, str) and "no end of line" in last) or last == b"{}\n"


def test_a_file_is_read_in_few_blocks():
    data = b'{"hand": "123m"}\n' * 10_000
    blocks = list(line_blocks(io.BytesIO(data), "f"))
    assert len(blocks) < 5 and sum(map(len, blocks)) == 10_000


# -- io.json_lines: the quick reading of a line gives what files.loader.json_line gives ---------------

ODD_LINES = [
    b'{"hand": "123m456p789s11z222z"}\n',
    b'{"hand": "123m456p789s11z222z", "id": 7}',
    b'  {"hand": "123m456p789s11z222z"}\n',
    b'{"hand": "123m456p789s11z222z"}\r\n',
    b'{"hand": "123m456p789s11z222z"} x\n',
    b'{"hand": "123m456p789s11z222z"}{}\n',
    b'\xef\xbb\xbf{"hand": "123m456p789s11z222z"}\n',
    b'\xef\xbb\xbf\xef\xbb\xbf{"hand": "1m"}\n',
    b'{"hand": "1m", "id": "\\ud800"}\n',
    b'{"hand": "1m", "id": NaN}\n',
    b'{"hand": "1m", "honba": ' + b"9" * 3990 + b"}\n",
    b'{"hand": "1m", "honba": ' + b"9" * 4500 + b"}\n",
    b'{"hand": "1m", "id": "\xff"}\n',
    b'{"hand": \n',
    b"[1, 2]\n",
    b"{}\n",
    b'{"a": ' * 3000 + b"1" + b"}" * 3000 + b"\n",
    b'{"a": ' + b"[" * 1900 + b"]" * 1900 + b"}\n",  # deeper than the recursion limit, short
    b'{"hand": "123m456p789s11z222z", "dora": ["1z"], "rule_options": {"kuitan": false}}\n',
]


@pytest.mark.parametrize("first", [1, 5])
def test_line_records_are_the_slow_reading(first):
    from riichi_cli.core.rules import resolve_rules
    from riichi_cli.files.loader import json_line
    from riichi_cli.io.json_lines import line_records
    from riichi_cli.io.result_text import refused_record, score_record

    rules = resolve_rules()
    numbered = [(first + i, raw) for i, raw in enumerate(ODD_LINES)]
    got = line_records(numbered, "f.jsonl", "f.jsonl", 3, rules, json_line)
    want = []
    for i, (n, raw) in enumerate(numbered, 3):
        m = json_line(raw, n, "f.jsonl")
        src = f"f.jsonl#{i}"
        want.append(score_record(m, rules, src) if isinstance(m, dict) else refused_record(m, src))
    assert got == want


def test_tasks_of_blocks_are_the_tasks_of_lines(tmp_path):
    """--jobs N sends the workers the same JSON lines, 256 a task, whether read line by line or in
    blocks."""
    from riichi_cli.files.batch import LINES_PER_TASK, tasks
    from riichi_cli.files.loader import units

    path = tmp_path / "h.jsonl"
    path.write_bytes(b"".join(b'{"hand": "1m", "id": %d}\n' % i + b"\n" * (i % 3 == 0) for i in range(1000)))

    def flat(task):
        for unit in task:
            if unit[0] == "line":
                yield unit[3], unit[4], unit[5]
            else:
                yield from ((unit[3] + k, n, raw) for k, (n, raw) in enumerate(unit[4]))

    one = [list(flat(t)) for t in tasks(units([str(path)], io.BytesIO), 2)]
    blocks = [list(flat(t)) for t in tasks(units([str(path)], io.BytesIO, blocks=True), 2)]
    assert blocks == one and all(len(t) <= LINES_PER_TASK for t in blocks) and len(blocks) == 4
