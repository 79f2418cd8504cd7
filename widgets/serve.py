"""Serve the Voila design lab on 127.0.0.1 (``designkit dashboard [GAME]``, ``make dashboard``,
``python -m designkit_widgets.serve [GAME] --port N``).

Voila runs in a child process from the same environment as this Python, serving the
folder ``notebooks/dashboards/`` so the index page's links to each game's dashboard
work. The URL printed is the page asked for: the index when no game is given,
otherwise that game's design lab (its own notebook, or the generic ``game_lab.ipynb`` for a
game that has none, told the game through ``DESIGNKIT_GAME``). Blocks until Ctrl-C or SIGTERM, then stops Voila
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
  Voila's own bundle), so no request leaves 127.0.0.1;
* **``/`` opens the lab**: Voila runs as :func:`run_voila`'s subclass, whose ``landing``
  page (the index, or the game asked for) is where ``/`` and Voila's file list
  (``/voila/tree``) redirect (302, so a browser caches nothing when the port serves
  another game later);
* **a prompt stop**: on SIGTERM or Ctrl-C the subclass cancels the kernel pool's pending
  refills (Voila's own stop awaited each one: a kernel start plus a notebook run) and
  kills its kernels at once (``shutdown_all(now=True)``: no shutdown request, no
  ``shutdown_wait_time``); :func:`stop` kills every kernel it saw after Voila exits.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
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
from typing import Any

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
# A game without a notebook of its own (any game declared by entry point) is served by one
# generic page; the game comes from GAME_ENV (this server's game, set for Voila and so for
# its kernels, preheated ones included) or the URL's ``?game=`` (links from the index).
GENERIC_PAGE = "game_lab.ipynb"
GAME_ENV = "DESIGNKIT_GAME"


def dashboards_dir() -> Path:
    """``notebooks/dashboards/`` of the checkout designkit runs from."""
    return REPO_ROOT / "notebooks" / "dashboards"


def dashboard_notebook(game: str | None) -> Path:
    """The notebook for ``game`` (the index when ``None``): its own page if it has one, else
    the generic :data:`GENERIC_PAGE` for any registered game; a clear error otherwise."""
    folder = dashboards_dir()
    name = "index" if game is None else game
    path = folder / f"{name}.ipynb"
    if not path.is_file() and game is not None:
        from designkit.core.registry import get_game

        try:
            get_game(game)
        except DesignkitError as err:  # names the registered games
            raise DesignkitError(f"no dashboard for {name!r}: {err}") from None
        path = folder / GENERIC_PAGE
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
    games = sorted(p.name for p in target.glob("*.ipynb")  # the generic page: no game yet
                   if not p.stem.startswith(QUESTIONS_PAGE) and p.name != GENERIC_PAGE)
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


LANDING_TRAIT = "DesignkitVoila.landing"


def run_voila(argv: Sequence[str] | None = None) -> None:
    """Voila's command line (``python -c VOILA_MAIN FOLDER --DesignkitVoila.landing=PAGE
    ...``), with :func:`voila_app_class`.

    Voila is imported here, not at the top: this module is imported by the CLI's child and
    the tests, and ``voila.app`` takes seconds to import on a loaded machine."""
    voila_app_class().launch_instance(argv)
    _exit_now(0)


def _exit_now(status: int) -> None:
    """Leave without the interpreter's teardown, once everything is stopped: the final
    garbage collection of every module took 1-3 s more (seconds more on a loaded machine)
    for nothing the stop needs (kernels, files and sockets are already dealt with)."""
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


def voila_app_class() -> Any:
    """Voila with the landing redirect and the prompt stop (see the module docstring)."""
    import shutil

    from jupyter_core.utils import run_sync
    from jupyter_server.base.handlers import path_regex
    from jupyter_server.utils import url_path_join
    from tornado.web import RedirectHandler
    from traitlets import Unicode
    from voila.app import Voila

    class DesignkitVoila(Voila):
        landing = Unicode("", config=True,
                          help="notebook under the served folder that / redirects to")

        def init_handlers(self) -> list:
            handlers = super().init_handlers()
            if not self.landing or self.notebook_path:
                return handlers
            page = {"url": url_path_join(self.server_url, "voila/render", self.landing),
                    "permanent": False}
            # first match wins: these come before Voila's tree handlers for the same paths
            return [(self.server_url, RedirectHandler, page),
                    (url_path_join(self.server_url, r"/voila/tree" + path_regex),
                     RedirectHandler, page), *handlers]

        def stop(self) -> None:
            km = self.kernel_manager
            pools, km._pools = getattr(km, "_pools", {}), {}
            for task in (t for pool in pools.values() for t in pool):
                task.cancel()
            try:
                run_sync(km.shutdown_all)(now=True)
            except Exception as err:  # a refill cancelled while its kernel was launching
                self.log.warning("kernel shutdown: %s (serve.py kills what is left)", err)
            shutil.rmtree(self.connection_dir, ignore_errors=True)

    return DesignkitVoila


def voila_env(base: dict[str, str] | None = None, game: str | None = None) -> dict[str, str]:
    """The environment Voila runs in: our template folder first on ``JUPYTER_PATH``; ``game``
    for the generic page (:data:`GAME_ENV`)."""
    env = dict(os.environ if base is None else base, PYTHONUNBUFFERED="1")
    if game is not None:
        env[GAME_ENV] = game
    env["JUPYTER_PATH"] = os.pathsep.join(
        [str(SHARE)] + ([env["JUPYTER_PATH"]] if env.get("JUPYTER_PATH") else []))
    return env


# Voila's process runs this file by path, not ``import designkit_widgets.serve``: the
# package's __init__ imports the panels (pandas, pyarrow, plotly), 100+ MB and seconds of
# start and exit in a process that needs none of them.
VOILA_MAIN = (f"import runpy; runpy.run_path({str(Path(__file__).resolve())!r}, "
              f"run_name='designkit_voila')['run_voila']()")


def voila_command(target: Path, port: int, *extra: str, config_dir: Path | None = None,
                  landing: str | None = None) -> list[str]:
    """The Voila command line for ``target`` (a notebook or a folder) on 127.0.0.1:``port``.

    ``config_dir`` is a folder from :func:`voila_config` (kernel pool and culling);
    ``landing`` the notebook of the folder that ``/`` redirects to (default: the index
    when the folder has one).
    """
    config = [f"--Voila.config_file_paths={config_dir}"] if config_dir else []
    if landing is None and target.is_dir() and (target / "index.ipynb").is_file():
        landing = "index.ipynb"
    page = [f"--{LANDING_TRAIT}={landing}"] if landing and target.is_dir() else []
    return [sys.executable, "-c", VOILA_MAIN, str(target), f"--port={port}", "--no-browser",
            f"--Voila.ip={HOST}", "--Voila.port_retries=0", f"--template={TEMPLATE}",
            *config, *page, *extra]


def port_free(port: int, host: str = HOST) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Report a redirect as an HTTPError instead of following it."""

    def redirect_request(self, *_args: object, **_kwargs: object) -> None:
        return None


def wait_until_up(url: str, proc: subprocess.Popen, timeout: float = 60.0) -> bool:
    """Poll ``url`` until the server answers (any HTTP status) or ``proc`` exits."""
    deadline = time.monotonic() + timeout
    opener = urllib.request.build_opener(_NoRedirect)  # / redirects to a page that runs a kernel
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        try:
            with opener.open(url, timeout=2):
                return True
        except urllib.error.HTTPError:
            return True
        except OSError:
            time.sleep(0.2)
    return False


def _kill_kernels(proc: subprocess.Popen, seen: dict[int, object]) -> None:
    """SIGKILL Voila's kernels (and remember them in ``seen``): a kernel torn down
    mid-execution by Voila's own shutdown prints a zmq traceback into the user's
    terminal; a killed one says nothing."""
    try:
        import psutil
    except ImportError:  # pragma: no cover - psutil comes with jupyter_server
        return
    with contextlib.suppress(psutil.Error):
        for child in psutil.Process(proc.pid).children(recursive=True):
            with contextlib.suppress(psutil.Error):
                if child.pid in seen or "ipykernel" in " ".join(child.cmdline()):
                    seen[child.pid] = child
                    child.kill()


def stop(proc: subprocess.Popen, timeout: float = 15.0) -> None:
    """Stop Voila's kernels, then Voila with SIGTERM (SIGKILL if it hangs), killing any
    kernel that started meanwhile: kernels run in sessions of their own, so one that
    outlived Voila would be nobody's child."""
    if proc.poll() is not None:
        return
    seen: dict[int, object] = {}
    _kill_kernels(proc, seen)
    with contextlib.suppress(ProcessLookupError):
        proc.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < deadline:
        _kill_kernels(proc, seen)  # a pool refill that was launching as the signal came
        time.sleep(0.05)
    if proc.poll() is None:
        proc.kill()
        proc.wait()
    for kernel in seen.values():
        with contextlib.suppress(Exception):
            kernel.kill()  # type: ignore[attr-defined]


def start_voila(target: Path, port: int, *extra: str, preheat: Path | None = None,
                pool: int = POOL, cull_idle: int = CULL_IDLE, stdout=None,  # noqa: ANN001
                cwd: Path | None = None, landing: str | None = None,
                game: str | None = None) -> subprocess.Popen:
    """Start Voila on ``target`` with the design lab's settings (see the module docstring);
    ``preheat`` (a notebook in ``target``) limits the kernel pool to that notebook and is
    where ``/`` redirects (``landing`` overrides that; default the index).
    ``stdout``: a file for Voila's output (stderr too), or None to inherit; ``game``: the
    game of the generic page (:data:`GAME_ENV`)."""
    config_dir = voila_config(preheat or target, pool, cull_idle)
    cwd = cwd or (target if target.is_dir() else target.parent)
    trust_notebooks(target if target.is_dir() else target.parent)
    landing = landing or (preheat.name if preheat is not None else None)
    return subprocess.Popen(voila_command(target, port, *extra, config_dir=config_dir,
                                          landing=landing),
                            cwd=cwd, env=voila_env(game=game), stdout=stdout,
                            stderr=subprocess.STDOUT if stdout is not None else None)


def trust_notebooks(folder: Path, notary: object = None) -> list[Path]:
    """Sign the lab's own notebooks (``jupyter trust``) unless their signature holds, so the
    server does not log "Notebook … is not trusted" for every page (five lines on each
    ``make dashboard``). Trust only decides whether a notebook's stored HTML/JS outputs are
    shown when it is opened in JupyterLab; these notebooks are the project's own, run by the
    server anyway. The signature lives in the user's Jupyter data folder, so it is made on
    each machine, here; an unavailable signature store only leaves the warning. Returns the
    notebooks signed now."""
    import nbformat
    from nbformat.sign import NotebookNotary

    signed = []
    try:
        notary = notary or NotebookNotary()
        for path in sorted(folder.glob("*.ipynb")):
            nb = nbformat.read(path, as_version=4)
            if not notary.check_signature(nb):  # type: ignore[attr-defined]
                notary.sign(nb)  # type: ignore[attr-defined]
                signed.append(path)
    except Exception as err:  # noqa: BLE001 - cosmetic: never stop the lab for it
        logging.getLogger(__name__).info("could not trust the notebooks: %s", err)
    return signed


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
    generic = notebook.name == GENERIC_PAGE
    url = f"http://{HOST}:{port}/voila/render/{notebook.name}" + (f"?game={game}" if generic
                                                                  else "")
    print(f"Starting Voila for {notebook.relative_to(REPO_ROOT)} ...", flush=True)
    # the folder, so the index's links work; preheat only what this call is about
    proc = start_voila(notebook.parent, port, preheat=None if game is None else notebook,
                       pool=pool, game=game if generic else None)

    def terminated(_signum: int, _frame: object) -> None:
        raise _Terminated

    previous = signal.signal(signal.SIGTERM, terminated)
    # ``designkit dashboard`` stops this process with SIGINT. Started in the background
    # (``make dashboard &``, nohup, a script) it inherits SIGINT ignored, and that SIGINT
    # was lost: the CLI waited its 15 s before SIGTERM (the 8-18 s stops of issue 25).
    previous_int = signal.signal(signal.SIGINT, signal.default_int_handler)
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
        signal.signal(signal.SIGINT, previous_int)


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
    _exit_now(main())  # Voila and its kernels are gone: skip the teardown (see _exit_now)
