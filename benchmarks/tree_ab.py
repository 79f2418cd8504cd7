"""CPU A/B of one game's random play (and optionally mcts:200) between two source trees,
in one process, against RLCard's Uno: for a loaded machine, where wall-clock runs of
``engine_speed.py`` an hour apart compare nothing.

Both trees' ``designkit`` packages are imported side by side (each under its own copy of
``sys.modules``, swapped in before each run, so a function-level import finds its own
tree); each repeat runs every player count on both trees, in alternating order, and Uno
once, all timed with ``time.process_time``. Printed: medians of decisions/s, each tree's
ratio to Uno, and the median of the per-repeat new/old ratios; the decision counts of the
two trees are checked equal (a speed-only change must not change a decision).

    git -C /work/main archive main | tar -x -C /tmp/old     # the tree to compare with
    .venv/bin/python benchmarks/tree_ab.py /tmp/old . --game crossroads --mcts
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

_OURS = ("designkit",)
_LOADED: list[str] = []


def _ours(name: str) -> bool:
    return name in _OURS or name.startswith("designkit.")


def _forget() -> None:
    for name in [n for n in sys.modules if _ours(n)]:
        del sys.modules[name]


def load(root: str, game: str) -> dict[str, Any]:
    """Import ``root``'s designkit afresh; its modules, game, driver and agents."""
    _forget()
    sys.path.insert(0, root)
    importlib.invalidate_caches()
    try:
        registry = importlib.import_module("designkit.core.registry")
        play = importlib.import_module("designkit.core.play")
        agents = importlib.import_module("designkit.agents")
        found = registry.get_game(game)
        # engine_speed.py beside this script, bound to this tree (its mid-game positions)
        spec = importlib.util.spec_from_file_location(
            f"_engine_speed_{len(_LOADED)}", Path(__file__).with_name("engine_speed.py"))
        assert spec is not None and spec.loader is not None
        bench = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(bench)
    finally:
        sys.path.remove(root)
    _LOADED.append(root)
    return {"modules": {n: m for n, m in sys.modules.items() if _ours(n)}, "game": found,
            "play": play, "agents": agents, "bench": bench}


def activate(side: dict[str, Any]) -> None:
    _forget()
    sys.modules.update(side["modules"])


def random_play(side: dict[str, Any], params: Any, players: int, games: int, rep: int
                ) -> tuple[int, float]:
    activate(side)
    agents = side["agents"].make_agents("random", players)
    play_game, game = side["play"].play_game, side["game"]
    decisions, start = 0, time.process_time()
    for i in range(games):
        decisions += play_game(game, params, agents, 1_000_003 * (rep + 1) + i).decisions
    return decisions, time.process_time() - start


def uno(games: int, rep: int) -> float:
    """RLCard's Uno as ``engine_speed.UnoRunner`` plays it, in CPU time."""
    import numpy as np
    import rlcard

    env = rlcard.make("uno", config={"seed": 1000 + rep})
    rng = np.random.default_rng(1000 + rep)
    decisions, start = 0, time.process_time()
    for _ in range(games):
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rng.integers(len(legal)))])
            decisions += 1
    return decisions / (time.process_time() - start)


def mcts_rate(side: dict[str, Any], positions: int) -> float:
    activate(side)
    agent = side["agents"].MCTSAgent(200)
    rates = []
    for i, st in enumerate(side["bench"].midgame_states(side["game"], 4, positions)):
        start = time.process_time()
        agent.act(side["game"], st, random.Random(i))
        rates.append(200 / (time.process_time() - start))
    return statistics.median(rates)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--game", default="crossroads")
    ap.add_argument("--games", type=int, default=30, help="games per run (default 30)")
    ap.add_argument("--repeats", type=int, default=21, help="repeats (default 21)")
    ap.add_argument("--mcts", action="store_true", help="also mcts:200 iterations/s, 4p")
    args = ap.parse_args(argv)
    sides = {"old": load(args.old, args.game), "new": load(args.new, args.game)}
    counts = {}
    for name, side in sides.items():
        activate(side)
        g = side["game"]
        counts[name] = (list(range(g.min_players, g.max_players + 1))
                        if "players" in g.params_type.specs() else [g.min_players])
        side["params"] = {p: (g.default_params(players=p) if len(counts[name]) > 1
                              else g.default_params()) for p in counts[name]}
    players = counts["new"]
    for side in sides.values():   # warm-up: imports, caches, memos
        for p in players:
            random_play(side, side["params"][p], p, max(1, args.games // 3), -1)
    uno(3, -1)
    rates: dict[tuple[str, int], list[float]] = {(k, p): [] for k in sides for p in players}
    same, uno_rates = True, []
    for rep in range(args.repeats):
        order = ["old", "new"] if rep % 2 == 0 else ["new", "old"]
        for p in players:
            seen = {}
            for name in order:
                gc.collect()
                d, s = random_play(sides[name], sides[name]["params"][p], p, args.games, rep)
                seen[name] = d
                rates[name, p].append(d / s)
            same &= seen["old"] == seen["new"]
        gc.collect()
        uno_rates.append(uno(max(5, args.games), rep))
    u = statistics.median(uno_rates)
    print(f"{args.game}: {args.repeats} repeats x {args.games} games per player count, CPU "
          f"time; RLCard Uno {u:,.0f} decisions/s (median)")
    for p in players:
        o, n = statistics.median(rates["old", p]), statistics.median(rates["new", p])
        ratio = statistics.median(b / a for a, b in
                                  zip(rates["old", p], rates["new", p], strict=True))
        print(f"  {p}p: old {o:,.0f}/s ({o / u:.2f}x Uno)  new {n:,.0f}/s ({n / u:.2f}x Uno)"
              f"  new/old {ratio:.3f}")
    print(f"  same decisions on both trees: {same}")
    if args.mcts:
        m: dict[str, list[float]] = {"old": [], "new": []}
        for rep in range(5):
            for name in (["old", "new"] if rep % 2 == 0 else ["new", "old"]):
                m[name].append(mcts_rate(sides[name], 8))
        o, n = statistics.median(m["old"]), statistics.median(m["new"])
        print(f"  mcts:200 iterations/s, 4p, 8 positions, median of 5: old {o:,.0f}  "
              f"new {n:,.0f}  new/old {n / o:.3f}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
