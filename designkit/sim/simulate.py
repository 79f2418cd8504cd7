"""``simulate``: many seeded games, serially or on local processes, as tidy DataFrames.

Game *i* always gets child *i* of ``SeedSequence(seed)``, so the numbers do not
depend on worker count or backend. Games travel in batches (one task per
batch), finished batches are kept if the run is interrupted.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

import pandas as pd

from designkit.agents import make_agents
from designkit.core.errors import DesignkitError
from designkit.core.game import Game
from designkit.core.params import Params
from designkit.core.registry import get_game
from designkit.sim.results import Results
from designkit.sim.runner import run_batch

Progress = Callable[[int, int], None]
BACKENDS = ("auto", "serial", "process", "dask")
GAME_COLUMNS = ("game_id", "seed", "players", "turns", "decisions", "end_reason", "winner")
SEAT_COLUMNS = ("game_id", "seed", "seat", "agent", "score", "rank", "won")


def _progress_bar(total: int, enabled: bool | None) -> Any:
    if enabled is False:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return None
    return tqdm(total=total, unit="game", disable=None if enabled is None else not enabled,
                leave=False)


def batches(n_games: int, workers: int, batch_size: int | None = None) -> list[range]:
    size = batch_size or max(1, min(500, n_games // max(1, workers * 8) or 1))
    return [range(i, min(i + size, n_games)) for i in range(0, n_games, size)]


def simulate(game: Game | str, n_games: int, params: Params | None = None,
             agents: str | Sequence[str] | None = None, seed: int = 0, workers: int = 1,
             backend: str = "auto", progress: bool | None = None,
             on_progress: Progress | None = None, batch_size: int | None = None,
             scheduler: str | None = None, trace: bool = False) -> Results:
    """Play ``n_games`` seeded games and return tidy ``Results``.

    ``agents``: one name for every seat or one per seat (``random``, ``greedy``,
    ``mcts:200``). ``on_progress(done, total)`` is called as batches finish
    (panels use it); ``progress`` toggles the tqdm bar (None: automatic).
    ``trace`` (off by default) also samples ``game.heuristic`` for every seat at
    the start of every turn: ``results.meta["trace"]`` (see ``designkit.sim.trace``).
    """
    game = get_game(game)
    params = params if params is not None else game.params_type()
    players = int(getattr(params, "players", game.min_players))
    agent_objs = make_agents(agents, players)
    specs = [a.name for a in agent_objs]
    if n_games < 1:
        raise DesignkitError(f"games: {n_games} is outside the allowed range 1 or more")
    if workers < 1:
        raise DesignkitError(f"workers: {workers} is outside the allowed range 1 or more")
    if backend not in BACKENDS:
        raise DesignkitError(f"backend: {backend!r} is not one of {', '.join(BACKENDS)}")
    if backend == "auto":
        backend = "process" if workers > 1 else "serial"
    chunks = batches(n_games, workers, batch_size)
    job = (game.name, params.to_dict(), specs, seed)
    batch_fn = run_batch
    if trace:
        from designkit.sim.trace import run_batch_traced as batch_fn
    bar = _progress_bar(n_games, progress)
    collected: dict[int, list] = {}
    done = 0
    interrupted = False

    def finished(first_id: int, rows: list) -> None:
        nonlocal done
        collected[first_id] = rows
        done += len(rows)
        if bar is not None:
            bar.update(len(rows))
        if on_progress is not None:
            on_progress(done, n_games)

    try:
        if backend == "serial":
            for chunk in chunks:
                finished(chunk.start, batch_fn(*job, list(chunk)))
        elif backend == "process":
            _run_processes(job, chunks, workers, finished, fn=batch_fn)
        else:
            from designkit.sim.dask_backend import run_dask

            run_dask(job, chunks, workers, finished, scheduler, fn=batch_fn)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if bar is not None:
            bar.close()
    rows = [r for key in sorted(collected) for r in collected[key]]
    # explicit columns keep the contract when an interrupt came before any game finished
    games_df = pd.DataFrame([g for g, _ in rows]) if rows else pd.DataFrame(
        columns=list(GAME_COLUMNS))
    seats_df = pd.DataFrame([s for _, seats in rows for s in seats]) if rows else \
        pd.DataFrame(columns=list(SEAT_COLUMNS))
    meta = {"backend": backend, "workers": workers}
    if trace:
        from designkit.sim.trace import split_trace

        games_df, meta["trace"] = split_trace(games_df)
    return Results(game=game.name, params=params.to_dict(), agents=specs, seed=seed,
                   games=games_df, seats=seats_df, interrupted=interrupted,
                   requested=n_games, meta=meta)


def _run_processes(job: tuple, chunks: list[range], workers: int,
                   finished: Callable[[int, list], None], fn: Callable = run_batch) -> None:
    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
    try:
        pending = {pool.submit(fn, *job, list(c)): c.start for c in chunks}
        while pending:
            ready, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in ready:
                finished(pending.pop(fut), fut.result())
    except KeyboardInterrupt:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
