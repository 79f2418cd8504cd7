"""CPU-time A/B of two source trees in one process: greedy s/game and random decisions/s.

Run from the repository root, with the old tree exported beside it::

    git archive main | tar -x -C /tmp/base
    .venv/bin/python benchmarks/clone_ab.py /tmp/base --games 3 --repeats 9

Both trees are imported into this process, one after the other (each tree's
``designkit`` modules are kept aside and put back before its batches). Each repeat
plays, for every game at 4 players (Crossroads at its only count), a batch of greedy
games and one of random games under each tree on the same seeds, old first in even
repeats and new first in odd ones, so load bursts hit both alike. CPU seconds
(``time.process_time``); medians over the repeats and the median of the paired new/old
ratios are printed; the run fails if any game's scores differ between the trees (a
speed-only change must not change a decision).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

GAMES = ("witch_academy", "classic_hero", "rolling_stone", "crossroads")
HERE = str(Path(__file__).resolve().parents[1])


class Kit:
    """One tree's ``designkit``, loaded and warmed up, kept beside the other tree's: its
    modules (``sys.modules`` entries) are put back before each of its batches, so an
    import inside a function finds this tree's module too."""

    def __init__(self, tree: str, names: list[str], others: list[str]) -> None:
        _drop()
        sys.path[:] = [tree] + [p for p in sys.path if p not in others]
        importlib.invalidate_caches()
        agents = importlib.import_module("designkit.agents")
        play = importlib.import_module("designkit.core.play")
        registry = importlib.import_module("designkit.core.registry")
        self.tree, self.play_game = tree, play.play_game
        self.runs: dict[tuple[str, str], tuple[Any, Any, Any]] = {}
        for name in names:
            game = registry.get_game(name)
            many = "players" in game.params_type.specs()
            params = game.default_params(players=4) if many else game.default_params()
            for agent in ("greedy", "random"):
                bots = agents.make_agents(agent, 4 if many else game.min_players)
                self.play_game(game, params, bots, 1)  # warm-up: tables, caches, hooks
                self.runs[(name, agent)] = (game, params, bots)
        self.modules = {k: v for k, v in sys.modules.items() if _ours(k)}

    def activate(self) -> None:
        _drop()
        sys.modules.update(self.modules)

    def play(self, name: str, agent: str, n: int, rep: int) -> tuple[float, int, list[Any]]:
        """CPU seconds, decisions and scores of ``n`` games of ``name`` by ``agent``."""
        game, params, bots = self.runs[(name, agent)]
        gc.collect()
        decisions, scores = 0, []
        start = time.process_time()
        for i in range(n):
            played = self.play_game(game, params, bots, 9_000_011 * (rep + 1) + i)
            decisions += played.decisions
            scores.append(list(game.scores(played.state)))
        return time.process_time() - start, decisions, scores


    def clone_cost(self, name: str, seed: int = 5) -> float:
        """The fastest of repeated timings of ``clone`` (CPU microseconds) on the positions of
        one seeded random game, every 10th step: short and deterministic, so the minimum
        is the cost with the least load in it."""
        import timeit

        game, params, _ = self.runs[(name, "random")]
        rng = random.Random(seed)
        st, states, step = game.new_state(params, log=False), [], 0
        while (who := game.to_move(st)) is not None:
            if step % 10 == 0:
                states.append(st.clone())
            chance = who == "chance" or not isinstance(who, int)
            game.apply(st, game.sample_chance(st, rng) if chance
                       else rng.choice(game.legal_actions(st)), check=False)
            step += 1
        number = 200
        best = min(timeit.repeat(lambda: [s.clone() for s in states], number=number,
                                 timer=time.process_time,
                                 repeat=7))
        return best / number / len(states) * 1e6


def _ours(module: str) -> bool:
    return module == "designkit" or module.startswith("designkit.")


def _drop() -> None:
    for name in [m for m in sys.modules if _ours(m)]:
        del sys.modules[name]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", help="the old tree (a repository root)")
    parser.add_argument("--games", type=int, default=3, help="greedy games per batch")
    parser.add_argument("--random-games", type=int, default=20, help="random games per batch")
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--only", nargs="*", default=list(GAMES))
    parser.add_argument("--clones", action="store_true",
                        help="only the cost of one clone, on the positions of a random game")
    args = parser.parse_args(argv)
    base = str(Path(args.base).resolve())
    kits = {"old": Kit(base, args.only, [HERE, base]), "new": Kit(HERE, args.only, [HERE, base])}
    if args.clones:
        print(f"{'game':<15}{'clone us old':>14}{'new':>9}{'new/old':>9}")
        for name in args.only:
            cost = {}
            for label in ("old", "new"):
                kits[label].activate()
                cost[label] = kits[label].clone_cost(name)
            print(f"{name:<15}{cost['old']:>14.2f}{cost['new']:>9.2f}"
                  f"{cost['new'] / cost['old']:>9.3f}")
        return 0
    greedy: dict[tuple[str, str], list[float]] = {}
    rand: dict[tuple[str, str], list[float]] = {}
    same = True
    for rep in range(args.repeats):
        order = ("old", "new") if rep % 2 == 0 else ("new", "old")  # neither always first
        for name in args.only:
            for agent, n, into in (("greedy", args.games, greedy),
                                   ("random", args.random_games, rand)):
                seen = {}
                for label in order:
                    kits[label].activate()
                    cpu, decisions, seen[label] = kits[label].play(name, agent, n, rep)
                    into.setdefault((name, label), []).append(
                        cpu / n if agent == "greedy" else decisions / cpu)
                if seen["old"] != seen["new"]:
                    print(f"{name} {agent} repeat {rep}: scores differ between the trees")
                    same = False
    print(f"{'game':<15}{'greedy s/game old':>18}{'new':>9}{'new/old':>9}"
          f"{'random dec/s old':>18}{'new':>9}{'new/old':>9}")
    for name in args.only:
        g_old, g_new = (statistics.median(greedy[(name, x)]) for x in ("old", "new"))
        r_old, r_new = (statistics.median(rand[(name, x)]) for x in ("old", "new"))
        g_ratio = statistics.median(b / a for a, b in zip(greedy[(name, "old")],
                                                           greedy[(name, "new")], strict=True))
        r_ratio = statistics.median(b / a for a, b in zip(rand[(name, "old")],
                                                           rand[(name, "new")], strict=True))
        print(f"{name:<15}{g_old:>18.4f}{g_new:>9.4f}{g_ratio:>9.3f}"
              f"{r_old:>18,.0f}{r_new:>9,.0f}{r_ratio:>9.3f}")
    print(f"({args.repeats} repeats; medians of CPU time, ratios the medians of the paired "
          f"batches' ratios; {args.games} greedy and {args.random_games} random games a "
          f"batch, the same seeds in both trees)")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
