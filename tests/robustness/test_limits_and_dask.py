"""Limits checked up front, and the Dask edges: bad address, silent listener, implied backend."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from designkit.core.errors import DesignkitError, ParamError
from designkit.core.limits import MAX_SEED, check_games, check_seed, max_games
from designkit.core.outputs import check_output
from designkit.sim.many import Executor, simulate_many


def test_seed_range_is_the_same_everywhere():
    assert check_seed(0) == 0 and check_seed(MAX_SEED) == MAX_SEED and check_seed("12") == 12
    for bad in (-1, MAX_SEED + 1, "abc", 1.5, True):
        with pytest.raises(ParamError, match="seed"):
            check_seed(bad)
    with pytest.raises(ParamError, match="seed: -1 is outside"):
        simulate_many("crossroads", [_params()], 5, seed=-1)


def test_too_many_games_are_refused_with_the_limit_before_any_game():
    limit = max_games(1, memory=8 * 2**30)
    assert 1 < limit < 1_000_000_000
    with pytest.raises(ParamError) as err:
        check_games(1_000_000_000)
    assert "at most" in str(err.value) and "--seed" in str(err.value)
    assert max_games(10, memory=8 * 2**30) == limit // 10
    for bad in (0, -5, 2.5, "10"):
        with pytest.raises(ParamError):
            check_games(bad)
    start = time.monotonic()
    with pytest.raises(ParamError):
        simulate_many("crossroads", [_params()], 1_000_000_000)
    assert time.monotonic() - start < 5  # refused up front, not after allocating


def test_output_paths_are_checked(tmp_path):
    assert check_output(tmp_path / "a.csv", (".csv",)) == tmp_path / "a.csv"
    for path, fragment in ((tmp_path / "no" / "a.csv", "does not exist"),
                           (tmp_path, "is a folder"), (tmp_path / "a.xlsx", ".xlsx")):
        with pytest.raises(DesignkitError, match=fragment):
            check_output(path, (".csv", ".parquet"))
    assert check_output(tmp_path / "new" / "r.html", (".html",), make_folder=True)


def test_scheduler_implies_dask_and_conflicts_with_other_backends():
    assert Executor("auto", 1, scheduler="tcp://127.0.0.1:8786").backend == "dask"
    with pytest.raises(DesignkitError, match="dask backend"):
        Executor("process", 2, scheduler="tcp://127.0.0.1:8786")


def test_scheduler_address_that_is_not_one_is_a_one_line_error():
    pytest.importorskip("distributed")
    from designkit.sim.dask_backend import check_address

    with pytest.raises(DesignkitError, match="tcp://HOST:PORT") as err:
        check_address("not a url")
    assert "\n" not in str(err.value)


def test_a_listener_that_is_not_a_scheduler_times_out(monkeypatch):
    pytest.importorskip("distributed")
    from designkit.sim.dask_backend import dask_client

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:  # accept and say nothing, like a stuck service
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                accepted.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    monkeypatch.setenv("DESIGNKIT_DASK_TIMEOUT", "1")
    port = server.getsockname()[1]
    start = time.monotonic()
    try:
        with pytest.raises(DesignkitError, match="no Dask scheduler answered|not a Dask "
                                                 "scheduler"), \
                dask_client(f"tcp://127.0.0.1:{port}"):
            pass
    finally:
        stop.set()
        thread.join()
        for conn in accepted:
            conn.close()
        server.close()
    assert time.monotonic() - start < 15


def _params():
    from designkit.core.registry import get_game

    return get_game("crossroads").params_type()
