"""The Python API (docs/spec.md §9): mappings in, §4 dicts out, never an exception for a bad hand."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .core.errors import RiichiError
from .core.rules import Rules, resolve_rules, rules_from_options, rules_options
from .core.scoring import score_request
from .io.mapping import build_request
from .io.report import checked, error_dict, result_dict


def score(mapping: Any, rules: Rules | None = None, source: str | None = None) -> dict:
    """Score one hand given as a docs/spec.md §3 mapping; ``rules`` are the defaults a hand may override.

    >>> score({"hand": "123456s234m55p chi:789s", "win": "ron", "dora": ["1m"]})["points"]["total"]
    2000
    """
    return score_checked(mapping, rules, source)[0]


def score_checked(
    mapping: Any, rules: Rules | None = None, source: str | None = None
) -> tuple[dict, RiichiError | None]:
    """Like `score`, also returning the refusal (for a caller that shows where the input went wrong)."""
    echo: dict = {}

    def work() -> dict:
        req = build_request(mapping, rules, echo)
        return result_dict(score_request(req), req.id, source)

    return checked(work, lambda err: error_dict(err, echo, source))


def _score_item(item: tuple[dict, Rules | None, str | None]) -> dict:
    return score(*item)


def _score_shipped(item: tuple[dict, tuple | None, str | None]) -> dict:
    """A worker's side of `score_items`: the rules travel as plain option values."""
    mapping, options, source = item
    return score(mapping, None if options is None else rules_from_options(options), source)


def score_items(items: list[tuple[dict, Rules | None, str | None]], jobs: int = 1) -> Iterator[dict]:
    """Score (mapping, rules, source) items in input order; ``jobs`` > 1 uses that many processes."""
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
    """Score many docs/spec.md §3 mappings, yielding docs/spec.md §4 dicts in input order.

    >>> [r["ok"] for r in score_many([{"hand": "123m456p789s11122z"}, {"hand": "1m"}])]
    [True, False]
    """
    rules = rules or resolve_rules()
    return score_items([(m, rules, None) for m in mappings], jobs)
