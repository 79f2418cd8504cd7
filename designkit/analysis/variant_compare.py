"""Is the cure better than the draft, and how sure is that? Paired, anytime-valid comparisons.

Every variant plays the **same seeds** (common random numbers: game *i* of each variant
deals the same cards and rolls the same dice until the rules make them differ), so a
difference is measured game by game; the output says how many games pairing saves
(``games_ratio``: the games two independent runs would need for the same width, per game
used here).

**Anytime-valid.** Every interval is a confidence sequence
(:mod:`designkit.analysis.confseq`): it holds at every number of games at once, so the run
may look after every batch, stop the moment every verdict is reached ("Run until
decided"), stop on Ctrl-C / Stop, or be *extended* later (:func:`extend_comparison`), and
the error rate stays what it says. Bounded per-game values (rates, shares: their paired
differences lie in [−1, 1]) get the betting CS; unbounded ones (turns, decisions, a
winner's margin, a results column) the normal-mixture CS, read from
:data:`~designkit.analysis.confseq.MIN_GAMES_UNBOUNDED` games on. Seat balance compares
the two arms' per-position intervals (:mod:`designkit.analysis.seat_balance`).

**The verdict** (:mod:`designkit.analysis.verdicts`) is read from the difference's
interval, the pre-registered ``margin`` (per metric, in its own unit) and, for a question,
the ``target``; it is always printed with them, the games and the bots.

**Error control across a page.** A comparison's ``family`` is the number of primary
verdicts its report declares (cures × primary metrics × bot levels × placeholder values);
α = 1 − ``level`` is split over them (Bonferroni: each verdict's intervals at
α / family), so the chance of *any* false declaration among them is ≤ α. Within one
verdict, with a target, α/family is split again: half to the difference, a quarter to
each arm's own interval. Rows marked ``exploratory`` (a question's secondary metrics) are
at α each and say so.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pandas as pd

from designkit.analysis.confseq import MIN_GAMES_UNBOUNDED, betting_cs, normal_mixture_cs
from designkit.analysis.seat_balance import seat_balance
from designkit.analysis.variant_metrics import (
    Metric,
    check_metric_names,
    metrics_needing,
    parse_metric,
    per_game,
    won_by_position,
)
from designkit.analysis.verdicts import (
    DECIDED,
    FIXES,
    IMPROVES,
    LOWERS,
    RAISES,
    SAME,
    UNDECIDED,
    WORSE,
    Reading,
    Target,
    read,
)
from designkit.core.errors import DesignkitError
from designkit.core.game import Game
from designkit.core.params import Params
from designkit.core.registry import get_game
from designkit.core.seats import player_count
from designkit.core.variants import NamedVariant, load_variant
from designkit.sim.results import Results

TABLE_COLUMNS = ["metric", "label", "variant", "baseline", "n", "a", "a_lo", "a_hi", "b",
                 "b_lo", "b_hi", "diff", "lo", "hi", "half_width", "margin", "target",
                 "kind", "more_games", "why", "method", "alpha", "exploratory", "identical",
                 "independent_half_width", "games_ratio", "decided", "verdict"]


@dataclass
class Comparison:
    """The outcome: the final table, every look's table, and the games behind them."""

    game: str
    names: list[str]
    metrics: list[Metric]
    margins: dict[str, float]
    level: float
    schedule: list[int]
    agents: list[str]
    seed: int
    targets: dict[str, Target] = field(default_factory=dict)
    family: int = 1
    exploratory: tuple[str, ...] = ()
    table: pd.DataFrame = field(default_factory=pd.DataFrame)
    looks: list[pd.DataFrame] = field(default_factory=list)
    results: list[Results] = field(default_factory=list)
    elapsed: float = 0.0
    stopped: str = ""          # "decided", "budget spent", "interrupted"
    same_games: bool = False   # every game played out identically under every variant
    rows: list[dict[int, Any]] = field(default_factory=list, repr=False)

    def precision_of(self, metric: str) -> float:
        """The margin of ``metric`` (its own unit): the band "no practical change" uses."""
        return self.margins.get(metric, parse_metric(metric).default_margin)

    margin_of = precision_of

    @property
    def n_games(self) -> int:
        return int(self.table["n"].max()) if len(self.table) else 0

    @property
    def bots(self) -> str:
        return ", ".join(sorted(set(self.agents)))

    def verdicts(self) -> list[str]:
        return list(self.table["verdict"]) if len(self.table) else []

    def most_different_game(self, metric: str | None = None, variant: int = 1) -> int:
        """The game id where ``variant`` and the baseline differ most on ``metric``
        (a per-game metric; for seat balance, the winner's margin), to open side by side."""
        name = metric or self.metrics[0].name
        m = parse_metric("winner_margin" if name == "seat_balance" else name)
        x, y = per_game(m, self.results[0]), per_game(m, self.results[variant])
        d = np.abs(np.nan_to_num(y - x, nan=-1.0))
        ids = sorted(self.results[0].games["game_id"])
        return int(ids[int(np.argmax(d))])

    def text(self) -> str:
        """What the CLI prints at the end."""
        head = (f"verdict after {self.n_games} games per variant ({self.stopped}, "
                f"{self.elapsed:.1f} s; {self.bots} bots; anytime-valid intervals, "
                f"{self.level:.0%} over a family of {self.family} "
                f"verdict{'s' if self.family != 1 else ''}):")
        lines = [head]
        if self.same_games:
            lines.append("  the bots do not respond to this change: every game played out "
                         "identically (same decisions, same results) under every variant")
        for _, row in self.table.iterrows():
            lines.append(f"  {row['verdict']}")
            if math.isfinite(row["games_ratio"]):
                lines.append(f"    pairing: two independent runs would need "
                             f"{row['games_ratio']:.1f}× the games for this width")
        return "\n".join(lines)


def _variant(params_type: type[Params], v: NamedVariant | Params | str) -> NamedVariant:
    if isinstance(v, NamedVariant):
        return v
    if isinstance(v, Params):
        if type(v) is not params_type:
            raise DesignkitError(f"a {type(v).game_name} variant cannot be compared in "
                                 f"{params_type.game_name}")
        changes = ", ".join(f"{k}={new}" for k, (_, new) in v.diff().items())
        return NamedVariant(changes or "current (the draft's values)", params_type.game_name, v,
                            title="current parameters")
    return load_variant(params_type, v)


def resolve_variants(game: Game, variants: Sequence[NamedVariant | Params | str],
                     players: int | None = None) -> list[NamedVariant]:
    """The variants to compare, checked: at least two, distinct names, one player count."""
    if len(variants) < 2:
        raise DesignkitError("compare needs at least two variants (e.g. --variant draft "
                             "--variant NAME)")
    out = [_variant(game.params_type, v) for v in variants]
    given = [v.name for v in out]
    for i, v in enumerate(out):    # two panel states with the same changes: number them
        if not isinstance(variants[i], Params) or given.count(v.name) == 1:
            continue
        out[i] = NamedVariant(f"{v.name} #{given[:i + 1].count(v.name)}", v.game, v.params,
                              v.title)
    names = [v.name for v in out]
    if len(set(names)) != len(names):
        raise DesignkitError(f"a variant is named twice: {', '.join(names)}")
    if players is not None:
        out = [NamedVariant(v.name, v.game, v.params.replace(players=players), v.title,
                            v.title_ja, v.description_en, v.description_ja, v.path)
               for v in out]
    counts = {v.name: player_count(v.params) for v in out}
    if len(set(counts.values())) > 1:
        shown = ", ".join(f"{k} {n}" for k, n in counts.items())
        raise DesignkitError(f"the variants play different player counts ({shown}): pairs "
                             "need the same seats; give --players N")
    return out


def look_schedule(max_games: int, first: int) -> list[int]:
    """Doubling looks ``first, 2·first, …`` ending exactly at ``max_games``."""
    if max_games < 1:
        raise DesignkitError(f"--max-games {max_games}: give 1 or more")
    n, out = max(1, min(first, max_games)), []
    while n < max_games:
        out.append(n)
        n *= 2
    return [*out, max_games]


@dataclass(frozen=True)
class Plan:
    """A comparison checked before any game is played (bad input is one line, nothing runs)."""

    game: Game
    variants: list[NamedVariant]
    metrics: list[Metric]
    schedule: list[int]
    agents: list[str]
    seed: int
    margins: dict[str, float] = field(default_factory=dict)
    targets: dict[str, Target] = field(default_factory=dict)
    family: int = 1
    exploratory: tuple[str, ...] = ()
    level: float = 0.95
    #: why the variants cannot differ at this player count ("" when they can)
    inert: str = ""

    def summary(self, precision: Any = None) -> str:
        """The CLI's first line: what is compared, how, with which margins and targets."""
        names = [v.name for v in self.variants]
        parts = []
        for m in self.metrics:
            margin = _show(self.margins.get(m.name, m.default_margin), m.name, points=True)
            target = self.targets.get(m.name)
            parts.append(f"{m.name} (margin ±{margin}"
                         + (f", target {target.text}" if target else "")
                         + (", exploratory" if m.name in self.exploratory else "") + ")")
        return (f"{self.game.name}: {' and '.join(names[1:])} against {names[0]} on the same "
                f"seeds (paired), {', '.join(sorted(set(self.agents)))} bots; "
                f"{'; '.join(parts)}; until decided or {self.schedule[-1]} games per "
                f"variant (looks at {', '.join(map(str, self.schedule))}; anytime-valid)")


def check_margin(metric: str, value: Any) -> float:
    """A margin in the metric's own unit: a finite number above 0 (one line otherwise)."""
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise DesignkitError(f"--margin {metric}={value}: give a number") from None
    if not (math.isfinite(v) and v > 0):
        raise DesignkitError(f"--margin {metric}={value}: give a finite number above 0 (in "
                             "the metric's unit; shares as fractions, 0.03 = 3 points)")
    return v


def _margins(metrics: list[Metric], margin: float | Mapping[str, float] | None
             ) -> dict[str, float]:
    if margin is None:
        given: dict[str, Any] = {}
    elif isinstance(margin, Mapping):
        given = dict(margin)
    else:
        given = {m.name: margin for m in metrics}
    names = {m.name for m in metrics}
    for key in given:
        if key not in names:
            raise DesignkitError(f"--margin {key}=…: {key} is not a compared metric "
                                 f"({', '.join(sorted(names))})")
    return {m.name: check_margin(m.name, given.get(m.name, m.default_margin))
            for m in metrics}


def plan_comparison(game: Game | str, variants: Sequence[NamedVariant | Params | str],
                    metric: str | Sequence[str] = "seat_balance",
                    agents: str | Sequence[str] | None = "greedy",
                    precision: float | Mapping[str, float] | None = None,
                    max_games: int = 2000, first: int = 100, seed: int = 0,
                    level: float = 0.95, players: int | None = None,
                    margin: float | Mapping[str, float] | None = None,
                    targets: Mapping[str, Target] | None = None, family: int | None = None,
                    exploratory: Sequence[str] = ()) -> Plan:
    """Check everything a comparison needs: variants, metrics (their rule IDs, end reasons
    and columns), margins and targets, budget, agents, seed. ``precision`` is the old name
    of ``margin``. ``family``: the verdicts the whole report declares (default: this
    comparison's primary rows)."""
    from designkit.agents import make_agents
    from designkit.core.limits import check_games, check_seed

    game = get_game(game)
    if not 0 < level < 1:
        raise DesignkitError(f"level {level}: give a number between 0 and 1")
    names = [metric] if isinstance(metric, str) else list(metric)
    metrics = [_for_game(game, parse_metric(m)) for part in names for m in part.split(",")
               if m.strip()]
    if not metrics:
        raise DesignkitError("--metric: name at least one metric")
    if len({m.name for m in metrics}) != len(metrics):
        raise DesignkitError("--metric: a metric is named twice")
    margins = _margins(metrics, margin if margin is not None else precision)
    targets = dict(targets or {})
    for name, t in targets.items():
        if name in margins and 2 * margins[name] > t.width + 1e-9:
            raise DesignkitError(
                f"--margin {name}={_show(margins[name], name, points=True)}: wider than the "
                f"target {t.text} (±margin must fit inside it)")
    chosen = resolve_variants(game, variants, players)
    for m in metrics:
        check_metric_names(game, m, chosen[0].params)
    schedule = look_schedule(max_games, first)
    check_games(max_games, len(chosen))
    specs = [a.name for a in make_agents(agents, player_count(chosen[0].params))]
    primary = [m for m in metrics if m.name not in exploratory]
    fam = family if family is not None else max(1, len(primary) * (len(chosen) - 1))
    if fam < 1:
        raise DesignkitError(f"family {fam}: give 1 or more")
    return Plan(game, chosen, metrics, schedule, specs, check_seed(seed), margins, targets,
                fam, tuple(exploratory), level, inert_reason(chosen))


def inert_reason(chosen: Sequence[NamedVariant]) -> str:
    """One line when every variant plays the same ruleset at this player count (the
    fields they change do not act there: ``acts_at``), else ""."""
    base = chosen[0].params
    if any(v.params.acting_diff(base) for v in chosen[1:]):
        return ""
    n = player_count(base)
    changed = sorted({k for v in chosen[1:] for k in v.params.diff(base)})
    what = (f"{', '.join(changed)} do{'es' if len(changed) == 1 else ''} not act at {n} "
            f"players" if changed else "they set the same parameters")
    return (f"no comparison: {' and '.join(v.name for v in chosen)} play identical rulesets "
            f"at {n} players ({what}), so every game would be the same")


def _for_game(game: Game, m: Metric) -> Metric:
    """A VP-share metric names one of this game's sources (or a unique prefix); a
    ``metric:NAME`` one of the metrics the game declares (its label, unit and margin)."""
    if m.name.startswith("metric:"):
        from designkit.analysis.variant_metrics import declared_metric

        return declared_metric(game, m)
    if not m.name.startswith("vp_share:"):
        return m
    labels = getattr(game, "VP_SOURCE_LABELS", {})
    names = []
    for key in m.name.split(":", 1)[1].split("+"):
        found = [k for k in labels if k == key] or [k for k in labels if k.startswith(key)]
        if len(found) != 1:
            raise DesignkitError(f"--metric {m.name}: {'ambiguous' if found else 'unknown'} "
                                 f"VP source {key!r}; {game.name}'s sources: "
                                 f"{', '.join(labels)} (join several with +)")
        names.append(labels[found[0]][0])
    label = f"share of the VP gained from {' + '.join(names)}"
    return replace(m, label=label)


def compare_variants(game: Game | str, variants: Sequence[NamedVariant | Params | str],
                     metric: str | Sequence[str] = "seat_balance",
                     agents: str | Sequence[str] | None = "greedy",
                     precision: float | Mapping[str, float] | None = None,
                     max_games: int = 2000, first: int = 100, seed: int = 0,
                     level: float = 0.95, players: int | None = None, backend: str = "auto",
                     workers: int = 1, scheduler: Any = None,
                     on_look: Callable[[Comparison], None] | None = None,
                     on_progress: Callable[[int, int], None] | None = None,
                     plan: Plan | None = None,
                     margin: float | Mapping[str, float] | None = None,
                     targets: Mapping[str, Target] | None = None,
                     family: int | None = None) -> Comparison:
    """Play the variants on the same seeds, look after each batch, and stop when every
    primary verdict is reached or ``max_games`` are played (module docstring: why any
    stopping point is valid). ``margin`` (old name ``precision``) is per metric in its own
    unit (shares as fractions: 0.03 = 3 points). A Ctrl-C (KeyboardInterrupt, also raised
    by ``on_progress`` for a panel's Stop) keeps the games every variant finished and
    returns the verdict so far. Variants that play the same ruleset at this player count
    are not played (``stopped`` says why)."""
    plan = plan or plan_comparison(game, variants, metric, agents, precision, max_games,
                                   first, seed, level, players, margin, targets, family)
    out = Comparison(plan.game.name, [v.name for v in plan.variants], plan.metrics,
                     plan.margins, plan.level, plan.schedule, plan.agents, plan.seed,
                     plan.targets, plan.family, plan.exploratory)
    if plan.inert:
        out.stopped = plan.inert
        return out
    out.rows = [{} for _ in plan.variants]
    _run_looks(plan.game, plan.variants, out, backend, workers, scheduler, on_look,
               on_progress)
    return out


def extend_comparison(out: Comparison, plan: Plan, max_games: int, backend: str = "auto",
                      workers: int = 1, on_look: Callable[[Comparison], None] | None = None,
                      on_progress: Callable[[int, int], None] | None = None) -> Comparison:
    """Play on from where ``out`` stopped, up to ``max_games`` per variant: the intervals
    are confidence sequences, so extending a finished comparison keeps them valid (the
    games already played stay; new looks double from there)."""
    n = out.n_games
    if max_games <= n:
        raise DesignkitError(f"--max-games {max_games}: the comparison already has {n} games")
    out.schedule = [k for k in look_schedule(max_games, max(1, n)) if k > n] or [max_games]
    _run_looks(plan.game, plan.variants, out, backend, workers, None, on_look, on_progress,
               start=n)
    return out


def _run_looks(game: Game, chosen: list[NamedVariant], out: Comparison, backend: str,
               workers: int, scheduler: Any, on_look: Callable[[Comparison], None] | None,
               on_progress: Callable[[int, int], None] | None, start: int = 0) -> None:
    from designkit.sim.many import Executor

    trace, coverage = metrics_needing(out.metrics)
    rows = out.rows
    started = time.perf_counter()
    done = start * len(chosen)
    total = out.schedule[-1] * len(chosen)
    lo = start
    with Executor(backend, workers, scheduler) as ex:
        for n in out.schedule:
            try:
                done = _play(ex, game, chosen, out, range(lo, n), trace, coverage, rows,
                             done, total, on_progress)
            except KeyboardInterrupt:
                out.stopped = "interrupted"
                _evaluate(game, chosen, out, rows, trace, coverage)
                break
            lo = n
            _evaluate(game, chosen, out, rows, trace, coverage)
            if on_look is not None:
                on_look(out)
            primary = out.table[~out.table["exploratory"]] if len(out.table) else out.table
            if len(primary) and primary["decided"].all():
                out.stopped = "decided"
                break
        else:
            out.stopped = "budget spent"
    out.elapsed += time.perf_counter() - started


def _play(ex: Any, game: Game, chosen: list[NamedVariant], out: Comparison, ids: range,
          trace: bool, coverage: bool, rows: list[dict[int, Any]], done: int, total: int,
          on_progress: Callable[[int, int], None] | None) -> int:
    """Games ``ids`` of every variant (the same game seeds for all: game_seed(seed, id)).

    Games this process already played with the same key (:mod:`.played_games`: the draft of
    every other comparison of a review, a cure shared by two questions) are taken from its
    memo, and two variants with the same key play once: only missing ids go to workers."""
    from designkit.analysis import played_games
    from designkit.sim.many import batches
    from designkit.sim.runner import run_batch

    fn: Callable[..., Any] = run_batch
    if any(m.needs_watch for m in out.metrics):   # a game's declared metric (sim.watched)
        from designkit.sim import watched

        fn = watched.run_batch_watched_traced if trace else watched.run_batch_watched
    elif trace:
        from designkit.sim.trace import run_batch_traced as fn
    most = played_games.limit()
    keys = [played_games.arm_key(game, v.params, out.agents, out.seed, fn, coverage)
            for v in chosen]
    twins: dict[int, list[int]] = {}   # the variant that plays -> every variant it plays for
    tasks = []
    served = done
    for i, v in enumerate(chosen):
        key = keys[i]
        first = next((t for t in twins if key is not None and keys[t] == key), None)
        if first is not None:
            twins[first].append(i)
            continue
        twins[i] = [i]
        have = played_games.MEMO.get(key, ids) if key is not None else {}
        rows[i].update(have)
        done += len(have)
        job = (game.name, v.params.to_dict(), out.agents, out.seed)
        for run in played_games.missing_runs(ids, have):
            for chunk in batches(len(run), ex.workers):
                part = range(run.start + chunk.start, run.start + chunk.stop)
                tasks.append(((i, part.start), fn, (*job, part, coverage)))
    for i, same in twins.items():
        for j in same[1:]:
            rows[j].update({g: rows[i][g] for g in ids if g in rows[i]})
            done += sum(1 for g in ids if g in rows[i])
    if on_progress is not None and done > served:
        on_progress(done, total)

    def finished(key: Any, got: list) -> None:
        nonlocal done
        i, start = key
        for j in twins[i]:
            for k, row in enumerate(got):
                rows[j][start + k] = row
        if keys[i] is not None:
            played_games.MEMO.put(keys[i], enumerate(got, start), most)
        done += len(got) * len(twins[i])
        if on_progress is not None:
            on_progress(done, total)

    ex.run(tasks, finished)
    return done


def _evaluate(game: Game, chosen: list[NamedVariant], out: Comparison,
              rows: list[dict[int, Any]], trace: bool, coverage: bool) -> None:
    """Results of the games every variant finished, and the table of verdicts."""
    from designkit.sim.many import results_from_rows

    common = sorted(set.intersection(*(set(r) for r in rows)))
    out.results = [results_from_rows(game, v.params, out.agents, out.seed,
                                     [rows[i][g] for g in common], len(common), trace,
                                     {"paired": True}, coverage)
                   for i, v in enumerate(chosen)]
    out.same_games = bool(common) and all(_same_games(out.results[0], r)
                                          for r in out.results[1:])
    table = pd.DataFrame([_difference(m, out, j) for m in out.metrics
                          for j in range(1, len(chosen))], columns=TABLE_COLUMNS)
    out.table = table
    out.looks.append(table)


def _same_games(a: Results, b: Results) -> bool:
    """Every game played out identically: the same length, decisions (their count, the
    options offered at each summed), end and scores."""
    cols = [c for c in ("game_id", "turns", "decisions", "multi_option_decisions",
                        "branching_sum", "end_reason", "winner")
            if c in a.games.columns and c in b.games.columns]
    ga, gb = a.games.sort_values("game_id"), b.games.sort_values("game_id")
    if not ga[cols].reset_index(drop=True).equals(gb[cols].reset_index(drop=True)):
        return False
    sa = a.seats.sort_values(["game_id", "seat"])["score"].to_numpy()
    sb = b.seats.sort_values(["game_id", "seat"])["score"].to_numpy()
    return bool(np.array_equal(sa, sb))


def _alphas(out: Comparison, metric: str) -> tuple[float, float, float]:
    """(each verdict's α, the difference's α, each arm's α): see the module docstring."""
    base = 1 - out.level
    a = base if metric in out.exploratory else base / out.family
    if metric in out.targets:
        return a, a / 2, a / 4
    return a, a, a


def _difference(m: Metric, out: Comparison, j: int) -> dict[str, Any]:
    a_res, b_res = out.results[0], out.results[j]
    alpha, a_diff, a_arm = _alphas(out, m.name)
    margin = out.precision_of(m.name)
    target = out.targets.get(m.name)
    if m.paired_games:
        x, y = per_game(m, a_res), per_game(m, b_res)
        ok = np.isfinite(x) & np.isfinite(y)
        x, y = x[ok], y[ok]
        n = len(x)
        d = y - x
        rho = max(out.schedule[-1], 200)
        if m.bounded:
            ds, xs, ys = (betting_cs(d, -1.0, 1.0, a_diff), betting_cs(x, 0.0, 1.0, a_arm),
                          betting_cs(y, 0.0, 1.0, a_arm))
            min_games = 1
        else:
            ds, xs, ys = (normal_mixture_cs(d, a_diff, rho), normal_mixture_cs(x, a_arm, rho),
                          normal_mixture_cs(y, a_arm, rho))
            min_games = MIN_GAMES_UNBOUNDED
        diff, lo, hi = ds.last()
        a, a_lo, a_hi = xs.last()
        b, b_lo, b_hi = ys.last()
        identical = bool(n and np.all(d == 0))
        vd = _var(d)
        ratio = (_var(x) + _var(y)) / vd if vd > 0 else math.nan
        method = ds.method
    else:
        won_a, _ = won_by_position(a_res)
        won_b, _ = won_by_position(b_res)
        n = len(won_a)
        sa, sb = seat_balance(won_a, a_diff / 2), seat_balance(won_b, a_diff / 2)
        a, a_lo, a_hi = sa.imbalance
        b, b_lo, b_hi = sb.imbalance
        diff, lo, hi = b - a, b_lo - a_hi, b_hi - a_lo
        identical = bool(n and np.array_equal(won_a, won_b))
        ratio, min_games, method = math.nan, 1, "betting (per position)"
    reading = read((diff, lo, hi), n, margin, cure=(b_lo, b_hi), draft=(a_lo, a_hi),
                   target=target, better=m.better, min_games=min_games, identical=identical)
    half = (hi - lo) / 2 if n else math.inf
    row = {"metric": m.name, "label": m.label, "variant": out.names[j],
           "baseline": out.names[0], "n": n, "a": a, "a_lo": a_lo, "a_hi": a_hi, "b": b,
           "b_lo": b_lo, "b_hi": b_hi, "diff": diff, "lo": lo, "hi": hi,
           "half_width": half, "margin": margin, "target": target.text if target else "",
           "kind": reading.kind, "more_games": reading.more_games, "why": reading.why,
           "method": method, "alpha": alpha, "exploratory": m.name in out.exploratory,
           "identical": identical,
           "independent_half_width": half * math.sqrt(ratio) if ratio == ratio else math.nan,
           "games_ratio": ratio, "decided": reading.decided}
    if out.same_games:
        row["why"] = ("the bots do not respond to this change: every game played out "
                      "identically under both" + (f"; {reading.why}" if reading.why else ""))
    elif identical and not reading.why:
        more = (f"; ≈{reading.more_games:,} more games per arm"
                if reading.kind == UNDECIDED and reading.more_games else "")
        row["why"] = ("the same value in every game under both: the bots may not respond "
                      "to what this change affects" + more)
    elif target is not None and n and target.holds(a_lo, a_hi) and reading.decided:
        row["why"] = "the draft already meets the target"
    row["verdict"] = verdict(m, row, margin, bots=out.bots)
    return row


@dataclass(frozen=True)
class VerdictWords:
    """How :func:`verdict` writes in one language: the verdict words (by kind), the
    line's template over ``name``, ``base``, ``word``, ``what``, ``levels``, ``target``,
    ``margin``, ``n``, ``bots`` and ``extra``, how a value is shown (``show(value, metric,
    kind)``, kind ``"diff"``, ``"level"`` or ``"width"``) and how variants and metrics are
    named. The lab writes the Japanese ones from the same numbers."""

    kinds: Mapping[str, str]
    line: str
    levels: str
    target: str
    no_target: str
    more: str
    never: str
    exploratory: str
    show: Callable[[float, str, str], str]
    name: Callable[[str], str]
    label: Callable[[Metric], str]


def _show_kind(value: float, metric: str, kind: str) -> str:
    """:func:`_show` of a difference (``"diff"``), a level (``"level"``) or a width
    (``"width"``: the margin)."""
    return _show(value, metric, sign=kind == "diff", points=True if kind == "width" else None)


ENGLISH = VerdictWords(
    kinds={k: k for k in (FIXES, IMPROVES, SAME, WORSE, RAISES, LOWERS, UNDECIDED)},
    line=("{name} {word}{extra} — {label}: {what} against {base}; {levels}; {target}margin "
          "±{margin}; {n} games per arm; {bots} bots"),
    levels="{base} {a}, {name} {b}", target="target {target}; ", no_target="",
    more=" (≈{more} more games per arm)", never=" ({why})", exploratory=" [exploratory]",
    show=_show_kind, name=lambda n: n, label=lambda m: m.label)


def verdict(m: Metric, row: Any, margin: float, words: VerdictWords = ENGLISH,
            bots: str = "") -> str:
    """One sentence written from the numbers (a row of the comparison's table): the verdict
    word, the difference with its interval, both arms' levels, the target, the margin, the
    games and the bots."""
    show = words.show
    name, base, n = words.name(row["variant"]), words.name(row["baseline"]), int(row["n"])
    what = (f"{show(row['diff'], m.name, 'diff')} [{show(row['lo'], m.name, 'diff')}, "
            f"{show(row['hi'], m.name, 'diff')}]")

    def level(v: str) -> str:
        return (f"{show(row[v], m.name, 'level')} [{show(row[v + '_lo'], m.name, 'level')}, "
                f"{show(row[v + '_hi'], m.name, 'level')}]")

    extra = ""
    if row["why"]:
        extra = words.never.format(why=row["why"])
    elif row["kind"] == UNDECIDED:
        more = row["more_games"]
        extra = words.more.format(more=f"{int(more):,}" if more == more and more is not None
                                  else "many")
    if row["exploratory"]:
        extra += words.exploratory
    return words.line.format(
        name=name, word=words.kinds[row["kind"]], extra=extra, label=words.label(m),
        what=what, base=base, levels=words.levels.format(base=base, name=name, a=level("a"),
                                                         b=level("b")),
        target=words.target.format(target=row["target"]) if row["target"] else
        words.no_target, margin=show(margin, m.name, "width"), n=n, bots=bots)


def _show(value: float, metric: str, sign: bool = False, points: bool | None = None) -> str:
    """A value in the metric's unit: shares as % (levels) or percentage points (differences,
    widths: ``sign`` or ``points``), other metrics with 2–3 significant digits."""
    if not math.isfinite(value):
        return "n/a"
    percent = parse_metric(metric).unit == "%"
    v = value * 100 if percent else value
    text = f"{v:+.1f}" if sign else f"{v:.1f}"
    if not percent and abs(v) < 10:
        text = f"{v:+.2f}" if sign else f"{v:.2f}"
    if not percent:
        return text
    return text + (" pts" if (sign if points is None else points) else "%")


def _var(v: np.ndarray) -> float:
    return float(v.var(ddof=1)) if len(v) > 1 else math.nan


def look_text(out: Comparison) -> str:
    """One line per look, for the CLI's running output."""
    n = out.n_games
    parts = [f"{r['variant']} {r['metric']} {_show(r['diff'], r['metric'], sign=True)} "
             f"[{_show(r['lo'], r['metric'], sign=True)}, "
             f"{_show(r['hi'], r['metric'], sign=True)}] {r['kind']}"
             for _, r in out.table.iterrows()]
    return f"after {n} games: " + "; ".join(parts)


__all__ = ["DECIDED", "ENGLISH", "FIXES", "IMPROVES", "LOWERS", "RAISES", "SAME", "UNDECIDED",
           "WORSE", "Comparison", "Plan", "Reading", "Target", "VerdictWords",
           "compare_variants", "extend_comparison", "look_text", "plan_comparison", "verdict"]
