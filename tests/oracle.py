"""The `mahjong` package (a test-only oracle) configured like riichi's rules.

Shared by the differential test and bench/bench_score.py. Only imported where `mahjong` is
installed; riichi_cli itself never imports it.
"""

from __future__ import annotations

from mahjong.constants import EAST
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules

SEATS = "ESWN"


def hand_config(
    ctx: dict,
    *,
    aka: bool = True,
    double_yakuman: bool = False,
    kazoe: bool = True,
    kiriage: bool = False,
    three_player: bool = False,
) -> HandConfig:
    """The library's HandConfig for a docs/input.md situation (tenhou rules, the given options); with
    ``three_player`` its sanma mode and ``kita`` as nuki dora."""
    return HandConfig(
        is_tsumo=ctx.get("win") == "tsumo",
        is_riichi=bool(ctx.get("riichi")),
        is_daburu_riichi=bool(ctx.get("double_riichi")),
        is_ippatsu=bool(ctx.get("ippatsu")),
        is_rinshan=bool(ctx.get("rinshan")),
        is_chankan=bool(ctx.get("chankan")),
        is_haitei=bool(ctx.get("haitei")),
        is_houtei=bool(ctx.get("houtei")),
        is_tenhou=bool(ctx.get("tenhou")),
        is_chiihou=bool(ctx.get("chiihou")),
        player_wind=EAST + SEATS.index(ctx.get("seat_wind", "S")),
        round_wind=EAST + SEATS.index(ctx.get("round_wind", "E")),
        tsumi_number=ctx.get("honba", 0),
        kyoutaku_number=ctx.get("riichi_sticks", 0),
        num_nuki_dora=ctx.get("kita", 0),
        options=OptionalRules(
            has_open_tanyao=True,
            has_aka_dora=aka,
            has_double_yakuman=double_yakuman,
            kazoe_limit=HandConstants.KAZOE_LIMITED if kazoe else HandConstants.KAZOE_SANBAIMAN,
            kiriage=kiriage,
            fu_for_open_pinfu=True,
            fu_for_pinfu_tsumo=False,
            limit_to_sextuple_yakuman=False,
            is_three_player=three_player,
        ),
    )
