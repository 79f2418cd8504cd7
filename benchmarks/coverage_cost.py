"""Rule coverage cost: games/s with and without counting the events per rule ID.

Run from the repository root::

    .venv/bin/python benchmarks/coverage_cost.py                  # every game, random bots
    .venv/bin/python benchmarks/coverage_cost.py --agents greedy --games 20
    .venv/bin/python benchmarks/coverage_cost.py --json cost.json

For every registered game (draft parameters), the same seeded games are played by the
simulation's own batch function (``designkit.sim.runner.run_batch``, one process) with
``coverage`` off and on, interleaved: each repeat runs both, so a burst of load on the
shared machine hits both sides alike. Printed: games/s off and on (median of the
repeats) and the ratio on/off (median of the per-repeat ratios; 1.0 = free).

Why counting is not free: games build an event's text only while logging is on, so the
count needs the log on (``RuleCounts`` keeps no events, only the counts); the cost is
the text the game builds, which varies by game.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path

from designkit.core.registry import list_games
from designkit.core.seats import player_count
from designkit.sim.runner import run_batch


def games_per_second(game: str, params: dict, agents: list[str], n: int, seed: int,
                     coverage: bool) -> float:
    start = time.perf_counter()
    run_batch(game, params, agents, seed, range(n), coverage)
    return n / (time.perf_counter() - start)


def measure(game_name: str, agents: str, n: int, repeats: int, seed: int) -> dict:
    game = next(g for g in list_games() if g.name == game_name)
    params = game.params_type()
    specs = [agents] * player_count(params)
    run_batch(game.name, params.to_dict(), specs, seed, range(1), True)  # warm the caches
    off, on, ratios = [], [], []
    for r in range(repeats):
        a = games_per_second(game.name, params.to_dict(), specs, n, seed + r, False)
        b = games_per_second(game.name, params.to_dict(), specs, n, seed + r, True)
        off.append(a)
        on.append(b)
        ratios.append(b / a)
    return {"game": game.name, "agents": agents, "games": n, "repeats": repeats,
            "games_per_s_off": statistics.median(off), "games_per_s_on": statistics.median(on),
            "ratio": statistics.median(ratios)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--agents", default="random", help="agent for every seat (random)")
    ap.add_argument("--games", type=int, default=100, help="games per repeat (100)")
    ap.add_argument("--repeats", type=int, default=5, help="repeats (5)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = ap.parse_args(argv)
    names = args.game or [g.name for g in list_games()]
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print(f"{'game':<16}{'agents':<9}{'games/s off':>12}{'games/s on':>12}{'on/off':>8}")
    rows = []
    for name in names:
        row = measure(name, args.agents, args.games, args.repeats, args.seed)
        rows.append(row)
        print(f"{name:<16}{args.agents:<9}{row['games_per_s_off']:>12.1f}"
              f"{row['games_per_s_on']:>12.1f}{row['ratio']:>8.2f}", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
