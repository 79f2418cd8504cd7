"""One-step lookahead on the game's own heuristic, ties broken by the injected RNG."""

from __future__ import annotations

import random
from collections.abc import Hashable

from designkit.agents.base import Agent
from designkit.core.game import Game, State


class GreedyAgent(Agent):
    name = "greedy"

    def act(self, game: Game, state: State, rng: random.Random) -> Hashable:
        actions, seat = self.options(game, state)
        if seat is None:
            return actions[0]
        best: list[Hashable] = []
        best_value = float("-inf")
        for action in actions:
            child = state.clone()
            child.log = None
            game.apply(child, action, check=False)
            value = game.heuristic(child, seat)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value >= best_value - 1e-9:
                best.append(action)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]
