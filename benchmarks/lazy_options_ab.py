"""CPU-time A/B of lazy options (issue 19): each game's ``several`` hooks on vs off.

Run from the repository root::

    .venv/bin/python benchmarks/lazy_options_ab.py witch_academy 3 3 greedy

Plays ``games`` games per repeat with the hooks switched off (every question built in
``ask``, the old path) and on, interleaved in one process, and prints the median CPU
seconds per game of each and their ratio; it fails if any game's scores differ.
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from engine_speed import _params, _player_counts  # noqa: E402

from designkit.agents import make_agents  # noqa: E402
from designkit.core.flow import Decision  # noqa: E402
from designkit.core.play import play_game  # noqa: E402
from designkit.core.registry import get_game  # noqa: E402


def main(argv: list[str]) -> int:
    name, n, reps, agent = argv[0], int(argv[1]), int(argv[2]), argv[3]
    game = get_game(name)
    players = 4 if 4 in _player_counts(game) else _player_counts(game)[0]
    params = _params(game, players)
    flow = game.flow  # type: ignore[attr-defined]
    on = dict(flow.decisions)
    off = {k: Decision(d.options, d.apply, None) for k, d in on.items()}
    agents = make_agents(agent, players)
    play_game(game, params, agents, 1)  # warm-up: tables, caches
    cpu: dict[str, list[float]] = {"old": [], "new": []}
    scores: dict[str, list[list[float]]] = {"old": [], "new": []}
    for rep in range(reps):
        for label, table in (("old", off), ("new", on)):
            flow.decisions.clear()
            flow.decisions.update(table)
            gc.collect()
            start = time.process_time()
            played = [play_game(game, params, agents, 7_000_001 * (rep + 1) + i)
                      for i in range(n)]
            cpu[label].append((time.process_time() - start) / n)
            scores[label] += [list(game.scores(p.state)) for p in played]
    flow.decisions.clear()
    flow.decisions.update(on)
    if scores["old"] != scores["new"]:
        print("the hooks changed a game's scores")
        return 1
    old, new = statistics.median(cpu["old"]), statistics.median(cpu["new"])
    print(f"{name} {agent} {players}p: old {old:.4f} new {new:.4f} CPU s/game, "
          f"new/old {new / old:.3f} (same scores)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
