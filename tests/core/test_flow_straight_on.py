"""Going straight on: an applier that calls the next task and returns its result plays
exactly as one that pushes that task (the same questions, stacks, forced decisions,
chance draws and end), through ``Game.apply``, ``play_game``'s flow loop and clones.

Two copies of one tiny game differ only in that: in ``pushing`` every applier pushes
its successor, in ``straight`` every applier calls it, including a chance applier, the
applier of a forced decision (applied inside ``ask``) and that of a certain roll
(applied inside ``roll``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from designkit.agents import make_agents
from designkit.core.action import Action
from designkit.core.flow import Flow, FlowGame, FlowState, ask, push, roll
from designkit.core.game import CHANCE
from designkit.core.play import index_picker, play_game
from tests.core.test_flow import Phase  # the tiny game's phases: pick, roll, only


class StraightAction(Action):
    __slots__ = ()


def make_game(straight: bool) -> FlowGame:
    """The tiny game: each round a pick (1-3), a die (certain on the last round), a
    forced step, then the other seat's round; a pick of 3 queues an extra forced step."""
    flow = Flow(Phase)

    def then(st: Any, task: tuple[Any, ...]) -> bool | None:
        if straight:
            return flow.tasks[task[0]](st, *task[1:])
        push(st, task)
        return None

    @flow.task("round")
    def _round(st: Any, seat: int, left: int) -> bool:
        if not left:
            return False
        return ask(st, Phase.PICK, seat, (seat, left))

    @flow.decision(Phase.PICK, lambda st: tuple(StraightAction("pick", v) for v in (1, 2, 3)))
    def _picked(st: Any, a: StraightAction) -> bool | None:
        seat, left = st.ctx
        st.total += a.arg
        if a.arg == 3:   # something queued beneath the successor: order must hold
            push(st, ("only", seat, left, "extra"))
        return then(st, ("roll", seat, left))

    @flow.task("roll")
    def _roll(st: Any, seat: int, left: int) -> bool:
        return roll(st, Phase.ROLL, (seat, left))

    @flow.chance(Phase.ROLL, lambda st: [4] if st.ctx[1] == 1 else [1, 2, 3], uniform=True)
    def _rolled(st: Any, value: int) -> bool | None:
        seat, left = st.ctx
        st.total = st.total * 7 + value
        return then(st, ("only", seat, left, "next"))

    @flow.task("only")
    def _only(st: Any, seat: int, left: int, why: str) -> bool:
        return ask(st, Phase.ONLY, seat, (seat, left, why))

    @flow.decision(Phase.ONLY, lambda st: (StraightAction("only"),))
    def _only_done(st: Any, a: StraightAction) -> bool | None:
        seat, left, why = st.ctx
        st.total += 100
        if why == "extra":
            return None
        return then(st, ("round", 1 - seat, left - 1))

    class StraightState(FlowState):
        __slots__ = ("total",)

        def clone(self) -> Any:
            c = StraightState.__new__(StraightState)
            c.copy_flow(self)
            c.log, c.params, c.n, c.total = None, self.params, self.n, self.total
            return c

    StraightState.flow = flow

    class StraightGame(FlowGame):
        name = "straight" if straight else "pushing"
        title = name
        action_type = StraightAction

        def new_state(self, params: Any = None, log: bool = True) -> Any:
            st = StraightState.__new__(StraightState)
            st.init_flow()
            st.log = [] if log else None
            st.params, st.n, st.total = params, 2, 0
            self.start(st, ("round", 0, 6))
            return st

        def scores(self, st: Any) -> list[float]:
            return [float(st.total), 0.0]

    StraightGame.flow = flow
    return StraightGame()


PUSHING, STRAIGHT = make_game(False), make_game(True)


def _trace(game: FlowGame, seed: int) -> list[Any]:
    """Every question on the way (phase, seat, ctx, options, stack, forced) by Game.apply."""
    st, rng, out = game.new_state(log=False), random.Random(seed), []
    while (who := game.to_move(st)) is not None:
        out.append((st.phase, st.seat, st.ctx, st.options if who is not CHANCE else None,
                    list(st.stack), st.forced, st.total))
        if who is CHANCE:
            outcomes = [o for o, _ in game.chance_outcomes(st)]
            game.apply(st, outcomes[rng.randrange(len(outcomes))])
        else:
            copy = st.clone()   # a clone steps the same way
            options = game.legal_actions(st)
            pick = options[rng.randrange(len(options))]
            game.apply(copy, pick)
            game.apply(st, pick)
            assert (copy.phase, copy.ctx, copy.stack, copy.total) == \
                (st.phase, st.ctx, st.stack, st.total)
    out.append((st.phase, st.forced, st.total))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_going_straight_on_steps_exactly_as_pushing(seed: int) -> None:
    assert _trace(STRAIGHT, seed) == _trace(PUSHING, seed)


@pytest.mark.parametrize("seed", range(12))
def test_play_game_flow_loop_plays_the_same(seed: int) -> None:
    a = play_game(PUSHING, None, make_agents("random", 2), seed, keep_steps=True)
    b = play_game(STRAIGHT, None, make_agents("random", 2), seed, keep_steps=True)
    assert [(s.seat, s.action) for s in a.steps] == [(s.seat, s.action) for s in b.steps]
    assert (a.decisions, a.state.forced, a.state.total) == \
        (b.decisions, b.state.forced, b.state.total)
    assert STRAIGHT.is_over(b.state) and b.state.forced >= 6


@pytest.mark.parametrize("seed", [0, 1, 19, 2**40 + 7])
def test_index_picker_draws_what_randrange_draws(seed: int) -> None:
    """The flow loop's uniform pick is ``randrange``'s draw, so random play is unchanged."""
    a, b = random.Random(seed), random.Random(seed)
    pick = index_picker(b)
    sizes = [1, 2, 3, 5, 7, 8, 9, 63, 64, 65, 1000, 1 << 33] * 20
    assert [a.randrange(n) for n in sizes] == [pick(n) for n in sizes]


def test_index_picker_leaves_a_random_subclass_its_own_randrange() -> None:
    class Loaded(random.Random):
        def randrange(self, *args: Any, **kwargs: Any) -> int:
            return 0

    assert index_picker(Loaded(1))(10) == 0
