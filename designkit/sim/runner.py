"""Playing a batch of games inside one worker: module-level and picklable (Mesa style).

Imports nothing heavy, so a spawned worker starts fast; returns plain rows that
the parent turns into DataFrames once, at the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from designkit.agents import make_agents
from designkit.core.play import play_game
from designkit.core.registry import get_game
from designkit.core.seats import player_count


def game_seed(seed: int, game_id: int) -> int:
    """Game ``game_id``'s seed: child ``game_id`` of ``SeedSequence(seed)``, any worker count."""
    child = np.random.SeedSequence(seed, spawn_key=(game_id,))
    return int(child.generate_state(1, dtype=np.uint64)[0])


def batch_setup(game_name: str, params_dict: dict[str, Any], agent_specs: Sequence[str]
                ) -> tuple[Any, Any, list[Any], list[str]]:
    """What a worker rebuilds from a batch's picklable description: the game, its Params,
    one agent per seat and their names (shared by the plain and the traced batch)."""
    game = get_game(game_name)
    params = game.params_type.from_dict(params_dict, source="simulation params")
    agents = make_agents(list(agent_specs), player_count(params))
    return game, params, agents, [a.name for a in agents]


def run_batch(game_name: str, params_dict: dict[str, Any], agent_specs: Sequence[str],
              seed: int, game_ids: Sequence[int], coverage: bool = False
              ) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Play games ``game_ids`` and return one (game row, seat rows) pair per game.

    With ``coverage`` each game row also carries ``_rules`` (rule ID → events logged),
    which :func:`designkit.sim.many.split_rules` takes out into ``Results.rules``.
    """
    game, params, agents, names = batch_setup(game_name, params_dict, agent_specs)
    out = []
    for gid in game_ids:
        s = game_seed(seed, gid)
        played = play_game(game, params, agents, s, count_rules=coverage)
        out.append(_rows(game, played, gid, s, names, coverage))
    return out


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
