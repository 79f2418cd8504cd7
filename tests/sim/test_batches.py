"""How games are cut into batches for workers (issue 37): the last batches halve so two
workers finish together, every partition covers the games once and in order, the rows
are the serial rows whatever the cut, and a spawned worker starts without pandas."""

from __future__ import annotations

import subprocess
import sys

import pandas as pd
import pytest

from designkit.sim import many


def _sizes(n: int, workers: int, batch_size: int | None = None) -> list[int]:
    chunks = many.batches(n, workers, batch_size)
    assert chunks[0].start == 0 and chunks[-1].stop == n
    assert all(a.stop == b.start for a, b in zip(chunks, chunks[1:], strict=False))
    return [len(c) for c in chunks]


@pytest.mark.parametrize("n", [1, 2, 3, 7, 17, 20, 200, 1000, 1001, 20000])
@pytest.mark.parametrize("workers", [2, 3, 4])
def test_the_batches_cover_every_game_once_largest_first(n, workers):
    sizes = _sizes(n, workers)
    assert sum(sizes) == n and min(sizes) >= 1
    assert sizes == sorted(sizes, reverse=True)


@pytest.mark.parametrize("n, workers", [(1000, 2), (200, 2), (20000, 2), (1000, 4)])
def test_the_last_batches_halve_down_to_one_game_per_worker(n, workers):
    sizes = _sizes(n, workers)
    size = sizes[0]
    assert size == max(1, min(500, n // (workers * 8)))
    assert sizes[-workers:] == [1] * workers      # the last a worker can wait for: one game
    assert sizes.count(size // 2) >= workers      # then 2, 4, ... up to half a batch
    # a worker starting a tail batch never leaves the other idle for more than it
    assert all(b <= a for a, b in zip(sizes, sizes[1:], strict=False))


def test_one_worker_and_a_given_batch_size_keep_equal_batches():
    assert _sizes(40, 1) == [5] * 8               # serial: nothing to balance
    assert _sizes(45, 2, batch_size=10) == [10, 10, 10, 10, 5]   # the caller's cut


def test_two_configurations_on_two_workers_give_the_serial_rows():
    """Tapered batches of both configurations, interleaved on a process pool."""
    from designkit.games.crossroads import CrossroadsParams

    configs = [CrossroadsParams(players=4), CrossroadsParams(players=3)]
    par = many.simulate_many("crossroads", configs, 90, seed=4, agents="random",
                             workers=2, backend="process")
    ser = many.simulate_many("crossroads", configs, 90, seed=4, agents="random", workers=1)
    for p, s in zip(par, ser, strict=True):
        assert p.meta["backend"] == "process" and s.meta["backend"] == "serial"
        pd.testing.assert_frame_equal(p.games, s.games)
        pd.testing.assert_frame_equal(p.seats, s.seats)


def test_a_worker_imports_its_batch_functions_without_pandas():
    """What a spawned worker imports to unpickle a batch (plain, traced, watched) must not
    pull in pandas: about 0.3 s of start-up CPU per worker, paid by every pool."""
    code = ("import sys; import designkit.sim.runner, designkit.sim.many, "
            "designkit.sim.trace, designkit.sim.watched; "
            "sys.exit(1 if 'pandas' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
