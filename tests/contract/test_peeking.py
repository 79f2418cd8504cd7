"""No agent can pass by peeking (issue 36), and determinisations that really resample.

For every game (the registered ones and the example) and every hidden-information variant
switch, at the most seats: over seeded positions of random games, a position and one its
deciding seat cannot tell apart (the game's own re-deal, and a shuffle of the hidden zones
the game declares) give the same decision from ``random``, ``greedy`` and a small MCTS
under the same agent seed (``tests/contract/peeking.py``). That needs the game's
``determinize`` to be a function of the seat's observation and the RNG, which is checked
on its own, with its other half: whenever another deal is consistent with what the seat
sees, some determinisation deals it (the search is not handed the true cards).
``test_harness_catches.py`` keeps the cases this suite must fail on.
"""

from __future__ import annotations

import pytest

from designkit.core.params import VARIANTS
from designkit.core.registry import get_game
from designkit.core.seats import player_range
from tests.contract.conftest import game_names
from tests.contract.example_game import GAME as EXAMPLE
from tests.contract.peeking import (
    HIDDEN_VARIANTS,
    check_determinize,
    expect_no_peeks,
    hidden_zone_keys,
)

AGENTS = ("random", "greedy", "mcts:8")
#: positions probed per configuration (seeded random games, spread over whole games)
POSITIONS = 24


def _game(name):
    return EXAMPLE if name == EXAMPLE.name else get_game(name)


def _configs():
    out = []
    for name in game_names():
        game = _game(name)
        most = player_range(game.params_type)[1]
        out.append((name, {"players": most}, "rules"))
    for name, changes, label in HIDDEN_VARIANTS:
        most = player_range(_game(name).params_type)[1]
        out.append((name, {"players": most, **changes}, label))
    return out


CONFIGS = _configs()
IDS = [f"{name}-{label}" for name, _, label in CONFIGS]


def _params(name, changes):
    return _game(name).params_type().replace(**changes)


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize(("name", "changes", "label"), CONFIGS, ids=IDS)
def test_no_agent_decides_on_what_its_seat_cannot_see(name, changes, label, agent):
    game, params = _game(name), _params(name, changes)
    tally = expect_no_peeks(game, params, agent, POSITIONS)
    assert tally.decisions >= POSITIONS, f"only {tally.decisions} decisions compared"


@pytest.mark.parametrize(("name", "changes", "label"), CONFIGS, ids=IDS)
def test_determinize_is_a_function_of_the_observation_and_really_resamples(name, changes,
                                                                           label):
    game, params = _game(name), _params(name, changes)
    probed, dealt = check_determinize(game, params, POSITIONS)
    assert probed >= POSITIONS // 2
    hidden = name != "classic_hero" or label != "rules"
    assert (dealt > 0) == hidden, f"{dealt} of {probed} positions had another deal"


@pytest.mark.parametrize("name", game_names())
def test_every_variant_switch_that_hides_something_is_checked(name):
    """A switch that, turned on alone, fills a hidden zone the rules leave empty must be in
    HIDDEN_VARIANTS (or the agents would never be checked under it)."""
    game = _game(name)
    specs = game.params_type.specs()
    most = player_range(game.params_type)[1]
    base = game.params_type().replace(players=most) if "players" in specs \
        else game.params_type()
    plain = hidden_zone_keys(game, base, seed=3)
    listed = {tuple(sorted(c.items())) for g, c, _ in HIDDEN_VARIANTS if g == name}
    for field, spec in specs.items():
        if spec.group != VARIANTS or spec.kind != "bool":
            continue
        flipped = {field: not getattr(base, field)}
        keys = hidden_zone_keys(game, base.replace(**flipped), seed=3)
        if keys - plain:
            assert any(set(flipped.items()) <= set(c) for c in listed), \
                f"{name}: {flipped} hides {sorted(keys - plain)}: add it to HIDDEN_VARIANTS"
