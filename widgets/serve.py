"""Serve the Voila design lab on 127.0.0.1 (``designkit dashboard [GAME]``, ``make dashboard``,
``python -m designkit_widgets.serve [GAME] --port N``).

Voila runs in a child process from the same environment as this Python, serving the
folder ``notebooks/dashboards/`` so the index page's links to each game's dashboard
work. The URL printed is the page asked for: the index when no game is given,
otherwise that game's design lab. Blocks until Ctrl-C or SIGTERM, then stops Voila
and its kernels.

What the server is set up to do (see :func:`voila_command`):

* **preheated kernels**: the asked-for game's notebook (every game's, for the index)
  runs in a pool of ``pool`` kernel before any page asks, so a page opens with live
  widgets in about a second instead of waiting 8-10 s for the notebook to execute;
  the index page gets one too (it holds a lab);
* **kernels end with their page**: the ``designkit`` template (``share/voila/templates``)
  gives the page the ``_xsrf`` cookie Voila's shutdown request needs (it was refused
  with 403 "_xsrf missing" and every closed page left its ~200 MB kernel running), and
  kernels idle for ``cull_idle`` seconds are culled anyway (a crashed tab sends nothing);
* **offline**: the template drops the CDN stylesheet links (Font Awesome ships inside
  Voila's own bundle), so no request leaves 127.0.0.1.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from designkit.core.errors import DesignkitError
from designkit.core.paths import REPO_ROOT

HOST = "127.0.0.1"
TEMPLATE = "designkit"
SHARE = Path(__file__).resolve().parent / "share"  # a Jupyter data dir: voila/templates/...
POOL = 1  # preheated kernels per game notebook
CULL_IDLE = 600  # seconds before a kernel with no page attached (and idle) is shut down
CULL_INTERVAL = 60
IOPUB_TIMEOUT = 120
# Design-questions pages (questions_<game>.ipynb) simulate for a while when opened: they
# get no preheated kernel, so starting the server does not run four simulations at once.
QUESTIONS_PAGE = "questions_"


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


def pools_for(target: Path, pool: int = POOL) -> dict[str, dict[str, int]]:
    """Preheated kernels per notebook: ``pool`` for a game's dashboard and for the index
    (it holds a whole lab too: 7-8 s to first render without one), none for the
    design-questions pages or any other notebook (Voila's ``kernel_pools_config``, keyed
    by path under the root)."""
    if target.is_file():
        return {"default": {"pool_size": 0}, target.name: {"pool_size": pool}}
    games = sorted(p.name for p in target.glob("*.ipynb")
                   if not p.stem.startswith(QUESTIONS_PAGE))
    return {"default": {"pool_size": 0}, **{name: {"pool_size": pool} for name in games}}


def voila_config(target: Path, pool: int = POOL, cull_idle: int = CULL_IDLE,
                 folder: Path | None = None) -> Path:
    """Write the kernel settings as a Voila config file (``voila.json``) and return its folder.

    A file rather than command-line flags: the per-notebook pool table is a nested dict.
    """
    folder = Path(folder or tempfile.mkdtemp(prefix="designkit-voila-"))
    folder.mkdir(parents=True, exist_ok=True)
    config = {
        "VoilaConfiguration": {"preheat_kernel": pool > 0, "template": TEMPLATE},
        "VoilaKernelManager": {"kernel_pools_config": pools_for(target, pool)},
        "MappingKernelManager": {"cull_idle_timeout": cull_idle,
                                 "cull_interval": CULL_INTERVAL, "cull_connected": False},
        # the lab's output can come late on a loaded machine; nbclient's default (4 s) then
        # dropped it and the page stayed empty ("Timeout waiting for IOPub output")
        "VoilaExecutor": {"iopub_timeout": IOPUB_TIMEOUT},
    }
    (folder / "voila.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
    return folder


def voila_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment Voila runs in: our template folder first on ``JUPYTER_PATH``."""
    env = dict(os.environ if base is None else base, PYTHONUNBUFFERED="1")
    env["JUPYTER_PATH"] = os.pathsep.join(
        [str(SHARE)] + ([env["JUPYTER_PATH"]] if env.get("JUPYTER_PATH") else []))
    return env


def voila_command(target: Path, port: int, *extra: str, config_dir: Path | None = None
                  ) -> list[str]:
    """The Voila command line for ``target`` (a notebook or a folder) on 127.0.0.1:``port``.

    ``config_dir`` is a folder from :func:`voila_config` (kernel pool and culling).
    """
    config = [f"--Voila.config_file_paths={config_dir}"] if config_dir else []
    return [sys.executable, "-m", "voila", str(target), f"--port={port}", "--no-browser",
            f"--Voila.ip={HOST}", "--Voila.port_retries=0", f"--template={TEMPLATE}",
            *config, *extra]


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


def _kill_kernels(proc: subprocess.Popen) -> None:
    """SIGKILL Voila's kernels first: a kernel torn down mid-execution by Voila's own
    shutdown prints a zmq traceback into the user's terminal; a killed one says nothing."""
    try:
        import psutil
    except ImportError:  # pragma: no cover - psutil comes with jupyter_server
        return
    with contextlib.suppress(psutil.Error):
        for child in psutil.Process(proc.pid).children(recursive=True):
            with contextlib.suppress(psutil.Error):
                if "ipykernel" in " ".join(child.cmdline()):
                    child.kill()


def stop(proc: subprocess.Popen, timeout: float = 15.0) -> None:
    """Stop Voila's kernels, then Voila with SIGTERM, SIGKILL if it hangs."""
    if proc.poll() is not None:
        return
    _kill_kernels(proc)
    with contextlib.suppress(ProcessLookupError):
        proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def start_voila(target: Path, port: int, *extra: str, preheat: Path | None = None,
                pool: int = POOL, cull_idle: int = CULL_IDLE, stdout=None,  # noqa: ANN001
                cwd: Path | None = None) -> subprocess.Popen:
    """Start Voila on ``target`` with the design lab's settings (see the module docstring);
    ``preheat`` (a notebook in ``target``) limits the kernel pool to that notebook.
    ``stdout``: a file for Voila's output (stderr too), or None to inherit."""
    config_dir = voila_config(preheat or target, pool, cull_idle)
    cwd = cwd or (target if target.is_dir() else target.parent)
    return subprocess.Popen(voila_command(target, port, *extra, config_dir=config_dir),
                            cwd=cwd, env=voila_env(), stdout=stdout,
                            stderr=subprocess.STDOUT if stdout is not None else None)


class _Terminated(Exception):
    """SIGTERM arrived: leave like after Ctrl-C, stopping Voila on the way out."""


def serve_dashboard(game: str | None, port: int = 8866, open_browser: bool = False,
                    pool: int = POOL) -> int:
    """Serve the design lab (index or ``game``) on http://127.0.0.1:``port``; block until
    Ctrl-C or SIGTERM. Returns Voila's exit status (0 after Ctrl-C or SIGTERM)."""
    notebook = dashboard_notebook(game)
    if not port_free(port):
        raise DesignkitError(f"port {port} on {HOST} is in use (another dashboard?); "
                             f"choose another with --port")
    url = f"http://{HOST}:{port}/voila/render/{notebook.name}"
    print(f"Starting Voila for {notebook.relative_to(REPO_ROOT)} ...", flush=True)
    # the folder, so the index's links work; preheat only what this call is about
    proc = start_voila(notebook.parent, port, preheat=None if game is None else notebook,
                       pool=pool)

    def terminated(_signum: int, _frame: object) -> None:
        raise _Terminated

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        if wait_until_up(f"http://{HOST}:{port}/", proc):
            print(f"\nDesign lab: {url}\n(Ctrl-C stops the server)\n", flush=True)
            if open_browser:
                import webbrowser

                webbrowser.open(url)
        return proc.wait()
    except (KeyboardInterrupt, _Terminated):
        print("\nStopping the design lab ...", flush=True)
        stop(proc)
        return 0
    finally:
        stop(proc)
        signal.signal(signal.SIGTERM, previous)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m designkit_widgets.serve [GAME] [--port N] [--pool K]``."""
    parser = argparse.ArgumentParser(prog="python -m designkit_widgets.serve",
                                     description="Serve the Voila design lab on 127.0.0.1.")
    parser.add_argument("game", nargs="?", default=None,
                        help="a game's dashboard (default: the index of all games)")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--pool", type=int, default=POOL,
                        help=f"preheated kernels per game notebook (default {POOL}; 0: none)")
    args = parser.parse_args(argv)
    try:
        return serve_dashboard(args.game, port=args.port, pool=max(0, args.pool))
    except DesignkitError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
