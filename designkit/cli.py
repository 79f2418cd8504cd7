"""The ``designkit`` command: games, play, replay, simulate, dashboard, sweep, tune,
report, playthroughs.

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
        tb = game.tie_break_event(state)
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


# -- analytics: sweep, tune, report, playthroughs ----------------------------------------------
def _labels(game: Game, params: Params) -> dict[int, str]:
    players = int(getattr(params, "players", game.min_players))
    return {s: game.seats_label(s) for s in range(players)}


def cmd_sweep(args: argparse.Namespace) -> int:
    from designkit.analysis.sweep import parse_values, sweep, sweep_text

    game = get_game(args.game)
    params = _params(game, args)
    values = parse_values(args.values)
    values2 = parse_values(args.values2) if args.values2 else None
    if bool(args.param2) != bool(values2):
        raise DesignkitError("--param2 and --values2 go together")
    points = len(values) * (len(values2) if values2 else 1)
    print(f"{game.title}: sweeping {args.param}"
          + (f" × {args.param2}" if args.param2 else "")
          + f", {points} points × {args.games} games (seed {args.seed}, same seeds at every "
          f"point)")
    table = sweep(game, args.param, values, args.param2, values2, n_games=args.games,
                  params=params, agents=args.agents, seed=args.seed, backend=args.backend,
                  workers=args.workers, scheduler=args.scheduler, trace=args.trace,
                  progress=None if not args.quiet else False)
    print()
    print(sweep_text(table, _labels(game, params)))
    if args.out:
        out = Path(args.out)
        if out.suffix in (".html", ".htm"):
            from designkit.analysis.report import sweep_page, write_report

            title = f"{game.title}: sweep of {args.param}" + (
                f" × {args.param2}" if args.param2 else "")
            write_report(sweep_page(table, title, _labels(game, params)), out)
        elif out.suffix == ".parquet":
            table.to_parquet(out, index=False)
        else:
            table.to_csv(out, index=False, lineterminator="\n")
        print(f"\nwrote {out}")
    return 0


def _weights(text: str | None) -> dict[str, float]:
    out = {}
    for item in (text or "").split(","):
        if item.strip():
            key, eq, value = item.partition("=")
            try:
                out[key.strip()] = float(value) if eq else 1.0
            except ValueError:
                raise DesignkitError(f"--weights {item}: write NAME=NUMBER") from None
    return out


def cmd_tune(args: argparse.Namespace) -> int:
    from designkit.analysis.tune import Target, parse_space, tune

    game = get_game(args.game)
    params = _params(game, args)
    target = Target(args.target, length=args.length, margin=args.margin,
                    weights=_weights(args.weights))
    space = parse_space(args.params) if args.params else None
    save: bool | Path = False if args.no_save else (args.out or True)
    print(f"{game.title}: tuning toward {target.describe()}, {args.trials} trials × "
          f"{args.games_per_trial} games …")
    result = tune(game, target, space=space, n_trials=args.trials,
                  n_games=args.games_per_trial, params=params, agents=args.agents,
                  seed=args.seed, recheck_games=args.recheck_games, backend=args.backend,
                  workers=args.workers, scheduler=args.scheduler, n_jobs=args.n_jobs,
                  save=save, name=args.name, progress=not args.quiet)
    print(result.summary_text())
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from designkit.analysis.report import make_report, write_report
    from designkit.analysis.sweep import parse_values

    game = get_game(args.game)
    params = _params(game, args)
    levels = [int(v) for v in parse_values(args.skill_levels)] if args.skill_levels else None
    html_text, results = make_report(game, args.games, params=params, agents=args.agents,
                                     seed=args.seed, workers=args.workers,
                                     backend=args.backend, scheduler=args.scheduler,
                                     trace=not args.no_trace, skill_levels=levels,
                                     skill_games=args.skill_games,
                                     progress=None if not args.quiet else False)
    path = write_report(html_text, args.out)
    print(results.summary_text())
    print(f"\nwrote {path} ({len(html_text) // 1024} KB, opens offline)")
    return 130 if results.interrupted else 0


def cmd_playthroughs(args: argparse.Namespace) -> int:
    from designkit.analysis.playthrough import (
        all_playthroughs,
        playthrough_diff,
        playthrough_path,
        playthrough_text,
        write_playthroughs,
    )

    games = [args.game] if args.game else None
    if args.check:
        bad = 0
        for name, players in all_playthroughs(games):
            path = playthrough_path(name, players)
            now = playthrough_text(name, players)
            old = path.read_text(encoding="utf-8") if path.exists() else ""
            if old != now:
                bad += 1
                print(playthrough_diff(old, now, path.name))
        print(f"{bad} playthrough(s) differ" if bad else "all playthroughs match")
        return 1 if bad else 0
    for path, changed in write_playthroughs(games):
        print(f"{'updated' if changed else 'unchanged'}  {path}")
    return 0


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

    def run_opts(p: argparse.ArgumentParser) -> None:
        p.add_argument("--workers", type=int, default=1)
        p.add_argument("--backend", choices=("auto", "serial", "process", "dask"),
                       default="auto")
        p.add_argument("--scheduler", help="Dask scheduler address (backend dask)")
        p.add_argument("--quiet", action="store_true", help="no progress bar")

    swp = sub.add_parser("sweep", help="sweep one or two parameters, same seeds at every point")
    common(swp)
    swp.add_argument("--param", required=True, help="parameter to sweep, e.g. end_hand_sum")
    swp.add_argument("--values", required=True,
                     help="24,25,26 or 24,25,...,30 or 24:30 or 0.2:0.6:0.1")
    swp.add_argument("--param2", help="a second parameter: the full grid is simulated")
    swp.add_argument("--values2", help="values of --param2")
    swp.add_argument("--games", type=int, default=1000, help="games per point")
    swp.add_argument("--trace", action="store_true",
                     help="also measure drama, lead changes and decisiveness (slower)")
    swp.add_argument("--out", type=Path, help="sweep.html (plots), .csv or .parquet (table)")
    run_opts(swp)
    swp.set_defaults(func=cmd_sweep)

    tun = sub.add_parser("tune", help="search parameters toward a target (Optuna), "
                                      "save the variant and re-check it on fresh seeds")
    common(tun)
    tun.add_argument("--target", choices=("equal-seats", "length", "margin", "mix"),
                     default="equal-seats")
    tun.add_argument("--length", type=float, help="target game length in turns")
    tun.add_argument("--margin", type=float, help="target winner's margin")
    tun.add_argument("--weights", help="for --target mix: equal-seats=1,length=0.5,margin=0.5")
    tun.add_argument("--trials", type=int, default=30)
    tun.add_argument("--params", help="parameters to tune: a,b (metadata range), "
                                      "a=LO:HI, a=X|Y|Z (default: every ranged number)")
    tun.add_argument("--games-per-trial", type=int, default=1000)
    tun.add_argument("--recheck-games", type=int, help="games per variant in the re-check "
                                                       "(default max(2000, 2 × per trial))")
    tun.add_argument("--n-jobs", type=int, default=1, help="trials run concurrently")
    tun.add_argument("--name", help="variant file name (data/<game>/variants/<name>.yaml)")
    tun.add_argument("--out", type=Path, help="write the variant here instead")
    tun.add_argument("--no-save", action="store_true", help="do not write a variant file")
    run_opts(tun)
    tun.set_defaults(func=cmd_tune)

    rpt = sub.add_parser("report", help="self-contained HTML report of every metric")
    common(rpt)
    rpt.add_argument("--games", type=int, default=2000)
    rpt.add_argument("--out", type=Path, default=Path("report.html"))
    rpt.add_argument("--no-trace", action="store_true",
                     help="skip the per-turn trace (no drama section; faster)")
    rpt.add_argument("--skill-levels", help="add a skill trace, e.g. 16,32,64 (slow)")
    rpt.add_argument("--skill-games", type=int, default=100, help="games per skill level")
    run_opts(rpt)
    rpt.set_defaults(func=cmd_report)

    pt = sub.add_parser("playthroughs", help="regenerate the golden playthrough files")
    pt.add_argument("--game", help="only this game")
    pt.add_argument("--check", action="store_true",
                    help="compare with the files instead of writing (exit 1 on differences)")
    pt.set_defaults(func=cmd_playthroughs)
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
    except BrokenPipeError:  # `designkit play ... | head`: the reader has had enough
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
