"""The process pool behind `--jobs`: workers that ignore Ctrl-C, rules sent once per worker, items
in input order with a bounded number in flight, and `Here` items worked out in the parent."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator
from typing import Any, TypeVar

from ..core.rules import Rules, rules_from_options

T = TypeVar("T")
R = TypeVar("R")

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


class Here:
    """An item of `pool_map` worked out in this process (``work()``) when its turn comes, while the
    workers go on with the items after it: the parent is not left waiting with a core to spare."""

    def __init__(self, work: Callable[[], Any]) -> None:
        self.work = work

    def ready(self) -> bool:
        return False  # worked out only when it is the next result

    def get(self) -> Any:
        return self.work()


def pool_map(fn: Callable[[T], R], items: Iterable[T | Here], jobs: int, init: Callable | None = None,
             args: tuple = (), window: int = 0) -> Generator[R, None, None]:  # fmt: skip
    """``map(fn, items)`` in ``jobs`` processes, results in input order; a `Here` item is worked out
    in this process instead.

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
            pending.append(item if isinstance(item, Here) else pool.apply_async(fn, (item,)))
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
