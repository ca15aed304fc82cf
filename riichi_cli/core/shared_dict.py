# mypyc: skip (a subclass of dict, which mypyc does not compile; nothing here runs per call)
"""Read-only dicts: the parts of a result that equal results share.

A result's yaku items, fu lines, groups, points and payments recur across hands (a few thousand
distinct ones over the conformance set). Building and freeing a fresh copy of each for every result
was half the cost of `riichi_cli.score` (issue 22): the copies are most of a result's memory, and
the memory, not the instructions, is what the time goes on. Equal parts are therefore one object,
and so that sharing them can never make one result change another, that object refuses changes.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Any, NoReturn


REFUSAL = (
    "this dict is part of a result and shared with other results, so it is read-only; "
    "change a copy (d.copy(), dict(d) or copy.deepcopy(result))"
)


class SharedDict(dict):
    """A dict that refuses changes. It reads, compares, prints, pickles and encodes to JSON as the
    plain dict it equals; ``.copy()``, ``dict(d)``, ``copy.copy`` and ``copy.deepcopy`` give plain
    dicts to change.

    >>> d = SharedDict({"id": "tanyao", "han": 1})
    >>> d["han"], d == {"id": "tanyao", "han": 1}, d.copy()
    (1, True, {'id': 'tanyao', 'han': 1})
    >>> d["han"] = 2
    Traceback (most recent call last):
    TypeError: this dict is part of a result and shared with other results, so it is read-only; ...
    """

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(REFUSAL)

    __setitem__ = __delitem__ = __ior__ = _refuse  # type: ignore[assignment]
    clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]

    def __copy__(self) -> dict:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict:
        from copy import deepcopy  # (here: importing copy is a millisecond of every command's start)

        return {key: deepcopy(value, memo) for key, value in self.items()}

    def __reduce__(self) -> tuple[type[SharedDict], tuple[dict]]:
        # pickle would otherwise rebuild it item by item through the refused __setitem__
        return SharedDict, (dict(self),)


def read_only(d: dict) -> dict:
    """``d`` itself when it is a `SharedDict` already, else a read-only copy of it."""
    return d if isinstance(d, SharedDict) else SharedDict(d)
