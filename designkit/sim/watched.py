"""Playing games watched by the game's declared metrics (``core.metrics``), only when asked.

``simulate`` plays through :func:`designkit.sim.runner.play_rows`, the engine's fast loop;
a comparison or a question that reads a declared metric (``metric:NAME``) plays through
:func:`play_rows_watched` instead: the same games (same seeds, the same agents drawing from
the same generators), each watched by the game's :class:`~designkit.core.metrics.Watch`,
whose values land in the rows as ``metric_<name>`` columns (per game, or per seat). The
watch costs an ``on_step`` call per step and one per decision, paid only by the runs that
read it (``benchmarks/ab.py`` measures the ratio; see docs/ARCHITECTURE.md).

Per-turn tracing (``sim.trace``) composes with it: the step hook calls both.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from designkit.agents.base import Agent
from designkit.core.game import Game, State
from designkit.core.metrics import NOTHING, Declared, columns
from designkit.core.play import PlayedGame, play_game
from designkit.sim.runner import Rows, Table, _rows, game_seed


def declared_metrics(game: Game) -> Declared:
    """The metrics ``game`` declares (its ``metrics.py`` hook), or none."""
    declared = getattr(game, "question_metrics", None)
    return declared() if callable(declared) else NOTHING


class WatchedAgent:
    """An agent that tells the game's watch each decision, then plays as ``inner``: it
    draws from the generator the driver gives it, so the game is the one unwatched."""

    def __init__(self, inner: Agent | Any, seat: int) -> None:
        self.inner, self.seat = inner, seat
        self.name = inner.name
        self.last_options = 0
        self.watches: list[Any] = []

    def act(self, game: Game, state: State, rng: Any) -> Hashable:
        action = self.inner.act(game, state, rng)
        self.last_options = getattr(self.inner, "last_options", 0)
        for w in self.watches:
            w.decision(state, self.seat, action, self.last_options)
        return action


def play_watched(game: Game, params: Any, agents: Sequence[WatchedAgent], seed: int,
                 watches: Sequence[Any], log: bool = False, coverage: bool = False,
                 on_step: Callable[[State], None] | None = None) -> PlayedGame:
    """One game with ``watches`` (each with ``decision`` / ``step``) seeing every step."""
    for a in agents:
        a.watches = list(watches)
    steps = [w.step for w in watches] + ([on_step] if on_step is not None else [])

    def step(state: State) -> None:
        for fn in steps:
            fn(state)
    return play_game(game, params, list(agents), seed, log=log, count_rules=coverage,  # type: ignore[arg-type]
                     on_step=step)


def play_rows_watched(table: Table, seed: int, game_ids: Sequence[int],
                      coverage: bool = False, trace: bool = False) -> Rows:
    """Like :func:`designkit.sim.runner.play_rows`, each row with the game's declared
    metrics (``metric_<name>``: per-game ones in the game row, per-seat ones in the seat
    rows); with ``trace`` also the per-turn trace (``sim.trace``)."""
    game, names = table.game, table.names
    declared = declared_metrics(game)
    agents = [WatchedAgent(a, s) for s, a in enumerate(table.agents)]
    seats = len(agents)
    out: Rows = []
    for gid in game_ids:
        s = game_seed(seed, gid)
        watch = declared.watch(seats)
        tracer = None
        if trace:
            from designkit.sim.trace import TurnTracer

            tracer = TurnTracer(game, seats)
        played = play_watched(game, table.params, agents, s, [watch],
                              log=declared.needs_log and not coverage, coverage=coverage,
                              on_step=tracer)
        row, seat_rows = _rows(game, played, gid, s, names, coverage)
        if tracer is not None:
            tracer.sample(played.state, final=True)
            row["_trace"] = tracer.samples
        per_game, per_seat = columns(declared, watch.values(played.state), seats)
        row.update(per_game)
        for srow, extra in zip(seat_rows, per_seat, strict=True):
            srow.update(extra)
        out.append((row, seat_rows))
    return out


def run_batch_watched(game_name: str, params_dict: dict[str, Any], agent_specs: Sequence[str],
                      seed: int, game_ids: Sequence[int], coverage: bool = False,
                      trace: bool = False) -> Rows:
    """:func:`play_rows_watched` in a worker, from what a task carries."""
    return play_rows_watched(Table.from_job(game_name, params_dict, agent_specs), seed,
                             game_ids, coverage, trace)


def run_batch_watched_traced(game_name: str, params_dict: dict[str, Any],
                             agent_specs: Sequence[str], seed: int, game_ids: Sequence[int],
                             coverage: bool = False) -> Rows:
    """:func:`run_batch_watched` with the per-turn trace (picklable, by name)."""
    return run_batch_watched(game_name, params_dict, agent_specs, seed, game_ids, coverage,
                             trace=True)


def play_rows_watched_traced(table: Table, seed: int, game_ids: Sequence[int],
                             coverage: bool = False) -> Rows:
    return play_rows_watched(table, seed, game_ids, coverage, trace=True)
