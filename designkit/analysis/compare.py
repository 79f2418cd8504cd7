"""Comparing two simulation runs: is the variant's win rate by seat really different?

Pure functions over :class:`~designkit.sim.Results`, so the CLI, notebooks and
the A/B panel print or plot the same numbers.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from designkit.analysis.stats import (
    Z95,
    binom_two_sided_p,
    chi2_sf,
    normal_ppf,
    normal_sf,
    t_ppf,
    t_sf,
)
from designkit.sim.results import Results


def win_counts(results: Results) -> pd.DataFrame:
    """Games, wins and win rate per seat (one row per seat)."""
    n = results.n_games
    wins = results.seats.groupby("seat", sort=True)["won"].sum().astype(int)
    return pd.DataFrame({"seat": wins.index.astype(int), "games": n, "wins": wins.to_numpy(),
                         "win_rate": wins.to_numpy() / n if n else float("nan")})


def seat_count(results: Results) -> int:
    """Seats per game in ``results`` (the ``players`` column, else the seats seen)."""
    if "players" in results.games.columns and len(results.games):
        return int(results.games["players"].iloc[0])
    return int(results.seats["seat"].nunique())


def compare_win_rates(a: Results, b: Results, z: float = Z95,
                      fair_share: bool = False) -> pd.DataFrame:
    """Win rate by seat in ``a`` (baseline) and ``b`` (variant), and ``diff = b − a``.

    The interval is the normal approximation for the difference of two
    independent proportions. Runs on the same seeds are positively correlated,
    so for them it errs on the wide (conservative) side. A seat present in only
    one run (different player counts) gets NaN for what the other cannot say.

    ``fair_share``: compare each seat's win rate *above its fair share* (1/players of
    its run) instead, so a 4- and a 5-player variant are compared seat by seat
    without every seat showing a "drop" that is only the smaller share of five
    (``fair_a``/``fair_b`` columns; the interval is the same, the shares being fixed).
    """
    left, right = win_counts(a), win_counts(b)
    out = left.merge(right, on="seat", how="outer", suffixes=("_a", "_b")).sort_values("seat")
    pa, pb = out["win_rate_a"], out["win_rate_b"]
    se = np.sqrt(pa * (1 - pa) / out["games_a"] + pb * (1 - pb) / out["games_b"])
    out["fair_a"], out["fair_b"] = 1 / max(1, seat_count(a)), 1 / max(1, seat_count(b))
    out["diff"] = (pb - out["fair_b"]) - (pa - out["fair_a"]) if fair_share else pb - pa
    out["diff_lo"] = out["diff"] - z * se
    out["diff_hi"] = out["diff"] + z * se
    return out.reset_index(drop=True)


# -- paired comparison on the same seeds, and how many games to simulate ------------------
# (added by the analytics work: compare, compare_text, discordance, sample_size,
# sample_size_advice; the functions above are unchanged)
def _paired_frame(a: Results, b: Results) -> tuple[pd.DataFrame, pd.DataFrame, bool]:
    """Games of ``a`` and ``b`` matched by game seed (``paired``), or all of each."""
    ga, gb = a.games.set_index("seed"), b.games.set_index("seed")
    common = ga.index.intersection(gb.index)
    if len(common) == 0:
        return a.games, b.games, False
    return ga.loc[common].reset_index(), gb.loc[common].reset_index(), True


def _seat_frame(r: Results, seeds: pd.Series, seat: int, col: str) -> np.ndarray:
    s = r.seats[r.seats["seat"] == seat].set_index("seed")[col]
    return s.reindex(seeds).to_numpy(dtype=float)


def _paired_mean(x: np.ndarray, y: np.ndarray, level: float) -> dict[str, object]:
    """Paired t on y − x."""
    d = y - x
    d = d[~np.isnan(d)]
    n = len(d)
    diff = float(d.mean()) if n else float("nan")
    if n < 2:
        return {"diff": diff, "lo": float("nan"), "hi": float("nan"), "p_value": float("nan"),
                "test": "paired t", "n": n}
    se = float(d.std(ddof=1)) / math.sqrt(n)
    half = t_ppf(0.5 + level / 2, n - 1) * se
    p = 1.0 if se == 0 else 2 * t_sf(abs(diff) / se, n - 1)
    return {"diff": diff, "lo": diff - half, "hi": diff + half, "p_value": p,
            "test": "paired t", "n": n}


def _welch(x: np.ndarray, y: np.ndarray, level: float) -> dict[str, object]:
    """Welch's unequal-variance t on mean(y) − mean(x)."""
    x, y = x[~np.isnan(x)], y[~np.isnan(y)]
    nx, ny = len(x), len(y)
    diff = float(y.mean() - x.mean()) if nx and ny else float("nan")
    if nx < 2 or ny < 2:
        return {"diff": diff, "lo": float("nan"), "hi": float("nan"), "p_value": float("nan"),
                "test": "Welch t", "n": min(nx, ny)}
    vx, vy = x.var(ddof=1) / nx, y.var(ddof=1) / ny
    se = math.sqrt(vx + vy)
    if se == 0:
        return {"diff": diff, "lo": diff, "hi": diff, "p_value": 1.0 if diff == 0 else 0.0,
                "test": "Welch t", "n": min(nx, ny)}
    df = (vx + vy) ** 2 / (vx ** 2 / (nx - 1) + vy ** 2 / (ny - 1))
    half = t_ppf(0.5 + level / 2, df) * se
    return {"diff": diff, "lo": diff - half, "hi": diff + half,
            "p_value": 2 * t_sf(abs(diff) / se, df), "test": "Welch t", "n": min(nx, ny)}


def _paired_binary(x: np.ndarray, y: np.ndarray, level: float) -> dict[str, object]:
    """Difference of two paired proportions (y − x) with McNemar's test: exact binomial
    below 25 discordant pairs, chi-square (1 df) above; Wald interval on the paired
    differences."""
    out = _paired_mean(x, y, level)
    up = int(((x == 0) & (y == 1)).sum())
    down = int(((x == 1) & (y == 0)).sum())
    if up + down == 0:
        out["p_value"] = 1.0
    elif up + down < 25:
        out["p_value"] = binom_two_sided_p(up, up + down)
    else:
        out["p_value"] = chi2_sf((up - down) ** 2 / (up + down), 1)
    out["test"] = "McNemar" + (" exact" if 0 < up + down < 25 else "")
    return out


def _two_proportions(x: np.ndarray, y: np.ndarray, level: float) -> dict[str, object]:
    """Independent proportions: Wald interval, pooled two-proportion z-test."""
    nx, ny = len(x), len(y)
    px, py = float(x.mean()), float(y.mean())
    se = math.sqrt(px * (1 - px) / nx + py * (1 - py) / ny)
    z = normal_ppf(0.5 + level / 2)
    pool = (x.sum() + y.sum()) / (nx + ny)
    se0 = math.sqrt(pool * (1 - pool) * (1 / nx + 1 / ny))
    p = 1.0 if se0 == 0 else 2 * normal_sf(abs(py - px) / se0)
    return {"diff": py - px, "lo": py - px - z * se, "hi": py - px + z * se, "p_value": p,
            "test": "two-proportion z", "n": min(nx, ny)}


def compare(a: Results, b: Results, level: float = 0.95) -> pd.DataFrame:
    """Variant ``b`` against baseline ``a``: every difference ``b − a`` with its interval
    and a significance test, paired by game seed where the runs share seeds.

    Runs simulated with the same ``seed`` and game count play the same deals, so
    each game of ``a`` is matched with the game of ``b`` that has the same seed
    and the comparison uses within-game differences: McNemar's test for win
    rates and end shares, the paired t-test for scores, margin and length. Luck
    that both variants share cancels, so paired runs detect smaller changes with
    the same number of games. Without common seeds the tests are unpaired
    (two-proportion z, Welch t).

    Rows: ``win_rate`` and ``score_mean`` per seat, ``winner_margin``, ``turns``,
    ``decisions``, ``end_share`` per end reason. Columns ``metric, seat, category,
    a, b, diff, lo, hi, p_value, significant, test, n`` (``n``: games compared).
    """
    if a.game != b.game:
        from designkit.core.errors import DesignkitError

        raise DesignkitError(f"cannot compare {a.game} with {b.game}")
    ga, gb, paired = _paired_frame(a, b)
    rows: list[dict[str, object]] = []

    def add(metric: str, x: np.ndarray, y: np.ndarray, binary: bool, seat: int | None = None,
            category: str | None = None) -> None:
        if paired:
            res = (_paired_binary if binary else _paired_mean)(x, y, level)
        else:
            res = (_two_proportions if binary else _welch)(x, y, level)
        rows.append({"metric": metric, "seat": seat, "category": category,
                     "a": float(np.nanmean(x)), "b": float(np.nanmean(y)), **res})

    seats = sorted(set(a.seats["seat"]) & set(b.seats["seat"]))
    for col, metric, binary in (("won", "win_rate", True), ("score", "score_mean", False)):
        for seat in seats:
            add(metric, _seat_frame(a, ga["seed"], seat, col),
                _seat_frame(b, gb["seed"], seat, col), binary, seat=int(seat))
    from designkit.analysis.metrics import winner_margins

    ma = winner_margins(a).set_axis(a.games["seed"]).reindex(ga["seed"]).to_numpy(dtype=float)
    mb = winner_margins(b).set_axis(b.games["seed"]).reindex(gb["seed"]).to_numpy(dtype=float)
    add("winner_margin", ma, mb, False)
    for col in ("turns", "decisions"):
        add(col, ga[col].to_numpy(dtype=float), gb[col].to_numpy(dtype=float), False)
    reasons = sorted(set(ga["end_reason"].astype(str)) | set(gb["end_reason"].astype(str)))
    for reason in reasons:
        add("end_share", (ga["end_reason"].astype(str) == reason).to_numpy(dtype=float),
            (gb["end_reason"].astype(str) == reason).to_numpy(dtype=float), True,
            category=reason)
    out = pd.DataFrame(rows, columns=["metric", "seat", "category", "a", "b", "diff", "lo",
                                      "hi", "p_value", "test", "n"])
    out["significant"] = out["p_value"] < (1 - level)
    out["seat"] = out["seat"].astype("Int64")
    return out[["metric", "seat", "category", "a", "b", "diff", "lo", "hi", "p_value",
                "significant", "test", "n"]]


def compare_text(table: pd.DataFrame, labels: dict[int, str] | None = None) -> str:
    """A readable table of :func:`compare` (percent points for shares)."""
    lines = [f"{'metric':<26}{'a':>10}{'b':>10}{'b − a [95%]':>28}{'p':>9}  test"]
    for r in table.itertuples():
        pct = r.metric in ("win_rate", "end_share")
        name = r.metric
        if not pd.isna(r.seat):
            name += f" {(labels or {}).get(int(r.seat), int(r.seat))}"
        if r.category is not None and r.category == r.category:
            name += f" '{r.category}'"
        f = (lambda v: f"{100 * v:.1f}%") if pct else (lambda v: f"{v:.2f}")
        d = (lambda v: f"{100 * v:+.1f}") if pct else (lambda v: f"{v:+.2f}")
        interval = f"{d(r.diff)} [{d(r.lo)}, {d(r.hi)}]" + (" pts" if pct else "")
        star = " *" if r.significant else ""
        lines.append(f"{name:<26}{f(r.a):>10}{f(r.b):>10}{interval:>28}{r.p_value:>9.3g}"
                     f"  {r.test}{star}")
    lines.append("* significant at the 5% level (not corrected for testing many rows)")
    return "\n".join(lines)


def discordance(a: Results, b: Results, seat: int = 0) -> float:
    """Share of seed-matched games where ``seat`` won in one run and not in the other:
    the ψ that :func:`sample_size` needs for a paired design (from a pilot pair)."""
    ga, gb, paired = _paired_frame(a, b)
    if not paired:
        raise ValueError("the runs share no game seeds")
    x = _seat_frame(a, ga["seed"], seat, "won")
    y = _seat_frame(b, gb["seed"], seat, "won")
    return float((x != y).mean())


def sample_size(delta: float = 0.03, p: float = 0.25, alpha: float = 0.05,
                power: float = 0.8, design: str = "two-sample",
                discordant: float | None = None) -> int:
    """Games needed to detect a change of ``delta`` in a win rate near ``p``.

    ``design``:

    * ``"two-sample"`` (two independent runs, games per run):
      n = (z₁₋α/₂·√(2·p̄(1−p̄)) + z₁₋β·√(p₁(1−p₁) + p₂(1−p₂)))² / δ², p₂ = p₁ + δ,
      p̄ = (p₁ + p₂)/2 (Fleiss);
    * ``"paired"`` (the same seeds in both runs, McNemar; Connor 1987):
      n = (z₁₋α/₂·√ψ + z₁₋β·√(ψ − δ²))² / δ², where ψ = ``discordant``, the share of
      games whose outcome for that seat differs between the runs (see
      :func:`discordance`; it must exceed δ);
    * ``"one-sample"`` (against a known rate such as the fair share):
      n = (z₁₋α/₂·√(p₀(1−p₀)) + z₁₋β·√(p₁(1−p₁)))² / δ².
    """
    if not 0 < abs(delta) < 1:
        raise ValueError("delta must be a change in win rate between 0 and 1, e.g. 0.03")
    za, zb = normal_ppf(1 - alpha / 2), normal_ppf(power)
    p1 = p
    p2 = min(max(p + delta, 1e-9), 1 - 1e-9)
    d = abs(delta)
    if design == "two-sample":
        pbar = (p1 + p2) / 2
        n = (za * math.sqrt(2 * pbar * (1 - pbar))
             + zb * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))) ** 2 / d ** 2
    elif design == "paired":
        if discordant is None or discordant <= d:
            raise ValueError("a paired design needs the discordant share ψ > |delta| "
                             "(estimate it with discordance(a, b) from a pilot pair)")
        n = (za * math.sqrt(discordant) + zb * math.sqrt(discordant - d ** 2)) ** 2 / d ** 2
    elif design == "one-sample":
        n = (za * math.sqrt(p1 * (1 - p1)) + zb * math.sqrt(p2 * (1 - p2))) ** 2 / d ** 2
    else:
        raise ValueError(f"design {design!r}: choose two-sample, paired or one-sample")
    return int(math.ceil(n))


def sample_size_advice(delta: float = 0.03, p: float = 0.25, seat: str = "seat 1",
                       alpha: float = 0.05, power: float = 0.8,
                       discordant: float | None = None) -> str:
    """One sentence: how many games a run needs to see a ``delta`` change in a seat's
    win rate (two independent runs; with ``discordant`` also the paired figure)."""
    n2 = sample_size(delta, p, alpha, power, "two-sample")
    text = (f"To see a {100 * abs(delta):g}-point change in {seat}'s win rate "
            f"({100 * p:.1f}% → {100 * (p + delta):.1f}%) at {100 * (1 - alpha):g}% "
            f"confidence and {100 * power:g}% power you need about {n2:,} games per "
            f"variant (two independent runs)")
    if discordant is not None and discordant > abs(delta):
        n_p = sample_size(delta, p, alpha, power, "paired", discordant)
        text += (f", or about {n_p:,} on the same seeds (paired, {100 * discordant:.0f}% "
                 f"of games change outcome)")
    return text + "."
