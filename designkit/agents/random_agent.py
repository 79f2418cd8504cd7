"""Uniform random play: the baseline every balance question starts from."""

from __future__ import annotations

import random
from collections.abc import Hashable

from designkit.agents.base import Agent
from designkit.core.game import Game
from designkit.core.infoset import InfoSet


class RandomAgent(Agent):
    name = "random"

    @property
    def uniform_choice(self) -> bool:
        """Picks ``options[rng.randrange(len(options))]`` (one option: no draw), so a driver
        on the core flow may draw for it without calling :meth:`act` (``core.play``); not
        so for a subclass that chooses its own way."""
        return type(self).decide is RandomAgent.decide

    def decide(self, game: Game, info: InfoSet, rng: random.Random) -> Hashable:
        """Its own options only: nothing hidden is read, nothing sampled."""
        return info.legal[rng.randrange(len(info.legal))]
