"""``i64``: a native 64-bit int for the compiled core, a plain ``int`` in Python.

mypyc keeps a variable annotated ``i64`` unboxed, so a loop over tile counts or characters runs without
the checks and conversions of its arbitrary-size ints (bench/README.md, issue 10). The type comes from
mypy_extensions, for mypy and mypyc alone; at run time ``i64`` is ``int``, compiled or not (mypy_extensions
imports typing, which `riichi batch` starts without), and the numbers are the same: every value so
annotated is a count, a tile or an index.
"""

TYPE_CHECKING = False  # mypy_extensions is not loaded at run time: it loads typing (core/hints.py)
if TYPE_CHECKING:
    from mypy_extensions import i64
i64 = int  # type: ignore[misc]  # (compiled code never reads it: mypyc makes i64 values itself)

__all__ = ["i64"]
