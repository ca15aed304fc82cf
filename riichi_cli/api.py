"""The Python API of SPEC section 9: mappings in, SPEC 4 dicts out, never an exception for a bad hand."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import closing
from typing import Any, TypeVar

from .core.context import build_request
from .core.errors import InvalidContext, RiichiError
from .core.rules import Rules, resolve_rules, rules_from_options, rules_options
from .core.scoring import score_request
from .io.report import error_dict, result_dict

T = TypeVar("T")
R = TypeVar("R")


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


# -- many hands, in order, in worker processes ------------------------------------------------

#: The rules a worker process scores with, set once when the worker starts.
_worker_rules: list[Rules] = []


def _start_worker(init: Callable | None, args: tuple) -> None:
    """A worker ignores Ctrl-C: the parent alone answers it, by ending the pool (no tracebacks)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if init is not None:
        init(*args)


def worker_rules() -> Rules:
    """The rules `set_worker_rules` gave this worker process."""
    return _worker_rules[0]


def set_worker_rules(options: tuple) -> None:
    """Worker start-up: the rules arrive once, as plain option values (a compiled Rules does not
    unpickle)."""
    _worker_rules[:] = [rules_from_options(options)]


def pool_map(fn: Callable[[T], R], items: Iterable[T], jobs: int, init: Callable | None = None,
             args: tuple = (), window: int = 0) -> Iterator[R]:  # fmt: skip
    """``map(fn, items)`` in ``jobs`` processes, results in input order.

    At most ``window`` items (default 4 per job) are in flight, so ``items`` may be an endless
    stream and memory stays bounded. Close the iterator (``contextlib.closing``) when stopping
    early: the pool is then terminated at once, as it is on Ctrl-C or any error.
    """
    import multiprocessing
    from collections import deque

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    pool = multiprocessing.get_context(method).Pool(jobs, _start_worker, (init, args))
    pending: deque = deque()
    window = window or 4 * jobs
    finished = False
    try:
        for item in items:
            pending.append(pool.apply_async(fn, (item,)))
            while pending and (len(pending) >= window or pending[0].ready()):
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()
        finished = True
    finally:
        if finished:
            pool.close()
        else:  # an error, Ctrl-C, or a reader that went away: stop the workers now
            pool.terminate()
        pool.join()


def chunks(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """Consecutive lists of at most ``size`` items."""
    batch: list[T] = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


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
    with closing(work):
        for done in work:
            yield from done


def score_many(mappings: Iterable[Any], jobs: int = 1, rules: Rules | None = None) -> Iterator[dict]:
    """Score many SPEC 3 mappings, yielding SPEC 4 dicts in input order (lazily: ``mappings`` may
    be a stream; with ``jobs`` > 1 a bounded number of hands is in flight).

    >>> [r["ok"] for r in score_many([{"hand": "123m456p789s11122z"}, {"hand": "1m"}])]
    [True, False]
    """
    return score_items(((m, None) for m in mappings), rules or resolve_rules(), jobs)
