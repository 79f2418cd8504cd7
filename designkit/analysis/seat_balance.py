"""Seat balance that can read fair: each turn position's win rate against 1/n.

The old measure, max |rate − 1/n| bootstrapped, is always above 0 (the largest of n noisy
gaps), so a perfectly fair game never read as fair. Here every position gets its own
anytime-valid interval on its win rate (a betting confidence sequence on the win
indicator, :mod:`designkit.analysis.confseq`; the α is split over the positions, so all
hold together), and the imbalance is read from them:

* its **interval** runs from the smallest gap those intervals allow (0 when every one of
  them contains the fair share) to the largest they allow, so a fair game's interval
  contains 0 — "fair" — and an unfair one's lies above it;
* a **chi-square** goodness-of-fit statistic of the wins by position against an equal
  split, with its p-value (a fixed-n test, shown beside the intervals as a summary).

Shared wins count once for each winner (as ``won`` does in the results).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from designkit.analysis.confseq import betting_cs
from designkit.analysis.stats import chi2_sf


@dataclass(frozen=True)
class SeatBalance:
    """Per-position win rates with their intervals, the imbalance interval and the
    chi-square test, from ``n`` games."""

    n: int
    fair: float
    rates: tuple[float, ...]
    lo: tuple[float, ...]
    hi: tuple[float, ...]
    chi2: float
    p_value: float

    @property
    def imbalance(self) -> tuple[float, float, float]:
        """(largest gap of a rate from fair, smallest gap the intervals allow, largest)."""
        point = max(abs(r - self.fair) for r in self.rates)
        low = max(max(lo - self.fair, self.fair - hi, 0.0) for lo, hi in zip(
            self.lo, self.hi, strict=True))
        high = max(max(abs(lo - self.fair), abs(hi - self.fair)) for lo, hi in zip(
            self.lo, self.hi, strict=True))
        return point, low, high

    @property
    def reads_fair(self) -> bool:
        """Every position's interval contains the fair share."""
        return self.imbalance[1] == 0.0

    def text(self) -> str:
        """``A 36% [30–42%], B …; χ² 3.1 (p 0.21), n games``."""
        parts = [f"{chr(65 + k)} {r:.0%} [{lo:.0%}–{hi:.0%}]"
                 for k, (r, lo, hi) in enumerate(zip(self.rates, self.lo, self.hi,
                                                      strict=True))]
        return (f"win rate by turn position (fair {self.fair:.0%}): {', '.join(parts)}; "
                f"χ² {self.chi2:.1f} (p {self.p_value:.2g}), {self.n} games")


def seat_balance(won: np.ndarray, alpha: float = 0.05) -> SeatBalance:
    """The balance of a games × positions matrix of wins (``variant_metrics.won_by_position``)
    with every position's interval at ``alpha / positions``."""
    n, k = won.shape
    fair = 1.0 / k
    rates, los, his = [], [], []
    for j in range(k):
        mean, lo, hi = betting_cs(won[:, j], 0.0, 1.0, alpha / k).last()
        rates.append(mean)
        los.append(lo)
        his.append(hi)
    wins = won.sum(axis=0)
    total = float(wins.sum())
    if total > 0 and k > 1:
        expected = total / k
        chi2 = float(((wins - expected) ** 2 / expected).sum())
        p = chi2_sf(chi2, k - 1)
    else:
        chi2, p = float("nan"), float("nan")
    return SeatBalance(n, fair, tuple(rates), tuple(los), tuple(his), chi2, p)
