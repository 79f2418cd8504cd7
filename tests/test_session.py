"""Session: the stepper's game in progress (determinism, time travel, records)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from designkit import DesignkitError, IllegalAction, get_game, list_games
from designkit.agents import make_agents
from designkit.core.play import play_game
from designkit.core.records import replay, verify
from designkit.session import HUMAN, Session, seat_count

G = get_game("crossroads")


def _dump(state) -> dict:
    return G.state_to_dict(state)


def _first_choice(session: Session) -> None:
    """A scripted human: always the first legal decision."""
    while not session.is_over:
        session.advance()
        if session.human_to_move:
            session.human_move(session.legal_actions()[0])


@pytest.mark.parametrize(("players", "agents", "seed"), [
    (3, ["random", "greedy", "mcts:8"], 11),
    (4, ["random"] * 4, 7),
    (5, ["greedy"] * 5, 3),
])
def test_bots_to_the_end_equal_play_game(players, agents, seed):
    params = G.params_type(players=players)
    played = play_game(G, params, make_agents(agents, players), seed, log=True,
                       keep_steps=True)
    session = Session(G, params, seed, agents)
    session.play_to_end()
    assert session.is_over
    assert list(session.steps) == played.steps
    assert _dump(session.state) == _dump(played.state)
    assert session.events == played.state.log


@pytest.mark.parametrize("name", [g.name for g in list_games()])
def test_every_game_plays_like_play_game_and_round_trips(name):
    """Generic over the registry: nothing above is Crossroads-specific."""
    game = get_game(name)
    params = game.params_type()
    agents = ["random"] * seat_count(game, params)
    played = play_game(game, params, make_agents(agents, len(agents)), 5, log=True,
                       keep_steps=True)
    session = Session(game, params, 5, agents)
    session.play_to_end()
    assert list(session.steps) == played.steps
    record = json.loads(json.dumps(session.to_record()))
    verify(record)
    assert Session.from_record(record).steps == session.steps
    session.jump_to(len(played.steps) // 2)
    _, expected, _ = replay(record, upto=session.cursor)
    assert game.state_to_dict(session.state) == game.state_to_dict(expected)


def test_jump_reaches_the_replayed_position():
    session = Session(G, G.params_type(players=4), 5, "random", snapshot_every=8)
    session.play_to_end()
    record = session.to_record()
    n = session.cursor
    for index in (0, 1, 9, 16, 17, n // 2, n - 1, 3, n):
        session.jump_to(index)
        _, expected, _ = replay(record, upto=index)
        assert session.cursor == index
        assert _dump(session.state) == _dump(expected)
    with pytest.raises(IndexError):
        session.jump_to(n + 1)


def test_undo_redo_walk_the_history():
    session = Session(G, seed=2, controllers="random")
    session.advance()
    n = session.cursor
    final = _dump(session.state)
    assert session.undo() and session.undo()
    assert session.cursor == n - 2 and session.can_redo
    assert session.redo()
    assert session.cursor == n - 1
    session.jump_to(0)
    assert not session.undo()
    session.jump_to(n)
    assert not session.redo()
    assert _dump(session.state) == final


def test_step_after_undo_retraces_and_keeps_the_future():
    session = Session(G, seed=4, controllers=["random", "greedy", "random", "mcts:5"])
    session.play_to_end()
    steps = session.steps
    session.jump_to(30)
    for _ in range(5):
        session.step()
    assert session.cursor == 35
    assert session.steps == steps  # the same steps came out: the redo history stays


def test_advance_stops_for_a_human_and_human_move_applies():
    session = Session(G, seed=1, controllers=[HUMAN, "random", "random", "random"])
    session.advance()
    assert session.human_to_move and session.to_move == 0
    assert session.step() is None  # nothing for bots to do
    legal = session.legal_actions()
    step = session.human_move(legal[-1])
    assert (step.seat, step.action) == (0, legal[-1])
    assert session.steps[-1] == step


def test_a_person_as_stand_in_is_one_line_and_changes_nothing():
    session = Session(G, seed=1, controllers=HUMAN)
    session.advance()
    cursor = session.cursor
    with pytest.raises(DesignkitError, match="person's"):
        session.play_to_end(stand_in=HUMAN)
    assert session.cursor == cursor and session.human_to_move


def test_illegal_human_move_changes_nothing():
    session = Session(G, seed=1, controllers=HUMAN)
    with pytest.raises(IllegalAction, match="chance"):
        session.human_move(session.legal_actions())  # the deal is a chance step
    session.advance()
    session.play_to_end(stand_in=None)
    assert session.human_to_move
    before, cursor, steps = _dump(session.state), session.cursor, session.steps
    with pytest.raises(IllegalAction):
        session.human_move(("no such", "action"))
    assert (_dump(session.state), session.cursor, session.steps) == (before, cursor, steps)


def test_a_different_decision_replaces_the_future():
    session = Session(G, seed=8, controllers=[HUMAN, "random", "random"],
                      params=G.params_type(players=3))
    _first_choice(session)
    # back to the last human decision, decide differently
    last = max(i for i, s in enumerate(session.steps) if s.seat == 0
               and len(_legal_at(session, i)) > 1)
    session.jump_to(last)
    other = next(a for a in session.legal_actions() if a != session.steps[last].action)
    session.human_move(other)
    assert len(session.steps) == session.cursor == last + 1


def _legal_at(session: Session, index: int) -> list:
    keep = session.cursor
    session.jump_to(index)
    legal = session.legal_actions()
    session.jump_to(keep)
    return legal


def test_a_session_is_a_function_of_seed_and_human_decisions():
    params = G.params_type(players=3)
    plain = Session(G, params, 21, [HUMAN, "greedy", "random"])
    _first_choice(plain)
    wobbly = Session(G, params, 21, [HUMAN, "greedy", "random"])
    wobbly.advance()
    wobbly.human_move(wobbly.legal_actions()[0])
    mark = wobbly.cursor
    wobbly.set_controller(1, "random")  # a different bot for a while ...
    wobbly.play_to_end(stand_in="greedy")
    assert wobbly.steps != plain.steps
    wobbly.jump_to(mark)
    wobbly.set_controller(1, "greedy")  # ... then back: the streams rewind with the history
    _first_choice(wobbly)
    assert wobbly.steps == plain.steps


def test_record_roundtrip(tmp_path):
    session = Session(G, G.params_type(players=3, end_hand_sum=24), 9,
                      [HUMAN, "random", "greedy"])
    session.play_to_end()
    record = json.loads(json.dumps(session.to_record()))
    verify(record)
    loaded = Session.from_record(record)
    assert loaded.controllers == session.controllers
    assert loaded.params == session.params and loaded.seed == 9
    assert loaded.steps == session.steps and loaded.cursor == session.cursor
    assert _dump(loaded.state) == _dump(session.state)
    session.jump_to(20)
    partial = Session.from_record(json.loads(json.dumps(session.to_record())))
    assert partial.cursor == 20 and not partial.is_over


def test_stepping_follows_a_loaded_record():
    session = Session(G, seed=12, controllers="greedy")
    session.play_to_end()
    loaded = Session.from_record(json.loads(json.dumps(session.to_record())))
    loaded.set_controller(1, "random")  # even a different bot does not redraw a loaded step
    loaded.jump_to(10)
    loaded.step()
    assert loaded.cursor == 11 and loaded.steps == session.steps
    loaded.play_to_end()
    assert loaded.steps == session.steps and loaded.is_over
    decision = next(i for i, s in enumerate(session.steps) if i >= 40 and s.seat is not None)
    loaded.jump_to(decision)
    loaded.set_controller(session.steps[decision].seat, HUMAN)
    loaded.play_to_end(stand_in="random")  # the stand-in follows the record too
    assert loaded.steps == session.steps


def test_new_game_and_controllers():
    session = Session(G, seed=3, controllers="random")
    session.advance()
    session.new_game()
    assert session.seed == 4 and session.cursor == 0 and session.steps == ()
    session.new_game(seed=10, params=G.params_type(players=5))
    assert session.players == 5 and len(session.controllers) == 5
    with pytest.raises(DesignkitError):
        session.set_controller(0, "clever")
    with pytest.raises(DesignkitError):
        Session(G, controllers=["random", "random"])


def test_step_events_cover_the_log():
    session = Session(G, seed=6, controllers="random")
    session.advance()
    spans = [session.step_events(i) for i in range(1, session.cursor + 1)]
    assert spans[-1].stop == len(session.events)
    assert all(a.stop == b.start for a, b in zip(spans, spans[1:], strict=False))


def test_engine_modules_never_import_widgets():
    """designkit runs headless (workers, Dask): the session and chart code stay widget-free."""
    code = ("import sys, designkit.session, designkit.analysis.charts, "
            "designkit.analysis.compare; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'IPython', 'designkit_widgets')); print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == ""
