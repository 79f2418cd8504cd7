"""The ``designkit`` command: games, play, replay, simulate, dashboard, sweep, tune,
report, cards, playthroughs.

Errors a designer can cause (a bad parameter, file, record or agent name, an
output path that cannot be written) print one line and exit with status 2, before
any game is played where they can be known up front. A bug prints one line too
(exit 1); ``DESIGNKIT_DEBUG=1`` shows its traceback. SIGTERM is handled like
Ctrl-C: finished games are written, workers and servers stopped.

This module only parses and prints: the commands are a table (``cli_table.COMMANDS``),
and each handler below hands its options to one library function
(``designkit.commands``, ``designkit.export``, ``designkit.dashboard_process``) that a
notebook or the lab can call as well.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from designkit.cli_table import COMMANDS
from designkit.cli_types import OneLineParser, add_commands, one_line, sigterm_as_interrupt
from designkit.commands import catalog, play, runs, studies
from designkit.commands.setup import RunOn, Setup
from designkit.commands.studies import ladder_rungs as _ladder_rungs  # noqa: F401 (tests)
from designkit.core.errors import DesignkitError

Options = TypeVar("Options")


def _setup(args: argparse.Namespace) -> Setup:
    """What to play: the game, ``--players`` (an int), seed, agents, ``--set``, variant."""
    return Setup(args.game, args.players, args.seed, args.agents, args.set, args.variant)


def _run_on(args: argparse.Namespace) -> RunOn:
    """Where the games run: backend, workers, Dask scheduler, worker wait, progress bar."""
    return RunOn(args.backend, args.workers, args.scheduler, args.worker_wait, args.quiet)


def _options(cls: Callable[..., Options], args: argparse.Namespace) -> Options:
    """A command's own options object, whose fields are named as its options."""
    return cls(**{name: getattr(args, name) for name in inspect.signature(cls).parameters})


def cmd_games(args: argparse.Namespace) -> int:
    for line in catalog.game_lines():
        print(line)
    return 0


def cmd_variants(args: argparse.Namespace) -> int:
    from designkit.core.registry import get_game
    from designkit.core.variants import variants_text

    print(variants_text(get_game(args.game).params_type, args.lang))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    return play.play(_setup(args), args.view, args.lang, args.record, args.from_file,
                     args.game_id)


def cmd_replay(args: argparse.Namespace) -> int:
    return play.replay(args.file, args.view, args.lang)


def cmd_simulate(args: argparse.Namespace) -> int:
    return runs.simulate_to(_setup(args), args.games, _run_on(args), args.out, args.coverage)


def cmd_dashboard(args: argparse.Namespace) -> int:
    from designkit.dashboard_process import serve_dashboard

    return serve_dashboard(args.game, args.port)


def cmd_compare(args: argparse.Namespace) -> int:
    return studies.compare(_options(studies.CompareOptions, args), _run_on(args))


def cmd_sweep(args: argparse.Namespace) -> int:
    return runs.sweep_to(_setup(args), _options(runs.SweepOptions, args), _run_on(args))


def cmd_tune(args: argparse.Namespace) -> int:
    return studies.tune_variant(_setup(args), _options(studies.TuneCommand, args),
                                _run_on(args))


def cmd_report(args: argparse.Namespace) -> int:
    return studies.report(_setup(args), _options(studies.ReportOptions, args), _run_on(args))


def cmd_review(args: argparse.Namespace) -> int:
    from designkit.commands.review import ReviewOptions, review_page

    return review_page(_options(ReviewOptions, args))


def cmd_cards(args: argparse.Namespace) -> int:
    """Print-and-play PDFs, PNG sheets and Tabletop Simulator decks (designkit.export); an
    interrupt says in one line which files are in place (none is partial)."""
    from designkit.export import Interrupted, cards

    try:
        paths = cards(args.game, variant=args.variant, lang=args.lang, out_dir=args.out,
                      formats=args.format.split(","), backs=not args.no_backs,
                      image_url=args.image_url, bleed=args.bleed, layout=args.layout,
                      show_code=args.show_code)
    except Interrupted as stop:
        print(stop, file=sys.stderr)
        return 130
    for path in paths:
        print(path)
    return 0


def cmd_playthroughs(args: argparse.Namespace) -> int:
    return catalog.playthroughs(args.game, args.check, args.dir)


def cmd_new_game(args: argparse.Namespace) -> int:
    from designkit.commands.new_game import new_game

    written = new_game(args.name, args.players, args.dir)
    root = args.dir / args.name
    print(f"wrote {len(written)} files under {root}; declare it to designkit's environment "
          f"with `.venv-tools/bin/uv pip install --python .venv/bin/python --no-deps -e "
          f"{root}`, then `designkit play {args.name}` (docs/ADDING_A_GAME.md)")
    return 0


def cmd_playtests(args: argparse.Namespace) -> int:
    from designkit.commands.playtests import PlaytestOptions, playtests

    return playtests(_options(PlaytestOptions, args))


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="designkit", description="Play, replay and simulate "
                           "tabletop game drafts.")
    add_commands(parser, COMMANDS)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    with sigterm_as_interrupt() as got:
        try:
            code = _call(args)
        except BrokenPipeError:  # `designkit play ... | head`: the reader has had enough
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
    return 128 + signal.SIGTERM if got else code


def _call(args: argparse.Namespace) -> int:
    """Run the command's handler, looked up by name now (a test may replace it); what a
    designer can get wrong is one line and exit 2, a bug one line and exit 1."""
    import yaml

    handler: Any = globals()[args.handler]
    try:
        return int(handler(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        raise
    except (DesignkitError, OSError, UnicodeDecodeError, yaml.YAMLError,
            json.JSONDecodeError) as err:
        print(f"designkit: error: {one_line(err)}", file=sys.stderr)
        return 2
    except MemoryError:
        # every file and value read is bounded before parsing (core.limits), so what ran
        # out is the run itself: games held in memory, or workers started
        print("designkit: error: out of memory while running the command: if it plays many "
              "games, ask for fewer games or workers", file=sys.stderr)
        return 2
    except Exception as err:
        if os.environ.get("DESIGNKIT_DEBUG"):
            raise
        print(f"designkit: internal error (a bug, please report it): "
              f"{type(err).__name__}: {one_line(err)[:300]}; rerun with "
              f"DESIGNKIT_DEBUG=1 for the traceback", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
