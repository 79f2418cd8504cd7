"""Faults a long run meets: a worker killed (the OOM killer), SIGTERM to the command.

No finished game may be lost and no process may outlive the command: each test kills
something real (``os.kill`` on a child pid, SIGTERM to the CLI) and then checks the
output and that every child process is gone.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pandas as pd
import pytest

from designkit.core.errors import WorkerLost
from designkit.sim import simulate
from designkit.sim.many import POOL_RESTARTS, Executor

from .dying import die

psutil = pytest.importorskip("psutil")

EXE = str(Path(sys.executable).parent / "designkit")


def _workers(parent: psutil.Process) -> list[psutil.Process]:
    """The pool's worker processes (not multiprocessing's resource tracker)."""
    out = []
    for child in parent.children(recursive=True):
        try:
            cmd = " ".join(child.cmdline())
        except psutil.Error:
            continue
        if "spawn_main" in cmd:
            out.append(child)
    return out


def _gone(procs: list[psutil.Process], timeout: float = 20.0) -> list[psutil.Process]:
    """Those of ``procs`` still running after ``timeout`` seconds."""
    _, alive = psutil.wait_procs(procs, timeout=timeout)
    return [p for p in alive if p.status() != psutil.STATUS_ZOMBIE]


def test_killed_worker_batch_is_rerun_and_results_are_identical():
    me = psutil.Process()
    killed: list[int] = []

    def kill_one_worker(done: int, total: int) -> None:
        if not killed:
            victim = _workers(me)[0]
            killed.append(victim.pid)
            os.kill(victim.pid, signal.SIGKILL)

    n = 400
    parallel = simulate("crossroads", n, seed=5, workers=2, backend="process", batch_size=10,
                        progress=False, on_progress=kill_one_worker)
    serial = simulate("crossroads", n, seed=5, backend="serial", progress=False)
    assert killed, "no worker was killed"
    assert not psutil.pid_exists(killed[0]) or \
        psutil.Process(killed[0]).status() == psutil.STATUS_ZOMBIE
    assert not parallel.interrupted and parallel.n_games == n
    pd.testing.assert_frame_equal(parallel.games, serial.games)
    pd.testing.assert_frame_equal(parallel.seats, serial.seats)
    assert _workers(me) == []  # the pool was closed with the run


def test_a_worker_that_always_dies_gives_up_with_worker_lost():
    with Executor("process", workers=1) as ex, pytest.raises(WorkerLost) as err:
        ex.run([(i, die, (i,)) for i in range(3)], lambda key, rows: None)
    assert f"died {POOL_RESTARTS + 1} times" in str(err.value)
    assert _workers(psutil.Process()) == []


def test_worker_lost_keeps_the_finished_games():
    from designkit.sim.many import simulate_many

    class OneDeath(Executor):
        """Every batch after the first dies, as a leaking worker would."""

        def run(self, tasks, finished):
            first, *rest = tasks
            super().run([first], finished)
            super().run([(key, die, (0,)) for key, _, _ in rest], finished)

    with OneDeath("process", workers=1) as ex:
        (res,) = simulate_many("crossroads", [_default_params()], 40, executor=ex,
                               batch_size=10, keep_partial=True)
    assert res.interrupted and res.n_games == 10
    assert "died" in res.meta["stopped"]


def _default_params():
    from designkit.core.registry import get_game

    return get_game("crossroads").params_type()


def test_sigterm_to_simulate_writes_finished_games_and_leaves_no_process(tmp_path):
    out = tmp_path / "partial.csv"
    total = 60000  # enough batches that the workers are still busy at the signal (the engine got faster)
    proc = subprocess.Popen([EXE, "simulate", "crossroads", "--games", str(total), "--workers",
                             "2", "--out", str(out), "--quiet"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    parent = psutil.Process(proc.pid)
    deadline = time.monotonic() + 120
    # wait until the workers have played a few batches (CPU time, not wall time: the
    # machine may be busy)
    while time.monotonic() < deadline:
        workers = _workers(parent)
        try:
            busy = sum(w.cpu_times().user for w in workers)
        except psutil.Error:
            busy = 0.0
        if len(workers) == 2 and busy > 10:
            break
        time.sleep(0.2)
    else:
        proc.kill()
        pytest.fail("the workers never got going")
    children = parent.children(recursive=True)
    assert len(children) >= 3  # two workers and multiprocessing's resource tracker
    proc.send_signal(signal.SIGTERM)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM, stderr
    assert "Traceback" not in stderr
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("designkit: stopped after "), stderr
    finished = int(lines[0].split("stopped after ")[1].split()[0])
    assert 0 < finished < total
    table = pd.read_csv(out)
    assert table["game_id"].nunique() == finished
    assert len(table) == finished * int(table["players"].iloc[0])
    assert f"({finished} games)" in stdout
    assert _gone(children) == [], "a child process outlived the command"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_sigterm_to_dashboard_stops_voila_and_its_kernels():
    pytest.importorskip("voila")
    port = _free_port()
    proc = subprocess.Popen([EXE, "dashboard", "crossroads", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True)
    reader.start()
    parent = psutil.Process(proc.pid)
    try:
        deadline = time.monotonic() + 180
        while not any("Design lab:" in line for line in lines):
            assert proc.poll() is None, "".join(lines)
            assert time.monotonic() < deadline, "".join(lines)
            time.sleep(0.3)
        url = next(line.split("Design lab: ")[1].strip() for line in lines
                   if "Design lab:" in line)
        # a page load starts a kernel and runs the notebook in it (seconds to a minute)
        loader = threading.Thread(target=lambda: _get(url), daemon=True)
        loader.start()
        loader.join(max(1.0, deadline - time.monotonic()))
        tree = parent.children(recursive=True)
        assert any("ipykernel" in " ".join(_cmdline(p)) for p in tree), "no kernel started"
        assert any("voila" in " ".join(_cmdline(p)) for p in tree)
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 128 + signal.SIGTERM, "".join(lines)
    assert "Traceback" not in "".join(lines), "".join(lines)
    assert _gone(tree) == [], "Voila or a kernel outlived the dashboard command"
    with socket.socket() as s:  # nothing listens on the port any more
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # past TIME_WAIT
        s.bind(("127.0.0.1", port))


def _get(url: str) -> None:
    try:
        with urllib.request.urlopen(url, timeout=180) as r:
            r.read()
    except OSError:
        pass


def _cmdline(p: psutil.Process) -> list[str]:
    try:
        return p.cmdline()
    except psutil.Error:
        return []
