"""Uniform random play: the baseline every balance question starts from."""

from __future__ import annotations

import random
from collections.abc import Hashable

from designkit.agents.base import Agent
from designkit.agents.mcts import plain_flow
from designkit.core.game import Game, State


class RandomAgent(Agent):
    name = "random"
    @property
    def uniform_choice(self) -> bool:
        """Picks ``options[rng.randrange(len(options))]`` (one option: no draw), so a driver
        on the core flow may draw for it without calling :meth:`act` (``core.play``); not
        so for a subclass that chooses its own way."""
        return type(self).act is RandomAgent.act

    def act(self, game: Game, state: State, rng: random.Random) -> Hashable:
        # a game on the core flow holds its options: the same sequence, without a list copy
        actions = state.options if plain_flow(game) else game.legal_actions(state)
        self.last_options = len(actions)
        return actions[rng.randrange(len(actions))] if len(actions) > 1 else actions[0]
