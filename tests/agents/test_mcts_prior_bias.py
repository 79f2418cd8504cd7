"""The greedy prior's two valuations (``bias=rank|judge``, issue 37): the spec, and what
each gives the root options' virtual visits."""

from __future__ import annotations

import random

import pytest

from designkit.agents import get_agent
from designkit.agents.mcts import _Node
from designkit.core.errors import DesignkitError
from designkit.core.registry import get_game
from tests.helpers.positions import choice_positions

RS = get_game("rolling_stone")


@pytest.mark.parametrize("spec, bias, name", [
    ("mcts:0.1s:bias=judge", "judge", "mcts:0.1s:bias=judge"),
    ("mcts:0.1s:bias=rank", "rank", "mcts:0.1s"),
    ("mcts:50:prior=3:bias=judge", "judge", "mcts:50:prior=3:bias=judge"),
])
def test_spec_names_the_bias_and_the_name_rebuilds_it(spec, bias, name):
    agent = get_agent(spec)
    assert (agent.bias, agent.name) == (bias, name)
    assert get_agent(agent.name).bias == bias
    assert get_agent("search").bias == "rank"  # the verdict level is unchanged


def test_a_bad_bias_is_one_line_naming_it():
    with pytest.raises(DesignkitError) as err:
        get_agent("mcts:0.1s:bias=greedy")
    assert "bias must be rank" in str(err.value) and "\n" not in str(err.value)


def _priors(spec: str, st, seat: int) -> dict:
    agent = get_agent(spec)
    root = _Node(None)
    agent._lead_sum, agent._judged = 0.0, 0
    agent._seed_root(RS, st.clone(), seat, RS.legal_actions(st), root)
    return {a: (n.visits, n.total) for a, n in root.children.items()}


def test_judge_values_each_option_as_a_cut_off_playout_would():
    st = choice_positions(RS, 2, 4, 3, 3)[-1]
    seat = RS.to_move(st)
    rank = _priors("mcts:10:prior=3", st, seat)
    judge = _priors("mcts:10:prior=3:bias=judge", st, seat)
    assert rank.keys() == judge.keys() and len(rank) >= 2
    totals = sorted(t for _, t in rank.values())
    assert totals[0] == pytest.approx(0.75) and totals[-1] == pytest.approx(2.25)
    agent = get_agent("mcts:10:prior=3:bias=judge")
    agent._lead_sum, agent._judged = 0.0, 0
    for action, (visits, total) in judge.items():
        child = st.clone()
        child.log = None
        RS.apply(child, action, check=False)
        assert visits == 3 and 0.0 < total < 3.0
        assert total == pytest.approx(3 * agent._judge(RS, child)[seat])
    # the rank spreads the options by 1.5 rewards whatever their difference; the judgement
    # by their difference on the playouts' scale
    spread = max(t for _, t in judge.values()) - min(t for _, t in judge.values())
    assert spread < 1.5


def test_judge_bias_search_is_deterministic_by_seed():
    from designkit.core.infoset import InfoSet

    st = choice_positions(RS, 5, 4, 3, 2)[-1]
    seat = RS.to_move(st)
    picks = {get_agent("mcts:40:prior=3:bias=judge").decide(
        RS, InfoSet(RS, st, seat, RS.legal_actions(st)), random.Random(4))  # type: ignore[arg-type]
        for _ in range(3)}
    assert len(picks) == 1
