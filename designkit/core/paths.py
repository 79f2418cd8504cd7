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


def data_dir(game: str) -> Path:
    return data_root() / game
