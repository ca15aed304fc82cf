"""The compiled core must type-check: mypyc compiles it only when mypy accepts it, and otherwise
`pip install .` quietly falls back to pure Python at a third of the speed."""

from __future__ import annotations

import pytest
from layout import ROOT, compiled_modules


def test_core_type_checks():
    api = pytest.importorskip("mypy.api", reason="mypy is not installed (it comes with '.[test]')")
    paths = [str(ROOT / m) for m in compiled_modules()]
    out, err, status = api.run(["--no-error-summary", "--cache-dir", "/dev/null", *paths])
    assert status == 0, out + err


def test_the_compiled_list_is_the_pure_folders():
    modules = compiled_modules()
    assert "riichi_cli/core/scoring.py" in modules and "riichi_cli/analysis/shanten.py" in modules
    assert not any("/cli/" in m or "/files/" in m for m in modules)
