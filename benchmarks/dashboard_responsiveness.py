"""How responsive the Crossroads design lab is in a real browser (a script, not a test).

Serves notebooks/dashboards/crossroads.ipynb with Voila on a free 127.0.0.1 port and
drives Debian's Chromium with Playwright (``make bench-dashboard``):

1. first render, once the server is up and its preheated kernel ready (Voila runs the
   notebook in a pool kernel before any page asks, ``designkit_widgets.serve``): page load
   until the lab is visible, and until its widgets respond (a Step click round-trips
   through the kernel), for a few fresh page loads (each after the pool refilled);
2. 1,000 Crossroads games with greedy bots from the Simulate tab (workers=2): time
   from the Run click to the redrawn win-rate chart, and whether the progress bar moved;
3. Step click to board+log redraw in the Play tab, median over 20 clicks with greedy
   bots in every seat (timed in the page, from the click to the last widget that the
   stepper's redraw updates).

Targets: first render < 3 s, 1,000 greedy games < 5 s, step < 200 ms.

``--pages`` times only the first render, of every page (the index and each game's lab),
each served on its own with its preheated kernel: page load → first widget visible (the
lab's game picker) → lab interactive (a Step click in the Play tab round-trips through
the kernel), for ``--loads`` fresh loads per page.

Usage: ``.venv/bin/python benchmarks/dashboard_responsiveness.py [--loads N] [--games N]
[--workers N] [--clicks N] [--pages]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from dk_browser import (  # noqa: E402 - shared with the browser tests
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    DASHBOARDS,
    FIRST_RENDER_MS,
    VoilaServer,
    open_lab,
    open_tab,
)

TARGETS = {"first render": 3.0, "1000 greedy games": 5.0, "step": 0.200}

# Click a button in the page and resolve, in ms, when ``done()`` first holds after a DOM change.
_TIMED_CLICK = """
async ([buttonSel, watchSel, want, timeout]) => {
  const button = document.querySelector(buttonSel);
  const watch = document.querySelector(watchSel);
  const done = () => watch.textContent.trim() === want;
  const t0 = performance.now();
  return await new Promise((resolve, reject) => {
    const obs = new MutationObserver(() => {
      if (done()) {
        obs.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - t0));
      }
    });
    obs.observe(watch, {childList: true, characterData: true, subtree: true});
    button.click();
    setTimeout(() => { obs.disconnect(); reject(new Error('no redraw in time')); }, timeout);
  });
}
"""

# Record every width the progress bar takes while a run is going.
_WATCH_PROGRESS = """
() => {
  const bar = document.querySelector('.dk-sim .dk-progress .progress-bar');
  window.__dkProgress = [];
  const obs = new MutationObserver(() => window.__dkProgress.push(bar.style.width));
  obs.observe(bar, {attributes: true, attributeFilter: ['style']});
  window.__dkProgressObs = obs;
}
"""

# What a run has reached: all games played (progress bar full), the kernel done (status
# and summary shown, charts built), the new win-rate chart drawn with one bar per seat.
_RUN_STATE = """
([games, seats]) => {
  const bar = document.querySelector('.dk-sim .dk-progress .progress-bar');
  const st = [...document.querySelectorAll('.dk-sim .dk-ok, .dk-sim .dk-error')]
    .map(e => e.textContent).join(' ');
  const summary = document.querySelector('.dk-sim .dk-summary');
  const bars = document.querySelectorAll(
    '.dk-sim .dk-winrate .js-plotly-plot .subplot.xy .barlayer .point:not([data-old])').length;
  return {started: bar.style.width !== '100%' || st.includes('running'),
          games: bar.style.width === '100%',
          status: st.includes(games + ' games') && !st.includes('running')
                  && !!summary && summary.textContent.includes('greedy'),
          chart: bars === seats};
}
"""

TIMELINE = ".dk-stepper .dk-timeline .widget-readout"
STEP = ".dk-stepper .dk-step"


def verdict(name: str, seconds: float) -> str:
    target = TARGETS[name]
    ok = "ok" if seconds < target else "MISSED"
    return f"(target < {target:g} s: {ok})"


def pool_ready(server: VoilaServer, timeout: float = 300.0, quiet: float = 1.5) -> float:
    """Wait until a preheated kernel has run the notebook (its process exists and has used
    no CPU for ``quiet`` seconds: Voila logs the pool as "filled" when the kernel starts,
    before the notebook ran); seconds waited."""
    import psutil

    start = time.perf_counter()
    last: float | None = None
    still_since = time.perf_counter()
    while time.perf_counter() - start < timeout:
        used = 0.0
        pids = server.kernels()
        for pid in pids:
            try:
                t = psutil.Process(pid).cpu_times()
                used += t.user + t.system
            except psutil.Error:
                pass
        now = time.perf_counter()
        if not pids or last is None or used - last > 0.02:
            still_since = now
        elif now - still_since >= quiet:
            return now - start
        last = used
        time.sleep(0.25)
    raise TimeoutError(f"no idle preheated kernel after {timeout:.0f} s")


def first_render(browser, server: VoilaServer, loads: int) -> list[tuple[float, float]]:  # noqa: ANN001
    """(lab visible, widgets respond) in seconds for ``loads`` fresh pages, each opened once
    the pool has a ready kernel."""
    out = []
    url = server.url
    for i in range(loads):
        waited = pool_ready(server)
        print(f"  pool kernel ready after {waited:.1f} s", flush=True)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        start = time.perf_counter()
        visible = open_lab(page, url, timeout=FIRST_RENDER_MS)
        open_tab(page, "Play")
        page.evaluate(_TIMED_CLICK, [STEP, TIMELINE, "1", 60_000])
        respond = time.perf_counter() - start
        out.append((visible, respond))
        print(f"  load {i + 1}: lab visible {visible:.2f} s, widgets respond {respond:.2f} s",
              flush=True)
        if i == 0:
            page.screenshot(path=str(ARTIFACTS / "bench-first-render.png"), full_page=True)
        page.close()
    return out


PAGES = ("index", "crossroads", "witch_academy", "classic_hero", "rolling_stone")
FIRST_WIDGET = ".dk-lab .dk-game-select select"


def page_render(browser, server: VoilaServer, loads: int, name: str  # noqa: ANN001
                ) -> list[tuple[float, float]]:
    """(first widget visible, lab interactive) in seconds for ``loads`` fresh pages of one
    dashboard, each opened once the pool has a ready kernel."""
    out = []
    for i in range(loads):
        pool_ready(server)
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        start = time.perf_counter()
        page.goto(server.url, timeout=FIRST_RENDER_MS)
        page.locator(FIRST_WIDGET).first.wait_for(state="visible", timeout=FIRST_RENDER_MS)
        visible = time.perf_counter() - start
        open_tab(page, "Play")
        page.locator(STEP).first.wait_for(state="visible", timeout=FIRST_RENDER_MS)
        page.evaluate(_TIMED_CLICK, [STEP, TIMELINE, "1", 60_000])
        interactive = time.perf_counter() - start
        out.append((visible, interactive))
        print(f"  {name} load {i + 1}: first widget {visible:.2f} s, interactive "
              f"{interactive:.2f} s", flush=True)
        if i == 0:
            page.screenshot(path=str(ARTIFACTS / f"bench-first-render-{name}.png"))
        page.close(run_before_unload=True)
    return out


def all_pages(loads: int, pages: tuple[str, ...] = PAGES) -> int:
    """First render of every page, one Voila server per page (its own preheated kernel)."""
    results = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                     headless=True)
        for name in pages:
            server = VoilaServer(DASHBOARDS / f"{name}.ipynb",
                                 log=ARTIFACTS / f"voila-bench-{name}.log").start()
            try:
                results[name] = page_render(browser, server, loads, name)
            finally:
                server.stop()
        browser.close()
    print(f"\nFirst render by page (Voila + Chromium at 1024 px; {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f} at the end)")
    for name, times in results.items():
        vis = statistics.median(v for v, _ in times)
        act = statistics.median(a for _, a in times)
        print(f"  {name:14s} first widget {vis:.2f} s, interactive {act:.2f} s (median of "
              f"{len(times)}) {verdict('first render', act)}")
    return 0


def simulate_games(page, games: int, workers: int, runs: int) -> list[tuple[float, bool]]:  # noqa: ANN001
    """(seconds from Run click to chart redraw, progress bar moved) per run."""
    open_tab(page, "Simulate")
    sim = page.locator(".dk-sim").first
    for select in sim.locator(".dk-agents select").all():
        select.select_option("greedy")
    for label, value in (("Games", games), ("Workers", workers)):
        box = sim.get_by_label(label, exact=True)
        box.fill(str(value))
        box.press("Enter")
    page.wait_for_timeout(300)
    out = []
    for run in range(runs):
        page.evaluate(_WATCH_PROGRESS)
        # mark the bars on the page now: the run's redraw replaces them with new ones
        page.evaluate("() => document.querySelectorAll('.dk-sim .dk-winrate .point')"
                      ".forEach(e => e.dataset.old = '1')")
        start = time.perf_counter()
        sim.locator(".dk-run").click()
        marks: dict[str, float] = {}
        while len(marks) < 4:
            if time.perf_counter() - start > 300:
                raise TimeoutError(f"no chart after 300 s (reached: {sorted(marks)})")
            state = page.evaluate(_RUN_STATE, [games, 4])
            now = time.perf_counter() - start
            for key, reached in state.items():  # a previous run's chart and status count
                if reached and key not in marks and (key == "started" or "started" in marks):
                    marks[key] = now
            page.wait_for_timeout(20)
        seconds = marks["chart"]
        widths = page.evaluate("() => { window.__dkProgressObs.disconnect(); "
                               "return window.__dkProgress; }")
        partial = [w for w in widths if w not in ("", "0%", "100%")]
        moved = bool(partial) and widths[-1] == "100%"
        out.append((seconds, moved))
        print(f"  run {run + 1}: {seconds:.2f} s from click to chart (progress bar full "
              f"{marks['games']:.2f} s, status and summary {marks['status']:.2f} s); progress "
              f"bar moved through {len(partial)} intermediate widths {'ok' if moved else 'NO'}",
              flush=True)
        if run == 0:
            page.screenshot(path=str(ARTIFACTS / "bench-simulated.png"), full_page=True)
    return out


def engine_alone(games: int, workers: int) -> float:
    """The same simulation without the browser or the kernel, for comparison (seconds)."""
    code = ("import time; from designkit import simulate; t = time.perf_counter(); "
            f"simulate('crossroads', {games}, agents='greedy', workers={workers}, "
            "progress=False); print(time.perf_counter() - t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    return float(out.stdout.strip().splitlines()[-1])


def step_clicks(page, clicks: int) -> list[float]:  # noqa: ANN001
    """Milliseconds from a Step click to the stepper's redraw, one per click."""
    open_tab(page, "Play")
    stepper = page.locator(".dk-stepper").first
    for select in stepper.locator(".dk-controllers select").all():
        select.select_option("greedy")
    page.wait_for_timeout(300)
    board = page.locator(".dk-stepper .dk-board-view")
    log = page.locator(".dk-stepper .widget-html.dk-log")
    # one warm-up step
    cursor = int(page.locator(TIMELINE).inner_text())
    page.evaluate(_TIMED_CLICK, [STEP, TIMELINE, str(cursor + 1), 30_000])
    cursor += 1
    board0, log0 = board.inner_html(), log.inner_text()
    times = []
    for _ in range(clicks):
        ms = page.evaluate(_TIMED_CLICK, [STEP, TIMELINE, str(cursor + 1), 30_000])
        cursor += 1
        times.append(ms)
    assert board.inner_html() != board0, "the board did not change over the clicks"
    assert log.inner_text() != log0, "the log did not change over the clicks"
    page.screenshot(path=str(ARTIFACTS / "bench-steps.png"), full_page=True)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3, help="fresh page loads to time")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--runs", type=int, default=2, help="simulation runs to time")
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--pages", action="store_true",
                        help="time only the first render, of every page")
    parser.add_argument("--page", action="append", choices=PAGES,
                        help="with --pages: only this page (repeatable)")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: run scripts/ensure_chromium.sh", file=sys.stderr)
        return 2
    ARTIFACTS.mkdir(exist_ok=True)
    if args.pages:
        return all_pages(args.loads, tuple(args.page or PAGES))
    server = VoilaServer(DASHBOARDS / "crossroads.ipynb",
                         log=ARTIFACTS / "voila-bench.log").start()
    print(f"Voila: {server.url} (crossroads design lab)", flush=True)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                         headless=True)
            print("1. first render")
            loads = first_render(browser, server, args.loads)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            open_lab(page, server.url)
            print(f"2. {args.games} greedy games, workers={args.workers}")
            runs = simulate_games(page, args.games, args.workers, args.runs)
            alone = engine_alone(args.games, args.workers)
            print(f"  engine alone (simulate() in a fresh process, same settings): "
                  f"{alone:.2f} s", flush=True)
            print(f"3. step clicks ({args.clicks})")
            steps = step_clicks(page, args.clicks)
            browser.close()
    finally:
        server.stop()

    first_visible, first_respond = loads[0]
    med_respond = statistics.median(r for _, r in loads)
    sim_best = min(s for s, _ in runs)
    step_med = statistics.median(steps) / 1000
    print()
    load = os.getloadavg()[0]
    print(f"Dashboard responsiveness (Crossroads design lab, Voila + Chromium; "
          f"{os.cpu_count()} cores, load average {load:.1f} at the end)")
    print(f"  first render: lab visible {first_visible:.2f} s, widgets respond "
          f"{first_respond:.2f} s (first load); median of {len(loads)} loads "
          f"{med_respond:.2f} s {verdict('first render', max(first_respond, med_respond))}")
    print(f"  {args.games} greedy games (workers={args.workers}): "
          + ", ".join(f"{s:.2f} s" for s, _ in runs)
          + " click to chart; progress bar moved: "
          + ("yes" if all(m for _, m in runs) else "NO")
          + f" {verdict('1000 greedy games', sim_best)}; the engine alone {alone:.2f} s")
    print(f"  step click to board+log redraw: median {step_med * 1000:.0f} ms "
          f"(min {min(steps):.0f}, max {max(steps):.0f}, n={len(steps)}) "
          f"{verdict('step', step_med)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
