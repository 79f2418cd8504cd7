"""Issue 22 item 15: a parent killed outright (SIGKILL) leaves no process behind.

``designkit simulate --workers 2`` is killed with SIGKILL while its workers play, and
``designkit dashboard`` while Voila serves with its preheated kernel; within 10 s none of
their descendants (workers, multiprocessing's resource tracker; the serving child, Voila,
kernels) may be alive, and the dashboard's port is closed. Children watch their parent
(``designkit.core.lifetime.exit_with_parent``).
"""

from __future__ import annotations

import os
import signal
import socket
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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cmdline(p) -> str:
    try:
        return " ".join(p.cmdline())
    except psutil.Error:
        return ""


def test_dashboard_voila_and_kernels_exit_when_the_parent_is_killed(tmp_path):
    """No browser: the preheated kernel (pool 1) starts without a page asking for it."""
    pytest.importorskip("voila")
    port = _free_port()
    log = (tmp_path / "dashboard.log").open("w+")
    parent = subprocess.Popen([EXE, "dashboard", "crossroads", "--port", str(port)],
                              stdout=log, stderr=subprocess.STDOUT)
    me = psutil.Process(parent.pid)
    tree: list = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # Voila serving (the URL printed) and a kernel
            assert parent.poll() is None, log.read()
            tree = _alive(me.children(recursive=True))
            log.seek(0)
            if "Design lab:" in log.read() and any("ipykernel" in _cmdline(p) for p in tree):
                break
            time.sleep(0.3)
        else:
            pytest.fail("the dashboard never served with a kernel")
        assert any("voila" in _cmdline(p).lower() for p in tree)
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
        end = time.monotonic() + 10
        while (_alive(tree) or not _port_closed(port)) and time.monotonic() < end:
            time.sleep(0.2)
        left = _alive(tree)
        assert not left, [_cmdline(p)[:120] for p in left]
        assert _port_closed(port), f"port {port} still served"
    finally:
        for p in _alive(tree):
            p.kill()
        if parent.poll() is None:
            parent.kill()
        log.close()


def _port_closed(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


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
    # the child prints (to the same pipe) once it watches: killing the middle sooner would
    # orphan it before it looked at its parent, on a busy machine
    assert middle.stdout.readline().strip() == "watching"
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
