"""What a yaku or yakuman row is (`YakuDef`, `YakumanDef`) and what a result lists for it (`YakuItem`)."""

from __future__ import annotations

from collections.abc import Callable

from .reading import Reading
from .record import Record
from .shared_dict import SharedDict

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Final


class YakuItem(Record):
    """One listed yaku: han for a yaku or dora, ``yakuman`` (the multiplier) for a yakuman."""

    FIELDS = ("id", "han", "yakuman")

    def __init__(self, id: str, han: int | None = None, yakuman: int | None = None) -> None:
        self.id: Final = id
        self.han: Final = han
        self.yakuman: Final = yakuman
        self._dict: dict | None = None  # `as_dict`, once asked for
        self._text: str | None = None  # `json_text`, once asked for

    def as_dict(self) -> dict:
        """``{"id", "name", "han"}`` or ``{"id", "name", "yakuman"}`` (docs/output.md): read-only, the
        same `SharedDict` each time it is asked for (results share it)."""
        if self._dict is None:
            item: dict = {"id": self.id, "name": NAMES[self.id][0]}
            if self.yakuman:
                item["yakuman"] = self.yakuman
            else:
                item["han"] = self.han
            self._dict = SharedDict(item)
        return self._dict

    def json_text(self, encode: Callable[[dict], str]) -> str:
        """``encode(self.as_dict())``, made once: the caller (the batch's JSON writer) always passes
        the same encoder."""
        if self._text is None:
            self._text = encode(self.as_dict())
        return self._text


class YakuDef:
    """One yaku: its names, its han closed and open (0: not allowed open) and its `test`.

    ``no_tsumo_fu``: a hand with this yaku earns no fu for a tsumo (pinfu's definition).
    ``needs``: the `reading_facts` bits without which ``test`` cannot hold (`find_yaku` skips the test
    of a reading that lacks one).
    ``closed_item`` and ``open_item`` are what a result lists for it (``open_item`` None: closed only).
    """

    def __init__(
        self,
        id: str,
        name: str,
        english: str,
        japanese: str,
        closed_han: int,
        open_han: int,
        test: Callable[[Reading], bool],
        no_tsumo_fu: bool = False,
        needs: int = 0,
    ) -> None:
        self.id: Final = id
        self.name: Final = name
        self.english: Final = english
        self.japanese: Final = japanese
        self.closed_han: Final = closed_han
        self.open_han: Final = open_han
        self.test: Final = test
        self.no_tsumo_fu: Final = no_tsumo_fu
        self.needs: Final = needs
        self.row = -1  # its place in the table (core/yaku.py sets it), by which `_holds` runs its test
        self.closed_item: Final = YakuItem(id, han=closed_han)
        self.open_item: Final = YakuItem(id, han=open_han) if open_han else None

    def item(self, closed: bool) -> YakuItem:
        """What a result lists for this yaku in a closed or an open hand."""
        if closed or self.open_item is None:
            return self.closed_item
        return self.open_item

    def __repr__(self) -> str:
        return f"YakuDef({self.id!r}, closed_han={self.closed_han}, open_han={self.open_han})"


class YakumanDef:
    """One yakuman: its names and its `count`, how many yakuman a reading makes of it."""

    def __init__(
        self, id: str, name: str, english: str, japanese: str, count: Callable[[Reading], int]
    ) -> None:
        self.id: Final = id
        self.name: Final = name
        self.english: Final = english
        self.japanese: Final = japanese
        self.count: Final = count
        self._items: Final = (YakuItem(id, yakuman=1), YakuItem(id, yakuman=2))

    def item(self, count: int) -> YakuItem:
        """The listed item of this yakuman counted ``count`` times."""
        return self._items[count - 1] if 1 <= count <= 2 else YakuItem(self.id, yakuman=count)

    def __repr__(self) -> str:
        return f"YakumanDef({self.id!r})"


#: id -> (name, english, japanese) for every row a result can list: filled by core/yaku.py, which
#: sees both tables (a yakuman's row needs `YakuItem` before the names of every row exist).
NAMES: Final[dict[str, tuple[str, str, str]]] = {}
