"""Bot strength per second: MCTS at a time budget per decision against greedy seats.

Run from the repository root::

    .venv/bin/python benchmarks/bot_strength.py                 # every game (~15 min)
    .venv/bin/python benchmarks/bot_strength.py --quick         # a few games each (~3 min)
    .venv/bin/python benchmarks/bot_strength.py --game crossroads --games 200
    .venv/bin/python benchmarks/bot_strength.py --agent mcts:0.1s:cut=none --json out.json
    .venv/bin/python benchmarks/bot_strength.py --ladder greedy,search,mcts:0.1s:clock=cpu

``--ladder A,B,C`` measures the ladder's rungs head to head: B's seat against A in every
other seat, then C against B (the ladder of ``designkit report --ladder`` reads seat balance
per rung, not which rung beats which).

One ``--agent`` seat (default ``mcts:0.1s``) plays against ``--opponent`` (default
``greedy``) in every other seat, at the game's default player count (4-player
Crossroads). The strong seat rotates: game *i* puts it in seat *i mod players*, so
seat advantage cancels out; game *i* has the simulation's seed for game *i*
(``runner.game_seed``), so two agents are compared on the same deals.

For each game: wins, win rate with its 95% Wilson interval, the fair share
1/players, iterations per searched decision (mean and range), wall time. The
target (issues 14 and 19): at 0.1 s per decision, ``mcts`` wins at least 60% of the
games against greedy seats in every game, with the lower end of the 95% interval
above the fair share.

A time budget is wall-clock: on a loaded machine every search gets fewer
iterations and the win rate drops, so the load average is printed before and
after and the iterations per decision are part of the figures. Games run
serially in this process: a second worker would halve the CPU each search gets.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from designkit.agents import make_agents
from designkit.core.play import play_game
from designkit.core.registry import get_game
from designkit.core.seats import player_count
from designkit.sim.intervals import wilson_interval
from designkit.sim.runner import game_seed

TARGET = {"crossroads": 0.60, "rolling_stone": 0.60, "witch_academy": 0.60,
          "classic_hero": 0.60}
GAMES = {"crossroads": 100, "rolling_stone": 30, "witch_academy": 24, "classic_hero": 30}
QUICK = {"crossroads": 12, "rolling_stone": 4, "witch_academy": 4, "classic_hero": 6}


def _load() -> str:
    try:
        return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not on every platform
        return "load average unknown"


def strength(game_name: str, agent: str, opponent: str, n_games: int,
             seed: int = 0) -> dict[str, Any]:
    """Play ``n_games`` with ``agent`` in a rotating seat and ``opponent`` elsewhere."""
    game = get_game(game_name)
    params = game.params_type()
    players = player_count(params)
    wins = 0.0
    outcomes: list[float] = []  # the searched seat's share of each game's win (pairing)
    iterations: list[int] = []
    searched = 0
    start = time.perf_counter()
    for gid in range(n_games):
        seat = gid % players
        specs = [opponent] * players
        specs[seat] = agent
        agents = make_agents(specs, players)
        played = play_game(game, params, agents, game_seed(seed, gid))
        winners = game.winners(played.state)
        share = 1.0 / len(winners) if seat in winners else 0.0  # a shared win counts its share
        wins += share
        outcomes.append(share)
        strong = agents[seat]
        searched += getattr(strong, "searches", 0)
        if getattr(strong, "searches", 0):
            iterations.append(round(strong.total_iterations / strong.searches))
        print(f"  {game_name} game {gid + 1}/{n_games}: seat {seat}, "
              f"{'won' if seat in winners else 'lost'} ({wins:g} wins so far)",
              file=sys.stderr, flush=True)
    seconds = time.perf_counter() - start
    lo, hi = wilson_interval(wins, n_games)
    row: dict[str, Any] = {
        "game": game_name, "players": players, "agent": agents[seat].name,
        "opponent": opponent, "games": n_games, "wins": wins, "win_rate": wins / n_games,
        "lo": lo, "hi": hi, "fair_share": 1.0 / players, "seconds": seconds,
        "seconds_per_game": seconds / n_games, "searched_decisions": searched,
        "iterations_per_decision": statistics.mean(iterations) if iterations else 0.0,
        "iterations_min": min(iterations, default=0),
        "iterations_max": max(iterations, default=0), "seed": seed, "outcomes": outcomes}
    if game_name in TARGET:
        row["target"] = TARGET[game_name]
        row["meets_target"] = wins / n_games >= TARGET[game_name] and lo > 1.0 / players
    return row


def _line(r: dict[str, Any]) -> str:
    text = (f"{r['game']:<14}{r['players']:>2}p  {r['agent']} vs {r['opponent']}: "
            f"{r['wins']:g}/{r['games']} = {r['win_rate']:.1%} [{r['lo']:.1%}, {r['hi']:.1%}]"
            f" (fair share {r['fair_share']:.0%}); {r['iterations_per_decision']:.0f} "
            f"iterations/decision (game means {r['iterations_min']}–{r['iterations_max']}), "
            f"{r['seconds_per_game']:.1f} s/game")
    if "target" in r:
        text += (f"; target ≥ {r['target']:.0%} with the interval above the fair share: "
                 f"{'met' if r['meets_target'] else 'NOT met'}")
    return text


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--agent", default="mcts:0.1s", help="the searched seat (default %(default)s)")
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--games", type=int, help="games per game (default: 100 Crossroads, "
                                              "24–30 the others)")
    ap.add_argument("--quick", action="store_true", help="a few games each")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--ladder", metavar="A,B,...", help="each rung's seat against the rung "
                    "below in every other seat (instead of --agent / --opponent)")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args(argv)
    names = args.game or list(GAMES)
    pairs = [(args.agent, args.opponent)]
    if args.ladder:
        rungs = [r.strip() for r in args.ladder.split(",") if r.strip()]
        if len(rungs) < 2:
            ap.error("--ladder needs at least two bots, e.g. greedy,search,mcts:0.1s")
        pairs = list(zip(rungs[1:], rungs[:-1], strict=True))
    print(_load(), flush=True)
    rows = []
    for name in names:
        n = args.games or (QUICK if args.quick else GAMES).get(name, 20)
        for agent, opponent in pairs:
            rows.append(strength(name, agent, opponent, n, args.seed))
            print(_line(rows[-1]), flush=True)
    print(_load(), flush=True)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"rows": rows, "load": _load()}, indent=2) + "\n",
                             encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
