"""Issue 22 items 1, 2 and 8: output files are complete or absent, one writer at a time.

An output is written to ``<name>.tmp-<pid>`` beside it and renamed into place when whole
(``designkit.core.atomic``); a writer killed mid-write (SIGTERM, SIGKILL) leaves the
previous file or none. A second writer of the same path refuses with one line. An
interrupted simulate or sweep keeps what finished and says on stderr what the file holds.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from designkit.core.atomic import atomic_output, claim_output, lock_path, write_text_atomic
from designkit.core.errors import OutputError

EXE = str(Path(sys.executable).parent / "designkit")
PREVIOUS = "the previous file\n"

#: a writer that writes 200 chunks slowly through atomic_output, saying when it has begun
SLOW_WRITER = """
import sys, time
from designkit.core.atomic import atomic_output
with atomic_output(sys.argv[1]) as tmp:
    with open(tmp, "w") as f:
        for i in range(200):
            f.write(f"line {i}\\n" * 100)
            f.flush()
            if i == 0:
                print("begun", flush=True)
            time.sleep(0.02)
"""

#: holds a claim on a path until its stdin closes
HOLDER = """
import sys
from designkit.core.atomic import claim_output
with claim_output(sys.argv[1]):
    print("held", flush=True)
    sys.stdin.read()
"""


def test_atomic_output_replaces_only_when_the_block_completes(tmp_path):
    out = tmp_path / "a.csv"
    out.write_text(PREVIOUS)
    with pytest.raises(RuntimeError), atomic_output(out) as tmp:
        tmp.write_text("half a fi")
        raise RuntimeError("writer failed")
    assert out.read_text() == PREVIOUS
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.csv"]  # no temp, no lock left
    write_text_atomic(out, "new\n")
    assert out.read_text() == "new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.csv"]


def test_claims_are_reentrant_in_one_process(tmp_path):
    out = tmp_path / "a.csv"
    with claim_output(out), atomic_output(out) as tmp:
        tmp.write_text("x")
    assert out.read_text() == "x" and not lock_path(out).exists()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_a_writer_killed_mid_write_leaves_the_previous_file(tmp_path, sig):
    out = tmp_path / "big.txt"
    out.write_text(PREVIOUS)
    proc = subprocess.Popen([sys.executable, "-c", SLOW_WRITER, str(out)],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "begun"
    assert list(tmp_path.glob("big.txt.tmp-*")), "the write goes to a temporary file"
    proc.send_signal(sig)
    proc.wait(10)
    proc.stdout.close()
    assert out.read_text() == PREVIOUS
    # the next writer takes the released lock and clears the killed writer's temp file
    write_text_atomic(out, "complete\n")
    assert out.read_text() == "complete\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.txt"]


def test_a_writer_killed_mid_write_of_a_new_file_leaves_none(tmp_path):
    out = tmp_path / "new.txt"
    proc = subprocess.Popen([sys.executable, "-c", SLOW_WRITER, str(out)],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "begun"
    proc.kill()
    proc.wait(10)
    proc.stdout.close()
    assert not out.exists()


def test_a_second_writer_of_the_same_path_refuses(tmp_path):
    out = tmp_path / "r.csv"
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(out)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(OutputError, match=rf"another designkit run \(pid {holder.pid}\)"):
            write_text_atomic(out, "blend")
        assert not out.exists()
    finally:
        holder.stdin.close()
        holder.wait(10)
        holder.stdout.close()
    write_text_atomic(out, "mine")  # released with its holder
    assert out.read_text() == "mine"


def test_a_killed_holder_releases_its_claim(tmp_path):
    out = tmp_path / "r.csv"
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(out)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    holder.kill()
    holder.wait(10)
    holder.stdin.close()
    holder.stdout.close()
    assert lock_path(out).exists()  # left behind by SIGKILL, but no longer locked
    write_text_atomic(out, "mine")
    assert out.read_text() == "mine" and not lock_path(out).exists()


# -- through the CLI ------------------------------------------------------------------------
def _simulate(out: Path, games: int, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([EXE, "simulate", "crossroads", "--games", str(games), "--quiet",
                             "--out", str(out), *extra], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _wait_for_cpu(pid: int, seconds: float, deadline: float = 120) -> None:
    """Wait until ``pid`` and its children have used ``seconds`` of CPU: past start-up
    (1–2 s) a simulate has finished batches, however busy the machine (wall time says
    nothing about that on a loaded one)."""
    import psutil

    proc, end = psutil.Process(pid), time.monotonic() + deadline
    while time.monotonic() < end:
        try:
            used = sum(sum(p.cpu_times()[:2]) for p in [proc, *proc.children(recursive=True)])
        except psutil.Error:
            return  # it ended: its own line says what it kept
        if used >= seconds:
            return
        time.sleep(0.05)
    pytest.fail(f"pid {pid} used under {seconds} s of CPU in {deadline} s")


def _stop_mid_write(proc: subprocess.Popen, out: Path, deadline: float = 60) -> bool:
    """SIGSTOP ``proc`` while its temporary file exists; False if it finished first."""
    end = time.monotonic() + deadline
    while time.monotonic() < end and proc.poll() is None:
        if list(out.parent.glob(out.name + ".tmp-*")):
            proc.send_signal(signal.SIGSTOP)
            if list(out.parent.glob(out.name + ".tmp-*")):
                return True
            proc.send_signal(signal.SIGCONT)
            return False
        time.sleep(0.0005)
    return False


def _complete(out: Path, games: int) -> None:
    table = pd.read_csv(out)
    assert table["game_id"].nunique() == games
    assert (table.groupby("game_id")["seat"].count() == 4).all()
    assert table["game_id"].notna().all()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_simulate_killed_while_writing_out(tmp_path, sig):
    """SIGTERM during the write: the write finishes, rc 143, a line saying what the file
    holds. SIGKILL: the previous file stays (never a truncated one)."""
    out = tmp_path / "big.csv"
    for _attempt in range(3):
        out.write_text(PREVIOUS)
        proc = _simulate(out, 400)
        caught = _stop_mid_write(proc, out)
        proc.send_signal(sig)
        proc.send_signal(signal.SIGCONT)
        _, err = proc.communicate(timeout=60)
        if caught:
            break
    assert caught, "the write was never caught in progress"
    assert "Traceback" not in err
    if sig == signal.SIGKILL:
        assert out.read_text() == PREVIOUS
        return
    assert proc.returncode == 143, err
    _complete(out, 400)
    assert err.strip().splitlines() == [f"designkit: interrupted after the last game; {out} "
                                        f"holds all 400 games"]


def test_two_simulates_writing_one_file(tmp_path):
    """The second refuses at its start in one line; the first, interrupted, writes a
    complete file of its finished games and says how many."""
    out = tmp_path / "r.csv"
    first = _simulate(out, 100_000)
    try:
        end = time.monotonic() + 30
        while not lock_path(out).exists() and time.monotonic() < end:
            time.sleep(0.05)
        second = subprocess.run([EXE, "simulate", "crossroads", "--games", "5", "--out",
                                 str(out)], capture_output=True, text=True, timeout=60)
        assert second.returncode == 2
        assert second.stderr.strip() == (
            f"designkit: error: --out {out}: another designkit run (pid {first.pid}) is "
            "writing this file; wait for it to finish or choose another file")
        _wait_for_cpu(first.pid, 4.0)  # games played, whatever the machine's load
    finally:
        first.send_signal(signal.SIGTERM)
        _, err = first.communicate(timeout=60)
    assert first.returncode == 143
    (line,) = err.strip().splitlines()
    kept = int(line.split("stopped after ")[1].split()[0])
    assert line.endswith(f"interrupted; {out} holds those {kept} games")
    assert kept > 0
    _complete(out, kept)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv"]


def test_an_interrupted_sweep_keeps_its_finished_points(tmp_path):
    """Item 8: SIGTERM mid-sweep writes the finished points and says so.

    When the signal comes depends on the machine's load (start-up alone takes seconds on a
    busy one), so a run stopped before its first point is tried again with a longer wait."""
    out = tmp_path / "s.csv"
    for wait in (6, 15, 40):
        proc = subprocess.Popen([EXE, "sweep", "crossroads", "--param", "end_hand_sum",
                                 "--values", "20:59", "--games", "300", "--workers", "1",
                                 "--quiet", "--out", str(out)], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True,
                                env=dict(os.environ, PYTHONUNBUFFERED="1"))
        assert "sweeping end_hand_sum" in proc.stdout.readline()  # the games start now
        time.sleep(wait)  # some points finish, not all 40 (about 0.3 s a point, idle core)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 143, err
        (line,) = err.strip().splitlines()
        assert line.startswith("designkit: sweep stopped after ") and " of 40 points: " in line
        kept = int(line.split("stopped after ")[1].split()[0])
        if kept:
            break
        assert line.endswith("interrupted; nothing written") and not out.exists()
    assert 0 < kept < 40, line
    assert line.endswith(f"interrupted; {out} holds those {kept} points")
    table = pd.read_csv(out)
    assert sorted(table["end_hand_sum"].unique()) == list(range(20, 20 + kept))
    assert (table.loc[table["metric"] == "win_rate", "n"] == 300).all()
