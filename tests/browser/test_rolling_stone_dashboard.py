"""The Life is Rolling Stone design lab in Voila, driven in Chromium like a designer would.

Served from notebooks/dashboards/rolling_stone.ipynb (``rolling_stone_url``). Each test
opens its own page (so its own kernel): the lab starts from the draft, 4 players.
Screenshots of each state go to test-artifacts/.
"""

from __future__ import annotations

import re

import pytest
from dk_browser import (
    STEP_MS,
    STEPPER_BOARD,
    STEPPER_LOG,
    bar_count,
    boxes_inside,
    eventually,
    expect_lab_shown,
    expect_status,
    open_lab,
    run_simulation,
    select_controller,
    status_step,
    step_until,
    text_changes,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SEATS = 4  # the draft's default player count (LR-1.1: 3–4 players)


def test_page_shows_the_rolling_stone_lab(rolling_stone_url: str, page, snap) -> None:
    open_lab(page, rolling_stone_url)
    expect_lab_shown(page, "Rolling Stone", "LR-8.2")  # the die tumble
    snap(page, "rules")


def test_step_advances_the_log_and_the_board_draws_the_albums(rolling_stone_url: str, page,
                                                              snap) -> None:
    open_lab(page, rolling_stone_url, tab="Play")
    board = page.locator(STEPPER_BOARD)
    expect(board.locator("svg")).to_have_count(SEATS)  # one album per player, as SVG
    expect(page.locator(STEPPER_LOG)).to_contain_text("LR-2.4")  # set-up events, no step yet
    # Seat A starts as a human; a bot in its place lets every click of Step be a step.
    select_controller(page, "A", "random")
    snap(page, "before-step")
    # The first 16 steps deal 4 dream cards to each of the 4 seats (chance steps, logged
    # when all are dealt); then each seat sets aside a dream to pass left, in secret until
    # all have chosen (LR-A10), one step each. Click until that shows, checking that every click counts.
    logs = step_until(page, lambda logs: "LR-A10" in logs[-1], 24)
    assert len(logs) >= 3, f"the steps changed the event log only {len(logs) - 1} times"
    assert "LR-2.1" in logs[-1]  # the dream cards are dealt
    assert "LR-A10" in logs[-1]  # and set aside to pass left (LR-2.2, secret until all chose)
    expect(board.locator("svg")).to_have_count(SEATS)
    assert board.locator("svg rect").count() >= SEATS * 5  # frame + card + 4 dice each
    assert page.locator(".dk-stepper .dk-error:visible").count() == 0
    snap(page, "after-steps")


def test_100_games_draw_one_win_rate_bar_per_seat(rolling_stone_url: str, page, snap) -> None:
    page.set_viewport_size({"width": 1024, "height": 2000})  # the Simulate tab at 1024 px
    open_lab(page, rolling_stone_url)
    run_simulation(page, 100, SEATS)
    assert bar_count(page) == SEATS
    # skill bars too; until plotly's resize has landed
    eventually(lambda: boxes_inside(page, ".dk-sim .dk-charts .dk-chart .main-svg", 1024))
    snap(page, "simulated-100-games")


def test_a_move_made_by_clicking_the_board(rolling_stone_url: str, page, snap) -> None:
    page.set_viewport_size({"width": 1024, "height": 1600})  # the Play tab at 1024 px
    open_lab(page, rolling_stone_url, tab="Play")
    stepper = page.locator(".dk-stepper").first
    stepper.locator(".dk-advance").click()  # dealt: A (human) passes a dream card (LR-2.2)
    expect_status(page, "A (human) to decide")
    dreams = page.locator(f"{STEPPER_BOARD} .dk-dream.dk-clickable")
    expect(dreams).to_have_count(4)  # A's four dream cards, each a move
    expect(dreams.first).to_contain_text("dream:")  # the card's text is on the card
    snap(page, "board-before-click")
    step = status_step(page)
    dreams.first.click()
    expect_status(page, f"Step {step + 1} ")
    expect(page.locator(STEPPER_LOG)).to_contain_text("sets aside a dream card")
    assert page.locator(".dk-stepper .dk-error:visible").count() == 0
    snap(page, "board-after-click")


def test_the_log_seen_by_seat_a_never_shows_another_seats_hidden_card(rolling_stone_url: str,
                                                                     page, snap) -> None:
    open_lab(page, rolling_stone_url, tab="Play")
    stepper = page.locator(".dk-stepper").first
    viewer = stepper.get_by_label("View as")
    shown = viewer.evaluate("s => s.options[s.selectedIndex].text")
    assert shown == "A", shown  # A is human: the lab shows A's view by default
    stepper.locator(".dk-advance").click()  # every hand dealt; A decides first
    expect_status(page, "A (human) to decide")
    viewer.select_option(label="all (designer)")
    others = page.locator(f"{STEPPER_BOARD} .dk-seat").filter(
        has_not_text=re.compile(r"^A\b")).locator(".dk-dream b")
    expect(others.first).to_be_visible(timeout=STEP_MS)
    hidden = {t.strip() for t in others.all_inner_texts()}
    mine = {t.strip() for t in page.locator(f"{STEPPER_BOARD} .dk-seat").first
            .locator(".dk-dream b").all_inner_texts()}
    hidden -= mine
    assert len(hidden) == 12, hidden  # B, C and D hold four dream cards each
    designer_log = page.locator(STEPPER_LOG).inner_text()
    viewer.select_option(label="A")
    assert text_changes(page, STEPPER_LOG, designer_log), "A's view left the log unchanged"
    log = page.locator(STEPPER_LOG).inner_text()
    leaked = sorted(name for name in hidden if name in log)
    assert leaked == [], f"A's log shows other seats' dream cards: {leaked}"
    board = page.locator(STEPPER_BOARD).inner_text()
    assert not [name for name in hidden if name in board]
    snap(page, "seat-a-view")
