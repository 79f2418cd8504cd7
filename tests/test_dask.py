"""The dask backend: same rows as serial, a killed worker loses no game, interrupts keep
finished games. One 2-worker LocalCluster for the module (about 3 s to start)."""

from __future__ import annotations

import os
import signal

import pandas as pd
import pytest

distributed = pytest.importorskip("distributed")

from designkit import get_game  # noqa: E402
from designkit.analysis.sweep import sweep  # noqa: E402
from designkit.sim import simulate  # noqa: E402
from designkit.sim.dask_backend import in_flight  # noqa: E402
from designkit.sim.runner import run_batch  # noqa: E402

G = get_game("crossroads")
P3 = G.params_type(players=3)


@pytest.fixture(scope="module")
def client():
    import logging

    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=logging.ERROR)
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def assert_same(a, b):
    pd.testing.assert_frame_equal(a.games, b.games)
    pd.testing.assert_frame_equal(a.seats, b.seats)


def test_identical_to_serial(client):
    serial = simulate(G, 300, params=P3, seed=21, progress=False)
    dask = simulate(G, 300, params=P3, seed=21, backend="dask", workers=2, scheduler=client,
                    batch_size=25, progress=False)
    assert dask.meta["backend"] == "dask"
    assert_same(serial, dask)


def test_trace_identical_to_serial(client):
    serial = simulate(G, 60, params=P3, seed=3, trace=True, progress=False)
    dask = simulate(G, 60, params=P3, seed=3, trace=True, backend="dask", scheduler=client,
                    batch_size=7, progress=False)
    assert_same(serial, dask)
    pd.testing.assert_frame_equal(serial.meta["trace"], dask.meta["trace"])


def test_scheduler_address_and_sweep_backend(client):
    addr = client.scheduler.address
    by_addr = simulate(G, 80, params=P3, seed=1, backend="dask", scheduler=addr,
                       progress=False)
    assert_same(by_addr, simulate(G, 80, params=P3, seed=1, progress=False))
    a = sweep(G, "end_hand_sum", [22, 30], n_games=60, params=P3, backend="dask",
              scheduler=client)
    b = sweep(G, "end_hand_sum", [22, 30], n_games=60, params=P3, backend="serial")
    pd.testing.assert_frame_equal(a, b)


@pytest.mark.filterwarnings("ignore:Port .* is already in use")
def test_own_local_cluster_when_no_scheduler():
    """With no scheduler the dask backend starts (and stops) its own LocalCluster."""
    own = simulate(G, 9, params=P3, seed=4, backend="dask", workers=2, batch_size=5,
                   progress=False)
    assert own.meta["backend"] == "dask"
    assert_same(own, simulate(G, 9, params=P3, seed=4, progress=False))


def test_killed_worker_loses_no_game(client):
    pids = client.run(os.getpid)
    killed = []

    def kill_one(done: int, total: int) -> None:
        if not killed:  # first finished batch: kill a worker while others are running
            addr, pid = sorted(pids.items())[0]
            os.kill(pid, signal.SIGKILL)
            killed.append(addr)

    res = simulate(G, 240, params=P3, seed=17, agents="greedy", backend="dask",
                   scheduler=client, batch_size=10, on_progress=kill_one, progress=False)
    assert killed and not res.interrupted
    assert res.games["game_id"].tolist() == list(range(240))
    job = (G.name, P3.to_dict(), ["greedy"] * 3, 17)
    sample = [0, 57, 123, 239]
    want = run_batch(*job, sample)
    got = res.games.set_index("game_id").loc[sample]
    assert got["seed"].tolist() == [g["seed"] for g, _ in want]
    assert got["turns"].tolist() == [g["turns"] for g, _ in want]
    client.wait_for_workers(2, timeout=180)  # the nanny restarted the killed worker (slow on a busy machine)


def test_interrupt_keeps_finished_games(client):
    calls = []

    def stop(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt

    res = simulate(G, 400, params=P3, seed=5, backend="dask", scheduler=client,
                   batch_size=20, on_progress=stop, progress=False)
    # at the second delivered batch at most in_flight() + 1 of the 20 had been submitted,
    # so the interrupt lands with work left however far behind a busy client falls
    assert in_flight(client) + 1 < 20
    assert res.interrupted and res.requested == 400
    assert 40 <= res.n_games <= 20 * (in_flight(client) + 1) and res.n_games % 20 == 0
    full = simulate(G, 400, params=P3, seed=5, progress=False)
    kept = full.games[full.games["game_id"].isin(res.games["game_id"])].reset_index(drop=True)
    pd.testing.assert_frame_equal(res.games, kept)
    again = simulate(G, 20, params=P3, seed=5, backend="dask", scheduler=client,
                     progress=False)  # the cluster still works
    assert again.n_games == 20


def test_tune_on_dask(client):
    from designkit.analysis.tune import tune

    kwargs = dict(space={"end_hand_sum": (20, 34)}, n_trials=2, n_games=40, params=P3,
                  recheck_games=40, seed=3, save=False)
    on_dask = tune(G, "equal-seats", backend="dask", scheduler=client, **kwargs)
    serial = tune(G, "equal-seats", backend="serial", **kwargs)
    assert on_dask.trials["value"].tolist() == serial.trials["value"].tolist()
    assert on_dask.best == serial.best
