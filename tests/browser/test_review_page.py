"""``designkit review classic_hero`` opened in Chromium at 1024 px (issue 38, Must show):
every problem, its target and its cures' verdicts on screen, nothing wider than the
window, and the verdict colours and Japanese quotes drawn (a pixel check on the
screenshot, saved under test-artifacts/).

Two games per arm and one bot level keep the run to ~15 s: the page's layout does not
depend on the numbers, only on the rows, and every question has its rows at any count.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from playwright.sync_api import expect

from designkit.analysis.questions.cures import load_problems
from designkit.analysis.review_html import CLASSES

WIDTH = 1024


@pytest.fixture(scope="module")
def review_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("review") / "review.html"
    done = subprocess.run([sys.executable, "-m", "designkit.cli", "review", "classic_hero",
                           "--games", "2", "--second-level", "none", "--out", str(out),
                           "--quiet"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"wrote {out}" in done.stdout
    return out


def _overflowing(page) -> list[str]:  # noqa: ANN001 - playwright Page
    """Elements whose box reaches past the window's right edge, or whose content is wider
    than their box (cut off or scrolling)."""
    return page.evaluate("""(width) => {
      const out = [];
      for (const el of document.querySelectorAll('main *')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0) { continue; }
        if (r.right > width + 0.5 || el.scrollWidth > el.clientWidth + 1
            && getComputedStyle(el).display !== 'inline') {
          out.push(el.tagName + ' ' + el.textContent.trim().slice(0, 60)
                   + ` (${r.right|0}, ${el.scrollWidth} > ${el.clientWidth})`);
        }
      }
      return out;
    }""", WIDTH)


def test_review_page_at_1024(page, review_file: Path, snap) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": WIDTH, "height": 900})
    page.goto(review_file.as_uri())
    expect(page.locator("h1")).to_contain_text("Design review: Classic Hero")
    width = page.evaluate("[document.documentElement.scrollWidth, "
                          "document.documentElement.clientWidth]")
    assert width[0] <= width[1] == WIDTH, f"horizontal scroll: {width}"
    assert _overflowing(page) == []

    problems = load_problems("classic_hero")
    sections = page.locator("section.problem")
    expect(sections).to_have_count(len(problems))
    for p in problems:
        section = page.locator(f"section#q-{p.question.key}")
        section.scroll_into_view_if_needed()
        expect(section.locator("h3")).to_contain_text(p.question.title)
        expect(section.locator("blockquote")).to_have_text(p.question.quote_ja)
        target = p.target_at(p.players[0])
        if target is not None:
            expect(section.locator(".facts")).to_contain_text(target.text)
        for cure in p.cures:
            row = section.locator("table.cures td", has_text=cure).first
            expect(row).to_be_visible()
        verdicts = section.locator("table.cures .verdict")
        assert verdicts.count() >= len(p.cures), p.question.key
        for i in range(verdicts.count()):
            box = verdicts.nth(i).bounding_box()
            assert box is not None and box["x"] + box["width"] <= WIDTH

    quote = Image.open(io.BytesIO(page.locator("blockquote").first.screenshot())).convert("L")
    dark = int((np.asarray(quote) < 110).sum())
    assert dark > 300, f"the Japanese quote drew {dark} dark pixels"
    page.evaluate("window.scrollTo(0, 0)")
    shot = snap(page, "review-1024")
    _pixels(shot)


def _pixels(path: Path) -> None:
    """The full-page screenshot: as wide as the window, the outer margins blank (nothing
    drawn past the content) and a verdict's background colour present."""
    image = Image.open(path).convert("RGB")
    w, h = image.size
    assert w == WIDTH
    edge = np.asarray(image)[:, [2, w - 3]]
    assert (edge == 255).all(), "something drawn in the outer margin"
    colours = {name: tuple(int(hexa[i:i + 2], 16) for i in (1, 3, 5))
               for name, hexa in (("open", "#fbeccb"), ("fixes", "#cdeccf"),
                                  ("improves", "#e3f4d9"), ("same", "#eceef2"),
                                  ("worse", "#f8d2cf"), ("depends", "#eadcf5"))}
    assert set(colours) <= set(CLASSES.values())
    pixels = np.asarray(image)
    seen = {tuple(int(v) for v in px) for px in pixels[::2, ::2].reshape(-1, 3)}
    assert any(c in seen for c in colours.values()), "no verdict colour on the page"


#: visible labels and buttons of the Review tab (and the tab bar) wider than their box
_CUT = """() => {
  const shown = el => el.offsetParent !== null && el.textContent.trim();
  const labels = '.widget-label, .widget-label-basic, .widget-button, .lm-TabBar-tabLabel';
  const roots = [document.querySelector('.dk-lab .lm-TabBar, .dk-lab .p-TabBar'),
                 ...document.querySelectorAll('.dk-review')].filter(r => r);
  const cut = [];
  let n = 0;
  for (const root of roots) {
    for (const el of root.querySelectorAll(labels)) {
      n += 1;
      if (shown(el) && el.scrollWidth > el.clientWidth + 1) {
        cut.push(el.textContent.trim() + ` (${el.scrollWidth} > ${el.clientWidth} px)`);
      }
    }
  }
  return {cut, labels: n};
}"""


def test_review_tab_in_the_lab(voila_url: str, page, snap) -> None:  # noqa: ANN001
    """The lab's Review tab at 1024 px: labels whole in both languages, Run shows the page
    (Crossroads, 2 games per arm: a few seconds)."""
    from dk_browser import REDRAW_MS, open_lab

    page.set_viewport_size({"width": WIDTH, "height": 1400})
    open_lab(page, voila_url, tab="Review")
    panel = page.locator(".dk-review").first
    expect(panel).to_be_visible(timeout=REDRAW_MS)
    got = page.evaluate(_CUT)
    assert got["labels"] >= 3 and got["cut"] == []
    box = panel.get_by_label("Games per arm", exact=True)
    box.fill("2")
    box.press("Enter")
    panel.locator(".dk-run").click()
    expect(panel.locator(".dk-status")).to_contain_text("verdicts still open",
                                                        timeout=REDRAW_MS)
    frame = page.frame_locator(".dk-review-frame iframe")
    for p in load_problems("crossroads"):
        expect(frame.locator(f"section#q-{p.question.key} h3")).to_contain_text(
            p.question.title)
    expect(panel.locator(".dk-review-link a")).to_have_attribute(
        "download", "review_crossroads.html")
    assert boxes_right(page) <= WIDTH
    snap(page, "review-tab-1024")
    page.locator(".dk-lab-lang").get_by_role("button", name="日本語", exact=True).click()
    expect(page.locator(".dk-lab").first.get_by_role("tab", name="設計レビュー", exact=True)
           ).to_be_visible(timeout=REDRAW_MS)
    expect(panel.locator(".dk-status")).to_contain_text("未決の判定", timeout=REDRAW_MS)
    expect(panel.locator(".dk-review-link a")).to_have_text("ページを保存（HTML）")
    got = page.evaluate(_CUT)
    assert got["cut"] == []
    snap(page, "review-tab-1024-ja")


def boxes_right(page) -> float:  # noqa: ANN001
    """The rightmost edge of the Review panel's boxes (the frame included)."""
    return page.evaluate("""() => Math.max(...[...document.querySelectorAll(
        '.dk-review, .dk-review *')].map(el => el.getBoundingClientRect().right))""")
