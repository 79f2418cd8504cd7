"""What one seat knows when it decides: the only thing an agent is handed (issue 36).

An agent that reads the true state can read what its seat cannot see (another seat's
weakness cards, hand or draft pick) and every verdict measured with it would be a
cheating bot's. So the driver keeps the true position and gives the agent an
:class:`InfoSet`: the seat, its legal actions (its own information), its observation and
:meth:`InfoSet.sample`, a position drawn from the ones the seat cannot tell apart
(``Game.determinize``). A game's ``determinize`` is a function of the seat's observation
and the RNG only (``tests/contract/test_peeking.py`` checks it), so two true positions
that look the same to the seat give the same samples, and an agent that searches only
samples decides the same in both.

The true position sits in closures, not in an attribute: reaching it takes a deliberate
``__closure__`` walk, which no reviewer would miss, and the contract suite catches an
agent whose decisions depend on it anyway.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from designkit.core.game import Game, State


class InfoSet:
    """The deciding seat's information set: ``seat``, ``legal`` (its options, in the
    game's order), :meth:`observation` and :meth:`sample`."""

    __slots__ = ("seat", "legal", "_sample", "_observe")

    def __init__(self, game: Game, state: State, seat: int, legal: Sequence[Hashable]) -> None:
        self.seat = seat
        self.legal = legal
        determinize = game.determinize
        self._sample: Callable[[random.Random], State] = \
            lambda rng: determinize(state, seat, rng)
        self._observe: Callable[[], dict[str, Any]] = lambda: game.observation(state, seat)

    def sample(self, rng: random.Random) -> State:
        """A fresh position consistent with the seat's observation, the other seats'
        hidden parts dealt anew from ``rng`` (logging off; the caller owns it and may
        change it)."""
        return self._sample(rng)

    def observation(self) -> dict[str, Any]:
        """Everything the seat may know, as the game's ``observation`` gives it."""
        return self._observe()

    def __repr__(self) -> str:
        return f"InfoSet(seat={self.seat}, {len(self.legal)} options)"
