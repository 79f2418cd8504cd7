"""One-step lookahead on the game's own heuristic, ties broken by the injected RNG.

Each option is valued on a copy of the position with it applied
(:func:`designkit.core.lookahead.child_values`, the lookahead every bot shares: one
clone per option and nothing else per option; clones are cheap where the games make
them so, their rarely written rows shared until written, see ``designkit.core.rows``).
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from designkit.agents.base import Agent
from designkit.core.game import Game, State
from designkit.core.lookahead import child_values


class GreedyAgent(Agent):
    name = "greedy"

    def act(self, game: Game, state: State, rng: random.Random) -> Hashable:
        actions, seat = self.options(game, state)
        if seat is None:
            return actions[0]
        heuristic = game.heuristic
        best: list[Hashable] = []
        best_value = float("-inf")
        values = child_values(game, state, actions, lambda child: heuristic(child, seat))
        for action, value in zip(actions, values, strict=True):
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value >= best_value - 1e-9:
                best.append(action)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]
