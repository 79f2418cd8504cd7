"""Per-turn evaluation traces: what drama, lead-change and decisiveness metrics read.

``simulate(..., trace=True)`` plays games through :func:`run_batch_traced`: a
small ``on_step`` hook of :func:`designkit.core.play.play_game` watches
``game.turns(state)`` and, each time it increments (the start of a new turn),
records ``game.heuristic(state, seat)`` for every seat. The final position is
recorded too, flagged ``final``. Games only provide ``turns`` and ``heuristic``
(both part of the :class:`~designkit.core.game.Game` interface); a game whose
``turns`` never changes yields just the final sample.

The trace is a tidy DataFrame in ``results.meta["trace"]``: one row per game ×
sample × seat with ``game_id, sample, turn, final, seat, value``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from designkit.core.game import Game, State
from designkit.core.play import play_game
from designkit.sim.runner import Rows, Table, _rows, game_seed

if TYPE_CHECKING:  # pandas loads in the parent (split_trace), not in a traced worker
    import pandas as pd

TRACE_COLUMNS = ["game_id", "sample", "turn", "final", "seat", "value"]


class TurnTracer:
    """The ``on_step`` hook: samples every seat's heuristic when the turn counter moves."""

    def __init__(self, game: Game, seats: int) -> None:
        self.game = game
        self.seats = range(seats)
        self.last_turn = 0
        self.samples: list[tuple[int, bool, tuple[float, ...]]] = []

    def sample(self, state: State, final: bool = False) -> None:
        h = self.game.heuristic
        self.samples.append((self.game.turns(state), final,
                             tuple(float(h(state, s)) for s in self.seats)))

    def __call__(self, state: State) -> None:
        turn = self.game.turns(state)
        if turn != self.last_turn:
            self.last_turn = turn
            if not self.game.is_over(state):
                self.sample(state)


def play_rows_traced(table: Table, seed: int, game_ids: Sequence[int],
                     coverage: bool = False) -> Rows:
    """Like :func:`designkit.sim.runner.play_rows`, with each game row carrying its trace
    under ``"_trace"`` (a list of ``(turn, final, values)``) for :func:`split_trace`."""
    game, names, out = table.game, table.names, []
    for gid in game_ids:
        s = game_seed(seed, gid)
        tracer = TurnTracer(game, len(table.agents))
        played = play_game(game, table.params, table.agents, s, on_step=tracer,
                           count_rules=coverage)
        tracer.sample(played.state, final=True)
        row, seats = _rows(game, played, gid, s, names, coverage)
        row["_trace"] = tracer.samples
        out.append((row, seats))
    return out


def run_batch_traced(game_name: str, params_dict: dict[str, Any], agent_specs: Sequence[str],
                     seed: int, game_ids: Sequence[int], coverage: bool = False) -> Rows:
    """:func:`play_rows_traced` in a worker, from what a task carries."""
    return play_rows_traced(Table.from_job(game_name, params_dict, agent_specs), seed,
                            game_ids, coverage)


def split_trace(games: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Take the ``_trace`` column out of a games table and return it in long form."""
    import pandas as pd

    if "_trace" not in games.columns:
        return games, pd.DataFrame(columns=TRACE_COLUMNS)
    records = [(gid, i, turn, final, seat, v)
               for gid, samples in zip(games["game_id"], games["_trace"], strict=True)
               for i, (turn, final, values) in enumerate(samples)
               for seat, v in enumerate(values)]
    trace = pd.DataFrame.from_records(records, columns=TRACE_COLUMNS)
    return games.drop(columns="_trace"), trace
