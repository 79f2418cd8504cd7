"""Many simulations at once (sweep points, tuning trials, skill levels) on one backend.

:func:`simulate_many` plays ``n_games`` seeded games for each configuration and
returns one :class:`Results` per configuration, each identical to what
``simulate(game, n_games, params, agents, seed)`` returns (same game seeds,
same rows, same order). All batches of all configurations go to the backend
together, so workers stay busy across points, and an :class:`Executor` keeps
one process pool or Dask client alive across calls (tuning trials pay the
start-up once).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from designkit.agents import agent_names, nondeterministic
from designkit.core.errors import DesignkitError, WorkerLost
from designkit.core.game import Game
from designkit.core.lifetime import exit_with_parent
from designkit.core.limits import check_games, check_seed
from designkit.core.params import Params
from designkit.core.registry import get_game
from designkit.core.seats import player_count
from designkit.core.table_needs import check_table_needs
from designkit.sim.runner import Table, play_rows, run_batch

if TYPE_CHECKING:  # pandas (and Results, built on it) load where rows become tables, not
    # in a worker: a spawned worker imports this module to unpickle its batches
    import pandas as pd

    from designkit.sim.results import Results

Progress = Callable[[int, int], None]
BACKENDS = ("auto", "serial", "process", "dask")
#: fresh pools after a worker's death before the run gives up (WorkerLost)
POOL_RESTARTS = 3
GAME_COLUMNS = ("game_id", "seed", "players", "turns", "decisions", "end_reason", "winner")
SEAT_COLUMNS = ("game_id", "seed", "seat", "agent", "score", "rank", "won")
#: ``Results.rules``: events logged per rule ID in each game (``simulate(..., coverage=True)``)
RULE_COLUMNS = ["game_id", "rule", "count"]
#: ``workers=None`` (the default) uses every core when the batch would take at least this
#: many seconds serially. Starting spawn workers (a fresh interpreter each, importing
#: designkit and pandas) measured 4.4 s at load 11.6 and 6.6-8.0 s at load 14.6 on the
#: shared 2-core machine; it is CPU-bound, so about 1 s on an idle one (an estimate), and
#: 2 workers pay above twice the start-up: 6 s keeps a margin for a busy machine
#: (benchmarks/README.md, issue 19)
AUTO_PARALLEL_SECONDS = 6.0
#: games played in the parent to time a batch before choosing (their rows are kept)
PILOT_GAMES = 2


def cores() -> int:
    """The cores this process may run on (``os.sched_getaffinity`` where there is one)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - macOS, Windows
        return os.cpu_count() or 1


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
    """Consecutive ranges covering games ``0 .. n_games - 1``, in the order they are
    submitted. About eight batches per worker; with several workers and no ``batch_size``
    the last ones halve (``size/2`` ``workers`` times, then ``size/4``, ... down to 1) so
    the workers finish within a small batch of each other: with equal batches the last
    one left a core idle for up to a whole batch (7 s of greedy Witch Academia at 1,000
    games; benchmarks/README.md, issue 37). Any partition gives the same rows: they are
    keyed by their first game."""
    size = batch_size or max(1, min(500, n_games // max(1, workers * 8) or 1))
    if batch_size or workers < 2:
        return [range(i, min(i + size, n_games)) for i in range(0, n_games, size)]
    tail = [half for k in range(1, size.bit_length()) for half in [size >> k] * workers]
    while sum(tail) > n_games:  # few games: taper what there is
        tail.pop(0)
    bulk = n_games - sum(tail)
    sizes = sorted([size] * (bulk // size) + ([bulk % size] if bulk % size else []) + tail,
                   reverse=True)
    starts = [0]
    for s in sizes:
        starts.append(starts[-1] + s)
    return [range(a, b) for a, b in zip(starts, starts[1:], strict=False)]


Task = tuple[Hashable, Callable, tuple]
Config = Params | tuple[Params, str | Sequence[str] | None]


class Executor:
    """Runs ``(key, fn, args)`` tasks on ``serial``, ``process`` or ``dask``, reusing
    its pool or client until :meth:`close` (use it as a context manager)."""

    def __init__(self, backend: str = "auto", workers: int = 1, scheduler: Any = None) -> None:
        if backend not in BACKENDS:
            raise DesignkitError(f"backend: {backend!r} is not one of {', '.join(BACKENDS)}")
        if workers < 1:
            raise DesignkitError(f"workers: {workers} is outside the allowed range 1 or more")
        if scheduler is not None and backend == "auto":
            backend = "dask"  # a scheduler address only means something to Dask
        elif scheduler is not None and backend != "dask":
            raise DesignkitError(f"--scheduler needs the dask backend, not {backend!r}: "
                                 f"drop --backend {backend} or write --backend dask")
        if backend == "auto":
            backend = "process" if workers > 1 else "serial"
        self.backend, self.workers, self.scheduler = backend, workers, scheduler
        self._pool: ProcessPoolExecutor | None = None
        self._client_cm: Any = None
        self._client: Any = None
        self._lock = threading.Lock()  # tuning with n_jobs > 1 shares one executor

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._drop_pool(kill=False)
        if self._client_cm is not None:
            self._client_cm.__exit__(None, None, None)
            self._client_cm = self._client = None

    @property
    def client(self) -> Any:
        """The Dask client (started on first use)."""
        with self._lock:
            if self._client is None:
                from designkit.sim.dask_backend import dask_client

                self._client_cm = dask_client(self.scheduler, self.workers)
                self._client = self._client_cm.__enter__()
        return self._client

    def run(self, tasks: Sequence[Task], finished: Callable[[Hashable, Any], None]) -> None:
        """Run every task, calling ``finished(key, result)`` as each completes."""
        if self.backend == "serial":
            for key, fn, args in tasks:
                finished(key, fn(*args))
        elif self.backend == "process":
            self._run_pool(tasks, finished)
        else:
            from designkit.sim.dask_backend import run_tasks

            run_tasks(self.client, tasks, finished)

    def _new_pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker_init, initargs=(os.getpid(),))
            return self._pool

    def _drop_pool(self, kill: bool) -> None:
        """Forget the pool; with ``kill`` stop its workers now instead of after their batch.

        A pool whose parent was interrupted (Ctrl-C, SIGTERM) must not leave workers
        finishing batches nobody will read, or orphans once the parent has exited.
        """
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is None:
            return
        if kill:
            # ProcessPoolExecutor has no public way to stop busy workers
            for proc in list((getattr(pool, "_processes", None) or {}).values()):
                with contextlib.suppress(Exception):
                    proc.terminate()
        pool.shutdown(wait=True, cancel_futures=True)

    def _run_pool(self, tasks: Sequence[Task], finished: Callable[[Hashable, Any], None]
                  ) -> None:
        """Run on a process pool; when a worker dies (the OOM killer, a kill), the pool
        breaks and every batch not yet finished is re-run on a fresh pool, up to
        ``POOL_RESTARTS`` times. Rows are keyed by batch, so the results are identical."""
        todo = {key: (fn, args) for key, fn, args in tasks}
        restarts = 0
        while todo:
            pool = self._new_pool()
            pending = {pool.submit(fn, *args): key for key, (fn, args) in todo.items()}
            try:
                while pending:
                    ready, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for fut in ready:
                        key = pending.pop(fut)
                        rows = fut.result()
                        del todo[key]
                        finished(key, rows)
            except BrokenProcessPool:
                for fut, key in pending.items():  # batches that finished before the break
                    if fut.done() and not fut.cancelled() and fut.exception() is None:
                        del todo[key]
                        finished(key, fut.result())
                self._drop_pool(kill=True)
                restarts += 1
                if restarts > POOL_RESTARTS:
                    raise WorkerLost(f"a simulation worker died {restarts} times (out of "
                                     f"memory?); {len(todo)} batches were not played: try "
                                     f"fewer --workers or fewer games") from None
            except BaseException:
                for fut in pending:
                    fut.cancel()
                self._drop_pool(kill=True)
                raise


def _worker_init(parent: int | None = None) -> None:
    """Workers leave Ctrl-C to the parent: it keeps finished batches and stops them. A
    parent killed outright (SIGKILL) cannot: each worker then exits by itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with_parent(parent=parent)


def _split(config: Config, agents: str | Sequence[str] | None
           ) -> tuple[Params, str | Sequence[str] | None]:
    if isinstance(config, tuple):
        return config[0], config[1] if config[1] is not None else agents
    return config, agents


def simulate_many(game: Game | str, configs: Sequence[Config], n_games: int, seed: int = 0,
                  agents: str | Sequence[str] | None = None, backend: str = "auto",
                  workers: int | None = None, scheduler: Any = None,
                  executor: Executor | None = None, trace: bool = False,
                  coverage: bool = False, progress: bool | None = False,
                  batch_size: int | None = None,
                  on_progress: Callable[[int, int], None] | None = None,
                  keep_partial: bool = False) -> list[Results]:
    """One :class:`Results` per configuration (``Params`` or ``(Params, agents)``).

    Every configuration plays the same seeded games (``seed``), so differences
    between them are not blurred by different deals. Pass an ``executor`` to
    reuse its pool or cluster; otherwise one is made for this call.
    ``workers=None`` (the default) with the ``auto`` backend plays the first games in
    this process, and moves the rest to a pool of every core when the whole batch
    would take ``AUTO_PARALLEL_SECONDS`` or more serially; the rows are the same
    either way (``Results.meta["auto_workers"]`` says it chose).
    ``on_progress(done, total)`` is called as batches finish (games over all
    configurations), for panels; ``progress`` toggles the tqdm bar. An interrupt
    (Ctrl-C, a panel's Stop) propagates, unless ``keep_partial`` asks for the
    games finished so far (``Results.interrupted`` then says so). ``coverage``
    (off by default: it builds every event's text) counts the events each rule ID
    logs per game into ``Results.rules``.
    """
    game = get_game(game)
    check_games(n_games, len(configs))
    run = Run(n_games, check_seed(seed), agents, backend, workers, scheduler, executor, trace,
              coverage, progress, batch_size, on_progress, keep_partial)
    return play_configs(game, configs, run)


@dataclass(frozen=True)
class Run:
    """How :func:`play_configs` plays: games per configuration, the seed (checked), the
    default agents and the backend, as :func:`simulate_many` takes them."""

    n_games: int
    seed: int = 0
    agents: str | Sequence[str] | None = None
    backend: str = "auto"
    workers: int | None = None
    scheduler: Any = None
    executor: Executor | None = None
    trace: bool = False
    coverage: bool = False
    progress: bool | None = False
    batch_size: int | None = None
    on_progress: Callable[[int, int], None] | None = None
    keep_partial: bool = False
    #: record the game's declared metrics (``sim.watched``: ``metric_<name>`` columns)
    metrics: bool = False


def play_configs(game: Game, configs: Sequence[Config], run: Run) -> list[Results]:
    """:func:`simulate_many` once its arguments are checked (``game`` a Game, the seed and
    game count in range): callers that checked them already (``simulate``, a tuning
    trial, the CLI) come in here, so each check runs once per call."""
    jobs = []
    for config in configs:
        params, agent_spec = _split(config, run.agents)
        # the tables must hold what these params deal: one line here, not in a worker
        check_table_needs(game.name, game.table_needs(params))
        jobs.append((params, agent_names(agent_spec, player_count(params))))
    collected: dict[tuple[int, int], list] = {}
    meta, stopped = _play_jobs(game, jobs, run, collected)
    out = []
    for i, (params, specs) in enumerate(jobs):
        rows = [r for key in sorted(k for k in collected if k[0] == i) for r in collected[key]]
        out.append(results_from_rows(game, params, specs, run.seed, rows, run.n_games,
                                     run.trace, meta | ({"stopped": stopped} if stopped
                                                        else {}), run.coverage))
    return out


def _play_jobs(game: Game, jobs: list[tuple[Params, list[str]]], run: Run,
               collected: dict[tuple[int, int], list]) -> tuple[dict[str, Any], str]:
    """Play every batch of every job into ``collected``; (meta, why it stopped early)."""
    plays = _Batches(game, jobs, run.seed, run.coverage,
                     *_batch_functions(run.trace, run.metrics))
    total = run.n_games * len(jobs)
    bar = _progress_bar(total, run.progress)
    finished = _collector(collected, total, bar, run.on_progress)
    auto = (run.executor is None and run.workers is None and run.backend == "auto"
            and run.scheduler is None)
    stopped, ex = "", run.executor
    try:
        skip, workers = _workers(plays, run, finished, total, auto)
        if ex is None:
            ex = Executor(run.backend, workers or 1, run.scheduler)
        ex.run(_tasks(plays, run.n_games, skip, ex.workers, run.batch_size,
                      here=ex.backend == "serial"), finished)
    except (KeyboardInterrupt, WorkerLost) as err:
        if not run.keep_partial:
            raise
        # keep the finished batches: Results.interrupted says the run was cut short
        stopped = str(err) or "interrupted"
    finally:
        if bar is not None:
            bar.close()
        if run.executor is None and ex is not None:
            ex.close()
    meta: dict[str, Any] = {"backend": ex.backend if ex is not None else "serial",
                            "workers": ex.workers if ex is not None else 1}
    return meta | ({"auto_workers": True} if auto else {}), stopped


def _batch_functions(trace: bool, metrics: bool = False) -> tuple[Callable, Callable]:
    """How a batch is played: (in a worker, by name; in this process, at a Table)."""
    if metrics:
        from designkit.sim import watched

        if trace:
            return watched.run_batch_watched_traced, watched.play_rows_watched_traced
        return watched.run_batch_watched, watched.play_rows_watched
    if trace:
        from designkit.sim.trace import play_rows_traced, run_batch_traced

        return run_batch_traced, play_rows_traced
    return run_batch, play_rows


@dataclass
class _Batches:
    """The batches of one call: a worker gets the game's name, the params' dict and the
    agent names (``remote``), and sets its own table; a batch played in this process
    (the pilot, the serial backend) uses the job's :class:`Table`, set once (``here``)."""

    game: Game
    jobs: list[tuple[Params, list[str]]]
    seed: int
    coverage: bool
    remote: Callable
    here: Callable
    tables: dict[int, Table] = field(default_factory=dict)

    def table(self, job: int) -> Table:
        if job not in self.tables:
            self.tables[job] = Table.seat(self.game, *self.jobs[job])
        return self.tables[job]

    def task(self, job: int, chunk: range, here: bool) -> tuple[Callable, tuple]:
        """A batch as ``(fn, args)``: in this process, or picklable for a worker."""
        if here:
            return self.here, (self.table(job), self.seed, chunk, self.coverage)
        params, specs = self.jobs[job]
        return self.remote, (self.game.name, params.to_dict(), specs, self.seed, chunk,
                             self.coverage)

    def play_here(self, job: int, chunk: range) -> list:
        return self.here(self.table(job), self.seed, chunk, self.coverage)


def _workers(plays: _Batches, run: Run, finished: Callable[[Hashable, Any], None],
             total: int, auto: bool) -> tuple[int, int | None]:
    """(games the pilot played, workers): with ``auto`` the pilot chooses the count."""
    if auto:
        return _pilot(plays, run.n_games, total, finished, run.batch_size)
    if run.executor is None and run.workers is None:
        return 0, 1 if run.backend == "serial" else cores()
    return 0, run.workers


def _collector(collected: dict[tuple[int, int], list], total: int, bar: Any,
               on_progress: Callable[[int, int], None] | None
               ) -> Callable[[Hashable, list], None]:
    """The ``finished(key, rows)`` callback: keep the rows, move the bar, tell the panel."""
    done = 0

    def finished(key: Hashable, rows: list) -> None:
        nonlocal done
        collected[key] = rows  # type: ignore[index]
        done += len(rows)
        if bar is not None:
            bar.update(len(rows))
        if on_progress is not None:
            on_progress(done, total)
    return finished


def _tasks(plays: _Batches, n_games: int, skip: int, workers: int, batch_size: int | None,
           here: bool) -> list[Task]:
    """One task per batch of every configuration (played ``here``, in this process, or by
    workers); the first ``skip`` games of the first configuration were played already
    (the pilot)."""
    tasks: list[Task] = []
    for i in range(len(plays.jobs)):
        start = skip if i == 0 else 0
        for c in batches(n_games - start, workers, batch_size):
            chunk = range(c.start + start, c.stop + start)
            tasks.append(((i, chunk.start), *plays.task(i, chunk, here)))
    return tasks


def _pilot(plays: _Batches, n_games: int, total: int,
           finished: Callable[[Hashable, Any], None], batch_size: int | None = None
           ) -> tuple[int, int]:
    """Play the first games in this process, timing each, and choose the worker count:
    every core when ``total`` games at the fastest pilot game's pace would take
    ``AUTO_PARALLEL_SECONDS`` or more (the first game also pays for reading tables, so
    the fastest is the pace). The pilot is ``PILOT_GAMES`` games, or one batch when
    ``batch_size`` is given (reported as one, as a batch would be).
    Returns (games played, workers)."""
    n = min(batch_size or PILOT_GAMES, n_games)
    plays.table(0)  # set before the clock starts: the games are timed, not the seating
    fastest = float("inf")
    rows: list = []
    for gid in range(n):
        start = time.perf_counter()
        rows += plays.play_here(0, range(gid, gid + 1))
        fastest = min(fastest, time.perf_counter() - start)
    finished((0, 0), rows)
    left = total - n
    parallel = cores() > 1 and left > 0 and fastest * left >= AUTO_PARALLEL_SECONDS
    return n, cores() if parallel else 1


def results_from_rows(game: Game, params: Params, specs: list[str], seed: int, rows: list,
                      requested: int, trace: bool, meta: dict[str, Any],
                      coverage: bool = False) -> Results:
    """Assemble rows from batch functions into ``Results``, as ``simulate`` does."""
    import pandas as pd

    from designkit.sim.results import Results

    games_df = pd.DataFrame([g for g, _ in rows]) if rows else pd.DataFrame(
        columns=list(GAME_COLUMNS))
    seats_df = pd.DataFrame([s for _, seats in rows for s in seats]) if rows else \
        pd.DataFrame(columns=list(SEAT_COLUMNS))
    meta = dict(meta)
    timed = nondeterministic(specs or [])
    if timed:  # a time budget's iteration count depends on the machine: seeds do not fix it
        meta["nondeterministic_agents"] = timed
    if trace:
        from designkit.sim.trace import split_trace

        games_df, meta["trace"] = split_trace(games_df)
    rules = None
    if coverage:
        games_df, rules = split_rules(games_df)
    return Results(game=game.name, params=params.to_dict(), agents=specs, seed=seed,
                   games=games_df, seats=seats_df, interrupted=len(games_df) < requested,
                   requested=requested, meta=meta, rules=rules)


def split_rules(games: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Take the ``_rules`` column out of a games table: (games, tidy game_id × rule × count).

    Rows follow the games' order and each game's rules are sorted, so the table is the
    same for any worker count or backend.
    """
    import pandas as pd

    if "_rules" not in games.columns:
        return games, pd.DataFrame(columns=RULE_COLUMNS)
    records = [(gid, rule, n) for gid, counts in zip(games["game_id"], games["_rules"],
                                                     strict=True)
               for rule, n in sorted(counts.items())]
    rules = pd.DataFrame.from_records(records, columns=RULE_COLUMNS)
    return games.drop(columns="_rules"), rules.astype({"game_id": "int64", "count": "int64"})
