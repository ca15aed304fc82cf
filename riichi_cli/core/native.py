"""``i64``: a native 64-bit int for the compiled core, a plain ``int`` in Python.

mypyc keeps a variable annotated ``i64`` unboxed, so a loop over tile counts or characters runs without
the checks and conversions of its arbitrary-size ints (bench/README.md, issue 10). The type comes from
mypy_extensions, there when the core is compiled; without it (a pure Python install) ``i64`` is
``int``, and the numbers are the same: every value so annotated is a count, a tile or an index.
"""

try:
    from mypy_extensions import i64
except ImportError:
    i64 = int  # type: ignore[misc, assignment]

__all__ = ["i64"]
