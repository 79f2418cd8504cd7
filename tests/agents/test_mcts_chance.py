"""MCTS closed-loop on chance (``chance=tree``, issue 37): the spec, the tree it builds (a
child per chance outcome, the follow-up decisions below it), determinism by seed and no
peeking (the outcomes are the sampled position's, never the true state's)."""

from __future__ import annotations

import random

import pytest

from designkit.agents import get_agent
from designkit.agents.mcts import _OUTCOME, MCTSAgent, _Node
from designkit.core.errors import DesignkitError
from designkit.core.infoset import InfoSet
from designkit.core.registry import get_game
from tests.contract.peeking import expect_no_peeks
from tests.helpers.positions import choice_positions

RS = get_game("rolling_stone")


@pytest.mark.parametrize("spec, tree, name", [
    ("mcts:200:chance=tree", True, "mcts:200:chance=tree"),
    ("mcts:200:chance=open", False, "mcts:200"),
    ("mcts:0.1s:clock=cpu:chance=tree", True, "mcts:0.1s:clock=cpu:chance=tree"),
    ("mcts:50:cut=20:chance=tree:c=0.5", True, "mcts:50:cut=20:chance=tree:c=0.5"),
])
def test_spec_names_the_chance_tree_and_the_name_rebuilds_it(spec, tree, name):
    agent = get_agent(spec)
    assert isinstance(agent, MCTSAgent) and (agent.chance_tree, agent.name) == (tree, name)
    assert get_agent(agent.name).chance_tree is tree
    assert get_agent("search").chance_tree is False  # the verdict level is unchanged


def test_a_bad_chance_option_is_one_line_naming_it():
    with pytest.raises(DesignkitError) as err:
        get_agent("mcts:50:chance=closed")
    text = str(err.value)
    assert "mcts:50:chance=closed" in text and "tree" in text and "\n" not in text


def _tree(spec: str, seed: int = 3, iterations: int = 300) -> _Node:
    """The root of ``iterations`` iterations at a Rolling Stone position before a roll."""
    agent = get_agent(spec)
    st = next(s for s in choice_positions(RS, seed, 4, 1, 400)
              if any(_chance_below(RS, s, a) for a in RS.legal_actions(s)))
    info = InfoSet(RS, st, RS.to_move(st), RS.legal_actions(st))  # type: ignore[arg-type]
    rng, root = random.Random(seed), _Node(None)
    for _ in range(iterations):
        agent._iterate(RS, info.sample(rng), root, rng)
    return root


def _chance_below(game, st, action) -> bool:
    child = st.clone()
    child.log = None
    game.apply(child, action, check=False)
    return game.flow.is_chance[child.phase]


def _outcome_nodes(node: _Node) -> list[tuple[object, _Node]]:
    out = []
    for key, child in node.children.items():
        if isinstance(key, tuple) and key and key[0] is _OUTCOME:
            out.append((key[1], child))
        out += _outcome_nodes(child)
    return out


def test_chance_tree_keeps_a_child_per_outcome_with_the_decisions_below_it():
    outcomes = _outcome_nodes(_tree("mcts:300:cut=10:chance=tree"))
    assert len({o for o, _ in outcomes}) >= 2  # several rolls met, each its own child
    assert all(n.seat is None for _, n in outcomes)  # a chance step keeps no reward
    below = [c for _, n in outcomes for c in n.children.values() if c.seat is not None]
    assert below and all(c.visits >= 1 for c in below)  # the follow-ups were searched
    assert _outcome_nodes(_tree("mcts:300:cut=10")) == []  # open loop: one node for all


def test_chance_tree_search_is_deterministic_by_seed():
    st = choice_positions(RS, 5, 4, 3, 2)[-1]
    seat = RS.to_move(st)
    picks = {get_agent("mcts:60:chance=tree").decide(
        RS, InfoSet(RS, st, seat, RS.legal_actions(st)), random.Random(9))  # type: ignore[arg-type]
        for _ in range(3)}
    assert len(picks) == 1


@pytest.mark.parametrize("name", ["rolling_stone", "crossroads"])
def test_chance_tree_decides_only_on_what_the_seat_sees(name):
    game = get_game(name)
    params = game.params_type().replace(players=4)
    tally = expect_no_peeks(game, params, "mcts:8:chance=tree", 12)
    assert tally.decisions >= 12
