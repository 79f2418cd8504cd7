"""Playing a batch of games inside one worker: module-level and picklable (Mesa style).

Imports nothing heavy, so a spawned worker starts fast; returns plain rows that
the parent turns into DataFrames once, at the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from designkit.agents import make_agents
from designkit.agents.base import Agent
from designkit.core.game import Game
from designkit.core.params import Params
from designkit.core.play import play_game
from designkit.core.registry import get_game
from designkit.core.seats import player_count

Rows = list[tuple[dict[str, Any], list[dict[str, Any]]]]


def game_seed(seed: int, game_id: int) -> int:
    """Game ``game_id``'s seed: child ``game_id`` of ``SeedSequence(seed)``, any worker count."""
    child = np.random.SeedSequence(seed, spawn_key=(game_id,))
    return int(child.generate_state(1, dtype=np.uint64)[0])


@dataclass(frozen=True)
class Table:
    """A game, its checked Params and the agents at its seats: set once where the games are
    played (a worker, or the parent for its pilot and serial batches), then any number of
    games. The parent passes its own Table to the games it plays, so one ``simulate`` call
    looks the game up, checks the params and builds the agents once, not once a batch."""

    game: Game
    params: Params
    agents: list[Agent]

    @classmethod
    def seat(cls, game: Game, params: Params, agent_specs: Sequence[str]) -> Table:
        return cls(game, params, make_agents(list(agent_specs), player_count(params)))

    @classmethod
    def from_job(cls, game_name: str, params_dict: dict[str, Any],
                 agent_specs: Sequence[str]) -> Table:
        """In a worker: the game by name and the params from their dict, checked."""
        game = get_game(game_name)
        return cls.seat(game, game.params_type.from_dict(params_dict,
                                                          source="simulation params"),
                        agent_specs)

    @property
    def names(self) -> list[str]:
        return [a.name for a in self.agents]


def play_rows(table: Table, seed: int, game_ids: Sequence[int], coverage: bool = False
              ) -> Rows:
    """Play games ``game_ids`` at ``table``: one (game row, seat rows) pair per game.

    With ``coverage`` each game row also carries ``_rules`` (rule ID → events logged),
    which :func:`designkit.sim.many.split_rules` takes out into ``Results.rules``.
    """
    game, names, out = table.game, table.names, []
    for gid in game_ids:
        s = game_seed(seed, gid)
        played = play_game(game, table.params, table.agents, s, count_rules=coverage)
        out.append(_rows(game, played, gid, s, names, coverage))
    return out


def run_batch(game_name: str, params_dict: dict[str, Any], agent_specs: Sequence[str],
              seed: int, game_ids: Sequence[int], coverage: bool = False) -> Rows:
    """:func:`play_rows` in a worker, from what a task carries (picklable, by name)."""
    return play_rows(Table.from_job(game_name, params_dict, agent_specs), seed, game_ids,
                     coverage)


def _rows(game: Any, played: Any, gid: int, seed: int, names: list[str],
          coverage: bool = False) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    st = played.state
    scores = game.scores(st)
    ranking = game.ranking(st)
    winners = game.winners(st)
    rank_of = {seat: i + 1 for i, seat in enumerate(ranking)}
    row = {"game_id": gid, "seed": seed, "players": len(scores), "turns": game.turns(st),
           "decisions": played.decisions,
           "multi_option_decisions": played.multi_option_decisions,
           "branching_sum": played.branching_sum,
           "end_reason": game.end_reason(st), "winner": ranking[0],
           "n_winners": len(winners)}
    start = game.start_seat(st)
    if start is not None:
        row["start_seat"] = start
    row.update(game.game_summary(st))
    if coverage:
        row["_rules"] = played.rule_counts
    seats = []
    for seat, score in enumerate(scores):
        srow = {"game_id": gid, "seed": seed, "seat": seat, "agent": names[seat],
                "score": score, "rank": rank_of[seat], "won": seat in winners}
        if start is not None:
            srow["position"] = (seat - start) % len(scores)
        srow.update({f"vp_{key}": vp for key, vp in game.vp_sources(st, seat).items()})
        srow.update(game.seat_summary(st, seat))
        seats.append(srow)
    return row, seats
