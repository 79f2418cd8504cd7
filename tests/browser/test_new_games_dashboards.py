"""Little Witch Academia and Classic Hero design labs in Voila, driven in Chromium from
clicks alone (issues 11 and 12): a human seat decides in the draft and the main phase
(Witch Academia) or on its own turns (Classic Hero), then the Simulate tab plays and plots.

One Voila server per game for the module; each test opens its own page (its own kernel).
Screenshots at 1024 px go to test-artifacts/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from dk_browser import (
    DASHBOARDS,
    STEPPER_LOG,
    STEPPER_STATUS,
    VoilaServer,
    boxes_inside,
    eventually,
    open_lab,
    open_tab,
    run_simulation,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

STEP_MS = 30_000
SETTLE_MS = 400
#: game -> (title in the game picker, seats, rule IDs the human's own clicks must log)
GAMES = {
    "witch_academy": ("Little Witch Academia", 4, ("LW-3.4", "LW-5.1")),
    "classic_hero": ("Classic Hero", 3, ("CH-5", "CH-6")),
}


@pytest.fixture(scope="module", params=sorted(GAMES))
def lab(request: pytest.FixtureRequest) -> Iterator[tuple[str, str]]:
    server = VoilaServer(DASHBOARDS / f"{request.param}.ipynb").start()
    try:
        yield request.param, server.url
    finally:
        server.stop()


def _step(page) -> int:  # noqa: ANN001
    return int(re.search(r"Step (\d+)", page.locator(STEPPER_STATUS).inner_text()).group(1))


def _areas_fit_the_board(stepper, expect_areas: bool) -> None:  # noqa: ANN001
    """Witch Academia's Areas wrap inside the board's column (a fixed-width drawing had its
    fourth column cut at 1024 px); other games have no Areas."""
    board = stepper.locator(".dk-board").first.bounding_box()
    areas = stepper.locator(".dk-area").all()
    assert bool(areas) == expect_areas
    for area in areas:
        box = area.bounding_box()
        assert box is not None and board is not None
        assert box["x"] + box["width"] <= board["x"] + board["width"] + 1, (box, board)


def test_a_human_seat_plays_by_clicks(lab: tuple[str, str], page, snap) -> None:
    name, url = lab
    title, _, rules = GAMES[name]
    page.set_viewport_size({"width": 1024, "height": 1600})
    open_lab(page, url)
    expect(page.locator(".dk-lab .dk-game-select select")).to_have_value(re.compile(title))
    open_tab(page, "Play")
    stepper = page.locator(".dk-stepper").first
    log = page.locator(STEPPER_LOG)
    mine: list[str] = []   # the log lines each of A's clicks added
    status = page.locator(STEPPER_STATUS)
    for _ in range(60):
        if "A (human) to decide" not in status.inner_text():
            stepper.locator(".dk-advance").click()   # the bots play until A (human) decides
            expect(status).to_contain_text("A (human) to decide", timeout=STEP_MS)
        actions = stepper.locator(".dk-action")
        expect(actions.first).to_be_visible()
        if not mine:
            snap(page, "human-to-decide")
            _areas_fit_the_board(stepper, expect_areas=name == "witch_academy")
        before, step = log.inner_text(), _step(page)
        # the status line is redrawn a moment before the decision buttons: let those settle,
        # so the click lands on this step's button and not on the last one's
        page.wait_for_timeout(SETTLE_MS)
        actions.first.click()
        expect(status).not_to_contain_text(f"Step {step} ", timeout=STEP_MS)
        expect(log).not_to_have_text(before, timeout=STEP_MS)   # the click was logged
        old = set(before.splitlines())
        mine.append("\n".join(ln for ln in log.inner_text().splitlines() if ln not in old))
        if all(any(rule in text for text in mine) for rule in rules):
            break
    else:
        pytest.fail(f"60 human moves in {name} never logged all of {rules}")
    assert stepper.locator(".dk-error:visible").count() == 0
    snap(page, "human-moved")


def test_simulate_plots_from_clicks(lab: tuple[str, str], page, snap) -> None:
    name, url = lab
    _, seats, _ = GAMES[name]
    page.set_viewport_size({"width": 1024, "height": 2000})
    open_lab(page, url)
    sim = run_simulation(page, 60, seats)
    eventually(lambda: boxes_inside(page, ".dk-sim .dk-charts .dk-chart .main-svg", 1024))
    assert sim.locator(".dk-error:visible").count() == 0
    snap(page, "simulated")
