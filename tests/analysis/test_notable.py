"""Notable games of a result set: each label names the game it claims to (issue 14 item 3)."""

from __future__ import annotations

import pytest

from designkit.analysis.metrics import winner_margins
from designkit.analysis.notable import COLUMNS, notable_games
from designkit.sim import simulate


@pytest.fixture(scope="module")
def results():
    return simulate("crossroads", 40, seed=2, progress=False)


def test_each_row_is_the_game_its_label_names(results):
    table = notable_games(results).set_index("label")
    games = results.games.set_index("game_id")
    margins = winner_margins(results)
    rows = list(table.index)
    longest, shortest, closest, biggest = rows[:4]
    assert games.loc[table.loc[longest, "game_id"], "turns"] == games["turns"].max()
    assert longest == f"longest game ({games['turns'].max()} turns)"
    assert games.loc[table.loc[shortest, "game_id"], "turns"] == games["turns"].min()
    assert margins[table.loc[closest, "game_id"]] == margins.min()
    assert margins[table.loc[biggest, "game_id"]] == margins.max()
    # ties go to the lowest game id
    assert table.loc[longest, "game_id"] == int(games.index[games["turns"] ==
                                                            games["turns"].max()].min())
    for label in rows[4:]:
        seat = "ABCD".index(label.split()[2])
        gid = table.loc[label, "game_id"]
        won = results.seats[(results.seats.game_id == gid) & (results.seats.seat == seat)]
        assert bool(won["won"].iloc[0]) and table.loc[label, "winner"] == "ABCD"[seat]
        assert label.endswith(f"won by {margins[gid]:g}")
    assert (table["seed"] == [int(games.loc[g, "seed"]) for g in table["game_id"]]).all()


def test_empty_results_give_an_empty_table(results):
    empty = simulate("crossroads", 1, seed=2, progress=False)
    empty.games, empty.seats = empty.games.iloc[0:0], empty.seats.iloc[0:0]
    assert list(notable_games(empty).columns) == list(COLUMNS) and notable_games(empty).empty
