"""The Python API of SPEC section 9: mappings in, SPEC 4 dicts out, never an exception for a bad hand."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .core.context import build_request
from .core.errors import InvalidContext, RiichiError
from .core.rules import Rules, resolve_rules, rules_from_options, rules_options, with_overrides
from .core.scoring import score_request
from .io.report import error_dict, result_dict


def score(mapping: Any, rules: Rules | None = None, source: str | None = None) -> dict:
    """Score one hand given as a SPEC 3 mapping; ``rules`` are the defaults a hand may override.

    >>> score({"hand": "123456s234m55p chi:789s", "win": "ron", "dora": ["1m"]})["points"]["total"]
    2000
    """
    return score_checked(mapping, rules, source)[0]


def score_checked(
    mapping: Any, rules: Rules | None = None, source: str | None = None
) -> tuple[dict, RiichiError | None]:
    """Like `score`, also returning the refusal (for a caller that shows where the input went wrong)."""
    echo: dict = {}
    try:
        req = build_request(mapping, rules, echo)
        return result_dict(score_request(req), req.id, source), None
    except RiichiError as err:
        return error_dict(err, echo, source), err
    except RecursionError:
        deep = InvalidContext("input nested too deeply")
        return error_dict(deep, echo, source), deep


def _score_item(item: tuple[dict, Rules | None, str | None]) -> dict:
    return score(*item)


def _score_shipped(item: tuple[dict, tuple | None, str | None]) -> dict:
    """A worker's side of `score_items`: the rules travel as plain option values."""
    mapping, options, source = item
    return score(mapping, None if options is None else rules_from_options(options), source)


def score_items(
    items: list[tuple[dict, Rules | None, str | None]], jobs: int = 1, scheduler: str | None = None
) -> Iterator[dict]:
    """Score (mapping, rules, source) items in input order; ``jobs`` > 1 uses that many processes,
    ``scheduler`` the address of a running Dask scheduler instead."""
    if scheduler:
        from .files.cluster import dask_map

        shipped = [(m, None if r is None else rules_options(r), src) for m, r, src in items]
        yield from dask_map(_score_shipped, shipped, scheduler)
        return
    if jobs <= 1 or len(items) < 2:
        yield from map(_score_item, items)
        return
    import multiprocessing

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    chunk = max(1, min(256, len(items) // (jobs * 4)))
    # Plain values cross the process boundary: a compiled frozen Rules does not unpickle.
    shipped = [(m, None if r is None else rules_options(r), src) for m, r, src in items]
    with multiprocessing.get_context(method).Pool(jobs) as pool:
        yield from pool.imap(_score_shipped, shipped, chunk)


def score_many(mappings: Iterable[dict], jobs: int = 1, rules: Rules | None = None) -> Iterator[dict]:
    """Score many SPEC 3 mappings, yielding SPEC 4 dicts in input order.

    >>> [r["ok"] for r in score_many([{"hand": "123m456p789s11122z"}, {"hand": "1m"}])]
    [True, False]
    """
    rules = rules or resolve_rules()
    return score_items([(m, rules, None) for m in mappings], jobs)


def replay(
    path_or_text: Any, rules: Rules | str | None = None, rule_options: dict | None = None
) -> list[dict]:
    """Re-score and re-settle every round of a game log (SPEC 10): a path (a file or a folder of
    logs), or the log itself as text or bytes (mjlog XML, gzipped or not, or tenhou6 JSON).

    Returns the list of SPEC 10 objects; an unreadable log is a ``kind: error`` object, never an
    exception. ``rule_options`` win over the log's own rules, which win over ``rules`` (default tenhou).
    A plain picklable function: ``dask.bag.from_sequence(paths).map(riichi_cli.replay)``.

    >>> [d["error"]["message"] for d in replay('{"log": []}')]
    ['the log holds no round']
    """
    from .files.logs import BadLog, log_paths, replay_path, text_of
    from .logs.compare import error_object
    from .logs.replay import replay_text

    try:
        base = rules if isinstance(rules, Rules) else resolve_rules(rules)
        overrides = dict(rule_options or {})
        with_overrides(base, overrides)  # an unknown option is refused here, once
    except RiichiError as e:
        return [error_object("-", "", None, e.code, e.one_line())]
    if isinstance(path_or_text, (bytes, bytearray)):
        try:
            text = text_of(bytes(path_or_text))
        except BadLog as e:
            return [error_object("-", "", None, "unreadable", str(e))]
        return replay_text(text, "-", "", base, overrides)
    text = str(path_or_text)
    if text.lstrip()[:1] in ("<", "{"):
        return replay_text(text, "-", "", base, overrides)
    return [d for path in log_paths([text]) for d in replay_path(path, base, overrides)]
