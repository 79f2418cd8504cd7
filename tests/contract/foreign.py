"""An action of another game, to check that a game rejects it (issue 9, item 2)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from designkit.core.game import CHANCE, Game
from designkit.core.registry import get_game, list_games


@cache
def _first_decision(name: str) -> Any:
    """The first legal decision of game ``name`` from its default setup (seeded chance)."""
    game = get_game(name)
    state = game.new_state(game.params_type(), log=False)
    rng = random.Random(0)
    for _ in range(10_000):
        who = game.to_move(state)
        if who is None:
            return None
        if who is not CHANCE:
            return game.legal_actions(state)[0]
        game.apply(state, game.sample_chance(state, rng), check=False)
    return None


def other_games_action(game: Game) -> Any:
    """A legal first decision of some other registered game (``None`` if there is none)."""
    for other in list_games():
        if other.name != game.name:
            found = _first_decision(other.name)
            if found is not None and type(found) is not getattr(game, "action_type", None):
                return found
    return None
