"""The Compare tab in Chromium at 1024 px (issue 20): pick two variants, run, stop, read the
verdict, open the game where they differ most side by side."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from dk_browser import DASHBOARDS, REDRAW_MS, VoilaServer, boxes_inside, open_lab
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def lab_url() -> Iterator[str]:
    with VoilaServer(DASHBOARDS / "classic_hero.ipynb") as server:
        yield server.url


def test_compare_two_variants_stop_verdict_and_open_the_most_different_game(
        lab_url: str, page, snap) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": 1024, "height": 2200})
    open_lab(page, lab_url, tab="Compare")
    panel = page.locator(".dk-compare").first
    expect(panel).to_be_visible(timeout=REDRAW_MS)
    panel.locator(".dk-compare-variants select").select_option(label="shared_hp_once")
    panel.locator(".dk-compare-metric select").select_option(label="VP share: Demon Lord HPs (CH-7.2)")
    expect(panel).to_contain_text("共通HPは１回で終わり")       # the draft's words for the pick
    # greedy: slow enough per look that Stop comes before any verdict could be reached
    panel.get_by_label("Every seat", exact=True).select_option(label="greedy")
    for label, value in (("Max games", "4000"), ("First look", "10")):
        box = panel.get_by_label(label, exact=True)
        box.fill(value)
        box.press("Enter")
    precision = panel.locator(".dk-compare-margin input")
    precision.fill("0.001")
    precision.press("Enter")
    panel.locator(".dk-run").click()
    # the first looks come in (charts and a running verdict), then Stop
    expect(panel.locator(".dk-compare-verdict")).to_contain_text("games per variant",
                                                                timeout=REDRAW_MS)
    expect(panel.locator(".dk-charts .js-plotly-plot").first).to_be_visible(timeout=REDRAW_MS)
    panel.locator(".dk-stop").click()
    expect(panel.locator(".dk-compare-verdict")).to_contain_text("Verdict", timeout=REDRAW_MS)
    expect(panel.locator(".dk-compare-verdict")).to_contain_text("interrupted")
    expect(panel.locator(".dk-run")).to_be_enabled(timeout=REDRAW_MS)
    snap(page, "compare-verdict")
    boxes_inside(page, ".dk-compare .dk-charts .dk-chart .main-svg", 1024)
    panel.locator(".dk-compare-open").click()
    games = panel.locator(".dk-compare-games .dk-stepper")
    expect(games).to_have_count(2, timeout=REDRAW_MS)
    expect(panel.locator(".dk-compare-games")).to_contain_text("shared_hp_once: game")
    assert panel.locator(".dk-error:visible").count() == 0
    snap(page, "compare-side-by-side")
