"""Whether two worker processes each play as fast as one alone on this machine.

Run from the repository root::

    .venv/bin/python benchmarks/process_scaling.py
    .venv/bin/python benchmarks/process_scaling.py --game rolling_stone --games 2000

``simulate``'s 2-worker speed-up (``engine_speed.py`` figure 4) can fall short because of
the machine (two vCPUs that share a core, memory bandwidth) or because of ``simulate``
(start-up, the parent's share). This separates them: the same seeded random games are
played in one spawn worker alone, then in two at once, and each reports its own CPU
seconds. Equal CPU seconds mean the cores scale and the shortfall is ``simulate``'s or
the clock's (serial and parallel runs measured at different moments).
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time


def play_cpu_seconds(game_name: str, n_games: int) -> float:
    """CPU seconds of ``n_games`` seeded random 4-player games (after a warm-up)."""
    from _timing import figure_players, params_for

    from designkit.agents import make_agents
    from designkit.core.play import play_game
    from designkit.core.registry import get_game

    game = get_game(game_name)
    players = figure_players(game)
    params, agents = params_for(game, players), make_agents("random", players)
    for seed in range(max(1, n_games // 20)):
        play_game(game, params, agents, 10_000 + seed)
    start = time.process_time()
    for seed in range(n_games):
        play_game(game, params, agents, seed)
    return time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="crossroads")
    ap.add_argument("--games", type=int, default=5000)
    ap.add_argument("--repeats", type=int, default=2)
    args = ap.parse_args(argv)
    spawn = multiprocessing.get_context("spawn")
    for _ in range(args.repeats):
        with spawn.Pool(1) as pool:
            alone = pool.starmap(play_cpu_seconds, [(args.game, args.games)])[0]
        with spawn.Pool(2) as pool:
            both = pool.starmap(play_cpu_seconds, [(args.game, args.games)] * 2)
        print(f"{args.game}, {args.games:,} random games: alone {alone:.2f} CPU s; two at "
              f"once {both[0]:.2f} / {both[1]:.2f} CPU s "
              f"({max(both) / alone:.2f}x the time alone)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
