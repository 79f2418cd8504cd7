"""What a tuning search may change, on which grid, and what it must keep.

A designer names the parameters to tune (or takes the game's short default
list, the fields declared ``tune=True``); each becomes a :class:`Dim` on the
parameter's natural grid, anchored at the bottom of its range: whole numbers
in whole steps, fractions on the declared ``step`` (or a round twentieth of the
range), choices and switches as categories. A proposed value is therefore one
a designer would write (0.7, not 0.6976311959272649).

:class:`Keep` is a constraint that keeps the game's character, e.g. the mean
length within ±10 % of the starting point's (``mean_turns=10%``).
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from designkit.core.errors import DesignkitError, ParamError
from designkit.core.params import Params, ParamSpec, _scalar
from designkit.sim.results import Results

#: what a space maps a name to: bounds, values, a ready :class:`Dim`, or None (whole grid)
Range = tuple[float, float] | Sequence[Any] | Any


# -- which parameters ---------------------------------------------------------------------------
def why_not_tunable(name: str, spec: ParamSpec) -> str | None:
    """Why a search may not change this field (None: it may)."""
    if name == "players":
        return "the player count changes the game rather than tuning it (use --players)"
    if spec.tune is False:
        return "declared not tunable (an engine setting or another field's bound)"
    if spec.kind in ("bool", "choice"):
        return None
    if spec.kind in ("int", "float"):
        if spec.range is None:
            return "has no declared range"
        if spec.optional:
            return "may be empty, which means something else than a number"
        return None
    return f"a {spec.kind} parameter (set it with --set, compare variants with compare)"


def tunable(params_type: type[Params]) -> dict[str, ParamSpec]:
    """Every parameter a search may change, in declaration order."""
    return {name: spec for name, spec in params_type.specs().items()
            if why_not_tunable(name, spec) is None}


def closest_first(name: str, names: Sequence[str]) -> list[str]:
    """``names`` ordered by similarity to ``name`` (most similar first, ties in order)."""
    score = {n: difflib.SequenceMatcher(None, name, n).ratio() for n in names}
    return sorted(names, key=lambda n: -score[n])


def check_tunable(params_type: type[Params], name: str) -> ParamSpec:
    """The spec of a tunable field, or a one-line error listing the tunable ones, closest
    match first."""
    specs = params_type.specs()
    ok = tunable(params_type)
    if name in ok:
        return ok[name]
    game = params_type.game_name or "this game"
    why = (f"not a parameter of {game}" if name not in specs
           else f"cannot be tuned: {why_not_tunable(name, specs[name])}")
    raise ParamError(name, f"{why}; tunable, closest first: "
                           f"{', '.join(closest_first(name, list(ok)))}")


def default_names(params_type: type[Params]) -> tuple[str, ...]:
    """The game's short default list (fields declared ``tune=True``)."""
    names = params_type.tune_defaults()
    if not names:
        raise DesignkitError(f"{params_type.game_name or 'this game'} declares no default "
                             "parameters to tune: name some with --param (tunable: "
                             f"{', '.join(tunable(params_type))})")
    return names


# -- the grid -----------------------------------------------------------------------------------
def _decimals(x: float) -> int:
    text = f"{float(x):.12g}"
    return len(text.split(".")[1]) if "." in text and "e" not in text else 0


@dataclass(frozen=True)
class Dim:
    """One searched parameter: ``int``/``float`` on ``low + k·step`` up to ``high``, or
    ``categorical`` over ``choices``."""

    name: str
    kind: str
    low: float = 0
    high: float = 0
    step: float = 1
    choices: tuple[Any, ...] = ()
    anchor: float = 0

    def snap(self, value: Any) -> Any:
        """The grid value nearest ``value`` (removes float noise such as 0.30000000000000004)."""
        if self.kind == "categorical":
            return value
        k = round((float(value) - self.anchor) / self.step)
        if self.kind == "int":
            return int(round(self.anchor + k * self.step))
        return round(self.anchor + k * self.step,
                     max(_decimals(self.anchor), _decimals(self.step)))

    def values(self) -> list[Any]:
        if self.kind == "categorical":
            return list(self.choices)
        n = round((self.high - self.low) / self.step)
        return [self.snap(self.low + i * self.step) for i in range(n + 1)]

    def contains(self, value: Any) -> bool:
        if self.kind == "categorical":
            return value in self.choices
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        return self.low - 1e-9 <= value <= self.high + 1e-9 and math.isclose(
            self.snap(value), value, rel_tol=0, abs_tol=1e-9)

    def suggest(self, trial: Any) -> Any:
        if self.kind == "int":
            return trial.suggest_int(self.name, int(self.low), int(self.high),
                                     step=int(self.step))
        if self.kind == "float":
            return self.snap(trial.suggest_float(self.name, self.low, self.high,
                                                 step=self.step))
        return trial.suggest_categorical(self.name, list(self.choices))

    def describe(self) -> str:
        if self.kind == "categorical":
            return " | ".join(map(str, self.choices))
        n = len(self.values())
        return (f"{self.snap(self.low)}–{self.snap(self.high)} step {self.step:g} "
                f"({n} value{'s' if n != 1 else ''})")


def grid_dim(name: str, spec: ParamSpec, lo: float | None = None,
             hi: float | None = None) -> Dim:
    """The grid of a numeric field, narrowed to the grid points within ``lo``–``hi``."""
    assert spec.range is not None
    step = spec.grid_step()
    assert step is not None
    anchor = spec.range[0]
    lo = spec.range[0] if lo is None else lo
    hi = spec.range[1] if hi is None else hi
    first = anchor + math.ceil((lo - anchor) / step - 1e-9) * step
    last = anchor + math.floor((hi - anchor) / step + 1e-9) * step
    kind = "int" if spec.kind == "int" else "float"
    dim = Dim(name, kind, first, last, step, anchor=anchor)
    if first > last + 1e-9:
        raise ParamError(name, f"no value of the grid (step {step:g} from {anchor:g}) lies "
                               f"within {lo:g}–{hi:g}")
    return Dim(name, kind, dim.snap(first), dim.snap(last), step, anchor=anchor)


def parse_space(text: str | Sequence[str]) -> dict[str, Range | None]:
    """``end_hand_sum=20:34,starting_hand,release_comparison`` (or a list of such items,
    one per ``--param``) → a space: a name alone keeps the metadata's range or choices;
    ``lo:hi`` narrows a number range; ``a|b|c`` lists the values to try."""
    items = text.split(",") if isinstance(text, str) else [
        part for item in text for part in item.split(",")]
    space: dict[str, Range | None] = {}
    for item in (t.strip() for t in items):
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
                raise DesignkitError(f"--param {item}: write NAME, NAME=LO:HI or NAME=A|B")
            space[name.strip()] = (_scalar(lo), _scalar(hi))
    return space


def build_space(params_type: type[Params],
                space: Mapping[str, Range | None] | Sequence[str] | None = None
                ) -> dict[str, Dim]:
    """Name → :class:`Dim`, checked against the metadata: a name must be tunable and a
    narrowed range inside the allowed one. ``None``: the game's default list."""
    if space is None:
        space = dict.fromkeys(default_names(params_type))
    elif not isinstance(space, Mapping):
        space = dict.fromkeys(space)
    out: dict[str, Dim] = {}
    for name, rng in space.items():
        spec = check_tunable(params_type, name)
        if isinstance(rng, Dim):
            out[name] = rng
        elif isinstance(rng, list):
            values = tuple(dict.fromkeys(params_type.check_value(name, v) for v in rng))
            out[name] = Dim(name, "categorical", choices=values)
        elif spec.kind == "bool":
            out[name] = Dim(name, "categorical", choices=(False, True))
        elif spec.kind == "choice":
            out[name] = Dim(name, "categorical", choices=tuple(spec.choices or ()))
        else:
            lo, hi = rng if rng is not None else spec.range  # type: ignore[misc]
            params_type.check_value(name, lo)
            params_type.check_value(name, hi)
            if lo >= hi:
                raise ParamError(name, f"empty range {lo}:{hi}")
            out[name] = grid_dim(name, spec, lo, hi)
    if not out:
        raise DesignkitError("nothing to tune: name some parameters")
    return out


# -- constraints --------------------------------------------------------------------------------
KEEP_METRICS = {"mean_turns": "mean game length (turns)",
                "mean_decisions": "mean decisions per game",
                "margin": "mean winner's margin",
                "end_reason:<name>": "share of games that end by <name>"}


@dataclass(frozen=True)
class Keep:
    """A constraint on the variant's games: ``metric`` within ``±tolerance`` of the
    starting point's value (a fraction of it when ``relative``), or within ``bounds``."""

    metric: str
    tolerance: float | None = None
    relative: bool = False
    bounds: tuple[float, float] | None = None

    def measure(self, results: Results) -> float:
        games = results.games
        if self.metric == "mean_turns":
            return float(games["turns"].mean())
        if self.metric == "mean_decisions":
            return float(games["decisions"].mean())
        if self.metric == "margin":
            from designkit.analysis.metrics import winner_margins

            return float(np.nanmean(winner_margins(results)))
        reason = self.metric.removeprefix("end_reason:")
        return float((games["end_reason"] == reason).mean())

    def limits(self, start: float) -> tuple[float, float]:
        if self.bounds is not None:
            return self.bounds
        assert self.tolerance is not None
        width = abs(start) * self.tolerance if self.relative else self.tolerance
        return start - width, start + width

    def describe(self) -> str:
        if self.bounds is not None:
            return f"{self.metric} within {self.bounds[0]:g}–{self.bounds[1]:g}"
        assert self.tolerance is not None  # a constraint has bounds or a tolerance
        tol = f"{self.tolerance * 100:g}%" if self.relative else f"{self.tolerance:g}"
        return f"{self.metric} within ±{tol} of the start's"

    def check_against(self, results: Results) -> None:
        """Refuse an end reason the starting point's games never reached (a typo, usually)."""
        if not self.metric.startswith("end_reason:"):
            return
        reason = self.metric.removeprefix("end_reason:")
        seen = sorted(map(str, results.games["end_reason"].unique()))
        if reason not in seen:
            raise DesignkitError(f"--keep {self.metric}: no game of the starting point ended "
                                 f"so; end reasons seen: {', '.join(closest_first(reason, seen))}")


def parse_keep(text: str) -> Keep:
    """``mean_turns=10%`` (±10 % of the start's), ``margin=2`` (±2), ``mean_turns=20:40``
    (absolute bounds), ``end_reason:declared=0.05`` (share within ±5 points)."""
    metric, eq, value = (part.strip() for part in text.partition("="))
    usage = ("write METRIC=10% (relative to the start), METRIC=2 (±, absolute) or "
             "METRIC=LO:HI; metrics: " + ", ".join(KEEP_METRICS))
    known = metric in KEEP_METRICS or (metric.startswith("end_reason:")
                                       and len(metric) > len("end_reason:"))
    if not known:
        raise DesignkitError(f"--keep {text}: unknown metric {metric!r}; closest first: "
                             + ", ".join(closest_first(metric, list(KEEP_METRICS))))
    try:
        if not eq or not value:
            raise ValueError
        if ":" in value:
            lo, hi = (float(v) for v in value.split(":"))
            if lo > hi:
                raise ValueError
            return Keep(metric, bounds=(lo, hi))
        relative = value.endswith("%")
        tol = float(value.removesuffix("%"))
        if tol < 0:
            raise ValueError
        return Keep(metric, tolerance=tol / 100 if relative else tol, relative=relative)
    except ValueError:
        raise DesignkitError(f"--keep {text}: {usage}") from None
