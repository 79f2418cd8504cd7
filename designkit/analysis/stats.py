"""Small statistics the summaries need, written once and tested against known values."""

from __future__ import annotations

import math
from collections.abc import Sequence

# the interval lives in the simulation layer (Results needs it); re-exported here
from designkit.sim.intervals import Z95, wilson_interval  # noqa: F401


# -- distributions (no scipy: the few functions the analysis needs, written out) -------------
def normal_cdf(x: float) -> float:
    """Standard normal CDF Φ(x), through ``math.erfc`` (accurate in both tails)."""
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def normal_sf(x: float) -> float:
    """Upper tail 1 − Φ(x)."""
    return 0.5 * math.erfc(x / math.sqrt(2.0))


def normal_ppf(p: float) -> float:
    """Quantile Φ⁻¹(p) (``statistics.NormalDist``, exact to double precision)."""
    from statistics import NormalDist

    return NormalDist().inv_cdf(p)


def _gamma_p_series(a: float, x: float) -> float:
    term = total = 1.0 / a
    ap = a
    for _ in range(10_000):
        ap += 1.0
        term *= x / ap
        total += term
        if abs(term) < abs(total) * 1e-15:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _gamma_q_fraction(a: float, x: float) -> float:
    # Lentz's continued fraction for Q(a, x) (Numerical Recipes 6.2).
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def gamma_q(a: float, x: float) -> float:
    """Regularised upper incomplete gamma Q(a, x) = Γ(a, x) / Γ(a)."""
    if x <= 0:
        return 1.0
    if x < a + 1.0:
        return max(0.0, 1.0 - _gamma_p_series(a, x))
    return _gamma_q_fraction(a, x)


def chi2_sf(x: float, df: float) -> float:
    """P(χ²_df ≥ x): the p-value of a chi-square statistic, Q(df/2, x/2)."""
    if df <= 0:
        return float("nan")
    return gamma_q(df / 2.0, x / 2.0)


def _beta_fraction(a: float, b: float, x: float) -> float:
    # Continued fraction of the incomplete beta function (Numerical Recipes 6.4).
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (tiny if abs(d) < tiny else d)
    h = d
    for m in range(1, 10_000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (tiny if abs(d) < tiny else d)
        c = 1.0 + aa / c
        c = tiny if abs(c) < tiny else c
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (tiny if abs(d) < tiny else d)
        c = 1.0 + aa / c
        c = tiny if abs(c) < tiny else c
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def beta_inc(a: float, b: float, x: float) -> float:
    """Regularised incomplete beta I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def t_sf(t: float, df: float) -> float:
    """P(T_df ≥ t) for Student's t."""
    if math.isinf(df):
        return normal_sf(t)
    tail = 0.5 * beta_inc(df / 2.0, 0.5, df / (df + t * t))
    return tail if t >= 0 else 1.0 - tail


def t_ppf(p: float, df: float) -> float:
    """Quantile of Student's t (bisection on :func:`t_sf`; the normal one for df > 1e6)."""
    if df > 1e6:
        return normal_ppf(p)
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_ppf(1.0 - p, df)
    lo, hi = 0.0, 1.0
    while t_sf(hi, df) > 1.0 - p:
        hi *= 2.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if t_sf(mid, df) > 1.0 - p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, hi):
            break
    return 0.5 * (lo + hi)


def binom_two_sided_p(k: int, n: int) -> float:
    """Exact two-sided p-value of ``k`` successes in ``n`` fair trials (exact McNemar)."""
    if n <= 0:
        return 1.0
    k = min(k, n - k)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2.0 ** n
    return min(1.0, 2.0 * tail)


# -- intervals ----------------------------------------------------------------------------
def mean_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float, float]:
    """Mean with a Student-t interval: ``(mean, lo, hi)``; NaN bounds below two values."""
    x = [float(v) for v in values if v == v]
    n = len(x)
    if n == 0:
        return (float("nan"),) * 3
    mean = math.fsum(x) / n
    if n < 2:
        return (mean, float("nan"), float("nan"))
    var = math.fsum((v - mean) ** 2 for v in x) / (n - 1)
    half = t_ppf(0.5 + level / 2.0, n - 1) * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def ratio_interval(num: Sequence[float], den: Sequence[float], level: float = 0.95
                   ) -> tuple[float, float, float]:
    """Ratio of totals ``Σnum / Σden`` with a delta-method interval that treats each
    pair (one game) as the sampling unit, so events within a game are not assumed
    independent: var(R) ≈ Σ(numᵢ − R·denᵢ)² / ((n − 1) · n · mean(den)²)."""
    pairs = [(float(a), float(b)) for a, b in zip(num, den, strict=True)]
    n = len(pairs)
    total_den = math.fsum(b for _, b in pairs)
    if n == 0 or total_den == 0:
        return (float("nan"),) * 3
    r = math.fsum(a for a, _ in pairs) / total_den
    if n < 2:
        return (r, float("nan"), float("nan"))
    mean_den = total_den / n
    var = math.fsum((a - r * b) ** 2 for a, b in pairs) / ((n - 1) * n * mean_den ** 2)
    half = normal_ppf(0.5 + level / 2.0) * math.sqrt(var)
    return (r, r - half, r + half)
