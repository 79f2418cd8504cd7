"""The Crossroads design lab in Voila, driven in Chromium like a designer would.

Each test opens its own page (so its own kernel): the lab starts from the draft.
Screenshots of each state go to test-artifacts/.
"""

from __future__ import annotations

import pytest
from dk_browser import (
    REDRAW_MS,
    SECTION_HEADER,
    STEP_MS,
    STEPPER_BOARD,
    STEPPER_LOG,
    STEPPER_STATUS,
    bar_count,
    boxes_inside,
    eventually,
    expect_lab_shown,
    expect_status,
    open_lab,
    open_tab,
    param_row,
    run_simulation,
    select_controller,
    set_field,
    status_step,
    step_until,
    text_changes,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

def test_page_shows_the_lab(voila_url: str, page, snap) -> None:
    open_lab(page, voila_url)
    expect_lab_shown(page, "Crossroads", "CR-4.1")
    snap(page, "rules")


def test_three_players_and_200_games_redraw_the_win_rate_chart(voila_url: str, page,
                                                               snap) -> None:
    open_lab(page, voila_url, tab="Parameters")
    set_field(page, "players", "3")
    expect(page.locator(".dk-params .dk-diff")).to_contain_text("players")
    snap(page, "players-3")

    run_simulation(page, 200, 3)
    assert bar_count(page) == 3
    snap(page, "simulated-3-seats")


def test_step_advances_the_log(voila_url: str, page, snap) -> None:
    open_lab(page, voila_url, tab="Play")
    expect(page.locator(STEPPER_LOG)).to_contain_text("CR-2.1")
    snap(page, "before-step")
    # The first steps deal the starting hands (chance steps); their events appear once
    # the hands are dealt, so click until the log changes, checking every click counts.
    logs = step_until(page, lambda logs: len(logs) > 1, 15)
    after = logs[-1]
    assert len(logs) > 1, "15 steps did not change the event log"
    assert "CR-2.2" in after  # the starting hands are dealt
    snap(page, "after-step")


def test_human_seat_moves_by_clicking_an_action(voila_url: str, page, snap) -> None:
    open_lab(page, voila_url, tab="Play")
    select_controller(page, "A", "random")
    select_controller(page, "B", "human")
    stepper = page.locator(".dk-stepper").first
    stepper.locator(".dk-advance").click()
    actions = stepper.locator(".dk-action")
    expect(actions.first).to_be_visible(timeout=STEP_MS)
    expect_status(page, "B (human) to decide")
    snap(page, "human-to-decide")
    log = page.locator(STEPPER_LOG)
    before_log, before_step = log.inner_text(), status_step(page)
    choice = actions.first.inner_text()
    actions.first.click()
    expect(page.locator(STEPPER_STATUS)).not_to_contain_text(f"Step {before_step} ",
                                                              timeout=STEP_MS)
    assert status_step(page) == before_step + 1
    assert text_changes(page, STEPPER_LOG, before_log), \
        f"clicking {choice!r} left the log unchanged"
    assert stepper.locator(".dk-error:visible").count() == 0
    snap(page, "human-moved")


def test_a_typed_out_of_range_value_stays_and_shows_its_error(voila_url: str, page,
                                                               snap) -> None:
    open_lab(page, voila_url, tab="Parameters")
    set_field(page, "end_hand_sum", "500")
    box = param_row(page, "end_hand_sum").locator("input")
    error = param_row(page, "end_hand_sum").locator(".dk-error")
    expect(error).to_be_visible(timeout=STEP_MS)
    expect(error).to_contain_text("2–100")  # the range
    expect(error).to_contain_text("CR-8.1")  # the rule
    page.wait_for_timeout(500)  # nothing comes back to "fix" the value
    expect(box).to_have_value("500")  # what was typed stays
    summary = page.locator(".dk-params .dk-error-summary")
    expect(summary).to_contain_text("end_hand_sum")  # listed at the top of the tab
    expect(page.locator(SECTION_HEADER).filter(has_text="⚠")).to_have_count(1)
    page.locator(SECTION_HEADER).filter(has_text="⚠").click()  # close it: still marked
    expect(page.locator(SECTION_HEADER).filter(has_text="⚠")).to_contain_text("1 to fix")
    snap(page, "field-error")

    open_tab(page, "Simulate")
    sim = page.locator(".dk-sim").first
    sim.locator(".dk-run").click()
    refused = sim.locator(".dk-error")
    expect(refused).to_be_visible(timeout=STEP_MS)
    expect(refused).to_contain_text("end_hand_sum")
    page.wait_for_timeout(1000)  # a run, had it started, would have drawn by now
    assert sim.locator(".dk-winrate .barlayer .point").count() == 0
    assert sim.locator(".dk-summary tbody tr").count() == 0
    snap(page, "run-refused")


def test_no_chart_is_cut_at_1024_or_420_px(voila_url: str, page, snap) -> None:
    page.set_viewport_size({"width": 1024, "height": 1800})  # tall: the screenshots show all
    open_lab(page, voila_url, tab="Simulate")
    sim = page.locator(".dk-sim").first
    games = sim.get_by_label("Games", exact=True)
    games.fill("100")
    games.press("Enter")
    sim.locator(".dk-run").click()
    expect(sim.locator(".dk-ok")).to_have_text("100 games", timeout=REDRAW_MS)
    charts = sim.locator(".dk-charts .dk-chart .js-plotly-plot")
    expect(charts.first).to_be_visible(timeout=REDRAW_MS)
    assert charts.count() >= 4  # win rate, score, length, end reasons (and more)
    for width in (1024, 420):
        page.set_viewport_size({"width": width, "height": 1800})
        # the grid reflows, plotly resizes each chart: until both fit (or REDRAW_MS)
        boxes = eventually(lambda w=width: (
            boxes_inside(page, ".dk-sim .dk-charts .dk-chart .main-svg", w),
            boxes_inside(page, ".dk-sim .dk-charts .dk-chart", w))[1])
        if width == 420:  # one column
            assert len({round(b["x"]) for b in boxes}) == 1, boxes
        else:
            assert len({round(b["x"]) for b in boxes}) >= 2, "two columns fit at 1024 px"
        snap(page, f"simulate-{width}px")
    page.set_viewport_size({"width": 1024, "height": 1800})
    open_tab(page, "Play")
    eventually(lambda: boxes_inside(page, STEPPER_BOARD, 1024))
    snap(page, "play-1024px")


def test_bots_move_on_their_own_until_the_human_decides(voila_url: str, page, snap) -> None:
    open_lab(page, voila_url, tab="Play")
    stepper = page.locator(".dk-stepper").first
    stepper.locator(".dk-auto input").check()  # A is human, the bots play until A's turn
    expect_status(page, "A (human) to decide", timeout=REDRAW_MS)
    expect(stepper.locator(".dk-action").first).to_be_visible()
    assert status_step(page) > 0
    snap(page, "auto-reached-human")
