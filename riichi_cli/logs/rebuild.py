"""A round rebuilt from its events: what each win needs (the input keys of docs/input.md) and
how the round is settled (a settlement mapping).

`Table` replays the events and keeps what the situation flags depend on; `settlement` turns the
round's end into the mapping `riichi_cli.settle` takes, seats written as seat winds (the dealer East).
"""

from __future__ import annotations

from typing import Final

from ..core.decompose import some_wait
from ..core.tiles import DRAGONS, SEATS, WINDS, is_orphan
from .melds import ANKAN, CHI, KAKAN, KAN, NUKI, PON, Meld
from .model import Call, Discard, Dora, Draw, Riichi, Round, Win
from .tiles import LogError, kind_of, name, names

DEAD_WALL: Final = 14
TILES: Final = {4: 136, 3: 108}  # three players: 2m-8m are not in the set
KANS: Final = (KAN, KAKAN, ANKAN)
REPLACED: Final = (*KANS, NUKI)  # calls followed by a replacement draw from the dead wall


class Seat:
    """One player during the round (a plain class: compiled, its __init__ is native, see model.py)."""

    def __init__(self, hand: list[int]) -> None:
        self.hand = hand
        self.melds: list[Meld] = []
        self.discards: list[int] = []
        self.riichi = False
        self.double = False
        self.declaring = False  # riichi declared, stick not yet accepted
        self.ippatsu = False
        self.played = False  # has discarded: the first go-around is over for this seat
        self.robbed = False  # one of its discards was called (no nagashi)
        self.liable: int | None = None  # the seat that fed the third dragon or fourth wind set
        self.rinshan = False  # the last draw was a replacement tile
        self.kita = 0  # Norths set aside (three players)

    def notation(self, extra: int | None = None) -> str:
        """The hand in notation: concealed tiles, ``extra`` (the winning tile) last, then the melds."""
        text = names(self.hand) + ("" if extra is None else " " + name(extra))
        return " ".join([text] + [m.notation() for m in self.melds])


class Table:
    """The round's state, advanced event by event."""

    def __init__(self, rnd: Round) -> None:
        self.round = rnd
        self.seats = [Seat(list(h)) for h in rnd.hands]
        self.wall = TILES[rnd.players] - DEAD_WALL - 13 * rnd.players
        self.drawn = 0  # tiles drawn so far, replacement tiles included: each kan shortens the live wall
        self.called = False  # any call yet (ends tenhou, chiihou and double riichi chances)
        self.dora = list(rnd.dora)
        self.last: Draw | Discard | Call | None = None
        self.break_ippatsu = False  # an added kan or a kita ends ippatsu once it stands (it can be robbed)

    def play(self) -> None:
        for event in self.round.events:
            if self.break_ippatsu and not isinstance(event, Dora):
                self.end_ippatsu()
            if isinstance(event, Draw):
                self.draw(event)
            elif isinstance(event, Discard):
                self.discard(event)
            elif isinstance(event, Call):
                self.call(event)
            elif isinstance(event, Riichi):
                self.riichi(event)
            else:
                self.dora.append(event.tile)

    def draw(self, e: Draw) -> None:
        s = self.seats[e.who]
        s.rinshan = isinstance(self.last, Call) and self.last.who == e.who and self.last.meld.kind in REPLACED
        s.hand.append(e.tile)
        self.drawn += 1
        self.last = e

    def discard(self, e: Discard) -> None:
        s = self.seats[e.who]
        take(s.hand, e.tile, e.who)
        s.discards.append(e.tile)
        if s.riichi:
            s.ippatsu = False
        s.played = True
        self.last = e

    def riichi(self, e: Riichi) -> None:
        s = self.seats[e.who]
        if e.step == 1:
            s.declaring = True
            s.double = not s.played and not self.called
        else:
            s.riichi, s.ippatsu, s.declaring = True, True, False

    def end_ippatsu(self) -> None:
        self.break_ippatsu = False
        for s in self.seats:
            s.ippatsu = False

    def call(self, e: Call) -> None:
        s, m = self.seats[e.who], e.meld
        self.called = True  # a kita too ends tenhou, chiihou and double riichi chances (docs/input.md)
        if m.kind == NUKI:
            if self.round.players != 3:
                raise LogError(f"player {e.who} sets a North aside in a four-player game")
            take(s.hand, m.called, e.who)
            s.kita += 1
            self.break_ippatsu = True
        elif m.kind == KAKAN:
            take(s.hand, m.called, e.who)
            pon = next((x for x in s.melds if x.kind == PON and x.kind_tile == m.kind_tile), None)
            if pon is None:
                raise LogError(f"player {e.who} adds to a pon of {name(m.called)} they do not have")
            s.melds[s.melds.index(pon)] = m
            self.break_ippatsu = True
        else:
            rest = list(m.tiles)
            if m.kind != ANKAN:
                rest.remove(m.called)
                if not isinstance(self.last, Discard):
                    raise LogError(f"player {e.who} calls {m.notation()} with no discard to call")
                fed = self.last.who
                self.seats[fed].robbed = True
            for t in rest:
                take(s.hand, t, e.who)
            s.melds.append(m)
            self.end_ippatsu()
            if m.kind in (PON, KAN):
                self.note_liability(s, fed, m)
        self.last = e

    def note_liability(self, s: Seat, fed: int, m: Meld) -> None:
        """Pao: the seat that fed (``fed``, the discarder) the third dragon set or the fourth wind set is
        liable. The discarder is known from the events, so the call's relative seat code (which
        three-player logs may count either way) is not needed."""
        kind = m.kind_tile
        for group in (DRAGONS, WINDS):
            if kind in group:
                sets = 0  # the pons and kans of the group (a loop: a generator costs more, compiled)
                for x in s.melds:
                    if x.kind != CHI and x.kind_tile in group:
                        sets += 1
                if sets == len(group):
                    s.liable = fed


def take(hand: list[int], tile: int, who: int) -> None:
    """The first copy of ``tile`` out of ``hand`` (an indexed loop: compiled, it compares the ints
    themselves, where ``in`` and ``remove`` call the generic comparison for each tile, twice)."""
    for i in range(len(hand)):
        if hand[i] == tile:
            del hand[i]
            return
    raise LogError(f"player {who} plays {name(tile)}, which is not in their hand {names(hand)}")


# -- what the round end needs ----------------------------------------------------------------


def seat_wind(rnd: Round, who: int) -> str:
    return SEATS[(who - rnd.dealer) % rnd.players]


def win_mapping(t: Table, w: Win) -> dict:
    """The input keys of one win (settle adds round wind, honba and sticks)."""
    rnd, s = t.round, t.seats[w.who]
    m: dict = {"seat_wind": seat_wind(rnd, w.who), "dora": [name(x) for x in t.dora]}
    if w.source is None:
        if not isinstance(t.last, Draw) or t.last.who != w.who:
            raise LogError(f"player {w.who} wins by tsumo, but the last tile drawn is not theirs")
        hand = list(s.hand)
        hand.remove(t.last.tile)
        m.update(hand=" ".join([names(hand) + " " + name(t.last.tile)] + [x.notation() for x in s.melds]),
                 win="tsumo")  # fmt: skip
        flags: dict[str, bool | str] = {"rinshan": s.rinshan, "haitei": t.drawn == t.wall and not s.rinshan,
                 "tenhou" if w.who == rnd.dealer else "chiihou": not s.played and not t.called}  # fmt: skip
    else:
        tile, chankan = ron_tile(t, w)
        m.update(hand=s.notation(tile), win="ron", **{"from": seat_wind(rnd, w.source)})
        # houtei is the last discard's: a kan or a kita robbed is not one
        flags = {"chankan": chankan or False, "houtei": t.drawn == t.wall and isinstance(t.last, Discard)}
    if s.riichi:
        m["double_riichi" if s.double else "riichi"] = True
        flags["ippatsu"] = s.ippatsu
        m["ura"] = [name(x) for x in w.ura]
    m.update({k: v for k, v in flags.items() if v})
    if s.liable is not None:
        m["pao"] = seat_wind(rnd, s.liable)
    if s.kita:
        m["kita"] = s.kita
    return m


def ron_tile(t: Table, w: Win) -> tuple[int, bool | str]:
    """The tile robbed and how: a discard or a North set aside (False: a ron on a kita is not chankan),
    an added kan (True), a concealed kan (``"ankan"``)."""
    last = t.last
    if isinstance(last, Discard) and last.who == w.source:
        return last.tile, False
    if isinstance(last, Call) and last.who == w.source and last.meld.kind == NUKI:
        return last.meld.called, False
    if isinstance(last, Call) and last.who == w.source and last.meld.kind in (KAKAN, ANKAN):
        return last.meld.called, True if last.meld.kind == KAKAN else "ankan"
    raise LogError(f"player {w.who} wins by ron from {w.source}, who did not just play a tile")


def tenpai_seats(t: Table) -> dict[str, str]:
    """Seat wind -> hand of each player whose hand waits on some tile (settle checks karaten)."""
    out = {}
    for who, s in enumerate(t.seats):
        counts = [0] * 34
        for x in s.hand:
            k = kind_of(x)
            counts[k] = counts[k] + 1
        if sum(counts) % 3 == 1 and some_wait(counts):
            out[seat_wind(t.round, who)] = s.notation()
    return out


def nagashi_seats(t: Table) -> list[str]:
    """Players whose every discard is a terminal or honour and none was called."""
    return [seat_wind(t.round, who) for who, s in enumerate(t.seats)
            if s.discards and not s.robbed and all(is_orphan(kind_of(x)) for x in s.discards)]  # fmt: skip


def settlement(rnd: Round) -> dict:
    """The settlement mapping of the round's end, rebuilt from its events."""
    t = Table(rnd)
    t.play()
    riichi = [seat_wind(rnd, p) for p, s in enumerate(t.seats) if s.riichi]
    m: dict = {"round_wind": SEATS[rnd.kyoku // 4 % 4], "honba": rnd.honba,
               "riichi_sticks": rnd.sticks + len(riichi), "riichi": riichi}  # fmt: skip
    if rnd.wins:
        m["wins"] = [win_mapping(t, w) for w in rnd.wins]
    elif rnd.draw is not None and rnd.draw.reason == "exhaustive":
        tenpai = tenpai_seats(t)
        m["draw"] = {
            "kind": "exhaustive",
            "tenpai": list(tenpai),
            "hands": tenpai,
            "nagashi": nagashi_seats(t),
        }
    elif rnd.draw is not None:
        m["draw"] = {"kind": "abortive", "reason": rnd.draw.reason}
    else:
        raise LogError("the round has no end")
    return m
