"""The examples in the docstrings are run: an example that no longer holds misleads the reader."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import riichi_cli

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(riichi_cli.__path__, "riichi_cli.")
    if not info.name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} fail"
