"""Print-and-play files written whole or not at all, as ``simulate --out`` writes its table.

A sheet PNG cut short by a kill, or an A4 PDF beside a missing Letter one, looks finished
and is not. So ``cards`` claims its output folder with the lock ``simulate`` uses
(:func:`designkit.core.atomic.claim_output`: a second writer of the same folder refuses
with one line), draws every file into a temporary folder beside it
(``<out>.tmp-<pid>``, visible, so a leftover of a killed run is recognisable, and removed
by the next run that claims the folder) and moves each finished *unit* into place: the
PDFs (A4 and Letter together), then each deck's sheets with its Tabletop Simulator object
(the JSON names those sheets). A move is a rename within one file system, so a file in the
output folder is always complete; Ctrl-C or SIGTERM during the moves is held back until the
unit is in place, and :class:`Interrupted` then says which units are there.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from designkit.core.atomic import claim_output, deferred_interrupts, glob_escape

TMP_TAG = ".tmp-"


class Interrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM stopped ``cards``: ``done`` names the units in place, ``todo``
    those not written; ``str()`` is the one line the command prints."""

    def __init__(self, out: Path, done: list[str], todo: list[str]) -> None:
        super().__init__()
        self.out, self.done, self.todo = out, done, todo

    def __str__(self) -> str:
        kept = f"{self.out} holds {', '.join(self.done)}" if self.done \
            else f"nothing written to {self.out}"
        left = f"; not written: {', '.join(self.todo)}" if self.todo else ""
        return f"designkit: cards interrupted: {kept}{left} (no partial file)"


@dataclass
class Stage:
    """The temporary folder ``tmp`` files are drawn into, and the units moved so far."""

    out: Path
    tmp: Path
    done: list[str] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)

    def commit(self, unit: str, files: list[Path]) -> list[Path]:
        """Move ``files`` (paths inside ``tmp``) to the same places under ``out``; a signal
        arriving meanwhile is held until all of them are there, then raised."""
        moved = []
        with deferred_interrupts() as held:
            for f in files:
                dest = self.out / f.relative_to(self.tmp)
                dest.parent.mkdir(parents=True, exist_ok=True)
                os.replace(f, dest)
                moved.append(dest)
            self.done.append(unit)
            self.written += moved
        if held:
            raise KeyboardInterrupt
        return moved


def temp_folder(out: Path) -> Path:
    return out.parent / f"{out.name}{TMP_TAG}{os.getpid()}"


def _remove_leftovers(out: Path) -> None:
    """Temporary folders of earlier runs killed mid-write (we hold the lock: nobody else is
    writing them)."""
    for old in out.parent.glob(f"{glob_escape(out.name)}{TMP_TAG}*"):
        if old.is_dir():
            shutil.rmtree(old, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                old.unlink()


@contextlib.contextmanager
def staged(out: str | Path) -> Iterator[Stage]:
    """Claim ``out`` (``--out``), give a fresh temporary folder beside it, remove it after."""
    out = Path(os.path.abspath(out))
    out.mkdir(parents=True, exist_ok=True)
    with claim_output(out, "--out"):
        _remove_leftovers(out)
        tmp = temp_folder(out)
        tmp.mkdir()
        try:
            yield Stage(out, tmp)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
