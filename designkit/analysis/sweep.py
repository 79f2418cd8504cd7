"""Parameter sweeps: one or two parameters over a grid, every point on the same seeds.

Each grid point plays the same seeded games (common random numbers), so the
differences between points come from the rules, not from different deals.
:func:`sweep` returns one tidy DataFrame: the parameter column(s), then the
columns of :func:`designkit.analysis.metrics.summary` (``metric, seat,
category, value, lo, hi, n``), one row per point × metric. Plot builders for
it live in :mod:`designkit.analysis.sweep_charts`.
"""

from __future__ import annotations

import inspect
import itertools
import math
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, TypeVar

import pandas as pd

from designkit.analysis.metrics import summary
from designkit.core.errors import DesignkitError, ParamError
from designkit.core.game import Game
from designkit.core.params import Params, _scalar
from designkit.core.registry import get_game
from designkit.sim.many import Executor, simulate_many
from designkit.sim.results import Results

_P = ParamSpec("_P")
_R = TypeVar("_R")


def parse_values(text: str) -> list[Any]:
    """Grid values typed by a person: ``24,25,26``; ``24,25,...,30`` (step from the first
    two); ``24:30`` or ``0.2:0.6:0.1`` (start:stop:step, stop included); words as they are.
    Anything else (no values, ``1:.inf``, ``a,b,...,c``) is one DesignkitError."""
    text = text.strip()
    if ":" in text and "," not in text:
        parts = [_scalar(p) for p in text.split(":")]
        if len(parts) not in (2, 3) or not all(_finite(p) for p in parts):
            raise DesignkitError(f"values {text!r}: write START:STOP or START:STOP:STEP "
                                 "with finite numbers, e.g. 24:30 or 0.2:0.6:0.1")
        start, stop = parts[0], parts[1]
        step = parts[2] if len(parts) == 3 else 1
        return _arith(start, stop, step, text)
    items = [t.strip() for t in text.split(",") if t.strip()]
    if not items:
        raise DesignkitError(f"values {text!r}: no values; write 24,25,26 or 24:30")
    if "..." in items:
        i = items.index("...")
        if i < 2 or i != len(items) - 2:
            raise DesignkitError(f"values {text!r}: write A,B,...,Z (two values, ..., the last)")
        a, b, z = _scalar(items[i - 2]), _scalar(items[i - 1]), _scalar(items[-1])
        if not all(_finite(v) for v in (a, b, z)):
            raise DesignkitError(f"values {text!r}: A,B,...,Z needs finite numbers, e.g. "
                                 "24,25,...,30")
        return [_scalar(x) for x in items[:i - 2]] + _arith(a, z, b - a, text)
    return [_scalar(t) for t in items]


def _finite(value: Any) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))


def _arith(start: float, stop: float, step: float, text: str) -> list[Any]:
    if not step or (stop - start) / step < 0:
        raise DesignkitError(f"values {text!r}: the step does not lead from start to stop")
    ratio = (stop - start) / step
    if not math.isfinite(ratio) or ratio >= 10_000:
        raise DesignkitError(f"values {text!r}: more than 10,000 points is too many")
    count = int(round(ratio)) + 1
    vals = [start + i * step for i in range(count)]
    if all(isinstance(x, int) for x in (start, stop, step)):
        return [int(v) for v in vals]
    return [round(v, 12) for v in vals]


def grid_params(base: Params, param: str, values: Sequence[Any], param2: str | None = None,
                values2: Sequence[Any] | None = None) -> list[tuple[dict[str, Any], Params]]:
    """Every grid point as ``({param: value, ...}, Params)``, validated up front so a bad
    value fails before any game is played (the error names the field and its range)."""
    if param2 is not None and not values2:
        raise DesignkitError(f"sweep: give values for {param2}")
    specs = base.specs()
    for name in filter(None, (param, param2)):
        if name not in specs:
            raise ParamError(name, f"unknown parameter; known: {', '.join(specs)}")
    if param2 == param:
        raise DesignkitError("sweep: the two parameters must differ")
    axes = [(param, list(values))] + ([(param2, list(values2))] if param2 and values2 else [])
    points = []
    for combo in itertools.product(*[v for _, v in axes]):
        point = {name: value for (name, _), value in zip(axes, combo, strict=True)}
        points.append((point, base.replace(**point)))
    return points


def run_points(game: Game | str, param: str, values: Sequence[Any], param2: str | None = None,
               values2: Sequence[Any] | None = None, n_games: int = 1000,
               params: Params | None = None, agents: str | Sequence[str] | None = None,
               seed: int = 0, backend: str = "auto", workers: int | None = None,
               scheduler: Any = None,
               executor: Executor | None = None, trace: bool = False,
               progress: bool | None = False,
               on_progress: Callable[[int, int], None] | None = None,
               keep_partial: bool = False) -> list[tuple[dict[str, Any], Results]]:
    """Simulate every grid point; ``[(point, Results), ...]`` in grid order.
    ``on_progress(done, total)`` counts games over all points (for panels). With
    ``keep_partial`` an interrupt (Ctrl-C, SIGTERM, workers lost) returns every point
    instead of raising, the unfinished ones with ``Results.interrupted`` set."""
    game = get_game(game)
    base = params if params is not None else game.params_type()
    points = grid_params(base, param, values, param2, values2)
    runs = simulate_many(game, [p for _, p in points], n_games, seed=seed, agents=agents,
                         backend=backend, workers=workers, scheduler=scheduler,
                         executor=executor, trace=trace, progress=progress,
                         on_progress=on_progress, keep_partial=keep_partial)
    return [(point, res) for (point, _), res in zip(points, runs, strict=True)]


def _arguments_of(source: Callable[_P, object]) -> Callable[[Callable[..., _R]],
                                                              Callable[_P, _R]]:
    """Give the decorated function ``source``'s parameter list, for mypy and ``help()``: one
    list of sweep arguments (:func:`run_points`'), not a second copy to keep in step."""
    def decorate(f: Callable[..., _R]) -> Callable[_P, _R]:
        signature = inspect.signature(source)
        f.__dict__["__signature__"] = signature.replace(
            return_annotation=inspect.signature(f).return_annotation)
        return f
    return decorate


def sweep_table(runs: Sequence[tuple[dict[str, Any], Results]]) -> pd.DataFrame:
    """The tidy table of :func:`sweep` from :func:`run_points`' output.

    Only finished points make rows: a point cut short by an interrupt would be measured on
    fewer (and other) games than its neighbours. When some are missing, ``table.attrs
    ["stopped"]`` says so: ``{"points": finished, "of": all, "why": reason}``.
    """
    finished = [(point, res) for point, res in runs if not res.interrupted]
    if len(finished) < len(runs):
        why = next(r.meta.get("stopped") for _, r in runs if r.interrupted) or "interrupted"
        table = _point_rows(finished, runs)
        table.attrs["stopped"] = {"points": len(finished), "of": len(runs), "why": why}
        return table
    return _point_rows(finished, runs)


def _point_rows(finished: Sequence[tuple[dict[str, Any], Results]],
                runs: Sequence[tuple[dict[str, Any], Results]]) -> pd.DataFrame:
    if not finished:
        names = list(runs[0][0]) if runs else []
        return pd.DataFrame(columns=[*names, "metric", "seat", "category", "value", "lo",
                                     "hi", "n"])
    frames = []
    for point, res in finished:
        table = summary(res)
        for i, (name, value) in enumerate(point.items()):
            table.insert(i, name, [value] * len(table))
        frames.append(table)
    return pd.concat(frames, ignore_index=True)


@_arguments_of(run_points)
def sweep(*args: Any, **kwargs: Any) -> pd.DataFrame:
    """Sweep ``param`` over ``values`` (and ``param2`` over ``values2``: the full grid).

    Every point plays ``n_games`` games on seed ``seed`` with ``agents``, starting
    from ``params`` (the draft defaults if omitted). Returns the tidy table: one
    column per swept parameter, then ``metric, seat, category, value, lo, hi, n``
    (see :func:`designkit.analysis.metrics.summary`; ``trace=True`` adds drama,
    lead changes and decisiveness). ``backend``/``workers``/``scheduler`` as in
    ``simulate`` (``workers=None``: every core when the whole grid is big enough to pay
    for them); all points' batches run together on one pool or cluster;
    ``on_progress(done, total)`` counts finished games over all points. With
    ``keep_partial`` an interrupt returns the finished points (see :func:`sweep_table`).
    """
    return sweep_table(run_points(*args, **kwargs))


def swept_params(table: pd.DataFrame) -> list[str]:
    """The parameter columns of a sweep table (those before ``metric``)."""
    cols = list(table.columns)
    return cols[:cols.index("metric")]


def _ci(row: Any, digits: int = 3, pct: bool = False) -> str:
    scale = 100.0 if pct else 1.0
    fmt = f"{{:.{digits}f}}"
    value = fmt.format(row.value * scale)
    if row.lo != row.lo:  # NaN: no interval
        return value
    return f"{value} [{fmt.format(row.lo * scale)}, {fmt.format(row.hi * scale)}]"


SWEEP_NOTES = ("intervals: 95% (t for means, Wilson for shares, bootstrap for balance); "
               "seat p: chi-square test of equal seat win rates (small = seat advantage); "
               "every point plays the same seeded games")


def sweep_text(table: pd.DataFrame, seat_labels: dict[int, str] | None = None,
               reason_labels: dict[str, str] | None = None) -> str:
    """The CLI's two tables: game length and end reasons per point, then seat balance
    (balance, chi-square p-value, win rate per seat), all with 95% intervals."""
    blocks = [_format_table(first, names, head, rows)
              for first, names, head, rows in sweep_tables(table, seat_labels, reason_labels)]
    return "\n\n".join(blocks) + "\n\n" + SWEEP_NOTES


def sweep_tables(table: pd.DataFrame, seat_labels: dict[int, str] | None = None,
                 reason_labels: dict[str, str] | None = None
                 ) -> list[tuple[str, list[str], list[str], list[list[str]]]]:
    """:func:`sweep_text`'s two tables as data: (first column's title, point names, header,
    rows of cells), for a panel to draw as tables. ``reason_labels`` names end reasons."""
    params = swept_params(table)
    labels = seat_labels or {}
    keys = list(table[params].drop_duplicates().itertuples(index=False, name=None))
    reasons = list(dict.fromkeys(table.loc[table["metric"] == "end_share", "category"]))
    seats = sorted(int(s) for s in table.loc[table["metric"] == "win_rate", "seat"].unique())
    named = reason_labels or {}
    head1 = ["turns", "decisions", "winner margin"] + [f"ends '{named.get(r, r)}' %"
                                                        for r in reasons]
    head2 = ["balance", "seat p", *[f"{labels.get(s, s)} win %" for s in seats]]
    rows1, rows2 = [], []
    for key in keys:
        mask = (table[params] == pd.Series(key, index=params)).all(axis=1)
        pt = table[mask]

        def get(metric: str, seat: int | None = None, category: str | None = None,
                pt: pd.DataFrame = pt) -> Any:
            sel = pt[pt["metric"] == metric]
            if seat is not None:
                sel = sel[sel["seat"] == seat]
            if category is not None:
                sel = sel[sel["category"] == category]
            return next(sel.itertuples(), None)

        def cell(r: Any, digits: int = 1, pct: bool = False) -> str:
            return _ci(r, digits, pct) if r is not None else "–"

        rows1.append([cell(get("turns")), cell(get("decisions")),
                      cell(get("winner_margin"), 2)]
                     + [cell(get("end_share", category=r), 1, True) for r in reasons])
        p = get("seat_p_value")
        rows2.append([cell(get("balance"), 3), f"{p.value:.3f}" if p is not None else "–"]
                     + [cell(get("win_rate", seat=s), 1, True) for s in seats])
    names = [", ".join(f"{v}" for v in key) for key in keys]
    first = " × ".join(params)
    return [(first, names, head1, rows1), (first, names, head2, rows2)]


def _format_table(first: str, names: list[str], head: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(first), *(len(n) for n in names))]
    widths += [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]
    lines = ["  ".join(h.ljust(w) if i == 0 else h.rjust(w)
                       for i, (h, w) in enumerate(zip([first, *head], widths, strict=True)))]
    for name, row in zip(names, rows, strict=True):
        lines.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                               for i, (c, w) in enumerate(zip([name, *row], widths,
                                                              strict=True))))
    return "\n".join(lines)


def to_wide(table: pd.DataFrame, metric: str, seat: int | None = None,
            category: str | None = None) -> pd.DataFrame:
    """One metric of a sweep table with its interval, one row per point."""
    sel = table[table["metric"] == metric]
    if seat is not None:
        sel = sel[sel["seat"] == seat]
    if category is not None:
        sel = sel[sel["category"] == category]
    return sel[swept_params(table) + ["value", "lo", "hi", "n"]].reset_index(drop=True)
