"""Design metrics: known values on hand-made results, contracts on simulated ones."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from designkit import get_game
from designkit.analysis import metrics as M
from designkit.analysis import stats
from designkit.core.errors import DesignkitError
from designkit.sim import Results, simulate


def make_results(winners: list[int], players: int = 4, scores: list[list[float]] | None = None,
                 turns: list[int] | None = None, extra: dict[str, list] | None = None,
                 trace: pd.DataFrame | None = None) -> Results:
    """Hand-made Crossroads-shaped results: game i is won by ``winners[i]``."""
    n = len(winners)
    games = pd.DataFrame({"game_id": range(n), "seed": [1000 + i for i in range(n)],
                          "players": players, "turns": turns or [10] * n,
                          "decisions": [20] * n, "multi_option_decisions": [10] * n,
                          "branching_sum": [40] * n, "end_reason": ["deck_out"] * n,
                          "winner": winners, "n_winners": 1})
    rows = []
    for g, w in enumerate(winners):
        sc = scores[g] if scores else [1.0 if s == w else 0.0 for s in range(players)]
        order = sorted(range(players), key=lambda s: (s != w, -sc[s], s))
        for s in range(players):
            row = {"game_id": g, "seed": 1000 + g, "seat": s, "agent": "random",
                   "score": sc[s], "rank": order.index(s) + 1, "won": s == w}
            for col, values in (extra or {}).items():
                row[col] = values[g * players + s]
            rows.append(row)
    meta = {} if trace is None else {"trace": trace}
    return Results(game="crossroads", params={}, agents=["random"] * players, seed=0,
                   games=games, seats=pd.DataFrame(rows), requested=n, meta=meta)


@pytest.fixture(scope="module")
def traced() -> Results:
    params = get_game("crossroads").params_type(players=3)
    return simulate("crossroads", 150, params=params, seed=11, trace=True, progress=False)


# -- statistics helpers ---------------------------------------------------------------------------
def test_distribution_functions_match_known_values():
    assert stats.chi2_sf(3.841458820694124, 1) == pytest.approx(0.05, abs=1e-12)
    assert stats.chi2_sf(7.814727903251178, 3) == pytest.approx(0.05, abs=1e-12)
    assert stats.chi2_sf(0.5, 10) == pytest.approx(0.9999933882894, rel=1e-9)
    assert stats.chi2_sf(2.0, 3) == pytest.approx(0.5724067044708798, rel=1e-9)
    assert stats.t_ppf(0.975, 10) == pytest.approx(2.228138851986273, rel=1e-9)
    assert stats.t_ppf(0.975, 2) == pytest.approx(4.302652729749464, rel=1e-9)
    assert stats.t_sf(2.0, 5) == pytest.approx(0.05096973941492914, rel=1e-9)
    assert stats.normal_ppf(0.975) == pytest.approx(stats.Z95, rel=1e-12)
    assert stats.binom_two_sided_p(2, 10) == pytest.approx(0.109375)


def test_mean_and_ratio_intervals():
    mean, lo, hi = stats.mean_interval([1, 2, 3, 4, 5])
    assert mean == 3 and hi - mean == pytest.approx(2.776445105 * math.sqrt(2.5 / 5), rel=1e-6)
    assert mean - lo == pytest.approx(hi - mean)
    r, lo, hi = stats.ratio_interval([1, 2, 3], [2, 2, 2])
    assert r == 1.0 and lo < r < hi
    assert stats.ratio_interval([2, 4], [2, 4])[1:] == pytest.approx((1.0, 1.0))


# -- seats ---------------------------------------------------------------------------------------
def test_win_rates_chi_square_and_balance_on_known_counts():
    res = make_results([0] * 30 + [1] * 20 + [2] * 25 + [3] * 25)
    w = M.seat_win_rates(res)
    assert w["wins"].tolist() == [30, 20, 25, 25]
    assert w["win_rate"].tolist() == pytest.approx([0.30, 0.20, 0.25, 0.25])
    bounds = [stats.wilson_interval(k, 100) for k in (30, 20, 25, 25)]
    assert w["lo"].tolist() == pytest.approx([b[0] for b in bounds])
    assert w["hi"].tolist() == pytest.approx([b[1] for b in bounds])
    assert w["label"].tolist() == ["A", "B", "C", "D"] and w["fair_share"].iloc[0] == 0.25
    test = M.seat_advantage_test(res)
    assert test["chi2"] == pytest.approx(2.0) and test["df"] == 3
    assert test["p_value"] == pytest.approx(0.5724067044708798)
    b = M.balance(res)
    assert b["value"] == pytest.approx(0.9) and b["best"] == "A" and b["worst"] == "B"
    assert b["lo"] <= b["value"] + 1e-9 and b["hi"] <= 1.0


def test_strong_seat_advantage_is_detected():
    res = make_results([0] * 70 + [1] * 10 + [2] * 10 + [3] * 10)
    assert M.seat_advantage_test(res)["p_value"] < 1e-10
    assert M.balance(res)["value"] == pytest.approx(0.4)


# -- scores, length, choice -------------------------------------------------------------------------
def test_winner_margin_and_scores():
    scores = [[5, 3, 1, 0], [2, 2, 1, 0], [0, 1, 9, 4]]
    res = make_results([0, 1, 2], scores=scores)
    assert M.winner_margins(res).tolist() == [2.0, 0.0, 5.0]
    m = M.winner_margin(res)
    assert m["mean"] == pytest.approx(7 / 3) and m["tie_share"] == pytest.approx(1 / 3)
    s = M.score_summary(res)
    assert s["mean"].iloc[0] == pytest.approx(7 / 3) and s["label"].iloc[-1] == "all"
    assert pd.isna(s["seat"].iloc[-1]) and s["n"].iloc[-1] == 12


def test_length_choice_and_end_reasons():
    res = make_results([0, 1, 2, 3], turns=[10, 20, 30, 40])
    res.games.loc[0, "end_reason"] = "27"
    gl = M.game_length(res).set_index("measure")
    assert gl.loc["turns", "mean"] == 25 and gl.loc["turns", "min"] == 10
    assert gl.loc["turns", "lo"] < 25 < gl.loc["turns", "hi"]
    assert M.multi_option_share(res)["value"] == pytest.approx(0.5)
    assert M.branching_factor(res)["value"] == pytest.approx(2.0)
    e = M.end_reason_shares(res)
    assert e["end_reason"].tolist() == ["deck_out", "27"]
    assert e["share"].tolist() == [0.75, 0.25] and e["share"].sum() == 1


# -- items --------------------------------------------------------------------------------------------
def test_item_usage_is_generic_over_held_columns():
    # 4 games × 2 seats; seat 0 always wins. "X" held by the winners in 3 games.
    held = ["X", "", "X,Y", "Y", "X", "", "", "Y"]
    res = make_results([0, 0, 0, 0], players=2, extra={"cards_held": held,
                                                      "other": ["X"] * 8})
    assert M.item_columns(res) == ["cards_held"]
    u = M.item_usage(res).set_index("item")
    assert u.loc["X", "seat_games"] == 3 and u.loc["X", "win_rate"] == 1.0
    assert u.loc["X", "usage"] == pytest.approx(3 / 8)
    assert u.loc["X", "win_rate_without"] == pytest.approx(1 / 5)
    assert u.loc["Y", "seat_games"] == 3 and u.loc["Y", "wins"] == 1
    assert u.loc["X", "lift"] == pytest.approx(0.8) and u["fair_share"].iloc[0] == 0.5


def test_a_game_can_list_item_columns(monkeypatch):
    """Game.item_columns declares the columns beyond the ``*_held`` convention (issue 23)."""
    res = make_results([0, 1], players=2, extra={"played": ["a", "b", "a", ""]})
    monkeypatch.setattr(type(get_game("crossroads")), "item_columns", ("played",))
    assert M.item_columns(res) == ["played"]
    assert M.item_usage(res)["item"].tolist() == ["a", "b"]


def test_item_usage_on_crossroads_skills(traced):
    u = M.item_usage(traced)
    assert set(u["column"]) == {"skills_held"}
    assert set(u["item"]) <= {f"S{i}" for i in range(1, 9)}
    assert ((u["lo"] <= u["win_rate"]) & (u["win_rate"] <= u["hi"])).all()


# -- drama, lead changes, decisiveness ------------------------------------------------------------------
def _trace(values: list[list[float]], game_id: int = 0) -> pd.DataFrame:
    rows = [(game_id, i, i + 1, False, s, v) for i, row in enumerate(values)
            for s, v in enumerate(row)]
    return pd.DataFrame(rows, columns=["game_id", "sample", "turn", "final", "seat", "value"])


def test_tension_definitions_on_a_known_trace():
    # seat 1 wins. Leaders: {0}, {0}, {1}, {0,1}, {1} -> 3 changes in 4 transitions.
    v = [[3, 1], [2, 0], [1, 4], [2, 2], [0, 5]]
    res = make_results([1], players=2, trace=_trace(v))
    t = M.tension_per_game(res).iloc[0]
    assert t["samples"] == 5 and t["lead_changes"] == 3
    assert t["lead_change_rate"] == pytest.approx(3 / 4)
    # winner behind by 2, 2, 0, 0, 0
    assert t["drama"] == pytest.approx(4 / 5) and t["behind_share"] == pytest.approx(2 / 5)
    # the loser's best is 3; the winner first exceeds it at sample 2 -> 2/5
    assert t["decisiveness"] == pytest.approx(2 / 5)
    never = make_results([1], players=2, trace=_trace([[3, 1], [0, 3]]))
    assert M.tension_per_game(never).iloc[0]["decisiveness"] == 1.0


def test_a_trace_of_final_samples_only_has_no_tension_rows():
    """A game whose turn counter never moves leaves only final samples: no row, no error."""
    final_only = _trace([[3, 1]]).assign(final=True)
    res = make_results([1], players=2, trace=final_only)
    assert M.tension_per_game(res).empty


def test_trace_from_simulate(traced):
    trace = M.trace_of(traced)
    assert list(trace.columns) == ["game_id", "sample", "turn", "final", "seat", "value"]
    assert trace.groupby(["game_id", "sample"]).size().eq(3).all()
    finals = trace[trace["final"]]
    assert finals["game_id"].nunique() == 150 and len(finals) == 150 * 3
    live = trace[~trace["final"]]
    assert live.groupby("game_id")["turn"].apply(lambda s: s.is_monotonic_increasing).all()
    t = M.tension(traced).set_index("metric")
    assert set(t.index) == set(M.TENSION_METRICS)
    assert 0 <= t.loc["decisiveness", "value"] <= 1 and t.loc["drama", "value"] >= 0
    curve = M.tension_curve(traced, bins=10)
    assert len(curve) == 10 and curve["winner"].iloc[-1] > curve["best_other"].iloc[-1]


def test_tracing_changes_nothing_else(traced):
    plain = simulate("crossroads", 150, params=get_game("crossroads").params_type(players=3),
                     seed=11, progress=False)
    pd.testing.assert_frame_equal(plain.games, traced.games)
    pd.testing.assert_frame_equal(plain.seats, traced.seats)
    assert "trace" not in plain.meta
    with pytest.raises(DesignkitError, match="trace=True"):
        M.tension(plain)


def test_trace_is_the_same_on_local_processes(traced):
    params = get_game("crossroads").params_type(players=3)
    par = simulate("crossroads", 150, params=params, seed=11, trace=True, workers=2,
                   progress=False)
    assert par.meta["backend"] == "process"
    pd.testing.assert_frame_equal(par.meta["trace"], traced.meta["trace"])
    pd.testing.assert_frame_equal(par.games, traced.games)


# -- summary and skill ------------------------------------------------------------------------------
def test_summary_table(traced):
    s = M.summary(traced, items=True)
    assert list(s.columns) == M.SUMMARY_COLUMNS
    metrics = set(s["metric"])
    assert {"win_rate", "balance", "seat_p_value", "score_mean", "winner_margin", "turns",
            "decisions", "multi_option_share", "branching_factor", "end_share", "drama",
            "lead_change_rate", "decisiveness", "item_win_rate"} <= metrics
    assert s.loc[s["metric"] == "win_rate", "seat"].tolist() == [0, 1, 2]
    bounded = s.dropna(subset=["lo"])
    assert ((bounded["lo"] <= bounded["value"] + 1e-9)
            & (bounded["value"] <= bounded["hi"] + 1e-9)).all()
    assert s.loc[s["metric"] == "end_share", "value"].sum() == pytest.approx(1.0)


def test_skill_trace_runs_every_seat():
    params = get_game("crossroads").params_type(players=3)
    df = M.skill_trace("crossroads", levels=M.doubling(2, 2), n_games=6, params=params)
    assert df["level"].tolist() == [2, 4] and df["agent"].tolist() == ["mcts:2", "mcts:4"]
    assert df["games"].tolist() == [6, 6] and (df["opponent"] == "random").all()
    assert df["fair_share"].iloc[0] == pytest.approx(1 / 3)
    assert ((df["lo"] <= df["win_rate"] + 1e-12) & (df["win_rate"] <= df["hi"])).all()
    half = M.skill_trace("crossroads", levels=[2], opponent="half", n_games=3, params=params)
    assert half["opponent"].tolist() == ["mcts:1"]


def test_metrics_work_without_item_columns():
    res = make_results([0, 1, 1])
    assert M.item_columns(res) == [] and M.item_usage(res).empty
    assert not M.summary(res, items=True)["metric"].str.startswith("item").any()
    assert np.isfinite(M.summary(res)["value"]).all()
