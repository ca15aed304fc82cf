"""The Python API of SPEC section 9: mappings in, SPEC 4 dicts out, never an exception for a bad hand."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .context import build_request
from .errors import InvalidContext, RiichiError
from .report import error_dict, result_dict
from .rules import Rules, resolve_rules
from .scoring import score_request


def score(mapping: dict, rules: Rules | None = None, source: str | None = None) -> dict:
    """Score one hand given as a SPEC 3 mapping; ``rules`` are the defaults a hand may override.

    >>> score({"hand": "123456s234m55p chi:789s", "win": "ron", "dora": ["1m"]})["points"]["total"]
    2000
    """
    return score_checked(mapping, rules, source)[0]


def score_checked(
    mapping: dict, rules: Rules | None = None, source: str | None = None
) -> tuple[dict, RiichiError | None]:
    """Like `score`, also returning the refusal (for a caller that shows where the input went wrong)."""
    echo: dict = {}
    try:
        req = build_request(mapping, rules, echo)
        return result_dict(score_request(req), req.id, source), None
    except RiichiError as err:
        return error_dict(err, echo, source), err
    except RecursionError:
        err = InvalidContext("input nested too deeply")
        return error_dict(err, echo, source), err


def _score_item(item: tuple[dict, Rules | None, str | None]) -> dict:
    return score(*item)


def score_many(
    mappings: Iterable[dict], jobs: int = 1, rules: Rules | None = None, chunksize: int = 64
) -> Iterator[dict]:
    """Score many hands, in input order; ``jobs`` > 1 uses that many processes."""
    rules = rules or resolve_rules()
    items = ((m, rules, None) for m in mappings)
    if jobs <= 1:
        yield from map(_score_item, items)
        return
    from multiprocessing import get_context

    with get_context("fork" if _has_fork() else "spawn").Pool(jobs) as pool:
        yield from pool.imap(_score_item, items, chunksize)


def _has_fork() -> bool:
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()
