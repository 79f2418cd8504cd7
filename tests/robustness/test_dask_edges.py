"""Issue 22 item 3 (and 17's port): a Dask run never hangs and never ends in a traceback.

A scheduler with no workers is a one-line error after ``--worker-wait`` seconds; a
scheduler lost mid-run keeps the batches already received (``SchedulerLost``, which
``simulate_many(keep_partial=True)`` turns into interrupted results); an address with an
impossible port is refused at once, and so, within seconds, is one where something that is
not a Dask scheduler listens (a silent service, another protocol, a Dask worker). The
scheduler and worker are real ``dask`` processes.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

from designkit.core.errors import DesignkitError  # noqa: E402
from designkit.sim.dask_backend import check_address, dask_client  # noqa: E402
from designkit.sim.many import simulate_many  # noqa: E402

DASK = str(Path(sys.executable).parent / "dask")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(*argv: str) -> subprocess.Popen:
    return subprocess.Popen([DASK, *argv], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(10)


def _wait_for_port(port: int, seconds: float) -> None:
    """Until something listens on ``port`` of this machine, for ``seconds`` at the most (the
    test after it then fails on its own terms if nothing came up)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)


@pytest.fixture
def scheduler():
    port = _free_port()
    proc = _start("scheduler", "--host", "127.0.0.1", "--port", str(port),
                  "--dashboard-address", ":0")
    address = f"tcp://127.0.0.1:{port}"
    _wait_for_port(port, 30)
    yield proc, address
    _stop(proc)


def test_a_scheduler_without_workers_is_an_error_after_the_wait(scheduler, monkeypatch):
    _, address = scheduler
    monkeypatch.setenv("DESIGNKIT_DASK_WORKER_WAIT", "1.5")
    start = time.monotonic()
    with pytest.raises(DesignkitError, match=r"no worker joined within 1\.5 s"), \
            dask_client(address):
        pass
    assert time.monotonic() - start < 15


def test_a_lost_scheduler_keeps_the_finished_batches(scheduler):
    proc, address = scheduler
    worker = _start("worker", address, "--nworkers", "1", "--nthreads", "1",
                    "--no-dashboard")
    try:
        killed: list[int] = []

        def on_progress(done: int, total: int) -> None:
            if not killed:  # the first batch is in: the scheduler goes away
                killed.append(done)
                os.killpg(proc.pid, signal.SIGKILL)

        start = time.monotonic()
        (res,) = simulate_many("crossroads", [_params()], 400, backend="dask",
                               scheduler=address, batch_size=20, on_progress=on_progress,
                               keep_partial=True)
        assert time.monotonic() - start < 90
    finally:
        _stop(worker)
    assert res.interrupted and 20 <= res.n_games < 400
    assert "scheduler" in res.meta["stopped"] and "was lost after" in res.meta["stopped"]
    # what was kept is whole: every kept game has all its seats
    assert (res.seats.groupby("game_id")["seat"].count() == 4).all()


def _params():
    from designkit.core.registry import get_game

    return get_game("crossroads").params_type()


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:99999", "tcp://127.0.0.1:0",
                                     "tcp://:8786"])
def test_impossible_addresses_are_refused_at_once(address):
    with pytest.raises(DesignkitError, match="write tcp://HOST:PORT"):
        check_address(address)


def test_worker_wait_option_is_checked(capsys):
    from designkit import cli

    with pytest.raises(SystemExit) as stop:  # argparse: one line, exit 2
        cli.main(["simulate", "crossroads", "--games", "2", "--worker-wait", "nan"])
    assert stop.value.code == 2 and "--worker-wait" in capsys.readouterr().err
    assert cli.main(["simulate", "crossroads", "--games", "2", "--worker-wait", "5"]) == 2
    assert "--worker-wait is for --scheduler" in capsys.readouterr().err


@contextmanager
def _listener(answer: Callable[[socket.socket], None]) -> Iterator[int]:
    """A TCP service on a free port that handles each connection with ``answer``."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    server.settimeout(0.2)
    stop = threading.Event()
    conns: list[socket.socket] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                conn = server.accept()[0]
            except OSError:
                continue
            conns.append(conn)
            answer(conn)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield int(server.getsockname()[1])
    finally:
        stop.set()
        thread.join()
        for conn in conns:
            conn.close()
        server.close()


def _http(conn: socket.socket) -> None:
    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
    conn.close()


@pytest.mark.parametrize(("answer", "fragment"), [
    (lambda conn: None, "gave no Dask answer within 3 s"),  # accepts, says nothing
    (_http, "what answers is not a Dask scheduler"),
])
def test_a_listener_that_is_not_a_scheduler_is_refused_within_seconds(capsys, monkeypatch,
                                                                       answer, fragment):
    """Item 17: with the default 20 s connect timeout, not after it."""
    from designkit import cli

    monkeypatch.delenv("DESIGNKIT_DASK_TIMEOUT", raising=False)
    with _listener(answer) as port:
        start = time.monotonic()
        code = cli.main(["simulate", "crossroads", "--games", "2", "--scheduler",
                         f"tcp://127.0.0.1:{port}"])
        took = time.monotonic() - start
    err = capsys.readouterr().err
    assert code == 2 and took < 10, (took, err)
    (line,) = err.strip().splitlines()
    assert line.startswith(f"designkit: error: scheduler tcp://127.0.0.1:{port}: ") \
        and fragment in line and "check the address and port" in line, line


def test_a_worker_address_is_not_taken_for_the_scheduler(scheduler):
    _, address = scheduler
    port = _free_port()
    worker = _start("worker", address, "--nworkers", "1", "--nthreads", "1",
                    "--no-dashboard", "--host", "127.0.0.1", "--worker-port", str(port))
    try:
        _wait_for_port(port, 60)
        start = time.monotonic()
        with pytest.raises(DesignkitError, match="that is a Dask Worker, not the scheduler"), \
                dask_client(f"tcp://127.0.0.1:{port}"):
            pass
        assert time.monotonic() - start < 10
    finally:
        _stop(worker)
