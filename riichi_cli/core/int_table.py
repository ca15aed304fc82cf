"""`IntTable`: a memo of small int values keyed by non-negative ints, read without a boxed key.

A dict keyed by ints beyond CPython's small-int cache makes an int object for every look-up (an
allocation and a free) and compares keys through the generic protocol; in the compiled core that was
most of the cost of a cached look-up (a suit's text, a shanten part's vector: bench/README.md, issue
22). This table keeps one list of slots, open addressing with linear probing, each slot an object
holding its key and value as native ints: a compiled look-up is a multiply, a shift, a list read and
two fields of one object (two lists of boxed ints read four scattered cache lines a look-up, and most
keys took two digits to unbox: issue 22). Interpreted, a dict would be quicker; the numbers are the
same either way.
"""

from __future__ import annotations

from .native import i64

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Final

#: Marks an empty slot (keys are never negative).
_EMPTY: Final = -1
#: Spreads the key's bits over the slot index (Knuth's multiplicative hashing, 2**32 / golden ratio).
_SPREAD: Final = 2654435761


class _Slot:
    """One key (-1: an empty slot) and its value."""

    __slots__ = ("key", "value")

    def __init__(self, key: i64, value: i64) -> None:
        self.key: i64 = key
        self.value: i64 = value


#: Every empty slot: one object, shared.
_NO_SLOT: Final = _Slot(_EMPTY, 0)


class IntTable:
    """Keys (ints from 0 to 2**47: callers check) to values (ints 0 or more); `get` gives -1 for a
    missing key.

    Doubles up to ``max_bits`` bits of slots, then starts empty again when half full: a memo, bounded.
    """

    __slots__ = ("slots", "mask", "used", "max_size")

    def __init__(self, bits: int, max_bits: int) -> None:
        self.slots: list[_Slot] = [_NO_SLOT] * (1 << bits)
        self.mask: i64 = (1 << bits) - 1
        self.used: i64 = 0
        self.max_size: i64 = 1 << max_bits

    def get(self, key: i64) -> i64:
        """The value of ``key``, or -1."""
        slots = self.slots  # the probe of `_find`, inline: every cached look-up runs it
        mask = self.mask
        i: i64 = first_slot(key, mask)
        slot = slots[i]
        while slot.key != key:
            if slot.key == _EMPTY:
                return -1
            i = (i + 1) & mask
            slot = slots[i]
        return slot.value

    def _find(self, key: i64) -> i64:
        """The slot of ``key``, or the empty slot where it would go."""
        slots = self.slots
        mask = self.mask
        i: i64 = first_slot(key, mask)
        while True:
            found: i64 = slots[i].key
            if found == key or found == _EMPTY:
                return i
            i = (i + 1) & mask

    def put(self, key: i64, value: i64) -> None:
        """Set ``key`` (0 to 2**47) to ``value`` (0 or more)."""
        if 2 * (self.used + 1) > self.mask + 1:  # at most half full: probes stay short
            size: i64 = 2 * (self.mask + 1)
            if size > self.max_size:
                self._reset(self.mask + 1)
            else:
                self._grow(size)
        self._insert(key, value)

    def clear(self) -> None:
        """Forget every key (the slots keep their number)."""
        self._reset(self.mask + 1)

    def _insert(self, key: i64, value: i64) -> None:
        i = self._find(key)
        slot = self.slots[i]
        if slot.key == _EMPTY:
            self.slots[i] = _Slot(key, value)
            self.used += 1
        else:
            slot.value = value

    def _reset(self, size: i64) -> None:
        self.slots = [_NO_SLOT] * size
        self.mask = size - 1
        self.used = 0

    def _grow(self, size: i64) -> None:
        slots = self.slots
        self._reset(size)
        for slot in slots:
            if slot.key != _EMPTY:
                self.slots[self._find(slot.key)] = slot
                self.used += 1


def first_slot(key: i64, mask: i64) -> i64:
    """The first slot of ``key``: the high bits of a 32-bit product, which depend on every key bit.

    The key is folded to 31 bits first, so the product stays below 2**63 (no overflow compiled)."""
    folded: i64 = (key ^ (key >> 31)) & 0x7FFFFFFF
    return ((folded * _SPREAD) >> 16) & mask
