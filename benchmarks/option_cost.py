"""What a random game's option builders and ``several`` hooks cost, by doubling them.

Run from the repository root::

    .venv/bin/python benchmarks/option_cost.py --game classic_hero --players 4 --games 200

Every decision phase's builder (or hook) is called twice and the second result used, so a
game makes the same decisions and the extra CPU time is what the builders (hooks) cost.
That bounds what "options not built per question" (a count and the n-th option, issue 37)
could save random play: at most the builders' share, not the flow's steps around them.
The three settings (wrapped once, builders doubled, hooks doubled) run interleaved, their
order rotating, on the same seeds after a warm-up on those seeds that fills the game's
tables; medians of the per-repeat differences, CPU time (``time.process_time``).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from collections.abc import Callable
from typing import Any

from _timing import params_for

from designkit.agents import make_agents
from designkit.core.play import play_game
from designkit.core.registry import get_game

Fn = Callable[[Any], Any]


def _once(fn: Fn) -> Fn:
    def call(st: Any) -> Any:
        return fn(st)
    return call


def _twice(fn: Fn) -> Fn:
    def call(st: Any) -> Any:
        fn(st)
        return fn(st)
    return call


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="classic_hero")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=200, help="seeded random games per run")
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    game: Any = get_game(args.game)
    params = params_for(game, args.players)
    agents = make_agents("random", args.players)
    for i in range(args.games):           # warm-up on the measured seeds: the game's tables
        play_game(game, params, agents, i)  # hold their hands before any run is timed
    flow = game.flow
    original = dict(flow.decisions)

    def use(mode: str) -> None:
        for phase, d in original.items():
            build = _twice(d.options) if mode == "builders" else _once(d.options)
            hook = d.several
            if hook is not None:
                hook = _twice(hook) if mode == "hooks" else _once(hook)
            flow.decisions[phase] = d._replace(options=build, several=hook)

    def run() -> float:
        gc.collect()
        start = time.process_time()
        for i in range(args.games):
            play_game(game, params, agents, i)
        return (time.process_time() - start) / args.games

    found: dict[str, list[float]] = {"once": [], "builders": [], "hooks": []}
    try:
        for rep in range(args.repeats):   # the settings' order rotates between repeats
            modes = list(found)
            for mode in modes[rep % 3:] + modes[:rep % 3]:
                use(mode)
                found[mode].append(run())
    finally:
        flow.decisions.update(original)
    base = statistics.median(found["once"])
    print(f"{args.game} {args.players}p, {args.games} random games x {args.repeats}: "
          f"{base * 1e6:,.0f} CPU us a game (every builder and hook wrapped once)")
    for mode in ("builders", "hooks"):
        extra = statistics.median([x - b for x, b in zip(found[mode], found["once"],
                                                         strict=True)])
        print(f"  {mode} called twice: +{extra * 1e6:,.0f} us a game = {extra / base:.1%} of "
              "a game")


if __name__ == "__main__":
    main()
