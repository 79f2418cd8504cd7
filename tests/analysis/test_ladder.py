"""Balance by skill level: the same seeds on every rung, win rates with Wilson intervals by
seat or turn position, the chart and table, the report section and the CLI flag."""

from __future__ import annotations

import re

import pandas as pd
import pytest

from designkit.analysis import ladder as L
from designkit.analysis import report as R
from designkit.cli import main
from designkit.core.registry import get_game
from designkit.sim import simulate
from designkit.sim.intervals import wilson_interval

CR = get_game("crossroads")
RUNGS = ("random", "greedy", "mcts:3")
N = 8


@pytest.fixture(scope="module")
def runs():
    params = CR.params_type(players=3)
    return [simulate(CR, N, params=params, agents=r, seed=5, progress=False) for r in RUNGS]


@pytest.fixture(scope="module")
def table(runs):
    return L.ladder_table(runs, RUNGS)


def test_one_row_per_rung_and_turn_position(table):
    assert list(table.columns) == list(L.COLUMNS)
    assert table["agent"].drop_duplicates().tolist() == list(RUNGS)
    assert set(table["by"]) == {"position"}  # Crossroads randomises the start player
    assert table.groupby("rung")["slot"].apply(list).tolist() == [[0, 1, 2]] * 3
    assert table["label"].tolist()[:3] == ["1st", "2nd", "3rd"]
    assert (table["games"] == N).all()
    assert table["fair_share"].tolist() == pytest.approx([1 / 3] * 9)


def test_win_rates_and_intervals_are_the_simulations(table, runs):
    for k, res in enumerate(runs):
        rows = table[table["rung"] == k]
        for r in rows.itertuples():
            wins = int(res.seats.loc[res.seats["position"] == r.slot, "won"].sum())
            assert r.wins == wins and r.win_rate == pytest.approx(wins / N)
            assert (r.lo, r.hi) == pytest.approx(wilson_interval(wins, N))
            assert r.lo <= r.win_rate <= r.hi
        rates = rows["win_rate"]
        assert rows["gap"].iloc[0] == pytest.approx(rates.max() - rates.min())


def test_run_ladder_plays_each_rung_on_the_simulations_seeds(table):
    """One call, every rung on the seeds ``simulate(..., seed=5)`` gives: identical rows
    (iteration budgets are reproducible)."""
    again = L.run_ladder(CR, RUNGS, n_games=N, params=CR.params_type(players=3), seed=5)
    pd.testing.assert_frame_equal(table, again)


def test_every_rung_plays_the_same_seeds(runs):
    seeds = [tuple(r.games["seed"]) for r in runs]
    assert seeds[0] == seeds[1] == seeds[2]
    # the same seeds mean the same deals and start players on every rung
    starts = [tuple(r.games["start_seat"]) for r in runs]
    assert starts[0] == starts[1] == starts[2]


def test_seat_where_the_start_player_is_fixed():
    rs = get_game("rolling_stone")
    t = L.run_ladder(rs, ("random",), n_games=3, params=rs.params_type(players=3), seed=1)
    assert set(t["by"]) == {"seat"} and t["label"].tolist() == ["seat A", "seat B", "seat C"]
    with pytest.raises(ValueError, match="no turn position"):
        L.ladder_table([simulate(rs, 1, params=rs.params_type(players=3), seed=1,
                                 progress=False)], ["random"], by="position")


def test_chart_table_and_note(table):
    fig = L.ladder_chart(table)
    assert [t.name for t in fig.data] == ["1st", "2nd", "3rd"]
    assert all(t.type == "bar" and list(t.x) == list(RUNGS) for t in fig.data)
    assert fig.data[0].error_y.array is not None
    assert fig.layout.yaxis.tickformat == ".0%"
    rows = L.ladder_rows(table)
    assert [r["bot at every seat"] for r in rows] == list(RUNGS)
    assert re.fullmatch(r"\d+\.\d% \[\d+\.\d, \d+\.\d\]", rows[0]["1st"])
    note = L.ladder_note(table)
    assert "same seeds" in note and "not reproducible" not in note
    timed = table.assign(agent=table["agent"].replace({"mcts:3": "mcts:0.1s"}))
    assert "mcts:0.1s search for a time per decision" in L.ladder_note(timed)


def test_bad_rung_fails_before_any_game():
    from designkit.core.errors import DesignkitError

    with pytest.raises(DesignkitError, match="unknown agent 'smart'"):
        L.run_ladder(CR, ("random", "smart"), n_games=1000)


def test_report_section(table, runs):
    res = runs[0]
    page = R.build_report(res, ladder=table)
    heads = re.findall(r"<h2>([^<]*)</h2>", page)
    assert heads[-2:] == ["Balance by skill level", "Definitions"]
    assert "turn position (1st = start player)" in page and "largest gap" in page
    assert "<h2>Balance by skill level</h2>" not in R.build_report(res)


def test_cli_report_ladder(tmp_path, capsys):
    out = tmp_path / "r.html"
    code = main(["report", "crossroads", "--players", "3", "--games", "6", "--no-trace",
                 "--ladder", "random,mcts:2", "--ladder-games", "3", "--quiet", "--out",
                 str(out)])
    assert code == 0
    page = out.read_text(encoding="utf-8")
    assert "<h2>Balance by skill level</h2>" in page and "mcts:2" in page
    code = main(["report", "crossroads", "--games", "10", "--ladder", "random,mcts:1.5",
                 "--out", str(tmp_path / "x.html")])
    err = capsys.readouterr().err
    assert code == 2 and "agent 'mcts:1.5'" in err and not (tmp_path / "x.html").exists()
    assert len(err.strip().splitlines()) == 1


def test_cli_ladder_defaults_to_time_budgets():
    from designkit.cli import _ladder_rungs

    assert _ladder_rungs("") == list(L.TIMED_LADDER)
    assert _ladder_rungs(None) is None
    assert _ladder_rungs(" greedy , mcts:50") == ["greedy", "mcts:50"]
