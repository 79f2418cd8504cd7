"""王道勇者 (Classic Hero) greedy on **cold dice tables**, old tree against new, CPU time.

``ab.py engine`` replays the same seeds in every repeat, so from the second repeat on the
ruleset's dice tables (:mod:`designkit.games.classic_hero.hands`) hold every hand the
games meet and a change to what a table *miss* costs does not show. ``engine_speed.py``
plays each game once in a fresh process, on new seeds, where a fifth of a greedy game is
those misses. This script measures that case: in every repeat both trees play the same
*new* seeds (``7_000_001 × (rep + 1) + i``, as ``engine_speed.py`` numbers them) after
their dice stores are emptied in place, alternating which tree goes first, and prints the
medians of CPU s/game and the median of the paired new/old time ratios (above 1: the new
tree is faster); decisions and scores are checked equal. Run from the repository root::

    .venv/bin/python benchmarks/ch_cold_greedy.py main --games 5 --players 4,3 --repeats 8
"""

from __future__ import annotations

import argparse
import gc
import statistics
from contextlib import ExitStack
from typing import Any

from _timing import params_for, play_batch
from ab import CPU, ROOT, Tree, order, source


def _empty_stores(tree: Tree) -> None:
    """Empty every dice store of the tree's rulesets in place (the rulesets' tables hold
    the same dicts, so a new Store would not be seen)."""
    for store in tree.module("designkit.games.classic_hero.hands")._STORES.values():
        for table in (store.sets, store.fortunes, store.shared, store.whole):
            table.clear()
        store.size = 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", help="the old tree: a directory or a git revision")
    ap.add_argument("new", nargs="?", default=str(ROOT), help="the new tree (default this one)")
    ap.add_argument("--games", type=int, default=5, help="new seeds per repeat (default 5)")
    ap.add_argument("--players", default="4", help="player counts, comma-separated (4)")
    ap.add_argument("--repeats", type=int, default=8, help="repeats (default 8, even)")
    ap.add_argument("--agents", default="greedy", help="a make_agents spec (greedy)")
    args = ap.parse_args(argv)
    counts = [int(p) for p in args.players.split(",")]
    with ExitStack() as stack:
        sides = {"old": Tree(source(args.old, stack)), "new": Tree(source(args.new, stack))}
        setups: dict[tuple[str, int], Any] = {}
        for side, tree in sides.items():
            with tree.active():
                game = tree.game("classic_hero")
                for p in counts:
                    params = params_for(game, p)
                    agents = tree.module("designkit.agents").make_agents(args.agents, p)
                    play_batch(game, params, agents, 1, 1, CPU)   # imports, hooks
                    setups[(side, p)] = (game, params, agents)
        times: dict[tuple[str, int], list[float]] = {k: [] for k in setups}
        same = True
        for rep in range(args.repeats):
            for p in counts:
                seen = {}
                for side in order(rep):
                    with sides[side].active():
                        _empty_stores(sides[side])
                        gc.collect()
                        batch = play_batch(*setups[(side, p)], args.games,
                                           7_000_001 * (rep + 1), CPU, scores=True)
                    times[(side, p)].append(batch.seconds / args.games)
                    seen[side] = (batch.decisions, batch.scores)
                if seen["old"] != seen["new"]:
                    print(f"{p}p repeat {rep}: the trees decide differently")
                    same = False
        print(f"classic_hero {args.agents}, cold dice tables, {args.games} new seeds x "
              f"{args.repeats} repeats, CPU time")
        for p in counts:
            old, new = times[("old", p)], times[("new", p)]
            ratio = statistics.median(o / n for o, n in zip(old, new, strict=True))
            print(f"  {p}p: CPU s/game old {statistics.median(old):.4f} new "
                  f"{statistics.median(new):.4f}  old/new {ratio:.3f} (paired)")
        print(f"  same decisions and scores on both trees: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
