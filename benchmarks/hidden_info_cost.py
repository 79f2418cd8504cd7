"""What not peeking costs the greedy bot (issue 36): strength and CPU time.

Run from the repository root::

    .venv/bin/python benchmarks/hidden_info_cost.py                  # 200 games per row
    .venv/bin/python benchmarks/hidden_info_cost.py --games 400 --game crossroads

Before issue 36 the greedy bot looked one step ahead on the true state, so its heuristic
read the other seats' hidden cards. Now it looks ahead on a sample of its seat's
information set (``InfoSet.sample``: the game's re-deal), or averages over ``samples``
of them. One seat plays the agent under test; every other seat plays the old, peeking
greedy bot (``TrueStateGreedy``, kept here as the yardstick); the agent's seat rotates
(game *i*: seat *i* mod players) and game *i* has the simulation's seed for game *i*,
so every row is played on the same deals. A fair bot that lost nothing by not peeking
wins the fair share 1/players; the peeking bot itself is the control row. Each win rate
comes with its 95 % Wilson interval; CPU time per decision of the tested seat
(``time.process_time``, so other processes on the shared machine count less).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Hashable
from typing import Any

from designkit.agents import Agent, GreedyAgent
from designkit.core.game import Game, State
from designkit.core.lookahead import child_values
from designkit.core.play import play_game
from designkit.core.registry import get_game
from designkit.core.seats import player_count
from designkit.sim.intervals import wilson_interval
from designkit.sim.runner import game_seed

#: (game, params changes): Classic Hero hides only its weakness cards (CH-V2)
CONFIGS = [("classic_hero", {"players": 4, "weakness_cards": True}),
           ("crossroads", {"players": 4}), ("rolling_stone", {"players": 4}),
           ("witch_academy", {"players": 4})]


class TrueStateGreedy(GreedyAgent):
    """The greedy bot before issue 36: one step ahead on the true position."""

    name = "greedy(true state)"

    def act(self, game: Game, state: State, rng: random.Random) -> Hashable:  # type: ignore[misc]
        actions, seat = self.options(game, state)
        if seat is None:
            return actions[0]
        values = list(child_values(game, state, actions,
                                   lambda child: game.heuristic(child, seat)))
        top = max(values)
        best = [a for a, v in zip(actions, values, strict=True) if v >= top - 1e-9]
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


class Timed(Agent):
    """Another agent, its CPU time per decision counted."""

    def __init__(self, inner: Agent) -> None:
        self.inner, self.name = inner, inner.name
        self.seconds, self.decisions = 0.0, 0

    def act(self, game: Game, state: State, rng: random.Random) -> Hashable:  # type: ignore[misc]
        start = time.process_time()
        out = self.inner.act(game, state, rng)
        self.seconds += time.process_time() - start
        self.decisions += 1
        self.last_options = self.inner.last_options
        return out


def row(name: str, changes: dict[str, Any], make: Any, label: str, games: int) -> dict[str, Any]:
    game = get_game(name)
    params = game.params_type().replace(**changes)
    players = player_count(params)
    wins = 0.0
    seconds, decisions = 0.0, 0
    for gid in range(games):
        seat = gid % players
        agents: list[Agent] = [TrueStateGreedy() for _ in range(players)]
        tested = Timed(make())
        agents[seat] = tested
        played = play_game(game, params, agents, game_seed(0, gid))
        winners = game.winners(played.state)
        if seat in winners:
            wins += 1.0 / len(winners)
        seconds += tested.seconds
        decisions += tested.decisions
    lo, hi = wilson_interval(wins, games)
    return {"game": name, "agent": label, "games": games, "wins": wins, "lo": lo, "hi": hi,
            "fair": 1 / players, "us_per_decision": 1e6 * seconds / max(1, decisions)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--game", action="append")
    ap.add_argument("--samples", type=int, action="append",
                    help="greedy's samples per decision (repeatable; default 1 and 4)")
    args = ap.parse_args()
    samples = args.samples or [1, 4]
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for name, changes in CONFIGS:
        if args.game and name not in args.game:
            continue
        makers = [(TrueStateGreedy, "greedy on the true state (control)")] + [
            (lambda k=k: GreedyAgent(samples=k), f"greedy, {k} sample(s)") for k in samples]
        for make, label in makers:
            r = row(name, changes, make, label, args.games)
            print(f"{name:<14}{label:<36} {r['wins']:g}/{r['games']} = "
                  f"{r['wins'] / r['games']:.1%} [{r['lo']:.1%}, {r['hi']:.1%}] "
                  f"(fair {r['fair']:.0%}); {r['us_per_decision']:,.0f} µs CPU/decision",
                  flush=True)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
