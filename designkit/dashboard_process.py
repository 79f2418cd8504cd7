"""``designkit dashboard``: the Voila design lab served from a child process.

designkit never imports designkit_widgets (the layering: the panels sit above the engine),
so the lab runs in a child interpreter that does; the child's whole process tree (Voila,
its kernels) is stopped on Ctrl-C or SIGTERM, and the child stops itself if designkit is
killed outright.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from contextlib import suppress
from typing import Any

from designkit.core.errors import DesignkitError

CHILD = """
import os, signal, sys
from designkit.core.errors import DesignkitError
from designkit.core.lifetime import exit_with_parent
from designkit_widgets.serve import serve_dashboard
# designkit dashboard killed outright: stop Voila and its kernels as SIGTERM does
exit_with_parent(lambda: os.kill(os.getpid(), signal.SIGTERM), parent=int(sys.argv[3]))
try:
    sys.exit(serve_dashboard(sys.argv[1] or None, port=int(sys.argv[2]), open_browser=False))
except DesignkitError as err:
    print(f"designkit: error: {err}", file=sys.stderr)
    sys.exit(2)
except KeyboardInterrupt:
    sys.exit(0)
"""


def serve_dashboard(game: str | None = None, port: int = 8866) -> int:
    """Serve the lab (one game's page, or the index) until Ctrl-C; the child's exit status.

    The jupyter extra is checked first, so a missing Voila is one line, not a traceback
    from the child."""
    import importlib.util

    missing = [m for m in ("designkit_widgets", "voila") if importlib.util.find_spec(m) is None]
    if missing:
        raise DesignkitError(f"the dashboard needs the jupyter extra ({', '.join(missing)} "
                             f"missing): pip install -e '.[jupyter]'")
    proc = subprocess.Popen([sys.executable, "-c", CHILD, game or "", str(port),
                             str(os.getpid())], start_new_session=True)
    try:
        return proc.wait()
    except KeyboardInterrupt:  # the child says "Stopping the design lab ..."
        stop_process_tree(proc)
        return 0
    finally:
        stop_process_tree(proc)


def stop_process_tree(proc: subprocess.Popen, timeout: float = 15.0) -> None:
    """Stop ``proc`` (a ``Popen`` leading its own session) and everything it started.

    The child is asked first (SIGINT: serve.py stops Voila, Voila its kernels); what is
    still alive after ``timeout`` gets SIGTERM, then SIGKILL. Kernels run in sessions of
    their own, so they are found by walking the process tree (psutil, which the jupyter
    extra installs) before the child is asked to stop, and stopped if they outlive it.
    """
    try:
        import psutil
    except ImportError:  # pragma: no cover - psutil comes with the jupyter extra
        psutil = None
    gone: tuple[type[BaseException], ...] = (ProcessLookupError, PermissionError)
    if psutil is not None:
        gone += (psutil.Error,)
    tree = []
    if psutil is not None and proc.poll() is None:
        with suppress(*gone):
            tree = psutil.Process(proc.pid).children(recursive=True)
    if proc.poll() is None:
        _ask_then_force(proc, timeout, gone)
    if psutil is not None and tree:
        _stop_all(psutil, tree, gone)


def _ask_then_force(proc: subprocess.Popen, timeout: float,
                    gone: tuple[type[BaseException], ...]) -> None:
    """SIGINT to the child; after ``timeout`` SIGTERM, then SIGKILL, to its group."""
    with suppress(*gone):
        os.kill(proc.pid, signal.SIGINT)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            with suppress(*gone):
                os.killpg(proc.pid, sig)
            try:
                proc.wait(5)
                break
            except subprocess.TimeoutExpired:
                continue


def _stop_all(psutil: Any, tree: list[Any], gone: tuple[type[BaseException], ...]) -> None:
    """What outlived the child (kernels in sessions of their own): terminate, then kill."""
    for p in tree:
        with suppress(*gone):
            p.terminate()
    _, alive = psutil.wait_procs(tree, timeout=5)
    for p in alive:
        with suppress(*gone):
            p.kill()
