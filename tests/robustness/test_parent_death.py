"""Issue 22 item 15: a parent killed outright (SIGKILL) leaves no process behind.

``designkit simulate --workers 2`` is killed with SIGKILL while its workers play; within
10 s none of its descendants (the workers, multiprocessing's resource tracker) may be
alive. Workers watch their parent (``designkit.core.lifetime.exit_with_parent``).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from designkit.core.lifetime import exit_with_parent

psutil = pytest.importorskip("psutil")

EXE = str(Path(sys.executable).parent / "designkit")


def _alive(procs: list) -> list:
    out = []
    for p in procs:
        try:
            if p.is_running() and p.status() != psutil.STATUS_ZOMBIE:
                out.append(p)
        except psutil.NoSuchProcess:
            pass
    return out


def test_simulate_workers_exit_when_the_parent_is_killed():
    parent = subprocess.Popen([EXE, "simulate", "crossroads", "--games", "200000",
                               "--workers", "2", "--quiet"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        me = psutil.Process(parent.pid)
        end = time.monotonic() + 60
        children: list = []
        while time.monotonic() < end:  # the two workers (and the resource tracker) started
            children = me.children(recursive=True)
            if sum("spawn_main" in " ".join(c.cmdline()) for c in _alive(children)) >= 2:
                break
            time.sleep(0.2)
        assert len(children) >= 2, "the workers never started"
        time.sleep(1)  # they are playing now
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
        deadline = time.monotonic() + 10
        while _alive(children) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = _alive(children)
        assert not left, [" ".join(p.cmdline())[:120] for p in left]
    finally:
        for p in _alive(me.children(recursive=True) if parent.poll() is None else []):
            p.kill()
        if parent.poll() is None:
            parent.kill()


CHILD = """
import sys, time
from designkit.core.lifetime import exit_with_parent
exit_with_parent(poll=0.05)
print("watching", flush=True)
time.sleep(60)
"""


def test_exit_with_parent_in_a_grandchild():
    """A middle process starts a watching child and is killed: the child follows."""
    middle = subprocess.Popen([sys.executable, "-c",
                               "import subprocess, sys, time;"
                               f"p = subprocess.Popen([sys.executable, '-c', {CHILD!r}]);"
                               "print(p.pid, flush=True); time.sleep(60)"],
                              stdout=subprocess.PIPE, text=True)
    child = psutil.Process(int(middle.stdout.readline()))
    time.sleep(1)
    os.kill(middle.pid, signal.SIGKILL)
    middle.wait(10)
    middle.stdout.close()
    try:
        child.wait(5)
    except psutil.TimeoutExpired:
        child.kill()
        pytest.fail("the child outlived its parent")


def test_on_windows_or_posix_it_returns_a_watching_thread():
    thread = exit_with_parent(on_orphan=lambda: None, poll=10)
    assert thread is None or thread.daemon
