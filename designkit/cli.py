"""The ``designkit`` command: games, play, replay, simulate, dashboard.

Errors a designer can cause (a bad parameter, file or agent name) print one
line and exit with status 2; tracebacks are for bugs only.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from designkit.core.errors import DesignkitError
from designkit.core.game import Game
from designkit.core.params import Params
from designkit.core.registry import get_game, list_games


def _params(game: Game, args: argparse.Namespace) -> Params:
    params = (game.params_type.load(args.variant) if getattr(args, "variant", None)
              else game.params_type())
    sets = {}
    for item in getattr(args, "set", None) or []:
        key, eq, value = item.partition("=")
        if not eq:
            raise DesignkitError(f"--set {item}: write FIELD=VALUE, e.g. end_hand_sum=28")
        sets[key.strip()] = value.strip()
    if getattr(args, "players", None) is not None:
        sets["players"] = str(args.players)
    return params.with_strings(sets) if sets else params


def cmd_games(args: argparse.Namespace) -> int:
    for game in list_games():
        print(f"{game.name:<16}{game.title} / {game.title_ja}  "
              f"({game.min_players}–{game.max_players} players)")
    return 0


def _print_events(events: Sequence, lang: str, start: int = 0) -> None:
    for event in events[start:]:
        print(event.render(lang))


def _print_result(game: Game, state: object, lang: str) -> None:
    scores = game.scores(state)
    ranking = game.ranking(state)
    names = [game.seats_label(s) for s in range(len(scores))]
    print()
    print("final scores: " + ", ".join(f"{names[s]} {scores[s]:g}" for s in range(len(scores))))
    print("ranking: " + " > ".join(names[s] for s in ranking))
    winners = game.winners(state)
    tie = [s for s in ranking if scores[s] == scores[ranking[0]]]
    if len(winners) > 1:
        print("winners (shared): " + ", ".join(names[s] for s in winners))
    else:
        print(f"winner: {names[winners[0]]}")
    if len(tie) > 1:
        tb = next((e for e in reversed(state.log or []) if e.rule in ("CR-10.2", "CR-A15")
                   or "tie" in e.text.lower()), None)
        print("tie-break: " + (tb.render(lang) if tb else "by the game's tie-break rule"))
    else:
        print("tie-break: not needed")


def cmd_play(args: argparse.Namespace) -> int:
    from designkit.agents import make_agents
    from designkit.core.play import play_game
    from designkit.core.records import make_record, save_record

    game = get_game(args.game)
    params = _params(game, args)
    players = getattr(params, "players", game.min_players)
    agents = make_agents(args.agents or "random", players)
    played = play_game(game, params, agents, args.seed, log=True, keep_steps=True)
    print(f"{game.title} ({game.title_ja}), {players} players, seed {args.seed}, agents "
          + ", ".join(a.name for a in agents))
    changes = params.diff()
    if changes:
        print("variant: " + ", ".join(f"{k}={v[1]}" for k, v in changes.items()))
    print()
    _print_events(played.state.log, args.lang)
    _print_result(game, played.state, args.lang)
    if args.record:
        record = make_record(game, params, args.seed, [a.name for a in agents], played.steps,
                             played.state)
        path = save_record(record, args.record)
        print(f"record saved to {path} ({len(played.steps)} steps)")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from designkit.core.records import load_record, verify

    record = load_record(args.file)
    game, state = verify(record)
    print(f"replaying {args.file}: {game.title}, seed {record.get('seed')}, "
          f"{len(record['steps'])} steps")
    print()
    _print_events(state.log, args.lang)
    _print_result(game, state, args.lang)
    print()
    print(f"replay OK: reproduces the recorded final state, scores {record['scores']} and "
          f"ranking exactly")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from designkit.sim import simulate

    game = get_game(args.game)
    params = _params(game, args)
    results = simulate(game, args.games, params=params, agents=args.agents, seed=args.seed,
                       workers=args.workers, backend=args.backend, scheduler=args.scheduler,
                       progress=None if not args.quiet else False)
    changes = params.diff()
    if changes:
        print("variant: " + ", ".join(f"{k}={v[1]}" for k, v in changes.items()))
    print(results.summary_text())
    if args.out:
        path = results.to_file(args.out)
        print(f"\nwrote {len(results.seats)} rows to {path}")
    return 130 if results.interrupted else 0


def cmd_dashboard(args: argparse.Namespace) -> int:
    try:
        from designkit_widgets.serve import serve_dashboard
    except ImportError as err:
        raise DesignkitError("the dashboard needs the jupyter extra: pip install -e '.[jupyter]'"
                             f" ({err})") from None
    return serve_dashboard(args.game, port=args.port, open_browser=False)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="designkit", description="Play, replay and simulate "
                                     "tabletop game drafts.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list games with player ranges").set_defaults(func=cmd_games)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("game")
        p.add_argument("--players", type=int)
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--agents", help="one name for all seats or one per seat, comma "
                                        "separated: random, greedy, mcts:200")
        p.add_argument("--set", action="append", metavar="FIELD=VALUE",
                       help="change a parameter (repeatable)")
        p.add_argument("--variant", type=Path, help="a variant YAML file")

    play = sub.add_parser("play", help="play one game and print the walkthrough")
    common(play)
    play.add_argument("--lang", choices=("en", "ja"), default="en")
    play.add_argument("--record", type=Path, help="save the game record as JSON")
    play.set_defaults(func=cmd_play)

    rep = sub.add_parser("replay", help="replay a record and check it")
    rep.add_argument("file", type=Path)
    rep.add_argument("--lang", choices=("en", "ja"), default="en")
    rep.set_defaults(func=cmd_replay)

    sim = sub.add_parser("simulate", help="simulate many games and summarise")
    common(sim)
    sim.add_argument("--games", type=int, required=True)
    sim.add_argument("--workers", type=int, default=1)
    sim.add_argument("--backend", choices=("auto", "serial", "process", "dask"),
                     default="auto")
    sim.add_argument("--scheduler", help="Dask scheduler address (backend dask)")
    sim.add_argument("--out", type=Path, help="tidy output, .csv or .parquet")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(func=cmd_simulate)

    dash = sub.add_parser("dashboard", help="serve the Voila design lab on 127.0.0.1")
    dash.add_argument("game", nargs="?")
    dash.add_argument("--port", type=int, default=8866)
    dash.set_defaults(func=cmd_dashboard)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except DesignkitError as err:
        print(f"designkit: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
