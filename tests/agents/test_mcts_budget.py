"""MCTS under a time budget and with heuristic cut-off playouts: specs (their errors are
tested with every agent's in tests/test_agents.py), the budget kept, the cut-off honoured,
determinism where promised (iteration budgets) and said to be absent where it is (time
budgets), hidden information respected."""

from __future__ import annotations

import random
import time

import pytest

from designkit.agents import (
    DEFAULT_CUT,
    DEFAULT_GUIDED,
    DEFAULT_PRIOR,
    ITERATION_CUT,
    MCTSAgent,
    get_agent,
    is_deterministic,
    make_agents,
    nondeterministic,
)
from designkit.agents.mcts import MCTSAgent as _MCTS
from designkit.core.game import CHANCE
from designkit.core.lookahead import child_values
from designkit.core.registry import get_game
from designkit.sim import simulate
from tests.helpers.positions import choice_positions

GAME = get_game("crossroads")


def positions(seed: int, game=GAME, limit: int = 4, every: int = 4, players: int = 4):
    """Mid-game decisions with a real choice, from a seeded random game."""
    return choice_positions(game, seed, players, every, limit)


# -- specs -------------------------------------------------------------------------------------
P = DEFAULT_PRIOR


@pytest.mark.parametrize("spec, seconds, iterations, cut, c, prior, name", [
    ("mcts:200", None, 200, ITERATION_CUT, 0.7, 0, "mcts:200"),
    ("mcts", None, 200, ITERATION_CUT, 0.7, 0, "mcts:200"),
    ("mcts:200:cut=none", None, 200, None, 0.7, 0, "mcts:200:cut=none"),
    ("mcts:0.1s", 0.1, None, DEFAULT_CUT, 0.7, P, "mcts:0.1s"),
    ("mcts:250ms", 0.25, None, DEFAULT_CUT, 0.7, P, "mcts:0.25s"),
    (" mcts:.5s ", 0.5, None, DEFAULT_CUT, 0.7, P, "mcts:0.5s"),
    ("mcts:200:cut=20", None, 200, 20, 0.7, 0, "mcts:200:cut=20"),
    ("mcts:0.1s:cut=none", 0.1, None, None, 0.7, P, "mcts:0.1s:cut=none"),
    ("mcts:50:cut=0:c=1.5", None, 50, 0, 1.5, 0, "mcts:50:cut=0:c=1.5"),
    ("mcts:20ms:c=0.3:cut=4", 0.02, None, 4, 0.3, P, "mcts:0.02s:cut=4:c=0.3"),
    ("mcts:50:prior=5", None, 50, ITERATION_CUT, 0.7, 5, "mcts:50:prior=5"),
    (f"mcts:50:cut={ITERATION_CUT}", None, 50, ITERATION_CUT, 0.7, 0, "mcts:50"),
    (f"mcts:50:cut={DEFAULT_CUT}", None, 50, DEFAULT_CUT, 0.7, 0, f"mcts:50:cut={DEFAULT_CUT}"),
    (f"mcts:0.1s:cut={ITERATION_CUT}", 0.1, None, ITERATION_CUT, 0.7, P,
     f"mcts:0.1s:cut={ITERATION_CUT}"),
    ("mcts:0.1s:prior=0", 0.1, None, DEFAULT_CUT, 0.7, 0, "mcts:0.1s:prior=0"),
    ("mcts:0.1s:clock=cpu", 0.1, None, DEFAULT_CUT, 0.7, P, "mcts:0.1s:clock=cpu"),
    ("mcts:0.1s:greedy=3", 0.1, None, DEFAULT_CUT, 0.7, P, "mcts:0.1s:greedy=3"),
    (f"mcts:0.1s:greedy={DEFAULT_GUIDED}", 0.1, None, DEFAULT_CUT, 0.7, P, "mcts:0.1s"),
    ("mcts:50:greedy=2", None, 50, ITERATION_CUT, 0.7, 0, "mcts:50:greedy=2"),
])
def test_spec_builds_the_agent_and_its_name_rebuilds_it(spec, seconds, iterations, cut, c,
                                                         prior, name):
    agent = get_agent(spec)
    assert isinstance(agent, MCTSAgent)
    assert (agent.seconds, agent.cut, agent.c, agent.prior, agent.name) == \
        (seconds, cut, c, prior, name)
    if iterations is not None:
        assert agent.iterations == iterations
    again = get_agent(agent.name)  # workers rebuild agents from their names
    assert (again.seconds, again.iterations, again.cut, again.c, again.prior, again.clock,
            again.guided) == (agent.seconds, agent.iterations, agent.cut, agent.c,
                              agent.prior, agent.clock, agent.guided)
    assert agent.guided == (DEFAULT_GUIDED if seconds else 0) or "greedy=" in spec
    assert agent.deterministic == (seconds is None) == is_deterministic(spec)


def test_which_specs_are_reproducible():
    assert is_deterministic("mcts:200") and is_deterministic("greedy")
    assert is_deterministic("mcts:200:cut=5")
    assert not is_deterministic("mcts:0.1s") and not is_deterministic("mcts:5ms:cut=2")
    assert not is_deterministic(get_agent("mcts:0.1s"))
    assert nondeterministic(["greedy", "mcts:0.1s", "mcts:0.1s", "mcts:50", "mcts:5ms"]) == \
        ["mcts:0.1s", "mcts:5ms"]


# -- the time budget ---------------------------------------------------------------------------
def test_time_budget_is_kept_and_counts_its_iterations():
    agent = get_agent("mcts:0.03s")
    for state in positions(5, limit=3):
        legal = GAME.legal_actions(state)
        start = time.perf_counter()
        action = agent.act(GAME, state, random.Random(1))
        spent = time.perf_counter() - start
        assert action in legal
        assert spent >= 0.03
        # one iteration past the deadline at most; generous for a loaded 2-core machine
        assert spent < 1.0
        assert agent.last_iterations >= 1
    assert agent.searches == 3 and agent.total_iterations >= 3


def test_cpu_clock_budget_counts_the_threads_cpu_time():
    """``clock=cpu`` spends the budget in CPU time of the searching thread, so a loaded
    machine slows the search down in wall time but not in iterations per CPU second."""
    agent = get_agent("mcts:0.03s:clock=cpu")
    state = positions(5, limit=1)[0]
    cpu, wall = time.thread_time(), time.perf_counter()
    agent.act(GAME, state, random.Random(1))
    assert time.thread_time() - cpu >= 0.03
    assert time.perf_counter() - wall >= 0.03 and agent.last_iterations >= 1
    assert not agent.deterministic


def test_a_tiny_budget_still_searches_once():
    agent = get_agent("mcts:1ms:cut=none")
    state = positions(2, limit=1)[0]
    assert agent.act(GAME, state, random.Random(0)) in GAME.legal_actions(state)
    assert agent.last_iterations >= 1


def test_time_budget_results_say_they_are_not_reproducible():
    timed = simulate("crossroads", 1, params=GAME.params_type(players=3),
                     agents=["mcts:2ms", "greedy", "random"], seed=3, progress=False)
    assert timed.meta["nondeterministic_agents"] == ["mcts:0.002s"]
    assert "not reproducible from their seeds" in timed.summary_text()
    seeded = simulate("crossroads", 1, params=GAME.params_type(players=3),
                      agents=["mcts:3", "greedy", "random"], seed=3, progress=False)
    assert "nondeterministic_agents" not in seeded.meta
    assert "not reproducible" not in seeded.summary_text()


# -- cut-off playouts --------------------------------------------------------------------------
class _Counting:
    """Counts heuristic calls and random playout moves of one search."""

    def __init__(self, monkeypatch):
        self.heuristic = 0
        real = type(GAME).heuristic

        def spy(game, state, seat):
            self.heuristic += 1
            return real(game, state, seat)

        monkeypatch.setattr(type(GAME), "heuristic", spy)


def test_cut_zero_judges_at_the_leaf_and_no_cut_never_judges(monkeypatch):
    count = _Counting(monkeypatch)
    state = positions(7, limit=1)[0]
    get_agent("mcts:20:cut=none").act(GAME, state, random.Random(2))
    assert count.heuristic == 0  # cut=none keeps full random playouts
    get_agent("mcts:20:cut=0").act(GAME, state, random.Random(2))
    # every iteration ends in one judgement (one heuristic per seat) unless the leaf is over
    assert 0 < count.heuristic <= 20 * state.n
    assert count.heuristic % state.n == 0
    count.heuristic = 0
    get_agent("mcts:20").act(GAME, state, random.Random(2))
    assert count.heuristic > 0  # mcts:N cuts its playouts off too (issue 19)


class _MoveCounter:
    """The game, counting the decisions applied through it (chance draws not counted)."""

    def __init__(self, game):
        self._game, self.moves, self.last = game, 0, None

    def __getattr__(self, name):
        return getattr(self._game, name)

    def apply(self, state, action, check=True):
        who = self._game.to_move(state)
        if who is not CHANCE:
            self.moves += 1
            self.last = who
        self._game.apply(state, action, check=check)


@pytest.mark.parametrize("cut", [0, 1, 4, 12])
def test_cut_limits_the_random_moves_of_a_playout(cut):
    """``cut`` random decisions, then on to the next turn boundary for at most ``cut``
    more: the judged position has another seat to decide, or the wait ran out."""
    agent = get_agent(f"mcts:1:cut={cut}")
    rng = random.Random(0)
    waited = 0
    for state in positions(3, limit=6, every=2):
        counter = _MoveCounter(GAME)
        played = GAME.determinize(state, GAME.to_move(state), rng)
        rewards = agent._playout(counter, played, rng)
        assert cut <= counter.moves <= 2 * cut  # these positions are far from the end
        assert GAME.to_move(played) != counter.last or counter.moves == 2 * cut or cut == 0
        waited += counter.moves > cut
        assert len(rewards) == state.n and all(0.0 <= r <= 1.0 for r in rewards)
    assert cut < 4 or waited  # a turn of several decisions was seen out
    full = _MoveCounter(GAME)
    end = GAME.determinize(state, GAME.to_move(state), rng)
    rewards = get_agent("mcts:1:cut=none")._playout(full, end, rng)
    assert GAME.is_over(end) and full.moves > 12 and sorted(rewards)[-1] > 0


class _StepRecorder(_MoveCounter):
    """The game, keeping each decision applied through it: its legal set, the seat and
    the action (the position before it, for the heuristic's view); only the steps of the
    ``played`` position, not those of the greedy bot's lookahead clones."""

    def __init__(self, game, played):
        super().__init__(game)
        self.steps, self.played = [], played

    def apply(self, state, action, check=True):
        who = self._game.to_move(state)
        if who is not CHANCE and state is self.played:
            self.steps.append((state.clone(), self._game.legal_actions(state), who, action))
        super().apply(state, action, check=check)


def _greedy_best(state, legal, seat):
    """The greedy bot's first best option, by the lookahead every bot shares."""
    values = list(child_values(GAME, state, legal, lambda child: GAME.heuristic(child, seat)))
    return legal[values.index(max(values))]


@pytest.mark.parametrize("guided", [0, 2, 5])
def test_guided_playout_starts_with_the_greedy_bots_moves(guided):
    """``greedy=G``: the first G decisions with a choice in a playout are the greedy
    bot's (its first best option); the rest stay random, so a greedy playout of the same
    length differs from the guided one after G decisions somewhere."""
    agent = get_agent(f"mcts:1:cut=8:greedy={guided}")
    rng = random.Random(5)
    off_greedy = 0
    for state in positions(2, limit=6, every=2):
        played = GAME.determinize(state, GAME.to_move(state), rng)
        recorder = _StepRecorder(GAME, played)
        agent._playout(recorder, played, rng)
        chosen = [(st, legal, who, a) for st, legal, who, a in recorder.steps if len(legal) > 1]
        for st, legal, who, action in chosen[:guided]:
            assert action == _greedy_best(st, legal, who)
        off_greedy += sum(action != _greedy_best(st, legal, who)
                          for st, legal, who, action in chosen[guided:])
    assert off_greedy > 0  # after the guided start the playout is random again


def test_guided_flow_playout_is_the_generic_one():
    """On a game on the core flow, the direct playout and the one through the ``Game``
    contract take the same guided steps and the same random draws."""
    agent = get_agent("mcts:1:cut=6:greedy=3")
    for state in positions(8, limit=3, every=3):
        seat = GAME.to_move(state)
        a = GAME.determinize(state, seat, random.Random(1))
        b = GAME.determinize(state, seat, random.Random(1))
        agent._lead_sum, agent._judged = 0.0, 0  # the judgement's scale, per search
        ra = agent._flow_playout(GAME, a, random.Random(9))
        agent._lead_sum, agent._judged = 0.0, 0
        rb = agent._generic_playout(GAME, b, random.Random(9))
        assert ra == rb and GAME.state_to_dict(a) == GAME.state_to_dict(b)


def test_prior_starts_the_search_where_greedy_would_play():
    """With a prior far heavier than the search, the choice is the root option the
    heuristic ranks best on the determinisation the prior was judged on."""
    agent = get_agent("mcts:1:prior=1000")
    checked = 0
    for state in positions(6, limit=6, every=2):
        seat = GAME.to_move(state)
        legal = GAME.legal_actions(state)
        det = GAME.determinize(state, seat, random.Random(4))
        values = []
        for a in legal:
            child = det.clone()
            GAME.apply(child, a, check=False)
            values.append(GAME.heuristic(child, seat))
        if values.count(max(values)) > 1:
            continue
        assert agent.act(GAME, state, random.Random(4)) == legal[values.index(max(values))]
        checked += 1
    assert checked >= 2


def test_no_prior_for_iteration_budgets_by_default(monkeypatch):
    """mcts:N has no greedy bias: with full playouts, no heuristic call at all."""
    count = _Counting(monkeypatch)
    agent = get_agent("mcts:10:cut=none")
    assert agent.prior == 0 and get_agent("mcts:10").prior == 0
    agent.act(GAME, positions(4, limit=1)[0], random.Random(0))
    assert count.heuristic == 0


def test_judgement_is_scale_free_and_favours_the_leader(monkeypatch):
    """Multiplying the heuristic by 10 changes nothing: leads are measured against the
    mean lead of the search, so the search is the same for a game counting in tens."""
    state = positions(11, limit=1)[0]
    agent = get_agent("mcts:40:cut=3")
    plain = agent.act(GAME, state, random.Random(4))
    real = type(GAME).heuristic
    monkeypatch.setattr(type(GAME), "heuristic", lambda g, s, seat: 10 * real(g, s, seat))
    assert agent.act(GAME, state, random.Random(4)) == plain
    judged = agent._judge(GAME, state.clone())
    leads = [GAME.heuristic(state, s) for s in range(state.n)]
    assert all(0.0 < r < 1.0 for r in judged)
    best = max(range(state.n), key=lambda s: leads[s])
    assert judged[best] == max(judged) and (judged[best] > 0.5 or max(leads) == 0)


def test_cut_off_agent_is_deterministic_by_seed_in_whole_games():
    specs = ["mcts:15:cut=5", "greedy", "random"]
    a = simulate("crossroads", 2, params=GAME.params_type(players=3), agents=specs, seed=9,
                 progress=False)
    b = simulate("crossroads", 2, params=GAME.params_type(players=3), agents=specs, seed=9,
                 progress=False)
    assert a.seats.equals(b.seats) and a.games.equals(b.games)


# -- hidden information ------------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["mcts:12:cut=3", "mcts:5ms", "mcts:8:prior=2"])
def test_every_searched_state_is_a_determinisation_for_the_deciding_seat(monkeypatch, spec):
    made: list[tuple[int, int]] = []
    searched: list[int] = []
    real_determinize = GAME.determinize   # bound: a hook function or a method alike
    real_iterate = _MCTS._iterate

    def spy_determinize(state, seat, rng):
        copy = real_determinize(state, seat, rng)
        made.append((id(copy), seat))
        return copy

    def spy_iterate(self, game, st, root, rng):
        assert st is not current
        searched.append(id(st))
        return real_iterate(self, game, st, root, rng)

    monkeypatch.setattr(GAME, "determinize", spy_determinize)
    monkeypatch.setattr(_MCTS, "_iterate", spy_iterate)
    agent = get_agent(spec)
    for current in positions(8, limit=3):
        made.clear()
        searched.clear()
        before = GAME.state_to_dict(current)
        agent.act(GAME, current, random.Random(1))
        # the greedy prior (time budgets) judges the root options on one more copy
        prior = made[:1] if agent.prior else []
        assert searched and [m[0] for m in made[len(prior):]] == searched
        assert {m[1] for m in made} == {GAME.to_move(current)}
        assert GAME.state_to_dict(current) == before


def test_cut_off_decision_depends_only_on_what_the_seat_sees():
    """Two positions that differ only in an opponent's hidden hand card get the same
    decision from the same RNG (the heuristic is evaluated on determinisations only)."""
    agent = get_agent("mcts:25:cut=3")
    checked = 0
    for _, state, other in _hidden_pairs(limit=6):
        assert agent.act(GAME, state, random.Random(5)) == \
            agent.act(GAME, other, random.Random(5))
        checked += 1
    assert checked == 6


@pytest.mark.parametrize("name", ["rolling_stone", "witch_academy", "classic_hero"])
def test_cut_off_mcts_plays_every_game(name):
    game = get_game(name)
    state = positions(1, game=game, limit=1, every=6)[0]
    agent = get_agent("mcts:6:cut=2")
    before = game.state_to_dict(state)
    assert agent.act(game, state, random.Random(3)) in game.legal_actions(state)
    assert game.state_to_dict(state) == before


def test_make_agents_accepts_time_budgets_per_seat():
    agents = make_agents("mcts:0.1s, greedy,mcts:200:cut=12", 3)
    assert [a.name for a in agents] == ["mcts:0.1s", "greedy", "mcts:200:cut=12"]


def _hidden_pairs(limit: int):
    """(seat, state, copy) where the copy differs only in one card of an opponent's hand
    that the seat has not seen (swapped with a card of the deck)."""
    rng = random.Random(0)
    for seed in range(40):
        for state in positions(seed, limit=4, every=3):
            seat = GAME.to_move(state)
            d = GAME.state_to_dict(state)
            deck = {int(x): k for x, k in d["deck"].items()}
            options = []
            for q in range(state.n):
                hidden = list(d["hands"][q])
                for x in d["known"][q]:
                    hidden.remove(x)
                options += [(q, x, y) for x in set(hidden) for y in deck
                            if q != seat and y != x]
            if not options:
                continue
            q, x, y = options[rng.randrange(len(options))]
            d["hands"][q].remove(x)
            d["hands"][q] = sorted(d["hands"][q] + [y])
            deck[y] -= 1
            deck[x] = deck.get(x, 0) + 1
            d["deck"] = {str(k): v for k, v in sorted(deck.items()) if v}
            other = GAME.state_from_dict(d, params=state.params, log=False)
            assert GAME.observation(other, seat) == GAME.observation(state, seat)
            assert GAME.state_to_dict(other) != GAME.state_to_dict(state)
            yield seat, state, other
            limit -= 1
            if limit == 0:
                return
