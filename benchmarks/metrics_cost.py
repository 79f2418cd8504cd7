"""CPU cost of recording a game's declared metrics (issue 41, ``designkit.sim.watched``).

The same seeded games through the simulation's batch function with the metrics off
(``sim.runner.play_rows``: the engine's fast loop) and on (``sim.watched.play_rows_watched``:
the ``on_step`` path, the game's watch at every step and decision), the two sides
interleaved and alternating which goes first, timed with ``time.process_time``; prints the
median CPU ms/game of each side and the median of the per-repeat on/off ratios, and fails
where recording changed a score (a watch must only read). That the fast loop itself is
unchanged when no metric is asked is ``ab.py engine main`` (same code path as before)::

    .venv/bin/python benchmarks/metrics_cost.py --game classic_hero --games 8 --repeats 10
"""

from __future__ import annotations

import argparse
import statistics
import time

from designkit.core.registry import get_game
from designkit.sim.runner import Table, play_rows
from designkit.sim.watched import play_rows_watched


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--agents", default="greedy")
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--repeats", type=int, default=10)
    args = ap.parse_args()
    for name in args.game or ["classic_hero"]:
        game = get_game(name)
        table = Table.seat(game, game.params_type(players=args.players),
                           [args.agents] * args.players)
        offs, ons, ratios = [], [], []
        for r in range(args.repeats):
            ids = range(r * args.games, (r + 1) * args.games)
            spent, scores = {}, {}
            for on in ((False, True) if r % 2 == 0 else (True, False)):
                start = time.process_time()
                rows = (play_rows_watched if on else play_rows)(table, 7, ids)
                spent[on] = time.process_time() - start
                scores[on] = [s["score"] for _, seats in rows for s in seats]
            if scores[True] != scores[False]:
                raise SystemExit(f"{name}: recording the metrics changed a game")
            offs.append(spent[False] / args.games)
            ons.append(spent[True] / args.games)
            ratios.append(spent[True] / spent[False])
        print(f"{name} ({args.agents}, {args.players} players): off "
              f"{statistics.median(offs) * 1000:.1f} ms/game, on "
              f"{statistics.median(ons) * 1000:.1f} ms/game, median paired ratio on/off "
              f"{statistics.median(ratios):.3f} (range {min(ratios):.3f}–{max(ratios):.3f}) "
              f"over {args.repeats} repeats of {args.games} games")


if __name__ == "__main__":
    main()
