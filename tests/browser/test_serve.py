"""``designkit dashboard [GAME]`` (widgets/serve.py): serves, prints the URL, stops on Ctrl-C."""

from __future__ import annotations

import contextlib
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from dk_browser import ROOT, free_port

pytestmark = pytest.mark.browser

DESIGNKIT = [sys.executable, "-m", "designkit.cli"]


def _tree(proc: subprocess.Popen) -> list:
    import psutil

    with contextlib.suppress(psutil.Error):
        return psutil.Process(proc.pid).children(recursive=True)
    return []


def _kill(processes: list) -> None:
    import psutil

    for p in processes:
        with contextlib.suppress(psutil.Error):
            p.kill()


def _as_from_a_terminal() -> None:
    """Ctrl-C reaches a command typed in a terminal. A suite started in the background
    (``make test &``, ``nohup``) passes SIGINT on as ignored, and the Ctrl-C below would be
    lost; give the command the disposition it has in a terminal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_dashboard_serves_the_game_prints_the_url_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    port = free_port()
    out = (tmp_path / "out.log").open("w+")
    proc = subprocess.Popen([*DESIGNKIT, "dashboard", "crossroads", "--port", str(port)],
                            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, text=True,
                            preexec_fn=_as_from_a_terminal)
    try:
        url = None
        deadline = time.monotonic() + 60
        while url is None and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.3)
            out.seek(0)
            found = re.search(r"Design lab: (http://127\.0\.0\.1:\d+/\S+)", out.read())
            url = found.group(1) if found else None
        assert url == f"http://127.0.0.1:{port}/voila/render/crossroads.ipynb", url
        with urllib.request.urlopen(url, timeout=120) as resp:
            assert resp.status == 200
        index = f"http://127.0.0.1:{port}/voila/render/index.ipynb"  # the links' target folder
        with urllib.request.urlopen(index, timeout=120) as resp:
            assert resp.status == 200
    finally:
        tree = _tree(proc)
        proc.send_signal(signal.SIGINT)
        try:
            status = proc.wait(30)
        except subprocess.TimeoutExpired:
            _kill(tree)  # a failure here must not leave Voila and its kernels to later tests
            proc.kill()
            raise
        out.close()
    assert status == 0
    with socket.socket() as s:  # Voila went with it: nothing listens on the port
        assert s.connect_ex(("127.0.0.1", port)) != 0


def test_dashboard_for_an_unknown_game_names_the_dashboards() -> None:
    proc = subprocess.run([*DESIGNKIT, "dashboard", "no_such_game", "--port", str(free_port())],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "no dashboard for 'no_such_game'" in proc.stderr
    assert "crossroads" in proc.stderr


def test_serve_module_stops_voila_and_its_kernels_on_sigterm(tmp_path: Path) -> None:
    """``python -m designkit_widgets.serve GAME --port N`` (what ``designkit dashboard``
    runs): serves, holds its one preheated kernel, and on SIGTERM ends Voila and it."""
    import psutil

    port = free_port()
    out = (tmp_path / "out.log").open("w+")
    proc = subprocess.Popen([sys.executable, "-m", "designkit_widgets.serve", "crossroads",
                             "--port", str(port), "--pool", "1"],
                            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, text=True)
    kernels: list[psutil.Process] = []
    url_line = f"Design lab: http://127.0.0.1:{port}/voila/render/crossroads.ipynb"
    printed = ""
    try:
        # The kernel can start before serve has polled Voila and printed the URL (seen on a
        # loaded CI machine), so wait for both, in either order.
        deadline = time.monotonic() + 120
        while (time.monotonic() < deadline and proc.poll() is None
               and not (kernels and url_line in printed)):
            time.sleep(0.5)
            kernels = kernels or [p for p in psutil.Process(proc.pid).children(recursive=True)
                                  if "ipykernel" in " ".join(p.cmdline())]
            out.seek(0)
            printed = out.read()
        assert kernels, "no preheated kernel started"
        assert url_line in printed, printed
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            status = proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
        out.close()
    assert status == 0
    gone, alive = psutil.wait_procs(kernels, timeout=10)
    assert not alive, f"kernels left running: {[p.pid for p in alive]}"
    with socket.socket() as s:
        assert s.connect_ex(("127.0.0.1", port)) != 0
