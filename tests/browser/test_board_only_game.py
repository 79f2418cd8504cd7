"""A whole game by clicking the board alone (issue 26), in Chromium at 1024 px: Witch
Academia and 王道勇者 at their fewest players, the human seat A against bots, every one of
A's decisions taken by a click on the board (a piece or a token, core/board_html.py) — no
decision button is pressed — until the game is over. The stepper's own Advance button (let
the bots move) is not a decision.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from dk_browser import REDRAW_MS, STEPPER_STATUS, lab_page, open_tab, set_field
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

GAMES = {"witch_academy": 3, "classic_hero": 3}


@pytest.fixture(scope="module", params=sorted(GAMES))
def lab(request: pytest.FixtureRequest, browser, browser_context_args: dict  # noqa: ANN001
        ) -> Iterator[tuple[str, object]]:
    with lab_page(browser, browser_context_args, request.param, 1400) as page:
        yield request.param, page


def test_a_whole_game_by_board_clicks_alone(lab, snap) -> None:  # noqa: ANN001
    name, page = lab
    open_tab(page, "Parameters")
    set_field(page, "players", str(GAMES[name]))
    open_tab(page, "Play")
    stepper = page.locator(".dk-stepper").first
    stepper.locator(".dk-new").first.click()
    status, log = page.locator(STEPPER_STATUS), page.locator(".dk-stepper .widget-html.dk-log")
    clicks = 0
    for _ in range(400):
        text = status.inner_text()
        if "game over" in text:
            break
        if "A (human) to decide" not in text:
            stepper.locator(".dk-advance").click()
            expect(status).to_contain_text(re.compile(r"A \(human\) to decide|game over"),
                                           timeout=REDRAW_MS)
            continue
        before = log.inner_text()
        step = re.search(r"Step (\d+)", text).group(1)
        target = stepper.locator(".dk-board-view .dk-clickable")
        expect(target.first).to_be_visible(timeout=REDRAW_MS)
        target.first.click()
        clicks += 1
        expect(status).not_to_contain_text(f"Step {step} ", timeout=REDRAW_MS)
        expect(log).not_to_have_text(before, timeout=REDRAW_MS)
        if clicks == 1:
            snap(page, f"{name}-first-board-click")
    else:
        pytest.fail(f"{name}: no end after 400 steps ({clicks} board clicks)")
    snap(page, f"{name}-game-over-by-board-clicks")
    assert "game over" in status.inner_text()
    assert clicks >= 10, f"only {clicks} of A's decisions were taken"
    assert stepper.locator(".dk-error:visible").count() == 0
