"""The playtests' statistics against known values (R's binom.test / fisher.test) and the
properties the docs claim (exact coverage, Holm's step-down, seeded resampling)."""

from __future__ import annotations

import math

import pytest

from designkit.playtests.stats import (
    bootstrap_interval,
    clopper_pearson,
    fisher_exact_p,
    holm,
    permutation_p,
)


def test_clopper_pearson_matches_the_exact_binomial_interval() -> None:
    # R: binom.test(7, 12)$conf.int = 0.2766697 0.8483478
    assert clopper_pearson(7, 12) == pytest.approx((0.2766697, 0.8483478), abs=1e-6)
    # k = 0: the upper bound solves (1 - p)^n = α/2
    assert clopper_pearson(0, 12) == pytest.approx((0.0, 1 - 0.025 ** (1 / 12)), abs=1e-9)
    assert clopper_pearson(12, 12) == pytest.approx((0.025 ** (1 / 12), 1.0), abs=1e-9)


@pytest.mark.parametrize("p", [0.05, 0.25, 0.4, 0.5])
def test_clopper_pearson_covers_at_least_95_percent_at_twelve_games(p: float) -> None:
    n = 12
    covered = sum(math.comb(n, k) * p ** k * (1 - p) ** (n - k)
                  for k in range(n + 1) if clopper_pearson(k, n)[0] <= p <= clopper_pearson(k, n)[1])
    assert covered >= 0.95


def test_fisher_exact_matches_r() -> None:
    # R: fisher.test(matrix(c(1, 9, 11, 3), 2))$p.value = 0.002759456
    assert fisher_exact_p(1, 10, 11, 14) == pytest.approx(0.002759456, rel=1e-5)
    assert fisher_exact_p(3, 10, 3, 10) == pytest.approx(1.0)
    assert math.isnan(fisher_exact_p(1, 0, 3, 10))


def test_permutation_p_is_seeded_and_separates_shifted_samples() -> None:
    same = permutation_p([1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6], rounds=500, seed=3)
    assert same == permutation_p([1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6], rounds=500, seed=3)
    assert same > 0.3
    shifted = permutation_p([10, 11, 12, 13, 14], [1, 2, 3, 4, 5, 2, 3], rounds=500)
    assert shifted < 0.01 and shifted >= 1 / 501  # never 0


def test_bootstrap_interval_brackets_the_mean_and_needs_two_values() -> None:
    lo, hi = bootstrap_interval([1, 2, 3, 4, 5], seed=0)
    assert lo < 3 < hi
    assert all(math.isnan(v) for v in bootstrap_interval([4.0]))


def test_holm_steps_down_and_leaves_nan_out_of_the_family() -> None:
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    adjusted = holm([0.01, float("nan"), 0.04])
    assert adjusted[0] == pytest.approx(0.02) and math.isnan(adjusted[1])
    assert adjusted[2] == pytest.approx(0.04)
