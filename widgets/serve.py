"""Serve the Voila design lab on 127.0.0.1 (``designkit dashboard [GAME]``, ``make dashboard``).

Voila runs in a child process from the same environment as this Python, serving the
folder ``notebooks/dashboards/`` so the index page's links to each game's dashboard
work. The URL printed is the page asked for: the index when no game is given,
otherwise that game's design lab. Blocks until Ctrl-C, then stops Voila and its kernels.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from designkit.core.errors import DesignkitError
from designkit.core.paths import REPO_ROOT

HOST = "127.0.0.1"


def dashboards_dir() -> Path:
    """``notebooks/dashboards/`` of the checkout designkit runs from."""
    return REPO_ROOT / "notebooks" / "dashboards"


def dashboard_notebook(game: str | None) -> Path:
    """The notebook for ``game`` (the index when ``None``); a clear error when missing."""
    folder = dashboards_dir()
    name = "index" if game is None else game
    path = folder / f"{name}.ipynb"
    if not path.is_file():
        have = sorted(p.stem for p in folder.glob("*.ipynb") if p.stem != "index")
        raise DesignkitError(f"no dashboard for {name!r} in {folder}; dashboards: "
                             + (", ".join(have) if have else "none"))
    return path


def voila_command(target: Path, port: int, *extra: str) -> list[str]:
    """The Voila command line for ``target`` (a notebook or a folder) on 127.0.0.1:``port``."""
    return [sys.executable, "-m", "voila", str(target), f"--port={port}", "--no-browser",
            f"--Voila.ip={HOST}", "--Voila.port_retries=0", *extra]


def port_free(port: int, host: str = HOST) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def wait_until_up(url: str, proc: subprocess.Popen, timeout: float = 60.0) -> bool:
    """Poll ``url`` until the server answers (any HTTP status) or ``proc`` exits."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(url, timeout=2):
                return True
        except urllib.error.HTTPError:
            return True
        except OSError:
            time.sleep(0.2)
    return False


def stop(proc: subprocess.Popen, timeout: float = 10.0) -> None:
    """Stop Voila (SIGTERM, then SIGKILL); its kernels shut down with it."""
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def serve_dashboard(game: str | None, port: int = 8866, open_browser: bool = False) -> int:
    """Serve the design lab (index or ``game``) on http://127.0.0.1:``port``; block until Ctrl-C.

    Returns Voila's exit status (0 after Ctrl-C).
    """
    notebook = dashboard_notebook(game)
    if not port_free(port):
        raise DesignkitError(f"port {port} on {HOST} is in use (another dashboard?); "
                             f"choose another with --port")
    url = f"http://{HOST}:{port}/voila/render/{notebook.name}"
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    print(f"Starting Voila for {notebook.relative_to(REPO_ROOT)} ...", flush=True)
    proc = subprocess.Popen(voila_command(notebook.parent, port), cwd=notebook.parent, env=env)
    try:
        if wait_until_up(f"http://{HOST}:{port}/", proc):
            print(f"\nDesign lab: {url}\n(first load runs the notebook: ~10 s; Ctrl-C stops "
                  f"the server)\n", flush=True)
            if open_browser:
                import webbrowser

                webbrowser.open(url)
        return proc.wait()
    except KeyboardInterrupt:
        print("\nStopping the design lab ...", flush=True)
        stop(proc)
        return 0
    finally:
        stop(proc)
