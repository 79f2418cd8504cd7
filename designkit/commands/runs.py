"""``designkit simulate`` and ``designkit sweep``: many games, a summary, a file.

The output file is claimed for the whole run (a second run writing it refuses at its
start), written whole even when a signal arrives while it is written, and an interrupted
run keeps and writes the games (or sweep points) it finished, saying so on stderr.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from designkit.commands.output import TERMINAL, Output
from designkit.commands.setup import LOCAL, RunOn, Setup
from designkit.core.game import Game
from designkit.core.limits import check_games, check_seed
from designkit.core.outputs import check_output
from designkit.core.params import Params

if TYPE_CHECKING:
    import pandas as pd

    from designkit.sim.results import Results

TABLE_SUFFIXES = (".csv", ".parquet")


@contextmanager
def claimed(path: Path | None) -> Iterator[None]:
    """Hold the output path for the whole run (a lock file beside it): a second run
    writing the same file refuses at its start, not after its games."""
    if path is None:
        yield
        return
    from designkit.core.atomic import claim_output

    with claim_output(path):
        yield


def interrupt_code(signals: list[int]) -> int:
    """The exit status of a run a signal stopped: 143 for SIGTERM, 130 for Ctrl-C."""
    return 128 + signal.SIGTERM if signal.SIGTERM in signals else 130


def simulate_to(setup: Setup, n_games: int, run: RunOn = LOCAL, path: Path | None = None,
                coverage: bool = False, out: Output = TERMINAL) -> int:
    """Simulate, print the summary (and rule coverage), write ``path`` (.csv/.parquet).

    :func:`designkit.sim.simulate` checks the game count and seed (once, before any game or
    pool); the parameters, output path and backend are checked here, before it."""
    game, params = setup.resolve()
    if path:
        check_output(path, TABLE_SUFFIXES)
    run = run.resolved()
    # The runner (and pandas, ~1 s to import) loads only now: a mistyped option is refused
    # at once.
    import designkit.sim
    from designkit.core.atomic import deferred_interrupts

    with claimed(path):
        results = designkit.sim.simulate(
            game, n_games, params=params, agents=setup.agents, seed=setup.seed or 0,
            workers=run.workers, backend=run.backend, scheduler=run.scheduler,
            coverage=coverage, progress=run.progress)
        with deferred_interrupts() as held:  # a kill now still leaves a complete file
            code = _simulate_outputs(out, params, results, path, coverage)
    if held and not results.interrupted:
        where = f"; {path} holds all {results.n_games} games" if path else ""
        out.warn(f"designkit: interrupted after the last game{where}")
        return interrupt_code(held)
    return code


def _simulate_outputs(out: Output, params: Params, results: Results, path: Path | None,
                      coverage: bool) -> int:
    """Print the summary, write ``path`` and say on stderr what an interrupted run kept."""
    changes = params.diff()
    if changes:
        out.say("variant: " + ", ".join(f"{k}={v[1]}" for k, v in changes.items()))
    if results.n_games:
        out.say(results.summary_text())
    if coverage and results.n_games:
        from designkit.analysis.coverage import coverage_text

        out.say("\n" + coverage_text(results))
    if path and results.n_games:
        written = results.to_file(path)
        out.say(f"\nwrote {len(results.seats)} rows ({results.n_games} games) to {written}")
        if coverage:
            out.say(f"wrote the rule coverage table to {_write_coverage(results, written)}")
    if results.interrupted:
        why = results.meta.get("stopped") or "interrupted"
        kept = (f"; {path} holds those {results.n_games} games" if path
                and results.n_games else "; nothing written" if path else "")
        out.warn(f"designkit: stopped after {results.n_games} of {results.requested} games: "
                 f"{why}{kept}")
        return 130 if why == "interrupted" else 2
    return 0


def _write_coverage(results: Results, out: Path) -> Path:
    """``--coverage --out x.csv``: the per-rule table beside it, as ``x.coverage.csv``."""
    from designkit.analysis.coverage import rule_coverage
    from designkit.sim.results import write_table

    return write_table(rule_coverage(results), out.with_name(f"{out.stem}.coverage.csv"))


@dataclass(frozen=True)
class SweepOptions:
    """The sweep command's own options, named as the CLI names them: the parameter(s) and
    their values (``24:30``, ``24,25,...,30``; text or a list), games per point, the
    per-turn trace and the output (.html page of plots, or .csv/.parquet table)."""

    param: str
    values: str | Sequence[Any]
    param2: str | None = None
    values2: str | Sequence[Any] | None = None
    games: int = 1000
    trace: bool = False
    out: Path | None = None


def _values(values: str | Sequence[Any]) -> list[Any]:
    """Values as text (``24:30``, ``0.2:0.6:0.1``, ``24,25,...,30``) or already a list."""
    from designkit.analysis.sweep import parse_values

    return parse_values(values) if isinstance(values, str) else list(values)


def sweep_to(setup: Setup, opts: SweepOptions, run: RunOn = LOCAL,
             out: Output = TERMINAL) -> int:
    """Sweep one or two parameters on the same seeds at every point; print the table and
    write ``opts.out``. An interrupted sweep keeps the points it finished."""
    from designkit.core.errors import DesignkitError

    game, params = setup.resolve()
    values = _values(opts.values)
    values2 = _values(opts.values2) if opts.values2 else None
    if bool(opts.param2) != bool(values2):
        raise DesignkitError("--param2 and --values2 go together")
    points = len(values) * (len(values2) if values2 else 1)
    check_games(opts.games, points)
    if opts.out:
        check_output(opts.out, (".html", ".htm", *TABLE_SUFFIXES))
    both = f"{opts.param} × {opts.param2}" if opts.param2 else opts.param
    out.say(f"{game.title}: sweeping {both}, {points} points × {opts.games} games (seed "
            f"{setup.seed}, same seeds at every point)")
    from designkit.core.atomic import deferred_interrupts

    run = run.resolved()
    with claimed(opts.out):
        table = _sweep_table(game, params, setup, opts, values, values2, run)
        with deferred_interrupts() as held:  # a kill now still leaves a complete file
            code = _sweep_outputs(out, game, params, opts, table)
    if held and code == 0:
        where = f"; {opts.out} holds every point" if opts.out else ""
        out.warn(f"designkit: interrupted after the last point{where}")
        return interrupt_code(held)
    return code


def _sweep_table(game: Game, params: Params, setup: Setup, opts: SweepOptions,
                 values: list[Any], values2: list[Any] | None, run: RunOn) -> pd.DataFrame:
    """The points checked, then played together (unchecked: their count and seed were)."""
    from designkit.analysis.sweep import grid_params, sweep_table
    from designkit.sim.many import Run, play_configs

    points = grid_params(params, opts.param, values, opts.param2, values2)
    plan = Run(opts.games, check_seed(setup.seed), setup.agents, run.backend, run.workers,
               run.scheduler, trace=opts.trace, progress=run.progress, keep_partial=True)
    runs = play_configs(game, [p for _, p in points], plan)
    return sweep_table([(point, res) for (point, _), res in zip(points, runs, strict=True)])


def _labels(game: Game, params: Params) -> dict[int, str]:
    from designkit.core.seats import player_count

    return {s: game.seats_label(s) for s in range(player_count(params))}


def _sweep_outputs(out: Output, game: Game, params: Params, opts: SweepOptions,
                   table: pd.DataFrame) -> int:
    """Print and write the finished points; on stderr, what an interrupted sweep kept."""
    from designkit.analysis.sweep import sweep_text

    stopped = table.attrs.get("stopped")
    if len(table):
        out.say()
        out.say(sweep_text(table, _labels(game, params)))
    if opts.out and len(table):
        _write_sweep(game, params, opts, table, Path(opts.out))
        out.say(f"\nwrote {Path(opts.out)}")
    if stopped:
        kept = (f"; {opts.out} holds those {stopped['points']} points" if opts.out
                and len(table) else "; nothing written" if opts.out else "")
        out.warn(f"designkit: sweep stopped after {stopped['points']} of {stopped['of']} "
                 f"points: {stopped['why']}{kept}")
        return 130 if stopped["why"] == "interrupted" else 2
    return 0


def _write_sweep(game: Game, params: Params, opts: SweepOptions, table: pd.DataFrame,
                 path: Path) -> None:
    if path.suffix.lower() in (".html", ".htm"):
        from designkit.analysis.report import sweep_page, write_report

        title = f"{game.title}: sweep of {opts.param}" + (
            f" × {opts.param2}" if opts.param2 else "")
        write_report(sweep_page(table, title, _labels(game, params)), path)
    else:
        from designkit.sim.results import write_table

        write_table(table, path)
