"""Work sent to a running Dask distributed scheduler (the optional extra ``riichi-cli[dask]``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any


class NoDask(RuntimeError):
    """dask.distributed is not installed, or the scheduler cannot be reached."""


def dask_map(fn: Callable[[Any], Any], items: list, address: str, batch: int = 64) -> Iterator[Any]:
    """``fn`` over ``items`` on the scheduler at ``address``, results in input order.

    Items go in chunks of at most ``batch`` (one task each, about four per worker) so a corpus of
    small files does not become a million tiny tasks; ``fn`` must be a plain module-level function
    (it is pickled by name).
    """
    try:
        from dask.distributed import Client  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise NoDask("--scheduler needs dask: pip install 'riichi-cli[dask]'") from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError) as e:
        raise NoDask(f"cannot reach the Dask scheduler at {address}: {e}") from None
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        batch = max(1, min(batch, -(-len(items) // (4 * workers))))
        chunks = [items[i : i + batch] for i in range(0, len(items), batch)]
        futures = client.map(run_chunk, [fn] * len(chunks), chunks, pure=False)
        for future in futures:
            yield from future.result()
    finally:
        client.close()


def run_chunk(fn: Callable[[Any], Any], chunk: list) -> list:
    """A worker's side of `dask_map`: one chunk, in order."""
    return [fn(item) for item in chunk]
