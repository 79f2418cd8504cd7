"""Issue 42's must-show, in Chromium at 1024 px: a Crossroads game in the lab with one human
seat (A, every decision clicked) against greedy bots, kept in the playtest journal with the
offer that appears at its end (one click), one paper playtest entered in the Playtests
tab's form, then both games listed with the bots' prediction beside them, with intervals.

The journal goes to a folder of the test's own (``DESIGNKIT_PLAYTESTS`` for the Voila
server this module starts), and the files are checked after the clicks: two game rows,
the lab game's record beside them.
"""

from __future__ import annotations

import csv
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from dk_browser import (
    DASHBOARDS,
    REDRAW_MS,
    STEPPER_STATUS,
    VoilaServer,
    open_lab,
    open_tab,
    select_controller,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
ENV = "DESIGNKIT_PLAYTESTS"


@pytest.fixture(scope="module")
def journal_lab(browser, browser_context_args: dict,  # noqa: ANN001
                tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[object, Path]]:
    """The Crossroads lab at 1024 × 900 on a Voila server whose journal is a temp folder."""
    root = tmp_path_factory.mktemp("playtests")
    old = os.environ.get(ENV)
    os.environ[ENV] = str(root)
    try:
        server = VoilaServer(DASHBOARDS / "crossroads.ipynb").start()
    finally:
        if old is None:
            del os.environ[ENV]
        else:
            os.environ[ENV] = old
    context = browser.new_context(**{**browser_context_args,
                                     "viewport": {"width": 1024, "height": 900}})
    page = context.new_page()
    try:
        open_lab(page, server.url)
        yield page, root / "crossroads"
    finally:
        page.close(run_before_unload=True)
        context.close()
        server.stop()


def play_as_a(page) -> int:  # noqa: ANN001
    """Play the game to its end: the bots move with Advance, A takes the first decision
    offered each time (a click on its button); the number of A's decisions."""
    stepper = page.locator(".dk-stepper").first
    status = page.locator(STEPPER_STATUS)
    decisions = 0
    for _ in range(400):
        text = status.inner_text()
        if "game over" in text:
            return decisions
        if "A (human) to decide" not in text:
            stepper.locator(".dk-advance").click()
            expect(status).to_contain_text(re.compile(r"A \(human\) to decide|game over"),
                                           timeout=REDRAW_MS)
            continue
        step = re.search(r"Step (\d+)", text).group(1)
        stepper.locator(".dk-action").first.click()
        decisions += 1
        expect(status).not_to_contain_text(f"Step {step} ", timeout=REDRAW_MS)
    pytest.fail(f"no end after 400 rounds ({decisions} decisions of A)")


def test_a_lab_game_and_a_paper_game_beside_the_bots(journal_lab, snap) -> None:  # noqa: ANN001
    page, folder = journal_lab
    open_tab(page, "Play")
    for seat in ("B", "C", "D"):
        select_controller(page, seat, "greedy")
    offer = page.locator(".dk-journal-offer")
    expect(offer).to_be_hidden()  # nothing is offered before the game ends
    assert play_as_a(page) >= 5
    expect(offer).to_be_visible(timeout=REDRAW_MS)
    assert not (folder / "games.csv").exists(), "saved without consent"
    snap(page, "offer-at-the-end")
    offer.locator(".dk-journal-save").click()
    expect(page.locator(".dk-journal-status")).to_contain_text("saved as pt-0001",
                                                               timeout=REDRAW_MS)

    open_tab(page, "Playtests")
    panel = page.locator(".dk-playtests").first
    expect(panel.locator(".dk-playtests-list")).to_contain_text("pt-0001", timeout=REDRAW_MS)
    form = panel.locator(".dk-paper-form")
    form.locator(".dk-paper-score input").first.fill("x")  # a bad field: refused, said
    form.locator(".dk-paper-add").click()
    expect(form.locator(".dk-paper-status")).to_contain_text("not a number",
                                                             timeout=REDRAW_MS)
    for i, (score, work, hand) in enumerate([("6", "8", "-1"), ("3", "5", "-2"),
                                             ("1", "4", "-3"), ("2", "3", "-1")]):
        form.locator(".dk-paper-score input").nth(i).fill(score)
        form.locator(".dk-paper-work_pile input").nth(i).fill(work)
        form.locator(".dk-paper-hand input").nth(i).fill(hand)
        form.locator(".dk-paper-s5_bonus input").nth(i).fill("0")
        form.locator(".dk-paper-skill_costs input").nth(i).fill(
            str(int(score) - int(work) - int(hand)))
    form.locator(".dk-paper-start select").select_option("B")
    form.locator(".dk-paper-turns input").fill("34")
    form.locator(".dk-paper-end input").fill("deck_out")
    form.locator(".dk-paper-add").click()
    expect(form.locator(".dk-paper-status")).to_contain_text("added pt-0002",
                                                             timeout=REDRAW_MS)
    games = panel.locator(".dk-playtests-list")
    expect(games).to_contain_text("pt-0002")
    expect(games).to_contain_text("lab")
    expect(games).to_contain_text("paper")

    panel.locator(".dk-playtests-bot-games input").fill("100")
    panel.locator(".dk-playtests-bot-games input").press("Enter")
    panel.locator(".dk-playtests-compare").click()
    prediction = panel.locator(".dk-playtests-prediction")
    expect(prediction).to_contain_text("2 playtests (1 paper, 1 lab)", timeout=REDRAW_MS)
    expect(prediction).to_contain_text("bots (greedy) [95%]")
    start_line = prediction.locator("tr").filter(has_text="start player")
    # the bots' interval beside the playtests' one (Wilson over 100 games, exact at n = 2)
    expect(start_line).to_contain_text(re.compile(r"\[\d+\.\d, \d+\.\d\] n=100"))
    expect(start_line).to_contain_text(re.compile(r"\[\d+\.\d, \d+\.\d\] n=2"))
    expect(panel.locator(".dk-status")).to_contain_text("1 rule set(s) compared",
                                                        timeout=REDRAW_MS)
    assert page.locator(".dk-playtests .dk-error:visible").count() == 0
    snap(page, "playtests-tab-1024")
    chart = panel.locator(".dk-playtests-charts .js-plotly-plot")
    expect(chart).to_be_visible(timeout=REDRAW_MS)  # the calibration chart, drawn
    expect(panel.locator(".dk-playtests-surprises")).to_contain_text("pt-0001")
    chart.scroll_into_view_if_needed()
    snap(page, "calibration-and-surprises-1024")

    with (folder / "games.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [(r["game_id"], r["source"]) for r in rows] == [("pt-0001", "lab"),
                                                           ("pt-0002", "paper")]
    assert (folder / rows[0]["record"]).is_file()
