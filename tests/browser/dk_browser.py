"""Helpers shared by the browser tests and the dashboard benchmark: Chromium's launch
settings and a Voila server on a free 127.0.0.1 port."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DASHBOARDS = ROOT / "notebooks" / "dashboards"
ARTIFACTS = ROOT / "test-artifacts"

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

FIRST_RENDER_MS = 90_000  # Voila executes the whole notebook first (8-13 s, more under load)
REDRAW_MS = 60_000


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"Voila exited with status {proc.returncode} before serving")
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.settimeout(1)
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise RuntimeError(f"Voila did not listen on port {port} within {timeout:.0f} s")


class VoilaServer:
    """Voila serving one notebook (or a folder) on a free 127.0.0.1 port, with the design
    lab's settings (``designkit_widgets.serve``: template, preheated kernels, culling)."""

    def __init__(self, target: Path, python: str = sys.executable, log: Path | None = None,
                 cwd: Path | None = None, pool: int = 1, preheat: Path | None = None,
                 landing: str | None = None) -> None:
        """``target`` a notebook or a folder; for a folder, ``preheat`` (one of its
        notebooks) limits the kernel pool to it and ``landing`` is where ``/`` redirects
        (default the folder's index), as ``designkit dashboard [GAME]`` serves."""
        self.target, self.python = target, python
        self.cwd = cwd or target.parent
        self.pool, self.preheat, self.landing = pool, preheat, landing
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = log or ARTIFACTS / f"voila-{target.stem}.log"
        self.proc: subprocess.Popen | None = None

    def start(self) -> VoilaServer:
        from designkit_widgets.serve import voila_command, voila_config, voila_env

        self.log.parent.mkdir(parents=True, exist_ok=True)
        config_dir = voila_config(self.preheat or self.target, pool=self.pool)
        cmd = voila_command(self.target, self.port, "--show_tracebacks=True",
                            config_dir=config_dir, landing=self.landing)
        cmd[0] = self.python
        self._log = self.log.open("w")
        self.proc = subprocess.Popen(cmd, cwd=self.cwd, stdout=self._log,
                                     stderr=subprocess.STDOUT, env=voila_env())
        try:
            wait_for_port(self.port, self.proc)
        except RuntimeError as err:
            self.stop()
            raise RuntimeError(f"{err}; log:\n{self.log.read_text()[-3000:]}") from None
        return self

    def __enter__(self) -> VoilaServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def kernels(self) -> list[int]:
        """Process ids of the kernels Voila runs now (its ``ipykernel`` children)."""
        import psutil

        if self.proc is None or self.proc.poll() is not None:
            return []
        children = psutil.Process(self.proc.pid).children(recursive=True)
        out = []
        for child in children:
            with contextlib.suppress(psutil.Error):
                if "ipykernel" in " ".join(child.cmdline()):
                    out.append(child.pid)
        return out

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if getattr(self, "_log", None):
            self._log.close()


# ---- driving the design lab (Playwright sync API) ------------------------------------------

def open_lab(page, url: str, timeout: float = FIRST_RENDER_MS,  # noqa: ANN001
             tab: str | None = None) -> float:
    """Load the dashboard and wait until the lab's widgets are on the page (then open
    ``tab``, if given); seconds taken to show the lab."""
    start = time.perf_counter()
    page.goto(url, timeout=timeout)
    page.locator(".dk-lab").first.wait_for(state="visible", timeout=timeout)
    seconds = time.perf_counter() - start
    if tab is not None:
        open_tab(page, tab)
    return seconds


def open_tab(page, title: str) -> None:  # noqa: ANN001
    page.locator(".dk-lab").first.get_by_role("tab", name=title, exact=True).click()


def param_row(page, name: str):  # noqa: ANN001, ANN201
    """The ``.dk-field`` row of parameter ``name`` in the Parameters tab."""
    label = page.locator("b").get_by_text(name, exact=True)
    return page.locator(".dk-params .dk-field").filter(has=label)


SECTION_HEADER = ".dk-params .jupyter-widget-Collapse-header"


def open_section(page, name: str) -> None:  # noqa: ANN001
    """Open the Parameters section holding field ``name`` (unless it is open already)."""
    row = param_row(page, name)
    # the rows are made when the tab is first opened: wait for the kernel's round trip
    row.first.wait_for(state="attached")
    if row.is_visible():
        return
    group = page.evaluate("""(name) => {
      const rows = [...document.querySelectorAll('.dk-params .dk-field')];
      const row = rows.find(r => [...r.querySelectorAll('b')].some(b => b.textContent === name));
      const collapse = row.closest('.jupyter-widget-Collapse');
      return collapse.querySelector('.jupyter-widget-Collapse-header').textContent.trim();
    }""", name)
    page.locator(SECTION_HEADER).filter(has_text=group).first.click()
    row.wait_for(state="visible")


def set_field(page, name: str, value: str) -> None:  # noqa: ANN001
    """Type ``value`` into parameter ``name``'s text box and press Enter, as a person would."""
    open_section(page, name)
    box = param_row(page, name).locator("input").first
    box.fill(str(value))
    box.press("Enter")


def set_slider(page, name: str, value: int) -> None:  # noqa: ANN001
    """Move an integer slider parameter to ``value`` with the keyboard, as a person would."""
    row = param_row(page, name)
    handle, readout = row.locator(".noUi-handle"), row.locator(".widget-readout")
    handle.focus()
    for _ in range(50):
        now = int(readout.inner_text().strip())
        if now == value:
            return
        handle.press("ArrowRight" if now < value else "ArrowLeft")
        page.wait_for_timeout(50)
    raise AssertionError(f"slider {name} did not reach {value}")


def select_controller(page, seat: str, name: str) -> None:  # noqa: ANN001
    """Hand stepper seat ``seat`` ("A", "B", ...) to ``name`` (human, random, greedy, ...)."""
    page.locator(".dk-stepper .dk-controllers").get_by_label(seat, exact=True).select_option(name)


# The stepper's own widgets (the game's view HTML reuses some class names inside the board).
STEPPER_STATUS = ".dk-stepper .widget-html.dk-status"
STEPPER_BOARD = ".dk-stepper .dk-board-view"
STEPPER_LOG = ".dk-stepper .widget-html.dk-log"
STEP_MS = 15_000  # one step of the stepper, on a loaded machine


def expect_status(page, text: str, timeout: float = STEP_MS) -> None:  # noqa: ANN001
    """The stepper's status line comes to say ``text``."""
    from playwright.sync_api import expect

    expect(page.locator(STEPPER_STATUS)).to_contain_text(text, timeout=timeout)


def status_step(page) -> int:  # noqa: ANN001
    """The step number the stepper's status line shows."""
    text = page.locator(STEPPER_STATUS).inner_text()
    return int(re.search(r"Step (\d+)", text).group(1))


def step_until(page, done: Callable[[list[str]], bool], most: int) -> list[str]:  # noqa: ANN001
    """Click the stepper's Step until ``done(logs)`` or ``most`` clicks, checking that every
    click counts one step; ``logs``, returned too, are the event log's texts: the one
    before the first click, then each one a click changed."""
    from playwright.sync_api import expect

    log = page.locator(STEPPER_LOG)
    step = page.locator(".dk-stepper .dk-step").first
    logs = [log.inner_text()]
    for clicks in range(1, most + 1):
        expect(step).to_be_enabled()
        step.click()
        expect_status(page, f"Step {clicks} ")
        if log.inner_text() != logs[-1]:
            logs.append(log.inner_text())
        if done(logs):
            break
    return logs


def eventually(check: Callable[[], Any], timeout: float = REDRAW_MS / 1000) -> Any:
    """``check()``'s result once it stops raising AssertionError, retried until
    ``timeout`` seconds (then its last AssertionError): a condition wait for what the page
    settles into (a reflow, plotly's resize) rather than a fixed pause that a busy
    machine outlasts."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return check()
        except AssertionError:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.2)  # poll interval


def text_changes(page, selector: str, before: str, timeout: float = STEP_MS) -> bool:  # noqa: ANN001
    """Whether ``selector``'s rendered text comes to differ from ``before`` in time (one
    widget's redraw can land after another's: the stepper's status before its log)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function("([sel, before]) => document.querySelector(sel).innerText "
                               "!== before", arg=[selector, before], timeout=timeout)
    except PlaywrightTimeout:
        return False
    return True


def boxes_inside(page, selector: str, width: int) -> list[dict]:  # noqa: ANN001
    """Bounding boxes of ``selector``'s elements; asserts each lies within 0..``width``."""
    boxes = []
    for el in page.locator(selector).all():
        box = el.bounding_box()
        assert box is not None, f"{selector} is not displayed"
        assert box["x"] >= -1 and box["x"] + box["width"] <= width + 1, \
            f"{selector} cut at {width} px: {box}"
        boxes.append(box)
    return boxes


def bar_count(page, chart: str = ".dk-winrate") -> int:  # noqa: ANN001
    """Bars drawn by plotly in ``chart`` (one per seat in the win-rate chart)."""
    return page.locator(f"{chart} .js-plotly-plot .subplot.xy .barlayer .point").count()


# ---- what several tests open or check the same way -----------------------------------------

@contextlib.contextmanager
def lab_page(browser, context_args: dict, game: str, height: int = 768,  # noqa: ANN001
             width: int = 1024) -> Iterator[Any]:
    """``game``'s lab (its notebook on a Voila server of its own) open in a page ``width``
    wide and ``height`` high; closed as a person closes a tab (with ``beforeunload``, so
    Voila shuts its kernel), then the server stops."""
    server = VoilaServer(DASHBOARDS / f"{game}.ipynb").start()
    context = browser.new_context(**{**context_args,
                                     "viewport": {"width": width, "height": height}})
    page = context.new_page()
    try:
        open_lab(page, server.url)
        yield page
    finally:
        page.close(run_before_unload=True)
        context.close()
        server.stop()


def expect_lab_shown(page, title: str, rule: str) -> None:  # noqa: ANN001
    """The lab on the page: its four tabs, ``title`` chosen in the game list, rule ``rule``
    in the rules table, and no error shown."""
    from playwright.sync_api import expect

    lab = page.locator(".dk-lab").first
    expect(lab).to_be_visible()
    for tab in ("Rules", "Parameters", "Play", "Simulate"):
        expect(lab.get_by_role("tab", name=tab, exact=True)).to_be_visible()
    expect(lab.locator(".dk-game-select select")).to_have_value(re.compile(title))
    expect(page.locator(".dk-rules-table")).to_contain_text(rule)
    assert page.locator(".dk-error:visible").count() == 0


def run_simulation(page, games: int, seats: int):  # noqa: ANN001, ANN201
    """Simulate tab: one bot choice per seat, ``games`` games run by clicks, then the
    summary (a row per seat) and the win-rate chart (a bar per seat); the Simulate panel."""
    from playwright.sync_api import expect

    open_tab(page, "Simulate")
    sim = page.locator(".dk-sim").first
    expect(sim.locator(".dk-agents select")).to_have_count(seats)
    box = sim.get_by_label("Games", exact=True)
    box.fill(str(games))
    box.press("Enter")
    sim.locator(".dk-run").click()
    expect(sim.locator(".dk-ok")).to_have_text(f"{games} games", timeout=REDRAW_MS)
    expect(sim.locator(".dk-summary tbody tr")).to_have_count(seats)
    chart = sim.locator(".dk-winrate .js-plotly-plot")
    expect(chart).to_be_visible(timeout=REDRAW_MS)
    # one figure holds every chart; the win rate by seat is its first subplot (xy)
    expect(chart.locator(".subplot.xy .barlayer .point")).to_have_count(seats,
                                                                        timeout=REDRAW_MS)
    return sim
