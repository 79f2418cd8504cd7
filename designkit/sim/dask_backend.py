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

import asyncio
import contextlib
import itertools
import logging
import os
import socket
import threading
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any

from designkit.core.errors import DesignkitError, WorkerLost

RETRIES = 3
CONNECT_TIMEOUT = 20.0
WORKER_WAIT = 30.0
#: seconds a listener has to answer Dask's handshake and ``identity`` once the TCP
#: connection is made: a scheduler answers in milliseconds, so anything slower is not one
#: (a stuck service that accepts and says nothing kept the client waiting 20 s)
HANDSHAKE_TIMEOUT = 3.0
#: seconds a refused connection is retried: nothing listens at the port (a typo, a
#: scheduler not started), so waiting the whole connect timeout (20 s) only delays the
#: answer; a scheduler that is starting opens its port within this
REFUSED_GRACE = 1.0


class SchedulerLost(WorkerLost):
    """The scheduler went away mid-run: the batches already received are kept (like
    :class:`WorkerLost`, which ``simulate_many(keep_partial=True)`` turns into results)."""


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
    with _quiet_client_logs():
        client = _connect(distributed, scheduler, connect_timeout())
        try:
            _wait_for_workers(client, str(scheduler), worker_wait())
            yield client
        finally:
            client.close()


@contextlib.contextmanager
def _quiet_client_logs() -> Iterator[None]:
    """A lost scheduler makes the client log its reconnection tracebacks; designkit says
    what happened in one line instead (:class:`SchedulerLost`)."""
    names = ("distributed.client", "distributed.utils", "distributed.comm",
             "distributed.core")
    loggers = [logging.getLogger(n) for n in names]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for lg, level in zip(loggers, levels, strict=True):
            lg.setLevel(level)


def worker_wait() -> float:
    """Seconds to wait for a scheduler's first worker (``DESIGNKIT_DASK_WORKER_WAIT``,
    the CLI's ``--worker-wait``; default 30): a scheduler without workers never plays a
    game, so waiting longer only hides the mistake."""
    try:
        return max(0.1, float(os.environ.get("DESIGNKIT_DASK_WORKER_WAIT", WORKER_WAIT)))
    except ValueError:
        return WORKER_WAIT


def _wait_for_workers(client: Any, address: str, wait: float) -> None:
    if client.scheduler_info().get("workers"):
        return
    try:
        client.wait_for_workers(1, timeout=wait)
    except (TimeoutError, OSError):
        raise DesignkitError(f"scheduler {address}: no worker joined within {wait:g} s, so no "
                             f"game can run; start one with `dask worker {address}` (or wait "
                             f"longer with --worker-wait SECONDS)") from None


def connect_timeout() -> float:
    """Seconds to wait for a scheduler (``DESIGNKIT_DASK_TIMEOUT``, default 20)."""
    try:
        return max(0.1, float(os.environ.get("DESIGNKIT_DASK_TIMEOUT", CONNECT_TIMEOUT)))
    except ValueError:
        return CONNECT_TIMEOUT


def check_address(scheduler: str) -> str:
    """``scheduler`` as a Dask address, or a one-line error saying how to write one."""
    from distributed.comm import get_address_host_port

    text = str(scheduler).strip()
    try:
        host, port = get_address_host_port(text)
    except (ValueError, TypeError) as err:
        raise DesignkitError(f"--scheduler {scheduler!r}: not a Dask scheduler address "
                             f"({err}); write tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786"
                             ) from None
    if not host or not 1 <= int(port) <= 65535:
        raise DesignkitError(f"--scheduler {scheduler!r}: "
                             + (f"port {port} is outside 1–65535" if host else "no host")
                             + "; write tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786")
    return text


def _connect(distributed: Any, scheduler: str, timeout: float) -> Any:
    """Connect within ``timeout`` seconds, whatever listens at the address.

    ``Client(timeout=...)`` only bounds the TCP connect: a listener that accepts and
    then says nothing (not a scheduler) would hang it, and one that speaks another
    protocol makes it fail oddly. So the connection is made in a daemon thread with
    an overall deadline, and every failure becomes one line.
    """
    address = check_address(scheduler)
    _probe(distributed, address, timeout)
    outcome: dict[str, Any] = {}

    def attempt() -> None:
        try:
            outcome["client"] = distributed.Client(address, timeout=f"{timeout}s")
        except BaseException as err:  # noqa: BLE001 - reported to the caller below
            outcome["error"] = err

    thread = threading.Thread(target=attempt, name="designkit-dask-connect", daemon=True)
    thread.start()
    thread.join(timeout + 5)
    if "client" in outcome:
        return outcome["client"]
    err = outcome.get("error")
    if err is None:
        raise DesignkitError(f"scheduler {address}: no Dask scheduler answered within "
                             f"{timeout:g} s (something else listens there?); start one with "
                             f"`dask scheduler` or check the address")
    if isinstance(err, OSError):
        raise DesignkitError(f"scheduler {address}: cannot connect "
                             f"({' '.join(str(err).split())})") from None
    raise DesignkitError(f"scheduler {address}: what answers is not a Dask scheduler "
                         f"({type(err).__name__}); check the address and port") from None


def _probe(distributed: Any, address: str, timeout: float) -> None:
    """Refuse at once what is not a Dask scheduler, before the client waits on it.

    The TCP connection may take up to ``timeout`` (a scheduler still starting refuses
    connections for a moment, as the client allows); once it is made, what listens must
    answer Dask's handshake and an ``identity`` request as a ``Scheduler`` within
    :data:`HANDSHAKE_TIMEOUT` seconds. Only plain ``tcp://`` is probed (TLS and other
    transports need the client's own security settings)."""
    if not address.startswith("tcp://"):
        return
    from distributed.comm import get_address_host_port

    host, port = get_address_host_port(address)
    start = time.monotonic()
    deadline = start + timeout
    while True:
        try:
            socket.create_connection((host, port), timeout=max(0.1, min(
                2.0, deadline - time.monotonic()))).close()
            break
        except OSError as err:
            now = time.monotonic()
            if isinstance(err, ConnectionRefusedError) and now >= start + min(
                    REFUSED_GRACE, timeout):
                raise DesignkitError(f"scheduler {address}: connection refused (nothing "
                                     f"listens on that port); start one with `dask "
                                     f"scheduler` or check the address") from None
            if now >= deadline:
                raise DesignkitError(f"scheduler {address}: cannot connect within {timeout:g} "
                                     f"s ({' '.join(str(err).split())}); start one with "
                                     f"`dask scheduler` or check the address") from None
            time.sleep(0.2)
    outcome: dict[str, Any] = {}

    async def identify() -> None:
        from distributed.comm import connect

        comm = await connect(address, timeout=HANDSHAKE_TIMEOUT)
        try:
            await comm.write({"op": "identity", "reply": True})
            outcome["identity"] = await comm.read()
        finally:
            comm.abort()

    def attempt() -> None:  # a loop of its own: the caller may run one (Jupyter)
        try:
            asyncio.run(asyncio.wait_for(identify(), HANDSHAKE_TIMEOUT))
        except BaseException as err:  # noqa: BLE001 - reported to the caller below
            outcome["error"] = err

    thread = threading.Thread(target=attempt, name="designkit-dask-probe", daemon=True)
    thread.start()
    thread.join(HANDSHAKE_TIMEOUT + 2)
    identity, failure = outcome.get("identity"), outcome.get("error")
    kind = identity.get("type") if isinstance(identity, dict) else None
    if isinstance(kind, str) and "Scheduler" in kind:  # a subclass keeps the word
        return
    if kind:
        why = f"that is a Dask {kind}, not the scheduler"
    elif identity is None and (failure is None or isinstance(failure, TimeoutError)):
        why = (f"something listens there but gave no Dask answer within "
               f"{HANDSHAKE_TIMEOUT:g} s, so it is not a Dask scheduler")
    else:
        why = "what answers is not a Dask scheduler" + (
            f" ({type(failure).__name__})" if failure is not None else "")
    raise DesignkitError(f"scheduler {address}: {why}; check the address and port (a "
                         f"scheduler prints its own as `Scheduler at: tcp://…`)")


def run_tasks(client: Any, tasks: Sequence[tuple[Hashable, Callable, tuple]],
              finished: Callable[[Hashable, Any], None], retries: int = RETRIES) -> None:
    """Submit ``(key, fn, args)`` tasks and call ``finished(key, result)`` as each completes.

    At most :func:`in_flight` tasks are on the cluster at once; the next is submitted
    as one is delivered. Submitting everything at once let a busy client fall so far
    behind that every batch had finished before a Ctrl-C was read, and it fills a
    shared scheduler with work nobody may still want.

    On ``KeyboardInterrupt`` every task that had already finished is still handed to
    ``finished``, the rest are cancelled, and the interrupt is re-raised.
    """
    distributed = _distributed()
    pending = iter(tasks)
    futures: dict[Any, Hashable] = {}

    def submit(n: int) -> list[Any]:
        new = []
        for key, fn, args in itertools.islice(pending, n):
            fut = client.submit(fn, *args, pure=False, retries=retries)
            futures[fut] = key
            new.append(fut)
        return new

    delivered: set[Any] = set()
    try:
        running = distributed.as_completed(submit(in_flight(client)))
        for fut in running:
            try:
                result = fut.result()
            except (distributed.CancelledError, OSError) as err:
                if client.status == "running" and not _lost(err):
                    raise
                raise SchedulerLost(f"the Dask scheduler {_address(client)} was lost after "
                                    f"{len(delivered)} of {len(tasks)} batches "
                                    f"({type(err).__name__})") from None
            finished(futures[fut], result)
            delivered.add(fut)
            for nxt in submit(1):
                running.add(nxt)
    except KeyboardInterrupt:
        for fut, key in futures.items():
            if fut not in delivered and fut.status == "finished":
                with contextlib.suppress(Exception):
                    finished(key, fut.result(timeout=5))
        client.cancel([f for f in futures if f not in delivered])
        raise
    except SchedulerLost:
        raise
    except BaseException:
        client.cancel([f for f in futures if f not in delivered])
        raise


def in_flight(client: Any) -> int:
    """How many tasks may be on the cluster at once: four per worker thread (so no
    worker waits for the client between batches), at least eight."""
    with contextlib.suppress(Exception):
        return max(8, 4 * sum(client.nthreads().values()))
    return 8


def _lost(err: BaseException) -> bool:
    """A future cancelled because the client lost its scheduler (not by a user)."""
    return "connection" in str(err).lower() or "lost" in str(err).lower()


def _address(client: Any) -> str:
    with contextlib.suppress(Exception):
        return str(client.scheduler.address)
    return "(unknown address)"
