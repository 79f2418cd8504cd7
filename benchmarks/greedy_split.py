"""Where a greedy decision's time goes: the step, the heuristic, the clone (by elimination).

Run from the repository root::

    .venv/bin/python benchmarks/greedy_split.py --game classic_hero
    .venv/bin/python benchmarks/greedy_split.py --game witch_academy --games 3 --players 3

A profiler inflates the call-heavy parts of a lookahead (a child's step is many small
calls, the heuristic few), so its shares mislead. This script times the lookahead of
every greedy decision position of a few seeded greedy games three ways, in CPU time,
alternating them over ``--repeats``:

- ``full``: what the greedy bot does (``child_values`` with the game's heuristic);
- ``no heuristic``: the same with a constant value, so the difference is the heuristic;
- ``clones``: the option list and one clone per option alone.

The step is ``no heuristic`` less ``clones``. Then each child's step is timed alone, by
the phase of the position it is taken from, which says which questions' children cost
most. The figures are medians over the repeats.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from _timing import figure_players, params_for

from designkit.agents import make_agents
from designkit.core.game import CHANCE
from designkit.core.lookahead import child_values, stepper
from designkit.core.play import play_game
from designkit.core.registry import get_game


def decision_positions(game: Any, params: Any, players: int, games: int) -> list[Any]:
    """Copies of every position of ``games`` seeded greedy games where a seat chooses
    among several options (what the greedy bot looks ahead from)."""
    agents = make_agents("greedy", players)
    found: list[Any] = []

    def keep(st: Any) -> None:
        if game.to_move(st) not in (None, CHANCE) and len(game.legal_actions(st)) > 1:
            found.append(st.clone())

    for seed in range(games):
        play_game(game, params, agents, seed, on_step=keep)
    return found


def lookahead_seconds(game: Any, positions: list[Any],
                      value: Callable[[Any, int], float] | None) -> float:
    """CPU seconds to value every option of ``positions``; ``value`` None: clones only."""
    start = time.process_time()
    for st in positions:
        options, seat = game.legal_actions(st), game.to_move(st)
        if value is None:
            for _ in options:
                st.clone()
            continue
        for _ in child_values(game, st, options, lambda c, s=seat: value(c, s)):
            pass
    return time.process_time() - start


def step_costs(game: Any, positions: list[Any]) -> dict[str, tuple[int, float]]:
    """Per phase of the parent: (children, seconds of their steps alone)."""
    seconds: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    # a step is a few µs: the CPU clock's system call would be a third of it, and an
    # interval this short is rarely cut by another process
    clock = time.perf_counter
    for st in positions:
        phase = getattr(st.phase, "name", str(st.phase))
        apply = stepper(game, st)
        for action in game.legal_actions(st):
            child = st.clone()
            child.log = None
            start = clock()
            apply(child, action)
            seconds[phase] += clock() - start
            count[phase] += 1
    return {ph: (count[ph], seconds[ph]) for ph in seconds}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--games", type=int, default=6, help="seeded greedy games (default 6)")
    ap.add_argument("--players", type=int, help="default: the figures' count (4 where offered)")
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args(argv)
    game = get_game(args.game)
    players = args.players or figure_players(game)
    params = params_for(game, players)
    positions = decision_positions(game, params, players, args.games)
    children = sum(len(game.legal_actions(st)) for st in positions)
    print(f"{game.name}, {players} players: {len(positions):,} decision positions, "
          f"{children:,} children, from {args.games} seeded greedy games")
    heuristic = game.heuristic
    runs: dict[str, list[float]] = {"full": [], "no heuristic": [], "clones": []}
    for _ in range(args.repeats):
        runs["full"].append(lookahead_seconds(game, positions, heuristic))
        runs["no heuristic"].append(lookahead_seconds(game, positions, lambda c, s: 0.0))
        runs["clones"].append(lookahead_seconds(game, positions, None))
    full, bare, clones = (statistics.median(runs[k]) for k in ("full", "no heuristic", "clones"))
    print(f"  full lookahead {full * 1e3:8.1f} ms   without the heuristic {bare * 1e3:8.1f} ms"
          f"   options and clones alone {clones * 1e3:8.1f} ms  (CPU, median of "
          f"{args.repeats})")
    print(f"  step {100 * (bare - clones) / full:3.0f} %   heuristic "
          f"{100 * (full - bare) / full:3.0f} %   options and clones "
          f"{100 * clones / full:3.0f} %")
    costs = step_costs(game, positions)
    total = sum(s for _, s in costs.values()) or 1.0
    print("  a child's step, by the phase it is taken from:")
    for phase, (n, s) in sorted(costs.items(), key=lambda kv: -kv[1][1]):
        print(f"    {phase:<18}{n:>7,} children {s / n * 1e6:7.1f} µs a step "
              f"{100 * s / total:4.0f} % of step time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
