"""One-step lookahead on the game's own heuristic, ties broken by the injected RNG.

Each option is scored on a clone of the position with that option applied: the one
clone per option is what lookahead must pay, so the loop does nothing else per option
(issue 19). A game on the core flow with its stepping untouched
(:func:`~designkit.core.flow.is_plain_flow`) has the option applied by its ``_apply``
directly: the agent is only asked at a decision, so ``apply``'s chance/decision dispatch
would choose the same method every time. Clones are cheap where the games make them so
(rows shared until written: see each game's ``State.clone``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable

from designkit.agents.base import Agent
from designkit.core.flow import is_plain_flow
from designkit.core.game import Game, State


def _stepper(game: Game) -> Callable[[State, Hashable], None]:
    """How an option is applied to a clone: the flow's decision step, or ``apply``."""
    if is_plain_flow(game):
        return game._apply  # type: ignore[attr-defined, no-any-return]
    return lambda child, action: game.apply(child, action, check=False)


class GreedyAgent(Agent):
    name = "greedy"

    def act(self, game: Game, state: State, rng: random.Random) -> Hashable:
        actions, seat = self.options(game, state)
        if seat is None:
            return actions[0]
        step, heuristic, clone = _stepper(game), game.heuristic, state.clone
        best: list[Hashable] = []
        best_value = float("-inf")
        for action in actions:
            child = clone()
            child.log = None
            step(child, action)
            value = heuristic(child, seat)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value >= best_value - 1e-9:
                best.append(action)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]
