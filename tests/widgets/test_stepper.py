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


# -- playtesting: boards you click, own-seat view, hidden cards, bots on their own ------------
def _keys(html: str) -> set[str]:
    import html as markup
    import re

    return {json.dumps(json.loads(markup.unescape(m)), separators=(",", ":"),
                       ensure_ascii=False)
            for m in re.findall(r"data-action='([^']*)'", html)}


@pytest.mark.parametrize("game", ["crossroads", "rolling_stone"])
def test_a_click_on_the_board_is_the_move(game):
    st = Stepper(game, seed=3)  # A is human
    st.advance_button.click()
    assert st.session.human_to_move
    clickable = _keys(st.board.html) & set(st.board.legal)
    assert clickable, "the board offers the human's decision as something to click"
    legal = {json.dumps(st.game.action_to_json(a), separators=(",", ":"), ensure_ascii=False)
             for a in st.session.legal_actions()}
    assert set(st.board.legal) == legal
    key = sorted(clickable)[0]
    cursor = st.session.cursor
    st.board.pick(json.loads(key))
    assert st.session.steps[cursor].action == st.game.action_from_json(json.loads(key))
    assert "dk-error" not in st.message._dom_classes


def test_a_click_on_something_not_legal_changes_nothing(stepper):
    stepper.advance_button.click()
    steps = stepper.session.steps
    stepper.board.pick(["no_such_move", 1])
    assert stepper.session.steps == steps


def test_a_human_seat_views_its_own_seat_by_default(stepper):
    assert stepper.session.controllers[0] == "human" and stepper.viewer.value == 0
    stepper.controller_dropdowns[2].value = "human"
    assert stepper.viewer.value == 2
    stepper.controller_dropdowns[2].value = "random"
    assert stepper.viewer.value == 0
    stepper.viewer.value = "all"  # the designer's view stays one choice away
    assert stepper.viewing is None


def test_the_log_as_seen_by_a_seat_hides_other_seats_hidden_events(stepper):
    state = stepper.session.state
    state.emit("CR-3.2", 1, "B draws a secret 9", "Bが秘密の9を引く", visible_to=(1,),
               public=("B draws a card", "Bがカードを1枚引く"))
    state.emit("CR-3.2", 2, "C peeks at a secret 4", visible_to=(2,))  # others: nothing
    stepper.viewer.value = 0
    stepper.render()
    assert "secret" not in stepper.log_view.value
    assert "B draws a card" in stepper.log_view.value
    stepper.viewer.value = 1
    assert "B draws a secret 9" in stepper.log_view.value
    assert "C peeks" not in stepper.log_view.value
    stepper.viewer.value = "all"  # the designer reads everything
    assert "B draws a secret 9" in stepper.log_view.value and "C peeks" in stepper.log_view.value


def test_the_whole_log_is_reachable_page_by_page():
    st = Stepper("rolling_stone", seed=2, controllers=["random"] * 4)
    st.viewer.value = "all"
    st.play_to_end()
    n = len(st.visible_events())
    assert n > 200, n
    assert f"of {n}" in st.log_where.value and st.log_later.disabled
    pages = -(-n // 200)
    for _ in range(pages - 1):
        st.log_earlier.click()
    assert "events 1–200" in st.log_where.value and st.log_earlier.disabled
    assert st.session.events[0].text.split(":")[0][:20] in st.log_view.value
    st.log_later.click()
    assert "events 201–" in st.log_where.value


def test_bots_move_on_their_own_until_a_human_decides(stepper):
    stepper.pace.value = 0.0
    stepper.auto.value = True
    stepper.wait_for_bots()
    assert stepper.session.human_to_move and stepper.session.cursor > 0
    assert stepper.action_buttons and "(human) to decide" in stepper.status.value
    cursor = stepper.session.cursor
    stepper.action_buttons[0].click()  # the human moves: the bots go on by themselves
    stepper.wait_for_bots()
    assert stepper.session.cursor > cursor + 1
    assert stepper.session.human_to_move or stepper.session.is_over


def test_a_seat_played_by_mcts_on_a_time_budget_keeps_its_moves_through_undo_and_redo():
    """The Play tab offers ``mcts:0.1s`` (issue 14, part 7): its moves depend on the
    machine, so undo and redo must give back the recorded moves, never a new search."""
    stepper = Stepper(G, seed=5, controllers=["mcts:0.1s", "random", "random", "random"])
    assert "mcts:0.1s" in stepper.controller_dropdowns[0].options
    stepper.advance_button.click()  # every seat is a bot: plays a while, stops at the end
    for _ in range(40):
        if stepper.session.is_over:
            break
        stepper.step_button.click()
    mcts_steps = [s for s in stepper.session.steps if s.seat == 0]
    assert mcts_steps, "the mcts seat never moved"
    n, board = stepper.session.cursor, stepper.board.html
    steps = stepper.session.steps
    stepper.timeline.value = 0
    stepper.timeline.value = n
    assert stepper.session.steps == steps and stepper.board.html == board


def test_japanese_switches_every_label_of_the_stepper():
    """Issue 26: 日本語 switches the status line, the buttons and the headings too."""
    import re

    from designkit_widgets import Stepper

    st = Stepper("classic_hero", controllers=["human", "random", "random"])
    st.lang.value = "ja"
    labels = [w.description for w in (st.new_button, st.step_button, st.advance_button,
                                      st.end_button, st.undo_button, st.redo_button,
                                      st.save_button, st.load_button, st.seed_input,
                                      st.viewer, st.auto, st.pace, st.timeline,
                                      st.record_path)]
    labels += [st.status.value, st.decisions_head.value, st.log_head.value,
               st.log_where.value]
    latin = [t for t in labels if not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", t)]
    assert latin == [], f"untranslated: {latin}"
    st.lang.value = "en"
    assert st.step_button.description == "Step" and "Step" in st.status.value
