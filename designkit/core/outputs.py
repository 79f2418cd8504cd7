"""Output paths checked before the work, not after it.

A simulation of 20,000 games that ends in "folder does not exist" or "pyarrow is
not installed" has wasted its whole run, so every command that writes a file
checks the path's folder, its suffix and the writer it needs first.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Sequence
from pathlib import Path

from designkit.core.errors import OutputError


def parquet_available() -> bool:
    """pandas writes Parquet through pyarrow (a base dependency; see docs/records.md)."""
    return importlib.util.find_spec("pyarrow") is not None


def check_output(path: str | Path, suffixes: Sequence[str], make_folder: bool = False,
                 option: str = "--out") -> Path:
    """``path`` if a file can be written there: an allowed suffix, not a folder, its folder
    existing (or creatable with ``make_folder``) and writable; else a one-line OutputError."""
    path = Path(path)
    suffix = path.suffix.lower()
    allowed = ", ".join(suffixes)
    if path.is_dir():
        raise OutputError(f"{option} {path}: is a folder; give a file name inside it, e.g. "
                          f"{path / ('results' + suffixes[0])}")
    if suffix not in suffixes:
        raise OutputError(f"{option} {path}: write a file ending in {allowed}"
                          + (f", not {suffix}" if suffix else ""))
    folder = path.parent if str(path.parent) else Path(".")
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if existing != folder and not make_folder:
        raise OutputError(f"{option} {path}: folder {folder} does not exist (create it first)")
    if not existing.is_dir():
        raise OutputError(f"{option} {path}: {existing} is a file, not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise OutputError(f"{option} {path}: folder {existing} is not writable")
    if path.exists() and not os.access(path, os.W_OK):
        raise OutputError(f"{option} {path}: the file exists and is read-only")
    if suffix == ".parquet" and not parquet_available():
        raise OutputError(f"{option} {path}: Parquet output needs pyarrow (pip install "
                          f"pyarrow), or write .csv instead")
    return path
