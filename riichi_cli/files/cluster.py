"""Work sent to a running Dask distributed scheduler (the optional extra ``riichi-cli[dask]``).

What can go wrong is said in one line, never a Dask traceback: an address Dask cannot use or a port
that does not answer like a scheduler (`NoDask`: a usage error), a scheduler lost mid-run or no worker
left to do the work (`ClusterLost`: the run ends, what was printed stays). Before Dask connects, a
probe reads the scheduler's greeting with a deadline and a size cap: Dask's own handshake waits
forever on a silent port and allocates whatever size a peer announces. Work goes out a bounded
window of chunks at a time, so the input is read as results come back, not all before the first.
"""

from __future__ import annotations

import logging
import socket
import struct
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..core.errors import clip
from .pool import WorkerLost, chunks

#: The address schemes Dask knows; an address without one is tcp.
SCHEMES = ("tcp", "tls", "ws", "wss", "ucx", "inproc")
#: Seconds to connect and to hear the scheduler's greeting.
CONNECT_SECONDS = 10.0
#: Largest greeting a scheduler sends (a few hundred bytes in practice).
MAX_GREETING = 1 << 20
#: Seconds without any worker before the run is given up.
NO_WORKER_SECONDS = 20.0
#: Chunks in flight per worker: enough to keep each busy, few enough to bound memory.
IN_FLIGHT_PER_WORKER = 4


class NoDask(RuntimeError):
    """dask.distributed is not installed, or the scheduler cannot be reached (a usage error)."""


class ClusterLost(WorkerLost):
    """The scheduler went away, or every worker did, in the middle of a run."""


def dask_map(fn: Callable[[Any], Any], items: Iterable, address: str, batch: int = 64) -> Iterator[Any]:
    """``fn`` over ``items`` on the scheduler at ``address``, results in input order, items read as
    the results come (at most `IN_FLIGHT_PER_WORKER` chunks per worker are out at a time).

    Items go in chunks of at most ``batch`` (one task each) so a corpus of small files does not
    become a million tiny tasks; a list is cut finer so that every worker gets some. ``fn`` must be a
    plain module-level function (it is pickled by name).
    """
    client = connect(address)
    try:
        workers = max(1, _workers(client))
        if isinstance(items, list):
            batch = max(1, min(batch, -(-len(items) // (IN_FLIGHT_PER_WORKER * workers))))
        window: deque = deque()
        for chunk in chunks(items, batch):
            window.append(client.submit(run_chunk, fn, chunk, pure=False))
            if len(window) >= IN_FLIGHT_PER_WORKER * workers:
                yield from _result(client, window.popleft(), address)
        while window:
            yield from _result(client, window.popleft(), address)
    finally:
        _close(client)


def connect(address: str) -> Any:
    """A Dask client of the scheduler at ``address``, or NoDask saying why not in one line."""
    try:
        from dask.distributed import Client  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise NoDask("--scheduler needs dask: pip install 'riichi-cli[dask]'") from None
    _quiet_dask_log()
    scheme, _, rest = address.rpartition("://")
    if scheme and scheme not in SCHEMES:
        raise NoDask(f"cannot use the Dask scheduler address {clip(address, 80)!r}: "
                     f"the scheme must be one of {', '.join(SCHEMES)}")  # fmt: skip
    if scheme in ("", "tcp"):
        probe(rest, address)
    try:
        return Client(address, timeout=f"{CONNECT_SECONDS}s")
    except Exception as e:  # ValueError, TypeError (tls without certificates), OSError, TimeoutError
        raise NoDask(f"cannot reach the Dask scheduler at {clip(address, 80)!r}: {_why(e)}") from None


def _quiet_dask_log() -> None:
    """What goes wrong is said here in one line; Dask's own log would add tracebacks of the same
    (its loggers may carry their own levels, so each is set)."""
    names = ["distributed"] + [n for n in logging.root.manager.loggerDict if n.startswith("distributed.")]
    for name in names:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def probe(host_port: str, address: str) -> None:
    """Connect to a tcp address and read the scheduler's greeting (a length, then that many bytes),
    within `CONNECT_SECONDS` and `MAX_GREETING`; NoDask when it does not come."""
    where = clip(address, 80)
    host, _, port = host_port.rpartition(":")
    host = host.strip("[]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise NoDask(
            f"cannot use the Dask scheduler address {where!r}: it needs a host and a port (host:8786)"
        )
    deadline = time.monotonic() + CONNECT_SECONDS
    try:
        with socket.create_connection((host, int(port)), timeout=CONNECT_SECONDS) as sock:
            size = struct.unpack("Q", _read(sock, 8, deadline))[0]
            if size > MAX_GREETING:
                raise NoDask(f"{where!r} is not a Dask scheduler (it announces a message of {size} bytes)")
            _read(sock, size, deadline)
    except TimeoutError:
        raise NoDask(
            f"the Dask scheduler at {where!r} did not answer within {CONNECT_SECONDS:.0f} s"
        ) from None
    except OSError as e:
        raise NoDask(f"cannot reach the Dask scheduler at {where!r}: {_why(e)}") from None


def _read(sock: socket.socket, n: int, deadline: float) -> bytes:
    data = b""
    while len(data) < n:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        piece = sock.recv(min(n - len(data), 65536))
        if not piece:
            raise OSError("the connection closed before the scheduler's greeting")
        data += piece
    return data


def _result(client: Any, future: Any, address: str) -> list:
    """The chunk's results; ClusterLost when the scheduler goes or no worker is left for a while."""
    alone_since: float | None = None
    while True:
        try:
            return future.result(timeout=0.5)
        except TimeoutError:
            pass
        except Exception as e:
            if getattr(future, "status", None) == "error":
                raise  # the work itself failed: not the cluster's doing
            why = "the connection was lost" if "connection-lost" in str(e) else _why(e)
            raise ClusterLost(f"lost the Dask scheduler at {clip(address, 80)!r}: {why}") from None
        if client.status not in ("running", "newly-created"):
            raise ClusterLost(f"lost the Dask scheduler at {clip(address, 80)!r} (client {client.status})")
        if _workers(client):
            alone_since = None
        elif alone_since is None:
            alone_since = time.monotonic()
        elif time.monotonic() - alone_since > NO_WORKER_SECONDS:
            raise ClusterLost(f"no Dask worker left at {clip(address, 80)!r} for {NO_WORKER_SECONDS:.0f} s")


def _workers(client: Any) -> int:
    """How many workers the scheduler has (0 when it cannot say)."""
    try:
        return len(client.scheduler_info(n_workers=-1).get("workers", {}))
    except TypeError:  # an older Dask: no n_workers
        return len(client.scheduler_info().get("workers", {}))
    except Exception:
        return 0


def _close(client: Any) -> None:
    try:
        client.close(timeout=2)
    except Exception:  # a scheduler already gone: nothing more to say
        pass


def _why(e: BaseException) -> str:
    return clip(" ".join(str(e).split()) or type(e).__name__, 160)


def run_chunk(fn: Callable[[Any], Any], chunk: list) -> list:
    """A worker's side of `dask_map`: one chunk, in order."""
    return [fn(item) for item in chunk]
