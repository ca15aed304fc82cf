"""The situation of a win or of a waiting hand, and the checks that it could happen at a table.

The keys of a mapping are read by :mod:`riichi_cli.io.mapping`; this module holds what they
become (a `Context`, a checked `Request`) and the table-side checks. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from .decompose import is_kokushi
from .errors import InvalidContext, InvalidHand
from .hand import Hand, Meld
from .record import Record
from .rules import Rules
from .tiles import NORTH, NOT_IN_THREE_PLAYER, name, seat_before

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Any, Final


class Context(Record):
    """Everything about a win that is not the tiles. Seats are ``'E' 'S' 'W' 'N'``; East deals."""

    FIELDS = (
        "tsumo", "from_seat", "round_wind", "seat_wind", "riichi", "double_riichi", "ippatsu", "haitei",
        "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou", "dora", "ura", "honba",
        "riichi_sticks", "discards", "passed", "chankan_ankan", "kita", "players",
    )  # fmt: skip

    def __init__(
        self,
        tsumo: bool = False,
        from_seat: str | None = None,
        round_wind: str = "E",
        seat_wind: str = "S",
        riichi: bool = False,
        double_riichi: bool = False,
        ippatsu: bool = False,
        haitei: bool = False,
        houtei: bool = False,
        rinshan: bool = False,
        chankan: bool = False,
        tenhou: bool = False,
        chiihou: bool = False,
        renhou: bool = False,
        dora: tuple[int, ...] = (),
        ura: tuple[int, ...] = (),
        honba: int = 0,
        riichi_sticks: int = 0,
        discards: tuple[int, ...] = (),
        passed: tuple[int, ...] = (),
        chankan_ankan: bool = False,
        kita: int = 0,
        players: int = 4,
    ) -> None:
        self.tsumo: Final = tsumo
        self.from_seat: Final = from_seat
        self.round_wind: Final = round_wind
        self.seat_wind: Final = seat_wind
        self.riichi: Final = riichi
        self.double_riichi: Final = double_riichi
        self.ippatsu: Final = ippatsu
        self.haitei: Final = haitei
        self.houtei: Final = houtei
        self.rinshan: Final = rinshan
        self.chankan: Final = chankan
        self.tenhou: Final = tenhou
        self.chiihou: Final = chiihou
        self.renhou: Final = renhou
        self.dora: Final = dora
        self.ura: Final = ura
        self.honba: Final = honba
        self.riichi_sticks: Final = riichi_sticks
        self.discards: Final = discards
        self.passed: Final = passed
        self.chankan_ankan: Final = chankan_ankan  # `chankan: ankan`: the robbed kan was a concealed one
        self.kita: Final = kita  # North tiles set aside as nuki dora (three players)
        self.players: Final = players

    @property
    def dealer(self) -> bool:
        return self.seat_wind == "E"

    @property
    def in_riichi(self) -> bool:
        return self.riichi or self.double_riichi

    @property
    def discarder(self) -> str | None:
        """The seat that dealt in: ``from``, else the seat before the winner; None on tsumo."""
        if self.tsumo:
            return None
        return self.from_seat or seat_before(self.seat_wind, self.players)


class Request(Record):
    """A checked win: what `riichi_cli.io.mapping.build_request` returns and `score_request` takes."""

    FIELDS = ("hand", "context", "rules", "id")

    def __init__(self, hand: Hand, context: Context, rules: Rules, id: Any = None) -> None:
        self.hand: Final = hand
        self.context: Final = context
        self.rules: Final = rules
        self.id: Final = id


#: The situations `check_context` refuses: stable id (``error.detail``) -> message.
IMPOSSIBLE: Final = {
    "riichi_with_open_melds": "riichi with open melds",
    "ippatsu_without_riichi": "ippatsu without riichi",
    "ippatsu_not_played": "ippatsu is not played under {rules} (ippatsu: false)",
    "ippatsu_with_rinshan": "ippatsu with rinshan (any kan or kita ends ippatsu, a concealed kan too)",
    "tsumo_with_from": "tsumo with 'from' (only a ron has a discarder)",
    "deal_in_to_self": "the winner cannot deal in to themselves ('from' is the seat wind)",
    "haitei_with_ron": "haitei with ron (haitei is a tsumo on the last tile; see houtei)",
    "houtei_with_tsumo": "houtei with tsumo (houtei is a ron on the last discard; see haitei)",
    "chankan_with_tsumo": "chankan with tsumo (chankan robs a kan: a ron)",
    "rinshan_with_ron": "rinshan with ron (rinshan is a tsumo on the replacement tile)",
    "rinshan_without_kan": "rinshan without a kan (or a kita) in the hand",
    "rinshan_with_haitei": "rinshan and haitei together (the replacement tile is not the last tile)",
    "chankan_with_houtei": "chankan and houtei together",
    "tenhou_for_non_dealer": "tenhou for a non-dealer (see chiihou)",
    "tenhou_with_ron": "tenhou with ron",
    "chiihou_for_dealer": "chiihou for the dealer (see tenhou)",
    "chiihou_with_ron": "chiihou with ron (see renhou)",
    "renhou_for_dealer_or_tsumo": "renhou is a non-dealer's ron before their first draw",
    "renhou_not_played": "renhou is not played under {rules} (renhou: none)",
    "renhou_with_chankan": "renhou with chankan (the robbed kan was a call: the first turn is over)",
    "first_turn_win_with_melds": "tenhou/chiihou/renhou with melds",
    "first_turn_win_with_riichi": "tenhou/chiihou/renhou with riichi",
    "first_turn_win_after_kita": "tenhou/chiihou/renhou after a kita (a kita breaks them as a call does)",
    "ura_without_riichi": "ura dora indicators without riichi",
    "ura_dora_not_played": "ura dora are not played under {rules} (ura_dora: false)",
    "kan_dora_not_played": "{dora} dora indicators but kan_dora is false",
    "too_many_dora_indicators": "{dora} dora indicators (at most 5: one plus four kans)",
    "too_many_ura_indicators": "{ura} ura dora indicators (at most 5)",
    "more_ura_than_dora": "{ura} ura indicators but {dora} dora indicators (one ura each)",
    "kan_ura_not_played": "{ura} ura indicators but kan_ura is false under {rules}",
}


def check_context(melds: tuple[Meld, ...], c: Context, rules: Rules) -> None:
    """Refuse situations that cannot happen at a table, given the player's melds.

    The first broken rule is refused with its id (the refusal's ``error.detail``; `IMPOSSIBLE` holds
    its message), in the order below.
    """
    if not (c.in_riichi or c.from_seat or c.ura or len(c.dora) > 1 or c.ippatsu or c.haitei or c.houtei
            or c.rinshan or c.chankan or c.tenhou or c.chiihou or c.renhou):  # fmt: skip
        return  # none of the rules below can be broken
    detail = _impossible(melds, c, rules)
    if detail:  # messages are formatted only when they are shown
        text = IMPOSSIBLE[detail].format(rules=rules.name, dora=len(c.dora), ura=len(c.ura))
        raise InvalidContext(f"impossible context: {text}", detail=detail)


def _impossible(melds: tuple[Meld, ...], c: Context, rules: Rules) -> str:
    """The id of the first rule of `check_context` the situation breaks, or ``""``."""
    riichi, tsumo = c.in_riichi, c.tsumo
    if riichi and _called(melds):
        return "riichi_with_open_melds"
    if c.ippatsu and not riichi:
        return "ippatsu_without_riichi"
    if c.ippatsu and not rules.ippatsu:
        return "ippatsu_not_played"
    if tsumo and c.from_seat is not None:
        return "tsumo_with_from"
    seat = c.from_seat
    if seat is not None and (seat is c.seat_wind or seat == c.seat_wind):  # (one-letter texts: shared)
        return "deal_in_to_self"
    # The rules of the rarer flags, each of which names one of them: most hands (riichi, a ron's
    # `from`, indicators) read none of their code.
    if c.haitei or c.houtei or c.rinshan or c.chankan or c.tenhou or c.chiihou or c.renhou:
        detail = _flag_impossible(melds, c, rules, riichi)
        if detail:
            return detail
    return _indicators_impossible(c, rules, riichi)


def _called(melds: tuple[Meld, ...]) -> bool:
    """Whether a meld was called (an open meld)."""
    for m in melds:
        if m.is_open:
            return True
    return False


def _flag_impossible(melds: tuple[Meld, ...], c: Context, rules: Rules, riichi: bool) -> str:
    """`_impossible`'s rules of haitei, houtei, rinshan, chankan and the first-turn wins, in order."""
    dealer, tsumo, kita = c.dealer, c.tsumo, c.kita > 0
    first_turn = c.tenhou or c.chiihou or c.renhou
    has_kan = False
    if c.rinshan:
        for m in melds:
            has_kan = has_kan or m.is_kan
    if c.haitei and not tsumo:
        return "haitei_with_ron"
    if c.houtei and tsumo:
        return "houtei_with_tsumo"
    if c.chankan and tsumo:
        return "chankan_with_tsumo"
    if c.rinshan and not tsumo:
        return "rinshan_with_ron"
    if c.rinshan and not has_kan and not kita:
        return "rinshan_without_kan"
    if c.rinshan and c.haitei:
        return "rinshan_with_haitei"
    if c.rinshan and c.ippatsu:
        return "ippatsu_with_rinshan"
    if c.chankan and c.houtei:
        return "chankan_with_houtei"
    if c.tenhou and not dealer:
        return "tenhou_for_non_dealer"
    if c.tenhou and not tsumo:
        return "tenhou_with_ron"
    if c.chiihou and dealer:
        return "chiihou_for_dealer"
    if c.chiihou and not tsumo:
        return "chiihou_with_ron"
    if c.renhou and (dealer or tsumo):
        return "renhou_for_dealer_or_tsumo"
    if c.renhou and rules.renhou == "none":
        return "renhou_not_played"
    if first_turn and melds:
        return "first_turn_win_with_melds"
    if first_turn and riichi:
        return "first_turn_win_with_riichi"
    if first_turn and kita:
        return "first_turn_win_after_kita"
    if c.renhou and c.chankan:
        return "renhou_with_chankan"
    return ""


def _indicators_impossible(c: Context, rules: Rules, riichi: bool) -> str:
    """`_impossible`'s rules of the dora and ura indicators, in order."""
    dora, ura = len(c.dora), len(c.ura)
    if ura and not riichi:
        return "ura_without_riichi"
    if ura and not rules.ura_dora:
        return "ura_dora_not_played"
    if dora > 1 and not rules.kan_dora:
        return "kan_dora_not_played"
    if dora > 5:
        return "too_many_dora_indicators"
    if ura > 5:
        return "too_many_ura_indicators"
    # An empty dora list stands for the one indicator every hand has (it need not be given).
    if ura > 1 and ura > dora:
        return "more_ura_than_dora"
    if ura > 1 and not rules.kan_ura:
        return "kan_ura_not_played"
    return ""


def check_win_tile(hand: Hand, c: Context, rules: Rules) -> None:
    """The checks of a situation that need the winning tile (after `check_context`)."""
    if c.chankan:
        check_chankan(hand, c, rules)


def check_chankan(hand: Hand, c: Context, rules: Rules) -> None:
    """A robbed kan holds the other three copies of the winning tile; only kokushi robs an ankan."""
    w = hand.win_tile
    seen = hand.all_counts()[w] - 1 + (c.dora + c.ura + c.discards).count(w)
    if seen:
        raise InvalidContext(
            f"impossible context: chankan on {name(w)}, but {seen} more {name(w)} "
            "in the winner's hand, melds, indicators or discards (the robbed kan holds the other three)",
            detail="chankan_on_held_tile",
        )
    if c.chankan_ankan and not rules.kokushi_chankan_ankan:
        raise InvalidContext(
            f"impossible context: chankan on a concealed kan, which no hand may rob under {rules.name} "
            "(kokushi_chankan_ankan: false)",
            detail="chankan_ankan_not_played",
        )
    if c.chankan_ankan and (hand.melds or not is_kokushi(hand.concealed)):
        raise InvalidContext(
            "impossible context: only thirteen orphans may rob a concealed kan (chankan: ankan)",
            detail="chankan_ankan_not_kokushi",
        )


# -- three players (README, "Three players") --------------------------------------------------------


def not_in_set(tile: int) -> str:
    """Why a tile is refused at a three-player table."""
    return (
        f"{name(tile)} is not in three-player mahjong (its 108 tiles have only 1m and 9m of the characters)"
    )


def check_three_player_shape(counts: Sequence[int], melds: tuple[Meld, ...], text: str) -> None:
    """Tiles held at a three-player table (``counts`` of every tile held): no 2m-8m, no chi."""
    for t in NOT_IN_THREE_PLAYER:
        if counts[t]:
            raise InvalidHand(not_in_set(t), text, detail="not_in_three_player_set")
    for meld in melds:
        if meld.is_chi:
            raise InvalidHand(
                f"no chi in three-player mahjong ({meld.notation()}): only pon and kan",
                text,
                detail="chi_in_sanma",
            )


def check_three_player(
    counts: Sequence[int], melds: tuple[Meld, ...], c: Context, rules: Rules, text: str
) -> None:
    """Three players: no 2m-8m anywhere, no chi, and at most four North with the kita set aside.

    ``counts`` are every tile the player holds, melds included.
    """
    if rules.players != 3:
        return
    check_three_player_shape(counts, melds, text)
    for key, tiles in (("dora", c.dora), ("ura", c.ura), ("discards", c.discards), ("passed", c.passed)):
        for t in tiles:
            if t in NOT_IN_THREE_PLAYER:
                raise InvalidContext(f"{key}: {not_in_set(t)}", detail="not_in_three_player_set")
    north = counts[NORTH] + c.dora.count(NORTH) + c.ura.count(NORTH) + c.kita
    if north > 4:
        where = "hand, melds, indicators and kita together"
        raise InvalidHand(f"{north} North tiles ({where}); there are four", text, detail="too_many_north")
