"""Output files a designer can trust: complete or absent, and one writer at a time.

A results file cut short by a ``kill`` (3 of a game's 4 seat rows) or blended from two
runs writing the same path (a NaN game id) is worse than no file: it looks finished.
So every output is written to a temporary file in the same folder and renamed into
place only when complete (:func:`atomic_output`; a rename within one folder is atomic on
POSIX and Windows), and a writer first claims the path with a lock file beside it
(:func:`claim_output`): a second writer of the same path refuses with one line instead of
interleaving. The lock is an OS file lock (``fcntl.flock``), so a writer killed with
SIGKILL releases it with its process; the next writer also removes the temporary files
such a writer left (nobody else can be writing them while it holds the lock).

:func:`deferred_interrupts` holds Ctrl-C / SIGTERM back while a file is being written, so
an interrupt during the write still leaves the complete file of the finished games.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from designkit.core.errors import OutputError

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows: O_EXCL lock files below
    fcntl = None  # type: ignore[assignment]

#: paths this process holds, so one command's several writes of a path need one claim
_HELD: dict[Path, int] = {}
_HELD_LOCK = threading.Lock()
_TMP_TAG = ".tmp-"


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


def temp_path(path: Path) -> Path:
    """``big.csv.tmp-<pid>``: visible, so a leftover of a killed writer is recognisable."""
    return path.with_name(f"{path.name}{_TMP_TAG}{os.getpid()}")


def _key(path: Path) -> Path:
    return Path(os.path.abspath(path))


@contextlib.contextmanager
def claim_output(path: str | Path, option: str = "--out") -> Iterator[Path]:
    """Hold ``path`` for this process while the block runs (re-entrant); a path another
    process holds is one OutputError naming the path and that process."""
    path = Path(path)
    key = _key(path)
    with _HELD_LOCK:
        if key in _HELD:
            held = True
        else:
            _HELD[key] = _acquire(path, option)
            held = False
    try:
        yield path
    finally:
        if not held:
            with _HELD_LOCK:
                fd = _HELD.pop(key)
            _release(path, fd)


def _acquire(path: Path, option: str) -> int:
    lock = lock_path(path)
    for _ in range(5):  # the holder may unlink the lock file between our open and flock
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _read_pid(fd)
            os.close(fd)
            who = f" (pid {holder})" if holder else ""
            raise OutputError(f"{option} {path}: another designkit run{who} is writing this "
                              f"file; wait for it to finish or choose another file") from None
        except OSError:
            os.close(fd)
            raise
        if _same_file(lock, fd):
            os.ftruncate(fd, 0)
            os.write(fd, str(os.getpid()).encode())
            _remove_leftovers(path)
            return fd
        os.close(fd)
    raise OutputError(f"{option} {path}: could not lock {lock.name}")  # pragma: no cover


def _same_file(lock: Path, fd: int) -> bool:
    try:
        return os.stat(lock).st_ino == os.fstat(fd).st_ino
    except FileNotFoundError:
        return False


def _read_pid(fd: int) -> str:
    with contextlib.suppress(OSError):
        return os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    return ""


def _release(path: Path, fd: int) -> None:
    with contextlib.suppress(OSError):
        os.unlink(lock_path(path))
    os.close(fd)


def _remove_leftovers(path: Path) -> None:
    """Temporary files of earlier writers of ``path`` that were killed mid-write."""
    folder = path.parent if str(path.parent) else Path(".")
    with contextlib.suppress(OSError):
        for old in folder.glob(f"{glob_escape(path.name)}{_TMP_TAG}*"):
            with contextlib.suppress(OSError):
                old.unlink()


def glob_escape(name: str) -> str:
    return "".join(f"[{c}]" if c in "*?[" else c for c in name)


@contextlib.contextmanager
def atomic_output(path: str | Path, option: str = "--out") -> Iterator[Path]:
    """Yield a temporary path beside ``path``; when the block ends normally it is renamed
    to ``path`` (replacing the previous file at once), otherwise it is removed, so
    ``path`` is never a partial file. The path is claimed while it is written."""
    path = Path(path)
    with claim_output(path, option):
        tmp = temp_path(path)
        try:
            yield tmp
            os.replace(tmp, path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()


def write_text_atomic(path: str | Path, text: str, option: str = "--out") -> Path:
    """``path.write_text(text)`` that is complete or absent (UTF-8, ``\\n`` kept)."""
    path = Path(path)
    with atomic_output(path, option) as tmp:
        tmp.write_text(text, encoding="utf-8", newline="")
    return path


@contextlib.contextmanager
def deferred_interrupts() -> Iterator[list[int]]:
    """Hold SIGINT and SIGTERM back while the block runs (a file being written); the list
    receives the signals that arrived, for the caller to act on once the file is whole.
    Off the main thread (a panel, a test runner) signals cannot be caught: a no-op."""
    got: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield got
        return

    def hold(signum: int, frame: Any) -> None:
        got.append(signum)

    previous = {sig: signal.signal(sig, hold) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield got
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
