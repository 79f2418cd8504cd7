"""Shared pieces of the playtest-journal tests: the hand-written sample of 12 Crossroads
games (tests/data/playtests_sample.csv) and a journal folder of the test's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from designkit.playtests.entries import read_sheet
from designkit.playtests.journal import Journal

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "playtests_sample.csv"


@pytest.fixture
def journal(tmp_path: Path) -> Journal:
    """An empty Crossroads journal in a temp folder (never the project's own)."""
    return Journal("crossroads", tmp_path / "crossroads")


@pytest.fixture
def filled(journal: Journal) -> Journal:
    """The journal with the sample's 12 games imported."""
    games, problems = read_sheet(journal.game, SAMPLE)
    assert problems == []
    journal.add(games)
    return journal
