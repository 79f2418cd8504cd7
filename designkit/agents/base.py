"""The agent contract: ``act(game, state, rng)`` returns one legal action.

Agents never mutate the state they are given (search works on clones) and use
only the RNG the driver injects, so games stay reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from designkit.core.game import Game, State


class Agent:
    name = "agent"
    #: options offered at the last decision (for branching-factor statistics)
    last_options = 0

    def act(self, game: Game, state: State, rng: random.Random) -> Hashable:
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.name
