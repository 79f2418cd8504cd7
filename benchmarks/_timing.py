"""The timing loops every benchmark shares: seeded batches of games, RLCard's Uno, mid-game
positions and MCTS on them, the player counts a figure uses.

Used by ``engine_speed.py`` (wall clock) and ``ab.py`` (CPU time, two source trees in one
process), so a figure of one is the figure of the other. Nothing here imports
``designkit`` at module level: each function imports what it needs when it runs, so under
``ab.py`` it finds the ``designkit`` of whichever tree is active (``sys.modules`` swapped).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

Clock = Callable[[], float]


class Batch(NamedTuple):
    """What one seeded batch of games took: decisions made, clock seconds, final scores."""

    decisions: int
    seconds: float
    scores: list[list[float]]


def player_counts(game: Any) -> list[int]:
    """Every player count a game offers (its only one if it has no ``players`` param)."""
    if "players" in game.params_type.specs():
        return list(range(game.min_players, game.max_players + 1))
    return [game.min_players]


def params_for(game: Any, players: int) -> Any:
    """The draft's parameters at ``players`` (ignored by a game with one player count)."""
    if "players" in game.params_type.specs():
        return game.default_params(players=players)
    return game.default_params()


def figure_players(game: Any) -> int:
    """The player count of a one-count figure: 4 where the game allows it."""
    counts = player_counts(game)
    return 4 if 4 in counts else counts[0]


def play_batch(game: Any, params: Any, agents: Any, n: int, first_seed: int, clock: Clock,
               scores: bool = False) -> Batch:
    """``n`` games on seeds ``first_seed``, ``first_seed + 1``...; the scores if asked."""
    from designkit.core.play import play_game

    decisions, kept = 0, []
    start = clock()
    for i in range(n):
        played = play_game(game, params, agents, first_seed + i)
        decisions += played.decisions
        if scores:
            kept.append(list(game.scores(played.state)))
    return Batch(decisions, clock() - start, kept)


def uno_batch(n: int, seed: int, clock: Clock) -> tuple[int, float]:
    """RLCard's Uno, uniformly random legal actions in our own seeded step loop, every
    ``env.step`` counted: (decisions, clock seconds) of ``n`` games. Raises ImportError
    without rlcard (the ``bench`` extra)."""
    import numpy as np
    import rlcard

    env = rlcard.make("uno", config={"seed": seed})
    rng = np.random.default_rng(seed)
    decisions = 0
    start = clock()
    for _ in range(n):
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rng.integers(len(legal)))])
            decisions += 1
    return decisions, clock() - start


def midgame_states(game: Any, players: int, count: int, seed: int = 7) -> list[Any]:
    """Decision points with a real choice from the middle third of seeded random games."""
    from designkit.core.game import CHANCE
    from designkit.core.play import chance_rng

    params = params_for(game, players)
    states: list[Any] = []
    g = 0
    while len(states) < count and g < 50 * count:
        state = game.new_state(params, log=False)
        crng, arng = chance_rng(seed + g), random.Random(seed + g)
        seen = []
        while (who := game.to_move(state)) is not None:
            if who is CHANCE:
                game.apply(state, game.sample_chance(state, crng), check=False)
                continue
            legal = game.legal_actions(state)
            if len(legal) > 1:
                seen.append(state.clone())
            game.apply(state, legal[arng.randrange(len(legal))], check=False)
        third = len(seen) // 3
        middle = seen[third:2 * third] or seen
        if middle:
            states.append(middle[arng.randrange(len(middle))])
        g += 1
    return states


def search_seconds(agent: Any, game: Any, states: Sequence[Any], clock: Clock) -> list[float]:
    """Clock seconds of one ``agent.act`` per position (position ``i`` drawn with seed
    ``i``), so MCTS iterations/s are its iterations over each."""
    spent = []
    for i, state in enumerate(states):
        start = clock()
        agent.act(game, state, random.Random(i))
        spent.append(clock() - start)
    return spent


def paired_ratio(old: Iterable[float], new: Iterable[float]) -> float:
    """The median of the per-repeat new/old ratios (a burst of load hits a pair alike)."""
    return statistics.median(b / a for a, b in zip(old, new, strict=True))
