"""The ``dask`` backend: batches of games as tasks on a ``distributed`` cluster.

``scheduler=None`` starts a private ``LocalCluster`` (one single-threaded
worker process per core asked for, no dashboard) and closes it afterwards; a
scheduler address connects to an existing cluster (its workers must have
designkit installed); a ``distributed.Client`` is used as it is and left open,
so sweeps and tuning pay the cluster start-up once.

Each chunk of games is one task (about 2 ms overhead per task, so never one
game per task). Game seeds come from the game ids, so the rows are identical
to the serial backend's. Tasks that raise are retried (``retries``); a worker
that dies mid-task is handled by the scheduler, which reruns its tasks on the
surviving or restarted workers. Finished batches are handed to ``finished`` as
they complete (``as_completed``), so an interrupted run keeps every game that
had finished.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any

from designkit.core.errors import DesignkitError

RETRIES = 3


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise DesignkitError("the dask backend needs the dask extra: "
                             "pip install -e '.[dask]'") from None
    return distributed


@contextlib.contextmanager
def dask_client(scheduler: Any = None, workers: int = 2) -> Iterator[Any]:
    """A ``distributed.Client``: a private ``LocalCluster`` of ``workers`` processes when
    ``scheduler`` is None (closed on exit), a connection to an address string, or the
    given ``Client`` itself (left open)."""
    distributed = _distributed()
    if isinstance(scheduler, distributed.Client):
        yield scheduler
        return
    if scheduler is None:
        cluster = distributed.LocalCluster(n_workers=max(1, workers), threads_per_worker=1,
                                           processes=True, dashboard_address=None,
                                           silence_logs=logging.ERROR)
        client = distributed.Client(cluster)
        try:
            yield client
        finally:
            client.close()
            cluster.close()
        return
    try:
        client = distributed.Client(scheduler, timeout="20s")
    except OSError as err:
        raise DesignkitError(f"scheduler {scheduler}: cannot connect ({err})") from None
    try:
        yield client
    finally:
        client.close()


def run_tasks(client: Any, tasks: Sequence[tuple[Hashable, Callable, tuple]],
              finished: Callable[[Hashable, Any], None], retries: int = RETRIES) -> None:
    """Submit ``(key, fn, args)`` tasks and call ``finished(key, result)`` as each completes.

    On ``KeyboardInterrupt`` every task that had already finished is still handed to
    ``finished``, the rest are cancelled, and the interrupt is re-raised.
    """
    distributed = _distributed()
    futures = {client.submit(fn, *args, pure=False, retries=retries): key
               for key, fn, args in tasks}
    delivered: set[Any] = set()
    try:
        for fut in distributed.as_completed(futures):
            finished(futures[fut], fut.result())
            delivered.add(fut)
    except KeyboardInterrupt:
        for fut, key in futures.items():
            if fut not in delivered and fut.status == "finished":
                with contextlib.suppress(Exception):
                    finished(key, fut.result(timeout=5))
        client.cancel([f for f in futures if f not in delivered])
        raise
    except BaseException:
        client.cancel([f for f in futures if f not in delivered])
        raise
