"""Tuning parameters toward a design target with Optuna, then checking the gain holds.

:func:`tune` searches only the parameters a designer names (or the game's short
default list), each on its natural grid (:mod:`designkit.analysis.tune_space`),
with a seeded TPE sampler. Every trial plays the same seeded games (common
random numbers), so trials differ by their rules, not by their deals.
Constraints (``keep``) hold the game's character, e.g. its length, near the
starting point's. Because the search picks the best of many noisy estimates,
its best value is optimistic: the winner is therefore re-simulated on a *fresh*
seed set next to the starting parameters, and only when the improvement holds
there (a paired bootstrap interval of the loss difference entirely below zero,
no constraint broken) is the variant saved.

Targets (the loss that is minimised; 0 is perfect):

* ``equal-seats``: the largest gap between two seats' win rates (1 − balance), by turn
  position when the game randomises its start player (seat letters are then symmetric);
* ``length``: |mean turns − target| / target;
* ``margin``: |mean winner's margin − target| / max(1, |target|);
* ``mix``: Σ weight × the losses above (``weights={"equal-seats": 1, "length": 0.5}``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from designkit.analysis.tune_space import (
    Dim,
    Keep,
    Range,
    build_space,
    parse_keep,
    parse_space,
    tunable,
)
from designkit.core.errors import DesignkitError, ParamError
from designkit.core.game import Game
from designkit.core.limits import check_games, check_seed
from designkit.core.params import Params
from designkit.core.paths import data_dir
from designkit.core.registry import get_game
from designkit.sim.many import Executor, Run, play_configs
from designkit.sim.results import Results

TARGETS = ("equal-seats", "length", "margin", "mix")
__all__ = ["TARGETS", "Dim", "Keep", "Target", "TuneOptions", "TuneResult", "build_space",
           "loss", "loss_interval", "loss_meaning", "parse_keep", "parse_space", "tunable",
           "tune"]


# -- the loss ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Target:
    """What to aim for: ``kind`` in :data:`TARGETS`, with ``length``/``margin`` targets
    and ``weights`` (for ``mix``)."""

    kind: str = "equal-seats"
    length: float | None = None
    margin: float | None = None
    weights: Mapping[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in TARGETS:
            raise DesignkitError(f"target {self.kind!r}: choose {', '.join(TARGETS)}")
        for part in self.parts():
            if part == "length" and self.length is None:
                raise DesignkitError("target length: give the target game length in turns")
            if part == "margin" and self.margin is None:
                raise DesignkitError("target margin: give the target winner's margin")
            if part not in TARGETS[:3]:
                raise DesignkitError(f"mix weight {part!r}: choose equal-seats, length, margin")

    def parts(self) -> dict[str, float]:
        if self.kind != "mix":
            return {self.kind: 1.0}
        if not self.weights:
            raise DesignkitError("target mix: give weights, e.g. equal-seats=1,length=0.5")
        return {k: float(v) for k, v in self.weights.items() if v}

    def goal(self, part: str) -> float:
        """The game length or winner's margin aimed at, for a part that needs one (a target
        without it was refused when it was made)."""
        value = self.length if part == "length" else self.margin
        if value is None:
            raise DesignkitError(f"target {part}: give the target {part}")
        return value

    def describe(self) -> str:
        names = {"equal-seats": "equal seat win rates", "length": f"{self.length} turns",
                 "margin": f"winner's margin {self.margin}"}
        return " + ".join(f"{w:g}×{names[k]}" if self.kind == "mix" else names[k]
                          for k, w in self.parts().items())


def _by(results: Results) -> str:
    # Where the start player is random, seat letters are interchangeable and only turn
    # order can be unfair: "equal seats" then means equal win rates by turn position.
    return "position" if "position" in results.seats.columns else "seat"


def _arrays(results: Results) -> dict[str, np.ndarray]:
    from designkit.analysis.metrics import _won_matrix, winner_margins

    return {"won": _won_matrix(results, _by(results)),
            "turns": results.games["turns"].to_numpy(dtype=float),
            "margin": winner_margins(results).to_numpy(dtype=float),
            "seed": results.games["seed"].to_numpy()}


def _loss(target: Target, won: np.ndarray, turns: np.ndarray, margin: np.ndarray
          ) -> np.ndarray:
    """Loss for arrays with a leading bootstrap axis (``won``: reps × games × seats)."""
    total = np.zeros(won.shape[0])
    for part, w in target.parts().items():
        if part == "equal-seats":
            rates = won.mean(axis=1)
            total += w * (rates.max(axis=1) - rates.min(axis=1))
        elif part == "length":
            length = target.goal("length")
            total += w * np.abs(turns.mean(axis=1) - length) / length
        else:
            goal = target.goal("margin")
            total += w * (np.abs(np.nanmean(margin, axis=1) - goal) / max(1.0, abs(goal)))
    return total


def _point_loss(target: Target, a: Mapping[str, np.ndarray]) -> float:
    return float(_loss(target, a["won"][None], a["turns"][None], a["margin"][None])[0])


def loss(results: Results, target: Target) -> float:
    """The target's loss on one set of results (0 is perfect)."""
    return _point_loss(target, _arrays(results))


def _interval(target: Target, a: Mapping[str, np.ndarray], reps: int, seed: int,
              base: Mapping[str, np.ndarray] | None = None) -> dict[str, float]:
    n = len(a["turns"])
    idx = np.random.default_rng(seed).integers(0, n, size=(reps, n))
    boot = _loss(target, a["won"][idx], a["turns"][idx], a["margin"][idx])
    out = {"loss": _point_loss(target, a), "lo": float(np.quantile(boot, 0.025)),
           "hi": float(np.quantile(boot, 0.975))}
    if base is not None:
        if not np.array_equal(base["seed"], a["seed"]):
            raise DesignkitError("a paired loss difference needs runs on the same seeds")
        diff = boot - _loss(target, base["won"][idx], base["turns"][idx], base["margin"][idx])
        out.update({"diff": out["loss"] - _point_loss(target, base),
                    "diff_lo": float(np.quantile(diff, 0.025)),
                    "diff_hi": float(np.quantile(diff, 0.975))})
    return out


def loss_interval(results: Results, target: Target, reps: int = 1000, seed: int = 0,
                  baseline: Results | None = None) -> dict[str, float]:
    """Loss with a bootstrap 95% interval over games; with ``baseline`` (same seeds) also
    the paired difference ``loss − baseline loss`` and its interval."""
    return _interval(target, _arrays(results), reps, seed,
                     _arrays(baseline) if baseline is not None else None)


def loss_meaning(target: Target, by: str = "seat") -> str:
    """What the loss measures, in words a designer reads next to its numbers."""
    def part(kind: str) -> str:
        if kind == "equal-seats":
            if by == "position":
                return ("spread of win rates by turn position (best position's win rate − "
                        "worst's), where the start player is random so turn order, not "
                        "the seat letter, is what can be unfair")
            return "spread of win rates by seat (best seat's win rate − worst's)"
        if kind == "length":
            return (f"distance of the mean game length from {target.length:g} turns, as a "
                    f"share of {target.length:g}")
        return (f"distance of the mean winner's margin from {target.margin:g}, over "
                f"max(1, |{target.margin:g}|)")

    parts = target.parts()
    if target.kind != "mix":
        return part(target.kind) + "; 0 is perfect"
    return " + ".join(f"{w:g} × ({part(k)})" for k, w in parts.items()) + "; 0 is perfect"


# -- the search ---------------------------------------------------------------------------------
@dataclass
class TuneResult:
    """What :func:`tune` found and how it re-checked.

    ``search`` and ``recheck`` hold the same kind of numbers (loss with its interval,
    the paired difference best − start, turns, margin, win rates by ``by``) for the
    search seeds and the fresh seeds; ``keeps`` the constraints' values on both.
    """

    game: str
    target: Target
    base: Params
    best: Params
    best_search_loss: float
    base_search_loss: float
    trials: pd.DataFrame
    recheck: pd.DataFrame
    held: bool
    path: Path | None
    n_games: int
    recheck_games: int
    seed: int
    recheck_seed: int
    space: dict[str, Dim] = field(default_factory=dict)
    search: pd.DataFrame = field(default_factory=pd.DataFrame)
    keeps: pd.DataFrame = field(default_factory=pd.DataFrame)
    by: str = "seat"
    meaning: str = ""
    not_saved: str = ""

    @property
    def changed(self) -> bool:
        return bool(self.best.diff(self.base))

    @property
    def rejected(self) -> pd.DataFrame:
        """Trials a constraint or the parameters' own checks rejected, with the reason."""
        if "user_attrs_rejected" not in self.trials:
            return self.trials.iloc[:0]
        return self.trials[self.trials["user_attrs_rejected"].notna()]

    def _rows(self, table: pd.DataFrame, lines: list[str]) -> None:
        label = "turn position" if self.by == "position" else "seat"
        for r in table.itertuples():
            lines.append(f"  {r.variant:<6} loss {r.loss:.4f} [{r.lo:.4f}, {r.hi:.4f}]   "
                         f"turns {r.turns:.1f}   margin {r.margin:.2f}   win rate by {label} "
                         + " ".join(f"{w:.1%}" for w in r.win_rates))
        best = table.iloc[-1]
        if not math.isnan(best["diff"]):
            lines.append(f"  difference best − start: {best['diff']:+.4f} "
                         f"[{best['diff_lo']:+.4f}, {best['diff_hi']:+.4f}]")

    def summary_text(self) -> str:
        lines = [f"{self.game}: tuned toward {self.target.describe()} "
                 f"({len(self.trials)} trials × {self.n_games} games, seed {self.seed})",
                 f"the loss: {self.meaning}"]
        if self.space:
            lines.append("searched: " + ", ".join(f"{n} {d.describe()}"
                                                   for n, d in self.space.items()))
        if len(self.keeps):
            for k in self.keeps.itertuples():
                lines.append(f"kept: {k.describe} (start {k.search_start:.3g}, allowed "
                             f"{k.search_lo:.3g}–{k.search_hi:.3g})")
        rejected = self.rejected
        if len(rejected):
            first = rejected.iloc[0]
            lines.append(f"rejected trials: {len(rejected)} of {len(self.trials)} (kept out "
                         f"of the choice of the best; e.g. trial {int(first['number'])}: "
                         f"{first['user_attrs_rejected']})")
        changes = self.best.diff(self.base)
        lines.append("proposed change: " + (", ".join(f"{k} {old!r} → {new!r}" for k, (old, new)
                                                      in changes.items()) or "none"))
        if len(self.search):
            lines.append(f"on the search seeds (seed {self.seed}, {self.n_games} games each, "
                         "95% bootstrap intervals):")
            self._rows(self.search, lines)
        lines.append(f"re-check on fresh seeds (seed {self.recheck_seed}, "
                     f"{self.recheck_games} games each, 95% bootstrap intervals):")
        self._rows(self.recheck, lines)
        for k in self.keeps.itertuples():
            lines.append(f"  {k.metric}: start {k.recheck_start:.3g}, best {k.recheck_best:.3g}"
                         f" (allowed {k.recheck_lo:.3g}–{k.recheck_hi:.3g}): "
                         + ("kept" if k.recheck_ok else "BROKEN"))
        if not changes:
            lines.append("verdict: the search found nothing better than the starting "
                         "parameters")
        else:
            lines.append("verdict: " + ("the gain held on fresh seeds (the interval of the "
                                        "difference is below zero)" if self.held else
                                        "the gain did NOT hold on fresh seeds ("
                                        + self._why_not_held() + ")"))
        if self.path is not None:
            lines.append(f"variant saved to {self.path}")
        elif self.not_saved:
            lines.append(f"nothing saved: {self.not_saved}")
        return "\n".join(lines)

    def _why_not_held(self) -> str:
        reasons = []
        if self.recheck.iloc[-1]["diff_hi"] >= 0:
            reasons.append("the interval of the difference does not lie below zero: noise, "
                           "or overfitting to the search seeds")
        broken = [k.metric for k in self.keeps.itertuples() if not k.recheck_ok]
        if broken:
            reasons.append("it broke the constraint on " + ", ".join(broken))
        return "; ".join(reasons)


def _suggest(trial: Any, base: Params, space: Mapping[str, Dim]) -> Params:
    return base.replace(**{name: dim.suggest(trial) for name, dim in space.items()})


def _table(target: Target, base: Results, best: Results, ab: Mapping[str, np.ndarray],
           bb: Mapping[str, np.ndarray]) -> pd.DataFrame:
    from designkit.analysis.metrics import winner_margins

    rows = []
    for label, res, a in (("start", base, ab), ("best", best, bb)):
        li = _interval(target, a, 1000, 0, ab if label == "best" else None)
        rates = res.seats.groupby(_by(res))["won"].mean().tolist()
        rows.append({"variant": label, **li, "turns": float(res.games["turns"].mean()),
                     "margin": float(np.nanmean(winner_margins(res))), "win_rates": rates})
    out = pd.DataFrame(rows)
    for col in ("diff", "diff_lo", "diff_hi"):
        if col not in out:
            out[col] = math.nan
    return out


def _save_path(game: str, save: bool | str | Path, name: str | None, target: Target,
               seed: int) -> Path | None:
    """Where the variant will be written, checked now (folder writable, a .yaml name):
    a read-only data folder must be said before the search, not after it."""
    from designkit.core.outputs import check_output

    if save is False:
        return None
    if save is True:
        stem = name or f"tuned-{target.kind}-seed{seed}"
        if not stem.strip() or any(c in stem for c in "/\\\0") or stem.startswith("."):
            raise DesignkitError(f"--name {stem!r}: a variant name is a file name without "
                                 "folders, e.g. long-game")
        path = data_dir(game) / "variants" / f"{stem}.yaml"
        return check_output(path, (".yaml", ".yml"), make_folder=True, option="save place")
    return check_output(Path(save), (".yaml", ".yml"), make_folder=True, option="--out")


@dataclass(frozen=True)
class TuneOptions:
    """Everything :func:`tune` takes besides the game and the target, with its defaults.

    ``space``: parameter names (ranges from the metadata), or ``{name: (lo, hi)}``,
    ``{name: [values]}`` or ``{name: None}``; default: the game's short list (fields
    declared ``tune=True``). Each of ``n_trials`` trials plays ``n_games`` games on
    ``seed`` with ``agents``, starting from ``params``. ``backend``/``workers``/
    ``scheduler`` as in ``simulate`` (one reused pool or cluster); ``n_jobs`` > 1 runs
    trials concurrently (faster, but the TPE's order, hence the result, is then not
    reproducible). ``keep``: constraints (:class:`Keep` or ``"mean_turns=10%"``).
    ``recheck_games`` (default max(2000, 2·n_games)) on ``recheck_seed`` (default
    ``seed + 1``). ``save``: True writes ``data/<game>/variants/<name>.yaml``, a path
    writes there, False nothing; ``save_anyway`` saves a gain that did not hold.
    ``on_trial(done, n_trials, best_loss)`` is called after each trial (panels).
    """

    space: Mapping[str, Range | None] | Sequence[str] | None = None
    n_trials: int = 30
    n_games: int = 1000
    params: Params | None = None
    agents: str | Sequence[str] | None = None
    seed: int = 0
    recheck_games: int | None = None
    recheck_seed: int | None = None
    backend: str = "auto"
    workers: int = 1
    scheduler: Any = None
    n_jobs: int = 1
    sampler_seed: int | None = None
    save: bool | str | Path = True
    name: str | None = None
    progress: bool | None = False
    on_trial: Callable[[int, int, float], None] | None = None
    keep: Sequence[Keep | str] = ()
    save_anyway: bool = False


def tune(game: Game | str, target: Target | str = "equal-seats",
         options: TuneOptions | None = None, **changes: Any) -> TuneResult:
    """Search ``space`` for parameters that minimise ``target``'s loss, then re-check.

    ``options`` (:class:`TuneOptions`) or its fields as keywords (``tune(game, "length",
    n_trials=10, save=False)``). Values tried lie on each parameter's grid; every trial
    plays the same seeded games. A trial that breaks a ``keep`` constraint is infeasible
    (Optuna's constrained TPE learns to avoid it; the best is chosen among feasible
    trials), one the Params refuse is pruned; ``trials.user_attrs_rejected`` says why.
    The best and the start are then re-simulated on fresh seeds: ``held`` says whether
    the best won there beyond noise (the 95 % interval of the paired loss difference below
    zero) without breaking a constraint; only then is it saved (or ``save_anyway``).
    """
    try:
        import optuna
    except ImportError:
        raise DesignkitError("tuning needs optuna: pip install -e '.[tune]'") from None
    job = _job(game, target, replace(options or TuneOptions(), **changes))
    o = job.opts
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    sampler = optuna.samplers.TPESampler(seed=o.seed if o.sampler_seed is None
                                         else o.sampler_seed)
    study = optuna.create_study(direction="minimize", sampler=sampler)
    with Executor(o.backend, o.workers, o.scheduler) as ex:
        job.executor = ex
        start, limits = _search(job, study)
        best = _best(job, study, start, limits)
        fresh_base, fresh_best = job.run([job.base, best.params], job.recheck_games,
                                         job.recheck_seed)
    return _result(job, study, start, best, fresh_base, fresh_best)


#: each keep constraint's allowed range, from the start's value: metric → (lo, hi)
Limits = dict[str, tuple[float, float]]


@dataclass
class _Job:
    """One tuning, its inputs checked once: the trials then play unchecked."""

    game: Game
    target: Target
    base: Params
    dims: dict[str, Dim]
    keeps: list[Keep]
    opts: TuneOptions
    recheck_games: int
    recheck_seed: int
    save_path: Path | None
    executor: Executor | None = None

    def run(self, configs: Sequence[Params], n: int, seed: int) -> list[Results]:
        return play_configs(self.game, configs, Run(n, seed, self.opts.agents,
                                                    executor=self.executor))


@dataclass
class _Point:
    """A point of the search: its params, results, loss arrays and loss."""

    params: Params
    results: Results
    arrays: dict[str, np.ndarray]
    loss: float


def _job(game: Game | str, target: Target | str, o: TuneOptions) -> _Job:
    g = get_game(game)
    tgt = Target(target) if isinstance(target, str) else target
    base = o.params if o.params is not None else g.params_type()
    dims = build_space(type(base), o.space)
    keeps = [parse_keep(k) if isinstance(k, str) else k for k in o.keep]
    recheck_games = o.recheck_games or max(2000, 2 * o.n_games)
    check_games(o.n_games, name="games-per-trial")  # once: the trials play unchecked
    check_games(recheck_games, 2, name="recheck-games")
    o = replace(o, seed=check_seed(o.seed))
    recheck_seed = o.seed + 1 if o.recheck_seed is None else check_seed(o.recheck_seed)
    save_path = _save_path(g.name, o.save, o.name, tgt, o.seed)  # checked before the search
    return _Job(g, tgt, base, dims, keeps, o, recheck_games, recheck_seed, save_path)


def _point(job: _Job, params: Params) -> _Point:
    res = job.run([params], job.opts.n_games, job.opts.seed)[0]
    arrays = _arrays(res)
    return _Point(params, res, arrays, _point_loss(job.target, arrays))


def _search(job: _Job, study: Any) -> tuple[_Point, Limits]:
    """Play the start, then ``n_trials`` trials; (the start, each keep's allowed range)."""
    import optuna

    start = _point(job, job.base)
    for k in job.keeps:
        k.check_against(start.results)
    limits = {k.metric: k.limits(k.measure(start.results)) for k in job.keeps}
    first = {k: getattr(job.base, k) for k in job.dims}
    if all(d.contains(first[n]) for n, d in job.dims.items()):
        study.enqueue_trial(first)  # trial 0: the start, so the search can only improve
    callbacks = []
    on_trial, n_trials = job.opts.on_trial, job.opts.n_trials
    if on_trial is not None:
        callbacks.append(lambda st, _t: on_trial(len(st.trials), n_trials,
                                                 _best_value(st, start.loss)))
    study.optimize(lambda trial: _objective(job, trial, start, limits, optuna),
                   n_trials=n_trials, n_jobs=job.opts.n_jobs,
                   show_progress_bar=bool(job.opts.progress), callbacks=callbacks)
    return start, limits


def _objective(job: _Job, trial: Any, start: _Point, limits: Limits, optuna: Any) -> float:
    try:
        candidate = _suggest(trial, job.base, job.dims)
    except ParamError as err:  # the Params' own cross-field checks refuse it
        trial.set_user_attr("rejected", f"refused by the parameters: {err}")
        raise optuna.TrialPruned(str(err)) from None
    res = (start.results if candidate == job.base
           else job.run([candidate], job.opts.n_games, job.opts.seed)[0])
    trial.set_user_attr("turns", float(res.games["turns"].mean()))
    broken = []
    for k in job.keeps:
        value = k.measure(res)
        lo, hi = limits[k.metric]
        trial.set_user_attr(f"keep_{k.metric}", value)
        trial.set_constraint(k.metric, max(lo - value, value - hi))
        if not lo - 1e-12 <= value <= hi + 1e-12:
            broken.append(f"{k.metric} {value:.3g} outside {lo:.3g}–{hi:.3g}")
    if broken:
        trial.set_user_attr("rejected", "; ".join(broken))
    return loss(res, job.target)


def _best(job: _Job, study: Any, start: _Point, limits: Limits) -> _Point:
    """The best feasible trial, replayed, or the start when nothing beat it."""
    best_trial = _best_trial(study)
    start_ok = all(lo <= k.measure(start.results) <= hi
                   for k in job.keeps for lo, hi in [limits[k.metric]])
    # a start that breaks an absolute bound gives way to the best trial that keeps it
    if best_trial is None or (start_ok and best_trial.value >= start.loss):
        return start
    best = job.base.replace(**{n: job.dims[n].snap(v) for n, v in best_trial.params.items()})
    # replayed rather than kept from the trial: the same seeds give the same games, and a
    # long search does not hold every trial's results in memory
    return _point(job, best)


def _result(job: _Job, study: Any, start: _Point, best: _Point, fresh_base: Results,
            fresh_best: Results) -> TuneResult:
    search = _table(job.target, start.results, best.results, start.arrays, best.arrays)
    recheck = _table(job.target, fresh_base, fresh_best, _arrays(fresh_base),
                     _arrays(fresh_best))
    keep_table = _keep_table(job.keeps, start.results, best.results, fresh_base, fresh_best)
    changed = bool(best.params.diff(job.base))
    held = (changed and bool(recheck.iloc[-1]["diff_hi"] < 0)
            and bool(keep_table["recheck_ok"].all() if len(keep_table) else True))
    path, not_saved = _save(job, best.params, recheck, changed, held)
    by = _by(start.results)
    o = job.opts
    return TuneResult(game=job.game.name, target=job.target, base=job.base, best=best.params,
                      best_search_loss=float(search.iloc[-1]["loss"]),
                      base_search_loss=start.loss, trials=_trials_frame(study, job.dims),
                      recheck=recheck, held=held, path=path, n_games=o.n_games,
                      recheck_games=job.recheck_games, seed=o.seed,
                      recheck_seed=job.recheck_seed, space=job.dims, search=search,
                      keeps=keep_table, by=by, meaning=loss_meaning(job.target, by),
                      not_saved=not_saved)


def _save(job: _Job, best: Params, recheck: pd.DataFrame, changed: bool, held: bool
          ) -> tuple[Path | None, str]:
    """Write the variant if it should be: (path, why nothing was written)."""
    o = job.opts
    if not changed:
        return None, "nothing beat the starting parameters"
    if o.save is False:
        return None, "saving was turned off"
    if not held and not o.save_anyway:
        return None, ("the gain did not hold on the re-check, so the variant is only "
                      "reported (save it anyway with --save-anyway)")
    note = (f"tuned toward {job.target.describe()}: {o.n_trials} trials × {o.n_games} games "
            f"(seed {o.seed}); re-check on seed {job.recheck_seed}: loss "
            f"{recheck.iloc[0]['loss']:.4f} → {recheck.iloc[-1]['loss']:.4f}, "
            f"{'held' if held else 'did not hold (saved anyway)'}")
    assert job.save_path is not None
    best.save(job.save_path, note=note)
    return job.save_path, ""


def _feasible(trials: Sequence[Any]) -> list[Any]:
    from optuna.trial import TrialState

    return [t for t in trials if t.state == TrialState.COMPLETE
            and all(c <= 0 for c in t.constraints.values())]


def _best_trial(study: Any) -> Any:
    """The lowest-loss feasible trial (the first of equals), None if there is none."""
    feasible = _feasible(study.get_trials(deepcopy=False))
    return min(feasible, key=lambda t: (t.value, t.number)) if feasible else None


def _best_value(study: Any, fallback: float) -> float:
    best = _best_trial(study)
    return float(best.value) if best is not None else fallback


def _trials_frame(study: Any, dims: Mapping[str, Dim]) -> pd.DataFrame:
    trials = study.trials_dataframe(attrs=("number", "value", "state", "params",
                                           "user_attrs"))
    for name, dim in dims.items():
        col = f"params_{name}"
        if col in trials and dim.kind != "categorical":
            trials[col] = [dim.snap(v) if pd.notna(v) else v for v in trials[col]]
    return trials


def _keep_table(keeps: Sequence[Keep], base: Results, best: Results, fresh_base: Results,
                fresh_best: Results) -> pd.DataFrame:
    rows = []
    for k in keeps:
        s0, r0 = k.measure(base), k.measure(fresh_base)
        (slo, shi), (rlo, rhi) = k.limits(s0), k.limits(r0)
        r1 = k.measure(fresh_best)
        rows.append({"metric": k.metric, "describe": k.describe(), "search_start": s0,
                     "search_best": k.measure(best), "search_lo": slo, "search_hi": shi,
                     "recheck_start": r0, "recheck_best": r1, "recheck_lo": rlo,
                     "recheck_hi": rhi, "recheck_ok": bool(rlo - 1e-12 <= r1 <= rhi + 1e-12)})
    return pd.DataFrame(rows, columns=["metric", "describe", "search_start", "search_best",
                                       "search_lo", "search_hi", "recheck_start",
                                       "recheck_best", "recheck_lo", "recheck_hi",
                                       "recheck_ok"])
