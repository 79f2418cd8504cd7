"""CPU-time A/B benchmarks, old code against new in one process: for a loaded machine,
where wall-clock runs of ``engine_speed.py`` an hour apart compare nothing.

Every subcommand interleaves the two sides (alternating which goes first: the second run
of a pair is often the faster on a loaded machine, so give an even number of repeats),
times them with ``time.process_time`` and prints the medians over the repeats and the
median of the per-repeat new/old ratios; those that play games fail where the two sides
decide differently (a speed-only change must not change a decision):

``engine OLD [NEW]``
    seeded games of each ``--game`` by each ``--agents`` at each ``--players`` on two
    source trees: decisions/s, CPU s/game, paired and pooled ratios, decisions and scores
    checked equal; ``--uno`` adds RLCard's Uno in every repeat (each tree's ratio to it),
    ``--mcts`` mcts:200 iterations/s at 4 players on ``engine_speed.py``'s mid-game
    positions.
``clone OLD [NEW]``
    the cost of one ``clone`` (fastest of repeated timings) on the positions of a seeded
    random game, per game, on two source trees.
``mcts OLD``
    ``MCTSAgent(200)`` of an older ``designkit/agents/mcts.py`` against the current one
    with full playouts (``cut=None``) and by default, iterations/s on the mid-game positions.
``lazy GAME``
    one game's ``several=`` hooks (lazy options) switched off (every question built in
    ``ask``, the old path) against on, CPU s/game, scores checked equal.
``coverage``
    the cost of counting the events per rule ID (``simulate(coverage=True)``): the same
    seeded games through the simulation's batch function with the count off and on, games/s
    and the ratio on/off (it needs the event texts, which games build only while logging).

OLD and NEW are directories holding a ``designkit`` package or git revisions of this
repository (``git archive REV designkit`` in a temporary directory, its ``data`` linked to
this tree's); NEW defaults to this tree. For ``mcts``, OLD is a copy of ``mcts.py`` or a
revision. Both trees are imported under the name ``designkit``: ``sys.modules`` is
switched to one tree's modules before each of its runs (and keeps what that run imported
lazily), so neither tree ever calls the other's code. Run from the repository root::

    .venv/bin/python benchmarks/ab.py engine main --game classic_hero --agents greedy --games 3
    .venv/bin/python benchmarks/ab.py engine /tmp/old . --game crossroads --uno --mcts
    .venv/bin/python benchmarks/ab.py clone main
    .venv/bin/python benchmarks/ab.py mcts main --repeats 3
    .venv/bin/python benchmarks/ab.py lazy witch_academy --games 3 --repeats 3
    .venv/bin/python benchmarks/ab.py coverage --agents greedy --games 20
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.util
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from _timing import (
    figure_players,
    midgame_states,
    paired_ratio,
    params_for,
    play_batch,
    player_counts,
    search_seconds,
    uno_batch,
)

ROOT = Path(__file__).resolve().parents[1]
SIDES = ("old", "new")
CPU = time.process_time


def order(rep: int) -> tuple[str, str]:
    """Old first in even repeats, new first in odd ones: neither side is always first."""
    return SIDES if rep % 2 == 0 else (SIDES[1], SIDES[0])


def _ours(name: str) -> bool:
    return name == "designkit" or name.startswith("designkit.")


def _forget() -> None:
    for name in [n for n in sys.modules if _ours(n)]:
        del sys.modules[name]


class Tree:
    """One source tree's ``designkit``, imported beside the other tree's: its
    ``sys.modules`` entries are kept aside and put back by ``active()``."""

    def __init__(self, root: Path) -> None:
        _forget()
        sys.path.insert(0, str(root))
        importlib.invalidate_caches()
        try:
            for name in ("designkit.core.registry", "designkit.core.play", "designkit.agents"):
                importlib.import_module(name)
        finally:
            sys.path.remove(str(root))
        found = str(sys.modules["designkit"].__file__)
        if not found.startswith(str(root)):
            raise SystemExit(f"{root}: designkit imported from {found}, not from this tree")
        self.root = root
        self.modules = {n: m for n, m in sys.modules.items() if _ours(n)}

    @contextmanager
    def active(self) -> Iterator[Tree]:
        """This tree's modules in ``sys.modules`` (and what the block imports, kept)."""
        _forget()
        sys.modules.update(self.modules)
        try:
            yield self
        finally:
            self.modules.update({n: m for n, m in sys.modules.items() if _ours(n)})

    def module(self, name: str) -> Any:
        return self.modules[name]

    def game(self, name: str) -> Any:
        return self.module("designkit.core.registry").get_game(name)


def source(spec: str, stack: ExitStack) -> Path:
    """A directory, or a git revision of this repository exported into a temporary one."""
    path = Path(spec)
    if path.is_dir():
        return path.resolve()
    archive = subprocess.run(["git", "archive", spec, "designkit"], cwd=ROOT,
                             capture_output=True)
    if archive.returncode != 0:
        raise SystemExit(f"{spec}: neither a directory nor a git revision of {ROOT}")
    tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="ab-")))
    subprocess.run(["tar", "-x", "-C", str(tmp)], input=archive.stdout, check=True)
    (tmp / "data").symlink_to(ROOT / "data")
    return tmp


def trees(args: argparse.Namespace, stack: ExitStack) -> dict[str, Tree]:
    return {"old": Tree(source(args.old, stack)), "new": Tree(source(args.new, stack))}


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def compare_line(label: str, old: list[float], new: list[float], fmt: str = ",.0f") -> str:
    """``label: old X new Y new/old R``, medians and the median of the paired ratios."""
    return (f"{label}: old {_median(old):{fmt}}  new {_median(new):{fmt}}  "
            f"new/old {paired_ratio(old, new):.3f}")


# -- engine: seeded games on two trees ---------------------------------------------------------
def _setups(tree: Tree, args: argparse.Namespace) -> dict[tuple[str, str, int], Any]:
    """(game, params, agents) per run of one tree, each played once to warm it up."""
    runs = {}
    with tree.active():
        make_agents = tree.module("designkit.agents").make_agents
        for name in args.game:
            game = tree.game(name)
            counts = player_counts(game)
            if args.players is not None:  # those the game offers, else its figure's count
                counts = [p for p in args.players if p in counts] or [figure_players(game)]
            for spec in args.agents:
                for p in counts:
                    params = params_for(game, p)
                    agents = make_agents(spec, p)
                    play_batch(game, params, agents, 1, 1, CPU)  # tables, caches, hooks
                    runs[(name, spec, p)] = (game, params, agents)
    return runs


def _mcts_rates(tree: Tree, name: str, positions: int) -> float:
    with tree.active():
        game = tree.game(name)
        states = midgame_states(game, figure_players(game), positions)
        agent = tree.module("designkit.agents").MCTSAgent(200)
        return statistics.median(200 / s for s in search_seconds(agent, game, states, CPU))


def engine(args: argparse.Namespace) -> int:
    with ExitStack() as stack:
        sides = trees(args, stack)
        per_agents = args.games * len(args.agents) if len(args.games) == 1 else args.games
        games = dict(zip(args.agents, per_agents, strict=True))
        setups = {k: _setups(tree, args) for k, tree in sides.items()}
        keys = list(setups["new"])
        samples: dict[tuple[str, Any], list[tuple[int, float]]] = {}
        uno: list[float] = []
        if args.uno:
            uno_batch(3, 999, CPU)  # warm-up
        same = True
        for rep in range(args.repeats):
            for key in keys:
                n = games[key[1]]
                seen = {}
                for side in order(rep):
                    with sides[side].active():
                        gc.collect()
                        batch = play_batch(*setups[side][key], n, 1_000_003 * (rep + 1),
                                           CPU, scores=True)
                    samples.setdefault((side, key), []).append((batch.decisions, batch.seconds))
                    seen[side] = (batch.decisions, batch.scores)
                if seen["old"] != seen["new"]:
                    print(f"{' '.join(map(str, key))} repeat {rep}: the trees decide differently")
                    same = False
            if args.uno:
                gc.collect()
                decisions, seconds = uno_batch(max(5, min(games.values())), 1000 + rep, CPU)
                uno.append(decisions / seconds)
        u = _median(uno)
        print(f"{args.repeats} repeats, CPU time, the same seeds on both trees"
              + (f"; RLCard Uno {u:,.0f} decisions/s (median)" if uno else ""))
        for key in keys:
            old, new = samples[("old", key)], samples[("new", key)]
            rates = {k: [d / s for d, s in v] for k, v in (("old", old), ("new", new))}
            pooled = ((sum(d for d, _ in new) / sum(s for _, s in new))
                      / (sum(d for d, _ in old) / sum(s for _, s in old)))
            vs_uno = {k: f" ({_median(v) / u:.2f}x Uno)" if uno else "" for k, v in rates.items()}
            per_game = {k: _median([s for _, s in v]) / games[key[1]]
                        for k, v in (("old", old), ("new", new))}
            name, spec, p = key
            print(f"  {name} {spec} {p}p: decisions/s old {_median(rates['old']):,.0f}"
                  f"{vs_uno['old']}  new {_median(rates['new']):,.0f}{vs_uno['new']}  new/old "
                  f"{paired_ratio(rates['old'], rates['new']):.3f} (paired), {pooled:.3f} "
                  f"(pooled); CPU s/game old {per_game['old']:.4f} new {per_game['new']:.4f}")
        print(f"  same decisions and scores on both trees: {same}")
        if args.mcts:
            for name in args.game:
                m: dict[str, list[float]] = {"old": [], "new": []}
                for rep in range(args.mcts_repeats):
                    for side in order(rep):
                        m[side].append(_mcts_rates(sides[side], name, args.mcts_positions))
                print("  " + compare_line(
                    f"{name} mcts:200 iterations/s, {args.mcts_positions} positions, median of "
                    f"{args.mcts_repeats}", m["old"], m["new"]))
    return 0 if same else 1


# -- clone: the cost of one clone on two trees ----------------------------------------------------
def clone_cost(tree: Tree, name: str, seed: int = 5) -> float:
    """The fastest of repeated timings of ``clone`` (CPU microseconds) on the positions of
    one seeded random game, every 10th step: short and deterministic, so the minimum is
    the cost with the least load in it."""
    with tree.active():
        game = tree.game(name)
        rng = random.Random(seed)
        st, states, step = game.new_state(params_for(game, figure_players(game)), log=False), [], 0
        while (who := game.to_move(st)) is not None:
            if step % 10 == 0:
                states.append(st.clone())
            chance = who == "chance" or not isinstance(who, int)
            game.apply(st, game.sample_chance(st, rng) if chance
                       else rng.choice(game.legal_actions(st)), check=False)
            step += 1
        number = 200
        best = min(timeit.repeat(lambda: [s.clone() for s in states], number=number,
                                 timer=CPU, repeat=7))
        return best / number / len(states) * 1e6


def clone(args: argparse.Namespace) -> int:
    with ExitStack() as stack:
        sides = trees(args, stack)
        print(f"{'game':<15}{'clone us old':>14}{'new':>9}{'new/old':>9}")
        for name in args.game:
            cost = {side: clone_cost(tree, name) for side, tree in sides.items()}
            print(f"{name:<15}{cost['old']:>14.2f}{cost['new']:>9.2f}"
                  f"{cost['new'] / cost['old']:>9.3f}")
    return 0


# -- mcts: an older mcts.py against the current one -----------------------------------------------
def _old_mcts(spec: str, stack: ExitStack) -> Any:
    """The module of an older ``mcts.py``: a file, or ``designkit/agents/mcts.py`` at a
    revision (it imports the rest of ``designkit`` from this tree)."""
    path = Path(spec)
    if not path.is_file():
        shown = subprocess.run(["git", "show", f"{spec}:designkit/agents/mcts.py"], cwd=ROOT,
                               capture_output=True)
        if shown.returncode != 0:
            raise SystemExit(f"{spec}: neither a file nor a git revision of {ROOT}")
        path = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="ab-"))) / "mcts.py"
        path.write_bytes(shown.stdout)
    loaded = importlib.util.spec_from_file_location("mcts_old", path)
    if loaded is None or loaded.loader is None:
        raise SystemExit(f"{path}: not a Python file")
    module = importlib.util.module_from_spec(loaded)
    loaded.loader.exec_module(module)
    return module


def mcts(args: argparse.Namespace) -> int:
    from designkit.agents.mcts import MCTSAgent
    from designkit.core.registry import get_game

    with ExitStack() as stack:
        old = _old_mcts(args.old, stack)
    variants: dict[str, Callable[[], Any]] = {
        "old mcts:200": lambda: old.MCTSAgent(200),
        "new mcts:200:cut=none": lambda: MCTSAgent(200, cut=None),
        "new mcts:200": lambda: MCTSAgent(200)}
    for name in args.game:
        game = get_game(name)
        states = midgame_states(game, figure_players(game), args.positions)
        rates: dict[str, list[float]] = {k: [] for k in variants}
        for _ in range(args.repeats):
            for label, make in variants.items():
                spent = search_seconds(make(), game, states, CPU)
                rates[label].append(200 * len(states) / sum(spent))
        med = {k: statistics.median(v) for k, v in rates.items()}
        print(f"{name:14}{figure_players(game)}p  " + "  ".join(
            f"{k} {v:,.0f} ({v / med['old mcts:200']:.2f}×)" for k, v in med.items()),
            flush=True)
    return 0


# -- lazy: a game's several= hooks off against on -------------------------------------------------
def lazy(args: argparse.Namespace) -> int:
    from designkit.agents import make_agents
    from designkit.core.flow import Decision
    from designkit.core.registry import get_game

    game = get_game(args.game)
    players = figure_players(game)
    params = params_for(game, players)
    flow = game.flow
    on = dict(flow.decisions)
    tables = {"old": {k: Decision(d.options, d.apply, None) for k, d in on.items()}, "new": on}
    agents = make_agents(args.agents, players)
    play_batch(game, params, agents, 1, 1, CPU)  # warm-up: tables, caches
    cpu: dict[str, list[float]] = {"old": [], "new": []}
    scores: dict[str, list[list[float]]] = {"old": [], "new": []}
    try:
        for rep in range(args.repeats):
            for side in order(rep):
                flow.decisions.clear()
                flow.decisions.update(tables[side])
                gc.collect()
                batch = play_batch(game, params, agents, args.games, 7_000_001 * (rep + 1),
                                   CPU, scores=True)
                cpu[side].append(batch.seconds / args.games)
                scores[side] += batch.scores
    finally:
        flow.decisions.clear()
        flow.decisions.update(on)
    same = scores["old"] == scores["new"]
    print(compare_line(f"{args.game} {args.agents} {players}p CPU s/game", cpu["old"],
                       cpu["new"], ".4f") + f"; same scores: {same}")
    return 0 if same else 1


# -- coverage: counting the events per rule ID off against on ------------------------------------
def coverage(args: argparse.Namespace) -> int:
    """The simulation's own batch function (``run_batch``, one process) on the same seeded
    games with ``coverage`` off and on; games/s of each, the ratio on/off (1.0: free), and
    the games' rows checked equal but for the counts."""
    from designkit.core.registry import get_game
    from designkit.core.seats import player_count
    from designkit.sim.runner import run_batch

    print(f"{'game':<16}{'agents':<9}{'games/s off':>12}{'games/s on':>12}{'on/off':>8}")
    rows, same = [], True
    for name in args.game:
        draft = get_game(name).params_type()
        params, specs = draft.to_dict(), [args.agents] * player_count(draft)
        run_batch(name, params, specs, args.seed, range(1), True)  # warm the caches
        rates: dict[str, list[float]] = {"old": [], "new": []}
        for rep in range(args.repeats):
            seen = {}
            for side in order(rep):
                gc.collect()
                start = CPU()
                played = run_batch(name, params, specs, args.seed + rep, range(args.games),
                                   side == "new")
                rates[side].append(args.games / (CPU() - start))
                seen[side] = [({k: v for k, v in row.items() if k != "_rules"}, seats)
                              for row, seats in played]
            same &= seen["old"] == seen["new"]
        row = {"game": name, "agents": args.agents, "games": args.games,
               "repeats": args.repeats, "games_per_s_off": _median(rates["old"]),
               "games_per_s_on": _median(rates["new"]),
               "ratio": paired_ratio(rates["old"], rates["new"])}
        rows.append(row)
        print(f"{name:<16}{args.agents:<9}{row['games_per_s_off']:>12.1f}"
              f"{row['games_per_s_on']:>12.1f}{row['ratio']:>8.2f}", flush=True)
    print(f"({args.repeats} repeats of {args.games} games, CPU time; the same games with "
          f"and without the counts: {same})")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2), encoding="utf-8")
    return 0 if same else 1


# -- command line ---------------------------------------------------------------------------------
def _counts(text: str) -> list[int]:
    return [int(x) for x in text.split(",")]


def build_parser() -> argparse.ArgumentParser:
    from designkit.core.registry import list_games

    every = [g.name for g in list_games()]
    _forget()  # the trees import their own
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)

    def two_trees(name: str, run: Callable[[argparse.Namespace], int], help_: str
                  ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_)
        p.add_argument("old", help="the old tree: a directory or a git revision")
        p.add_argument("new", nargs="?", default=str(ROOT),
                       help="the new tree (default this one)")
        p.add_argument("--game", action="append", help="only this game (repeatable)")
        p.set_defaults(run=run, every=every)
        return p

    e = two_trees("engine", engine, "seeded games on two trees")
    e.add_argument("--agents", action="append",
                   help="a make_agents spec (repeatable; default random)")
    e.add_argument("--games", type=int, action="append",
                   help="games per run, one for every --agents or one for all (default 30)")
    e.add_argument("--repeats", type=int, default=21, help="repeats (default 21)")
    e.add_argument("--players", type=_counts,
                   help="player counts, comma-separated (default every count of the game; "
                        "a game without any of them plays its figure's count, 4 or its only)")
    e.add_argument("--uno", action="store_true", help="RLCard's Uno in every repeat")
    e.add_argument("--mcts", action="store_true", help="also mcts:200 iterations/s")
    e.add_argument("--mcts-repeats", type=int, default=5)
    e.add_argument("--mcts-positions", type=int, default=8)
    two_trees("clone", clone, "the cost of one clone on two trees")

    m = sub.add_parser("mcts", help="an older mcts.py against the current one")
    m.add_argument("old", help="a copy of the older designkit/agents/mcts.py, or a revision")
    m.add_argument("--repeats", type=int, default=3)
    m.add_argument("--positions", type=int, default=3)
    m.add_argument("--game", action="append", help="only this game (repeatable)")
    m.set_defaults(run=mcts, every=every)

    cv = sub.add_parser("coverage", help="counting rule coverage off against on")
    cv.add_argument("--agents", default="random", help="agent for every seat (random)")
    cv.add_argument("--games", type=int, default=100, help="games per repeat (100)")
    cv.add_argument("--repeats", type=int, default=6, help="repeats (6)")
    cv.add_argument("--seed", type=int, default=0)
    cv.add_argument("--game", action="append", help="only this game (repeatable)")
    cv.add_argument("--json", type=Path, help="also write the figures as JSON")
    cv.set_defaults(run=coverage, every=every)

    lz = sub.add_parser("lazy", help="a game's several= hooks off against on")
    lz.add_argument("game")
    lz.add_argument("--games", type=int, default=3, help="games per repeat (default 3)")
    lz.add_argument("--repeats", type=int, default=3)
    lz.add_argument("--agents", default="greedy", help="a make_agents spec (default greedy)")
    lz.set_defaults(run=lazy, every=every)
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command != "lazy":
        args.game = args.game or args.every
    if args.command == "engine":
        args.agents = args.agents or ["random"]
        args.games = args.games or [30]
        if len(args.games) not in (1, len(args.agents)):
            raise SystemExit("--games: one value, or one for every --agents")
    return int(args.run(args))


if __name__ == "__main__":
    raise SystemExit(main())
