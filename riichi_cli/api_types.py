"""The types of what the Python API returns, one TypedDict per object of the JSON Schemas.

riichi_cli/schemas/*.json are the source of truth: these classes were written from them, and
tests/test_api_types.py checks, key by key and object by object, that every TypedDict has the keys its
schema object has, with the same ones required, so the two cannot drift apart. Values that are one of
a closed set (a tile, a wind, an error code) are typed ``str``; the schemas hold the sets.

The functional form is used where a key is a Python keyword (``from``); an object with both required
and optional keys joins a total base and a ``total=False`` one (``NotRequired`` needs Python 3.11).
"""

from __future__ import annotations

from typing import Any, TypedDict

__all__ = [
    "AnalyzeResult",
    "ReplayRecord",
    "RulesResult",
    "ScoreResult",
    "SettleResult",
    "ShantenResult",
    "TableResult",
    "WaitsResult",
]


class _ScoreErrorRequired(TypedDict):
    code: str
    message: str


class _ScoreErrorOptional(TypedDict, total=False):
    detail: str | None


class ScoreError(_ScoreErrorRequired, _ScoreErrorOptional):
    """Why the input was refused."""


class _ScoreYakuRequired(TypedDict):
    id: str
    name: str


class _ScoreYakuOptional(TypedDict, total=False):
    han: int
    yakuman: int


class ScoreYaku(_ScoreYakuRequired, _ScoreYakuOptional):
    """The `ScoreYaku` object of the JSON Schema."""


class ScoreFuLine(TypedDict):
    reason: str
    fu: int
    id: str


class ScorePointsTsumo(TypedDict):
    dealer: int | None
    non_dealer: int


class ScorePoints(TypedDict):
    total: int
    ron: int | None
    tsumo: ScorePointsTsumo | None
    honba: int
    deposits: int


class ScoreReadingGroup(TypedDict):
    tiles: str
    kind: str
    open: bool
    win: bool


class ScoreReading(TypedDict):
    groups: list[ScoreReadingGroup]
    wait: str


_ScoreResultRequired = TypedDict(
    "_ScoreResultRequired",
    {
        "id": str | float | bool | None,
        "ok": bool,
        "error": ScoreError | None,
        "hand": str | None,
        "win_tile": str | None,
        "win": str | None,
        "from": str | None,
        "seat_wind": str | None,
        "round_wind": str | None,
        "dealer": bool | None,
        "han": int | None,
        "fu": int | None,
        "yakuman": int | None,
        "limit": str | None,
        "yaku": list[ScoreYaku] | None,
        "fu_breakdown": list[ScoreFuLine] | None,
        "points": ScorePoints | None,
        "payments": dict[str, int] | None,
        "reading": ScoreReading | None,
        "warnings": list[str],
    },
)


class _ScoreResultOptional(TypedDict, total=False):
    source: str


class ScoreResult(_ScoreResultRequired, _ScoreResultOptional):
    """The `ScoreResult` object of the JSON Schema."""


class WaitsResultWait(TypedDict):
    tile: str
    unseen: int
    ron: ScoreResult
    tsumo: ScoreResult


class _WaitsResultFuritenRequired(TypedDict):
    furiten: bool
    kind: str | None
    tiles: list[str]


class _WaitsResultFuritenOptional(TypedDict, total=False):
    note: str | None


class WaitsResultFuriten(_WaitsResultFuritenRequired, _WaitsResultFuritenOptional):
    """The `WaitsResultFuriten` object of the JSON Schema."""


class WaitsResultPureKaraten(TypedDict):
    pure_karaten: bool
    tiles: list[str]
    counts_as_tenpai: bool


class _WaitsResultRequired(TypedDict):
    ok: bool
    error: ScoreError | None
    hand: str | None
    tenpai: bool | None
    shanten: int | None
    waits: list[WaitsResultWait] | None
    furiten: WaitsResultFuriten | None
    karaten: bool | None
    keishiki: bool | None


class _WaitsResultOptional(TypedDict, total=False):
    line: int
    id: str | float | bool | None
    pure_karaten: WaitsResultPureKaraten | None
    rules: str | None
    next: str | None


class WaitsResult(_WaitsResultRequired, _WaitsResultOptional):
    """What a 13-tile hand waits on; also each line of `riichi waits -`."""


class ShantenResultShanten(TypedDict):
    standard: int
    chiitoitsu: int | None
    kokushi: int | None
    best: int


class ShantenAccept(TypedDict):
    tile: str
    unseen: int


class ShantenResultDiscard(TypedDict):
    discard: str
    shanten: int
    accepts: list[ShantenAccept]
    total: int


class _ShantenResultRequired(TypedDict):
    ok: bool
    error: ScoreError | None
    hand: str | None
    tiles: int | None
    shanten: ShantenResultShanten | None


class _ShantenResultOptional(TypedDict, total=False):
    line: int
    id: str | float | bool | None
    accepts: list[ShantenAccept]
    total: int
    discards: list[ShantenResultDiscard]


class ShantenResult(_ShantenResultRequired, _ShantenResultOptional):
    """Shanten of 13 or 14 tiles; also each line of `riichi shanten -`."""


class SettleResultSkippedItem(TypedDict):
    seat_wind: str
    reason: str


class SettleResultPaoItem(TypedDict):
    seat_wind: str
    liable: str
    yakuman: list[str]
    scope: str
    liable_pays: int


class SettleResultDraw(TypedDict):
    kind: str
    reason: str | None
    tenpai: list[str]
    noten: list[str]
    nagashi: list[str]


class SettleResultChombo(TypedDict):
    seat: str
    reason: str | None
    penalty: str
    deduction: int
    sticks_returned: list[str]


class SettleResultNext(TypedDict):
    honba: int
    riichi_sticks: int


class SettleResult(TypedDict):
    id: str | float | bool | None
    ok: bool
    error: ScoreError | None
    kind: str | None
    rules: str | None
    wins: list[ScoreResult]
    skipped: list[SettleResultSkippedItem]
    pao: list[SettleResultPaoItem]
    draw: SettleResultDraw | None
    chombo: SettleResultChombo | None
    deltas: dict[str, int] | None
    dealer_continues: bool | None
    next: SettleResultNext | None
    scores: dict[str, int] | None
    warnings: list[str]


class AnalyzeModel(TypedDict):
    hand_changes: bool
    shanten_back: bool
    extra: int
    riichi: bool
    ura: bool
    ippatsu: bool
    haitei: bool


class AnalyzeAccept(TypedDict):
    tile: str
    unseen: int


class AnalyzeDiscardPerTurn(TypedDict):
    tenpai: list[float]
    win: list[float]
    ev: list[float]


class AnalyzeDiscard(TypedDict):
    tile: str
    shanten: int
    acceptance: list[AnalyzeAccept]
    acceptance_count: int
    tenpai: float
    win: float
    ev: float
    per_turn: AnalyzeDiscardPerTurn


class AnalyzeResultBest(TypedDict):
    ev: str
    win: str
    tenpai: str


class _AnalyzeResultRequired(TypedDict):
    id: str | float | bool | None
    ok: bool
    error: ScoreError | None
    hand: str | None
    turn: int | None
    draws: int | None
    unseen: int | None
    shanten: int | None
    target: str | None
    model: AnalyzeModel | None
    discards: list[AnalyzeDiscard] | None
    best: AnalyzeResultBest | None


class _AnalyzeResultOptional(TypedDict, total=False):
    line: int


class AnalyzeResult(_AnalyzeResultRequired, _AnalyzeResultOptional):
    """The `AnalyzeResult` object of the JSON Schema."""


class _ReplayRecordRecordedYakuItemRequired(TypedDict):
    id: str


class _ReplayRecordRecordedYakuItemOptional(TypedDict, total=False):
    han: int
    yakuman: int


class ReplayRecordRecordedYakuItem(
    _ReplayRecordRecordedYakuItemRequired, _ReplayRecordRecordedYakuItemOptional
):
    """The `ReplayRecordRecordedYakuItem` object of the JSON Schema."""


class ReplayRecordRecorded(TypedDict):
    han: int | None
    fu: int | None
    yakuman: int | None
    points: int | None
    yaku: list[ReplayRecordRecordedYakuItem] | None
    deltas: list[int] | None


class _ReplayRecordComputedYakuItemRequired(TypedDict):
    id: str


class _ReplayRecordComputedYakuItemOptional(TypedDict, total=False):
    han: int
    yakuman: int


class ReplayRecordComputedYakuItem(
    _ReplayRecordComputedYakuItemRequired, _ReplayRecordComputedYakuItemOptional
):
    """The `ReplayRecordComputedYakuItem` object of the JSON Schema."""


class ReplayRecordComputed(TypedDict):
    han: int | None
    fu: int | None
    yakuman: int | None
    points: int | None
    yaku: list[ReplayRecordComputedYakuItem] | None
    deltas: list[int] | None


class _ReplayRecordErrorRequired(TypedDict):
    code: str
    message: str


class _ReplayRecordErrorOptional(TypedDict, total=False):
    detail: str | None


class ReplayRecordError(_ReplayRecordErrorRequired, _ReplayRecordErrorOptional):
    """The `ReplayRecordError` object of the JSON Schema."""


class _ReplayRecordRequired(TypedDict):
    source: str
    kind: str


_ReplayRecordOptional = TypedDict(
    "_ReplayRecordOptional",
    {
        "game": str | None,
        "round": int | None,
        "kyoku": str | None,
        "honba": int | None,
        "seat": int | None,
        "from": int | None,
        "recorded": ReplayRecordRecorded | None,
        "computed": ReplayRecordComputed | None,
        "agree": bool | None,
        "differences": list[str],
        "score": ScoreResult | None,
        "error": ReplayRecordError | None,
        "draw": str | None,
        "scores": list[int],
        "settle": SettleResult | None,
    },
    total=False,
)


class ReplayRecord(_ReplayRecordRequired, _ReplayRecordOptional):
    """The `ReplayRecord` object of the JSON Schema."""


class _RulesResultRequired(TypedDict):
    ok: bool
    error: ScoreError | None


class _RulesResultOptional(TypedDict, total=False):
    id: Any
    preset: str | None
    options: dict[str, bool | int | str] | None
    unverified: list[str] | None
    presets: dict[str, dict[str, bool | int | str]]
    default: str


class RulesResult(_RulesResultRequired, _RulesResultOptional):
    """The `RulesResult` object of the JSON Schema."""


class TableResultCell(TypedDict):
    han: int
    fu: int
    dealer: bool
    limit: str | None
    ron: int | None
    tsumo_dealer: int | None
    tsumo_other: int | None
    tsumo_total: int | None


class _TableResultLimitRequired(TypedDict):
    limit: str
    dealer: bool
    ron: int | None


class _TableResultLimitOptional(TypedDict, total=False):
    tsumo_dealer: int | None
    tsumo_other: int | None
    tsumo_total: int | None


class TableResultLimit(_TableResultLimitRequired, _TableResultLimitOptional):
    """The `TableResultLimit` object of the JSON Schema."""


class _TableResultRequired(TypedDict):
    ok: bool
    error: ScoreError | None
    rules: str | None
    cells: list[TableResultCell] | None
    limits: list[TableResultLimit] | None


class _TableResultOptional(TypedDict, total=False):
    id: Any
    players: int
    tsumo_loss: bool | None


class TableResult(_TableResultRequired, _TableResultOptional):
    """The `TableResult` object of the JSON Schema."""
