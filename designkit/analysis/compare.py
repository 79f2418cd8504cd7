"""Comparing two simulation runs: is the variant's win rate by seat really different?

Pure functions over :class:`~designkit.sim.Results`, so the CLI, notebooks and
the A/B panel print or plot the same numbers.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from designkit.analysis.stats import Z95
from designkit.sim.results import Results


def win_counts(results: Results) -> pd.DataFrame:
    """Games, wins and win rate per seat (one row per seat)."""
    n = results.n_games
    wins = results.seats.groupby("seat", sort=True)["won"].sum().astype(int)
    return pd.DataFrame({"seat": wins.index.astype(int), "games": n, "wins": wins.to_numpy(),
                         "win_rate": wins.to_numpy() / n if n else float("nan")})


def compare_win_rates(a: Results, b: Results, z: float = Z95) -> pd.DataFrame:
    """Win rate by seat in ``a`` (baseline) and ``b`` (variant), and ``diff = b − a``.

    The interval is the normal approximation for the difference of two
    independent proportions. Runs on the same seeds are positively correlated,
    so for them it errs on the wide (conservative) side. A seat present in only
    one run (different player counts) gets NaN for what the other cannot say.
    """
    left, right = win_counts(a), win_counts(b)
    out = left.merge(right, on="seat", how="outer", suffixes=("_a", "_b")).sort_values("seat")
    pa, pb = out["win_rate_a"], out["win_rate_b"]
    se = np.sqrt(pa * (1 - pa) / out["games_a"] + pb * (1 - pb) / out["games_b"])
    out["diff"] = pb - pa
    out["diff_lo"] = out["diff"] - z * se
    out["diff_hi"] = out["diff"] + z * se
    return out.reset_index(drop=True)
