"""Tuning parameters toward a design target with Optuna, then checking the gain holds.

:func:`tune` searches chosen parameters (ranges from the ``Params`` metadata,
optionally narrowed) with a seeded TPE sampler. Every trial plays the same
seeded games (common random numbers), so trials differ by their rules, not by
their deals. Because the search picks the best of many noisy estimates, its
best value is optimistic: the winner is therefore re-simulated on a *fresh*
seed set next to the starting parameters, and the report says whether the
improvement held there (a paired bootstrap interval of the loss difference
entirely below zero).

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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from designkit.core.errors import DesignkitError, ParamError
from designkit.core.game import Game
from designkit.core.params import Params, ParamSpec
from designkit.core.paths import data_dir
from designkit.core.registry import get_game
from designkit.sim.many import Executor, simulate_many
from designkit.sim.results import Results

TARGETS = ("equal-seats", "length", "margin", "mix")
Range = tuple[float, float] | Sequence[Any]


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

    def describe(self) -> str:
        names = {"equal-seats": "equal seat win rates", "length": f"{self.length} turns",
                 "margin": f"winner's margin {self.margin}"}
        return " + ".join(f"{w:g}×{names[k]}" if self.kind == "mix" else names[k]
                          for k, w in self.parts().items())


def _arrays(results: Results) -> dict[str, np.ndarray]:
    from designkit.analysis.metrics import _won_matrix, winner_margins

    # Where the start player is random, seat letters are interchangeable and only turn
    # order can be unfair: "equal seats" then means equal win rates by turn position.
    by = "position" if "position" in results.seats.columns else "seat"
    return {"won": _won_matrix(results, by),
            "turns": results.games["turns"].to_numpy(dtype=float),
            "margin": winner_margins(results).to_numpy(dtype=float)}


def _loss(target: Target, won: np.ndarray, turns: np.ndarray, margin: np.ndarray
          ) -> np.ndarray:
    """Loss for arrays with a leading bootstrap axis (``won``: reps × games × seats)."""
    total = np.zeros(won.shape[0])
    for part, w in target.parts().items():
        if part == "equal-seats":
            rates = won.mean(axis=1)
            total += w * (rates.max(axis=1) - rates.min(axis=1))
        elif part == "length":
            total += w * np.abs(turns.mean(axis=1) - target.length) / target.length
        else:
            total += w * (np.abs(np.nanmean(margin, axis=1) - target.margin)
                          / max(1.0, abs(target.margin)))
    return total


def loss(results: Results, target: Target) -> float:
    """The target's loss on one set of results (0 is perfect)."""
    a = _arrays(results)
    return float(_loss(target, a["won"][None], a["turns"][None], a["margin"][None])[0])


def loss_interval(results: Results, target: Target, reps: int = 1000, seed: int = 0,
                  baseline: Results | None = None) -> dict[str, float]:
    """Loss with a bootstrap 95% interval over games; with ``baseline`` (same seeds) also
    the paired difference ``loss − baseline loss`` and its interval."""
    a = _arrays(results)
    n = len(a["turns"])
    idx = np.random.default_rng(seed).integers(0, n, size=(reps, n))
    boot = _loss(target, a["won"][idx], a["turns"][idx], a["margin"][idx])
    out = {"loss": loss(results, target), "lo": float(np.quantile(boot, 0.025)),
           "hi": float(np.quantile(boot, 0.975))}
    if baseline is not None:
        if not np.array_equal(baseline.games["seed"].to_numpy(), results.games["seed"].to_numpy()):
            raise DesignkitError("a paired loss difference needs runs on the same seeds")
        b = _arrays(baseline)
        bb = _loss(target, b["won"][idx], b["turns"][idx], b["margin"][idx])
        diff = boot - bb
        out.update({"diff": out["loss"] - loss(baseline, target),
                    "diff_lo": float(np.quantile(diff, 0.025)),
                    "diff_hi": float(np.quantile(diff, 0.975))})
    return out


# -- the search space ---------------------------------------------------------------------------
def tunable(params_type: type[Params]) -> dict[str, ParamSpec]:
    """Parameters a search may change by default: ints and floats with a range, neither
    optional nor the player count (which changes the game rather than tuning it)."""
    return {name: spec for name, spec in params_type.specs().items()
            if spec.kind in ("int", "float") and spec.range is not None
            and not spec.optional and name != "players"}


def parse_space(text: str) -> dict[str, Range | None]:
    """``--params end_hand_sum=20:34,starting_hand,release_comparison`` → a space: a name
    alone keeps the metadata's range or choices; ``lo:hi`` narrows a number range;
    ``a|b|c`` lists the values to try."""
    space: dict[str, Range | None] = {}
    from designkit.core.params import _scalar

    for item in (t.strip() for t in text.split(",")):
        if not item:
            continue
        name, eq, rng = item.partition("=")
        if not eq:
            space[name.strip()] = None
        elif "|" in rng:
            space[name.strip()] = [_scalar(v) for v in rng.split("|")]
        else:
            lo, colon, hi = rng.partition(":")
            if not colon:
                raise DesignkitError(f"--params {item}: write NAME, NAME=LO:HI or NAME=A|B")
            space[name.strip()] = (_scalar(lo), _scalar(hi))
    return space


def _space(params_type: type[Params], space: Mapping[str, Range | None] | Sequence[str] | None
           ) -> dict[str, tuple[str, Any]]:
    """Name → (``int``/``float``/``categorical``, bounds or choices), checked against the
    metadata so a range outside the allowed one fails with the field's name."""
    specs = params_type.specs()
    if space is None:
        space = dict.fromkeys(tunable(params_type))
    elif not isinstance(space, Mapping):
        space = dict.fromkeys(space)
    out: dict[str, tuple[str, Any]] = {}
    for name, rng in space.items():
        if name not in specs:
            raise ParamError(name, f"unknown parameter; known: {', '.join(specs)}")
        spec = specs[name]
        if isinstance(rng, list):
            out[name] = ("categorical", [params_type.check_value(name, v) for v in rng])
        elif spec.kind == "bool":
            out[name] = ("categorical", [False, True])
        elif spec.kind == "choice":
            out[name] = ("categorical", list(spec.choices))
        elif spec.kind in ("int", "float") and spec.range is not None:
            lo, hi = rng if rng is not None else spec.range
            params_type.check_value(name, lo)
            params_type.check_value(name, hi)
            if lo >= hi:
                raise ParamError(name, f"empty range {lo}:{hi}")
            out[name] = ("int", (int(lo), int(hi))) if spec.kind == "int" else (
                "float", (float(lo), float(hi)))
        else:
            raise ParamError(name, f"cannot tune a {spec.kind} parameter without values "
                                   "(give NAME=A|B|C)")
    if not out:
        raise DesignkitError("nothing to tune: name some parameters")
    return out


# -- the search ---------------------------------------------------------------------------------
@dataclass
class TuneResult:
    """What :func:`tune` found and how it re-checked."""

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

    def summary_text(self) -> str:
        lines = [f"{self.game}: tuned toward {self.target.describe()} "
                 f"({len(self.trials)} trials × {self.n_games} games, seed {self.seed})"]
        changes = self.best.diff(self.base)
        lines.append("proposed change: " + (", ".join(f"{k} {old!r} → {new!r}" for k, (old, new)
                                                      in changes.items()) or "none"))
        lines.append(f"loss in the search: starting point {self.base_search_loss:.4f}, "
                     f"best {self.best_search_loss:.4f}")
        lines.append(f"re-check on fresh seeds (seed {self.recheck_seed}, "
                     f"{self.recheck_games} games each, 95% bootstrap intervals):")
        for r in self.recheck.itertuples():
            lines.append(f"  {r.variant:<9} loss {r.loss:.4f} [{r.lo:.4f}, {r.hi:.4f}]   "
                         f"turns {r.turns:.1f}   margin {r.margin:.2f}   win rates "
                         + " ".join(f"{w:.1%}" for w in r.win_rates))
        best = self.recheck.iloc[-1]
        lines.append(f"  difference best − start: {best['diff']:+.4f} "
                     f"[{best['diff_lo']:+.4f}, {best['diff_hi']:+.4f}]")
        if not changes:
            lines.append("verdict: the search found nothing better than the starting "
                         "parameters (nothing saved)")
            return "\n".join(lines)
        lines.append("verdict: " + ("the gain held on fresh seeds (the interval of the "
                                    "difference is below zero)" if self.held else
                                    "the gain did NOT hold on fresh seeds (the difference "
                                    "is not clearly below zero: noise or overfitting to "
                                    "the search seeds)"))
        if self.path is not None:
            lines.append(f"variant saved to {self.path}")
        return "\n".join(lines)


def _in_space(values: Mapping[str, Any], space: Mapping[str, tuple[str, Any]]) -> bool:
    for name, (kind, arg) in space.items():
        v = values[name]
        if kind == "categorical" and v not in arg:
            return False
        if kind != "categorical" and not arg[0] <= v <= arg[1]:
            return False
    return True


def _suggest(trial: Any, base: Params, space: Mapping[str, tuple[str, Any]]) -> Params:
    values = {}
    for name, (kind, arg) in space.items():
        if kind == "int":
            values[name] = trial.suggest_int(name, *arg)
        elif kind == "float":
            values[name] = trial.suggest_float(name, *arg)
        else:
            values[name] = trial.suggest_categorical(name, arg)
    return base.replace(**values)


def tune(game: Game | str, target: Target | str = "equal-seats",
         space: Mapping[str, Range | None] | Sequence[str] | None = None,
         n_trials: int = 30, n_games: int = 1000, params: Params | None = None,
         agents: str | Sequence[str] | None = None, seed: int = 0,
         recheck_games: int | None = None, recheck_seed: int | None = None,
         backend: str = "auto", workers: int = 1, scheduler: Any = None, n_jobs: int = 1,
         sampler_seed: int | None = None, save: bool | str | Path = True,
         name: str | None = None, progress: bool | None = False,
         on_trial: Callable[[int, int, float], None] | None = None) -> TuneResult:
    """Search ``space`` for parameters that minimise ``target``'s loss, then re-check.

    ``space``: parameter names (ranges from the metadata), or ``{name: (lo, hi)}``,
    ``{name: [values]}`` or ``{name: None}``; default: :func:`tunable`. Each of
    ``n_trials`` trials plays ``n_games`` games on ``seed``. Trials run on one
    reused pool or cluster (``backend``/``workers``/``scheduler`` as in
    ``simulate``); ``n_jobs`` > 1 also runs trials concurrently (faster, but the
    order of TPE suggestions, hence the result, is then not reproducible).

    The best variant and the starting ``params`` are then simulated on
    ``recheck_seed`` (default ``seed + 1``, a fresh seed set) with
    ``recheck_games`` games each (default max(2000, 2·n_games)). ``held`` says
    whether the best beat the start there beyond noise. ``save``: True writes
    ``data/<game>/variants/<name>.yaml`` (Params.save, only the changes), a path
    writes there, False writes nothing (nor when nothing beat the start).
    ``on_trial(done, n_trials, best_loss)`` is called after each trial (panels).
    """
    try:
        import optuna
    except ImportError:
        raise DesignkitError("tuning needs optuna: pip install -e '.[tune]'") from None
    g = get_game(game)
    tgt = Target(target) if isinstance(target, str) else target
    base = params if params is not None else g.params_type()
    dims = _space(type(base), space)
    recheck_games = recheck_games or max(2000, 2 * n_games)
    recheck_seed = seed + 1 if recheck_seed is None else recheck_seed
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    sampler = optuna.samplers.TPESampler(seed=seed if sampler_seed is None else sampler_seed)
    study = optuna.create_study(direction="minimize", sampler=sampler)
    with Executor(backend, workers, scheduler) as ex:
        def run(p: Params, n: int, s: int) -> Results:
            return simulate_many(g, [p], n, seed=s, agents=agents, executor=ex)[0]

        start = {k: getattr(base, k) for k in dims}
        inside = _in_space(start, dims)
        if inside:  # trial 0 is the starting point: the search can only improve on it
            study.enqueue_trial(start)

        def objective(trial: Any) -> float:
            candidate = _suggest(trial, base, dims)
            res = run(candidate, n_games, seed)
            trial.set_user_attr("turns", float(res.games["turns"].mean()))
            return loss(res, tgt)

        callbacks = []
        if on_trial is not None:
            callbacks.append(lambda st, _t: on_trial(len(st.trials), n_trials,
                                                     float(st.best_value)))
        study.optimize(objective, n_trials=n_trials, n_jobs=n_jobs,
                       show_progress_bar=bool(progress), callbacks=callbacks)
        base_loss = (float(study.trials[0].value) if inside
                     else loss(run(base, n_games, seed), tgt))
        best = base.replace(**study.best_params)
        fresh_base, fresh_best = simulate_many(g, [base, best], recheck_games,
                                               seed=recheck_seed, agents=agents, executor=ex)
    recheck = _recheck_table(tgt, fresh_base, fresh_best)
    changed = bool(best.diff(base))
    held = changed and bool(recheck.iloc[-1]["diff_hi"] < 0)
    path = None
    if save is not False and changed:
        note = (f"tuned toward {tgt.describe()}: {n_trials} trials × {n_games} games "
                f"(seed {seed}); re-check on seed {recheck_seed}: loss "
                f"{recheck.iloc[0]['loss']:.4f} → {recheck.iloc[-1]['loss']:.4f}, "
                f"{'held' if held else 'did not hold'}")
        if save is True:
            stem = name or f"tuned-{tgt.kind}-seed{seed}"
            path = data_dir(g.name) / "variants" / f"{stem}.yaml"
        else:
            path = Path(save)
        best.save(path, note=note)
    trials = study.trials_dataframe(attrs=("number", "value", "params", "user_attrs"))
    return TuneResult(game=g.name, target=tgt, base=base, best=best,
                      best_search_loss=float(study.best_value), base_search_loss=base_loss,
                      trials=trials, recheck=recheck, held=held, path=path, n_games=n_games,
                      recheck_games=recheck_games, seed=seed, recheck_seed=recheck_seed)


def _recheck_table(target: Target, base: Results, best: Results) -> pd.DataFrame:
    rows = []
    for label, res in (("start", base), ("best", best)):
        li = loss_interval(res, target, baseline=base if label == "best" else None)
        rates = res.seats.groupby("seat")["won"].mean().tolist()
        from designkit.analysis.metrics import winner_margins

        rows.append({"variant": label, **li, "turns": float(res.games["turns"].mean()),
                     "margin": float(np.nanmean(winner_margins(res))), "win_rates": rates})
    out = pd.DataFrame(rows)
    for col in ("diff", "diff_lo", "diff_hi"):
        if col not in out:
            out[col] = math.nan
    return out
