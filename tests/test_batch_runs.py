"""`batch --jobs`: a big YAML file cut into runs of its items, parsed by the workers side by side.

Whatever the file holds (bad hands, items that are not mappings, a YAML error in the middle, an
alias or a quoted scalar across the place where it is cut, keys beside the list), ``--jobs 2`` gives
the records ``--jobs 1`` gives, byte for byte and in order: every hand one record, every file error
one record with its line.
"""

from __future__ import annotations

import io
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_batch_robust import GOOD, records, riichi

import riichi_cli
from riichi_cli.core.rules import resolve_rules
from riichi_cli.files import batch
from riichi_cli.files.chunks import chunk_items, cut, stray_line

ITEM = "- hand: {hand}\n  id: {i}\n"


def items(n: int, hands: tuple[str, ...] = (GOOD, "1m", GOOD, "123m 456p")) -> list[str]:
    """``n`` list items, every second hand refused (1m: too few tiles; 123m 456p: six tiles)."""
    return [ITEM.format(hand=hands[i % len(hands)], i=i) for i in range(n)]


# -- cutting ------------------------------------------------------------------------------------


def test_items_under_hands_are_cut_into_runs_after_the_head():
    text = "# hands of a test\ndefaults:\n  win: ron\nhands:\n" + "".join(items(5))
    head, runs = cut(text, 2)
    assert head == "# hands of a test\ndefaults:\n  win: ron\nhands:\n"
    # five items in runs of three and two, each with the index of its first item
    assert [(first, count) for _, first, count in runs] == [(0, 3), (3, 2)]
    assert "".join(body for body, _, _ in runs) == "".join(items(5))


def test_items_at_the_top_and_an_indented_list_are_cut_too():
    head, runs = cut("".join(items(4)), 4)
    assert head == "" and [count for _, _, count in runs] == [1, 1, 1, 1]
    indented = "hands:\n" + "".join("  " + line + "\n" for x in items(3) for line in x.splitlines())
    head, runs = cut(indented, 3)
    assert head == "hands:\n" and runs[1] == ("  - hand: 1m\n    id: 1\n", 1, 1)


@pytest.mark.parametrize(
    "text",
    [
        "hands:\n" + "".join(items(4)) + "defaults:\n  win: ron\n",  # a key after the list
        "other:\n" + "".join(items(4)),  # a list under another key: one error, not hands
        "hand: 1m\nid: 3\n",  # one mapping
        "---\n" + "".join(items(4)),  # a document marker before the list
        "".join(items(2)) + "---\n" + "".join(items(2)),  # two documents
        "".join(items(2)) + "\t- hand: 1m\n",  # a tab
        "hands: [{hand: 1m}, {hand: 2m}]\n",  # a flow list
    ],
)
def test_other_shapes_are_not_cut(text):
    assert cut(text, 2) is None


@settings(max_examples=3000, deadline=None)
@given(st.integers(0, 3), st.lists(st.sampled_from([" ", "-", "#", "\r", "\n", "a", "\t", ":"]), max_size=40))
def test_the_stray_line_pattern_finds_what_the_look_ahead_finds(column, chars):
    text = "".join(chars)
    old = re.compile(rf"\n(?! {{{column}}}(?:-(?: |\r?$)| )| *(?:#|\r?$))", re.M)
    new = stray_line(column)
    assert [m.start() for m in new.finditer(text)] == [m.start() for m in old.finditer(text)]


def test_a_run_cut_inside_an_open_scalar_does_not_read_alone():
    # the note's quoted scalar runs on into the next line, which starts like an item: the whole file
    # reads "open - x" as the note (one item), so the first run, left with an open quote, must fail
    text = 'hands:\n- hand: 1m\n  note: "open\n- x"\n'
    head, runs = cut(text, 2)
    assert [count for _, _, count in runs] == [1, 1]
    first = ("chunk", "f.yaml", "f.yaml", head + runs[0][0], 0, 1)
    assert chunk_items(first) is None
    # an alias of an anchor in an earlier run does not read alone either
    assert chunk_items(("chunk", "f.yaml", "f.yaml", "- hand: *h\n", 1, 1)) is None


def test_a_run_reads_its_items_numbered_as_in_the_file():
    got = chunk_items(
        ("chunk", "f.yaml", "-", "defaults:\n  win: ron\nhands:\n" + "".join(items(7)[5:]), 5, 2)
    )
    assert got == [
        ("-#5", {"win": "ron", "hand": "1m", "id": 5}),
        ("-#6", {"win": "ron", "hand": GOOD, "id": 6}),
    ]


# -- --jobs 2 against --jobs 1 ------------------------------------------------------------------


def _records(paths: list[str], jobs: int) -> list[tuple]:
    return [
        rec for group in batch.results(paths, jobs, resolve_rules(), lambda: io.BytesIO()) for rec in group
    ]


def _body(n: int = 40) -> str:
    return "".join(items(n))


CASES = {
    # name: (text, records expected, cut and read by runs)
    "good and refused hands": ("hands:\n" + _body(), 40, True),
    "at the top, CRLF and a BOM": ("\ufeff" + _body().replace("\n", "\r\n"), 40, True),
    "defaults before": ("defaults:\n  win: ron\n  dora: [1m]\nhands:\n" + _body(), 40, True),
    "items that are not mappings": ("hands:\n" + _body(20) + "- 5\n- [1m]\n" + _body(20), 42, True),
    "flow mappings (the full loader per run)": (
        "".join(f"- {{hand: '{GOOD}', id: {i}}}\n" for i in range(40)),
        40,
        True,
    ),
    "a YAML error in the middle": ("hands:\n" + _body(20) + "- hand: [1m\n" + _body(20), 1, False),
    "an alias across runs": ("hands:\n- hand: &h 1m\n" + _body(38) + "- hand: *h\n", 40, False),
    "a quoted scalar across runs": (
        "hands:\n" + _body(20) + '- id: 1\n  hand: "1m\n- 2m"\n' + _body(19),
        40,
        False,
    ),
    "a key after the list": ("hands:\n" + _body() + "defaults:\n  win: ron\n", 40, False),
    "a key beside the list": ("id: 3\nhands:\n" + _body(), 1, False),
    "binary": ("hands:\n" + _body() + "\0", 1, False),
}


@pytest.mark.parametrize("name", list(CASES))
def test_two_jobs_give_the_records_of_one_in_order(name, tmp_path, monkeypatch):
    text, expected, by_runs = CASES[name]
    monkeypatch.setattr(batch, "SPLIT_BYTES", 100)  # small files are cut as a big one is
    f = tmp_path / "hands.yaml"
    f.write_text(text, encoding="utf-8", newline="")
    cuts = []
    real = batch.cut
    monkeypatch.setattr(batch, "cut", lambda text, parts: cuts.append(real(text, parts)) or cuts[-1])
    one, two = _records([str(f)], 1), _records([str(f)], 2)
    assert two == one and len(one) == expected
    assert [json.loads(t)["source"] for t, _, _ in one] == [f"{f}#{i}" for i in range(expected)]
    assert by_runs == bool(cuts and cuts[-1] and all(chunk_items(u) for u in _runs(f)))


def _runs(f) -> list:
    """The run units of a file as the parent makes them."""
    runs = batch.runs_of(("file", str(f), str(f)), 2)
    return runs[1:] if runs and len(runs) > 1 else []


def test_several_files_and_stdin_keep_their_order(tmp_path, monkeypatch):
    monkeypatch.setattr(batch, "SPLIT_BYTES", 100)
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text("hands:\n" + _body(30))
    b.write_text("hands:\n" + _body(10) + "- hand: [1m\n")  # one error record
    stdin = ("".join(items(25))).encode()
    got = {j: [r for g in batch.results([str(a), "-", str(b)], j, resolve_rules(), lambda: io.BytesIO(stdin))
               for r in g] for j in (1, 2)}  # fmt: skip
    assert got[1] == got[2] and len(got[1]) == 30 + 25 + 1


def test_the_cli_writes_the_same_bytes_with_two_jobs(tmp_path):
    # more than SPLIT_BYTES (256 KiB): comments make it big without many hands to score
    note = "# " + "x" * 1000 + "\n"
    body = [item + note for item in items(300)]
    f = tmp_path / "big.yaml"
    f.write_text("hands:\n" + "".join(body[:150]) + "- hand: 5\n" + "".join(body[150:]))
    for fmt in ("jsonl", "json"):
        one = riichi("batch", str(f), "--format", fmt)
        two = riichi("batch", str(f), "--format", fmt, "--jobs", "2")
        assert one == two and one[0] == 1
    assert len(records(one[1])[0]["results"]) == 301


def test_one_job_scores_and_writes_a_file_in_groups_in_order(tmp_path, monkeypatch):
    # Issue 22: with one job a file's records come 256 at a time (each group written before the next
    # is scored); the groups together are every hand's record, in order, as scored one by one.
    f = tmp_path / "hands.yaml"
    f.write_text("hands:\n" + _body(600))
    groups = list(batch.results([str(f)], 1, resolve_rules(), lambda: io.BytesIO()))
    assert [len(g) for g in groups] == [batch.GROUP, batch.GROUP, 600 - 2 * batch.GROUP]
    got = [json.loads(text) for g in groups for text, _, _ in g]
    hands = [GOOD, "1m", GOOD, "123m 456p"]
    want = [riichi_cli.score({"hand": hands[i % 4], "id": i}, source=f"{f}#{i}") for i in range(600)]
    assert got == json.loads(json.dumps(want))
    assert [ok for g in groups for _, ok, _ in g] == [i % 2 == 0 for i in range(600)]
