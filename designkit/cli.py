"""The ``designkit`` command: games, play, replay, simulate, dashboard, sweep, tune,
report, cards, playthroughs.

Errors a designer can cause (a bad parameter, file, record or agent name, an
output path that cannot be written) print one line and exit with status 2, before
any game is played where they can be known up front. A bug prints one line too
(exit 1); ``DESIGNKIT_DEBUG=1`` shows its traceback. SIGTERM is handled like
Ctrl-C: finished games are written, workers and servers stopped.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING

from designkit.core.errors import DesignkitError
from designkit.core.events import TABLE, log_for
from designkit.core.game import Game
from designkit.core.limits import check_games, check_seed
from designkit.core.outputs import check_output
from designkit.core.params import Params
from designkit.core.registry import get_game, list_games

if TYPE_CHECKING:
    import pandas as pd

    from designkit.sim.results import Results

TABLE_SUFFIXES = (".csv", ".parquet")


def _params(game: Game, args: argparse.Namespace) -> Params:
    from designkit.core.variants import load_variant

    sets: dict[str, str] = {}
    for item in getattr(args, "set", None) or []:
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not key:
            raise DesignkitError(f"--set {item}: write FIELD=VALUE, e.g. end_hand_sum=28")
        if key in sets and sets[key] != value.strip():
            raise DesignkitError(f"--set {key} is given twice ({sets[key]} and "
                                 f"{value.strip()}): keep one")
        sets[key] = value.strip()
    players = getattr(args, "players", None)
    if players is not None:
        if "players" in sets and str(sets["players"]) != str(players):
            raise DesignkitError(f"--players {players} and --set players={sets['players']} "
                                 f"disagree: keep one")
        sets["players"] = str(players)
    if not getattr(args, "variant", None):  # the defaults and the changes, checked together
        return game.params_type.from_strings(sets)
    params = load_variant(game.params_type, args.variant).params
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
    from designkit.walkthrough import result_lines

    print()
    for line in result_lines(game, state, lang):
        print(line)


def cmd_variants(args: argparse.Namespace) -> int:
    from designkit.core.variants import variants_text

    print(variants_text(get_game(args.game).params_type, args.lang))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from designkit.agents import make_agents
    from designkit.core.play import play_game
    from designkit.core.records import make_record, save_record

    source = _play_source(args)
    if source is not None:
        game, params, specs, seed = source
    else:
        game = get_game(args.game)
        params = _params(game, args)
        specs, seed = args.agents or "random", args.seed if args.seed is not None else 0
    players = getattr(params, "players", game.min_players)
    agents = make_agents(specs, players)
    viewer = _viewer(game, args.view, players)
    if args.record:
        check_output(args.record, (".json",), option="--record")
    played = play_game(game, params, agents, seed, log=True, keep_steps=True)
    from designkit.walkthrough import changes_line, replaying_line, title_line, view_note

    if source is not None:
        print(replaying_line(args.game_id, str(args.from_file), args.lang))
    print(title_line(game, players, seed, [a.name for a in agents], args.lang))
    changes = changes_line(params, args.lang)
    if changes:
        print(changes)
    print(view_note(args.view, args.lang))
    print()
    _print_events(log_for(played.state.log, viewer), args.lang)
    _print_result(game, played.state, args.lang)
    if args.record:
        record = make_record(game, params, seed, [a.name for a in agents], played.steps,
                             played.state)
        path = save_record(record, args.record)
        print(f"record saved to {path} ({len(played.steps)} steps)")
    if source is not None:
        return _check_replayed_scores(args, game, played.state)
    return 0



def _viewer(game: Game, view: str, players: int) -> int | None:
    """``--view``: ``table`` (public texts), ``designer`` (everything) or a seat label."""
    if view == "table":
        return TABLE
    if view == "designer":
        return None
    labels = [game.seats_label(s) for s in range(players)]
    if view not in labels:
        raise DesignkitError(f"--view {view}: choose table, designer or a seat "
                             f"({', '.join(labels)})")
    return labels.index(view)


#: options ``play --from`` takes from the results file instead
_FROM_FILE = (("seed", "--seed"), ("agents", "--agents"), ("set", "--set"),
              ("variant", "--variant"), ("players", "--players"))


def _play_source(args: argparse.Namespace) -> tuple[Game, Params, list[str], int] | None:
    """``play --from FILE --game-id N``: that game's game, params, agents and seed."""
    if args.from_file is None:
        if args.game_id is not None:
            raise DesignkitError("--game-id needs --from RESULTS_FILE (the file it numbers)")
        if args.game is None:
            raise DesignkitError("give a game (`designkit games` lists them) or --from "
                                 "RESULTS_FILE --game-id N")
        return None
    if args.game_id is None:
        raise DesignkitError(f"--from {args.from_file}: add --game-id N (which of its games to "
                             "replay)")
    given = [flag for attr, flag in _FROM_FILE if getattr(args, attr, None) is not None]
    if given:
        raise DesignkitError(f"--from {args.from_file} gives the game's seed, agents and "
                             f"parameters: drop {given[0]}")
    from designkit.sim.results_file import game_from_results

    game, params, agents, seed = game_from_results(args.from_file, args.game_id)
    if args.game is not None and get_game(args.game).name != game.name:
        raise DesignkitError(f"--from {args.from_file}: game {args.game_id} is a {game.name} "
                             f"game, not {args.game} (drop the game name)")
    return game, params, agents, seed


def _check_replayed_scores(args: argparse.Namespace, game: Game, state: object) -> int:
    """The replay must end with the scores the file holds; say so either way."""
    from designkit.sim.results_file import read_table

    table = read_table(args.from_file)
    rows = table[table["game_id"] == args.game_id].sort_values("seat")
    want = [float(v) for v in rows["score"]] if "score" in rows.columns else []
    got = [float(v) for v in game.scores(state)]
    if not want:
        print("(the file has no score column to compare with)")
        return 0
    if want == got:
        print(f"replay matches {args.from_file}: same final scores as its game "
              f"{args.game_id}")
        return 0
    def shown(scores: list[float]) -> str:
        return ", ".join(f"{game.seats_label(s)} {v:g}" for s, v in enumerate(scores))

    print(f"designkit: error: the replay's final scores ({shown(got)}) differ from the file's "
          f"({shown(want)}): the engine changed since the file was written; simulate again",
          file=sys.stderr)
    return 1


def cmd_replay(args: argparse.Namespace) -> int:
    from designkit.core.records import load_record, verify

    record = load_record(args.file)
    try:
        game, state = verify(record)
    except DesignkitError as err:
        raise DesignkitError(f"{args.file}: {err}") from None
    viewer = _viewer(game, args.view, len(game.scores(state)))
    print(f"replaying {args.file}: {game.title}, seed {record.get('seed')}, "
          f"{len(record['steps'])} steps")
    from designkit.walkthrough import view_note

    print(view_note(args.view, args.lang))
    print()
    _print_events(log_for(state.log, viewer), args.lang)
    _print_result(game, state, args.lang)
    print()
    hashed = ("; steps, params and card tables match their hashes"
              if record.get("hashes") else " (format 1: no hashes to check)")
    print(f"replay OK: reproduces the recorded final state, scores {record['scores']} and "
          f"ranking exactly{hashed}")
    return 0


def _write_coverage(results: Results, out: Path) -> Path:
    """``--coverage --out x.csv``: the per-rule table beside it, as ``x.coverage.csv``."""
    from designkit.analysis.coverage import rule_coverage
    from designkit.sim.results import write_table

    return write_table(rule_coverage(results), out.with_name(f"{out.stem}.coverage.csv"))


@contextmanager
def _claimed(path: Path | None) -> Iterator[None]:
    """Hold the output path for the whole run (a lock file beside it): a second run
    writing the same file refuses at its start, not after its games."""
    if path is None:
        yield
        return
    from designkit.core.atomic import claim_output

    with claim_output(path):
        yield


def _interrupt_code(signals: list[int]) -> int:
    return 128 + signal.SIGTERM if signal.SIGTERM in signals else 130


def cmd_simulate(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    params = _params(game, args)
    check_games(args.games)
    if args.out:
        check_output(args.out, TABLE_SUFFIXES)
    backend = _backend(args)
    # The runner (and pandas, ~1 s to import) loads only now: a mistyped option is refused
    # at once.
    from designkit.core.atomic import deferred_interrupts
    from designkit.sim import simulate

    with _claimed(args.out):
        results = simulate(game, args.games, params=params, agents=args.agents,
                           seed=args.seed, workers=args.workers, backend=backend,
                           scheduler=args.scheduler, coverage=args.coverage,
                           progress=None if not args.quiet else False)
        with deferred_interrupts() as held:  # a kill now still leaves a complete file
            code = _simulate_outputs(args, params, results)
    if held and not results.interrupted:
        where = f"; {args.out} holds all {results.n_games} games" if args.out else ""
        print(f"designkit: interrupted after the last game{where}", file=sys.stderr)
        return _interrupt_code(held)
    return code


def _simulate_outputs(args: argparse.Namespace, params: Params, results: Results) -> int:
    """Print the summary, write ``--out`` and say on stderr what an interrupted run kept."""
    changes = params.diff()
    if changes:
        print("variant: " + ", ".join(f"{k}={v[1]}" for k, v in changes.items()))
    if results.n_games:
        print(results.summary_text())
    if args.coverage and results.n_games:
        from designkit.analysis.coverage import coverage_text

        print("\n" + coverage_text(results))
    if args.out and results.n_games:
        path = results.to_file(args.out)
        print(f"\nwrote {len(results.seats)} rows ({results.n_games} games) to {path}")
        if args.coverage:
            print(f"wrote the rule coverage table to {_write_coverage(results, path)}")
    if results.interrupted:
        why = results.meta.get("stopped") or "interrupted"
        kept = (f"; {args.out} holds those {results.n_games} games" if args.out
                and results.n_games else "; nothing written" if args.out else "")
        print(f"designkit: stopped after {results.n_games} of {results.requested} games: "
              f"{why}{kept}", file=sys.stderr)
        return 130 if why == "interrupted" else 2
    return 0


def _backend(args: argparse.Namespace) -> str:
    """``--scheduler`` means Dask; with another explicit backend it is a mistake."""
    wait = getattr(args, "worker_wait", None)
    if wait is not None:  # read by the Dask backend when it connects
        if args.scheduler is None:
            raise DesignkitError("--worker-wait is for --scheduler (a cluster's workers)")
        os.environ["DESIGNKIT_DASK_WORKER_WAIT"] = str(wait)
    if args.scheduler is None:
        return args.backend
    if args.backend in ("auto", "dask"):
        from designkit.sim.dask_backend import check_address

        args.scheduler = check_address(args.scheduler)
        return "dask"
    raise DesignkitError(f"--scheduler needs the dask backend: drop --backend {args.backend} "
                         f"or write --backend dask")


_DASHBOARD_CHILD = """
import os, signal, sys
from designkit.core.errors import DesignkitError
from designkit.core.lifetime import exit_with_parent
from designkit_widgets.serve import serve_dashboard
# designkit dashboard killed outright: stop Voila and its kernels as SIGTERM does
exit_with_parent(lambda: os.kill(os.getpid(), signal.SIGTERM), parent=int(sys.argv[3]))
try:
    sys.exit(serve_dashboard(sys.argv[1] or None, port=int(sys.argv[2]), open_browser=False))
except DesignkitError as err:
    print(f"designkit: error: {err}", file=sys.stderr)
    sys.exit(2)
except KeyboardInterrupt:
    sys.exit(0)
"""


def cmd_dashboard(args: argparse.Namespace) -> int:
    """Serve the lab from a child process: designkit never imports designkit_widgets
    (the layering), and the child's whole process tree is stopped on Ctrl-C or SIGTERM."""
    import importlib.util

    missing = [m for m in ("designkit_widgets", "voila") if importlib.util.find_spec(m) is None]
    if missing:
        raise DesignkitError(f"the dashboard needs the jupyter extra ({', '.join(missing)} "
                             f"missing): pip install -e '.[jupyter]'")
    proc = subprocess.Popen([sys.executable, "-c", _DASHBOARD_CHILD, args.game or "",
                             str(args.port), str(os.getpid())], start_new_session=True)
    try:
        return proc.wait()
    except KeyboardInterrupt:  # the child says "Stopping the design lab ..."
        stop_process_tree(proc)
        return 0
    finally:
        stop_process_tree(proc)


def stop_process_tree(proc: subprocess.Popen, timeout: float = 15.0) -> None:
    """Stop ``proc`` (a ``Popen`` leading its own session) and everything it started.

    The child is asked first (SIGINT: serve.py stops Voila, Voila its kernels); what is
    still alive after ``timeout`` gets SIGTERM, then SIGKILL. Kernels run in sessions of
    their own, so they are found by walking the process tree (psutil, which the jupyter
    extra installs) before the child is asked to stop, and stopped if they outlive it.
    """
    try:
        import psutil
    except ImportError:  # pragma: no cover - psutil comes with the jupyter extra
        psutil = None
    gone: tuple[type[BaseException], ...] = (ProcessLookupError, PermissionError)
    if psutil is not None:
        gone += (psutil.Error,)
    tree = []
    if psutil is not None and proc.poll() is None:
        with suppress(*gone):
            tree = psutil.Process(proc.pid).children(recursive=True)
    if proc.poll() is None:
        with suppress(*gone):
            os.kill(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            for sig in (signal.SIGTERM, signal.SIGKILL):
                with suppress(*gone):
                    os.killpg(proc.pid, sig)
                try:
                    proc.wait(5)
                    break
                except subprocess.TimeoutExpired:
                    continue
    if psutil is not None and tree:
        for p in tree:
            with suppress(*gone):
                p.terminate()
        _, alive = psutil.wait_procs(tree, timeout=5)
        for p in alive:
            with suppress(*gone):
                p.kill()


# -- analytics: sweep, tune, report, playthroughs ----------------------------------------------
def _labels(game: Game, params: Params) -> dict[int, str]:
    players = int(getattr(params, "players", game.min_players))
    return {s: game.seats_label(s) for s in range(players)}


def cmd_sweep(args: argparse.Namespace) -> int:
    from designkit.analysis.sweep import parse_values, sweep

    game = get_game(args.game)
    params = _params(game, args)
    values = parse_values(args.values)
    values2 = parse_values(args.values2) if args.values2 else None
    if bool(args.param2) != bool(values2):
        raise DesignkitError("--param2 and --values2 go together")
    points = len(values) * (len(values2) if values2 else 1)
    check_games(args.games, points)
    if args.out:
        check_output(args.out, (".html", ".htm", *TABLE_SUFFIXES))
    print(f"{game.title}: sweeping {args.param}"
          + (f" × {args.param2}" if args.param2 else "")
          + f", {points} points × {args.games} games (seed {args.seed}, same seeds at every "
          f"point)")
    from designkit.core.atomic import deferred_interrupts

    backend = _backend(args)
    with _claimed(args.out):
        table = sweep(game, args.param, values, args.param2, values2, n_games=args.games,
                      params=params, agents=args.agents, seed=args.seed, backend=backend,
                      workers=args.workers, scheduler=args.scheduler, trace=args.trace,
                      progress=None if not args.quiet else False, keep_partial=True)
        with deferred_interrupts() as held:  # a kill now still leaves a complete file
            code = _sweep_outputs(args, game, params, table)
    if held and code == 0:
        where = f"; {args.out} holds every point" if args.out else ""
        print(f"designkit: interrupted after the last point{where}", file=sys.stderr)
        return _interrupt_code(held)
    return code


def _sweep_outputs(args: argparse.Namespace, game: Game, params: Params,
                   table: pd.DataFrame) -> int:
    """Print and write the finished points; on stderr, what an interrupted sweep kept."""
    from designkit.analysis.sweep import sweep_text

    stopped = table.attrs.get("stopped")
    if len(table):
        print()
        print(sweep_text(table, _labels(game, params)))
    if args.out and len(table):
        out = Path(args.out)
        if out.suffix.lower() in (".html", ".htm"):
            from designkit.analysis.report import sweep_page, write_report

            title = f"{game.title}: sweep of {args.param}" + (
                f" × {args.param2}" if args.param2 else "")
            write_report(sweep_page(table, title, _labels(game, params)), out)
        else:
            from designkit.sim.results import write_table

            write_table(table, out)
        print(f"\nwrote {out}")
    if stopped:
        kept = (f"; {args.out} holds those {stopped['points']} points" if args.out
                and len(table) else "; nothing written" if args.out else "")
        print(f"designkit: sweep stopped after {stopped['points']} of {stopped['of']} "
              f"points: {stopped['why']}{kept}", file=sys.stderr)
        return 130 if stopped["why"] == "interrupted" else 2
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    from designkit.analysis.variant_compare import compare_variants, look_text, plan_comparison

    plan = plan_comparison(args.game, args.variant, args.metric or ["seat_balance"],
                           args.agents or "greedy", args.precision, args.max_games,
                           args.first_games, args.seed, players=args.players)
    backend = _backend(args)
    print(plan.summary(args.precision), flush=True)
    out = compare_variants(plan.game, plan.variants, precision=args.precision, plan=plan,
                           backend=backend, workers=args.workers, scheduler=args.scheduler,
                           on_look=lambda c: print(look_text(c), flush=True))
    print()
    print(out.text())
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
    from designkit.analysis.tune import Target, build_space, parse_keep, parse_space, tune

    game = get_game(args.game)
    params = _params(game, args)
    target = Target(args.target, length=args.length, margin=args.margin,
                    weights=_weights(args.weights))
    space = build_space(type(params), parse_space(args.param) if args.param else None)
    keeps = [parse_keep(k) for k in args.keep or ()]
    check_games(args.games_per_trial, name="games-per-trial")
    if args.recheck_games is not None:
        check_games(args.recheck_games, name="recheck-games")
    if args.out and not args.no_save:
        check_output(args.out, (".yaml", ".yml"), make_folder=True)
    save: bool | Path = False if args.no_save else (args.out or True)
    print(f"{game.title}: tuning {', '.join(space)} toward {target.describe()}, "
          f"{args.trials} trials × {args.games_per_trial} games …")
    result = tune(game, target, space=space, n_trials=args.trials,
                  n_games=args.games_per_trial, params=params, agents=args.agents,
                  seed=args.seed, recheck_games=args.recheck_games, backend=_backend(args),
                  workers=args.workers, scheduler=args.scheduler, n_jobs=args.n_jobs,
                  save=save, name=args.name, progress=not args.quiet, keep=keeps,
                  save_anyway=args.save_anyway)
    print(result.summary_text())
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from designkit.analysis.report import make_report, write_report
    from designkit.analysis.sweep import parse_values

    game = get_game(args.game)
    params = _params(game, args)
    levels = _skill_levels(parse_values(args.skill_levels)) if args.skill_levels else None
    check_games(args.games)
    check_output(args.out, (".html", ".htm"), make_folder=True)
    html_text, results = make_report(game, args.games, params=params, agents=args.agents,
                                     seed=args.seed, workers=args.workers,
                                     backend=_backend(args), scheduler=args.scheduler,
                                     trace=not args.no_trace, skill_levels=levels,
                                     skill_games=args.skill_games,
                                     ladder_rungs=_ladder_rungs(args.ladder),
                                     ladder_games=args.ladder_games,
                                     progress=None if not args.quiet else False)
    path = write_report(html_text, args.out)
    print(results.summary_text())
    print(f"\nwrote {path} ({len(html_text) // 1024} KB, opens offline)")
    return 130 if results.interrupted else 0


def _skill_levels(values: list[object]) -> list[int]:
    """``--skill-levels 16,32,64``: MCTS iteration counts, whole numbers 1 or more."""
    bad = [v for v in values if isinstance(v, bool) or not isinstance(v, int) or v < 1]
    if bad:
        raise DesignkitError(f"--skill-levels: {bad[0]!r} is not an iteration count (whole "
                             f"numbers 1 or more, e.g. 16,32,64)")
    return [int(v) for v in values]  # type: ignore[call-overload]


def _ladder_rungs(value: str | None) -> list[str] | None:
    """``--ladder`` alone: random, greedy and MCTS at two time budgets; or the bots given."""
    if value is None:
        return None
    from designkit.agents import get_agent
    from designkit.analysis.ladder import TIMED_LADDER

    rungs = [r.strip() for r in value.split(",") if r.strip()] if value else list(TIMED_LADDER)
    for rung in rungs:
        get_agent(rung)  # a bad name stops here, before the report's games
    return rungs


def cmd_cards(args: argparse.Namespace) -> int:
    """Print-and-play PDFs, PNG sheets and Tabletop Simulator decks (designkit.export)."""
    from designkit.export import cards

    paths = cards(args.game, variant=args.variant, lang=args.lang, out_dir=args.out,
                  formats=args.format.split(","), backs=not args.no_backs,
                  image_url=args.image_url)
    for path in paths:
        print(path)
    return 0


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


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error (usage is one ``--help`` away)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())} (see {self.prog} "
                     f"--help)\n")


def _seed(text: str) -> int:
    try:
        return check_seed(text)
    except DesignkitError as err:
        raise argparse.ArgumentTypeError(str(err).removeprefix("seed: ")) from None


def _game_seed(text: str) -> int:
    """A seed for one game: 0 … 2**64-1, as the per-game seeds of a results file."""
    from designkit.sim.results_file import MAX_GAME_SEED

    try:
        value = int(text.strip(), 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number (allowed 0–"
                                         f"{MAX_GAME_SEED})") from None
    if not 0 <= value <= MAX_GAME_SEED:
        raise argparse.ArgumentTypeError(f"{value} is outside the allowed range 0–"
                                         f"{MAX_GAME_SEED}")
    return value


def _seconds(text: str) -> float:
    """An argparse type: a finite number of seconds, 0.1 to 3600."""
    try:
        value = float(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0.1 <= value <= 3600:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"{text} is outside the allowed range 0.1–3600")
    return value


def _count(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in ``low`` … ``high``."""
    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            allowed = f"{low}–{high}" if high is not None else f"{low} or more"
            raise argparse.ArgumentTypeError(f"{value} is outside the allowed range {allowed}")
        return value
    return parse


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="designkit", description="Play, replay and simulate "
                     "tabletop game drafts.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list games with player ranges").set_defaults(func=cmd_games)
    var = sub.add_parser("variants", help="list a game's named rule variants: the cures its "
                                          "draft proposes, with the draft's words")
    var.add_argument("game")
    var.add_argument("--lang", choices=("en", "ja"), default="en")
    var.set_defaults(func=cmd_variants)

    def common(p: argparse.ArgumentParser, seed: Callable[[str], int] = _seed,
               seed_help: str = "0 to 2**63-1", game_optional: bool = False) -> None:
        p.add_argument("game", nargs="?" if game_optional else None)
        p.add_argument("--players", type=_count(1))
        p.add_argument("--seed", type=seed, default=0, help=seed_help)
        p.add_argument("--agents", help="one name for all seats or one per seat, comma "
                                        "separated: random, greedy, mcts:200 (iterations, "
                                        "reproducible) or mcts:0.1s (time per decision, "
                                        "not reproducible)")
        p.add_argument("--set", action="append", metavar="FIELD=VALUE",
                       help="change a parameter (repeatable)")
        p.add_argument("--variant", help="a named variant (designkit variants GAME) or the "
                                         "path of a variant YAML file")

    play = sub.add_parser("play", help="play one game and print the walkthrough, or replay a "
                                       "game of a results file (--from FILE --game-id N)")
    common(play, seed=_game_seed, game_optional=True,  # the game may come from --from
           seed_help="0 to 2**64-1 (a results file's game seeds are 64-bit)")
    play.add_argument("--lang", choices=("en", "ja"), default="en")
    play.add_argument("--record", type=Path, help="save the game record as JSON")
    play.add_argument("--view", default="table", metavar="VIEWER",
                      help="whose log to print: table (default: what every seat sees), "
                           "designer (everything, hidden cards included) or a seat (A, B, …)")
    play.add_argument("--from", dest="from_file", type=Path, metavar="RESULTS_FILE",
                      help="a results file (simulate --out, .csv or .parquet): replay one of "
                           "its games with its seed, agents and parameters")
    play.add_argument("--game-id", type=_count(0), help="which game of --from to replay")
    play.set_defaults(func=cmd_play, seed=None, game=None)

    rep = sub.add_parser("replay", help="replay a record and check it")
    rep.add_argument("file", type=Path)
    rep.add_argument("--lang", choices=("en", "ja"), default="en")
    rep.add_argument("--view", default="table", metavar="VIEWER",
                     help="whose log to print: table (default), designer or a seat (A, B, …)")
    rep.set_defaults(func=cmd_replay)

    sim = sub.add_parser("simulate", help="simulate many games and summarise")
    common(sim)
    sim.add_argument("--games", type=_count(1), required=True)
    sim.add_argument("--workers", type=_count(1, 256), default=None,
                     help="worker processes (default: every core when the batch is big "
                          "enough to pay for starting them, else 1)")
    sim.add_argument("--backend", choices=("auto", "serial", "process", "dask"),
                     default="auto")
    sim.add_argument("--scheduler", help="Dask scheduler address, tcp://HOST:PORT (implies "
                                         "--backend dask)")
    sim.add_argument("--worker-wait", type=_seconds, metavar="SECONDS",
                     help="with --scheduler: how long to wait for a first worker "
                          "(default 30)")
    sim.add_argument("--out", type=Path, help="tidy output, .csv or .parquet")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.add_argument("--coverage", action="store_true",
                     help="count how often each rule fires and list those that never do "
                          "(builds every event's text: slower)")
    sim.set_defaults(func=cmd_simulate)

    dash = sub.add_parser("dashboard", help="serve the Voila design lab on 127.0.0.1")
    dash.add_argument("game", nargs="?")
    dash.add_argument("--port", type=_count(1, 65535), default=8866)
    dash.set_defaults(func=cmd_dashboard)

    def run_opts(p: argparse.ArgumentParser, auto_workers: bool = False) -> None:
        p.add_argument("--workers", type=_count(1, 256), default=None if auto_workers else 1,
                       help="worker processes" + (" (default: every core when the batch is "
                                                  "big enough to pay for them, else 1)"
                                                  if auto_workers else ""))
        p.add_argument("--backend", choices=("auto", "serial", "process", "dask"),
                       default="auto")
        p.add_argument("--scheduler", help="Dask scheduler address, tcp://HOST:PORT "
                                           "(implies --backend dask)")
        p.add_argument("--worker-wait", type=_seconds, metavar="SECONDS",
                       help="with --scheduler: how long to wait for a first worker "
                            "(default 30)")
        p.add_argument("--quiet", action="store_true", help="no progress bar")

    cmp = sub.add_parser("compare", help="compare rule variants on the same seeds (paired), "
                                         "in looks until each difference is known to "
                                         "±precision: a verdict per metric")
    cmp.add_argument("game")
    cmp.add_argument("--variant", action="append", required=True, metavar="NAME|FILE",
                     help="a named variant (designkit variants GAME), draft, or a YAML file; "
                          "the first is the baseline (repeat: at least two)")
    cmp.add_argument("--metric", action="append", metavar="METRIC",
                     help="seat_balance (default), turn_order, winner_margin, turns, "
                          "decisions, lead_changes, vp_share:SOURCE, rule:ID, end:REASON, col:NAME "
                          "(repeatable or comma separated)")
    cmp.add_argument("--precision", type=float, default=0.02,
                     help="stop when every difference is known to ± this, in the metric's "
                          "unit (shares as fractions: 0.03 = 3 points; default 0.02)")
    cmp.add_argument("--max-games", type=_count(1), default=2000,
                     help="games per variant at most (default 2000)")
    cmp.add_argument("--first-games", type=_count(1), default=100,
                     help="games per variant at the first look; looks double (default 100)")
    cmp.add_argument("--agents", help="one name for all seats or one per seat (default greedy)")
    cmp.add_argument("--players", type=_count(1))
    cmp.add_argument("--seed", type=_seed, default=0, help="0 to 2**63-1")
    run_opts(cmp)
    cmp.set_defaults(func=cmd_compare)

    swp = sub.add_parser("sweep", help="sweep one or two parameters, same seeds at every point")
    common(swp)
    swp.add_argument("--param", required=True, help="parameter to sweep, e.g. end_hand_sum")
    swp.add_argument("--values", required=True,
                     help="24,25,26 or 24,25,...,30 or 24:30 or 0.2:0.6:0.1")
    swp.add_argument("--param2", help="a second parameter: the full grid is simulated")
    swp.add_argument("--values2", help="values of --param2")
    swp.add_argument("--games", type=_count(1), default=1000, help="games per point")
    swp.add_argument("--trace", action="store_true",
                     help="also measure drama, lead changes and decisiveness (slower)")
    swp.add_argument("--out", type=Path, help="sweep.html (plots), .csv or .parquet (table)")
    run_opts(swp, auto_workers=True)
    swp.set_defaults(func=cmd_sweep)

    tun = sub.add_parser("tune", help="search named parameters on their grids toward a "
                                      "target (Optuna), re-check on fresh seeds, save the "
                                      "variant only if the gain held")
    common(tun)
    tun.add_argument("--target", choices=("equal-seats", "length", "margin", "mix"),
                     default="equal-seats")
    tun.add_argument("--length", type=float, help="target game length in turns")
    tun.add_argument("--margin", type=float, help="target winner's margin")
    tun.add_argument("--weights", help="for --target mix: equal-seats=1,length=0.5,margin=0.5")
    tun.add_argument("--trials", type=_count(1), default=30)
    tun.add_argument("--param", "--params", action="append", metavar="NAME[=LO:HI|A|B]",
                     help="a parameter to tune (repeat for more; a,b also works): its whole "
                          "grid, NAME=LO:HI to narrow it, NAME=A|B|C to list values "
                          "(default: the game's short list)")
    tun.add_argument("--keep", action="append", metavar="METRIC=TOL",
                     help="a constraint that keeps the game's character, checked against "
                          "the start on the same seeds: mean_turns=10%% (within ±10%%), "
                          "margin=2 (±2), mean_turns=20:40 (bounds), mean_decisions=…, "
                          "end_reason:NAME=0.05 (share ±5 points); repeatable")
    tun.add_argument("--save-anyway", action="store_true",
                     help="save the best variant even when its gain did not hold on the "
                          "re-check")
    tun.add_argument("--games-per-trial", type=_count(1), default=1000)
    tun.add_argument("--recheck-games", type=_count(1), help="games per variant in the re-check "
                                                       "(default max(2000, 2 × per trial))")
    tun.add_argument("--n-jobs", type=_count(1, 64), default=1,
                     help="trials run concurrently")
    tun.add_argument("--name", help="variant file name (data/<game>/variants/<name>.yaml)")
    tun.add_argument("--out", type=Path, help="write the variant here instead")
    tun.add_argument("--no-save", action="store_true", help="do not write a variant file")
    run_opts(tun)
    tun.set_defaults(func=cmd_tune)

    rpt = sub.add_parser("report", help="self-contained HTML report of every metric")
    common(rpt)
    rpt.add_argument("--games", type=_count(1), default=2000)
    rpt.add_argument("--out", type=Path, default=Path("report.html"))
    rpt.add_argument("--no-trace", action="store_true",
                     help="skip the per-turn trace (no drama section; faster)")
    rpt.add_argument("--skill-levels", help="add a skill trace, e.g. 16,32,64 (slow)")
    rpt.add_argument("--skill-games", type=_count(1), default=100,
                     help="games per skill level")
    rpt.add_argument("--ladder", nargs="?", const="", default=None, metavar="BOTS",
                     help="add balance by skill level: seat / turn-position win rates for a "
                          "ladder of bots (default random,greedy,mcts:0.02s,mcts:0.1s; "
                          "time budgets are not reproducible, mcts:N rungs are)")
    rpt.add_argument("--ladder-games", type=_count(1), default=100,
                     help="games per ladder rung")
    run_opts(rpt)
    rpt.set_defaults(func=cmd_report)

    crd = sub.add_parser("cards", help="print-and-play PDF sheets, PNG sheets and Tabletop "
                                        "Simulator decks from the card tables")
    crd.add_argument("game")
    crd.add_argument("--variant", type=Path, help="a variant YAML file (numbers, copies)")
    crd.add_argument("--lang", choices=("ja", "en", "both"), default="both")
    crd.add_argument("--out", type=Path, default=Path("cards"), help="folder (default cards/)")
    crd.add_argument("--format", default="pdf,png,tts", help="pdf,png,tts (comma separated)")
    crd.add_argument("--no-backs", action="store_true", help="no pages of card backs")
    crd.add_argument("--image-url", help="Tabletop Simulator: the URL the sheet images will "
                                         "be served from (default: file names)")
    crd.set_defaults(func=cmd_cards)

    pt = sub.add_parser("playthroughs", help="regenerate the golden playthrough files")
    pt.add_argument("--game", help="only this game")
    pt.add_argument("--check", action="store_true",
                    help="compare with the files instead of writing (exit 1 on differences)")
    pt.set_defaults(func=cmd_playthroughs)
    return parser


def _one_line(err: BaseException) -> str:
    """The error as one line; file errors name their file."""
    if isinstance(err, OSError) and not isinstance(err, DesignkitError):
        name = f"{err.filename}: " if err.filename else ""
        return f"{name}{err.strerror or err}"
    if isinstance(err, UnicodeDecodeError):
        return f"not UTF-8 text ({err.reason} at byte {err.start}); save the file as UTF-8"
    return " ".join(str(err).split()) or type(err).__name__


@contextmanager
def _sigterm_as_interrupt() -> Iterator[list[int]]:
    """SIGTERM (``kill``, a container stop) raises KeyboardInterrupt like Ctrl-C, so the
    same path keeps finished games and stops workers; the list receives the signal."""
    got: list[int] = []

    def handler(signum: int, frame: object) -> None:
        got.append(signum)
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread (a test runner, a panel): leave it alone
        yield got
        return
    try:
        yield got
    finally:
        signal.signal(signal.SIGTERM, previous)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    import yaml

    with _sigterm_as_interrupt() as got:
        try:
            code = args.func(args)
        except KeyboardInterrupt:
            code = 130
        except BrokenPipeError:  # `designkit play ... | head`: the reader has had enough
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
        except (DesignkitError, OSError, UnicodeDecodeError, yaml.YAMLError,
                json.JSONDecodeError) as err:
            print(f"designkit: error: {_one_line(err)}", file=sys.stderr)
            return 2
        except MemoryError:
            print("designkit: error: out of memory: ask for fewer games or workers",
                  file=sys.stderr)
            return 2
        except Exception as err:
            if os.environ.get("DESIGNKIT_DEBUG"):
                raise
            print(f"designkit: internal error (a bug, please report it): "
                  f"{type(err).__name__}: {_one_line(err)[:300]}; rerun with "
                  f"DESIGNKIT_DEBUG=1 for the traceback", file=sys.stderr)
            return 1
    return 128 + signal.SIGTERM if got else code


if __name__ == "__main__":
    sys.exit(main())
