"""The compiled core must type-check: mypyc compiles it only when mypy accepts it, and otherwise
`pip install .` quietly falls back to pure Python at a third of the speed."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def core_modules() -> list[str]:
    """The CORE list of setup.py: the modules that are compiled."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "CORE":
            return list(ast.literal_eval(node.value))
    raise AssertionError("setup.py has no CORE list")


def test_core_type_checks():
    api = pytest.importorskip("mypy.api", reason="mypy is not installed (it comes with '.[test]')")
    paths = [str(ROOT / "riichi_cli" / f"{m}.py") for m in core_modules()]
    out, err, status = api.run(["--no-error-summary", "--cache-dir", "/dev/null", *paths])
    assert status == 0, out + err


def test_core_list_names_real_modules():
    for module in core_modules():
        assert (ROOT / "riichi_cli" / f"{module}.py").is_file(), module
