"""The contract suite runs over every registered game plus the example game of the tests.

The example game is registered only while a contract module runs (other tests list the
registered games and must not see it). How many hypothesis examples run comes from the
loaded settings profile (tests/conftest.py), scaled per test by :func:`examples`.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, settings

from designkit.core.registry import list_games, register, unregister
from designkit.core.seats import player_counts
from tests.contract.example_game import GAME as EXAMPLE


def game_names() -> list[str]:
    """Every registered game and the example, for parametrising at collection."""
    return sorted({g.name for g in list_games()} | {EXAMPLE.name})


def game_player_cases() -> list[tuple[str, int]]:
    from designkit.core.registry import get_game

    out = []
    for name in game_names():
        game = EXAMPLE if name == EXAMPLE.name else get_game(name)
        out += [(name, n) for n in player_counts(game.params_type)]
    return out


def examples(share: float, least: int = 2) -> settings:
    """Hypothesis settings: ``share`` of the profile's ``max_examples`` (at least ``least``).

    Derandomised, so a run is repeatable and a strict xfail fails on every run; no
    deadline (an example is a whole game); no shrinking, because shrinking a failing game
    replays hundreds of games (minutes) while the failure message already names the
    seed, agents, params and step.
    """
    base = settings()
    return settings(base, max_examples=max(least, round(base.max_examples * share)),
                    deadline=None, derandomize=True, database=None,
                    phases=(Phase.explicit, Phase.generate),
                    suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(autouse=True, scope="module")
def _example_registered():
    register(EXAMPLE)
    yield
    unregister(EXAMPLE.name)
