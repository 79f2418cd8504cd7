"""Browser tests: a real Chromium (Debian's, at /usr/bin/chromium) driven by Playwright
against the Voila design lab served from this checkout.

* ``browser_type_launch_args`` (pytest-playwright's fixture) is overridden to launch
  Debian's Chromium with the flags that work on a closed network as root
  (``make test`` runs ``scripts/ensure_chromium.sh`` first; never ``playwright install``).
* ``voila_url`` serves ``notebooks/dashboards/crossroads.ipynb`` on a free 127.0.0.1
  port for the whole session, and stops Voila (and its kernels) at the end.
* ``rolling_stone_url`` does the same for ``notebooks/dashboards/rolling_stone.ipynb``
  (started only by the tests that ask for it).
* ``snap(name)`` saves a screenshot of the current page into ``test-artifacts/``.

Every test in this folder is marked ``browser``; Voila runs the notebook before the
widgets appear (8-13 s here), hence the generous first-render timeout.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from dk_browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, DASHBOARDS, VoilaServer


@pytest.hookimpl(tryfirst=True)  # before `-m` selects by marker
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


# ---- Chromium ---------------------------------------------------------------

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/ensure_chromium.sh (as root) or "
                    f"set CHROMIUM to a Chromium binary", pytrace=False)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS,
            "headless": True}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1400, "height": 1000}}


@pytest.fixture(scope="session")
def voila_server() -> Iterator[VoilaServer]:
    """The Crossroads design lab, served by Voila for the whole session (one preheated
    kernel: a page opens without waiting for the notebook to run)."""
    with VoilaServer(DASHBOARDS / "crossroads.ipynb") as server:
        yield server


@pytest.fixture(scope="session")
def voila_url(voila_server: VoilaServer) -> str:
    return voila_server.url


@pytest.fixture(scope="session")
def rolling_stone_url() -> Iterator[str]:
    """The Life is Rolling Stone design lab, served by Voila for the whole session."""
    with VoilaServer(DASHBOARDS / "rolling_stone.ipynb") as server:
        yield server.url


# ---- screenshots -------------------------------------------------------------

@pytest.fixture
def snap(request: pytest.FixtureRequest) -> Callable:
    """``snap(page, "state")`` saves test-artifacts/<test>--<state>.png."""
    ARTIFACTS.mkdir(exist_ok=True)
    test = re.sub(r"[^\w.-]+", "_", request.node.name)
    counter = iter(range(1, 1000))

    def take(page, name: str) -> Path:  # noqa: ANN001 - playwright Page
        path = ARTIFACTS / f"{test}--{next(counter):02d}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take



@pytest.fixture
def page(page):  # noqa: ANN001, ANN201 - pytest-playwright's page, closed like a tab
    """pytest-playwright's page, closed at the end as a person closes a tab: with the
    page's ``beforeunload`` (Voila's kernel shutdown request), so no kernel is left."""
    yield page
    with contextlib.suppress(Exception):  # already closed with its context: nothing to do
        if not page.is_closed():
            page.close(run_before_unload=True)
