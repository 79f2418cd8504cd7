"""How long the design lab takes to stop (a script, not a test: a timed test would be flaky
on a shared machine).

Starts the dashboard as a designer does, waits until it is serving and its preheated
kernels have run their notebooks (optionally with a page open, so a page's kernel runs
too), sends SIGTERM (or SIGINT, Ctrl-C's signal) and times until every process of the tree
is gone (the command, Voila, every kernel) and nothing listens on the port. Median over
``--runs`` starts. Target (issue 25): < 3 s.

Usage::

    .venv/bin/python benchmarks/dashboard_stop.py                  # crossroads, 5 runs
    .venv/bin/python benchmarks/dashboard_stop.py --game index     # the index: 4 pools
    .venv/bin/python benchmarks/dashboard_stop.py --via cli --signal INT --open-page
    .venv/bin/python benchmarks/dashboard_stop.py --via cli --background   # `make dashboard &`
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
TARGET_S = 3.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def command(via: str, game: str, port: int, script: Path | None = None) -> list[str]:
    """``designkit dashboard`` (cli) or ``python -m designkit_widgets.serve`` (serve), or
    ``python SCRIPT`` (another serve.py, e.g. ``git show main:widgets/serve.py``)."""
    name = [] if game == "index" else [game]
    if script is not None:
        return [sys.executable, str(script), *name, "--port", str(port)]
    if via == "cli":
        return [sys.executable, "-m", "designkit.cli", "dashboard", *name, "--port", str(port)]
    return [sys.executable, "-m", "designkit_widgets.serve", *name, "--port", str(port)]


def kernels(proc: subprocess.Popen) -> list[psutil.Process]:
    out = []
    with contextlib.suppress(psutil.Error):
        for child in psutil.Process(proc.pid).children(recursive=True):
            with contextlib.suppress(psutil.Error):
                if "ipykernel" in " ".join(child.cmdline()):
                    out.append(child)
    return out


def wait_ready(proc: subprocess.Popen, log: Path, want: int, quiet: float = 1.5,
               timeout: float = 300.0) -> None:
    """Until the URL is printed and ``want`` kernels exist and used no CPU for ``quiet`` s
    (their notebooks have run)."""
    start = still = time.monotonic()
    last = -1.0
    while time.monotonic() - start < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"the dashboard exited ({proc.returncode}):\n{log.read_text()}")
        ks = kernels(proc)
        used = 0.0
        for k in ks:
            with contextlib.suppress(psutil.Error):
                t = k.cpu_times()
                used += t.user + t.system
        now = time.monotonic()
        if len(ks) < want or "Design lab:" not in log.read_text() or used - last > 0.02:
            still = now
        elif now - still >= quiet:
            return
        last = used
        time.sleep(0.25)
    raise TimeoutError(f"not ready after {timeout:.0f} s:\n{log.read_text()[-2000:]}")


def wait_url(proc: subprocess.Popen, log: Path, timeout: float = 300.0) -> None:
    """Until the URL is printed (preheated kernels may still be running their notebooks)."""
    deadline = time.monotonic() + timeout
    while "Design lab:" not in log.read_text():
        if proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"no URL ({proc.returncode}):\n{log.read_text()[-2000:]}")
        time.sleep(0.1)


def page_url(log: Path) -> str:
    return re.search(r"Design lab: (\S+)", log.read_text()).group(1)


def open_page(log: Path) -> None:
    """GET the page the URL names: Voila hands it a kernel (and refills the pool)."""
    with urllib.request.urlopen(page_url(log), timeout=300) as resp:
        resp.read()


@contextlib.contextmanager
def browser_page(url: str) -> Iterator[None]:
    """The page open in Chromium (widgets shown, its kernel connected) while the block runs."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from dk_browser import CHROMIUM, CHROMIUM_ARGS

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                     headless=True)
        page = browser.new_page()
        page.goto(url, timeout=300_000)
        page.locator(".dk-lab, .jp-OutputArea-output").first.wait_for(state="visible",
                                                                      timeout=300_000)
        try:
            yield
        finally:
            browser.close()


def one_run(args: argparse.Namespace, want: int) -> tuple[float, int]:
    """Seconds from the signal until the whole tree is gone; the number of kernels."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "out.log"
        with log.open("w") as out:
            proc = subprocess.Popen(command(args.via, args.game, port, args.serve_script),
                                    cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                    start_new_session=True,
                                    preexec_fn=_in_background if args.background
                                    else _as_from_a_terminal)
            try:
                if args.at == "url":
                    wait_url(proc, log)
                else:
                    wait_ready(proc, log, want)
                if args.open_page:
                    open_page(log)
                    wait_ready(proc, log, want + 1)
                with browser_page(page_url(log)) if args.browser else contextlib.nullcontext():
                    if args.browser:
                        wait_ready(proc, log, want + 1)
                    tree = psutil.Process(proc.pid).children(recursive=True)
                    n_kernels = len(kernels(proc))
                    t0 = time.perf_counter()
                    send(proc, args.signal)
                    proc.wait(60)
                    _, alive = psutil.wait_procs(tree, timeout=60)
                    while not port_closed(port):
                        time.sleep(0.01)
                    seconds = time.perf_counter() - t0
                if alive:
                    raise RuntimeError(f"left running: {[p.pid for p in alive]}")
            finally:  # a failed run must not leave Voila and its kernels behind
                with contextlib.suppress(psutil.Error):
                    for child in psutil.Process(proc.pid).children(recursive=True):
                        with contextlib.suppress(psutil.Error):
                            child.kill()
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
    return seconds, n_kernels


def _as_from_a_terminal() -> None:
    """SIGINT as a command typed in a terminal has it (this script may itself run in the
    background, where SIGINT is inherited as ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _in_background() -> None:
    """SIGINT ignored, as for ``make dashboard &`` started from a script or nohup."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def send(proc: subprocess.Popen, name: str) -> None:
    """SIGTERM to the command (``kill PID``); SIGINT to its process group, as Ctrl-C in a
    terminal reaches every process of the foreground job (Voila too, for serve)."""
    if name == "INT":
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGTERM)


def port_closed(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="crossroads", help="a game, or 'index' (default "
                                                             "crossroads)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--via", choices=("serve", "cli"), default="serve")
    parser.add_argument("--signal", choices=("TERM", "INT"), default="TERM")
    parser.add_argument("--background", action="store_true",
                        help="start it as `cmd &` from a script does: SIGINT ignored")
    parser.add_argument("--serve-script", type=Path,
                        help="run this serve.py instead (a before/after comparison)")
    parser.add_argument("--at", choices=("ready", "url"), default="ready",
                        help="signal once the kernels are idle (ready) or as soon as the URL "
                             "is printed (url: notebooks still running)")
    parser.add_argument("--browser", action="store_true",
                        help="keep the page open in Chromium (its kernel connected)")
    parser.add_argument("--open-page", action="store_true",
                        help="GET the page first, so a page's kernel runs too")
    args = parser.parse_args(argv)
    games = [p for p in (ROOT / "notebooks" / "dashboards").glob("*.ipynb")
             if p.stem != "index" and not p.stem.startswith("questions_")]
    want = len(games) if args.game == "index" else 1
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    times = []
    for i in range(args.runs):
        seconds, n = one_run(args, want)
        times.append(seconds)
        print(f"  run {i + 1}: {seconds:.2f} s ({n} kernels)", flush=True)
    med = statistics.median(times)
    ok = "ok" if med < TARGET_S else "MISSED"
    via = args.serve_script or args.via
    print(f"dashboard stop ({via}, {args.game}, SIG{args.signal}"
          f"{', a page fetched' if args.open_page else ''}"
          f"{', the page open in Chromium' if args.browser else ''}"
          f"{', started in the background' if args.background else ''}, at {args.at}): "
          f"median {med:.2f} s of {len(times)} "
          f"(min {min(times):.2f}, max {max(times):.2f}); target < {TARGET_S:g} s: {ok}; "
          f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
