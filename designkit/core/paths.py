"""Where the data files live, so games and tests do not guess relative paths."""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]


def data_root() -> Path:
    """``data/`` beside the package; ``DESIGNKIT_DATA`` points elsewhere (a designer's copy).
    An empty ``DESIGNKIT_DATA=`` means unset (not ``.``, the current folder)."""
    value = os.environ.get("DESIGNKIT_DATA", "").strip()
    return Path(value) if value else REPO_ROOT / "data"


#: game → the data folder its own package declares (a game outside designkit's tree)
_DECLARED: dict[str, Path] = {}


def declare_data_dir(game: str, folder: Path) -> None:
    """Say where ``game``'s data lives when it is not under :func:`data_root` (a game in a
    package of its own, such as one written by ``designkit new-game``, keeps its rules.csv,
    card tables and variants beside its code). A ``DESIGNKIT_DATA`` folder that holds the
    game's folder still wins, so a designer's copy of the data is read as before."""
    _DECLARED[game] = Path(folder)


def data_dir(game: str) -> Path:
    found = data_root() / game
    if game in _DECLARED and not found.is_dir():
        return _DECLARED[game]
    return found
