"""Parallel by default (issue 19): ``workers=None`` plays a pilot in the parent and moves a
big batch to every core, a small one stays serial, and the rows are the serial rows."""

from __future__ import annotations

import pandas as pd
import pytest

from designkit.analysis.sweep import run_points
from designkit.sim import many, simulate


def _serial(game, n, agents="random", **kw):
    return simulate(game, n, agents=agents, seed=5, workers=1, progress=False, **kw)


def test_a_small_batch_stays_in_this_process():
    res = simulate("crossroads", 6, agents="random", seed=5, progress=False)
    assert res.meta["auto_workers"] is True and res.meta["workers"] == 1
    assert res.meta["backend"] == "serial"
    pd.testing.assert_frame_equal(res.games, _serial("crossroads", 6).games)


@pytest.mark.parametrize("game, agents, n", [("crossroads", "random", 40),
                                             ("witch_academy", "random", 9)])
def test_a_big_batch_uses_every_core_with_the_serial_rows(monkeypatch, game, agents, n):
    monkeypatch.setattr(many, "AUTO_PARALLEL_SECONDS", 0.0)  # every batch counts as big
    monkeypatch.setattr(many, "cores", lambda: 2)
    auto = simulate(game, n, agents=agents, seed=5, progress=False, coverage=True)
    serial = _serial(game, n, agents, coverage=True)
    assert auto.meta["backend"] == "process" and auto.meta["workers"] == 2
    pd.testing.assert_frame_equal(auto.games, serial.games)
    pd.testing.assert_frame_equal(auto.seats, serial.seats)
    pd.testing.assert_frame_equal(auto.rules, serial.rules)


def test_a_sweep_chooses_for_the_whole_grid_with_the_serial_rows(monkeypatch):
    monkeypatch.setattr(many, "AUTO_PARALLEL_SECONDS", 0.0)
    monkeypatch.setattr(many, "cores", lambda: 2)
    auto = run_points("crossroads", "starting_hand", [1, 3], n_games=12, seed=2)
    serial = run_points("crossroads", "starting_hand", [1, 3], n_games=12, seed=2, workers=1)
    for (pa, ra), (ps, rs) in zip(auto, serial, strict=True):
        assert pa == ps and ra.meta["workers"] == 2 and rs.meta["workers"] == 1
        pd.testing.assert_frame_equal(ra.games, rs.games)
        pd.testing.assert_frame_equal(ra.seats, rs.seats)


def test_one_game_is_only_the_pilot():
    res = simulate("rolling_stone", 1, agents="random", seed=5, progress=False)
    assert res.n_games == 1 and res.meta["workers"] == 1
