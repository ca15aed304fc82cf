"""The Python API: one function per command, each returning what the command's ``--json`` prints.

Mappings (the input keys of docs/input.md) in, plain dicts out (docs/output.md), and never an
exception for bad input: a refusal is an object with ``"ok": false`` and its ``error``, as the
command line prints it. The functions are plain picklable callables, fit for process pools.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .core.errors import InvalidContext, RiichiError
from .core.hints import cast
from .core.rules import (
    DEFAULT_PRESET,
    PRESETS,
    UNVERIFIED,
    Rules,
    option_items,
    preset_name,
    rules_options,
    with_overrides,
)
from .files.pool import chunks, pool_map, set_worker_rules, worker_rules
from .io.report import checked, error_dict, refusal, score, score_mapping
from .io.rules_input import read_rules, rules_of
from .io.values import read_id, tile_list, unknown_key_message

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:  # the TypedDicts cost more to build than the rest of this module (`riichi` start-up)
    from typing import Any

    from .api_types import (
        AnalyzeResult,
        ReplayRecord,
        RulesResult,
        ScoreResult,
        SettleResult,
        ShantenResult,
        TableResult,
        WaitsResult,
    )

# waits, shanten, settle and table import their modules when first called: `riichi score`
# starts without them.

#: The keys of `table` and `rules` objects that are null when the input is refused.
TABLE_KEYS = ("rules", "cells", "limits")
RULES_KEYS = ("preset", "options", "unverified")
#: The keys a `shanten` mapping may have.
SHANTEN_INPUT = frozenset({"hand", "visible", "dora", "id", "rules", "rule_options"})


def score_checked(
    mapping: Any, rules: Any = None, source: str | None = None
) -> tuple[dict, RiichiError | None]:
    """Like `score`, also returning the refusal (for a caller that shows where the input went wrong)."""
    return score_mapping(mapping, rules, source)


# -- many hands, in order, in worker processes (files/pool.py) --------------------------------


def _score_chunk(chunk: list[tuple[Any, str | None]]) -> list[dict]:
    rules = worker_rules()
    return [score(m, rules, src) for m, src in chunk]


def score_items(items: Iterable[tuple[Any, str | None]], rules: Rules, jobs: int = 1) -> Iterator[dict]:
    """Score (mapping, source) items in input order; ``jobs`` > 1 uses that many processes."""
    if jobs <= 1:
        for m, src in items:
            yield score(m, rules, src)
        return
    work = pool_map(_score_chunk, chunks(items, 64), jobs, set_worker_rules, (rules_options(rules),))
    try:
        for done in work:
            yield from done
    finally:  # a stop ends the pool at once
        work.close()


def score_many(mappings: Iterable[Any], jobs: int = 1, rules: Any = None) -> Iterator[ScoreResult]:
    """Score many mappings, yielding what `score` returns for each, in input order (lazily:
    ``mappings`` may be a stream; with ``jobs`` > 1 a bounded number of hands is in flight).

    >>> [r["ok"] for r in score_many([{"hand": "123m456p789s11122z"}, {"hand": "1m"}])]
    [True, False]
    """
    try:
        default = rules_of(rules)
    except RiichiError as err:  # bad default rules: every hand is refused with the reason
        refused = error_dict(err, {})
        return (cast("ScoreResult", dict(refused)) for _ in mappings)
    return cast("Iterator[ScoreResult]", score_items(((m, None) for m in mappings), default, jobs))


def waits(mapping: Any, rules: Any = None) -> WaitsResult:
    """What a 13-tile hand waits on (`riichi waits --json`): a mapping of YAML keys plus ``visible``.

    ``rules`` (a preset name, ``{"rules", "rule_options"}`` or Rules) are the defaults the
    mapping's own ``rules:``/``rule_options:`` override; the same holds for `score` and `settle`.

    >>> [w["tile"] for w in waits({"hand": "123m456p789s1122z"})["waits"]]
    ['1z', '2z']
    """
    from .analysis.waits import WAITS_KEYS, waits_of

    def work() -> dict:
        if not isinstance(mapping, dict):  # the compiled waits_of takes a dict only
            raise InvalidContext(f"a hand must be a mapping of keys, got {type(mapping).__name__}")
        visible = tile_list(mapping.get("visible"), "visible")
        situation = {k: v for k, v in mapping.items() if k != "visible"}
        return waits_of(situation, _rules_or_none(rules), visible)[0]

    return cast("WaitsResult", checked(work, lambda err: refusal(err, mapping, WAITS_KEYS))[0])


def shanten(mapping: Any, rules: Any = None) -> ShantenResult:
    """Shanten of 13 or 14 tiles (`riichi shanten --json`): ``hand``, optional ``visible``, ``dora``, ``id``.

    A plain string is taken as the hand. ``rules`` (or the mapping's ``rules``/``rule_options``) only
    matter for the tile set: three players (``tenhou3``) read it in the 108 tiles.

    >>> shanten("123m456p789s1237z")["shanten"]["best"]
    2
    """
    from .analysis.waits import SHANTEN_KEYS, shanten_of

    if isinstance(mapping, str):
        mapping = {"hand": mapping}

    def work() -> dict:
        if not isinstance(mapping, dict):
            raise InvalidContext(f"a hand must be a mapping of keys, got {type(mapping).__name__}")
        unknown = [k for k in mapping if k not in SHANTEN_INPUT]
        if unknown:
            raise InvalidContext(unknown_key_message(unknown[0], SHANTEN_INPUT), detail="unknown_key")
        read_id(mapping)
        seen, dora = tile_list(mapping.get("visible"), "visible"), tile_list(mapping.get("dora"), "dora")
        players = read_rules(mapping, rules_of(rules)).players
        report = shanten_of(mapping.get("hand"), seen, dora, players)[0]
        return {**report, "id": mapping["id"]} if "id" in mapping else report

    return cast("ShantenResult", checked(work, lambda err: refusal(err, mapping, SHANTEN_KEYS))[0])


def analyze(mapping: Any, rules: Any = None) -> AnalyzeResult:
    """Which discard, and what each is worth (`riichi analyze --json`, SPEC 13): a mapping of the keys
    ``hand`` (14 tiles), ``dora``, ``round_wind``, ``seat_wind``, ``turn``, ``seen``, ``target``,
    ``hand_changes``, ``extra``, ``dama``, ``ippatsu``, ``haitei``, ``id``, ``rules``, ``rule_options``;
    a plain string is taken as the hand.

    >>> analyze("3336m234p1344s111z")["ok"], analyze("123m456p789s11122z")["error"]["detail"]
    (True, 'not_a_discard_problem')
    """
    from .analysis.discard_report import ANALYZE_KEYS, analyze_of

    if isinstance(mapping, str):
        mapping = {"hand": mapping}

    def work() -> dict:
        return analyze_of(mapping, _rules_or_none(rules))[0]

    return cast("AnalyzeResult", checked(work, lambda err: refusal(err, mapping, ANALYZE_KEYS))[0])


def settle(mapping: Any, rules: Any = None) -> SettleResult:
    """Settle the end of a round (`riichi settle --json`): a mapping of the settlement keys.

    >>> settle({"draw": {"kind": "exhaustive", "tenpai": ["S"]}})["deltas"]
    {'E': -1000, 'S': 3000, 'W': -1000, 'N': -1000}
    """
    from .settle.settlement import error_result, settle_checked

    settled = checked(lambda: settle_checked(mapping, _rules_or_none(rules))[0], error_result)[0]
    return cast("SettleResult", settled)


def _rules_or_none(rules: Any) -> Rules | None:
    return None if rules is None else rules_of(rules)


def table(rules: Any = None) -> TableResult:
    """The han x fu score table (`riichi table --json`) under a preset name, a rules mapping or Rules.

    >>> [c["ron"] for c in table("mleague")["cells"] if (c["han"], c["fu"], c["dealer"]) == (4, 30, False)]
    [8000]
    """
    from .core.table import score_table

    def work() -> dict:
        return {"ok": True, "error": None, **score_table(rules_of(rules))}

    return cast("TableResult", checked(work, lambda err: refusal(err, None, TABLE_KEYS))[0])


def _options(rules: Rules) -> dict[str, bool | int | str]:
    return cast("dict[str, bool | int | str]", dict(option_items(rules)))


def rules(preset: Any = None) -> RulesResult:
    """Every option of a preset (`riichi rules PRESET --json`); with no preset, every preset's options.

    >>> rules("ema")["options"]["kiriage_mangan"]
    True
    """
    if preset is None:  # the ok/error envelope of every command, the presets inside it
        presets = {name: _options(r) for name, r in PRESETS.items()}
        return {"ok": True, "error": None, "presets": presets, "default": DEFAULT_PRESET}

    def name_of() -> str:
        if not isinstance(preset, str):
            raise InvalidContext(f"a preset is a name, got {type(preset).__name__}")
        return preset_name(preset)

    name, err = checked(name_of, lambda err: "")
    if err is not None:
        return cast("RulesResult", refusal(err, None, RULES_KEYS))
    options = _options(PRESETS[name])
    return {
        "ok": True,
        "error": None,
        "preset": name,
        "options": options,
        "unverified": sorted(UNVERIFIED[name]),
    }


def replay(path_or_text: Any, rules: Any = None, rule_options: dict | None = None) -> list[ReplayRecord]:
    """Re-score and re-settle every round of a game log (`riichi replay --format json`'s rounds,
    docs/output.md): a path (a file or a folder of logs), or the log itself as text or bytes (mjlog XML,
    gzipped or not, or tenhou6 JSON).

    Returns the list of replay objects; an unreadable log is a ``kind: error`` object, never an
    exception. ``rules`` (a preset name, ``{"rules", "rule_options"}`` or Rules, default tenhou) give
    way to the log's own lobby rules (red fives, open tanyao), and ``rule_options`` win over both.
    A plain picklable function: ``dask.bag.from_sequence(paths).map(riichi_cli.replay)``.

    >>> [d["error"]["message"] for d in replay('{"log": []}')]
    ['the log holds no round']
    """
    from .files.logs import BadLog, log_paths, replay_path, text_of
    from .logs.compare import error_object
    from .logs.replay import replay_text

    try:
        base = rules_of(rules)
        overrides = dict(rule_options or {})
        with_overrides(base, overrides)  # an unknown option is refused here, once
    except RiichiError as e:
        return cast("list[ReplayRecord]", [error_object("-", "", None, e.code, e.one_line())])
    if isinstance(path_or_text, (bytes, bytearray)):
        try:
            text = text_of(bytes(path_or_text))
        except BadLog as e:
            return cast("list[ReplayRecord]", [error_object("-", "", None, "unreadable", str(e))])
        return cast("list[ReplayRecord]", replay_text(text, "-", "", base, overrides))
    text = str(path_or_text)
    if text.lstrip()[:1] in ("<", "{"):
        return cast("list[ReplayRecord]", replay_text(text, "-", "", base, overrides))
    records = [d for path, refused in log_paths([text]) for d in replay_path(path, base, overrides, refused)]
    return cast("list[ReplayRecord]", records)
