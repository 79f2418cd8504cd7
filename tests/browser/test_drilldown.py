"""From a number to the game behind it, in Chromium (issue 14 item 3): a small simulation
in the Simulate tab, a click on one dot of the game-length chart, and the Play tab opens
at step 0 of exactly that game (its seed is the simulation's seed for that game id).
"""

from __future__ import annotations

import re

import pytest
from dk_browser import REDRAW_MS, STEPPER_STATUS, open_lab, open_tab
from playwright.sync_api import expect

from designkit.sim.runner import game_seed

pytestmark = pytest.mark.browser

N_GAMES = 20
SEED = 0  # the Simulate tab's default seed


def _simulate(page, snap):  # noqa: ANN001, ANN202
    open_tab(page, "Simulate")
    sim = page.locator(".dk-sim").first
    games = sim.get_by_label("Games", exact=True)
    games.fill(str(N_GAMES))
    games.press("Enter")
    sim.locator(".dk-run").click()
    expect(sim.locator(".dk-ok")).to_have_text(f"{N_GAMES} games", timeout=REDRAW_MS)
    dots = sim.locator(".dk-length .js-plotly-plot .scatterlayer .point")
    expect(dots).to_have_count(N_GAMES, timeout=REDRAW_MS)  # one dot per game
    expect(sim.locator(".dk-notable .dk-open-game").first).to_be_visible()
    return sim, dots


def _snap_at(page, snap, name: str, widths=(1024, 1400)) -> None:  # noqa: ANN001
    for width in widths:
        page.set_viewport_size({"width": width, "height": 1800})
        page.wait_for_timeout(600)  # the grid reflows, plotly resizes each chart
        snap(page, f"{name}-{width}px")


def _click_dot(page, dots, index: int) -> int:  # noqa: ANN001
    """Hover one dot (plotly's hover label names its game), click it; the game id."""
    dot = dots.nth(index)
    dot.scroll_into_view_if_needed()
    box = dot.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    label = page.locator(".dk-length .hoverlayer .hovertext")
    expect(label).to_contain_text("game ", timeout=5_000)
    game_id = int(re.search(r"game (\d+):", label.text_content()).group(1))
    page.mouse.click(x, y)
    return game_id


def test_a_click_on_the_game_length_chart_opens_that_game_at_step_0(voila_url: str, page,
                                                                     snap) -> None:
    page.set_viewport_size({"width": 1024, "height": 1800})
    open_lab(page, voila_url)
    sim, dots = _simulate(page, snap)
    _snap_at(page, snap, "simulated")
    sim.locator(".dk-notable").scroll_into_view_if_needed()
    _snap_at(page, snap, "notable-games", widths=(1400, 1024))
    game_id = _click_dot(page, dots, 7)  # at 1024 px
    stepper = page.locator(".dk-stepper").first
    expect(stepper).to_be_visible(timeout=REDRAW_MS)  # the Play tab opened by itself
    seed = game_seed(SEED, game_id)
    expect(stepper.locator(".dk-ok")).to_contain_text(
        f"game {game_id} of the simulation, seed {seed}", timeout=REDRAW_MS)
    status = page.locator(STEPPER_STATUS)
    expect(status).to_contain_text(f"Step 0 of 0 · seed {seed}")
    expect(status).to_contain_text("chance step next")
    expect(stepper.locator(".dk-controllers select").first).to_have_value("random")
    _snap_at(page, snap, f"opened-game-{game_id}")
    assert page.locator(".dk-error:visible").count() == 0


def test_charts_drawn_before_a_language_switch_follow_it(voila_url: str, page, snap) -> None:
    """Run in English, switch to 日本語: the charts already drawn are redrawn in Japanese
    (titles, hover labels), and a click on one still opens its game, named in Japanese."""
    page.set_viewport_size({"width": 1024, "height": 1800})
    open_lab(page, voila_url)
    sim, dots = _simulate(page, snap)
    expect(sim.locator(".dk-winrate .gtitle")).to_have_text("Win rate by seat")
    page.locator(".dk-lab-lang").get_by_role("button", name="日本語", exact=True).click()
    expect(sim.locator(".dk-winrate .gtitle")).to_have_text("席ごとの勝率", timeout=REDRAW_MS)
    expect(sim.locator(".dk-length .gtitle")).to_have_text("ゲームの長さ", timeout=REDRAW_MS)
    expect(dots).to_have_count(N_GAMES, timeout=REDRAW_MS)
    snap(page, "charts-after-switch-ja")
    dot = dots.nth(5)
    dot.scroll_into_view_if_needed()
    box = dot.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    label = page.locator(".dk-length .hoverlayer .hovertext")
    expect(label).to_contain_text("ゲーム ", timeout=5_000)  # the hover text switched too
    game_id = int(re.search(r"ゲーム (\d+)：", label.text_content()).group(1))
    page.mouse.click(x, y)  # the redraw kept the click listener
    stepper = page.locator(".dk-stepper").first
    expect(stepper).to_be_visible(timeout=REDRAW_MS)
    expect(stepper.locator(".dk-ok")).to_contain_text(
        f"シミュレーションのゲーム {game_id}（シード {game_seed(SEED, game_id)}）：「ゲームの長さ」のグラフでクリック",
        timeout=REDRAW_MS)
    snap(page, "opened-after-switch-ja")
