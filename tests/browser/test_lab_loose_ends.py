"""The lab's loose ends of issue 39, in Chromium at 1024 px on 王道勇者's page: every track
label inside its slot ("Pilgrimage" was clipped to "ilgrimag"), the page title naming the
game, the Play tab naming the loaded variant, Print & play's progress, and Compare opening
both games at the step where they first differ (it opened them at Step 0 of 0)."""

from __future__ import annotations

import re
from collections.abc import Iterator

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


@pytest.fixture(scope="module")
def lab_url() -> Iterator[str]:
    with VoilaServer(DASHBOARDS / "classic_hero.ipynb") as server:
        yield server.url


def _labels_outside(page) -> list[dict]:  # noqa: ANN001
    """Track labels of the Play tab's board not wholly inside their slot (or wider than
    it: cut by its overflow)."""
    return page.evaluate("""() => {
      const out = [];
      const board = document.querySelector('.dk-stepper .dk-board-view');
      for (const slot of board.querySelectorAll('.dk-classic-hero .dk-slot')) {
        const s = slot.getBoundingClientRect();
        for (const el of slot.querySelectorAll('.dk-slot-label')) {
          const r = el.getBoundingClientRect();
          if (r.left < s.left - 0.5 || r.right > s.right + 0.5 || r.top < s.top - 0.5 ||
              r.bottom > s.bottom + 0.5 || el.scrollWidth > el.clientWidth + 1) {
            out.push({text: el.textContent, label: [r.left|0, r.right|0],
                      slot: [s.left|0, s.right|0], scroll: el.scrollWidth});
          }
        }
      }
      return out;
    }""")


def test_track_labels_fit_and_the_title_names_the_game(lab_url: str, page, snap
                                                       ) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": 1024, "height": 900})
    open_lab(page, lab_url, tab="Play")
    assert "王道勇者" in page.title() and "Classic Hero" in page.title()
    expect(page.locator(STEPPER_STATUS)).to_contain_text("Step", timeout=REDRAW_MS)
    labels = page.locator(".dk-stepper .dk-classic-hero .dk-slot .dk-slot-label")
    step = page.locator(".dk-stepper .dk-step").first
    select_controller(page, "A", "random")    # bots in every seat: Step plays them
    for n in range(1, 40):          # the set-up deals the stage's events onto the track
        if labels.count() >= 20:
            break
        step.click()
        expect(page.locator(STEPPER_STATUS)).to_contain_text(f"Step {n} ", timeout=REDRAW_MS)
    assert labels.count() >= 20
    suits = page.locator(".dk-stepper .dk-classic-hero .dk-suit")
    pilgrim = suits.filter(has_text="Pilgr.")
    assert pilgrim.count() >= 1                                  # the label that was cut
    assert pilgrim.first.get_attribute("title") == "Pilgrimage"  # full name on hover
    assert _labels_outside(page) == []
    snap(page, "classic-hero-track-1024")


def test_play_tab_names_the_loaded_variant(lab_url: str, page) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": 1024, "height": 900})
    open_lab(page, lab_url, tab="Play")
    playing = page.locator(".dk-stepper .dk-playing")
    expect(playing).to_contain_text("Playing: the draft", timeout=REDRAW_MS)
    open_tab(page, "Parameters")
    page.locator(".dk-variant-picker select").select_option("shared_hp_once")
    page.get_by_role("button", name="Load variant").click()
    open_tab(page, "Play")
    expect(playing).to_contain_text("variant shared_hp_once", timeout=REDRAW_MS)
    expect(playing).to_contain_text("shared_hp = once")


def test_print_and_play_shows_progress(lab_url: str, page) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": 1024, "height": 900})
    open_lab(page, lab_url, tab="Rules")
    panel = page.locator(".dk-print").first
    panel.scroll_into_view_if_needed()
    panel.locator(".dk-print-button").click()
    expect(panel.locator(".dk-print-progress")).to_be_visible(timeout=REDRAW_MS)
    expect(panel.locator(".dk-print-step")).to_contain_text(re.compile(r"… \(\d/\d+\)"))
    expect(panel.locator(".dk-print-links a.dk-download")).to_have_count(3, timeout=REDRAW_MS)
    expect(panel.locator(".dk-print-progress")).to_be_hidden()


def test_compare_opens_both_games_at_their_first_difference(lab_url: str, page, snap
                                                            ) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": 1024, "height": 2200})
    open_lab(page, lab_url, tab="Compare")
    panel = page.locator(".dk-compare").first
    expect(panel).to_be_visible(timeout=REDRAW_MS)
    panel.locator(".dk-compare-variants select").select_option(label="shared_hp_once")
    panel.get_by_label("Every seat", exact=True).select_option(label="random")
    for label, value in (("Max games", "40"), ("First look", "20")):
        box = panel.get_by_label(label, exact=True)
        box.fill(value)
        box.press("Enter")
    panel.locator(".dk-run").click()
    expect(panel.locator(".dk-compare-verdict")).to_contain_text("Verdict", timeout=REDRAW_MS)
    expect(panel.locator(".dk-compare-open")).to_be_enabled(timeout=REDRAW_MS)
    panel.locator(".dk-compare-open").click()
    games = panel.locator(".dk-compare-games .dk-stepper")
    expect(games).to_have_count(2, timeout=REDRAW_MS)
    steps = []
    for k in range(2):
        game = games.nth(k)
        expect(game.locator(".widget-html.dk-status")).to_contain_text(
            re.compile(r"Step [1-9]\d* of"), timeout=REDRAW_MS)
        expect(game).to_contain_text("first difference at step")
        status = game.locator(".widget-html.dk-status").inner_text()
        steps.append(int(re.search(r"Step (\d+)", status).group(1)))
    assert steps[0] == steps[1] > 0
    snap(page, "compare-first-difference")
