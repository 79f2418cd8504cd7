"""Sweep benchmark: 10 points × 10,000 Crossroads games (100,000 in all) on Dask.

Run from the repository root::

    .venv/bin/python benchmarks/sweep_dask.py                 # the full benchmark
    .venv/bin/python benchmarks/sweep_dask.py --quick         # 10 × 1,000 games
    .venv/bin/python benchmarks/sweep_dask.py --json out.json

What it measures (random agents, default Crossroads, ``end_hand_sum`` 21–30):

1. start-up of a ``LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
   dashboard_address=None)`` and a warm-up task (imports in the workers);
2. the sweep on that cluster (``sweep(..., backend="dask", scheduler=client)``): all
   points' batches are submitted together, metrics computed per point — wall time
   and games/s;
3. the same sweep serially on a subset (``--serial-games`` per point, every point),
   extrapolated linearly to the full game count (serial play is linear in games;
   say ``--serial-games 10000`` to measure it all);
4. speed-up = extrapolated serial time / Dask time, and the check that the subset's
   rows are identical on both backends.

Timings are wall clock on a shared machine: the load average is printed before and
after, and a busy machine lowers the speed-up.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import time
from typing import Any

import pandas as pd

from designkit.analysis.sweep import run_points, sweep
from designkit.core.registry import get_game

VALUES = list(range(21, 31))


def _cpu() -> float:
    """CPU seconds used by this process so far (user + system)."""
    import resource

    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _workers_cpu(client: Any) -> float:
    return sum(client.run(_cpu).values())


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games-per-point", type=int, default=10_000)
    ap.add_argument("--serial-games", type=int, default=1_000,
                    help="games per point for the serial measurement (extrapolated)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--quick", action="store_true", help="10 × 1,000 games")
    ap.add_argument("--json", help="write the figures as JSON here")
    args = ap.parse_args()
    n = 1_000 if args.quick else args.games_per_point
    serial_n = min(args.serial_games, n)
    import distributed

    game = get_game("crossroads")
    print(f"designkit sweep benchmark: {len(VALUES)} points × {n:,} games = "
          f"{len(VALUES) * n:,} Crossroads games (random agents), {args.workers} workers")
    print(f"python {platform.python_version()}, {os.cpu_count()} CPUs, "
          f"distributed {distributed.__version__}; load average before: {_load()}")

    t0 = time.perf_counter()
    cluster = distributed.LocalCluster(n_workers=args.workers, threads_per_worker=1,
                                       processes=True, dashboard_address=None,
                                       silence_logs=logging.ERROR)
    client = distributed.Client(cluster)
    t_cluster = time.perf_counter() - t0
    sweep(game, "end_hand_sum", VALUES[:2], n_games=args.workers * 2, backend="dask",
          scheduler=client)  # warm-up: imports designkit in every worker
    t_ready = time.perf_counter() - t0
    print(f"cluster start {t_cluster:.1f} s, ready after warm-up {t_ready:.1f} s")

    w0, p0, t0 = _workers_cpu(client), _cpu(), time.perf_counter()
    table = sweep(game, "end_hand_sum", VALUES, n_games=n, backend="dask", scheduler=client)
    t_dask = time.perf_counter() - t0
    cpu_workers, cpu_parent = _workers_cpu(client) - w0, _cpu() - p0
    games = len(VALUES) * n
    print(f"dask sweep: {t_dask:.1f} s wall ({games / t_dask:,.0f} games/s), "
          f"{len(table)} table rows; CPU: workers {cpu_workers:.1f} s, this process "
          f"{cpu_parent:.1f} s")

    c0, t0 = _cpu(), time.perf_counter()
    serial_runs = run_points(game, "end_hand_sum", VALUES, n_games=serial_n, backend="serial")
    t_serial_sub = time.perf_counter() - t0
    cpu_serial_sub = _cpu() - c0
    t0 = time.perf_counter()
    dask_runs = run_points(game, "end_hand_sum", VALUES, n_games=serial_n, backend="dask",
                           scheduler=client)
    t_dask_sub = time.perf_counter() - t0
    for (_, a), (_, b) in zip(serial_runs, dask_runs, strict=True):
        pd.testing.assert_frame_equal(a.games, b.games)
        pd.testing.assert_frame_equal(a.seats, b.seats)
    client.close()
    cluster.close()
    t_serial = t_serial_sub * n / serial_n
    extrapolated = serial_n < n
    print(f"serial: {t_serial_sub:.1f} s for {len(VALUES)} × {serial_n:,} games "
          f"({len(VALUES) * serial_n / t_serial_sub:,.0f} games/s, simulation only)"
          + (f" -> {t_serial:.1f} s extrapolated to {games:,} games" if extrapolated else ""))
    print(f"rows identical on dask and serial for the {len(VALUES)} × {serial_n:,} subset "
          f"(dask {t_dask_sub:.1f} s for it)")
    speedup = t_serial / t_dask
    print(f"speed-up {speedup:.2f}x with {args.workers} workers "
          f"(sweep incl. metrics vs {'extrapolated ' if extrapolated else ''}serial "
          f"simulation); with cluster start-up and warm-up: "
          f"{t_serial / (t_dask + t_ready):.2f}x")
    cpu_serial = cpu_serial_sub * n / serial_n
    print(f"CPU seconds: serial {cpu_serial:.1f} s{' (extrapolated)' if extrapolated else ''}"
          f", dask workers {cpu_workers:.1f} s; on {args.workers} otherwise idle cores the "
          f"speed-up would be about {cpu_serial / max(cpu_workers / args.workers, 1e-9):.2f}x "
          f"(CPU-time estimate)")
    print(f"load average after: {_load()}")
    turns = table[table["metric"] == "turns"][["end_hand_sum", "value", "lo", "hi"]]
    print("mean turns by end_hand_sum: " + ", ".join(
        f"{r.end_hand_sum}: {r.value:.2f}" for r in turns.itertuples()))
    if args.json:
        out: dict[str, Any] = {
            "points": len(VALUES), "games_per_point": n, "games": games,
            "workers": args.workers, "cluster_start_s": t_cluster, "ready_s": t_ready,
            "dask_sweep_s": t_dask, "dask_games_per_s": games / t_dask,
            "serial_subset_games_per_point": serial_n, "serial_subset_s": t_serial_sub,
            "serial_s": t_serial, "serial_extrapolated": extrapolated, "speedup": speedup,
            "cpu_serial_s": cpu_serial, "cpu_dask_workers_s": cpu_workers,
            "load_after": os.getloadavg()}
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(out, fh, indent=1)


if __name__ == "__main__":
    main()
