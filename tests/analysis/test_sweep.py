"""Sweeps: grid values, same seeds at every point, tidy table, plot builders, CLI."""

from __future__ import annotations

import pandas as pd
import pytest

from designkit import get_game
from designkit.analysis import sweep_charts as SC
from designkit.analysis.metrics import SUMMARY_COLUMNS, summary
from designkit.analysis.sweep import (
    parse_values,
    run_points,
    sweep,
    sweep_table,
    sweep_text,
    swept_params,
    to_wide,
)
from designkit.cli import main
from designkit.core.errors import DesignkitError, ParamError
from designkit.sim import simulate
from designkit.sim.many import Executor, simulate_many

G = get_game("crossroads")
P3 = G.params_type(players=3)


@pytest.fixture(scope="module")
def runs():
    return run_points(G, "end_hand_sum", [20, 27, 34], n_games=120, params=P3, seed=4)


@pytest.fixture(scope="module")
def table(runs):
    return sweep_table(runs)


@pytest.fixture(scope="module")
def grid():
    return sweep(G, "end_hand_sum", [20, 34], "starting_hand", [1, 3], n_games=60, params=P3,
                 seed=4)


@pytest.mark.parametrize("text, want", [
    ("24,25,26", [24, 25, 26]),
    ("24,25,...,30", [24, 25, 26, 27, 28, 29, 30]),
    ("24,26,...,30", [24, 26, 28, 30]),
    ("24:27", [24, 25, 26, 27]),
    ("0.2:0.6:0.2", [0.2, 0.4, 0.6]),
    ("greater,greater_or_equal", ["greater", "greater_or_equal"]),
    ("true,false", [True, False]),
])
def test_parse_values(text, want):
    assert parse_values(text) == want


@pytest.mark.parametrize("text", ["24:20:1", "1,...,5", "a:b"])
def test_parse_values_errors(text):
    with pytest.raises(DesignkitError):
        parse_values(text)


def test_every_point_equals_a_plain_simulation_on_the_same_seeds(runs):
    point, res = runs[1]
    assert point == {"end_hand_sum": 27}
    plain = simulate(G, 120, params=P3, seed=4, progress=False)
    pd.testing.assert_frame_equal(res.games, plain.games)
    pd.testing.assert_frame_equal(res.seats, plain.seats)
    seeds = [r.games["seed"].tolist() for _, r in runs]
    assert seeds[0] == seeds[1] == seeds[2]


def test_tidy_table(table, runs):
    assert list(table.columns) == ["end_hand_sum", *SUMMARY_COLUMNS]
    assert swept_params(table) == ["end_hand_sum"]
    assert table["end_hand_sum"].unique().tolist() == [20, 27, 34]
    one = table[table["end_hand_sum"] == 34].drop(columns="end_hand_sum").reset_index(drop=True)
    pd.testing.assert_frame_equal(one, summary(runs[2][1]))
    turns = to_wide(table, "turns")
    assert turns["value"].iloc[-1] > turns["value"].iloc[0]  # a higher end sum: longer games
    assert (turns["lo"] < turns["value"]).all() and (turns["value"] < turns["hi"]).all()
    assert len(to_wide(table, "win_rate", seat=0)) == 3


def test_progress_counts_games_over_all_points():
    seen = []
    sweep(G, "end_hand_sum", [22, 30], n_games=30, params=P3,
          on_progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (60, 60) and all(t == 60 for _, t in seen)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_two_parameter_grid(grid):
    assert swept_params(grid) == ["end_hand_sum", "starting_hand"]
    points = grid[["end_hand_sum", "starting_hand"]].drop_duplicates()
    assert points.values.tolist() == [[20, 1], [20, 3], [34, 1], [34, 3]]


def test_bad_parameters_fail_before_any_game():
    with pytest.raises(ParamError, match="end_hand_sums"):
        sweep(G, "end_hand_sums", [1, 2], n_games=10)
    with pytest.raises(ParamError, match="outside the allowed range 2–100"):
        sweep(G, "end_hand_sum", [27, 500], n_games=10)
    with pytest.raises(DesignkitError, match="must differ"):
        sweep(G, "end_hand_sum", [27], "end_hand_sum", [28], n_games=10)


def test_sweep_text(table):
    text = sweep_text(table, {0: "A", 1: "B", 2: "C"})
    assert "end_hand_sum" in text and "A win %" in text and "seat p" in text
    assert text.count("[") > 20  # intervals everywhere
    lines = text.splitlines()
    assert any(line.startswith("20 ") for line in lines)


def test_line_chart_has_bands(table):
    fig = SC.sweep_line(table, "turns")
    bands = [t for t in fig.data if t.fill == "toself"]
    lines = [t for t in fig.data if t.mode == "lines+markers"]
    assert len(bands) == 1 and len(lines) == 1
    assert list(lines[0].x) == [20, 27, 34]
    lo = to_wide(table, "turns")["lo"].tolist()
    assert list(bands[0].y)[-3:] == lo[::-1]
    seats = SC.sweep_line(table, "win_rate", labels={0: "A", 1: "B", 2: "C"})
    assert [t.name for t in seats.data if t.mode == "lines+markers"] == ["A", "B", "C"]
    with pytest.raises(ValueError, match="no rows"):
        SC.sweep_line(table, "nonsense")


def test_heatmap_for_two_parameters(grid, table):
    fig = SC.sweep_heatmap(grid, "turns")
    hm = fig.data[0]
    assert list(hm.x) == ["20", "34"] and list(hm.y) == ["1", "3"]
    assert len(hm.z) == 2 and "[" in hm.text[0][0]
    with pytest.raises(ValueError, match="several rows"):
        SC.sweep_heatmap(grid, "win_rate")
    assert SC.sweep_heatmap(grid, "win_rate", seat=1).data[0].z is not None
    with pytest.raises(ValueError, match="two parameters"):
        SC.sweep_heatmap(table, "turns")
    assert len(SC.sweep_figures(grid)) > len(SC.sweep_figures(table)) > 4


def test_process_executor_is_reused_and_matches_serial():
    configs = [P3, (P3.replace(end_hand_sum=22), "greedy")]
    with Executor("process", workers=2) as ex:
        first = simulate_many(G, configs, 40, seed=9, executor=ex)
        again = simulate_many(G, configs[:1], 40, seed=9, executor=ex)
        assert ex._pool is not None
    serial = simulate_many(G, configs, 40, seed=9, backend="serial")
    for a, b in zip(first, serial, strict=True):
        pd.testing.assert_frame_equal(a.games, b.games)
        pd.testing.assert_frame_equal(a.seats, b.seats)
    pd.testing.assert_frame_equal(again[0].games, serial[0].games)
    assert serial[1].agents == ["greedy"] * 3


def test_cli_sweep_writes_csv_and_html(tmp_path, capsys):
    csv = tmp_path / "sweep.csv"
    assert main(["sweep", "crossroads", "--players", "3", "--param", "end_hand_sum",
                 "--values", "22,24,...,26", "--games", "40", "--quiet", "--out",
                 str(csv)]) == 0
    out = capsys.readouterr().out
    assert "3 points × 40 games" in out and "A win %" in out and "ends 'deck_out' %" in out
    table = pd.read_csv(csv)
    assert table["end_hand_sum"].unique().tolist() == [22, 24, 26]
    page = tmp_path / "sweep.html"
    assert main(["sweep", "crossroads", "--players", "3", "--param", "end_hand_sum",
                 "--values", "22,26", "--param2", "starting_hand", "--values2", "1,2",
                 "--games", "30", "--quiet", "--out", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    assert html.count("Plotly.newPlot") >= 5 and "<script src=" not in html
    assert main(["sweep", "crossroads", "--param", "nope", "--values", "1", "--games",
                 "5", "--quiet"]) == 2
