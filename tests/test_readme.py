"""The README stands alone: every example command runs on files the repository ships.

Each `riichi ...` line of the README's ``sh`` and ``console`` blocks is run in-process (pipes from
``cat FILE`` and ``printf '...'`` become stdin, globs are expanded from the repository root) and
must exit 0 or 1 (2 only where the README shows a refusal) without a traceback; every repository
path the README names must exist; the README and docs/ must not send the reader to a document
outside the repository.
"""

from __future__ import annotations

import glob
import os
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from riichi_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = {p.name: p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs").glob("*.md"))}
#: Lines of the README that are shell set-up, not riichi examples.
NOT_EXAMPLES = ("pip ", "pytest", "eval ", "_RIICHI_COMPLETE", "cd ", "python", "nice ", "mutmut")


def blocks(text: str) -> list[tuple[str, list[str]]]:
    """(language, lines) of every fenced code block."""
    return [(m.group(1), m.group(2).splitlines()) for m in re.finditer(r"```(\w*)\n(.*?)```", text, re.S)]


def examples() -> list[tuple[str, bool]]:
    """(command line, shows a refusal) for every riichi command in the README's shell blocks."""
    out = []
    for lang, lines in blocks(README):
        if lang == "sh":
            for line in lines:
                for part in line.split("&&"):
                    part = part.strip()
                    if part and not part.startswith("#") and not part.startswith(NOT_EXAMPLES):
                        out.append((part, False))
        elif lang == "console":
            for i, line in enumerate(lines):
                if line.startswith("$ "):
                    shown = lines[i + 1] if i + 1 < len(lines) else ""
                    out.append((line[2:], shown.startswith("riichi: invalid")))
    return out


EXAMPLES = examples()


def test_the_readme_has_examples_of_every_command():
    used = {shlex.split(cmd, comments=True)[0] for cmd, _ in EXAMPLES}
    assert used <= {"riichi", "cat", "printf"}, used
    words = " ".join(cmd for cmd, _ in EXAMPLES)
    for command in (
        "score",
        "batch",
        "waits",
        "shanten",
        "settle",
        "table",
        "rules",
        "schema",
        "replay",
        "convert",
    ):
        assert f"riichi {command}" in words, command


def _stdin_of(words: list[str]) -> bytes:
    if words[0] == "cat":
        return b"".join(Path(w).read_bytes() for w in words[1:])
    if words[0] == "printf":
        return words[1].replace("\\n", "\n").encode()
    raise AssertionError(f"unexpected pipe source {words}")


def _expand(words: list[str]) -> list[str]:
    out = []
    for w in words:
        if "*" in w:
            found = sorted(glob.glob(w))
            assert found, f"{w} matches no file"
            out += found
        else:
            out.append(w)
    return out


@pytest.mark.parametrize(
    ("command", "refusal"), EXAMPLES, ids=[" ".join(shlex.split(c, comments=True)) for c, _ in EXAMPLES]
)
def test_readme_example_runs(command, refusal, monkeypatch, tmp_path):
    # Run in an empty folder that sees the repository's files, so that an example writing a file
    # (`--svg hand.svg`) writes it there, not into the repository.
    for entry in ROOT.iterdir():
        if not entry.name.startswith("."):
            (tmp_path / entry.name).symlink_to(entry)
    monkeypatch.chdir(tmp_path)
    words = shlex.split(command, comments=True)
    stages = [[]]
    for w in words:
        if w == "|":
            stages.append([])
        else:
            stages[-1].append(w)
    data = None
    for stage in stages:
        if stage[0] != "riichi":
            data = _stdin_of(stage)
            continue
        try:
            runner = CliRunner(mix_stderr=False)
        except TypeError:
            runner = CliRunner()
        result = runner.invoke(main, _expand(stage[1:]), input=data, catch_exceptions=False)
        allowed = {2} if refusal else {0, 1}
        assert result.exit_code in allowed, f"{command}: exit {result.exit_code}\n{result.stderr}"
        assert result.stdout.strip() or result.stderr.strip(), f"{command} printed nothing"
        data = result.stdout_bytes


def console_examples() -> list[tuple[str, list[str]]]:
    """(command, the output the README shows under it) of every ``console`` block; a line ``...``
    stands for output left out."""
    out = []
    for lang, lines in blocks(README):
        if lang != "console":
            continue
        starts = [i for i, line in enumerate(lines) if line.startswith("$ ")] + [len(lines)]
        for i, j in zip(starts, starts[1:]):
            out.append((lines[i][2:], lines[i + 1 : j]))
    return out


CONSOLE = [(c, shown) for c, shown in console_examples() if "|" not in c]


@pytest.mark.parametrize(("command", "shown"), CONSOLE, ids=[c for c, _ in CONSOLE])
def test_console_examples_print_what_the_readme_shows(command, shown, monkeypatch):
    """The README's console blocks are the commands' real output, line for line."""
    monkeypatch.chdir(ROOT)
    try:
        runner = CliRunner(mix_stderr=False)
    except TypeError:
        runner = CliRunner()
    result = runner.invoke(main, shlex.split(command)[1:], catch_exceptions=False)
    printed = (result.stdout + (result.stderr if result.exit_code else "")).rstrip("\n").splitlines()
    printed = [line.rstrip() for line in printed]
    shown = [line.rstrip() for line in shown]
    if "..." in shown:  # the lines before and after the gap, in order
        cut = shown.index("...")
        head, tail = shown[:cut], shown[cut + 1 :]
        assert printed[: len(head)] == head and printed[len(printed) - len(tail) :] == tail, command
    else:
        assert printed == shown, command


PATH = re.compile(r"(?<![\w./])((?:sample_hands|examples|docs|riichi_cli|tests|bench|\.ci)(?:/[\w.*-]+)*/?)")
LINK = re.compile(r"\]\(([^)#]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("name", ["README.md", *(f"docs/{n}" for n in DOCS)])
def test_every_path_named_exists(name):
    text = (ROOT / name).read_text(encoding="utf-8")
    base = (ROOT / name).parent
    named = {m.group(1) for m in PATH.finditer(text)}
    links = {m.group(1) for m in LINK.finditer(text) if "://" not in m.group(1)}
    assert "examples/hand.yaml" in " ".join(named) or name != "README.md"
    for path in named:
        assert glob.glob(path.rstrip("/"), root_dir=ROOT), f"{name} names {path}, which the repository lacks"
    for link in links:
        assert (base / link).exists(), f"{name} links to {link}, which the repository lacks"


@pytest.mark.parametrize("name", ["README.md", *(f"docs/{n}" for n in DOCS)])
def test_no_document_outside_the_repository(name):
    text = (ROOT / name).read_text(encoding="utf-8")
    for outside in ("SPEC", "RULES.md", "/work/"):
        assert outside not in text, f"{name} cites {outside}: describe it here instead"
    cited = re.search(r"\b[Ss]ection \d", text)  # the numbered sections of the outside contract
    assert not cited, f"{name} cites {cited.group(0)}: describe it here instead"


def test_readme_documents_input_output_and_test_data():
    for heading in ("## Notation", "## YAML input", "## JSON output", "### Shell completion", "## License"):
        assert heading in README, heading
    assert "../shared" in README and "skip" in README
    assert "docs/input.md" in README and "docs/output.md" in README
    for key in ("hand", "win_tile", "riichi_sticks", "rule_options", "discards", "passed"):
        assert f"`{key}`" in DOCS["input.md"], key
    for key in ("fu_breakdown", "payments", "below_minimum", "keishiki", "deltas"):
        assert key in DOCS["output.md"], key


def test_license_is_mit():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text


def test_completion_offers_presets_seats_and_rule_keys():
    """What `_RIICHI_COMPLETE=bash_complete` answers, as the README's completion line uses it."""

    def complete(*words: str) -> list[str]:
        env = {"_RIICHI_COMPLETE": "bash_complete", "COMP_WORDS": " ".join(("riichi", *words)),
               "COMP_CWORD": str(len(words))}  # fmt: skip
        result = CliRunner().invoke(main, [], env=env, prog_name="riichi")
        return [line.split(",", 1)[1] for line in result.output.splitlines()]

    want = {"mahjongsoul", "mleague", "majsoul", "mahjongsoul3", "majsoul3"}  # three players too
    assert set(complete("score", "--rules", "m")) == want
    assert complete("waits", "--seat", "") == ["E", "S", "W", "N"]
    assert complete("table", "--rule", "kuit") == ["kuitan="]
    assert complete("table", "--rule", "kuitan=") == ["kuitan=true", "kuitan=false"]
    assert complete("rules", "wr") == ["wrc2022", "wrc"]
    assert complete("schema", "sh") == ["shanten"]
    for shell in ("bash", "zsh", "fish"):
        script = CliRunner().invoke(main, [], env={"_RIICHI_COMPLETE": f"{shell}_source"}, prog_name="riichi")
        assert "_RIICHI_COMPLETE" in script.output, shell
    assert os.environ.get("_RIICHI_COMPLETE") is None
