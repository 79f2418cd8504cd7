"""``designkit compare``, ``tune`` and ``report``: the studies of a design, each from the
command's own options (named as the CLI names them) to its printed verdict and files."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from designkit.commands.output import TERMINAL, Output
from designkit.commands.setup import LOCAL, RunOn, Setup
from designkit.core.errors import DesignkitError
from designkit.core.limits import check_games
from designkit.core.outputs import check_output

if TYPE_CHECKING:
    from designkit.analysis.variant_compare import Plan


@dataclass(frozen=True)
class CompareOptions:
    """Variants (the first is the baseline) or a question, metrics, margins, the budget
    per variant, the bot levels and who plays on which seeds."""

    game: str
    variant: Sequence[str] | None = None
    question: str | None = None
    metric: Sequence[str] | None = None
    margin: Sequence[str] | None = None
    precision: float | None = None
    max_games: int = 2000
    first_games: int = 100
    agents: str | None = None
    second_level: str | None = None
    players: int | None = None
    seed: int = 0
    family: int | None = None


def parse_margins(items: Sequence[str] | None, precision: float | None,
                  metrics: Sequence[str]) -> dict[str, float] | None:
    """``--margin 0.03`` (one metric) or ``--margin turns=1 --margin end:27=0.03``."""
    from designkit.analysis.variant_compare import check_margin

    out: dict[str, float] = {}
    names = [m.strip() for part in metrics for m in part.split(",") if m.strip()]
    bare: list[object] = [precision] if precision is not None else []
    for item in items or ():
        key, eq, value = item.rpartition("=")
        if eq:
            out[key.strip()] = check_margin(key.strip(), value)
        else:
            bare.append(value)
    for one in bare:
        if len(names) != 1:
            raise DesignkitError(f"--margin {one}: with several metrics give METRIC=VALUE "
                                 f"({', '.join(names)})")
        out[names[0]] = check_margin(names[0], one)
    return out or None


@dataclass
class _Asked:
    """What a comparison was asked: from ``--question`` (its cures, metrics, margin, target
    and player count) and the options given beside it, which win."""

    variants: list[str]
    metrics: list[str]
    players: int | None
    targets: dict[str, Any]
    exploratory: list[str]
    margins: dict[str, float] | None
    heading: str | None = None


def _asked(opts: CompareOptions) -> _Asked:
    asked = _Asked(list(opts.variant or ()), list(opts.metric or ()), opts.players, {}, [],
                   None)
    if opts.question:
        from designkit.analysis.questions.cures import find_problem

        q = find_problem(opts.game, opts.question)
        asked.players = asked.players or q.players[0]
        asked.variants = asked.variants or ["draft", *q.cures]
        asked.metrics = asked.metrics or list(q.metrics)
        asked.exploratory = [m for m in asked.metrics if m != q.metric]
        if q.metric in asked.metrics:
            asked.margins = {q.metric: float(q.margin or 0)}
            target = q.target_at(asked.players)
            if target is not None:
                asked.targets[q.metric] = target
        asked.heading = (f"question {q.question.key}: 「{q.question.quote_ja}」 — "
                         f"{q.question.quote_en}")
    if not asked.variants:
        raise DesignkitError("compare needs --variant (at least two) or --question KEY")
    asked.metrics = asked.metrics or ["seat_balance"]
    given = parse_margins(opts.margin, opts.precision, asked.metrics)
    asked.margins = {**(asked.margins or {}), **(given or {})} or None
    return asked


def _bot_levels(plan: Plan, second_level: str | None, out: Output,
                family: int | None = None) -> tuple[list[str], dict[str, tuple[Any, ...]]]:
    """The bot levels every verdict is checked at and the placeholders swept; the default
    second level falls back to one level (said) when it is not available. A ``family``
    given (a review's page) must hold at least the verdicts this comparison declares."""
    from designkit.analysis.verdict_study import SECOND_LEVEL, study_plan

    second = second_level or SECOND_LEVEL
    try:
        levels, sweep, own = study_plan(plan, None if second == "none" else second)
    except DesignkitError as err:
        if second_level:
            raise
        out.say(f"(one bot level only: the second level {second!r} is not available: {err})")
        levels, sweep, own = study_plan(plan, None)
    if family is not None and family < own:
        raise DesignkitError(f"--family {family}: this comparison alone declares {own} "
                             "verdicts; give at least that")
    return levels, sweep


def compare(opts: CompareOptions, run: RunOn = LOCAL, out: Output = TERMINAL) -> int:
    """Compare the variants on the same seeds, a line per look, then the verdicts; at two
    bot levels and over the placeholders a cure uses (analysis.verdict_study)."""
    from designkit.analysis.variant_compare import compare_variants, look_text, plan_comparison

    a = _asked(opts)
    plan = plan_comparison(opts.game, a.variants, a.metrics, opts.agents or "greedy", None,
                           opts.max_games, opts.first_games, opts.seed, players=a.players,
                           margin=a.margins, targets=a.targets, exploratory=a.exploratory,
                           family=opts.family)
    if plan.inert:
        out.say(plan.inert)
        return 0
    if a.heading:
        out.say(a.heading, flush=True)
    levels, sweep = _bot_levels(plan, opts.second_level, out, opts.family)
    run = run.resolved()
    out.say(plan.summary(), flush=True)
    if len(levels) > 1 or sweep:
        return _study(opts, plan, levels, sweep, a.exploratory, run, out)
    result = compare_variants(plan.game, plan.variants, plan=plan, backend=run.backend,
                              workers=run.workers or 1, scheduler=run.scheduler,
                              on_look=lambda c: out.say(look_text(c), flush=True))
    out.say()
    out.say(result.text())
    return 0


def _study(opts: CompareOptions, plan: Plan, levels: list[str],
           sweep: dict[str, tuple[Any, ...]],
           exploratory: list[str], run: RunOn, out: Output) -> int:
    """The verdicts at each bot level and over each placeholder value, and their summary."""
    from designkit.analysis.verdict_study import run_study

    swept = "; placeholders swept: " + ", ".join(
        f"{k} {', '.join(map(str, v))}" for k, v in sweep.items()) if sweep else ""
    out.say(f"bot levels: {', '.join(levels)}{swept}", flush=True)
    study = run_study(plan.game.name, plan.variants, [m.name for m in plan.metrics],
                      levels[0], levels[1] if len(levels) > 1 else None, plan.margins,
                      plan.targets, opts.max_games, opts.first_games, plan.seed,
                      exploratory=exploratory, workers=run.workers or 1,
                      backend=run.backend, on_run=lambda s: out.say(s, flush=True),
                      family=opts.family)
    out.say()
    out.say(study.text())
    return 0


@dataclass(frozen=True)
class TuneCommand:
    """The tune command's options: the target (``length``/``margin`` values, ``weights``
    text for ``mix``), parameters to search (``NAME``, ``NAME=LO:HI``, ``NAME=A|B``),
    constraints to keep, budgets, and where the variant is saved (``out``, or
    ``data/<game>/variants/<name>.yaml``; ``no_save``: nowhere)."""

    target: str = "equal-seats"
    length: float | None = None
    margin: float | None = None
    weights: str | None = None
    trials: int = 30
    param: Sequence[str] | None = None
    keep: Sequence[str] | None = None
    save_anyway: bool = False
    games_per_trial: int = 1000
    recheck_games: int | None = None
    n_jobs: int = 1
    name: str | None = None
    out: Path | None = None
    no_save: bool = False


def parse_weights(text: str | None) -> dict[str, float]:
    """``--weights equal-seats=1,length=0.5``: a name alone weighs 1."""
    weights = {}
    for item in (text or "").split(","):
        if item.strip():
            key, eq, value = item.partition("=")
            try:
                weights[key.strip()] = float(value) if eq else 1.0
            except ValueError:
                raise DesignkitError(f"--weights {item}: write NAME=NUMBER") from None
    return weights


def tune_variant(setup: Setup, opts: TuneCommand, run: RunOn = LOCAL,
                 out: Output = TERMINAL) -> int:
    """Tune toward the target, print what was found and whether the gain held."""
    from designkit.analysis.tune import Target, build_space, parse_keep, parse_space, tune

    game, params = setup.resolve()
    target = Target(opts.target, length=opts.length, margin=opts.margin,
                    weights=parse_weights(opts.weights))
    space = build_space(type(params), parse_space(opts.param) if opts.param else None)
    keeps = [parse_keep(k) for k in opts.keep or ()]
    check_games(opts.games_per_trial, name="games-per-trial")
    if opts.recheck_games is not None:
        check_games(opts.recheck_games, name="recheck-games")
    if opts.out and not opts.no_save:
        check_output(opts.out, (".yaml", ".yml"), make_folder=True)
    out.say(f"{game.title}: tuning {', '.join(space)} toward {target.describe()}, "
            f"{opts.trials} trials × {opts.games_per_trial} games …")
    run = run.resolved()
    result = tune(game, target, space=space, n_trials=opts.trials,
                  n_games=opts.games_per_trial, params=params, agents=setup.agents,
                  seed=setup.seed or 0, recheck_games=opts.recheck_games, backend=run.backend,
                  workers=run.workers or 1, scheduler=run.scheduler, n_jobs=opts.n_jobs,
                  save=_save(opts), name=opts.name, progress=not run.quiet, keep=keeps,
                  save_anyway=opts.save_anyway)
    out.say(result.summary_text())
    return 0


def _save(opts: TuneCommand) -> bool | Path:
    """Where tune saves: nowhere (``no_save``), ``out``, or the game's variants folder."""
    return False if opts.no_save else (opts.out or True)


@dataclass(frozen=True)
class ReportOptions:
    """The report's options: games, the page, the per-turn trace, a skill trace
    (``16,32,64`` MCTS iterations) and a ladder of bots (``""``: the default ladder)."""

    games: int = 2000
    out: Path = Path("report.html")
    no_trace: bool = False
    skill_levels: str | None = None
    skill_games: int = 100
    ladder: str | None = None
    ladder_games: int = 100


def report(setup: Setup, opts: ReportOptions, run: RunOn = LOCAL,
           out: Output = TERMINAL) -> int:
    """Simulate, write the self-contained HTML report, print the summary."""
    from designkit.analysis.report import make_report, write_report
    from designkit.analysis.sweep import parse_values

    game, params = setup.resolve()
    levels = skill_levels(parse_values(opts.skill_levels)) if opts.skill_levels else None
    # the game count and seed: checked once, by simulate, before any game is played
    check_output(opts.out, (".html", ".htm"), make_folder=True)
    run = run.resolved()
    html_text, results = make_report(
        game, opts.games, params=params, agents=setup.agents, seed=setup.seed or 0,
        workers=run.workers or 1, backend=run.backend, scheduler=run.scheduler,
        trace=not opts.no_trace, skill_levels=levels, skill_games=opts.skill_games,
        ladder_rungs=ladder_rungs(opts.ladder), ladder_games=opts.ladder_games,
        progress=run.progress)
    path = write_report(html_text, opts.out)
    out.say(results.summary_text())
    out.say(f"\nwrote {path} ({len(html_text) // 1024} KB, opens offline)")
    return 130 if results.interrupted else 0


def skill_levels(values: list[object]) -> list[int]:
    """``--skill-levels 16,32,64``: MCTS iteration counts, whole numbers 1 or more."""
    bad = [v for v in values if isinstance(v, bool) or not isinstance(v, int) or v < 1]
    if bad:
        raise DesignkitError(f"--skill-levels: {bad[0]!r} is not an iteration count (whole "
                             f"numbers 1 or more, e.g. 16,32,64)")
    return [v for v in values if isinstance(v, int)]  # every one, after the check above


def ladder_rungs(value: str | None) -> list[str] | None:
    """``--ladder`` alone: random, greedy and MCTS at two time budgets; or the bots given."""
    if value is None:
        return None
    from designkit.agents import get_agent
    from designkit.analysis.ladder import TIMED_LADDER

    rungs = [r.strip() for r in value.split(",") if r.strip()] if value else list(TIMED_LADDER)
    for rung in rungs:
        get_agent(rung)  # a bad name stops here, before the report's games
    return rungs
