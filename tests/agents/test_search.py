"""The ``search`` level (issue 37): its spec and name, determinism by seed, the state it
is given left untouched, legal answers in every game, and hidden information respected
(it decides on the acting seat's determinisations only)."""

from __future__ import annotations

import random

import pytest

from designkit.agents import SearchAgent, agent_names, get_agent, is_deterministic
from designkit.agents.search import SEARCH_ITERATIONS, SEARCH_ITERATIONS_BY_GAME
from designkit.core.errors import DesignkitError
from designkit.core.registry import get_game
from designkit.sim import simulate
from tests.agents.test_mcts_budget import _hidden_pairs
from tests.helpers.positions import choice_positions

GAMES = ("crossroads", "rolling_stone", "witch_academy", "classic_hero")


# -- spec --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("spec", "fixed", "name"), [
    ("search", None, "search"),
    (" search ", None, "search"),
    ("search:30", 30, "search:30"),
    (f"search:{SEARCH_ITERATIONS}", SEARCH_ITERATIONS, f"search:{SEARCH_ITERATIONS}"),
])
def test_spec_builds_the_agent_and_its_name_rebuilds_it(spec, fixed, name):
    agent = get_agent(spec)
    assert isinstance(agent, SearchAgent) and agent.fixed == fixed
    assert agent.name == name and get_agent(name).fixed == fixed
    assert agent_names([spec, "greedy"], 2) == [name, "greedy"]
    assert is_deterministic(spec) and agent.deterministic


@pytest.mark.parametrize("name", GAMES)
def test_budget_is_the_games_unless_the_spec_fixes_it(name):
    """``search`` runs the game's iterations per decision, ``search:N`` N in every game."""
    game = get_game(name)
    state = choice_positions(game, 2, players=4, every=5, limit=1)[0]
    agent, fixed = get_agent("search"), get_agent("search:5")
    agent.act(game, state, random.Random(0))
    fixed.act(game, state, random.Random(0))
    assert agent.last_iterations == SEARCH_ITERATIONS_BY_GAME.get(name, SEARCH_ITERATIONS)
    assert fixed.last_iterations == 5


@pytest.mark.parametrize(("spec", "fragment"), [
    ("search:x", "whole number of iterations"),
    ("search:0", "1–1000000"),
    ("search:2.5", "whole number of iterations"),
    ("search:0.1s", "whole number of iterations"),
])
def test_bad_spec_is_one_line_naming_it(spec, fragment):
    with pytest.raises(DesignkitError) as err:
        get_agent(spec)
    text = str(err.value)
    assert fragment in text and f"'{spec}'" in text and "\n" not in text


# -- the agent contract ------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_legal_deterministic_and_the_state_untouched(name):
    game = get_game(name)
    agent = get_agent("search")
    for state in choice_positions(game, 3, players=4, every=7, limit=2):
        before = game.state_to_dict(state)
        first = agent.act(game, state, random.Random(11))
        assert first in game.legal_actions(state)
        assert game.state_to_dict(state) == before
        assert get_agent("search").act(game, state, random.Random(11)) == first


def test_whole_games_are_fixed_by_the_seed():
    game = get_game("crossroads")
    runs = [simulate("crossroads", 2, params=game.params_type(players=4),
                     agents=["search", "greedy", "search", "random"], seed=5, progress=False)
            for _ in range(2)]
    assert runs[0].seats.equals(runs[1].seats) and runs[0].games.equals(runs[1].games)


# -- hidden information ------------------------------------------------------------------------
def test_searches_only_the_deciding_seats_determinisations(monkeypatch):
    game = get_game("crossroads")
    seats: list[int] = []
    real = type(game).determinize

    def spy(self, state, seat, rng):
        seats.append(seat)
        return real(self, state, seat, rng)

    monkeypatch.setattr(type(game), "determinize", spy)
    for state in choice_positions(game, 4, players=4, every=3, limit=3):
        seats.clear()
        get_agent("search").act(game, state, random.Random(2))
        assert seats and set(seats) == {game.to_move(state)}


def test_decision_depends_only_on_what_the_seat_sees():
    """Positions differing only in an opponent's hidden card get the same decision."""
    game = get_game("crossroads")
    agent = get_agent("search")
    for _, state, other in _hidden_pairs(limit=6):
        assert agent.act(game, state, random.Random(5)) == agent.act(game, other,
                                                                     random.Random(5))
