"""How often does the verdict rule declare a difference that is not there? Measured.

An **A/A comparison** plays the draft against itself, each arm on its own independent seeds,
so the arms differ only by chance and any declared difference (*improves / makes worse /
raises / lowers*) is false. :func:`calibrate` runs many of them on one fast game and
counts, per metric and for the family of all metrics together, the runs that *ever*
declared one: the verdict is read after **every** game from the first (so first looks of
1–12 games are included, and every later look), exactly as "Run until decided" and Stop
could read it. The intervals and the rule are those of
:mod:`designkit.analysis.variant_compare` (betting CS for bounded metrics, normal mixture
from :data:`~designkit.analysis.confseq.MIN_GAMES_UNBOUNDED` games for unbounded ones,
per-position intervals for seat balance; the margin of each metric; an all-equal
difference never decides below :data:`~designkit.analysis.verdicts.MIN_GAMES_IDENTICAL`).
Per metric, each is at α (a family of one); for the family, every metric is at α / k.

:func:`power` measures the other side on a known effect: the share of paired runs that
declare it, and the games they needed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from designkit.analysis.confseq import MIN_GAMES_UNBOUNDED, betting_cs, normal_mixture_cs
from designkit.analysis.variant_metrics import Metric, parse_metric, per_game, won_by_position
from designkit.analysis.verdicts import MIN_GAMES_IDENTICAL
from designkit.sim.intervals import wilson_interval
from designkit.sim.results import Results

#: the A/A metrics of the calibration on Crossroads (bounded and unbounded, seat balance)
METRICS = ("turn_order", "end:27", "vp_share:work_pile", "seat_balance", "turns",
           "winner_margin")


@dataclass(frozen=True)
class Rate:
    """``false`` false verdicts in ``runs`` runs, with the Wilson 95 % interval."""

    runs: int
    false: int

    @property
    def interval(self) -> tuple[float, float]:
        lo, hi = wilson_interval(self.false, self.runs)
        return float(lo), float(hi)

    def text(self) -> str:
        lo, hi = self.interval
        return (f"{self.false}/{self.runs} = {self.false / max(1, self.runs):.1%} "
                f"[{lo:.1%}, {hi:.1%}]")


def declared(lo: np.ndarray, hi: np.ndarray, margin: float, min_games: int,
             identical: np.ndarray) -> np.ndarray:
    """Per prefix: does the rule declare a difference (beyond ±margin either way)?"""
    n = np.arange(1, len(lo) + 1)
    ok = (n >= min_games) & ~(identical & (n < MIN_GAMES_IDENTICAL))
    return ok & ((lo > margin) | (hi < -margin))


def _prefix_identical(d: np.ndarray) -> np.ndarray:
    return np.logical_and.accumulate(d == 0)


def metric_ever_declares(m: Metric, a: Results, b: Results, alpha: float,
                         rho: float) -> bool:
    """Whether the verdict on ``m`` declares a difference at any prefix of the games."""
    margin = m.default_margin
    if not m.paired_games:
        wa, _ = won_by_position(a)
        wb, _ = won_by_position(b)
        n = min(len(wa), len(wb))
        lo_a, hi_a = _imbalance_prefixes(wa[:n], alpha / 2)
        lo_b, hi_b = _imbalance_prefixes(wb[:n], alpha / 2)
        same = np.logical_and.accumulate((wa[:n] == wb[:n]).all(axis=1))
        return bool(declared(lo_b - hi_a, hi_b - lo_a, margin, 1, same).any())
    x, y = per_game(m, a), per_game(m, b)
    ok = np.isfinite(x) & np.isfinite(y)
    d = (y - x)[ok]
    if m.bounded:
        s = betting_cs(d, -1.0, 1.0, alpha)
        min_games = 1
    else:
        s = normal_mixture_cs(d, alpha, rho)
        min_games = MIN_GAMES_UNBOUNDED
    return bool(declared(s.lo, s.hi, margin, min_games, _prefix_identical(d)).any())


def _imbalance_prefixes(won: np.ndarray, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """Per prefix: the imbalance interval of :class:`~designkit.analysis.seat_balance.SeatBalance`
    (smallest and largest gap from the fair share the per-position intervals allow)."""
    k = won.shape[1]
    fair = 1.0 / k
    low = np.zeros(len(won))
    high = np.zeros(len(won))
    for j in range(k):
        s = betting_cs(won[:, j], 0.0, 1.0, alpha / k)
        low = np.maximum(low, np.maximum(np.maximum(s.lo - fair, fair - s.hi), 0.0))
        high = np.maximum(high, np.maximum(np.abs(s.lo - fair), np.abs(s.hi - fair)))
    return low, high


@dataclass
class Calibration:
    """Per-metric and family-wide false-verdict rates of A/A runs."""

    game: str
    agents: str
    budget: int
    metrics: dict[str, Rate]
    family: Rate

    def as_json(self) -> dict[str, object]:
        return {"game": self.game, "agents": self.agents, "budget": self.budget,
                "looks": f"after every game, 1 to {self.budget}",
                "metrics": {k: {"runs": r.runs, "false_verdicts": r.false,
                                "wilson95": list(r.interval)} for k, r in self.metrics.items()},
                "family": {"runs": self.family.runs, "false_verdicts": self.family.false,
                           "wilson95": list(self.family.interval), "size": len(self.metrics)}}

    def table(self) -> str:
        """A Markdown table of the rates (for benchmarks/README.md)."""
        lines = ["| metric | runs | false verdicts | rate [Wilson 95 %] |", "|---|---|---|---|"]
        for name, r in [*self.metrics.items(), (f"family of {len(self.metrics)}", self.family)]:
            lo, hi = r.interval
            lines.append(f"| {name} | {r.runs} | {r.false} | {r.false / max(1, r.runs):.1%} "
                         f"[{lo:.1%}, {hi:.1%}] |")
        return "\n".join(lines)


def calibrate(runs: int = 200, budget: int = 100, game: str = "crossroads",
              agents: str = "random", metrics: Sequence[str] = METRICS, seed: int = 35,
              level: float = 0.95, workers: int = 1) -> Calibration:
    """``runs`` A/A comparisons of ``budget`` games per arm (module docstring)."""
    from designkit.sim import simulate

    parsed = [parse_metric(m) for m in metrics]
    trace = any(m.needs_trace for m in parsed)
    coverage = any(m.needs_coverage for m in parsed)
    if trace:
        raise ValueError("calibration metrics must not need traces")
    res = simulate(game, 2 * runs * budget, agents=agents, seed=seed, workers=workers,
                   coverage=coverage, progress=False,
                   metrics=any(m.needs_watch for m in parsed))
    alpha = 1 - level
    rho = max(budget, 200)
    per = {m.name: 0 for m in parsed}
    family = 0
    for r in range(runs):
        a = _block(res, 2 * r * budget, budget)
        b = _block(res, (2 * r + 1) * budget, budget)
        any_family = False
        for m in parsed:
            per[m.name] += metric_ever_declares(m, a, b, alpha, rho)
            any_family |= metric_ever_declares(m, a, b, alpha / len(parsed), rho)
        family += any_family
    return Calibration(game, agents, budget, {k: Rate(runs, v) for k, v in per.items()},
                       Rate(runs, family))


def _block(res: Results, start: int, n: int) -> Results:
    """Games ``start … start + n − 1`` of ``res``, renumbered 0 … n − 1 (one arm)."""
    games = res.games[(res.games.game_id >= start) & (res.games.game_id < start + n)].copy()
    seats = res.seats[(res.seats.game_id >= start) & (res.seats.game_id < start + n)].copy()
    games["game_id"] -= start
    seats["game_id"] -= start
    rules = None
    if res.rules is not None:
        rules = res.rules[(res.rules.game_id >= start) & (res.rules.game_id < start + n)].copy()
        rules["game_id"] -= start
    return replace(res, games=games.reset_index(drop=True), seats=seats.reset_index(drop=True),
                   rules=rules, requested=n)


@dataclass(frozen=True)
class Power:
    """Share of paired runs that declared the known effect, and the games they needed."""

    runs: int
    declared: int
    median_games: float

    def text(self) -> str:
        return (f"{self.declared}/{self.runs} runs declared it "
                f"(median {self.median_games:.0f} games per arm)")


def power(runs: int = 40, budget: int = 100, seed: int = 36, level: float = 0.95) -> Power:
    """Classic Hero, random bots: red_die_bonus_vp 1 → 3 raises the share of VP from red
    dice (CH-6.4) — a real effect; each run plays both arms on the same seeds."""
    from designkit.core.registry import get_game
    from designkit.sim import simulate

    p = get_game("classic_hero").params_type
    m = parse_metric("vp_share:red_bonus")
    a_all = simulate("classic_hero", runs * budget, params=p(auto_resolve=True),
                     agents="random", seed=seed, progress=False)
    b_all = simulate("classic_hero", runs * budget,
                     params=p(red_die_bonus_vp=3, auto_resolve=True), agents="random",
                     seed=seed, progress=False)
    hits, when = 0, []
    for r in range(runs):
        a, b = _block(a_all, r * budget, budget), _block(b_all, r * budget, budget)
        x, y = per_game(m, a), per_game(m, b)
        ok = np.isfinite(x) & np.isfinite(y)
        s = betting_cs((y - x)[ok], -1.0, 1.0, 1 - level)
        hit = declared(s.lo, s.hi, m.default_margin, 1, _prefix_identical((y - x)[ok]))
        if hit.any():
            hits += 1
            when.append(int(np.argmax(hit)) + 1)
    return Power(runs, hits, float(np.median(when)) if when else float("nan"))
