"""How long the design lab's first page takes, as a designer meets it (a script, not a test).

For the index and each game's dashboard: start ``python -m designkit_widgets.serve [GAME]``
(what ``designkit dashboard [GAME]`` runs), open ``http://127.0.0.1:PORT/`` in Chromium
(it redirects to the page) and time until the lab's widgets are visible:

* **index**: opened as soon as the URL is printed; the index gets no preheated kernel,
  so this is Voila running the notebook (a cold first load);
* **a game**: opened once its preheated kernel has run the notebook (the kernel idle),
  so this is the page a designer gets after the server has had a moment.

Usage: ``.venv/bin/python benchmarks/dashboard_first_load.py [--page index --page crossroads]``
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dashboard_stop import free_port, wait_ready, wait_url
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from dk_browser import CHROMIUM, CHROMIUM_ARGS, FIRST_RENDER_MS  # noqa: E402
from dk_browser import open_lab as open_lab_page  # noqa: E402

PAGES = ("index", "crossroads", "rolling_stone", "witch_academy", "classic_hero")


def first_load(browser, name: str) -> tuple[float, float]:  # noqa: ANN001
    """(seconds from the start command to the lab, seconds from opening / to the lab)."""
    port = free_port()
    cmd = [sys.executable, "-m", "designkit_widgets.serve",
           *([] if name == "index" else [name]), "--port", str(port)]
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "out.log"
        with log.open("w") as out:
            start = time.perf_counter()
            proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                    start_new_session=True)
            try:
                if name == "index":
                    wait_url(proc, log)
                else:
                    wait_ready(proc, log, 1)
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                opened = open_lab_page(page, f"http://127.0.0.1:{port}/",
                                       timeout=FIRST_RENDER_MS * 2)
                total = time.perf_counter() - start
                page.close(run_before_unload=True)
            finally:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(30)
                except subprocess.TimeoutExpired:
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(proc.pid, signal.SIGKILL)
    return total, opened


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", action="append", choices=PAGES,
                        help="index or a game (repeatable; default all)")
    args = parser.parse_args(argv)
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                     headless=True)
        for name in args.page or PAGES:
            total, opened = first_load(browser, name)
            what = "cold: the notebook runs" if name == "index" else "preheated kernel"
            print(f"  {name}: lab visible {opened:.1f} s after opening / ({what}); "
                  f"{total:.1f} s after the start command", flush=True)
        browser.close()
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
