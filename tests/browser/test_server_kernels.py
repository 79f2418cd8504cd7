"""The Voila server behind the lab: kernels end with their page, nothing leaves 127.0.0.1.

Served with the lab's settings (``designkit_widgets.serve``): the ``designkit`` template,
preheated kernels, idle culling.
"""

from __future__ import annotations

import time
from urllib.parse import urlparse

import pytest
from dk_browser import DASHBOARDS, VoilaServer, open_lab, open_tab
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LOCAL = ("127.0.0.1", "localhost")


def settle(server: VoilaServer, want: int, timeout: float = 60.0) -> int:
    """Kernel count once it reaches ``want`` (or whatever it is at ``timeout``)."""
    deadline = time.monotonic() + timeout
    while (n := len(server.kernels())) != want and time.monotonic() < deadline:
        time.sleep(0.5)
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


def test_the_lab_makes_no_request_beyond_127_0_0_1(voila_server: VoilaServer, page,
                                                   snap) -> None:  # noqa: ANN001
    outside: list[str] = []
    failed: list[str] = []
    page.on("request", lambda r: outside.append(r.url)
            if urlparse(r.url).scheme in ("http", "https", "ws", "wss")
            and urlparse(r.url).hostname not in LOCAL else None)
    page.on("requestfailed", lambda r: failed.append(r.url))
    open_lab(page, voila_server.url)
    for tab in ("Parameters", "Play", "Simulate", "Metrics", "Rules"):
        open_tab(page, tab)
        page.wait_for_timeout(300)
    # the Font Awesome icons come from Voila's own bundle: a Run button's icon has a glyph
    icon = page.locator(".dk-sim .dk-run i.fa").first
    expect(icon).to_be_attached()
    family = icon.evaluate("e => getComputedStyle(e, '::before').fontFamily")
    assert "Font Awesome" in family, family
    snap(page, "offline")
    assert outside == [], f"requests left 127.0.0.1: {outside}"
    assert failed == [], f"requests failed: {failed}"
    before = len(voila_server.kernels())
    page.close(run_before_unload=True)
    # the page's kernel shuts down; the pool (one preheated kernel) refills
    assert settle(voila_server, 1, timeout=90) == 1, f"kernels: {before} before closing"
