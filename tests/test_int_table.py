"""`IntTable`, the memo of int keys that the shanten parts and the suit texts are cached in."""

from __future__ import annotations

from riichi_cli.core.int_table import IntTable


def test_missing_keys_are_minus_one_and_set_keys_are_found():
    table = IntTable(2, 4)
    assert table.get(0) == -1
    table.put(0, 7)
    table.put(2**47 - 1, 0)
    table.put(5, 3)
    table.put(5, 4)  # set again: the new value
    assert (table.get(0), table.get(2**47 - 1), table.get(5), table.get(6)) == (7, 0, 4, -1)
    assert table.used == 3


def test_it_grows_to_its_bound_then_starts_empty():
    table = IntTable(1, 3)  # 2 slots, at most 8: half full is 4 keys
    for key in range(4):
        table.put(key * 1000, key)
    assert [table.get(key * 1000) for key in range(4)] == [0, 1, 2, 3]
    assert table.mask == 7  # grown from 2 slots to 8
    table.put(99, 9)  # a fifth key in 8 slots: forgotten all, kept the new one
    assert (table.get(0), table.get(3000), table.get(99), table.used) == (-1, -1, 9, 1)
    table.clear()
    assert table.get(99) == -1 and table.used == 0
