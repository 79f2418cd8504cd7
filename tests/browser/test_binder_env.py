"""The Binder environment, checked without Docker: what repo2docker would do with binder/.

A fresh venv gets ``pip install -r binder/requirements.txt`` and then runs
``binder/postBuild``; Voila from that venv must serve the design lab index, and
Chromium must show the lab. The Jupyter server route that the Binder badges use
(``/voila/render/...`` and ``/lab``) is checked as well. That binder/requirements.txt is
the export of uv.lock is checked without a browser, in tests/test_environment_lock.py.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from dk_browser import (
    DASHBOARDS,
    FIRST_RENDER_MS,
    ROOT,
    VoilaServer,
    free_port,
    wait_for_port,
)
from playwright.sync_api import expect

pytestmark = [pytest.mark.slow, pytest.mark.browser]

BINDER = ROOT / "binder"


def run(cmd: list[str], env: dict[str, str], cwd: Path = ROOT) -> None:
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, (f"{' '.join(cmd)} failed ({proc.returncode}):\n"
                                  f"{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")


@pytest.fixture(scope="module")
def binder_python(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A venv built the way repo2docker builds the image from binder/."""
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"
    assert sys.version_info[:2] == (3, 11)
    venv = tmp_path_factory.mktemp("binder") / "venv"
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    run([sys.executable, "-m", "venv", str(venv)], env)
    python = str(venv / "bin" / "python")
    run([python, "-m", "pip", "install", "-q", "-r", str(BINDER / "requirements.txt")], env)
    post_build = BINDER / "postBuild"
    assert os.access(post_build, os.X_OK), "binder/postBuild must be executable"
    assert post_build.read_text().startswith("#!/bin/bash")
    env_venv = dict(env, PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}",
                    VIRTUAL_ENV=str(venv))
    run([str(post_build)], env_venv)
    # the venv runs designkit and the widgets without anything from the test venv
    run([python, "-c", "import designkit, designkit_widgets, voila, plotly, anywidget; "
                       "from designkit_widgets import DesignLab; "
                       f"assert designkit.__file__.startswith({str(ROOT)!r})"], env)
    return python


@pytest.fixture(scope="module")
def binder_voila(binder_python: str, tmp_path_factory: pytest.TempPathFactory
                 ) -> Iterator[VoilaServer]:
    log = tmp_path_factory.mktemp("logs") / "voila-binder.log"
    server = VoilaServer(DASHBOARDS / "index.ipynb", python=binder_python, log=log).start()
    try:
        yield server
    finally:
        server.stop()


def test_voila_from_binder_env_renders_the_lab(binder_voila: VoilaServer, page, snap) -> None:
    with urllib.request.urlopen(binder_voila.url, timeout=120) as resp:
        assert resp.status == 200
        html = resp.read().decode("utf-8", "replace")
    assert "design lab" in html.lower()
    page.goto(binder_voila.url)
    page.locator(".dk-lab").first.wait_for(state="visible", timeout=FIRST_RENDER_MS)
    snap(page, "binder-index")
    assert page.locator(".dk-error").count() == 0


def test_binder_jupyter_server_routes(binder_python: str, tmp_path_factory, page, snap) -> None:
    """The badges' URLs on a Jupyter server from the Binder venv: /lab, and the design lab
    at /voila/render/notebooks/dashboards/index.ipynb (Voila's server extension)."""
    port = free_port()
    log = (tmp_path_factory.mktemp("logs") / "jupyter-binder.log").open("w")
    cmd = [binder_python, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
           f"--port={port}", "--ServerApp.ip=127.0.0.1", "--ServerApp.token=",
           "--ServerApp.password=", "--ServerApp.port_retries=0",
           f"--ServerApp.root_dir={ROOT}"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for_port(port, proc)
        base = f"http://127.0.0.1:{port}"
        with urllib.request.urlopen(f"{base}/lab", timeout=60) as resp:
            assert resp.status == 200
        page.goto(f"{base}/voila/render/notebooks/dashboards/index.ipynb")
        page.locator(".dk-lab").first.wait_for(state="visible", timeout=FIRST_RENDER_MS)
        expect(page.get_by_role("link", name=re.compile("Crossroads"))).to_be_visible()
        snap(page, "binder-voila-render")
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
