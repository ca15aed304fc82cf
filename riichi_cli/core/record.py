"""Immutable records for the compiled core: plain classes with their own ``__init__``.

A frozen dataclass builds every instance through interpreted code even when the core is compiled,
which made building a hand's context and result most of the cost of scoring it. A `Record` is a
plain class whose ``__init__`` assigns ``Final`` fields (read-only once compiled, and for mypy); this
base gives it what a frozen dataclass gave its callers: equality and hashing by fields, a repr
listing them, and `replace`.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Any, ClassVar, TypeVar

    T = TypeVar("T")


class Record:
    """Base of the core's value types. ``FIELDS`` names the fields in ``__init__``'s order."""

    FIELDS: ClassVar[tuple[str, ...]] = ()

    def astuple(self) -> tuple:
        """The fields' values in ``FIELDS`` order."""
        return tuple([getattr(self, f) for f in self.FIELDS])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Record)
        return self.astuple() == other.astuple()

    def __hash__(self) -> int:
        return hash(self.astuple())

    def __repr__(self) -> str:
        fields = ", ".join([f"{f}={getattr(self, f)!r}" for f in self.FIELDS])
        return f"{type(self).__name__}({fields})"


def replace(obj: T, **changes: Any) -> T:
    """A copy of a Record (or a dataclass) with some fields changed, as `dataclasses.replace`."""
    if not isinstance(obj, Record):
        import dataclasses  # here: a batch loads no dataclass (the module was a quarter of its start-up)

        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    values = dict(zip(obj.FIELDS, obj.astuple()))
    for key in changes:
        if key not in values:
            raise TypeError(f"{type(obj).__name__} has no field {key!r}")
    values.update(changes)
    made: T = type(obj)(**values)
    return made
