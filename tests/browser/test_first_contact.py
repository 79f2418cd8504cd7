"""What a new designer meets first (issue 25): the address the server prints opens the lab,
not Voila's file list, and rule IDs read as one piece at a laptop's width.

One Voila serves ``notebooks/dashboards/`` as ``designkit dashboard classic_hero`` does
(the folder, Classic Hero's kernel preheated, ``/`` redirecting to its lab) for the whole
module; a second one, without kernels, checks where ``/`` leads for the index.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from dk_browser import (
    DASHBOARDS,
    REDRAW_MS,
    STEPPER_STATUS,
    VoilaServer,
    eventually,
    open_lab,
    open_tab,
    select_controller,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

GAME = "classic_hero"  # the example: "CH-" / "0.1" on two lines

# Each rule-ID element's line boxes and height against its line height: one line box,
# no taller than a line and a half (padding included).
_WRAPPED = """
(sel) => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null).map(e => {
  const lh = parseFloat(getComputedStyle(e).lineHeight) || 1.2 * parseFloat(getComputedStyle(e).fontSize);
  return {id: e.textContent, rects: e.getClientRects().length,
          height: e.getBoundingClientRect().height, line: lh};
})
"""


@pytest.fixture(scope="module")
def game_server() -> Iterator[VoilaServer]:
    server = VoilaServer(DASHBOARDS, preheat=DASHBOARDS / f"{GAME}.ipynb",
                         landing=f"{GAME}.ipynb").start()
    try:
        yield server
    finally:
        server.stop()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_args: object, **_kwargs: object) -> None:
        return None


def _redirect_of(url: str) -> tuple[int, str | None]:
    try:
        with urllib.request.build_opener(_NoRedirect).open(url, timeout=30) as resp:
            return resp.status, None
    except urllib.error.HTTPError as err:
        return err.code, err.headers.get("Location")


def _one_line(page, selector: str) -> list[dict]:  # noqa: ANN001
    """The rule-ID elements under ``selector``; asserts there are some and none wraps."""
    found = page.evaluate(_WRAPPED, selector)
    assert found, f"no rule IDs shown under {selector}"
    wrapped = [f for f in found if f["rects"] != 1 or f["height"] > 1.5 * f["line"]]
    assert not wrapped, f"rule IDs on more than one line at 1024 px: {wrapped[:5]}"
    return found


def test_root_lands_in_the_games_lab_and_the_file_list_is_not_reachable(
        game_server: VoilaServer, page, snap) -> None:
    open_lab(page, game_server.url)  # http://127.0.0.1:PORT/
    assert page.url == f"{game_server.url}voila/render/{GAME}.ipynb", page.url
    expect(page.locator(".dk-lab").first.get_by_role("tab", name="Rules", exact=True)
           ).to_be_visible()
    snap(page, "root")
    links = page.evaluate("() => [...document.querySelectorAll('a[href]')].map(a => a.href)")
    assert not [h for h in links if "/voila/tree" in h], links
    for path in ("voila/tree", "voila/tree/", "voila/tree/questions"):
        assert _redirect_of(game_server.url + path) == (302, f"/voila/render/{GAME}.ipynb")


def test_index_server_redirects_root_to_the_index() -> None:
    server = VoilaServer(DASHBOARDS, pool=0).start()  # what `designkit dashboard` serves
    try:
        assert _redirect_of(server.url) == (302, "/voila/render/index.ipynb")
        assert _redirect_of(server.url + "voila/tree") == (302, "/voila/render/index.ipynb")
    finally:
        server.stop()


def test_rule_ids_stay_on_one_line_at_1024_px(game_server: VoilaServer, page, snap) -> None:
    page.set_viewport_size({"width": 1024, "height": 900})
    open_lab(page, game_server.url)
    open_tab(page, "Rules")
    expect(page.locator(".dk-rules-table .dk-rule").first).to_be_visible()
    rules = _one_line(page, ".dk-rules-table .dk-rule")
    snap(page, "rules-1024")
    # the check can fail: with wrapping allowed, some IDs of this table break at 1024 px
    page.add_style_tag(content=".dk-rules-table .dk-rule { white-space: normal !important; }")
    with pytest.raises(AssertionError, match="more than one line"):
        _one_line(page, ".dk-rules-table .dk-rule")
    page.add_style_tag(content=".dk-rules-table .dk-rule { white-space: nowrap !important; }")

    open_tab(page, "Play")
    select_controller(page, "A", "random")  # seat A starts as a human: Step waits for it
    step = page.locator(".dk-stepper .dk-step").first
    for clicks in range(1, 7):
        expect(step).to_be_enabled(timeout=REDRAW_MS)
        step.click()
        expect(page.locator(STEPPER_STATUS)).to_contain_text(f"Step {clicks} ",
                                                             timeout=REDRAW_MS)
    expect(page.locator(".dk-stepper .dk-log .dk-rule").nth(3)).to_be_visible(timeout=REDRAW_MS)
    logged = _one_line(page, ".dk-stepper .dk-log .dk-rule")
    snap(page, "log-1024")
    assert len(rules) > 20 and len(logged) >= 4


def test_design_chart_is_drawn_when_scrolled_to(game_server: VoilaServer, page, snap) -> None:
    """The Rules tab's design chart (王道勇者's odds) waits until the designer scrolls to it:
    drawn with the page, it made the page evaluate plotly.js (4.8 MB) right after the first
    render, so the first click waited 2.6-4 s for it (issue 26). Scrolled to, it is drawn
    inside its cell."""
    page.set_viewport_size({"width": 1024, "height": 768})
    open_lab(page, game_server.url)
    tables = page.locator(".dk-design-tables")
    expect(tables.locator(".dk-design-table").first).to_be_attached(timeout=REDRAW_MS)
    page.wait_for_timeout(1500)  # time enough for a chart grid that draws at once
    assert page.evaluate("() => globalThis.Plotly === undefined"), "plotly.js evaluated"
    assert tables.locator(".js-plotly-plot").count() == 0
    snap(page, "rules-before-scroll")

    page.evaluate("() => document.querySelector('.dk-design-tables .dk-charts')"
                  ".scrollIntoView({block: 'center'})")
    title = tables.locator(".dk-chart .js-plotly-plot .gtitle").first
    expect(title).to_be_visible(timeout=REDRAW_MS)

    def fitted() -> None:  # until plotly's resize after the layout settles has landed
        chart, grid = page.evaluate("""() => [
          document.querySelector('.dk-design-tables .dk-chart .main-svg')
            .getBoundingClientRect().width,
          document.querySelector('.dk-design-tables .dk-charts').getBoundingClientRect().width]
        """)
        assert 200 < chart <= grid + 1, (chart, grid)

    eventually(fitted)
    page.evaluate("() => document.querySelector('.dk-design-tables .dk-chart')"
                  ".scrollIntoView({block: 'end'})")
    snap(page, "design-chart-1024")
