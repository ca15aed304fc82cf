"""`Templates`: values made once per int key (small dicts, texts), shared or copied by the callers.

A result's small dicts (its points, its payments) and their JSON texts take a few values out of a few
hundred that recur hand after hand. Each distinct content is made once, found by its values packed in
an int: read-only dicts that results share (`shared_dict`), dicts to copy and fill in, texts.

The table is one list of entries, each holding its key as a native int beside its dict: a look-up
reads a slot and the entry it points to (two cache lines; the first level cache rarely holds them, a
few hundred templates spread over the heap), not a key list, a key object, a value list, a value
object and a list of dicts.
"""

from __future__ import annotations

from .int_table import first_slot
from .native import i64

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Any, Final


class _Entry:
    """A key and its template, and what else the caller keeps with it (``extra``: a second template in
    the same entry, rather than a tuple of the two, which the collector would track for good)."""

    __slots__ = ("key", "template", "extra")

    def __init__(self, key: i64, template: Any, extra: object = None) -> None:
        self.key: Final = key
        self.template: Final = template
        self.extra: Final = extra


class Templates:
    """Values (dicts to copy) by int key (0 to 2**62), at most ``limit`` of them (then the rest are not kept).

    Not a generic class: ``Generic`` would need the typing module at run time, which `riichi batch`
    starts without (core/hints.py). Each table's values are of one type, named where they are read
    (``found: str | None = table.get(key)``), so that compiled code reads them as that type.

    Open addressing with linear probing from `first_slot` (as `IntTable`), at most half full (the slots
    double as entries come)."""

    __slots__ = ("slots", "mask", "count", "limit")

    def __init__(self, limit: int) -> None:
        self.slots: list[_Entry | None] = [None] * 64
        self.mask: i64 = 63
        self.count: i64 = 0
        self.limit: Final[i64] = limit

    def get(self, key: i64) -> Any:
        """The template of ``key`` (shared: copy it), or None. (`entry`'s walk, written out: the
        memos' look-up, several a score() call, makes no second call.)"""
        slots = self.slots
        mask = self.mask
        i: i64 = first_slot(key, mask)
        entry = slots[i]
        while entry is not None:
            if entry.key == key:
                return entry.template
            i = (i + 1) & mask
            entry = slots[i]
        return None

    def entry(self, key: i64) -> _Entry | None:
        """The entry of ``key`` (its template and extra, shared: copy them), or None."""
        slots = self.slots
        mask = self.mask
        i: i64 = first_slot(key, mask)
        entry = slots[i]
        while entry is not None:
            if entry.key == key:
                return entry
            i = (i + 1) & mask
            entry = slots[i]
        return None

    def put(self, key: i64, template: object, extra: object = None) -> i64:
        """Keep ``template`` and ``extra`` (not to be changed afterwards) for ``key``, unless ``limit``
        are kept (or ``key`` is: the first stays); its number among the kept ones (0, 1, ...), or -1
        if not kept."""
        if self.count >= self.limit or self.entry(key) is not None:
            return -1
        number = self.count  # taken before anything runs that could let another thread in: each its own
        self.count = number + 1
        if 2 * (number + 1) > self.mask + 1:
            self._grow()
        self._insert(_Entry(key, template, extra))
        return number

    def _insert(self, entry: _Entry) -> None:
        slots = self.slots
        mask = self.mask
        i: i64 = first_slot(entry.key, mask)
        while slots[i] is not None:
            i = (i + 1) & mask
        slots[i] = entry

    def _grow(self) -> None:
        old = self.slots
        self.slots = [None] * (2 * len(old))
        self.mask = 2 * self.mask + 1
        for entry in old:
            if entry is not None:
                self._insert(entry)
