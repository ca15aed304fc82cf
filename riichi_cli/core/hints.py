# mypyc: skip (its one name must be a plain function at run time, in a compiled install too)
"""``cast`` without importing typing: `riichi batch` starts without the typing module.

Importing typing was the largest part of a batch's start-up that was not the interpreter's own (about
3 ms of 80 on 8,000 hands, as much as scoring 500 of them). The modules a batch loads keep their
typing names for the type checker alone (``TYPE_CHECKING = False`` and an ``if TYPE_CHECKING:``
import, which mypy and mypyc read as true) and take ``cast`` from here. Compiled code never calls it:
mypyc sees ``typing.cast`` and checks the type itself. In Python it is what ``typing.cast`` is, the
value unchanged. tests/test_start_up.py checks that a batch never loads typing.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import cast as cast
else:

    def cast(_type, value):  # (unannotated: the checker reads typing.cast instead)
        """The value itself, as ``typing.cast``."""
        return value


__all__ = ["cast"]
