"""`riichi batch` runs without click on its common command lines (`cli.quick`): every command line it
takes, it reads as click reads it; any other is left to click."""

from __future__ import annotations

import click
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi_cli.cli.batch import batch
from riichi_cli.cli.quick import read_args

WORDS = [
    "a.jsonl", "b.yaml", "-", "", "x y", "--format", "jsonl", "json", "table", "JSONL", "--format=jsonl",
    "--format=json", "--json", "--json=1", "--jobs", "-j", "2", "0", "65", "064", "-j2", "-j=2", "--jobs=3",
    "--rules", "mleague", "--rules=tenhou", "--rule", "kuitan=false", "--rule=aka=0", "--scheduler", "-h",
    "--help", "--", "-x", "--form", "--jobs=", "+2", "²",
]  # fmt: skip


def click_reads(args: list[str]):
    """What click makes of ``riichi batch ARGS``: the batch's arguments, or None when it refuses."""
    try:
        ctx = batch.make_context("batch", list(args))
    except (click.exceptions.Exit, click.ClickException):
        return None
    p = ctx.params
    fmt = "json" if p["as_json"] else p["fmt"]
    return list(p["paths"]), fmt, p["jobs"], p["preset"], tuple(p["rule_items"]), p["scheduler"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=7))
def test_quick_reads_what_click_reads(args):
    quick = read_args(args)
    if quick is None:
        return
    assert click_reads(args) == (*quick, None)


@pytest.mark.parametrize(
    "args",
    [
        ["a.jsonl", "--format", "jsonl"],
        ["--format=json", "a.jsonl", "b.yaml", "-j", "2"],
        ["a.jsonl", "--json", "--rules", "mleague", "--rule", "kuitan=false", "--rule=aka=0"],
        ["-", "--format", "jsonl", "-j2", "--jobs=3"],
    ],
)
def test_common_lines_are_quick(args):
    assert read_args(args) is not None


@pytest.mark.parametrize(
    "args",
    [
        ["a.jsonl"],  # the table: rich renders it anyway
        ["--format", "jsonl"],  # no path
        ["a.jsonl", "--format", "jsonl", "--scheduler", "tcp://x:1"],
        ["a.jsonl", "--format", "jsonl", "--help"],
        ["a.jsonl", "--format", "jsonl", "-j", "0"],
        ["a.jsonl", "--format", "jsonl", "--", "-b"],
        ["a.jsonl", "--format", "jsonl", "--rules", "--json"],
    ],
)
def test_other_lines_are_left_to_click(args):
    assert read_args(args) is None
