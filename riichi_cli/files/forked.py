"""`--jobs` by forking this process: the work already read is cut into one contiguous share per job;
this process works out the first share while a child forked for each other share works out its own,
then the children's answers follow in order, each read whole from its own pipe.

Why not the pool (`pool`) for work known ahead: a pool worker costs the import of multiprocessing
(a sixth of a whole 8,000-hand batch) and a pickled message per task both ways, and this process,
the one that reads and writes, scored nothing. A child here costs a fork and one message.

A child may also write bytes to a spool file (``spool=True``: a file in memory, made before the
fork, so this process reads it too): output written there by the child is copied out by the
kernel (`Spooled.copy_to`), without this process reading, holding or writing it itself.

A child never returns into this process's code: it works, writes ``[length][marshal data]`` to its
pipe and leaves by ``os._exit`` (no buffers flushed twice, no exit handlers). It ignores Ctrl-C:
this process answers it, as any stop (an error, a closed pipe, the iterator closed), by killing the
children left and reaping them, so none outlives it. A child that dies before its answer is whole
raises `WorkerLost` in its turn, after the answers before its share.
"""

from __future__ import annotations

import errno
import gc
import marshal
import os
import signal
from collections.abc import Callable, Generator, Iterator

from .pool import worker_lost

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Any, NoReturn

#: Bytes of the length in front of a child's answer.
HEAD = 8
#: The spool of this process when it is a child working with one (`spill`).
_spool: list[int] = []


def can_fork() -> bool:
    """Whether this system forks (POSIX); elsewhere `--jobs` uses the pool, which spawns."""
    return hasattr(os, "fork") and hasattr(os, "waitpid")


def can_spool() -> bool:
    """Whether a child can be given a spool file (a file in memory: Linux's memfd)."""
    return hasattr(os, "memfd_create") and hasattr(os, "sendfile")


def forked_map(
    fn: Callable[[Any], Any],
    shares: list[list[Any]],
    child_fn: Callable[[Any], Any] | None = None,
    wrap: Callable[[Any, Spool | None], Any] | None = None,
) -> Generator[Any, None, None]:
    """``fn(item)`` for every item of ``shares[0]`` here, then ``child_fn(item)`` (default ``fn``)
    for every item of each other share, worked out in a child forked now; all in order. A child's
    results must be values `marshal` writes (lists, tuples, str, int, None...); ``wrap(result,
    spool)`` makes each what this process yields, ``spool`` the child's when ``wrap`` is given (then
    ``child_fn`` may `spill` bytes to it).

    An exception is raised in its turn (here at once; a child's after its results before it). Close
    the iterator when stopping early: the children are killed and reaped."""
    children: list[_Child] = []
    try:
        for share in shares[1:]:
            children.append(_Child(child_fn or fn, share, wrap is not None and can_spool()))
        for item in shares[0]:
            yield fn(item)
        for child in children:
            for result in child.answer():
                yield result if wrap is None else wrap(result, child.spool)
    finally:
        for child in children:
            child.stop()


class Spool:
    """A child's spool file, as this process holds it: closed once nothing refers to it."""

    def __init__(self) -> None:
        self.fd = os.memfd_create("riichi-spool", os.MFD_CLOEXEC)

    def __del__(self) -> None:
        os.close(self.fd)


def spooling() -> bool:
    """Whether this process is a child with a spool (`spill` may be called)."""
    return bool(_spool)


def spill(data: bytes) -> tuple[int, int]:
    """In a child with a spool: ``data`` appended to it; (where it starts, its length)."""
    fd = _spool[0]
    start = os.lseek(fd, 0, os.SEEK_CUR)
    _write_all(fd, data)
    return start, len(data)


def copy_out(spool: Spool, start: int, length: int, out: int) -> None:
    """Bytes of a spool written to the file descriptor ``out``, by the kernel when it can."""
    end = start + length
    while start < end:
        try:
            sent = os.sendfile(out, spool.fd, start, end - start)
        except OSError as e:
            if e.errno not in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSOCK):
                raise
            break  # an output sendfile refuses (a file opened to append): read and write
        if sent == 0:
            raise OSError(errno.EIO, "spool file ended early")
        start += sent
    while start < end:
        data = os.pread(spool.fd, min(end - start, 1 << 20), start)
        _write_all(out, data)
        start += len(data)


class _Child:
    """A forked child working out one share, the read end of its pipe, and its spool."""

    def __init__(self, fn: Callable[[Any], Any], share: list[Any], spool: bool) -> None:
        self.spool: Spool | None = None
        if spool:
            try:
                self.spool = Spool()
            except OSError:  # memfd refused (a sandbox, no descriptors left): the results travel
                pass
        read, write = os.pipe()
        masks = hasattr(signal, "pthread_sigmask")
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if masks else set()
        try:  # SIGINT blocked until the child ignores it: Ctrl-C at the fork raises nothing there
            pid = os.fork()
            if pid == 0:
                os.close(read)
                _work(fn, share, write, self.spool)
        finally:
            if masks:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        os.close(write)
        self.pid: int | None = pid
        self.fd: int | None = read

    def answer(self) -> Iterator[Any]:
        """The results of the share (then its error, raised), once the whole answer has arrived;
        `WorkerLost` when the child ended without it."""
        assert self.fd is not None
        parts = []
        while True:
            data = os.read(self.fd, 1 << 20)
            if not data:
                break
            parts.append(data)
        data = b"".join(parts)
        whole = len(data) >= HEAD and int.from_bytes(data[:HEAD], "little") == len(data) - HEAD
        status = self._reap()
        if not whole:
            raise worker_lost(os.waitstatus_to_exitcode(status) if status is not None else None)
        results, error = marshal.loads(memoryview(data)[HEAD:])
        yield from results
        if error is not None:
            import pickle

            raise pickle.loads(error)

    def _reap(self) -> int | None:
        """The child's wait status once it has ended (None when it was already reaped)."""
        pid, self.pid = self.pid, None
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        return os.waitpid(pid, 0)[1] if pid is not None else None

    def stop(self) -> None:
        """End the child now if it still runs (it shares no lock with this process), and reap it."""
        if self.pid is not None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self._reap()


def _work(fn: Callable[[Any], Any], share: list[Any], fd: int, spool: Spool | None) -> NoReturn:
    """The child's whole life: its share worked out, the answer written, then ``os._exit``."""
    code = 70
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # this process's parent alone answers Ctrl-C
        if hasattr(signal, "pthread_sigmask"):
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        gc.disable()  # nothing made here is freed by the cyclic collector before the exit anyway
        if spool is not None:
            _spool[:] = [spool.fd]
        results: list[Any] = []
        error = None
        try:
            for item in share:
                results.append(fn(item))
        except Exception as e:  # raised by the parent in its turn, after the results before it
            error = _pickled(e)
        try:
            data = marshal.dumps((results, error))
        except ValueError as e:  # a result marshal cannot write: a bug, said as such by the parent
            data = marshal.dumps(([], _pickled(e)))
        _write_all(fd, len(data).to_bytes(HEAD, "little"))
        _write_all(fd, data)
        code = 0
    finally:
        os._exit(code)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _pickled(error: Exception) -> bytes:
    """The exception as the pool sends it: itself, or a RuntimeError naming it when it does not pickle."""
    import pickle

    try:
        return pickle.dumps(error)
    except Exception:
        return pickle.dumps(RuntimeError(f"{type(error).__name__}: {error}"))
