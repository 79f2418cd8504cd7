"""Stepper headless: clicks drive the session; board, decisions, log and timeline follow."""

from __future__ import annotations

import json
import time

import pytest
from designkit_widgets import Stepper

from designkit import get_game
from designkit.core.play import Step

G = get_game("crossroads")


@pytest.fixture
def stepper() -> Stepper:
    return Stepper(G, seed=7)  # A is human, B–D random


def test_human_move_by_clicking(stepper, find):
    assert stepper.action_buttons == []
    stepper.advance_button.click()
    assert stepper.session.human_to_move and stepper.session.to_move == 0
    buttons = find(stepper, "dk-action")
    assert buttons == stepper.action_buttons and len(buttons) > 1
    legal = stepper.session.legal_actions()
    assert [b.description for b in buttons] == [G.describe_action(a) for a in legal]
    before = len(stepper.session.events)
    buttons[-1].click()
    assert stepper.session.steps[-1] == Step(0, legal[-1])
    assert len(stepper.session.events) > before
    assert "dk-new" in stepper.log_view.value
    assert stepper.step_button.disabled == stepper.session.human_to_move


def test_step_advances_the_log(stepper, find):
    assert find(stepper, "dk-step") == [stepper.step_button]
    assert "CR-2.1" in stepper.log_view.value
    stepper.step_button.click()
    stepper.step_button.click()
    assert stepper.session.cursor == 2 and stepper.timeline.max == 2
    assert stepper.log_view.value.count("<details") == len(stepper.session.events)
    assert "Step 2</b> of 2" in stepper.status.value


def test_log_entries_open_to_the_rule_texts(stepper):
    stepper.advance_button.click()
    html = stepper.log_view.value
    assert '<summary><code class="dk-rule">CR-2.2</code>' in html
    assert "The game is for" not in html or "CR-1.1" in html
    assert "dk-ruletext" in html and 'lang="ja"' in html  # English text and the draft's quote


def test_undo_redo_and_timeline(stepper):
    stepper.advance_button.click()
    n = stepper.session.cursor
    board = stepper.board.html
    stepper.undo_button.click()
    assert stepper.session.cursor == n - 1 and stepper.timeline.value == n - 1
    assert stepper.timeline.max == n and not stepper.redo_button.disabled
    stepper.redo_button.click()
    assert stepper.session.cursor == n and stepper.board.html == board
    assert stepper.redo_button.disabled
    stepper.timeline.value = 2
    assert stepper.session.cursor == 2 and stepper.board.html != board
    stepper.timeline.value = 0
    assert stepper.undo_button.disabled and stepper.session.cursor == 0


def test_play_to_end(stepper):
    stepper.end_button.click()
    assert stepper.session.is_over and "game over" in stepper.status.value
    assert stepper.end_button.disabled and stepper.step_button.disabled
    assert "random" in stepper.message.value  # the human seat had a stand-in


def test_controllers_viewer_and_language(stepper):
    stepper.controller_dropdowns[0].value = "greedy"
    stepper.advance_button.click()
    assert stepper.session.cursor > 10 and stepper.action_buttons == []
    omniscient = stepper.board.html
    stepper.viewer.value = 1
    assert stepper.board.html != omniscient  # B cannot see the other hands
    stepper.lang.value = "ja"
    assert "手札" in stepper.board.html


def test_illegal_choice_is_refused(stepper):
    stepper.advance_button.click()
    steps = stepper.session.steps
    stepper.choose(("not", "an action"))
    assert "dk-error" in stepper.message._dom_classes
    assert stepper.session.steps == steps


def test_new_game_and_params(stepper):
    stepper.advance_button.click()
    stepper.seed_input.value = 9
    stepper.new_button.click()
    assert stepper.session.seed == 9 and stepper.session.cursor == 0
    stepper.set_params(G.params_type(players=3))  # nothing decided yet: applies at once
    assert stepper.session.players == 3 and len(stepper.controller_dropdowns) == 3
    stepper.advance_button.click()
    stepper.action_buttons[0].click()
    stepper.set_params(G.params_type(players=5))  # a decision was made: wait for New game
    assert stepper.session.players == 3 and "New game" in stepper.message.value
    stepper.new_button.click()
    assert stepper.session.players == 5 and len(stepper.viewer.options) == 6


def test_save_and_load_record(stepper, tmp_path):
    stepper.advance_button.click()
    stepper.action_buttons[0].click()
    stepper.step_button.click()
    path = tmp_path / "game.json"
    stepper.record_path.value = str(path)
    stepper.save_button.click()
    record = json.loads(path.read_text(encoding="utf-8"))
    assert len(record["steps"]) == stepper.session.cursor
    other = Stepper(G, seed=1)
    other.record_path.value = str(path)
    other.load_button.click()
    assert other.session.steps == stepper.session.steps
    assert other.board.html == stepper.board.html and other.session.seed == 7
    other.record_path.value = str(tmp_path / "missing.json")
    other.load_button.click()
    assert "dk-error" in other.message._dom_classes


def test_redraw_is_quick():
    """Each click only re-renders: well under the ~200 ms a designer notices."""
    stepper = Stepper(G, G.params_type(players=5), seed=3, controllers=["random"] * 5)
    stepper.end_button.click()
    stepper.timeline.value = stepper.session.cursor // 2
    start = time.perf_counter()
    for _ in range(10):
        stepper.step_button.click()
        stepper.undo_button.click()
    assert (time.perf_counter() - start) / 20 < 0.2
