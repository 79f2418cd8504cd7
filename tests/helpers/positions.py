"""Mid-game positions for the agents' tests: decision points with a real choice (two
options or more), taken from a seeded random game, so a search is tested where it has
something to weigh."""

from __future__ import annotations

import random
from typing import Any

from designkit.core.game import CHANCE
from designkit.core.play import chance_rng


def choice_positions(game: Any, seed: int, players: int = 4, every: int = 4,
                     limit: int = 4) -> list[Any]:
    """Clones of every ``every``-th position with a real choice in the random game of
    ``seed`` at ``players`` (a game without that param: its only count), ``limit`` at most."""
    params = game.params_type(players=players) if "players" in game.params_type.specs() \
        else game.params_type()
    state = game.new_state(params, log=False)
    crng, arng = chance_rng(seed), random.Random(seed)
    found, k = [], 0
    while (who := game.to_move(state)) is not None and len(found) < limit:
        if who is CHANCE:
            game.apply(state, game.sample_chance(state, crng), check=False)
            continue
        legal = game.legal_actions(state)
        if len(legal) > 1:
            k += 1
            if k % every == 0:
                found.append(state.clone())
        game.apply(state, legal[arng.randrange(len(legal))], check=False)
    return found
