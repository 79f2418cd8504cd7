"""``simulate``: many seeded games, serially, on local processes or on Dask, as tidy DataFrames.

Game *i* always gets child *i* of ``SeedSequence(seed)``, so the numbers do not
depend on worker count or backend. Games travel in batches (one task per
batch), finished batches are kept if the run is interrupted. It is the
one-configuration case of :func:`designkit.sim.many.simulate_many`, which owns
the backends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from designkit.core.game import Game
from designkit.core.limits import check_games, check_seed
from designkit.core.params import Params
from designkit.core.registry import get_game
from designkit.sim.many import (  # noqa: F401  (re-exported for callers of this module)
    BACKENDS,
    GAME_COLUMNS,
    SEAT_COLUMNS,
    Executor,
    Progress,
    Run,
    batches,
    play_configs,
    simulate_many,
)

if TYPE_CHECKING:
    from designkit.sim.results import Results


def simulate(game: Game | str, n_games: int, params: Params | None = None,
             agents: str | Sequence[str] | None = None, seed: int = 0, workers: int | None = None,
             backend: str = "auto", progress: bool | None = None,
             on_progress: Progress | None = None, batch_size: int | None = None,
             scheduler: Any = None, trace: bool = False, coverage: bool = False,
             metrics: bool = False) -> Results:
    """Play ``n_games`` seeded games and return tidy ``Results``.

    ``agents``: one name for every seat or one per seat (``random``, ``greedy``,
    ``mcts:200``). ``on_progress(done, total)`` is called as batches finish
    (panels use it); ``progress`` toggles the tqdm bar (None: automatic).
    ``trace`` (off by default) also samples ``game.heuristic`` for every seat at
    the start of every turn: ``results.meta["trace"]`` (see ``designkit.sim.trace``).
    ``coverage`` (off by default) counts the events each rule ID logs per game:
    ``results.rules`` (see ``designkit.analysis.coverage``). ``metrics`` (off by default)
    records the metrics the game declares (its ``metrics.py``) as ``metric_<name>``
    columns (see ``designkit.sim.watched``). ``workers=None`` (the
    default) uses every core when the batch is big enough to pay for starting them
    (``designkit.sim.many.AUTO_PARALLEL_SECONDS``); the rows are the same as serial.
    """
    game = get_game(game)
    params = params if params is not None else game.params_type()
    check_games(n_games)  # before a pool or cluster is started
    seed = check_seed(seed)
    if workers is not None:
        Executor(backend, workers, scheduler)  # a bad backend or count: one line, no games
    run = Run(n_games, seed, agents, backend, workers, scheduler, trace=trace,
              coverage=coverage, progress=progress, batch_size=batch_size,
              on_progress=on_progress, keep_partial=True, metrics=metrics)
    return play_configs(game, [(params, agents)], run)[0]
