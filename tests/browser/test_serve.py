"""``designkit dashboard [GAME]`` (widgets/serve.py): serves, prints the URL, stops on Ctrl-C."""

from __future__ import annotations

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


def test_dashboard_serves_the_game_prints_the_url_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    port = free_port()
    out = (tmp_path / "out.log").open("w+")
    proc = subprocess.Popen([*DESIGNKIT, "dashboard", "crossroads", "--port", str(port)],
                            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, text=True)
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
        proc.send_signal(signal.SIGINT)
        try:
            status = proc.wait(30)
        except subprocess.TimeoutExpired:
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
