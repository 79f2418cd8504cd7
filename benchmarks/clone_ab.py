"""CPU-time A/B of two source trees in one process: greedy s/game and random decisions/s.

Run from the repository root, with the old tree exported beside it::

    git archive main | tar -x -C /tmp/base
    .venv/bin/python benchmarks/clone_ab.py /tmp/base --games 6 --repeats 5

Each repeat plays, for every game at 4 players (Crossroads at its only count), ``games``
greedy games and ``random_games`` random games under the old tree, then the same seeds
under this tree (the other way round in odd repeats): the ``designkit`` modules are dropped from ``sys.modules`` and imported
again from the other tree between the halves (import time is outside the timing). CPU
seconds (``time.process_time``) on a loaded machine; the medians of the repeats and the
new/old ratios are printed, and the run fails if a game's scores differ between the
trees (a speed-only change must not change a decision).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import statistics
import sys
import time
from pathlib import Path
from typing import Any

GAMES = ("witch_academy", "classic_hero", "rolling_stone", "crossroads")
HERE = str(Path(__file__).resolve().parents[1])


def _use(tree: str) -> Any:
    """Import ``designkit`` from ``tree`` (a repository root), dropping any loaded copy."""
    for name in [m for m in sys.modules if m == "designkit" or m.startswith("designkit.")]:
        del sys.modules[name]
    sys.path[:] = [tree] + [p for p in sys.path if p not in (HERE, _OTHER[0])]
    importlib.invalidate_caches()
    return importlib.import_module("designkit")


_OTHER = [""]


def _play(name: str, agent: str, n: int, rep: int) -> tuple[float, int, list[Any]]:
    """CPU seconds, decisions and scores of ``n`` games of ``name`` by ``agent``."""
    from designkit.agents import make_agents
    from designkit.core.play import play_game
    from designkit.core.registry import get_game

    game = get_game(name)
    players = 4 if "players" in game.params_type.specs() else game.min_players
    params = (game.default_params(players=players) if "players" in game.params_type.specs()
              else game.default_params())
    agents = make_agents(agent, players)
    play_game(game, params, agents, 1)  # warm-up: tables, caches
    gc.collect()
    decisions, scores = 0, []
    start = time.process_time()
    for i in range(n):
        played = play_game(game, params, agents, 9_000_011 * (rep + 1) + i)
        decisions += played.decisions
        scores.append(list(game.scores(played.state)))
    return time.process_time() - start, decisions, scores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", help="the old tree (a repository root)")
    parser.add_argument("--games", type=int, default=6, help="greedy games per repeat")
    parser.add_argument("--random-games", type=int, default=40, help="random games per repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--only", nargs="*", default=list(GAMES))
    args = parser.parse_args(argv)
    base = str(Path(args.base).resolve())
    _OTHER[0] = base
    greedy: dict[tuple[str, str], list[float]] = {}
    rand: dict[tuple[str, str], list[float]] = {}
    same = True
    for rep in range(args.repeats):
        seen: dict[tuple[str, str], list[Any]] = {}
        order = (("old", base), ("new", HERE))
        for label, tree in order if rep % 2 == 0 else order[::-1]:  # neither always first
            _use(tree)
            for name in args.only:
                cpu, _, scores = _play(name, "greedy", args.games, rep)
                greedy.setdefault((name, label), []).append(cpu / args.games)
                seen[(name, "greedy" + label)] = scores
                cpu, decisions, scores = _play(name, "random", args.random_games, rep)
                rand.setdefault((name, label), []).append(decisions / cpu)
                seen[(name, "random" + label)] = scores
        for name in args.only:
            for agent in ("greedy", "random"):
                if seen[(name, agent + "old")] != seen[(name, agent + "new")]:
                    print(f"{name} {agent}: scores differ between the trees")
                    same = False
    print(f"{'game':<15}{'greedy s/game old':>18}{'new':>9}{'new/old':>9}"
          f"{'random dec/s old':>18}{'new':>9}{'new/old':>9}")
    for name in args.only:
        g_old, g_new = (statistics.median(greedy[(name, x)]) for x in ("old", "new"))
        r_old, r_new = (statistics.median(rand[(name, x)]) for x in ("old", "new"))
        print(f"{name:<15}{g_old:>18.4f}{g_new:>9.4f}{g_new / g_old:>9.3f}"
              f"{r_old:>18,.0f}{r_new:>9,.0f}{r_new / r_old:>9.3f}")
    print(f"({args.repeats} repeats, medians of CPU time; {args.games} greedy and "
          f"{args.random_games} random games per game and repeat, same seeds in both trees)")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
