"""Calibration of the verdict rule: false verdicts in A/A comparisons, and power.

    .venv/bin/python benchmarks/verdict_calibration.py [--runs N] [--budget G] [--json OUT]

Each A/A run compares the draft of Crossroads with itself, each arm on its own independent
seeds (random bots), reading the verdict after every game from the first (first looks of
1–12 games included) up to ``--budget`` games per arm; a declared difference is false.
Prints per-metric and family-wide rates with Wilson 95 % intervals (and a Markdown table
for benchmarks/README.md), then the power on a known effect (Classic Hero,
red_die_bonus_vp 1 → 3 on the red-dice VP share). See designkit/analysis/calibration.py.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from designkit.analysis.calibration import METRICS, calibrate, power


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=200, help="A/A runs per metric (default 200)")
    ap.add_argument("--budget", type=int, default=100,
                    help="games per arm, the verdict read after each (default 100)")
    ap.add_argument("--power-runs", type=int, default=40,
                    help="paired runs of the known effect (default 40; 0 skips it)")
    ap.add_argument("--seed", type=int, default=35)
    ap.add_argument("--game", default="crossroads", help="the game whose draft plays itself "
                    "(default crossroads)")
    ap.add_argument("--metric", action="append", dest="metrics", metavar="METRIC",
                    help="a metric to calibrate, as `designkit compare --metric` names it "
                         "(repeat; default: the six of designkit.analysis.calibration.METRICS)")
    ap.add_argument("--json", type=Path, help="write the figures as JSON")
    args = ap.parse_args(argv)
    if args.runs < 1 or args.budget < 1:
        ap.error("--runs and --budget: give 1 or more")
    started = time.perf_counter()
    cal = calibrate(args.runs, args.budget, game=args.game, seed=args.seed,
                    metrics=args.metrics or METRICS)
    print(f"A/A: {cal.game}, {cal.agents} bots, {args.runs} runs, verdict read after every "
          f"game 1–{args.budget} per arm ({time.perf_counter() - started:.0f} s)")
    print(cal.table())
    doc = cal.as_json()
    if args.power_runs:
        started = time.perf_counter()
        pw = power(args.power_runs, args.budget, args.seed + 1)
        print(f"power (classic_hero red_die_bonus_vp 1 → 3, vp_share:red_bonus, margin ±2 pts):"
              f" {pw.text()} ({time.perf_counter() - started:.0f} s)")
        doc["power"] = {"runs": pw.runs, "declared": pw.declared,
                        "median_games": pw.median_games}
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
