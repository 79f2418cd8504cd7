"""CPU-time A/B of one game's engine in one process: a base commit's ``designkit`` against
the working tree's, interleaved, decisions checked equal.

Run from the repository root::

    .venv/bin/python benchmarks/engine_ab.py classic_hero random 100 11 4,3
    .venv/bin/python benchmarks/engine_ab.py classic_hero greedy 3 7 4 --base main

Arguments: game, agents (``random`` / ``greedy`` / any ``make_agents`` spec), games per
run, repeats, player counts. The base tree is ``git archive <base> designkit`` in a
temporary directory (its ``data`` links to this tree's, so both read the same cards).
Both packages are imported under the name ``designkit``; ``sys.modules`` is switched to
one side's modules before each of its runs (and keeps what that run imported lazily), so
neither side ever calls the other's code. Each repeat runs both sides (alternating which
goes first: the second run of a pair is often the faster on a loaded machine, so give an
even number of repeats), so a burst of load from other processes hits both alike: on a
shared machine read the median of the per-repeat paired ratios, printed first, and the
pooled ratio (all decisions over all CPU seconds, per side).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _ours() -> list[str]:
    return [k for k in sys.modules if k == "designkit" or k.startswith("designkit.")]


def load(root: Path, game: str) -> dict[str, Any]:
    """Import ``designkit`` from ``root``; its modules and the entry points a run needs."""
    for k in _ours():
        del sys.modules[k]
    sys.path.insert(0, str(root))
    try:
        reg = importlib.import_module("designkit.core.registry")
        play = importlib.import_module("designkit.core.play")
        agents = importlib.import_module("designkit.agents")
        g = reg.get_game(game)
    finally:
        sys.path.remove(str(root))
    mods = {k: sys.modules[k] for k in _ours()}
    assert str(mods["designkit"].__file__).startswith(str(root)), mods["designkit"].__file__
    return {"mods": mods, "game": g, "play": play.play_game, "agents": agents.make_agents}


def run(side: dict[str, Any], spec: str, players: int, n: int, rep: int) -> tuple[int, float]:
    """(decisions, CPU seconds) of ``n`` seeded games on one side."""
    for k in _ours():
        del sys.modules[k]
    sys.modules.update(side["mods"])
    g = side["game"]
    params = g.default_params(players=players)
    agents = side["agents"](spec, players)
    gc.collect()
    start = time.process_time()
    decisions = 0
    for i in range(n):
        decisions += side["play"](g, params, agents, 1_000_003 * (rep + 1) + i).decisions
    spent = time.process_time() - start
    side["mods"].update({k: sys.modules[k] for k in _ours()})
    return decisions, spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("agents")
    ap.add_argument("games", type=int)
    ap.add_argument("repeats", type=int)
    ap.add_argument("players", help="player counts, comma-separated")
    ap.add_argument("--base", default="main", help="the commit to compare against")
    a = ap.parse_args()
    counts = [int(x) for x in a.players.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", a.base, "designkit"], cwd=ROOT,
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        (Path(tmp) / "data").symlink_to(ROOT / "data")
        sides = {"old": load(Path(tmp), a.game), "new": load(ROOT, a.game)}
        for side in sides.values():
            for p in counts:
                run(side, a.agents, p, max(1, a.games // 10), -1)   # warm-up: caches, tables
        res: dict[tuple[str, int], list[tuple[int, float]]] = {}
        for rep in range(a.repeats):
            for p in counts:
                for name in ("old", "new") if rep % 2 == 0 else ("new", "old"):
                    res.setdefault((name, p), []).append(run(sides[name], a.agents, p,
                                                             a.games, rep))
    for p in counts:
        old, new = res[("old", p)], res[("new", p)]
        same = [d for d, _ in old] == [d for d, _ in new]
        paired = statistics.median((dn / sn) / (do / so)
                                   for (do, so), (dn, sn) in zip(old, new, strict=True))
        pooled = (sum(d for d, _ in new) / sum(s for _, s in new)) / \
            (sum(d for d, _ in old) / sum(s for _, s in old))
        print(f"{a.game} {a.agents} {p}p: new/old speed, median of {a.repeats} paired "
              f"repeats {paired:.2f}x, pooled {pooled:.2f}x; decisions/s old {statistics.median(d / s for d, s in old):,.0f}"
              f" new {statistics.median(d / s for d, s in new):,.0f}; CPU s/game old "
              f"{statistics.median(s for _, s in old) / a.games:.4f} new "
              f"{statistics.median(s for _, s in new) / a.games:.4f}; same decisions: {same}")


if __name__ == "__main__":
    main()
