"""Core flow helpers: draw_task, FlowState.blank, no_decision_due."""

from __future__ import annotations

import enum
from typing import NamedTuple

from designkit.core.flow import Flow, FlowState, draw_task, push, run


class Phase(enum.IntEnum):
    RUN = 0
    DEAL = 1
    OVER = 2


class Card(NamedTuple):
    id: str


CARDS = (Card("a"), Card("b"), Card("c"))
FLOW = Flow(Phase)


class DeckState(FlowState):
    flow = FLOW
    __slots__ = ("pool", "hands")
    pool: list[int]
    hands: list[list[int]]


draw_task(FLOW, "deal", Phase.DEAL, cards=lambda st: CARDS,
          index=lambda st: {c.id: i for i, c in enumerate(CARDS)},
          pool=lambda st: st.pool, into=lambda st: st.hands[st.ctx[0]])


def _state(pool: list[int]) -> DeckState:
    st = DeckState.__new__(DeckState)
    st.init_flow()
    st.pool, st.hands = pool, [[], []]
    return st


def test_the_draw_waits_on_the_pool_and_moves_the_card_drawn() -> None:
    st = _state([0, 1, 2])
    push(st, ("deal", 1))
    run(st)
    assert (st.phase, st.ctx) == (Phase.DEAL, (1,))
    step = FLOW.chances[Phase.DEAL]
    assert step.uniform and list(step.outcomes(st)) == ["a", "b", "c"]
    step.apply(st, "b")
    assert st.pool == [0, 2] and st.hands == [[], [1]]


def test_the_last_card_of_a_pool_is_drawn_at_once() -> None:
    st = _state([2])
    push(st, ("deal", 0))
    run(st)
    assert st.phase == Phase.OVER
    assert st.pool == [] and st.hands == [[2], []]


def test_a_blank_state_holds_the_params_the_seats_the_log_and_the_flow() -> None:
    class _Params(NamedTuple):
        players: int

    st = DeckState.blank(_Params(4), log=True)
    assert (st.params, st.n, st.log) == (_Params(4), 4, [])
    assert (st.stack, st.phase, st.seat, st.ctx, st.options) == ([], Phase.RUN, None, (), ())
    assert DeckState.blank(_Params(3), log=False).log is None


def test_no_decision_is_due_when_the_game_is_over_or_a_chance_step_comes_next() -> None:
    from designkit.core.flow import no_decision_due

    st = _state([0, 1])
    st.phase = Phase.OVER
    assert no_decision_due(st, {}, "T-9") == "the game is over (T-9)"
    st.phase = Phase.DEAL
    assert no_decision_due(st, {}, "T-9") == "no decision is due now (a chance step comes next)"
    assert no_decision_due(st, {Phase.DEAL: "deal"}, "T-9") is None


def test_then_runs_after_the_card_has_moved() -> None:
    flow = Flow(Phase)
    seen: list[tuple[int, list[int]]] = []
    draw_task(flow, "deal", Phase.DEAL, cards=lambda st: CARDS,
              index=lambda st: {c.id: i for i, c in enumerate(CARDS)},
              pool=lambda st: st.pool, into=lambda st: st.hands[0],
              then=lambda st, i: seen.append((i, st.hands[0][:])))
    st = _state([0, 2])
    flow.chances[Phase.DEAL].apply(st, "c")
    assert seen == [(2, [2])] and st.pool == [0]
