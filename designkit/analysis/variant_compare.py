"""Is the cure better than the draft, and how sure is that? Paired, sequential comparisons.

Every variant plays the **same seeds** (common random numbers: game *i* of each variant
deals the same cards and rolls the same dice until the rules make them differ), so a
difference is measured game by game and its interval is narrower than that of two
independent runs of the same size; the output says by how much (``games_ratio``: the
games two independent runs would need for the same width, per game used here).

**Sequential, with a valid stopping rule.** Games are played in looks of doubling size
(``first``, 2·``first``, 4·``first`` … up to ``max_games``: K looks, fixed before the
first game). At each look every difference gets an interval at level ``1 − α/K`` (α =
1 − ``level``): a Bonferroni union bound over the K planned looks, so the intervals hold
*simultaneously at every look* with probability ≥ ``level``, whatever the look at which
the run stops. That is what makes stopping early — when every interval is within
``±precision``, or on Ctrl-C — honest, unlike recomputing a plain 95 % interval after
each batch ("naive peeking", whose error rate grows with the number of looks). The price
is a wider interval than a single fixed-size test (z ≈ 2.6 instead of 1.96 at K = 6);
doubling looks keep K small.

Per-game metrics use the paired mean difference (t-free normal interval: games number in
the hundreds); win and turn-order rates are means of 0/1 values, so this is the paired
(McNemar-type) difference of proportions; seat balance, a statistic of many games, uses a
paired bootstrap over the same game indices (:mod:`variant_metrics`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from designkit.analysis.stats import normal_ppf
from designkit.analysis.variant_metrics import (
    Metric,
    bootstrap_imbalance,
    imbalance,
    metrics_needing,
    parse_metric,
    per_game,
    won_by_position,
)
from designkit.core.errors import DesignkitError
from designkit.core.game import Game
from designkit.core.params import Params
from designkit.core.registry import get_game
from designkit.core.seats import player_count
from designkit.core.variants import NamedVariant, load_variant
from designkit.sim.results import Results

BOOTSTRAP_REPS = 400
TABLE_COLUMNS = ["metric", "label", "variant", "baseline", "n", "a", "b", "diff", "lo", "hi",
                 "half_width", "independent_half_width", "games_ratio", "decided", "verdict"]


@dataclass
class Comparison:
    """The outcome: the final table, every look's table, and the games behind them."""

    game: str
    names: list[str]
    metrics: list[Metric]
    precision: float | dict[str, float]
    level: float
    schedule: list[int]
    agents: list[str]
    seed: int
    table: pd.DataFrame = field(default_factory=pd.DataFrame)
    looks: list[pd.DataFrame] = field(default_factory=list)
    results: list[Results] = field(default_factory=list)
    elapsed: float = 0.0
    stopped: str = ""          # "precision reached", "budget spent", "interrupted"

    def precision_of(self, metric: str) -> float:
        """The precision asked for ``metric`` (one number for all, or one per metric)."""
        if isinstance(self.precision, dict):
            return float(self.precision.get(metric, min(self.precision.values())))
        return float(self.precision)

    @property
    def n_games(self) -> int:
        return int(self.table["n"].max()) if len(self.table) else 0

    @property
    def look_level(self) -> float:
        """The level of each look's interval (Bonferroni over the planned looks)."""
        return 1 - (1 - self.level) / max(1, len(self.schedule))

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
                f"{self.elapsed:.1f} s; intervals at {self.level:.0%} simultaneously over "
                f"{len(self.schedule)} planned looks, each look at {self.look_level:.2%}):")
        lines = [head]
        for _, row in self.table.iterrows():
            lines.append(f"  {row['verdict']}")
            if math.isfinite(row["games_ratio"]):
                lines.append(f"    pairing: two independent runs would need "
                             f"{row['games_ratio']:.1f}× the games for this width "
                             f"(±{_show(row['independent_half_width'], row['metric'], points=True)} "
                             f"instead of ±{_show(row['half_width'], row['metric'], points=True)})")
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

    def summary(self, precision: float) -> str:
        """The CLI's first line: what is compared, how, and to what precision."""
        names = [v.name for v in self.variants]
        return (f"{self.game.name}: {' and '.join(names[1:])} against {names[0]} on the same "
                f"seeds (paired), {', '.join(sorted(set(self.agents)))} bots; metrics "
                f"{', '.join(m.name for m in self.metrics)}; stop at ±{precision} or "
                f"{self.schedule[-1]} games per variant (looks at "
                f"{', '.join(map(str, self.schedule))})")


def plan_comparison(game: Game | str, variants: Sequence[NamedVariant | Params | str],
                    metric: str | Sequence[str] = "seat_balance",
                    agents: str | Sequence[str] | None = "greedy",
                    precision: float | dict[str, float] = 0.02,
                    max_games: int = 2000, first: int = 100, seed: int = 0,
                    level: float = 0.95, players: int | None = None) -> Plan:
    """Check everything a comparison needs: variants, metrics, budget, agents, seed."""
    from designkit.agents import make_agents
    from designkit.core.limits import check_games, check_seed

    game = get_game(game)
    for value in (precision.values() if isinstance(precision, dict) else [precision]):
        if not value > 0:
            raise DesignkitError(f"--precision {value}: give a number above 0 (in the "
                                 "metric's unit; shares as fractions, 0.03 = 3 points)")
    if not 0 < level < 1:
        raise DesignkitError(f"level {level}: give a number between 0 and 1")
    names = [metric] if isinstance(metric, str) else list(metric)
    metrics = [_for_game(game, parse_metric(m)) for part in names for m in part.split(",")
               if m.strip()]
    if not metrics:
        raise DesignkitError("--metric: name at least one metric")
    chosen = resolve_variants(game, variants, players)
    schedule = look_schedule(max_games, first)
    check_games(max_games, len(chosen))
    specs = [a.name for a in make_agents(agents, player_count(chosen[0].params))]
    return Plan(game, chosen, metrics, schedule, specs, check_seed(seed))


def _for_game(game: Game, m: Metric) -> Metric:
    """A VP-share metric names one of this game's sources (or a unique prefix)."""
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
    return Metric(m.name, label, m.better, m.paired_games, m.needs_trace, m.needs_coverage,
                  m.unit)


def compare_variants(game: Game | str, variants: Sequence[NamedVariant | Params | str],
                     metric: str | Sequence[str] = "seat_balance",
                     agents: str | Sequence[str] | None = "greedy",
                     precision: float | dict[str, float] = 0.02,
                     max_games: int = 2000, first: int = 100, seed: int = 0,
                     level: float = 0.95, players: int | None = None, backend: str = "auto",
                     workers: int = 1, scheduler: Any = None,
                     on_look: Callable[[Comparison], None] | None = None,
                     on_progress: Callable[[int, int], None] | None = None,
                     plan: Plan | None = None) -> Comparison:
    """Play the variants on the same seeds in doubling looks until every difference from
    the first variant (the baseline) is known to ``±precision`` or ``max_games`` are
    played; see the module docstring for why the stopping rule is valid.

    ``precision`` is in the metric's own unit (shares and rates as fractions: 0.03 = 3
    points). A Ctrl-C (KeyboardInterrupt, also raised by ``on_progress`` for a panel's Stop)
    keeps the games that every variant finished and returns the verdict so far.
    """
    plan = plan or plan_comparison(game, variants, metric, agents, precision, max_games,
                                   first, seed, level, players)
    out = Comparison(plan.game.name, [v.name for v in plan.variants], plan.metrics, precision,
                     level, plan.schedule, plan.agents, plan.seed)
    _run_looks(plan.game, plan.variants, out, backend, workers, scheduler, on_look,
               on_progress)
    return out


def _run_looks(game: Game, chosen: list[NamedVariant], out: Comparison, backend: str,
               workers: int, scheduler: Any, on_look: Callable[[Comparison], None] | None,
               on_progress: Callable[[int, int], None] | None) -> None:
    from designkit.sim.many import Executor

    trace, coverage = metrics_needing(out.metrics)
    rows: list[dict[int, Any]] = [{} for _ in chosen]
    started = time.perf_counter()
    done = 0
    total = out.schedule[-1] * len(chosen)
    with Executor(backend, workers, scheduler) as ex:
        for k, n in enumerate(out.schedule):
            lo = out.schedule[k - 1] if k else 0
            try:
                done = _play(ex, game, chosen, out, range(lo, n), trace, coverage, rows,
                             done, total, on_progress)
            except KeyboardInterrupt:
                out.stopped = "interrupted"
                _evaluate(game, chosen, out, rows, trace, coverage)
                break
            _evaluate(game, chosen, out, rows, trace, coverage)
            if on_look is not None:
                on_look(out)
            widths = zip(out.table["half_width"], out.table["metric"], strict=True)
            if all(h <= out.precision_of(m) for h, m in widths):
                out.stopped = "precision reached"
                break
        else:
            out.stopped = "budget spent"
    out.elapsed = time.perf_counter() - started


def _play(ex: Any, game: Game, chosen: list[NamedVariant], out: Comparison, ids: range,
          trace: bool, coverage: bool, rows: list[dict[int, Any]], done: int, total: int,
          on_progress: Callable[[int, int], None] | None) -> int:
    """Games ``ids`` of every variant (the same game seeds for all: game_seed(seed, id))."""
    from designkit.sim.many import batches
    from designkit.sim.runner import run_batch

    fn: Callable[..., Any] = run_batch
    if trace:
        from designkit.sim.trace import run_batch_traced as fn
    tasks = []
    for i, v in enumerate(chosen):
        job = (game.name, v.params.to_dict(), out.agents, out.seed)
        for chunk in batches(len(ids), ex.workers):
            part = range(ids.start + chunk.start, ids.start + chunk.stop)
            tasks.append(((i, part.start), fn, (*job, part, coverage)))

    def finished(key: Any, got: list) -> None:
        nonlocal done
        i, start = key
        for j, row in enumerate(got):
            rows[i][start + j] = row
        done += len(got)
        if on_progress is not None:
            on_progress(done, total)

    ex.run(tasks, finished)
    return done


def _evaluate(game: Game, chosen: list[NamedVariant], out: Comparison,
              rows: list[dict[int, Any]], trace: bool, coverage: bool) -> None:
    """Results of the games every variant finished, and the table of differences."""
    from designkit.sim.many import results_from_rows

    common = sorted(set.intersection(*(set(r) for r in rows)))
    out.results = [results_from_rows(game, v.params, out.agents, out.seed,
                                     [rows[i][g] for g in common], len(common), trace,
                                     {"paired": True}, coverage)
                   for i, v in enumerate(chosen)]
    z = normal_ppf(1 - (1 - out.level) / (2 * len(out.schedule)))
    table = pd.DataFrame([_difference(m, out, j, z) for m in out.metrics
                          for j in range(1, len(chosen))], columns=TABLE_COLUMNS)
    out.table = table
    out.looks.append(table)


def _difference(m: Metric, out: Comparison, j: int, z: float) -> dict[str, Any]:
    a_res, b_res = out.results[0], out.results[j]
    if m.paired_games:
        x, y = per_game(m, a_res), per_game(m, b_res)
        ok = np.isfinite(x) & np.isfinite(y)
        x, y = x[ok], y[ok]
        n = len(x)
        d = y - x
        a, b, diff = _mean(x), _mean(y), _mean(d)
        half = z * _sd(d) / math.sqrt(n) if n > 1 else math.inf
        indep = z * math.sqrt(_var(x) / n + _var(y) / n) if n > 1 else math.inf
    else:
        won_a, _ = won_by_position(a_res)
        won_b, _ = won_by_position(b_res)
        n = len(won_a)
        a, b = imbalance(won_a), imbalance(won_b)
        diff = b - a
        rng = np.random.default_rng(out.seed)
        paired, independent = bootstrap_imbalance(won_a, won_b, BOOTSTRAP_REPS, rng)
        half = z * float(paired.std(ddof=1)) if n > 1 else math.inf
        indep = z * float(independent.std(ddof=1)) if n > 1 else math.inf
    ratio = (indep / half) ** 2 if 0 < half < math.inf else math.nan
    row = {"metric": m.name, "label": m.label, "variant": out.names[j],
           "baseline": out.names[0], "n": n, "a": a, "b": b, "diff": diff,
           "lo": diff - half, "hi": diff + half, "half_width": half,
           "independent_half_width": indep, "games_ratio": ratio}
    row["decided"] = bool(diff - half > 0 or diff + half < 0)   # row's "lo" and "hi"
    row["verdict"] = verdict(m, row, out.precision_of(m.name))
    return row


def _show_kind(value: float, metric: str, kind: str) -> str:
    """:func:`_show` of a difference (``"diff"``), a level (``"level"``) or a width
    (``"width"``: the precision)."""
    return _show(value, metric, sign=kind == "diff", points=True if kind == "width" else None)


def _own_name(name: str) -> str:
    return name


def _metric_label(m: Metric) -> str:
    return m.label


@dataclass(frozen=True)
class VerdictWords:
    """How :func:`verdict` writes in one language: ``str.format`` templates over ``name``,
    ``base``, ``word``, ``what``, ``level``, ``n`` and ``precision`` (``level`` over
    ``label``, ``name``, ``b``, ``base``, ``a``), the words of a decided row (higher,
    lower, better, worse), how a value is shown (``show(value, metric, kind)``, kind
    ``"diff"``, ``"level"`` or ``"width"``) and how variants and metrics are named. The
    lab writes the Japanese ones from the same numbers."""

    decided: str
    same: str
    undecided: str
    level: str
    words: tuple[str, str, str, str]
    show: Callable[[float, str, str], str] = _show_kind
    name: Callable[[str], str] = _own_name
    label: Callable[[Metric], str] = _metric_label


ENGLISH = VerdictWords(
    decided="{name} {word} than {base}: {what} — {level} ({n} games)",
    same="no difference larger than ±{precision} detected after {n} games: {what} — {level}",
    undecided=("not decided after {n} games: {what} is wider than ±{precision} "
               "(raise --max-games) — {level}"),
    level="{label}: {name} {b} vs {base} {a}",
    words=("higher", "lower", "better", "worse"))


def verdict(m: Metric, row: Any, precision: float, words: VerdictWords = ENGLISH) -> str:
    """One sentence written from the numbers (a row of the comparison's table): better /
    worse / higher / lower, no difference larger than the precision, or not decided yet."""
    show = words.show
    name, base, n = words.name(row["variant"]), words.name(row["baseline"]), int(row["n"])
    what = (f"{show(row['diff'], m.name, 'diff')} [{show(row['lo'], m.name, 'diff')}, "
            f"{show(row['hi'], m.name, 'diff')}]")
    level = words.level.format(label=words.label(m), name=name, base=base,
                               b=show(row["b"], m.name, "level"),
                               a=show(row["a"], m.name, "level"))
    fields = {"name": name, "base": base, "what": what, "level": level, "n": n,
              "precision": show(precision, m.name, "width")}
    if row["decided"]:
        up = row["lo"] > 0
        higher, lower, better, worse = words.words
        word = (higher if up else lower) if m.better is None else (
            better if (m.better == "higher") == up else worse)
        return words.decided.format(word=word, **fields)
    template = words.same if row["half_width"] <= precision else words.undecided
    return template.format(**fields)


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


def _mean(v: np.ndarray) -> float:
    return float(v.mean()) if len(v) else math.nan


def _var(v: np.ndarray) -> float:
    return float(v.var(ddof=1)) if len(v) > 1 else math.nan


def _sd(v: np.ndarray) -> float:
    return math.sqrt(_var(v)) if len(v) > 1 else math.nan


def look_text(out: Comparison) -> str:
    """One line per look, for the CLI's running output."""
    n = out.n_games
    parts = [f"{r['variant']} {r['metric']} {_show(r['diff'], r['metric'], sign=True)} "
             f"±{_show(r['half_width'], r['metric'], points=True)}"
             for _, r in out.table.iterrows()]
    return f"after {n} games: " + "; ".join(parts)

