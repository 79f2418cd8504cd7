"""The few statistics a handful of playtests needs, beside the bots' thousands of games.

People play a dozen games, bots play hundreds: the playtests' own interval must be honest
at n = 5 or 12 (an exact Clopper-Pearson interval for a proportion, a percentile
bootstrap over games for a mean or a share), and "do they agree with the bots?" is a
test of one question, *could these playtests be games like the bots'?*: Fisher's exact
test for a proportion (both samples' counts, so the bots' own uncertainty counts too)
and a permutation test of the same statistic for a mean or a share. The p-values of
every line a comparison prints are adjusted together (Holm), and the family size is
printed. See docs/PLAYTESTS.md for what this can and cannot say at n = 12.

No scipy: exact sums over ``math.comb`` / ``lgamma`` are short and tested against known
values (tests/playtests/test_stats.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

LEVEL = 0.95
ALPHA = 0.05


def _binom_cdf(k: int, n: int, p: float) -> float:
    """P(X ≤ k) for X ~ Binomial(n, p), summed exactly (n is a playtest count)."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    return math.fsum(math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k + 1))


def _solve(f: Callable[[float], float], target: float) -> float:
    """The p in (0, 1) where the decreasing ``f(p)`` crosses ``target`` (bisection)."""
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if f(mid) > target:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12:
            break
    return 0.5 * (lo + hi)


def clopper_pearson(k: int, n: int, level: float = LEVEL) -> tuple[float, float]:
    """Exact (Clopper-Pearson) interval for a proportion of ``k`` in ``n``: it covers the
    true rate at least ``level`` of the time at every n, which is what a dozen games
    needs (Wilson's is shorter but may cover less at tiny n)."""
    if n <= 0:
        return (float("nan"), float("nan"))
    a = (1 - level) / 2
    lo = 0.0 if k == 0 else _solve(lambda p: _binom_cdf(k - 1, n, p), 1 - a)
    hi = 1.0 if k == n else _solve(lambda p: _binom_cdf(k, n, p), a)
    return (lo, hi)


def _log_hypergeom(x: int, k_total: int, n1: int, n2: int) -> float:
    """log P(X = x): x successes among n1 draws when k_total of n1 + n2 are successes."""
    def lcomb(n: int, r: int) -> float:
        return math.lgamma(n + 1) - math.lgamma(r + 1) - math.lgamma(n - r + 1)
    return lcomb(n1, x) + lcomb(n2, k_total - x) - lcomb(n1 + n2, k_total)


def fisher_exact_p(k1: int, n1: int, k2: int, n2: int) -> float:
    """Two-sided p-value of Fisher's exact test on the 2×2 table (k1 of n1, k2 of n2):
    the probability, given both margins, of a table at most as likely as the one seen."""
    if n1 <= 0 or n2 <= 0:
        return float("nan")
    total = k1 + k2
    lo, hi = max(0, total - n2), min(total, n1)
    logs = [_log_hypergeom(x, total, n1, n2) for x in range(lo, hi + 1)]
    seen = logs[k1 - lo]
    top = max(logs)
    probs = [math.exp(v - top) for v in logs]
    at_most = math.fsum(p for p, v in zip(probs, logs, strict=True) if v <= seen + 1e-7)
    return min(1.0, at_most / math.fsum(probs))


def permutation_p(a: Sequence[float], b: Sequence[float],
                  statistic: Callable[[np.ndarray], float] | None = None,
                  rounds: int = 2000, seed: int = 0) -> float:
    """Two-sided permutation p-value of ``statistic(a) − statistic(b)`` (default: the
    mean), the groups' labels shuffled ``rounds`` times with a seeded generator:
    (1 + #{|permuted difference| ≥ |seen|}) / (1 + rounds), never 0."""
    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if len(x) == 0 or len(y) == 0:
        return float("nan")
    stat = statistic or (lambda v: float(np.mean(v)))
    seen = abs(stat(x) - stat(y))
    pooled = np.concatenate([x, y])
    rng = np.random.default_rng(seed)
    hits = 0
    for _ in range(rounds):
        order = rng.permutation(len(pooled))
        diff = abs(stat(pooled[order[:len(x)]]) - stat(pooled[order[len(x):]]))
        hits += diff >= seen - 1e-12
    return (1 + hits) / (1 + rounds)


def bootstrap_interval(values: Sequence[float], statistic: Callable[[np.ndarray], float]
                       | None = None, rounds: int = 2000, seed: int = 0,
                       level: float = LEVEL) -> tuple[float, float]:
    """Percentile bootstrap interval of ``statistic`` (default the mean) over the games,
    resampled with a seeded generator; one value gives no interval (NaN)."""
    x = np.asarray(values, dtype=float)
    if len(x) < 2:
        return (float("nan"), float("nan"))
    stat = statistic or (lambda v: float(np.mean(v)))
    rng = np.random.default_rng(seed)
    draws = np.array([stat(x[rng.integers(0, len(x), len(x))]) for _ in range(rounds)])
    draws = draws[~np.isnan(draws)]
    if not len(draws):
        return (float("nan"), float("nan"))
    a = (1 - level) / 2
    return (float(np.quantile(draws, a)), float(np.quantile(draws, 1 - a)))


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment: a family of tests keeps its chance of any false
    "differs" at most α (NaN p-values are left out of the family and stay NaN)."""
    order = sorted((p, i) for i, p in enumerate(pvalues) if p == p)
    m = len(order)
    out = [float("nan")] * len(pvalues)
    running = 0.0
    for rank, (p, i) in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out
