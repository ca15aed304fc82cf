"""Rule options and presets (docs/input.md). Every rule difference is read from a `Rules` value.

>>> resolve_rules("mleague", {"kuitan": "false"}).kiriage_mangan
True
"""

from __future__ import annotations

from .errors import InvalidContext, did_you_mean, short
from .record import Record, replace

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Any, ClassVar, Final


class Rules(Record):
    """Every rule option of a game; `PRESETS` and `resolve_rules` make them. Immutable (`Final` fields,
    `record.replace` for a changed copy), equal and hashed by its fields. A `Record` rather than a
    frozen dataclass: the dataclasses module (with inspect, ast and dis) was a quarter of the start-up
    of `riichi batch`."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "name", "aka_dora", "kuitan", "double_wind_pair_fu", "rinshan_tsumo_fu", "kiriage_mangan",
        "kazoe_yakuman", "double_yakuman", "yakuman_stacking", "ippatsu", "ura_dora", "kan_dora", "kan_ura",
        "renhou", "kokushi_chankan_ankan", "tenhou_best_wait", "multiple_ron", "multiple_ron_honba",
        "own_stick_back", "abortive_draws", "nagashi_mangan", "pao", "pao_scope", "pao_suukantsu",
        "pao_honba", "pao_daiminkan", "chombo", "chombo_points", "noten_penalty", "pure_karaten_is_tenpai",
        "min_han", "ryanshiba", "honba_points", "players", "tsumo_loss",
    )  # fmt: skip

    def __init__(
        self,
        name: str = "tenhou",
        aka_dora: int = 3,
        kuitan: bool = True,
        double_wind_pair_fu: int = 4,
        rinshan_tsumo_fu: bool = True,
        kiriage_mangan: bool = False,
        kazoe_yakuman: bool = True,
        double_yakuman: bool = False,
        yakuman_stacking: bool = True,
        ippatsu: bool = True,
        ura_dora: bool = True,
        kan_dora: bool = True,
        kan_ura: bool = True,
        renhou: str = "none",
        kokushi_chankan_ankan: bool = False,
        tenhou_best_wait: bool = False,
        multiple_ron: str = "double",
        multiple_ron_honba: str = "nearest",
        own_stick_back: bool = False,
        abortive_draws: bool = True,
        nagashi_mangan: bool = True,
        pao: bool = True,
        pao_scope: str = "whole",
        pao_suukantsu: bool = False,
        pao_honba: str = "liable",
        pao_daiminkan: bool = False,
        chombo: str = "none",
        chombo_points: int = 0,
        noten_penalty: int = 3000,
        pure_karaten_is_tenpai: bool = False,
        min_han: int = 1,
        ryanshiba: bool = False,
        honba_points: int = 300,
        # Three players (README, "Three players"): the four-player presets keep these defaults.
        players: int = 4,
        tsumo_loss: bool = True,
    ) -> None:
        self.name: Final = name
        self.aka_dora: Final = aka_dora
        self.kuitan: Final = kuitan
        self.double_wind_pair_fu: Final = double_wind_pair_fu
        self.rinshan_tsumo_fu: Final = rinshan_tsumo_fu
        self.kiriage_mangan: Final = kiriage_mangan
        self.kazoe_yakuman: Final = kazoe_yakuman
        self.double_yakuman: Final = double_yakuman
        self.yakuman_stacking: Final = yakuman_stacking
        self.ippatsu: Final = ippatsu
        self.ura_dora: Final = ura_dora
        self.kan_dora: Final = kan_dora
        self.kan_ura: Final = kan_ura
        self.renhou: Final = renhou
        self.kokushi_chankan_ankan: Final = kokushi_chankan_ankan
        self.tenhou_best_wait: Final = tenhou_best_wait
        self.multiple_ron: Final = multiple_ron
        self.multiple_ron_honba: Final = multiple_ron_honba
        self.own_stick_back: Final = own_stick_back
        self.abortive_draws: Final = abortive_draws
        self.nagashi_mangan: Final = nagashi_mangan
        self.pao: Final = pao
        self.pao_scope: Final = pao_scope
        self.pao_suukantsu: Final = pao_suukantsu
        self.pao_honba: Final = pao_honba
        self.pao_daiminkan: Final = pao_daiminkan
        self.chombo: Final = chombo
        self.chombo_points: Final = chombo_points
        self.noten_penalty: Final = noten_penalty
        self.pure_karaten_is_tenpai: Final = pure_karaten_is_tenpai
        self.min_han: Final = min_han
        self.ryanshiba: Final = ryanshiba
        self.honba_points: Final = honba_points
        self.players: Final = players
        self.tsumo_loss: Final = tsumo_loss


#: Largest whole-number option value (points, han); bigger values are refused.
MAX_OPTION = 1_000_000
#: Smallest value of a whole-number option where 0 is not 0. ``min_han: 0`` would make a hand without
#: yaku a win (han 0, no yaku: no output format has a place for it), so a win needs at least 1 han.
MIN_OPTION: dict[str, int] = {"min_han": 1}

#: Allowed values of each option: a tuple of choices, or a type for free values.
CHOICES: dict[str, tuple | type] = {
    "aka_dora": (0, 2, 3, 4),
    "players": (4, 3),
    "double_wind_pair_fu": (2, 4),
    "renhou": ("none", "mangan", "han5", "yakuman"),
    "multiple_ron": ("head_bump", "double", "triple"),
    "multiple_ron_honba": ("nearest", "each"),
    "pao_scope": ("whole", "share"),
    "pao_honba": ("liable", "discarder"),
    "chombo": ("none", "mangan", "points"),
    "chombo_points": int,
    "noten_penalty": int,
    "min_han": int,
    "honba_points": int,
}

DESCRIPTIONS = {
    "aka_dora": "red fives in the set (4 = two red 5p; 2 = one 5p and one 5s, three players)",
    "kuitan": "open tanyao",
    "double_wind_pair_fu": "fu for a pair that is both round and seat wind",
    "rinshan_tsumo_fu": "a rinshan win gets the 2 tsumo fu",
    "kiriage_mangan": "4 han 30 fu and 3 han 60 fu pay mangan",
    "kazoe_yakuman": "13+ han is a yakuman (false: capped at sanbaiman)",
    "double_yakuman": "kokushi 13-sided, suuankou tanki, junsei chuuren, daisuushii count 2",
    "yakuman_stacking": "different yakuman add up",
    "ippatsu": "ippatsu is played",
    "ura_dora": "ura dora are played",
    "kan_dora": "kan dora are played",
    "kan_ura": "kan ura dora are played (an ura indicator under each kan dora indicator)",
    "renhou": "none, flat mangan, a 5-han yaku, or a yakuman",
    "kokushi_chankan_ankan": "thirteen orphans may rob a concealed kan",
    "tenhou_best_wait": "tenhou has no winning tile: the best one is read (13-sided, single wait, pure)",
    "multiple_ron": "several rons on one discard: head bump, up to two, or all three",
    "multiple_ron_honba": "honba to the nearest winner only, or to each winner",
    "own_stick_back": "with several winners, each winning riichi declarer takes back their own stick",
    "abortive_draws": "abortive draws are played (kyuushu, suufon, suucha riichi, suukan, sanchahou)",
    "nagashi_mangan": "nagashi mangan is played",
    "pao": "liability for daisangen and daisuushii",
    "pao_scope": "with stacked yakuman, pao covers the whole hand or only its share",
    "pao_suukantsu": "pao also for suukantsu fed by a daiminkan",
    "pao_honba": "who pays the honba of a pao ron: the liable player or the discarder",
    "pao_daiminkan": "a rinshan tsumo after a daiminkan is paid in full by the player who fed the kan",
    "chombo": "penalty: none, reverse mangan, or points off the final score",
    "chombo_points": "deduction for chombo: points",
    "noten_penalty": "total noten payment at an exhaustive draw",
    "pure_karaten_is_tenpai": "a wait held 4 times in one's own hand counts as tenpai at a draw",
    "min_han": "han needed, dora excluded",
    "ryanshiba": "2 han needed from 5 honba on",
    "honba_points": "points per honba on a ron; on a tsumo each payer pays a share (a third, or a half "
    "with three players), rounded up to 100",
    "players": "players at the table: 4, or 3 (sanma: 108 tiles, no chi, kita, seats E S W)",
    "tsumo_loss": "three players: a tsumo lacks North's share (false: each payer adds half of it)",
}

_COLUMNS = ("tenhou", "mahjongsoul", "mleague", "wrc2022", "ema2025", "jpml2023")
# One row per option, one column per preset, one row per option; '*' marks an unverified value.
_TABLE = """
aka_dora               3      3      3       0       0      0
kuitan                 true   true   true    true    true   true
double_wind_pair_fu    4      4      2       2       2      2*
rinshan_tsumo_fu       true   true*  true*   true*   true   true
kiriage_mangan         false  false* true    true    true   false
kazoe_yakuman          true   true   false   false   false  false
double_yakuman         false  true   false   false   false  false
yakuman_stacking       true   true   true    true    false  false*
ippatsu                true   true   true    true    true   false
ura_dora               true   true   true    true    true   false
kan_dora               true   true   true    true    true   false
kan_ura                true   true   true    true*   true   false
renhou                 none   none   none*   han5*   mangan mangan*
kokushi_chankan_ankan  false  true   false   true    true   false
tenhou_best_wait       false* true*  false*  false*  false* false*
multiple_ron           double triple head_bump head_bump triple head_bump
multiple_ron_honba     nearest nearest* nearest nearest each nearest
own_stick_back         false  false* false   false   true   false
abortive_draws         true   true   true*   false*  false  true*
nagashi_mangan         true   true   false*  false*  false  false*
pao                    true   true   true    true    true   true*
pao_scope              whole  share  whole*  whole*  whole* whole*
pao_suukantsu          false  false  true    false   false  false*
pao_honba              liable liable* liable* liable* discarder liable*
pao_daiminkan          false  false  false*  false*  false  false*
chombo                 none   none   points  points  points points*
chombo_points          0      0      20000   20000*  20000  20000*
noten_penalty          3000   3000   3000*   3000    3000   3000*
pure_karaten_is_tenpai false  false  false*  false*  false  false*
min_han                1      1      1       1       1      1
ryanshiba              false  false  false   false   false  false
honba_points           300    300    300     300     300    300
"""

#: The three-player presets (README, "Three players"): a four-player preset and every value that
#: differs from it, with '*' where the organiser's own text could not be checked. Options not named
#: keep the base preset's value and its mark.
_THREE_PLAYER = {
    "tenhou3": ("tenhou", "players=3 aka_dora=2 tsumo_loss=true honba_points=200 noten_penalty=2000 "
                          "nagashi_mangan=true*"),
    "mahjongsoul3": ("mahjongsoul", "players=3 aka_dora=2* tsumo_loss=true honba_points=200* "
                                    "noten_penalty=2000* multiple_ron=double "
                                    "nagashi_mangan=true*"),
}  # fmt: skip

ALIASES = {
    "wrc": "wrc2022", "ema": "ema2025", "jpml": "jpml2023", "majsoul": "mahjongsoul",
    "sanma": "tenhou3", "majsoul3": "mahjongsoul3",
}  # fmt: skip
DEFAULT_PRESET = "tenhou"
_TYPES = {name: type(getattr(Rules(), name)) for name in Rules.FIELDS if name != "name"}


def parse_value(key: object, value: object) -> object:
    """Check one option value (a YAML value or a ``--rule`` string) and return it typed."""
    if key not in _TYPES:
        hint = did_you_mean(key, _TYPES)
        raise InvalidContext(
            f"unknown rule option {short(key)}{hint}; valid options: {', '.join(_TYPES)}",
            detail="unknown_rule_option",
        )
    kind, choices = _TYPES[key], CHOICES.get(key)
    if not isinstance(value, (str, int, bool)) or (isinstance(value, int) and abs(value) > MAX_OPTION):
        raise InvalidContext(f"bad value {short(value)} for rule option {key}", detail="bad_rule_value")
    text = str(value).strip().lower() if not isinstance(value, bool) else value
    typed: object = None
    if kind is bool:
        typed = {True: True, False: False, "true": True, "false": False, "yes": True,
                 "no": False, "on": True, "off": False, "1": True, "0": False}.get(text)  # fmt: skip
    elif kind is int and not isinstance(value, bool):
        try:
            typed = int(text)
        except ValueError:
            typed = None
        if typed is not None and not MIN_OPTION.get(key, 0) <= typed <= MAX_OPTION:  # no sane rule is bigger
            typed = None
    elif kind is str:
        typed = text
    if typed is None or (isinstance(choices, tuple) and typed not in choices):
        allowed = (
            ", ".join(map(str, choices))
            if isinstance(choices, tuple)
            else {
                bool: "true, false",
                int: f"a whole number from {MIN_OPTION.get(key, 0)} to {MAX_OPTION}",
                str: "text",
            }[kind]
        )
        raise InvalidContext(
            f"bad value {short(value)} for rule option {key}; valid: {allowed}", detail="bad_rule_value"
        )
    return typed


def _build_presets() -> tuple[dict[str, Rules], dict[str, frozenset[str]]]:
    values: dict[str, dict[str, object]] = {p: {} for p in _COLUMNS}
    unverified: dict[str, set[str]] = {p: set() for p in _COLUMNS}
    for line in _TABLE.strip().splitlines():
        key, *cells = line.split()
        for preset, cell in zip(_COLUMNS, cells):
            if cell.endswith("*"):
                unverified[preset].add(key)
            values[preset][key] = parse_value(key, cell.rstrip("*"))
    for name, (base, changes) in _THREE_PLAYER.items():
        values[name], unverified[name] = dict(values[base]), set(unverified[base])
        for item in changes.split():
            key, cell = item.split("=")
            (unverified[name].add if cell.endswith("*") else unverified[name].discard)(key)
            values[name][key] = parse_value(key, cell.rstrip("*"))
    presets = {p: Rules(name=p, **v) for p, v in values.items()}  # type: ignore[arg-type]
    return presets, {p: frozenset(u) for p, u in unverified.items()}


PRESETS, UNVERIFIED = _build_presets()


def preset_name(name: str) -> str:
    """The canonical preset name of a name or alias, or InvalidContext listing the presets."""
    key = str(name).strip().lower()
    key = ALIASES.get(key, key)
    if key not in PRESETS:
        names = ", ".join(list(PRESETS) + list(ALIASES))
        hint = did_you_mean(key, list(PRESETS) + list(ALIASES))
        raise InvalidContext(
            f"unknown rules preset {short(name)}{hint}; valid presets: {names}", detail="unknown_preset"
        )
    return key


def resolve_rules(preset: str | None = None, overrides: dict | None = None) -> Rules:
    """The preset (default tenhou) with option overrides applied."""
    return with_overrides(PRESETS[preset_name(preset or DEFAULT_PRESET)], overrides or {})


def with_overrides(rules: Rules, overrides: dict) -> Rules:
    """``rules`` with some options changed, each value checked."""
    if not overrides:
        return rules
    checked: dict[str, Any] = {k: parse_value(k, v) for k, v in overrides.items()}
    return replace(rules, **checked)


def parse_rule_assignments(items: list[str] | tuple[str, ...]) -> dict[str, object]:
    """``['kuitan=false']`` -> ``{'kuitan': False}``, each checked."""
    out: dict[str, object] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise InvalidContext(f"--rule needs KEY=VALUE, got {item!r}", detail="rule_not_key_value")
        key = key.strip()
        out[key] = parse_value(key, value)
    return out


def rules_options(rules: Rules) -> tuple:
    """The rules as plain values (name first), e.g. to send them to another process."""
    return (rules.name, *(getattr(rules, k) for k in _TYPES))


_from_options: dict[tuple, Rules] = {}


def rules_from_options(options: tuple) -> Rules:
    """The inverse of `rules_options`, cached: a worker sees the same few rule sets again and again."""
    found = _from_options.get(options)
    if found is None:
        found = _from_options[options] = Rules(options[0], *options[1:])
    return found


def option_items(rules: Rules) -> list[tuple[str, object]]:
    """Every option of a Rules value in the order of the Rules fields."""
    return [(k, getattr(rules, k)) for k in _TYPES]
