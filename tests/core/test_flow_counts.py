"""Options by count (``Decision.count`` / ``nth``): random play draws the option's index
below the count and builds only that option; everyone else still reads the list."""

from __future__ import annotations

import pytest

from designkit.agents import make_agents
from designkit.core.action import Action
from designkit.core.flow import Flow, FlowState, ask, push
from designkit.core.play import play_game
from tests.helpers.tiny_flow import cloned, phases, tiny_game

Phase = phases("PICK")
FLOW = Flow(Phase)
CHOICES = 7
BUILT = {"list": 0, "nth": 0}


class CountState(FlowState):
    flow = FLOW

    def clone(self) -> CountState:
        return cloned(self, params=self.params, n=self.n, total=self.total)


def _options(st: CountState) -> tuple[Action, ...]:
    BUILT["list"] += 1
    return tuple(Action("pick", v) for v in range(CHOICES))


def _nth(st: CountState, r: int) -> Action:
    BUILT["nth"] += 1
    return Action("pick", r)


@FLOW.task("pick")
def _pick(st: CountState, left: int) -> bool:
    if left:
        push(st, ("pick", left - 1))
        return ask(st, Phase.PICK, 0, (left,))
    return False


@FLOW.decision(Phase.PICK, _options, several=lambda st: True, count=lambda st: CHOICES,
               nth=_nth)
def _picked(st: CountState, a: Action) -> None:
    st.total = st.total * CHOICES + a.arg


G = tiny_game("counts", FLOW, CountState, Action, [("pick", 12)], lambda: {"n": 1, "total": 0})


class _Picker:
    """The random agent's draw, asked through ``act`` (the list path)."""

    name = "picker"

    def act(self, game, state, rng):
        options = game.legal_actions(state)
        return options[rng.randrange(len(options))]


def test_random_play_builds_one_option_by_count_and_decides_as_the_list_does():
    BUILT.update(list=0, nth=0)
    by_count = play_game(G, None, make_agents("random", 1), 5, keep_steps=True)
    assert BUILT == {"list": 0, "nth": 12}          # no list built, one option per question
    by_list = play_game(G, None, [_Picker()], 5, keep_steps=True)
    assert BUILT["list"] == 12
    assert [s.action for s in by_count.steps] == [s.action for s in by_list.steps]
    assert by_count.state.total == by_list.state.total
    assert by_count.decisions == by_list.decisions == 12
    assert by_count.branching_sum == 12 * CHOICES


def test_count_and_nth_come_together():
    with pytest.raises(TypeError, match="count and nth together"):
        FLOW.decision(Phase.PICK, _options, count=lambda st: 1)
    with pytest.raises(TypeError, match="count and nth together"):
        FLOW.decision(Phase.PICK, _options, nth=_nth)
