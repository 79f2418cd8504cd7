"""One-step lookahead on the game's own heuristic, on a determinised position, ties broken
by the injected RNG.

The position it looks ahead from is a sample of the seat's information set
(:meth:`~designkit.core.infoset.InfoSet.sample`: the other seats' hidden cards dealt anew),
never the true one: a heuristic that counts an opponent's hand counts a hand the seat could
hold, not the one it holds (issue 36). ``samples`` > 1 averages each option's value over
that many samples (``benchmarks/README.md`` measures what it buys and costs).

Each option is valued on a copy of the sample with it applied
(:func:`designkit.core.lookahead.child_values`, the lookahead every bot shares: one clone
per option and nothing else per option; the sample itself takes the last option, as the
agent owns it). A game may value some children without stepping them
(:meth:`~designkit.core.game.Game.child_values`, asked first on the same sample): those
values are the stepped child's floats, so the choice is the same.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence

from designkit.agents.base import Agent
from designkit.core.game import Game, State
from designkit.core.infoset import InfoSet
from designkit.core.lookahead import child_values


class GreedyAgent(Agent):
    name = "greedy"

    def __init__(self, samples: int = 1) -> None:
        self.samples = samples

    def decide(self, game: Game, info: InfoSet, rng: random.Random) -> Hashable:
        actions, seat = info.legal, info.seat
        values = _values(game, info.sample(rng), actions, seat)
        for _ in range(self.samples - 1):
            more = _values(game, info.sample(rng), actions, seat)
            values = [v + w for v, w in zip(values, more, strict=True)]
        best: list[Hashable] = []
        best_value = float("-inf")
        for action, value in zip(actions, values, strict=True):
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value >= best_value - 1e-9:
                best.append(action)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


def _values(game: Game, sample: State, actions: Sequence[Hashable], seat: int
            ) -> list[float]:
    """``heuristic(child, seat)`` of each option on ``sample``: the game's step-free values
    first (worked out before any step, since the last stepped option is applied to
    ``sample`` itself), the rest stepped."""
    heuristic = game.heuristic
    fast = game.child_values(sample, actions, seat)
    if fast is None:
        return list(child_values(game, sample, actions,
                                 lambda child: heuristic(child, seat), spent=True))
    missing = [i for i, v in enumerate(fast) if v is None]
    if not missing:
        return fast  # type: ignore[return-value]
    stepped = child_values(game, sample, [actions[i] for i in missing],
                           lambda child: heuristic(child, seat), spent=True)
    for i, v in zip(missing, stepped, strict=True):
        fast[i] = v
    return fast  # type: ignore[return-value]
