"""`Templates`: small dicts made once per int key, for callers to copy.

A result's small dicts (its points, its payments) take a few values out of a few hundred that recur
hand after hand. A copy of a dict with its keys and values in place costs less than a copy filled in
key by key (each key set is a look-up), so each distinct content is made once, found by its values
packed in an int (an `IntTable`: no int object per look-up), and copied: every caller still gets a
fresh dict of its own.
"""

from __future__ import annotations

from typing import Final

from .int_table import IntTable
from .native import i64


class Templates:
    """Dicts by int key (0 to 2**47), at most ``limit`` of them (then the rest are not kept)."""

    __slots__ = ("ids", "dicts", "limit")

    def __init__(self, limit: int) -> None:
        self.ids: Final = IntTable(8, 20)  # never reset: `limit` stays far below its half-full size
        self.dicts: Final[list[dict]] = []
        self.limit: Final = limit

    def get(self, key: i64) -> dict | None:
        """The template of ``key`` (shared: copy it), or None."""
        i = self.ids.get(key)
        return self.dicts[i] if i >= 0 else None

    def put(self, key: i64, template: dict) -> None:
        """Keep ``template`` (not to be changed afterwards) for ``key``, unless ``limit`` are kept."""
        if len(self.dicts) < self.limit:
            self.ids.put(key, len(self.dicts))
            self.dicts.append(template)
