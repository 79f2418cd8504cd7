"""Fixtures of the robustness tests."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from designkit.core.paths import REPO_ROOT


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of every game's data folder, read instead of the repo's (``DESIGNKIT_DATA``),
    for a test to break."""
    root = tmp_path / "data"
    shutil.copytree(REPO_ROOT / "data", root)
    monkeypatch.setenv("DESIGNKIT_DATA", str(root))
    return root
