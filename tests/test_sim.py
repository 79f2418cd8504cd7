"""simulate(): reproducible across worker counts, tidy columns, seeds, progress, interrupts."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from designkit.analysis.stats import wilson_interval
from designkit.core.errors import DesignkitError
from designkit.games.crossroads import CrossroadsParams
from designkit.sim import Results, simulate

N = 300
GAME_COLUMNS = ["game_id", "seed", "players", "turns", "decisions", "end_reason", "winner"]
CROSSROADS_GAME_COLUMNS = ["ending_seat", "deck_left", "groups_on_table"]
SEAT_COLUMNS = ["game_id", "seed", "seat", "agent", "score", "rank", "won"]
CROSSROADS_SEAT_COLUMNS = ["skills_held", "groups_released"]


@pytest.fixture(scope="module")
def serial() -> Results:
    return simulate("crossroads", N, params=CrossroadsParams(players=4), seed=11, workers=1,
                    progress=False)


@pytest.fixture(scope="module")
def parallel() -> Results:
    return simulate("crossroads", N, params=CrossroadsParams(players=4), seed=11, workers=2,
                    backend="process", progress=False)


def test_results_do_not_depend_on_worker_count(serial, parallel):
    assert serial.meta["backend"] == "serial" and parallel.meta["backend"] == "process"
    assert not serial.interrupted and not parallel.interrupted
    pd.testing.assert_frame_equal(serial.games, parallel.games)
    pd.testing.assert_frame_equal(serial.seats, parallel.seats)
    assert serial.n_games == parallel.n_games == N


def test_results_do_not_depend_on_batch_size(serial):
    other = simulate("crossroads", 60, params=CrossroadsParams(players=4), seed=11,
                     batch_size=7, progress=False)
    pd.testing.assert_frame_equal(other.games, serial.games.iloc[:60])
    pd.testing.assert_frame_equal(other.seats, serial.seats.iloc[:240])


def test_csv_output_is_identical_for_one_and_two_workers(serial, parallel, tmp_path):
    a = serial.to_file(tmp_path / "a.csv")
    b = parallel.to_file(tmp_path / "b.csv")
    assert a.read_bytes() == b.read_bytes()
    pd.testing.assert_frame_equal(pd.read_parquet(serial.to_file(tmp_path / "a.parquet")),
                                  pd.read_parquet(parallel.to_file(tmp_path / "b.parquet")))
    table = pd.read_csv(a)
    assert len(table) == N * 4
    assert {"game_id", "seat", "score", "won", "turns", "end_reason"} <= set(table.columns)


def test_column_contract(serial):
    games, seats = serial.games, serial.seats
    assert list(games.columns[:len(GAME_COLUMNS)]) == GAME_COLUMNS or \
        set(GAME_COLUMNS) <= set(games.columns)
    assert set(GAME_COLUMNS + CROSSROADS_GAME_COLUMNS) <= set(games.columns)
    assert set(SEAT_COLUMNS + CROSSROADS_SEAT_COLUMNS) <= set(seats.columns)
    assert list(games.game_id) == list(range(N))
    assert (games.players == 4).all()
    assert set(games.end_reason) <= {"deck_out", "27"}
    assert (games.decisions > 0).all() and (games.turns > 0).all()
    assert len(seats) == 4 * N
    assert list(seats.groupby("game_id").size().unique()) == [4]
    assert set(seats.agent) == {"random"}
    for gid, grp in seats.groupby("game_id"):
        assert sorted(grp["rank"]) == [1, 2, 3, 4]
        assert grp["won"].sum() == 1  # clockwise tie-break: exactly one winner
        winner = int(grp.loc[grp["rank"] == 1, "seat"].iloc[0])
        assert winner == games.loc[gid, "winner"]
        assert bool(grp.loc[grp.seat == winner, "won"].iloc[0])
        assert grp["score"].is_monotonic_decreasing or (
            grp.sort_values("rank")["score"].is_monotonic_decreasing)
    assert seats.groupby("game_id").seed.first().tolist() == games.seed.tolist()


def test_game_seeds_are_spawned_from_the_seed_sequence(serial):
    children = np.random.SeedSequence(11).spawn(N)
    expected = [int(c.generate_state(1, dtype=np.uint64)[0]) for c in children]
    assert serial.games.seed.tolist() == expected


def test_on_progress_counts_up_to_the_total():
    calls = []
    res = simulate("crossroads", 45, seed=3, batch_size=10, progress=False,
                   on_progress=lambda done, total: calls.append((done, total)))
    assert calls == [(10, 45), (20, 45), (30, 45), (40, 45), (45, 45)]
    assert res.n_games == 45


def test_on_progress_with_processes():
    calls = []
    simulate("crossroads", 40, seed=3, workers=2, batch_size=10, progress=False,
             on_progress=lambda done, total: calls.append((done, total)))
    assert [c[0] for c in calls] == [10, 20, 30, 40]
    assert {c[1] for c in calls} == {40}


def test_keyboard_interrupt_keeps_finished_games(serial):
    seen = []

    def stop_after_first_batch(done, total):
        seen.append(done)
        raise KeyboardInterrupt

    res = simulate("crossroads", N, params=CrossroadsParams(players=4), seed=11,
                   batch_size=25, progress=False, on_progress=stop_after_first_batch)
    assert seen == [25]
    assert res.interrupted
    assert res.requested == N
    assert res.n_games == 25
    pd.testing.assert_frame_equal(res.games, serial.games.iloc[:25])
    pd.testing.assert_frame_equal(res.seats, serial.seats.iloc[:100])
    assert f"(interrupted; {N} requested)" in res.summary_text()


def test_summary_text_has_wilson_intervals(serial):
    text = serial.summary_text()
    assert f"crossroads: {N} games" in text
    assert "95% interval" in text
    assert "end reasons:" in text and "game length:" in text
    summary = serial.seat_summary()
    assert list(summary.seat) == [0, 1, 2, 3]
    assert summary.win_rate.sum() == pytest.approx(1.0)
    for r in summary.itertuples():
        wins = int(serial.seats[serial.seats.seat == r.seat].won.sum())
        lo, hi = wilson_interval(wins, N)
        assert (r.win_lo, r.win_hi) == (lo, hi)
        assert lo < wins / N < hi
        line = next(x for x in text.splitlines() if x.startswith("ABCD"[r.seat] + " "))
        assert f"[{lo:.3f}, {hi:.3f}]" in line
        assert re.search(rf"\b{wins / N:.3f}\b", line)


def test_wilson_interval_known_values():
    lo, hi = wilson_interval(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    lo, hi = wilson_interval(10, 10)
    assert round(lo, 4) == 0.7225 and hi == pytest.approx(1.0)


def test_per_seat_agents_and_game_specific_columns():
    res = simulate("crossroads", 20, params=CrossroadsParams(players=3),
                   agents=["greedy", "random", "random"], seed=5, progress=False)
    assert res.agents == ["greedy", "random", "random"]
    assert res.seats.groupby("seat").agent.first().tolist() == ["greedy", "random", "random"]
    assert (res.games.players == 3).all()
    assert res.seats.groups_released.ge(0).all()
    assert res.seats.skills_held.fillna("").map(
        lambda s: all(x in {f"S{i}" for i in range(1, 9)} for x in s.split(",") if x)).all()


@pytest.mark.parametrize("kwargs, fragment", [
    ({"n_games": 0}, "games"),
    ({"workers": 0}, "workers"),
    ({"backend": "threads"}, "backend"),
    ({"agents": "nobody"}, "unknown agent"),
    ({"agents": ["random", "random"]}, "2 agents given for 4 seats"),
])
def test_errors_name_the_problem(kwargs, fragment):
    args = {"n_games": 5, "progress": False, **kwargs}
    with pytest.raises(DesignkitError, match=fragment):
        simulate("crossroads", **args)


def test_interrupt_before_any_game_finished_keeps_the_columns(monkeypatch, tmp_path):
    import sys

    sim_module = sys.modules["designkit.sim.many"]  # where the batches run

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(sim_module, "play_rows", interrupted)  # the pilot's games
    res = simulate("crossroads", 10, seed=1, progress=False)
    assert res.interrupted and res.n_games == 0 and res.requested == 10
    assert set(GAME_COLUMNS) <= set(res.games.columns)
    assert set(SEAT_COLUMNS) <= set(res.seats.columns)
    assert "crossroads: 0 games (interrupted; 10 requested)" in res.summary_text()
    path = res.to_file(tmp_path / "empty.csv")
    assert path.read_text().splitlines()[0].startswith("game_id,seed,seat,agent,score")
