"""The agent contract: ``act(game, state, rng)`` returns one legal action.

Agents never mutate the state they are given (search works on clones) and use
only the RNG the driver injects, so games stay reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence

from designkit.core.game import Game, State


class Agent:
    name = "agent"
    #: options offered at the last decision (for branching-factor statistics)
    last_options = 0

    def act(self, game: Game, state: State, rng: random.Random) -> Hashable:
        raise NotImplementedError

    def options(self, game: Game, state: State) -> tuple[Sequence[Hashable], int | None]:
        """The legal actions (counted in ``last_options``) and the seat deciding, ``None``
        when there is one option only: it is the answer, with nothing to weigh."""
        actions = game.legal_actions(state)
        self.last_options = len(actions)
        if len(actions) == 1:
            return actions, None
        seat = game.to_move(state)
        assert isinstance(seat, int)  # an agent is asked only when a seat decides
        return actions, seat

    def __repr__(self) -> str:
        return self.name
