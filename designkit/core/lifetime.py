"""Processes that end with their parent.

A ``kill -9`` of ``designkit simulate --workers 2`` (or of ``designkit dashboard``) gives
its children no chance to be stopped: simulation workers kept playing batches nobody would
read and the dashboard's Voila kept serving the port. So a child started by designkit
calls :func:`exit_with_parent`: a daemon thread notices that the parent is gone (its parent
pid changes when it is re-parented to init or a subreaper) and ends the child, by default
at once, or through ``on_orphan`` where the child has its own children to stop first.

A parent-pid check rather than Linux's ``PR_SET_PDEATHSIG``: that signal fires when the
parent *thread* that started the child ends, and pools are sometimes grown from a
short-lived thread (tuning with ``n_jobs``); the check works on every POSIX system.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

#: seconds between checks: an orphan is gone within about this long
POLL = 0.5


def exit_with_parent(on_orphan: Callable[[], None] | None = None, poll: float = POLL,
                     parent: int | None = None) -> threading.Thread | None:
    """Watch this process's parent; when it is gone, call ``on_orphan`` (default: exit
    at once, status 1). ``parent``: the pid the parent gave (``os.getpid()`` passed to
    the child), so a parent that died while the child was still starting is noticed too.
    Not on Windows (no re-parenting to watch): returns None there."""
    if os.name != "posix":  # pragma: no cover - Windows
        return None
    if parent is None:
        parent = os.getppid()

    def orphaned() -> None:
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll)
        (on_orphan or orphaned)()

    thread = threading.Thread(target=watch, name="designkit-parent-watch", daemon=True)
    thread.start()
    return thread
