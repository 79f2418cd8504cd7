"""What pairing saves: a draft and a variant on the same seeds, per metric.

``designkit compare`` plays both arms on the same game seeds (common random numbers) and
reads the difference game by game. Pairing pays when the arms' per-game values move
together; the gain is the ratio of the variance of the difference had the arms used
independent seeds to the paired one,

    ratio = (var(x) + var(y)) / var(y − x)

(``games_ratio`` of ``designkit compare``: how many times the games two independent runs
would need for the same interval width). A ratio near 1 means pairing saves nothing; it
falls below 1 when the arms are negatively correlated. Each ratio is printed with a
bootstrap 95 % interval over games (the games resampled as pairs), the correlation of the
arms, the number of games and the bot.

Run it on two trees to see what per-purpose random streams (``core.streams``) changed::

    .venv/bin/python benchmarks/pairing_variance.py --games 2000 --greedy-games 300
    PYTHONPATH=/path/to/old/tree .venv/bin/python benchmarks/pairing_variance.py ...

(an old tree's ``designkit`` is imported first from ``PYTHONPATH``; ``--json OUT`` keeps
the figures). Single-process (``workers=1``): the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Case:
    game: str
    variant: str
    players: int | None
    metrics: tuple[str, ...]


CASES = (
    Case("crossroads", "three_player_all_numbers", 3, ("end:27", "turns", "winner_margin")),
    Case("classic_hero", "reroll_each_stop", None, ("col:events", "decisions", "winner_margin")),
    Case("classic_hero", "shared_hp_once", None,
         ("vp_share:boss_hp+final_damage+first_attack+weakness", "winner_margin")),
)


def ratio(x: np.ndarray, y: np.ndarray) -> float:
    """(var x + var y) / var(y − x); NaN where the difference never varies."""
    d = np.var(y - x, ddof=1)
    return float((np.var(x, ddof=1) + np.var(y, ddof=1)) / d) if d > 0 else math.nan


def bootstrap(x: np.ndarray, y: np.ndarray, reps: int, seed: int) -> tuple[float, float]:
    """A percentile 95 % interval of :func:`ratio`, games resampled as pairs."""
    rng = np.random.default_rng(seed)
    n = len(x)
    found = [ratio(x[rows], y[rows]) for rows in (rng.integers(0, n, n) for _ in range(reps))]
    vals = np.array([v for v in found if math.isfinite(v)])
    if not len(vals):
        return math.nan, math.nan
    return float(np.quantile(vals, 0.025)), float(np.quantile(vals, 0.975))


def run_case(case: Case, agents: str, games: int, seed: int, reps: int) -> list[dict[str, Any]]:
    from designkit.analysis.variant_metrics import parse_metric, per_game
    from designkit.core.registry import get_game
    from designkit.core.variants import load_variant
    from designkit.sim.simulate import simulate

    game = get_game(case.game)
    base = game.default_params(**({"players": case.players} if case.players else {}))
    changed = base.replace(**load_variant(game.params_type, case.variant).changes())
    arms = [simulate(game, games, p, agents=agents, seed=seed, workers=1, progress=False)
            for p in (base, changed)]
    rows = []
    for name in case.metrics:
        m = parse_metric(name)
        x, y = per_game(m, arms[0]), per_game(m, arms[1])
        ok = np.isfinite(x) & np.isfinite(y)
        x, y = x[ok], y[ok]
        lo, hi = bootstrap(x, y, reps, seed)
        corr = float(np.corrcoef(x, y)[0, 1]) if np.std(x) > 0 and np.std(y) > 0 else math.nan
        same = float(np.mean(x == y))
        rows.append({"game": case.game, "variant": case.variant, "players": base.players,
                     "agents": agents, "metric": name, "games": int(ok.sum()),
                     "ratio": ratio(x, y), "lo": lo, "hi": hi, "corr": corr,
                     "same_value": same})
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000, help="games per arm with random bots")
    ap.add_argument("--greedy-games", type=int, default=300,
                    help="games per arm with greedy bots (0 skips greedy)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--reps", type=int, default=1000, help="bootstrap replicates")
    ap.add_argument("--case", action="append", default=None,
                    help="only this variant (repeatable)")
    ap.add_argument("--json", type=Path, default=None, help="also write the rows here")
    args = ap.parse_args(argv)
    import designkit

    print(f"designkit from {Path(designkit.__file__).parent}", file=sys.stderr)
    rows: list[dict[str, Any]] = []
    for case in CASES:
        if args.case and case.variant not in args.case:
            continue
        for agents, games in (("random", args.games), ("greedy", args.greedy_games)):
            if games > 0:
                rows += run_case(case, agents, games, args.seed, args.reps)
    print("| game | variant | players | bots | metric | games | ratio [95 %] | corr |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['game']} | {r['variant']} | {r['players']} | {r['agents']} | "
              f"{r['metric']} | {r['games']} | {r['ratio']:.2f} [{r['lo']:.2f}, {r['hi']:.2f}] "
              f"| {r['corr']:+.2f} |")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
