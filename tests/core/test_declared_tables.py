"""Issue 22 item 11: records and results files hash only the card tables a game declares
(``Game.card_tables``), not any ``*.csv`` under ``data/<game>/``.

Before, a ``notes.csv`` (or a results file saved into the data folder) made every old
record refuse to replay and changed every results file's ``data_sha``.
"""

from __future__ import annotations

import json
import shutil

import pytest

from designkit.agents import make_agents
from designkit.core.errors import RecordMismatch
from designkit.core.paths import REPO_ROOT, data_dir
from designkit.core.play import play_game
from designkit.core.records import data_hashes, make_record, verify
from designkit.core.registry import get_game, list_games
from designkit.sim.results_file import data_sha


def _record(name: str) -> dict:
    game = get_game(name)
    params = game.params_type()
    agents = make_agents("random", int(getattr(params, "players", game.min_players)))
    played = play_game(game, params, agents, 4, log=True, keep_steps=True)
    return json.loads(json.dumps(make_record(game, params, 4, [a.name for a in agents],
                                             played.steps, played.state)))


@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_every_game_declares_exactly_its_tables(game):
    """Every table file in the repository's data folder is declared, and the declared
    ones there are what is hashed (a table a rule variant adds may be declared first)."""
    declared = get_game(game).card_tables
    assert declared, f"{game} declares no card tables"
    on_disk = {p.name for p in (REPO_ROOT / "data" / game).glob("*.csv")} - {"rules.csv"}
    assert on_disk <= set(declared), on_disk - set(declared)
    assert set(data_hashes(game)) == {f"data/{game}/{f}" for f in on_disk}


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    data = tmp_path / "data"
    shutil.copytree(REPO_ROOT / "data", data)
    monkeypatch.setenv("DESIGNKIT_DATA", str(data))
    return data


@pytest.mark.parametrize("game", ["crossroads", "witch_academy"])
def test_extra_csv_files_in_the_data_folder_change_nothing(data_copy, game):
    record = _record(game)
    sha = data_sha(game)
    (data_dir(game) / "notes.csv").write_text("idea,who\nmore dice,me\n", encoding="utf-8")
    (data_dir(game) / "results.csv").write_text("game_id,seat\n0,0\n", encoding="utf-8")
    (data_dir(game) / "old").mkdir()
    (data_dir(game) / "old" / "skills.csv").write_text("x\n1\n", encoding="utf-8")
    assert data_sha(game) == sha
    verify(record)


def test_an_old_record_that_hashed_a_notes_file_still_verifies(data_copy):
    """Records written before the declarations may carry a hash of a file the game never
    read: it is no difference."""
    record = _record("crossroads")
    record["hashes"]["data"]["data/crossroads/notes.csv"] = "0" * 64
    verify(record)


def test_a_declared_table_that_changed_is_still_named(data_copy):
    record = _record("crossroads")
    skills = data_dir("crossroads") / "skills.csv"
    skills.write_bytes(skills.read_bytes() + b"\n")
    with pytest.raises(RecordMismatch, match="different data/crossroads/skills.csv"):
        verify(record)
