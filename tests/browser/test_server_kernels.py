"""The Voila server behind the lab: kernels end with their page, nothing leaves 127.0.0.1.

Served with the lab's settings (``designkit_widgets.serve``): the ``designkit`` template,
preheated kernels, idle culling.

Each test that counts kernels starts a Voila server of its own and counts only what its
own pages did, measured from the count before it opened them: the session's shared
server also holds the kernels of every earlier browser test (a page still closing, a
culled one not yet gone), so counting there made the result depend on test order and on
how busy the machine was ("kernels: 3 before closing"). Every wait is a condition
(:func:`settle`, Playwright's ``expect``), never a fixed pause.
"""

from __future__ import annotations

import time
from urllib.parse import urlparse

import pytest
from dk_browser import DASHBOARDS, VoilaServer, open_lab, open_tab
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LOCAL = ("127.0.0.1", "localhost")


def settle(server: VoilaServer, want: int, timeout: float = 90.0) -> int:
    """Kernel count once it reaches ``want`` (or whatever it is at ``timeout``): a poll of
    the server's process tree, the only place a kernel's end shows."""
    deadline = time.monotonic() + timeout
    while (n := len(server.kernels())) != want and time.monotonic() < deadline:
        time.sleep(0.25)  # a poll interval, not a wait for something to happen
    return n


PAGE_LOADS = 4  # each starts and executes a kernel (~10 s on CI's 2 cores): 10 took 130 s


def test_page_loads_leave_no_kernel_behind(browser) -> None:  # noqa: ANN001
    # The index: a notebook of links, quick to execute, so the loads stay quick; the lab's
    # pages shut their kernels down by the same request (checked below, in the lab test).
    # Every load must end its own kernel, so a few loads in a row show a leak as well as
    # ten: each one left behind is counted at the end.
    server = VoilaServer(DASHBOARDS, pool=0).start()
    try:
        context = browser.new_context()
        url = server.url + "voila/render/index.ipynb"
        most = 0
        for _ in range(PAGE_LOADS):
            page = context.new_page()
            page.goto(url, timeout=60_000)
            expect(page.locator("a[href$='crossroads.ipynb']").first).to_be_visible(
                timeout=60_000)
            most = max(most, len(server.kernels()))
            page.close(run_before_unload=True)  # the page's beforeunload posts the shutdown
        context.close()
        assert most >= 1, "a page load should have started a kernel"
        left = settle(server, 0)
        assert left == 0, f"{left} kernels still running after {PAGE_LOADS} page loads were closed"
        log = server.log.read_text()
        assert "_xsrf" not in log, "a shutdown request was refused"
    finally:
        server.stop()


def test_the_lab_makes_no_request_beyond_127_0_0_1(browser, snap) -> None:  # noqa: ANN001
    # A server of its own (one preheated kernel, as the lab serves): the kernel count
    # below is this page's alone, whatever ran before this test.
    server = VoilaServer(DASHBOARDS / "crossroads.ipynb", pool=1).start()
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        # the preheated pool is full before the page opens: that count is the baseline
        baseline = settle(server, 1)
        assert baseline == 1, f"the preheated pool holds {baseline} kernels, not 1"
        page = context.new_page()
        outside: list[str] = []
        failed: list[str] = []
        page.on("request", lambda r: outside.append(r.url)
                if urlparse(r.url).scheme in ("http", "https", "ws", "wss")
                and urlparse(r.url).hostname not in LOCAL else None)
        page.on("requestfailed", lambda r: failed.append(r.url))
        open_lab(page, server.url)
        lab = page.locator(".dk-lab").first
        for tab in ("Parameters", "Play", "Simulate", "Metrics", "Rules"):
            open_tab(page, tab)
            # the tab is shown and every request its contents made has finished
            expect(lab.get_by_role("tab", name=tab, exact=True)).to_have_attribute(
                "aria-selected", "true")
            page.wait_for_load_state("networkidle")
        # the Font Awesome icons come from Voila's own bundle: a Run button's icon has a glyph
        icon = page.locator(".dk-sim .dk-run i.fa").first
        expect(icon).to_be_attached()
        family = icon.evaluate("e => getComputedStyle(e, '::before').fontFamily")
        assert "Font Awesome" in family, family
        snap(page, "offline")
        assert outside == [], f"requests left 127.0.0.1: {outside}"
        assert failed == [], f"requests failed: {failed}"
        # the page holds a kernel (the preheated one it took) and the pool refills
        opened = settle(server, baseline + 1)
        page.close(run_before_unload=True)
        # the page's kernel shuts down; only the refilled pool is left
        left = settle(server, baseline)
        assert left == baseline, (f"kernels: {baseline} before the page, {opened} with it "
                                  f"open, {left} after it closed")
    finally:
        context.close()
        server.stop()
