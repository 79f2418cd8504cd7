"""Lazy options: a question whose ``several`` hook says it is not forced waits without
building its options; they are built on first read, and the game plays the same."""

from __future__ import annotations

import pytest

from designkit.core.action import Action
from designkit.core.flow import Flow, FlowState, ask
from designkit.core.flow_dict import flow_from_dict, flow_to_dict
from tests.helpers.tiny_flow import blank, cloned, phases, tiny_game

BUILT: list[int] = []


Phase = phases("PICK", "EAGER")
FLOW = Flow(Phase)


class LazyAction(Action):
    __slots__ = ()


class LazyState(FlowState):
    flow = FLOW

    def clone(self) -> LazyState:
        return cloned(self, log=None, params=self.params, total=self.total)


def _picks(st: LazyState) -> tuple[LazyAction, ...]:
    BUILT.append(st.ctx[0])
    return tuple(LazyAction("pick", v) for v in range(1, st.ctx[0] + 1))


@FLOW.task("pick")
def _pick(st: LazyState, many: int) -> bool:
    return ask(st, Phase.PICK, 0, (many,))


@FLOW.decision(Phase.PICK, _picks, several=lambda st: st.ctx[0] > 1)
def _picked(st: LazyState, a: LazyAction) -> None:
    st.total += a.arg


@FLOW.task("eager")
def _eager(st: LazyState) -> bool:
    return ask(st, Phase.EAGER, 0, ())


@FLOW.decision(Phase.EAGER, lambda st: (LazyAction("e", 1), LazyAction("e", 2)))
def _eager_done(st: LazyState, a: LazyAction) -> None:
    st.total += 10 * a.arg


G = tiny_game("lazy", FLOW, LazyState, LazyAction,
              [("pick", 3), ("pick", 1), ("eager",), ("pick", 2)], lambda: {"total": 0})


@pytest.fixture(autouse=True)
def _fresh():
    BUILT.clear()


def test_options_are_built_only_when_read_and_only_once():
    st = G.new_state()
    assert BUILT == [] and st.phase is Phase.PICK
    assert G.legal_actions(st) == [LazyAction("pick", v) for v in (1, 2, 3)]
    assert st.options == tuple(G.legal_actions(st)) and BUILT == [3]


def test_a_clone_run_to_its_next_question_never_builds_it():
    st = G.new_state()
    G.legal_actions(st)
    c = st.clone()
    G._apply(c, LazyAction("pick", 2))  # the forced "pick 1" is built (to be applied), then EAGER
    assert BUILT == [3, 1] and c.phase is Phase.EAGER and c.total == 3
    G._apply(c, LazyAction("e", 1))  # EAGER has no hook: built in ask
    assert c.phase is Phase.PICK and BUILT == [3, 1]


def test_forced_questions_still_apply_at_once_and_the_game_is_the_same():
    st = G.new_state()
    for a in (LazyAction("pick", 3), LazyAction("e", 2), LazyAction("pick", 2)):
        G.apply(st, a)
    assert G.is_over(st) and st.total == 3 + 1 + 20 + 2 and st.forced == 1


def test_answering_an_unread_question_builds_it_first():
    st = G.new_state()
    G._apply(st, LazyAction("pick", 1))
    assert BUILT[0] == 3  # built while the question was open, before the answer changed it


def test_an_unbuilt_question_round_trips_through_its_dict():
    st = G.new_state()
    data = flow_to_dict(st)
    back = blank(LazyState, log=False, params=None, total=0)
    flow_from_dict(back, data)
    assert back.options == st.options and back.phase is st.phase and back.ctx == st.ctx
