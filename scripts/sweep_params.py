"""Random in-range parameters, random games, ``check_state`` after every step: find crashes.

A designer's first sweep changes several parameters at once within their
allowed ranges; this plays that sweep fast and reports every crash or broken
invariant with the parameters and seed that reproduce it::

    .venv/bin/python scripts/sweep_params.py --game crossroads --configs 200 --games 3
    .venv/bin/python scripts/sweep_params.py            # every registered game

Parameters are drawn from each game's Params metadata (``params_type.specs()``):
ranges, choices, optional values, list item ranges, table value ranges.
Combinations the Params reject (``ParamError``) are drawn again. The permanent
version of this check is the contract suite in ``tests/contract/``.
"""

from __future__ import annotations

import argparse
import random
import sys
import traceback
from collections import Counter
from typing import Any

from designkit.agents import make_agents
from designkit.core.errors import DesignkitError
from designkit.core.game import CHANCE, Game
from designkit.core.params import Params, ParamSpec
from designkit.core.play import agent_rng, chance_rng
from designkit.core.registry import get_game, list_games


def _value(spec: ParamSpec, default: Any, rng: random.Random) -> Any:
    if spec.optional and rng.random() < 0.3:
        return None
    if spec.choices is not None:
        return rng.choice(spec.choices)
    if spec.kind == "bool":
        return rng.random() < 0.5
    if spec.kind in ("int", "float") and spec.range is not None:
        lo, hi = spec.range
        return rng.randint(int(lo), int(hi)) if spec.kind == "int" else rng.uniform(lo, hi)
    if spec.kind == "table" and spec.item_range is not None:
        lo, hi = spec.item_range
        return {k: rng.randint(int(lo), int(hi)) for k in default}
    if spec.kind == "list":
        items = list(default)
        if spec.item_range is not None:
            lo, hi = spec.item_range
            size = rng.randint(0, max(1, len(items) + 1))
            pool = list(range(int(lo), int(hi) + 1))
            return tuple(sorted(rng.sample(pool, min(size, len(pool)))))
        if items:  # strings: a random non-empty subset, in the default's order
            keep = [x for x in items if rng.random() < 0.7] or [rng.choice(items)]
            return tuple(keep)
    return default


def random_params(game: Game, rng: random.Random, tries: int = 200) -> Params:
    """In-range parameters, several changed at once (each field with probability 1/3)."""
    specs = game.params_type.specs()
    base = game.params_type()
    for _ in range(tries):
        changes = {name: _value(spec, getattr(base, name), rng) for name, spec in specs.items()
                   if rng.random() < 1 / 3}
        if "players" in specs:
            changes["players"] = rng.randint(game.min_players, game.max_players)
        try:
            return game.params_type(**{**base.to_dict(), **changes})
        except DesignkitError:
            continue
    raise RuntimeError(f"{game.name}: no valid random parameters in {tries} tries")


def play_checked(game: Game, params: Params, seed: int, agents: str, log: bool,
                 max_steps: int = 200_000) -> str | None:
    """Play one game, checking the invariants after every step; the first problem, or None."""
    st = game.new_state(params, log=log)
    crng = chance_rng(seed)
    bots = make_agents(agents, params.players) if "players" in params.specs() else \
        make_agents(agents, game.min_players)
    rngs = [agent_rng(seed, s) for s in range(len(bots))]
    for step in range(max_steps):
        bad = game.check_state(st)
        if bad:
            return f"step {step}: " + "; ".join(str(v) for v in bad)
        who = game.to_move(st)
        if who is None:
            return None
        if who is CHANCE:
            game.apply(st, game.sample_chance(st, crng))
        else:
            game.apply(st, bots[who].act(game, st, rngs[who]))
    return f"no end after {max_steps} steps"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", help="game name (repeatable; default: all)")
    ap.add_argument("--configs", type=int, default=100, help="random parameter sets per game")
    ap.add_argument("--games", type=int, default=3, help="games per parameter set")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--agents", default="random")
    args = ap.parse_args(argv)
    games = [get_game(n) for n in args.game] if args.game else list_games()
    failures = 0
    for game in games:
        rng = random.Random(f"{args.seed}:{game.name}")
        kinds: Counter[str] = Counter()
        for c in range(args.configs):
            params = random_params(game, rng)
            for g in range(args.games):
                seed = c * 1000 + g
                try:
                    problem = play_checked(game, params, seed, args.agents, log=bool(g % 2))
                except Exception as exc:  # noqa: BLE001 - a crash is what we look for
                    frame = traceback.extract_tb(exc.__traceback__)[-1]
                    problem = (f"{type(exc).__name__}: {exc} at {frame.filename.split('/')[-1]}"
                               f":{frame.lineno}")
                if problem is not None:
                    failures += 1
                    key = problem.split(" at ")[-1] if " at " in problem else problem[:60]
                    if not kinds[key]:
                        diff = params.diff(game.params_type()) if hasattr(params, "diff") \
                            else params.to_dict()
                        print(f"{game.name} seed {seed}: {problem}\n  params: {diff}")
                    kinds[key] += 1
        total = args.configs * args.games
        print(f"{game.name}: {total} games, {sum(kinds.values())} with a problem "
              f"({len(kinds)} kinds)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
