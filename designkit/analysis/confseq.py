"""Anytime-valid confidence sequences: intervals that hold at every number of games at once.

A *confidence sequence* (CS) at level 1 − α is a sequence of intervals C₁, C₂, … with
P(∃ n: μ ∉ Cₙ) ≤ α. A comparison may therefore look after every game, stop the moment a
verdict is reached (or on Stop), or be *extended* later, and the interval it reports is
still valid; a fixed-n interval recomputed after each batch is not (its error grows with
the number of looks). Both sequences below are returned with their **running
intersection** (Cₙ ∩ Cₙ₋₁ ∩ … ∩ C₁), which keeps the guarantee and never widens.

Two sequences, chosen by what is known about the per-game values:

* :func:`betting_cs` — for **bounded** values (a win indicator, a share, the paired
  difference of two of them, anything with known ``[lo, hi]``). The hedged-capital
  betting CS of Waudby-Smith & Ramdas (JRSS-B 2024, "Estimating means of bounded random
  variables by betting", Theorem 3 and §5.1 with the predictable plug-in bets): for each
  candidate mean m a gambler bets on the next value being above (and, with the other
  half of the capital, below) m; the capital is a non-negative martingale when m is the
  true mean, so by Ville's inequality it reaches 1/α with probability ≤ α, and the CS is
  every m whose capital has not. It is nonparametric, exact at every n (no normal
  approximation: it holds for 1 game as for 10 000) and adapts to the variance. The
  candidate means are a grid of :data:`GRID` points; the reported bounds are the grid
  points just outside the accepted ones, so the grid only ever widens the interval.
* :func:`normal_mixture_cs` — for **unbounded** values (turns, decisions, a winner's
  margin in VP, a raw results column). The two-sided normal-mixture boundary of Howard,
  Ramdas, McAuliffe & Sekhon (Annals of Statistics 2021, "Time-uniform, nonparametric,
  nonasymptotic confidence sequences", eq. (14)), with the running sample variance in
  place of the variance proxy: the *asymptotic* CS of Waudby-Smith, Arbour, Sinha,
  Kennedy & Ramdas (Annals of Statistics 2024, "Time-uniform central limit theory and
  asymptotic confidence sequences", Theorem 2.2). **Assumption:** finite variance and
  enough games for the sample variance to settle; so a verdict from it is never read
  below :data:`MIN_GAMES_UNBOUNDED` games (the verdict rule enforces it, see
  :mod:`designkit.analysis.verdicts`). ``rho_games`` is the number of games at which
  the boundary is tightest (the comparison's budget is a good choice).

The functions take the whole sequence of per-game values and return the bounds after
each prefix, so "the interval after n games" is row n − 1 and a run that looks after
every game is as valid as one that looks once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

#: candidate means of the betting CS (on [0, 1] after rescaling to the value range)
GRID = 1001
#: the betting fraction cap c of the predictable plug-in bets (the paper uses 1/2 or 3/4)
BET_CAP = 0.5
#: no verdict from the normal-mixture (asymptotic) sequence below this many games
MIN_GAMES_UNBOUNDED = 30


@dataclass(frozen=True)
class ConfSeq:
    """Bounds after each number of games: ``lo[k]``, ``hi[k]`` after ``k + 1`` games."""

    mean: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    method: str

    def last(self) -> tuple[float, float, float]:
        """(mean, lo, hi) after every game; NaNs when there are none."""
        if not len(self.mean):
            return (math.nan, math.nan, math.nan)
        return float(self.mean[-1]), float(self.lo[-1]), float(self.hi[-1])


def _check(values: np.ndarray, alpha: float) -> np.ndarray:
    if not 0 < alpha < 1:
        raise ValueError(f"alpha {alpha}: give a number between 0 and 1")
    x = np.asarray(values, dtype=float)
    if not np.isfinite(x).all():
        raise ValueError("a confidence sequence needs finite values (drop NaN games first)")
    return x


def _running(mean: np.ndarray, lo: np.ndarray, hi: np.ndarray, method: str) -> ConfSeq:
    return ConfSeq(mean, np.maximum.accumulate(lo), np.minimum.accumulate(hi), method)


def betting_cs(values: np.ndarray, lo: float, hi: float, alpha: float = 0.05,
               grid: int = GRID) -> ConfSeq:
    """The hedged-capital betting CS for the mean of values known to lie in ``[lo, hi]``
    (module docstring), with its running intersection, after each prefix."""
    x = _check(values, alpha)
    if not hi > lo:
        raise ValueError(f"range [{lo}, {hi}]: the upper end must exceed the lower")
    if len(x) and (x.min() < lo - 1e-12 or x.max() > hi + 1e-12):
        raise ValueError(f"a value lies outside its declared range [{lo}, {hi}]")
    n = len(x)
    if n == 0:
        empty = np.empty(0)
        return ConfSeq(empty, empty, empty, "betting")
    z = np.clip((x - lo) / (hi - lo), 0.0, 1.0)
    t = np.arange(1, n + 1, dtype=float)
    # predictable plug-in bets (WSR §5.1): lambda_t uses the games before t only
    mu_hat = (0.5 + np.cumsum(z)) / (t + 1)
    prev_mu = np.concatenate(([0.5], mu_hat[:-1]))
    var_hat = (0.25 + np.cumsum((z - prev_mu) ** 2)) / (t + 1)
    prev_var = np.concatenate(([0.25], var_hat[:-1]))
    lam = np.sqrt(2 * math.log(2 / alpha) / (prev_var * t * np.log1p(t)))
    m = np.linspace(0.0, 1.0, grid)
    with np.errstate(divide="ignore"):
        cap_up = np.minimum(lam[:, None], BET_CAP / m[None, :])
        cap_down = np.minimum(lam[:, None], BET_CAP / (1 - m)[None, :])
    dev = z[:, None] - m[None, :]
    log_up = np.cumsum(np.log1p(cap_up * dev), axis=0)
    log_down = np.cumsum(np.log1p(-cap_down * dev), axis=0)
    # hedged capital 1/2 K+ + 1/2 K-, kept in logs; its running maximum is the running
    # intersection (m leaves the sequence for good once its capital reached 1/alpha)
    log_cap = np.logaddexp(log_up, log_down) - math.log(2)
    rejected = np.maximum.accumulate(log_cap, axis=0) >= math.log(1 / alpha)
    kept = ~rejected
    step = m[1] - m[0]
    any_kept = kept.any(axis=1)
    first = np.where(any_kept, kept.argmax(axis=1), 0)
    last = np.where(any_kept, grid - 1 - kept[:, ::-1].argmax(axis=1), 0)
    low = np.clip(m[first] - step, 0.0, 1.0)
    high = np.clip(m[last] + step, 0.0, 1.0)
    # nothing kept (probability <= alpha): report the sample mean as a point
    mean_z = np.cumsum(z) / t
    low = np.where(any_kept, low, mean_z)
    high = np.where(any_kept, high, mean_z)
    scale = hi - lo
    return _running(lo + mean_z * scale, lo + low * scale, lo + high * scale, "betting")


def mixture_half_width(n: np.ndarray, var: np.ndarray, alpha: float,
                       rho_games: float) -> np.ndarray:
    """Half-width of the two-sided normal-mixture boundary on a mean after ``n`` values
    of variance ``var`` (Howard et al. 2021 eq. (14), tightest near ``rho_games``)."""
    a = -2 * math.log(alpha) + math.log(1 - 2 * math.log(alpha))
    rho2 = a / max(rho_games, 1.0)
    n = np.asarray(n, dtype=float)
    return np.sqrt(np.asarray(var, dtype=float)) * np.sqrt(
        2 * (n * rho2 + 1) / (n * n * rho2) * np.log(np.sqrt(n * rho2 + 1) / alpha))


def normal_mixture_cs(values: np.ndarray, alpha: float = 0.05,
                      rho_games: float = 500.0) -> ConfSeq:
    """The normal-mixture (asymptotic) CS for the mean of unbounded values, with its
    running intersection, after each prefix (module docstring for the assumption)."""
    x = _check(values, alpha)
    n = len(x)
    if n == 0:
        empty = np.empty(0)
        return ConfSeq(empty, empty, empty, "normal mixture")
    t = np.arange(1, n + 1, dtype=float)
    mean = np.cumsum(x) / t
    var = np.maximum(np.cumsum(x * x) / t - mean ** 2, 0.0)
    half = mixture_half_width(t, var, alpha, rho_games)
    # the running sample variance is not trusted on a handful of games (it can be 0 by
    # chance): the sequence starts at MIN_GAMES_UNBOUNDED, so no early, too-narrow
    # interval enters the running intersection
    half[:MIN_GAMES_UNBOUNDED - 1] = math.inf
    return _running(mean, mean - half, mean + half, "normal mixture")
