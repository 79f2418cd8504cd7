"""Clones share nothing a rule can change (issue 19: cheaper clones must stay safe).

Each game's ``State.clone`` copies rows with ``map(list.copy, …)`` and shares the parts
that are never changed in place (tuples: Witch Academia's familiar and facility rows,
replaced whole when written). Three checks per game, over seeded random play:

- at every step, no list, dict or set is reachable from both the original and its clone
  (tuples may be shared; the rules and params are shared by design);
- a clone played on for a stretch leaves the original's ``state_to_dict`` unchanged, and
  the original played on leaves an earlier clone's unchanged;
- the greedy bot (clone, apply, evaluate for every option) never changes the position
  it is asked about.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from designkit.agents.greedy import GreedyAgent
from designkit.core.game import CHANCE, Game, State
from designkit.core.registry import get_game

GAMES = ("witch_academy", "classic_hero", "rolling_stone", "crossroads")
#: shared by design: the compiled tables and parameters (read-only), and the log's events
_SHARED_SLOTS = frozenset({"rules", "params", "log"})
_STRETCH = 25


def _slots(st: State) -> Iterator[str]:
    for cls in type(st).__mro__:
        yield from getattr(cls, "__slots__", ())


def _mutables(value: Any, found: dict[int, Any]) -> None:
    """Every list, dict and set reachable from ``value`` through containers."""
    if isinstance(value, (list, dict, set)):
        if id(value) in found:
            return
        found[id(value)] = value
        items = value.items() if isinstance(value, dict) else value
        for item in items:
            _mutables(item, found)
    elif isinstance(value, (tuple, frozenset)):
        for item in value:
            _mutables(item, found)


def _state_mutables(st: State) -> dict[int, Any]:
    found: dict[int, Any] = {}
    for name in _slots(st):
        if name not in _SHARED_SLOTS and hasattr(st, name):
            _mutables(getattr(st, name), found)
    return found


def _step(game: Game, st: State, rng: random.Random) -> None:
    who = game.to_move(st)
    if who is CHANCE:
        game.apply(st, game.sample_chance(st, rng), check=False)
    else:
        game.apply(st, rng.choice(game.legal_actions(st)), check=False)


def _params(game: Game) -> Any:
    if "players" in game.params_type.specs():
        return game.default_params(players=4)
    return game.default_params()


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_shares_no_mutable_part(name: str) -> None:
    game = get_game(name)
    rng = random.Random(19)
    st = game.new_state(_params(game), log=False)
    steps = 0
    while game.to_move(st) is not None:
        twin = st.clone()
        shared = set(_state_mutables(st)) & set(_state_mutables(twin))
        assert not shared, f"{name} step {steps}: the clone shares " \
            f"{[_state_mutables(st)[i] for i in list(shared)[:3]]}"
        _step(game, st, rng)
        steps += 1
    assert steps > 50


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [3, 4])
def test_playing_a_clone_or_its_original_leaves_the_other_unchanged(name: str,
                                                                    seed: int) -> None:
    game = get_game(name)
    rng = random.Random(seed)
    st = game.new_state(_params(game), log=seed % 2 == 0)
    earlier: list[tuple[State, dict[str, Any]]] = []
    steps = 0
    while game.to_move(st) is not None:
        before = game.state_to_dict(st)
        twin = st.clone()
        for _ in range(_STRETCH):
            if game.to_move(twin) is None:
                break
            _step(game, twin, rng)
        assert game.state_to_dict(st) == before, f"{name} step {steps}: playing a " \
            f"clone changed the original"
        earlier.append((st.clone(), before))
        _step(game, st, rng)
        steps += 1
    for i, (clone, seen) in enumerate(earlier):
        assert game.state_to_dict(clone) == seen, f"{name}: playing the original on " \
            f"changed the clone made at step {i}"


@pytest.mark.parametrize("name", GAMES)
def test_greedy_never_changes_the_position_it_weighs(name: str) -> None:
    game = get_game(name)
    rng, bot = random.Random(5), GreedyAgent()
    st = game.new_state(_params(game), log=True)
    asked = 0
    while (who := game.to_move(st)) is not None:
        if who is CHANCE:
            game.apply(st, game.sample_chance(st, rng), check=False)
            continue
        before = game.state_to_dict(st)
        action = bot.act(game, st, rng)
        assert game.state_to_dict(st) == before, f"{name}: greedy changed the position"
        asked += 1
        game.apply(st, action)
    assert asked > 10
