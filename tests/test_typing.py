"""The compiled core must type-check: mypyc compiles it only when mypy accepts it, and otherwise
`pip install .` quietly falls back to pure Python at a third of the speed."""

from __future__ import annotations

from pathlib import Path

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


def test_an_installed_core_is_compiled():
    """`pip install .` must not fall back to pure Python in silence where mypyc and a compiler are
    present (a failed mypyc run only prints a line the pip log hides): the installed core has .so files."""
    import os
    import shutil

    import riichi_cli.core.scoring as scoring

    here = Path(scoring.__file__).resolve()
    if ROOT in here.parents:
        pytest.skip("riichi_cli runs from the source tree (an editable or PYTHONPATH run), not an install")
    if os.environ.get("RIICHI_PURE_PYTHON") or not shutil.which("cc"):
        pytest.skip("a pure Python install was asked for, or there is no C compiler")
    pytest.importorskip("mypyc", reason="mypyc is not installed")
    assert here.suffix == ".so", f"the installed core is pure Python: {here}"
