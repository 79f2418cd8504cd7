"""Plot builders: trace and seat counts, titles, interval bounds (no kernel needed)."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from designkit.analysis import charts
from designkit.analysis.compare import compare_win_rates
from designkit.analysis.stats import wilson_interval
from designkit.sim import Results, simulate


@pytest.fixture(scope="module")
def results() -> Results:
    from designkit import get_game

    params = get_game("crossroads").params_type(players=3)
    return simulate("crossroads", 200, params=params, seed=3, progress=False)


@pytest.fixture(scope="module")
def variant() -> Results:
    from designkit import get_game

    params = get_game("crossroads").params_type(players=3, end_hand_sum=20)
    return simulate("crossroads", 200, params=params, seed=3, progress=False)


def _bounds(trace) -> tuple[list[float], list[float]]:
    y, err = list(trace.y), trace.error_y
    return ([v - m for v, m in zip(y, err.arrayminus, strict=True)],
            [v + p for v, p in zip(y, err.array, strict=True)])


def test_win_rate_bars_with_wilson_intervals(results):
    fig = charts.win_rate_figure(results)
    assert fig.layout.title.text == "Win rate by seat"
    assert len(fig.data) == 1 and len(fig.data[0].x) == 3
    assert fig.data[0].x[0] == "A (random)"
    wins = results.seats.groupby("seat")["won"].sum()
    lo, hi = _bounds(fig.data[0])
    for seat in range(3):
        want = wilson_interval(wins[seat], 200)
        assert lo[seat] == pytest.approx(want[0]) and hi[seat] == pytest.approx(want[1])
        assert 0 <= lo[seat] <= fig.data[0].y[seat] <= hi[seat] <= 1
    assert sum(fig.data[0].y) == pytest.approx(results.seats["won"].sum() / 200)


def test_score_length_and_end_reasons(results):
    score = charts.score_figure(results)
    assert len(score.data) == 3 and score.data[0].type == "box"
    assert charts.score_figure(results, kind="violin").data[0].type == "violin"
    length = charts.length_figure(results)
    assert length.layout.title.text == "Game length" and len(length.data[0].x) == 200
    ends = charts.end_reasons_figure(results)
    assert sum(ends.data[0].y) == pytest.approx(1.0)
    assert set(ends.data[0].x) == set(results.games["end_reason"].astype(str))


def test_skill_charts(results):
    table = charts.skill_table(results)
    held = results.seats["skills_held"].str.split(",").explode()
    held = held[held != ""]
    assert list(table["skill"]) == sorted(held.unique())
    assert table["held"].sum() == len(held)
    assert (table["take_rate"] == table["held"] / 600).all()
    assert ((table["win_lo"] <= table["win_rate"]) & (table["win_rate"] <= table["win_hi"])).all()
    take = charts.skill_take_figure(results)
    assert take.layout.title.text == "Skill take rate"
    assert len(take.data[0].x) == len(table)
    win = charts.skill_win_figure(results)
    lo, hi = _bounds(win.data[0])
    assert lo == pytest.approx(table["win_lo"].tolist())
    assert hi == pytest.approx(table["win_hi"].tolist())


def test_summary_figures_only_show_what_applies(results):
    assert list(charts.summary_figures(results)) == ["win_rate", "score", "length",
                                                     "end_reasons", "skill_take", "skill_win"]
    plain = Results("x", {}, ["random"], 0, results.games,
                    results.seats.drop(columns=["skills_held"]))
    assert "skill_take" not in charts.summary_figures(plain)


def test_ab_figure(results, variant):
    fig = charts.ab_figure(results, variant, labels=("draft", "variant"))
    assert fig.layout.title.text == "A/B: variant vs draft"
    assert [t.name for t in fig.data] == ["draft", "variant", "difference"]
    assert all(len(t.x) == 3 for t in fig.data)
    table = compare_win_rates(results, variant)
    lo, hi = _bounds(fig.data[2])
    assert lo == pytest.approx(table["diff_lo"].tolist())
    assert hi == pytest.approx(table["diff_hi"].tolist())


def _results(wins_by_seat: list[int], n: int) -> Results:
    seats = pd.DataFrame([{"game_id": g, "seat": s, "agent": "random", "score": 0,
                           "won": g < wins} for s, wins in enumerate(wins_by_seat)
                          for g in range(n)])
    games = pd.DataFrame({"game_id": range(n), "turns": 10, "end_reason": "deck"})
    return Results("x", {}, ["random"], 0, games, seats)


def test_compare_win_rates_normal_approximation():
    a, b = _results([50, 30], 100), _results([60, 30, 10], 200)
    table = compare_win_rates(a, b)
    assert list(table["seat"]) == [0, 1, 2]
    row = table.iloc[0]
    assert (row.win_rate_a, row.win_rate_b, row["diff"]) == pytest.approx((0.5, 0.3, -0.2))
    se = math.sqrt(0.5 * 0.5 / 100 + 0.3 * 0.7 / 200)
    assert (row.diff_lo, row.diff_hi) == pytest.approx((-0.2 - 1.959964 * se,
                                                        -0.2 + 1.959964 * se))
    assert math.isnan(table.iloc[2]["diff"])  # seat C exists only in b
