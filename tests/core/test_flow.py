"""The core flow machinery on a tiny game: questions, forced decisions, chance, refusals."""

from __future__ import annotations

import enum
import random

import pytest

from designkit.core.action import Action
from designkit.core.errors import IllegalAction
from designkit.core.events import log_for
from designkit.core.flow import Flow, FlowState, ask, push, roll
from designkit.core.game import CHANCE
from designkit.core.play import play_game
from designkit.core.seats import seat_label
from tests.helpers.tiny_flow import cloned, phases, tiny_game

Phase = phases("PICK", "ROLL", "ONLY")
FLOW = Flow(Phase)


class TinyAction(Action):
    __slots__ = ()
    TEXT_EN = {"pick": lambda a: f"pick {a}", "only": lambda a: "the only way"}
    TEXT_JA = {"pick": lambda a: f"{a}を選ぶ", "only": lambda a: "唯一の道"}


class OtherAction(Action):
    __slots__ = ()


class TinyState(FlowState):
    flow = FLOW

    def clone(self) -> TinyState:
        return cloned(self, params=self.params, n=self.n, picks=self.picks[:], total=self.total)


@FLOW.task("round")
def _round(st: TinyState, seat: int) -> bool:
    push(st, ("pick", seat), ("roll", seat), ("only", seat))
    return False


@FLOW.task("pick")
def _pick(st: TinyState, seat: int) -> bool:
    return ask(st, Phase.PICK, seat, (seat,))


@FLOW.decision(Phase.PICK, lambda st: (TinyAction("pick", 1), TinyAction("pick", 2)))
def _picked(st: TinyState, a: TinyAction) -> None:
    seat = st.ctx[0]
    st.picks[seat] = a.arg
    st.emit("T-1", seat, f"seat {seat} picks {a.arg}", f"{seat}が{a.arg}を選ぶ",
            visible_to=(seat,), public=(f"seat {seat} picks", f"{seat}が選ぶ"))


@FLOW.task("roll")
def _roll(st: TinyState, seat: int) -> bool:
    return roll(st, Phase.ROLL, (seat,))


@FLOW.chance(Phase.ROLL, lambda st: [1, 2, 3], uniform=True)
def _rolled(st: TinyState, value: int) -> None:
    st.total += value * st.picks[st.ctx[0]]
    st.emit("T-2", st.ctx[0], f"rolls {value}", f"{value}を出す")


@FLOW.task("only")
def _only(st: TinyState, seat: int) -> bool:
    return ask(st, Phase.ONLY, seat, (seat,))


@FLOW.decision(Phase.ONLY, lambda st: (TinyAction("only"),))
def _only_done(st: TinyState, a: TinyAction) -> None:
    st.emit("T-3", st.ctx[0], "goes the only way", "唯一の道を行く")


G = tiny_game("tiny", FLOW, TinyState, TinyAction, [("round", 0), ("round", 1)],
              lambda: {"n": 2, "picks": [0, 0], "total": 0}, seats=2)


def test_runs_to_the_first_question_and_asks_the_right_seat():
    st = G.new_state()
    assert G.to_move(st) == 0
    assert G.legal_actions(st) == [TinyAction("pick", 1), TinyAction("pick", 2)]
    G.apply(st, TinyAction("pick", 2))
    assert G.to_move(st) is CHANCE
    assert G.chance_outcomes(st) == [(1, 1 / 3), (2, 1 / 3), (3, 1 / 3)]


def test_a_single_option_is_applied_at_once_counted_and_recorded():
    st = G.new_state()
    G.apply(st, TinyAction("pick", 1))
    G.apply(st, 3)
    # seat 0's "only" decision had one option: applied without asking, then seat 1 is asked
    assert G.to_move(st) == 1
    assert st.forced == 1
    (at, seat, action), = st.auto
    assert (seat, action) == (0, TinyAction("only"))
    assert st.log[at].rule == "T-3"


def test_the_game_ends_when_the_stack_is_empty():
    played = play_game(G, None, [_First(), _First()], seed=3)
    assert G.is_over(played.state) and G.to_move(played.state) is None
    assert played.decisions == 2  # the two forced decisions were not put to the agents


@pytest.mark.parametrize("bad", [("pick", 1), None, OtherAction("pick", 1), TinyAction("jump"),
                                 TinyAction("pick", 7), ["pick", 1]])
def test_refuses_anything_but_a_legal_action_of_this_game_and_changes_nothing(bad):
    st = G.new_state()
    before = (st.phase, st.seat, st.options, st.picks[:], len(st.log))
    with pytest.raises(IllegalAction) as err:
        G.apply(st, bad)
    assert "\n" not in str(err.value)
    assert (st.phase, st.seat, st.options, st.picks[:], len(st.log)) == before


def test_an_impossible_chance_outcome_is_refused():
    st = G.new_state()
    G.apply(st, TinyAction("pick", 1))
    with pytest.raises(IllegalAction):
        G.apply(st, 9)
    with pytest.raises(IllegalAction):
        G.apply(st, [1])


def test_hidden_events_read_in_full_only_by_their_seats():
    st = G.new_state()
    G.apply(st, TinyAction("pick", 2))
    mine = [e.text for e in log_for(st.log, 0)]
    theirs = [e.text for e in log_for(st.log, 1)]
    assert "seat 0 picks 2" in mine
    assert "seat 0 picks" in theirs and "seat 0 picks 2" not in theirs
    assert all(e.data == {} for e in log_for(st.log, 1) if e.rule == "T-1")
    assert [e.text for e in log_for(st.log, None)] == mine


def test_actions_round_trip_through_json_and_read_in_both_languages():
    a = TinyAction("pick", (1, (2, "x")))
    assert TinyAction.from_json(a.to_json()) == a
    assert TinyAction("pick", 2).describe("ja") == "2を選ぶ"
    assert TinyAction("unknown", 1).describe() == "unknown 1"
    with pytest.raises(IllegalAction):
        TinyAction.from_json({"kind": "pick"})


def test_clones_are_independent():
    st = G.new_state()
    c = st.clone()
    G.apply(c, TinyAction("pick", 1))
    assert st.phase is Phase.PICK and c.phase is Phase.ROLL and st.stack != c.stack


def test_a_phase_enum_needs_run_and_over():
    class Bad(enum.IntEnum):
        ASK = 0

    with pytest.raises(TypeError):
        Flow(Bad)


class _First:
    name = "first"

    def act(self, game, state, rng: random.Random):
        self.last_options = len(game.legal_actions(state))
        return game.legal_actions(state)[0]


def test_the_last_real_choice_is_kept_and_forced_ones_do_not_overwrite_it():
    """FlowState.last: what the table saw chosen, so equal positions reached by different
    choices stay told apart in observations (forced decisions and chance leave it)."""
    import json

    from designkit.core.flow_dict import last_from_json, last_to_json

    st = G.new_state()
    assert st.last is None
    G.apply(st, TinyAction("pick", 2))
    assert st.last == (0, TinyAction("pick", 2))
    G.apply(st, 3)                       # chance, then the forced "only" decision
    assert st.forced == 1 and st.last == (0, TinyAction("pick", 2))
    twin = st.clone()
    assert twin.last == st.last
    data = json.loads(json.dumps(last_to_json(st)))
    back = G.new_state()
    last_from_json(back, data, TinyAction)
    assert back.last == st.last and type(back.last[1]) is TinyAction
    last_from_json(back, None)
    assert back.last is None


def test_a_note_task_logs_its_seat_only_while_logging_and_runs_on():
    """``Flow.note_task``: one event for the seat (``{seat}`` its label), then the flow goes on."""
    flow = Flow(Phase)
    flow.note_task("rest_end", "T-9", "Resting ends {seat}'s turn", "{seat}の休息終了")

    class Seen:
        def __init__(self, log):
            self.log, self.events = log, []

        def emit(self, *args):
            self.events.append(args)

    logging, quiet = Seen([]), Seen(None)
    assert flow.tasks["rest_end"](logging, 1) is False
    assert flow.tasks["rest_end"](quiet, 1) is False
    assert logging.events == [("T-9", 1, f"Resting ends {seat_label(1)}'s turn", f"{seat_label(1)}の休息終了")]
    assert quiet.events == []


def test_an_ask_task_asks_its_seat_unless_told_to_skip():
    """``Flow.ask_task``: the seat is asked the phase's question with itself as the context;
    ``skip`` lets the flow run on without asking."""
    FLOW.ask_task("ask_pick", Phase.PICK)
    FLOW.ask_task("ask_pick_unless_picked", Phase.PICK, skip=lambda st, seat: st.picks[seat] > 0)
    try:
        st = G.new_state()
        st.phase = Phase.RUN
        assert FLOW.tasks["ask_pick"](st, 1) is True
        assert (st.phase, st.seat, st.ctx) == (Phase.PICK, 1, (1,))
        st.phase, st.picks[0] = Phase.RUN, 2
        assert FLOW.tasks["ask_pick_unless_picked"](st, 0) is False and st.phase is Phase.RUN
    finally:
        del FLOW.tasks["ask_pick"], FLOW.tasks["ask_pick_unless_picked"]
