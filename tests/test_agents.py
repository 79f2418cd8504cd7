"""Agents: names, per-seat construction, strength, legality, determinism, and MCTS
searching only determinised states (it never reads hidden cards)."""

from __future__ import annotations

import json
import random

import pytest

from designkit.agents import (
    GreedyAgent,
    MCTSAgent,
    RandomAgent,
    get_agent,
    make_agents,
)
from designkit.analysis.stats import wilson_interval
from designkit.core.errors import DesignkitError
from designkit.core.game import CHANCE
from designkit.core.play import agent_rng, chance_rng, play_game
from designkit.core.records import make_record
from designkit.core.registry import get_game
from designkit.games.crossroads import CrossroadsParams
from designkit.sim import simulate
from tests.helpers.positions import choice_positions

GAME = get_game("crossroads")


# -- names --------------------------------------------------------------------------------------
def test_get_agent_by_name():
    assert isinstance(get_agent("random"), RandomAgent)
    assert isinstance(get_agent(" greedy "), GreedyAgent)
    m = get_agent("mcts:50")
    assert isinstance(m, MCTSAgent) and m.iterations == 50 and m.name == "mcts:50"
    assert get_agent("mcts").iterations == 200
    agent = GreedyAgent()
    assert get_agent(agent) is agent
    assert get_agent("random").name == "random" and get_agent("greedy").name == "greedy"


@pytest.mark.parametrize("spec, fragment", [
    ("mcts:x", "whole number"),
    ("mcts:2.5", "whole number"),
    ("mcts:0", "1–1000000"),
    ("mcts:-3", "1–1000000"),
    ("greedy:3", "unknown agent 'greedy:3'"),
    ("random:1", "unknown agent"),
    ("alphazero", "choose random, greedy, search or mcts:N"),
    ("", "unknown agent"),
    ("mcts:0s", "1ms–600s"),
    ("mcts:0.0001s", "1ms–600s"),
    ("mcts:601s", "1ms–600s"),
    ("mcts:1.5", "whole number of iterations or a time such as 0.1s"),
    ("mcts:10m", "whole number of iterations or a time such as 0.1s"),
    ("mcts:100:cut=-1", "cut must be 0–100000"),
    ("mcts:100:cut=x", "cut must be a whole number"),
    ("mcts:100:c=-1", "c must be a number 0–10"),
    ("mcts:100:c=nan", "c must be a number 0–10"),
    ("mcts:100:depth=3", "unknown option 'depth=3'"),
    ("mcts:100:cut", "unknown option 'cut'"),
    ("mcts:100:cut=2:cut=3", "option 'cut' given twice"),
    ("mcts:100:prior=-1", "prior must be a whole number of virtual visits 0–1000"),
    ("mcts:100:prior=1.5", "prior must be a whole number"),
    ("mcts:100:clock=cpu", "only with a time budget"),
    ("mcts:0.1s:clock=gpu", "clock must be wall or cpu"),
    ("mcts:0.1", "whole number"),
    ("mcts:100:greedy=-1", "greedy must be a whole number 0–1000"),
    ("mcts:100:greedy=x", "greedy must be a whole number 0–1000"),
])
def test_get_agent_errors_are_one_line_naming_the_spec(spec, fragment):
    with pytest.raises(DesignkitError) as err:
        get_agent(spec)
    text = str(err.value)
    assert fragment in text and f"'{spec}'" in text and "\n" not in text


def test_make_agents_per_seat():
    agents = make_agents("random", 4)
    assert [a.name for a in agents] == ["random"] * 4
    assert len({id(a) for a in agents}) == 4
    agents = make_agents("greedy, random,mcts:5", 3)
    assert [a.name for a in agents] == ["greedy", "random", "mcts:5"]
    assert [a.name for a in make_agents(["mcts:7"], 5)] == ["mcts:7"] * 5
    assert [a.name for a in make_agents(None, 3)] == ["random"] * 3
    mine = RandomAgent()
    assert make_agents([mine, "greedy", "random"], 3)[0] is mine
    with pytest.raises(DesignkitError, match="3 agents given for 4 seats"):
        make_agents("random,random,greedy", 4)


# -- strength -----------------------------------------------------------------------------------
def test_greedy_beats_random_at_four_players():
    wins = games = 0
    for seat in range(4):
        specs = ["random"] * 4
        specs[seat] = "greedy"
        res = simulate("crossroads", 75, params=CrossroadsParams(players=4), agents=specs,
                       seed=100 + seat, progress=False)
        wins += int(res.seats[res.seats.seat == seat].won.sum())
        games += res.n_games
    assert games == 300
    lo, _ = wilson_interval(wins, games)
    # a random seat wins 25%; greedy should be far above that, not just noise above it
    assert lo > 0.40, f"greedy won {wins}/{games}"


# -- MCTS: legality and determinism ------------------------------------------------------------
def decision_states(seed: int, players: int = 4, every: int = 5, limit: int = 8) -> list:
    """Positions where some seat has a real choice, from a seeded random game."""
    return choice_positions(GAME, seed, players, every, limit)


def test_mcts_plays_only_legal_moves_and_is_deterministic():
    params = CrossroadsParams(players=4)
    specs = ["mcts:50", "random", "greedy", "random"]
    records = []
    for _ in range(2):
        agents = make_agents(specs, 4)
        state = GAME.new_state(params, log=False)
        crng = chance_rng(21)
        rngs = [agent_rng(21, s) for s in range(4)]
        while (who := GAME.to_move(state)) is not None:
            if who is CHANCE:
                GAME.apply(state, GAME.sample_chance(state, crng))
                continue
            legal = GAME.legal_actions(state)
            action = agents[who].act(GAME, state, rngs[who])
            assert action in legal
            GAME.apply(state, action)  # checked apply
        records.append(GAME.state_to_dict(state))
    assert records[0] == records[1]
    played = [play_game(GAME, params, make_agents(specs, 4), 21, keep_steps=True)
              for _ in range(2)]
    dumps = [json.dumps(make_record(GAME, params, 21, specs, p.steps, p.state), sort_keys=True)
             for p in played]
    assert dumps[0] == dumps[1]


def test_mcts_same_rng_same_decision_and_state_untouched():
    agent = MCTSAgent(50)
    for state in decision_states(4):
        before = GAME.state_to_dict(state)
        first = agent.act(GAME, state, random.Random(9))
        second = agent.act(GAME, state, random.Random(9))
        assert first == second
        assert first in GAME.legal_actions(state)
        assert agent.last_options == len(GAME.legal_actions(state))
        assert GAME.state_to_dict(state) == before


# -- MCTS: never reads hidden cards -----------------------------------------------------------
def test_mcts_only_searches_determinised_states(monkeypatch):
    """Every state the search simulates is a fresh copy made by ``game.determinize`` for
    the deciding seat; the real state is never searched or changed."""
    made: list[tuple[int, int]] = []  # (id of state returned, seat)
    searched: list[int] = []
    real_determinize = type(GAME).determinize

    def spy_determinize(self, state, seat, rng):
        copy = real_determinize(self, state, seat, rng)
        made.append((id(copy), seat))
        return copy

    real_iterate = MCTSAgent._iterate

    def spy_iterate(self, game, st, root, rng):
        searched.append(id(st))
        assert st is not current
        return real_iterate(self, game, st, root, rng)

    monkeypatch.setattr(type(GAME), "determinize", spy_determinize)
    monkeypatch.setattr(MCTSAgent, "_iterate", spy_iterate)
    agent = MCTSAgent(20)
    for current in decision_states(8, limit=6):
        made.clear()
        searched.clear()
        seat = GAME.to_move(current)
        before = GAME.state_to_dict(current)
        agent.act(GAME, current, random.Random(1))
        assert len(searched) == 20
        assert [m[0] for m in made] == searched
        assert {m[1] for m in made} == {seat}
        assert GAME.state_to_dict(current) == before


def _swap_hidden_card(state, seat: int, rng: random.Random):
    """A copy that differs only in one opponent's hidden hand card (swapped with the deck)."""
    d = GAME.state_to_dict(state)
    deck = {int(x): k for x, k in d["deck"].items()}
    options = []
    for q in range(state.n):
        if q == seat:
            continue
        hidden = list(d["hands"][q])
        for x in d["known"][q]:
            hidden.remove(x)
        for x in set(hidden):
            for y in deck:
                if y != x:
                    options.append((q, x, y))
    if not options:
        return None
    q, x, y = options[rng.randrange(len(options))]
    d["hands"][q].remove(x)
    d["hands"][q].append(y)
    d["hands"][q].sort()
    deck[y] -= 1
    deck[x] = deck.get(x, 0) + 1
    d["deck"] = {str(k): v for k, v in sorted(deck.items()) if v}
    other = GAME.state_from_dict(d, params=state.params, log=False)
    assert GAME.state_to_dict(other) != GAME.state_to_dict(state)
    return other, q


def _pairs(limit: int = 12):
    rng = random.Random(0)
    for seed in range(40):
        for state in decision_states(seed, every=3, limit=4):
            seat = GAME.to_move(state)
            swapped = _swap_hidden_card(state, seat, rng)
            if swapped is not None:
                yield seat, state, swapped[0], swapped[1]
                limit -= 1
                if limit == 0:
                    return


def test_observation_does_not_see_opponents_hidden_cards():
    for _, state, other, owner in _pairs():
        for q in range(state.n):
            same = GAME.observation(state, q) == GAME.observation(other, q)
            assert same == (q != owner), (q, owner)


def test_determinize_and_mcts_depend_only_on_what_the_seat_sees():
    agent = MCTSAgent(30)
    for seat, state, other, _ in _pairs():
        for k in range(3):
            a = GAME.state_to_dict(GAME.determinize(state, seat, random.Random(k)))
            b = GAME.state_to_dict(GAME.determinize(other, seat, random.Random(k)))
            assert a == b
        assert agent.act(GAME, state, random.Random(5)) == \
            agent.act(GAME, other, random.Random(5))
