"""MCTS iterations/s, CPU A/B in one process: a saved copy of an older ``mcts.py`` against
the current one, on the mid-game positions of ``engine_speed.py`` (figure 3).

Run from the repository root::

    git show main:designkit/agents/mcts.py > /tmp/mcts_old.py
    .venv/bin/python benchmarks/mcts_ab.py /tmp/mcts_old.py --repeats 3

Per game (4 players where the game allows it): the median over the repeats of
iterations per CPU second (``time.process_time``) of the old ``MCTSAgent(200)``, the new
one with full playouts (``cut=None``: what the search costs around the playout) and the
new default, interleaved so machine load hits every variant alike, with the ratio to old.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from engine_speed import _player_counts, midgame_states  # noqa: E402

from designkit.agents.mcts import MCTSAgent  # noqa: E402
from designkit.core.registry import get_game, list_games  # noqa: E402


def _old(path: Path) -> Any:
    spec = importlib.util.spec_from_file_location("mcts_old", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", type=Path, help="a copy of the older designkit/agents/mcts.py")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--positions", type=int, default=3)
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    args = ap.parse_args(argv)
    old = _old(args.old)
    variants: dict[str, Callable[[], Any]] = {
        "old mcts:200": lambda: old.MCTSAgent(200),
        "new mcts:200:cut=none": lambda: MCTSAgent(200, cut=None),
        "new mcts:200": lambda: MCTSAgent(200)}
    for name in args.game or [g.name for g in list_games()]:
        game = get_game(name)
        players = 4 if 4 in _player_counts(game) else _player_counts(game)[0]
        states = midgame_states(game, players, args.positions)
        rates: dict[str, list[float]] = {k: [] for k in variants}
        for _ in range(args.repeats):
            for label, make in variants.items():
                agent = make()
                start = time.process_time()
                for i, state in enumerate(states):
                    agent.act(game, state, random.Random(i))
                rates[label].append(200 * len(states) / (time.process_time() - start))
        med = {k: statistics.median(v) for k, v in rates.items()}
        print(f"{name:14}{players}p  " + "  ".join(
            f"{k} {v:,.0f} ({v / med['old mcts:200']:.2f}×)" for k, v in med.items()),
            flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
