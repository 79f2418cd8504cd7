"""Anytime-valid confidence sequences (analysis.confseq): coverage at every n, an oracle
written out game by game, and the published normal-mixture boundary."""

from __future__ import annotations

import math

import numpy as np
import pytest

from designkit.analysis.confseq import (
    BET_CAP,
    MIN_GAMES_UNBOUNDED,
    betting_cs,
    mixture_half_width,
    normal_mixture_cs,
)


def _oracle_betting(x: list[float], alpha: float, grid: int) -> tuple[float, float]:
    """The hedged-capital CS of Waudby-Smith & Ramdas written out game by game (values in
    [0, 1]): each candidate mean m keeps two capitals betting up and down with the
    predictable plug-in bets; m leaves for good once half their sum reaches 1/alpha."""
    ms = [k / (grid - 1) for k in range(grid)]
    kept = []
    for m in ms:
        up = down = 1.0
        total, sq, out = 0.0, 0.0, False
        mu_prev, var_prev = 0.5, 0.25
        for t, v in enumerate(x, 1):
            lam = math.sqrt(2 * math.log(2 / alpha) / (var_prev * t * math.log(1 + t)))
            lam_up = min(lam, BET_CAP / m) if m > 0 else lam
            lam_down = min(lam, BET_CAP / (1 - m)) if m < 1 else lam
            up *= 1 + lam_up * (v - m)
            down *= 1 - lam_down * (v - m)
            if (up + down) / 2 >= 1 / alpha:
                out = True
            total += v
            sq += (v - mu_prev) ** 2
            mu_prev, var_prev = (0.5 + total) / (t + 1), (0.25 + sq) / (t + 1)
        if not out:
            kept.append(m)
    step = ms[1] - ms[0]
    return max(0.0, kept[0] - step), min(1.0, kept[-1] + step)


@pytest.mark.parametrize("values", [[1, 0, 1, 1, 0, 1, 1, 1], [0.2, 0.9, 0.4, 0.4, 0.7],
                                    [1.0] * 12])
def test_betting_matches_the_written_out_oracle(values):
    seq = betting_cs(np.array(values, dtype=float), 0.0, 1.0, 0.05, grid=201)
    lo, hi = _oracle_betting(values, 0.05, 201)
    assert seq.lo[-1] == pytest.approx(lo) and seq.hi[-1] == pytest.approx(hi)


def test_betting_covers_the_mean_at_every_n_at_once():
    """Seeded: 200 runs of 300 Bernoulli(0.3) values; the sequence misses 0.3 at *any* n
    in at most alpha of the runs (with room for the simulation's own noise)."""
    rng = np.random.default_rng(7)
    misses = 0
    for _ in range(200):
        s = betting_cs(rng.binomial(1, 0.3, 300).astype(float), 0.0, 1.0, 0.05, grid=401)
        misses += bool((s.lo > 0.3).any() or (s.hi < 0.3).any())
    assert misses / 200 <= 0.08


def test_betting_is_a_running_intersection_and_rescales():
    rng = np.random.default_rng(1)
    d = rng.integers(-1, 2, 400).astype(float)       # paired differences in [-1, 1]
    s = betting_cs(d, -1.0, 1.0)
    assert (np.diff(s.lo) >= 0).all() and (np.diff(s.hi) <= 0).all()
    assert s.lo[-1] <= d.mean() <= s.hi[-1] and s.lo[-1] >= -1 and s.hi[-1] <= 1
    assert s.hi[0] - s.lo[0] == pytest.approx(2.0)    # one game says almost nothing


def test_betting_refuses_values_outside_their_range():
    with pytest.raises(ValueError, match="outside"):
        betting_cs(np.array([0.5, 1.5]), 0.0, 1.0)


def test_mixture_boundary_is_the_published_formula():
    """Howard et al. 2021 eq. (14), written in V = n·var: √((V+ρ)·log((V+ρ)/(ρα²)))/n with
    ρ = var/ρ² of the per-observation parametrisation."""
    alpha, n, var, t_star = 0.05, 400, 4.0, 500
    a = -2 * math.log(alpha) + math.log(1 - 2 * math.log(alpha))
    rho2 = a / t_star
    v, rho = n * var, var / rho2
    howard = math.sqrt((v + rho) * math.log((v + rho) / (rho * alpha ** 2))) / n
    assert mixture_half_width(np.array([n]), np.array([var]), alpha, t_star)[0] == \
        pytest.approx(howard)


def test_mixture_starts_only_at_its_minimum_and_covers():
    rng = np.random.default_rng(3)
    s = normal_mixture_cs(rng.normal(10, 3, 200), 0.05, 200)
    assert np.isinf(s.hi[MIN_GAMES_UNBOUNDED - 2]) and np.isfinite(s.hi[MIN_GAMES_UNBOUNDED - 1])
    misses = 0
    for _ in range(200):
        s = normal_mixture_cs(rng.poisson(20, 300).astype(float) - rng.poisson(20, 300), 0.05,
                              300)
        misses += bool((s.lo > 0).any() or (s.hi < 0).any())
    assert misses / 200 <= 0.08
