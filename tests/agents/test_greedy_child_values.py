"""The optional ``Game.child_values`` hook (issue 37): greedy asks it first and steps only
the options it leaves None; a game without it plays exactly as before.

``_old_decide`` is greedy's decision as it was written before the hook (every option
stepped on one sample, ties broken by the RNG): seeded games of a game without the hook
must make the same decisions with the same draws.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest

from designkit.agents.base import Agent
from designkit.agents.greedy import GreedyAgent
from designkit.core.game import Game
from designkit.core.infoset import InfoSet
from designkit.core.lookahead import child_values
from designkit.core.play import play_game
from designkit.core.registry import get_game


class _OldGreedy(Agent):
    """Greedy before the hook: every child stepped (the reference)."""

    name = "greedy"

    def decide(self, game: Game, info: InfoSet, rng: random.Random) -> Hashable:
        actions, seat = info.legal, info.seat
        values = list(child_values(game, info.sample(rng), actions,
                                   lambda child: game.heuristic(child, seat), spent=True))
        best: list[Hashable] = []
        best_value = float("-inf")
        for action, value in zip(actions, values, strict=True):
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value >= best_value - 1e-9:
                best.append(action)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


def _record(game: Game, agents: list[Agent], seed: int) -> list[tuple[int | None, Hashable]]:
    played = play_game(game, game.params_type().replace(players=4), agents, seed=seed,
                       keep_steps=True)
    return [(step.seat, step.action) for step in played.steps]


@pytest.mark.parametrize("name", ["crossroads", "rolling_stone", "witch_academy"])
def test_game_without_the_hook_plays_as_before(name: str) -> None:
    """No hook (``Game.child_values`` as the base class has it): the same decisions.
    Rolling Stone has one for its setup orientations (issue 37): the same decisions too."""
    game = get_game(name)
    if name != "rolling_stone":
        assert type(game).child_values is Game.child_values
    seeds = (3, 4) if name == "crossroads" else (3,)
    for seed in seeds:
        new = _record(game, [GreedyAgent() for _ in range(4)], seed)
        old = _record(game, [_OldGreedy() for _ in range(4)], seed)
        assert new == old and len(new) > 20


def test_hook_of_nones_plays_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hook that leaves every option to the step: the same decisions as without it."""
    game = get_game("crossroads")
    old = _record(game, [_OldGreedy() for _ in range(4)], 6)
    monkeypatch.setattr(type(game), "child_values",
                        lambda self, st, actions, seat: [None] * len(actions))
    assert _record(game, [GreedyAgent() for _ in range(4)], 6) == old


class _Checked(GreedyAgent):
    """Greedy that counts the decisions where it took the last option."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = self.took_last = 0

    def decide(self, game: Game, info: InfoSet, rng: random.Random) -> Hashable:
        action = super().decide(game, info, rng)
        if len(info.legal) > 1:
            self.asked += 1
            self.took_last += action == info.legal[-1]
        return action


def test_hook_is_asked_first_and_none_is_stepped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hook value is taken as it is (no step); a None entry is stepped and valued by the
    heuristic (a None left in would fail the comparison)."""
    game = get_game("crossroads")
    # the last option valued far above any heuristic, the others left to the step
    monkeypatch.setattr(type(game), "child_values",
                        lambda self, st, actions, seat: [None] * (len(actions) - 1) + [1e9])
    agents = [_Checked() for _ in range(4)]
    play_game(game, game.params_type().replace(players=4), agents, seed=5)
    asked = sum(a.asked for a in agents)
    assert asked > 10 and sum(a.took_last for a in agents) == asked
