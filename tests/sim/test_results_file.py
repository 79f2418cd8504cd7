"""A results file leads back to each of its games (issue 14 item 3): the loader and its errors.

Every game of a run is fixed by game, parameters, agents and seed, so a row of
``simulate --out`` must be enough to play that game again with the same final scores.
"""

from __future__ import annotations

import pandas as pd
import pytest

from designkit.agents import get_agent, make_agents
from designkit.core.errors import DataError
from designkit.core.play import play_game
from designkit.core.registry import get_game
from designkit.sim import simulate
from designkit.sim.results_file import (
    REPLAY_COLUMNS,
    describe_ids,
    game_from_results,
    params_sha,
)

AGENTS = "random,greedy,mcts:4"


@pytest.fixture(scope="module")
def run():
    game = get_game("crossroads")
    params = game.params_type(players=3, end_hand_sum=28)
    return simulate(game, 6, params=params, agents=AGENTS, seed=5, progress=False)


@pytest.fixture(scope="module", params=[".csv", ".parquet"])
def results_file(run, tmp_path_factory, request):
    return run.to_file(tmp_path_factory.mktemp("results") / f"r{request.param}")


def _replayed_scores(loaded):
    game, params, agents, seed = loaded
    players = params.players
    return [float(s) for s in game.scores(play_game(game, params, make_agents(agents, players),
                                                    seed).state)]


def test_every_row_carries_what_replays_its_game(run, results_file):
    table = pd.read_csv(results_file) if results_file.suffix == ".csv" \
        else pd.read_parquet(results_file)
    assert set(REPLAY_COLUMNS) <= set(table.columns)
    assert set(table["game"]) == {"crossroads"}
    assert set(table["params_json"]) == {'{"end_hand_sum":28,"players":3}'}
    assert table["params_sha"].nunique() == table["data_sha"].nunique() == 1
    assert table["agent"].tolist()[:3] == AGENTS.split(",")


@pytest.mark.parametrize("game_id", [0, 4])
def test_a_row_replays_to_its_own_final_scores(run, results_file, game_id):
    loaded = game_from_results(results_file, game_id)
    assert loaded.game.name == "crossroads"
    assert loaded.params == get_game("crossroads").params_type(players=3, end_hand_sum=28)
    assert loaded.agents == AGENTS.split(",")
    row = run.games[run.games.game_id == game_id].iloc[0]
    assert loaded.seed == int(row["seed"])
    seats = run.seats[run.seats.game_id == game_id].sort_values("seat")
    assert _replayed_scores(loaded) == [float(s) for s in seats["score"]]


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:7", "mcts:200"])
def test_the_agent_column_round_trips_to_make_agents(spec):
    assert get_agent(get_agent(spec).name).name == spec


def test_the_game_ids_are_described_as_runs():
    assert describe_ids([0, 1, 2, 3]) == "0–3"
    assert describe_ids([0, 1, 5, 7, 8]) == "0–1, 5, 7–8"
    assert describe_ids(list(range(0, 20, 2)), most=3) == "0, 2, 4, …"


# -- errors: one line naming file, row and column; nothing replayed -------------------------

def _edited(run, tmp_path, edit, name="edited.csv"):
    path = run.to_file(tmp_path / "orig.csv")
    table = pd.read_csv(path, dtype=str, keep_default_na=False)
    table = edit(table)
    out = tmp_path / name
    table.to_csv(out, index=False)
    return out


def _error(path, game_id=0) -> str:
    with pytest.raises(DataError) as info:
        game_from_results(path, game_id)
    message = str(info.value)
    assert "\n" not in message and message.startswith(str(path))
    return message


def test_missing_file_folder_and_suffix(tmp_path):
    assert _error(tmp_path / "nope.csv").endswith("nope.csv: no such file")
    assert "is a folder" in _error(tmp_path)
    (tmp_path / "r.txt").write_text("game_id\n0\n")
    assert "ends in .csv or .parquet, not .txt" in _error(tmp_path / "r.txt")
    (tmp_path / "empty.csv").write_text("")
    assert "the file is empty" in _error(tmp_path / "empty.csv")
    (tmp_path / "bad.parquet").write_text("not parquet")
    assert "not a readable Parquet file" in _error(tmp_path / "bad.parquet")


def test_no_such_game_names_the_valid_range(run, results_file):
    message = _error(results_file, 17)
    assert "column 'game_id': no game 17: the game ids in this file are 0–5" in message


def test_missing_columns_and_old_files(run, tmp_path):
    no_seat = _edited(run, tmp_path, lambda t: t.drop(columns=["seat"]))
    assert "column 'seat': missing column 'seat'" in _error(no_seat)
    old = _edited(run, tmp_path, lambda t: t.drop(columns=list(REPLAY_COLUMNS)), "old.csv")
    message = _error(old)
    assert "column 'game'" in message and "written before results files carried" in message


def _set(column, value, row=None):
    """Set ``column`` on one row, or (``None``) on every row of game 0 (the first three)."""
    def edit(table):
        table.loc[[row] if row is not None else [0, 1, 2], column] = value
        return table
    return edit


@pytest.mark.parametrize(("column", "value", "expected"), [
    ("params_json", "{end_hand_sum: 28", "row 2, column 'params_json': not JSON"),
    ("params_json", "[1, 2]", "row 2, column 'params_json': expected a JSON object"),
    ("params_json", '{"end_hand_sum": 101, "players": 3}',
     "row 2, column 'params_json': parameter end_hand_sum: 101 is outside the allowed range"),
    ("params_json", '{"no_such": 1}', "row 2, column 'params_json': parameter no_such: "
                                      "unknown parameter"),
    ("agent", "mcts:x", "row 2, column 'agent': agent 'mcts:x'"),
    ("agent", "wizard", "row 2, column 'agent': unknown agent 'wizard'"),
    ("game", "chess", "row 2, column 'game'"),
    ("seed", "-4", "row 2, column 'seed': '-4' is not a game seed"),
    ("game_id", "x", "row 2, column 'game_id': 'x' is not a game id"),
    # issue 22 item 2: a blended file's NaN game id read "np.float64(nan) is not a game id"
    ("game_id", "", "row 2, column 'game_id': an empty cell is not a game id"),
    ("seat", "7", "row 2, column 'seat': seat 7 does not exist: the game has 3 seats"),
    ("params_sha", "0000000000000000", "row 2, column 'params_sha': the draft defaults of "
                                       "crossroads changed"),
    ("data_sha", "0000000000000000", "row 2, column 'data_sha': the card tables in "
                                     "data/crossroads/ changed"),
])
def test_a_bad_cell_is_named_by_row_and_column(run, tmp_path, column, value, expected):
    path = _edited(run, tmp_path, _set(column, value))
    message = _error(path, 0)
    assert expected in message, message


def test_rows_of_one_game_must_agree(run, tmp_path):
    path = _edited(run, tmp_path, _set("params_json", '{"players": 3}', row=1))
    assert "row 3, column 'params_json'" in _error(path) and "differs from" in _error(path)
    missing = _edited(run, tmp_path, lambda t: t.drop(index=[2]), "missing.csv")
    assert "column 'seat': game 0 has no row for seat 2 (3 seats)" in _error(missing)


def test_the_params_hash_covers_every_field(run):
    params = get_game("crossroads").params_type(players=3, end_hand_sum=28)
    assert params_sha(params) != params_sha(params.replace(end_hand_sum=27))
    assert params_sha(params) == params_sha(params.replace())
