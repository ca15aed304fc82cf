"""Build script: the pure scoring core is compiled with mypyc when it can be, for speed.

The same modules stay importable as plain Python: when mypyc or a C compiler is missing, or
RIICHI_PURE_PYTHON=1 is set, the package installs uncompiled and behaves the same, only slower.
"""

import glob
import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

# The pure folders (no click, rich or yaml, no I/O; tests/test_layout.py checks it) compile; the rest
# stays Python. A module whose first line says "# mypyc: skip" stays Python too (errors.py: its
# exception classes carry class attributes that compiled classes do not inherit).
PURE = ("core", "io", "analysis", "settle", "logs")


def core_modules() -> list[str]:
    here = os.path.dirname(os.path.abspath(__file__))
    found = []
    for folder in PURE:
        for path in sorted(glob.glob(os.path.join(here, "riichi_cli", folder, "*.py"))):
            with open(path, encoding="utf-8") as f:
                first = f.readline()
            if os.path.basename(path) != "__init__.py" and "mypyc: skip" not in first:
                found.append(os.path.relpath(path, here))
    return found


class OptionalBuildExt(build_ext):
    """Compile what compiles; a failure leaves the pure Python modules in place."""

    def run(self):
        try:
            super().run()
        except Exception as e:  # no compiler, no headers: install uncompiled
            print(f"riichi: not compiling the core ({e}); installing pure Python", file=sys.stderr)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as e:
            print(f"riichi: could not compile {ext.name} ({e}); using pure Python", file=sys.stderr)


def compiled_core():
    if os.environ.get("RIICHI_PURE_PYTHON"):
        return []
    try:
        from mypyc.build import mypycify

        return mypycify(core_modules(), opt_level="3", debug_level="0")
    except BaseException as e:  # mypyc missing or refusing: stay pure Python
        print(f"riichi: mypyc unavailable ({e}); installing pure Python", file=sys.stderr)
        return []


setup(ext_modules=compiled_core(), cmdclass={"build_ext": OptionalBuildExt})
