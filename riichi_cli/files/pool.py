"""The process pool behind `--jobs`: workers that ignore Ctrl-C, rules sent once per worker, items
in input order with a bounded number in flight, and `Here` items worked out in the parent."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator

from ..core.rules import Rules, rules_from_options

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")
    R = TypeVar("R")


#: The rules a worker process scores with, set once when the worker starts.
_worker_rules: list[Rules] = []


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

    def get(self) -> Any:
        return self.work()


class WorkerLost(RuntimeError):
    """A worker process ended in the middle of a run (killed, or out of memory): the run stops."""


def worker_lost(code: int | None) -> WorkerLost:
    """The error for a worker that ended with exit code ``code`` (minus the signal that killed it)."""
    how = f"killed by signal {-code}" if code is not None and code < 0 else f"exit code {code}"
    return WorkerLost(f"a worker process was lost ({how}; out of memory?); the run stops")


def pool_map(fn: Callable[[T], R], items: Iterable[T | Here], jobs: int, init: Callable | None = None,
             args: tuple = (), window: int = 0, share: bool = False) -> Generator[R, None, None]:  # fmt: skip
    """``map(fn, items)`` in ``jobs`` processes, results in input order; a `Here` item is worked out
    in this process instead.

    With ``share`` this process is one of the ``jobs``: it starts ``jobs - 1`` workers and, whenever
    every worker holds an item and the next result is not back, works out the next waiting item
    itself (``init`` then runs here too) instead of sleeping on the pipes. An error there is held
    and raised in its turn, as a worker's. A worker then takes two items at a time when two wait: it
    can only be given more when this process is back from its own item (and from reading the input
    and writing the results), so with one item at a time it sat idle about half the time.

    At most ``window`` items (default 4 per job) are in flight, so ``items`` may be an endless
    stream and memory stays bounded. Close the iterator (``contextlib.closing``) when stopping
    early: the workers are then killed at once, as they are on Ctrl-C or any error. A worker that
    dies raises `WorkerLost` (never a hang).

    Each worker has its own pipe and gets one message at a time, so the parent shares no lock with
    them: `multiprocessing.Pool` could hang on Ctrl-C (its terminate waits for a queue lock that a
    worker blocked on a full pipe holds) and for good when a worker was killed.
    """
    local = None
    if share:
        if init is not None:
            init(*args)
        local, jobs = fn, jobs - 1
    workers = [_Worker(fn, init, args) for _ in range(jobs)]
    try:
        yield from _ordered(workers, iter(items), window or 4 * (jobs + (local is not None)), local)
    finally:
        for w in workers:
            w.stop()


def _ordered(workers: list[_Worker], items: Iterator, window: int, local: Callable | None = None) -> Iterator:
    """The results of ``items`` in order, keeping the workers busy and at most ``window`` in flight;
    ``local``, when given, works out a waiting item here while every worker is busy."""
    from collections import deque
    from multiprocessing.connection import wait

    pending: deque = deque()  # per item in order: a Here, or the index of its result
    done: dict[int, Any] = {}
    queued: deque = deque()  # (index, item) not yet sent: a worker is free only after its answer
    count, more = 0, True
    while more or pending:
        while more and len(pending) < window:
            item = next(items, _END)
            if item is _END:
                more = False
            elif isinstance(item, Here):
                pending.append(item)
            else:
                pending.append(count)
                queued.append((count, item))
                count += 1
        for w in workers:
            if queued and w.task is None:  # sharing, a worker takes two items when two wait (see above)
                take = 2 if local is not None and len(queued) >= 2 else 1
                w.send([queued.popleft() for _ in range(take)])
        head = pending[0] if pending else None
        if isinstance(head, Here):
            pending.popleft()
            yield head.get()
            continue
        if head in done:
            pending.popleft()
            yield _unwrap(done.pop(head))
            continue
        busy = [w for w in workers if w.task is not None]
        timeout = None
        if local is not None and queued:  # every worker is busy: take the next waiting item here
            index, item = queued.popleft()
            done[index] = _here(local, item)
            timeout = 0  # then collect what came back meanwhile, without waiting
        ready = wait([c for w in busy for c in (w.conn, w.process.sentinel)], timeout) if busy else []
        for w in busy:
            if w.conn in ready or w.process.sentinel in ready:  # an answer, or the worker ended
                for index, value in w.receive():
                    done[index] = value  # an error too: raised when its item's turn comes, as map would


def _here(fn: Callable, item: Any) -> Any:
    """``fn(item)`` worked out in this process, an exception held as a worker's would be."""
    try:
        return fn(item)
    except Exception as e:
        return _Failed(e)


_END = object()


class _Failed:
    """A worker's exception, held until its item's turn: the results before it are still given."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


def _unwrap(value: Any) -> Any:
    if isinstance(value, _Failed):
        raise value.error
    return value


class _Worker:
    """One worker process and its own pipe; ``task`` is the indices of the items it holds, or None."""

    def __init__(self, fn: Callable, init: Callable | None, args: tuple) -> None:
        import multiprocessing
        import signal
        import sys

        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        context = multiprocessing.get_context(method)
        self.conn, child = context.Pipe()
        try:
            sys.stdout.flush()  # a forked child must not write the parent's buffered output again
        except (OSError, ValueError):
            pass
        masks = hasattr(signal, "pthread_sigmask")
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if masks else set()
        try:  # SIGINT blocked until the child ignores it: no KeyboardInterrupt traceback from a child
            self.process = context.Process(target=_serve, args=(child, fn, init, args), daemon=True)  # type: ignore[attr-defined]
            self.process.start()
        finally:
            if masks:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        child.close()
        self.task: list[int] | None = None

    def send(self, batch: list[tuple[int, Any]]) -> None:
        """Items (index, item) for the worker, sent as one message: it answers them all in one."""
        self.task = [index for index, _ in batch]
        try:
            self.conn.send([item for _, item in batch])  # the worker is waiting: never blocks for long
        except OSError:  # it died while idle
            self.receive()  # raises WorkerLost

    def receive(self) -> list[tuple[int, Any]]:
        """(index, answer) of each item held (an exception as a `_Failed`); WorkerLost when it died."""
        indices = self.task
        try:
            answers = self.conn.recv()
        except (EOFError, OSError):
            self.process.join(1)
            raise worker_lost(self.process.exitcode) from None
        self.task = None
        assert indices is not None
        return [(i, value if ok else _Failed(value)) for i, (ok, value) in zip(indices, answers)]

    def stop(self) -> None:
        """End the worker now: it shares no lock with this process, so killing it cannot hang us."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.conn.close()


def _serve(conn: Any, fn: Callable, init: Callable | None, args: tuple) -> None:
    """A worker's loop: a list of items in, ``(True, result)`` or ``(False, exception)`` for each out,
    until the pipe ends."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent alone answers Ctrl-C, by killing us
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if init is not None:
        init(*args)
    while True:
        try:
            items = conn.recv()
        except (EOFError, OSError):
            return
        answers: list[tuple] = []
        for item in items:
            try:
                answers.append((True, fn(item)))
            except Exception as e:  # the parent raises it in its turn, as map would
                answers.append((False, e))
        try:
            conn.send(answers)
        except Exception as e:  # an answer that does not pickle
            conn.send([(False, RuntimeError(f"{type(e).__name__}: {e}"))] * len(items))


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
