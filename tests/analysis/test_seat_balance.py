"""Seat balance that can read fair (analysis.seat_balance)."""

from __future__ import annotations

import numpy as np
import pytest

from designkit.analysis.seat_balance import seat_balance
from designkit.analysis.stats import chi2_sf
from designkit.analysis.variant_metrics import won_by_position
from designkit.sim import simulate


def _fair(n_games: int, seats: int, rng: np.random.Generator) -> np.ndarray:
    """A game whose seats are symmetric by construction: the winner is a fair die roll."""
    won = np.zeros((n_games, seats))
    won[np.arange(n_games), rng.integers(0, seats, n_games)] = 1
    return won


def test_a_fair_game_reads_fair_in_most_runs():
    rng = np.random.default_rng(5)
    fair = [seat_balance(_fair(300, 3, rng)).reads_fair for _ in range(60)]
    assert sum(fair) / len(fair) >= 0.9          # the old max-gap bootstrap: 0 %


def test_an_unfair_game_does_not_and_its_interval_excludes_zero():
    rng = np.random.default_rng(6)
    won = np.zeros((600, 3))
    won[np.arange(600), rng.choice(3, 600, p=[0.5, 0.25, 0.25])] = 1
    b = seat_balance(won)
    point, lo, hi = b.imbalance
    assert not b.reads_fair and 0 < lo <= point <= hi and b.p_value < 1e-6


def test_chi_square_is_the_goodness_of_fit_of_the_wins():
    won = np.zeros((90, 3))
    won[:40, 0], won[40:70, 1], won[70:, 2] = 1, 1, 1      # 40 / 30 / 20 wins
    b = seat_balance(won)
    assert b.chi2 == pytest.approx((100 + 0 + 100) / 30)
    assert b.p_value == pytest.approx(chi2_sf(b.chi2, 2))
    assert "χ²" in b.text() and "fair 33%" in b.text()


def test_a_real_game_gives_one_interval_per_position():
    res = simulate("crossroads", 30, agents="random", seed=3)
    won, n = won_by_position(res)
    b = seat_balance(won)
    assert len(b.rates) == n and all(lo <= r <= hi for r, lo, hi in zip(b.rates, b.lo, b.hi, strict=True))
