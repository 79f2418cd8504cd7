"""Shared fixtures: each game's print-and-play files written once per test session (PDF and
TTS at a low image resolution, so the whole set takes seconds), and a private copy of the
data folder for tests that edit a table or a template."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from designkit.core.paths import data_root
from designkit.export import cards, decks

GAMES = ("crossroads", "rolling_stone", "witch_academy", "classic_hero")


@pytest.fixture(scope="session")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, list[Path]]]:
    """game → (out folder, written paths) for ``--format pdf,tts`` with backs."""
    out: dict[str, tuple[Path, list[Path]]] = {}
    for game in GAMES:
        folder = tmp_path_factory.mktemp(game)
        warnings: list[str] = []
        paths = cards(game, out_dir=folder, formats=("pdf", "tts"), dpi=25,
                      warn=warnings.append)
        assert warnings == [], warnings   # the default templates fit every card of the data
        out[game] = (folder, paths)
    return out


@pytest.fixture(scope="session")
def game_decks() -> dict[str, list]:
    return {g: decks(g) for g in GAMES}


@pytest.fixture
def data_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of data/ that DESIGNKIT_DATA points at (tables and templates may be edited)."""
    copy = tmp_path / "data"
    shutil.copytree(data_root(), copy)
    monkeypatch.setenv("DESIGNKIT_DATA", str(copy))
    return copy
