"""The agent contract: an agent decides from its seat's information set only.

Drivers call ``act(game, state, rng)`` with the true position; :meth:`Agent.act` keeps it
and hands the agent's :meth:`Agent.decide` an :class:`~designkit.core.infoset.InfoSet`:
the seat, its legal actions, its observation and a way to sample positions consistent
with that observation. An agent never receives the true state, so it cannot read
another seat's hidden cards (issue 36: the greedy bot valued its options on the true
state and read its opponents' weakness cards). ``tests/contract/test_peeking.py`` checks
every agent on every game: two positions the deciding seat cannot tell apart give the
same decision from the same agent seed.

Agents never mutate what they are given (a sample is theirs to change) and use only the
RNG the driver injects, so games stay reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import final

from designkit.core.flow import is_plain_flow
from designkit.core.game import Game, State
from designkit.core.infoset import InfoSet


class Agent:
    name = "agent"
    #: options offered at the last decision (for branching-factor statistics)
    last_options = 0

    @final
    def act(self, game: Game, state: State, rng: random.Random) -> Hashable:
        """The decision of the seat to move in ``state``: one option is the answer (no
        draw); otherwise :meth:`decide` chooses from the seat's information set."""
        actions, seat = self.options(game, state)
        if seat is None:
            return actions[0]
        return self.decide(game, InfoSet(game, state, seat, actions), rng)

    def decide(self, game: Game, info: InfoSet, rng: random.Random) -> Hashable:
        """One of ``info.legal``, from what ``info`` tells (subclasses)."""
        raise NotImplementedError

    def options(self, game: Game, state: State) -> tuple[Sequence[Hashable], int | None]:
        """The legal actions (counted in ``last_options``) and the seat deciding, ``None``
        when there is one option only: it is the answer, with nothing to weigh. A game on
        the core flow holds its options: the same sequence, without a list copy."""
        if is_plain_flow(game):
            actions: Sequence[Hashable] = state.options  # type: ignore[attr-defined]
            seat = state.seat  # type: ignore[attr-defined]
        else:
            actions = game.legal_actions(state)
            seat = None
        self.last_options = len(actions)
        if len(actions) == 1:
            return actions, None
        if seat is None:
            seat = game.to_move(state)
        assert isinstance(seat, int)  # an agent is asked only when a seat decides
        return actions, seat

    def __repr__(self) -> str:
        return self.name
