"""SweepPanel: one or two parameters over a grid of values, every point on the same seeds.

The sweep itself is :func:`designkit.analysis.sweep.sweep` (a tidy table), the
text tables :func:`~designkit.analysis.sweep.sweep_text` and the charts
:func:`designkit.analysis.sweep_charts.sweep_figures` (lines with interval bands
for one parameter, heat maps for two). The panel is generic: the parameters it
offers, and the values it suggests, come from the game's ``Params.specs()``.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets
import pandas as pd

from designkit.analysis.sweep import SWEEP_NOTES, grid_params, parse_values, sweep, sweep_tables
from designkit.analysis.sweep_charts import sweep_figures
from designkit.analysis.tune import tunable
from designkit.core.errors import DesignkitError
from designkit.core.game import Game
from designkit.core.params import Params, ParamSpec

from ._util import (
    BackgroundRun,
    analysis_style,
    batch_form,
    chart_grid,
    checked_params,
    html_table,
    params_of,
    show_figures,
    show_message,
    style_widget,
    wrap_row,
)
from .i18n import lang_of
from .labels import end_reason_label
from .param_fields import spec_help

SWEEPABLE = ("int", "float", "choice", "bool")
NONE = ""
POINTS = 5  # values suggested for a wide numeric range


def sweepable(params_type: type[Params]) -> dict[str, ParamSpec]:
    """Parameters a sweep can vary: numbers with a range, choices and switches."""
    return {name: spec for name, spec in params_type.specs().items()
            if spec.kind in SWEEPABLE and (spec.kind not in ("int", "float")
                                           or spec.range is not None)}


def suggest_values(spec: ParamSpec, current: Any = None) -> str:
    """Values to prefill for ``spec``: every choice; a whole-number range in full when
    short, else five values around ``current``; five evenly spaced for a real range."""
    if spec.kind == "bool":
        return "False, True"
    if spec.kind == "choice":
        return ", ".join(str(c) for c in spec.choices or ())
    assert spec.range is not None  # every int and float param has one (ParamSpec checks)
    lo, hi = spec.range
    if spec.kind == "int":
        lo, hi = int(lo), int(hi)
        if hi - lo < POINTS:
            return ", ".join(str(v) for v in range(lo, hi + 1))
        centre = int(current) if isinstance(current, (int, float)) else (lo + hi) // 2
        start = max(lo, min(centre - POINTS // 2, hi - POINTS + 1))
        return ", ".join(str(v) for v in range(start, start + POINTS))
    step = (hi - lo) / (POINTS - 1)
    return ", ".join(f"{round(lo + i * step, 6):g}" for i in range(POINTS))


@dataclass
class _Job:
    params: Params
    param: str
    values: list[Any]
    param2: str | None
    values2: list[Any] | None
    n_games: int
    agents: str
    seed: int
    backend: str
    workers: int
    trace: bool
    points: int


class SweepPanel(BackgroundRun, widgets.VBox):
    """Sweep parameters of ``game`` starting from ``params_source`` (a ParamsPanel, a
    Params, a callable or None for the draft)."""

    thread_name = "designkit-sweep"

    def __init__(self, game: Game | str, params_source: Any = None, n_games: int = 200,
                 seed: int = 0) -> None:
        super().__init__()
        self._use(game, params_source)
        self.specs = sweepable(self.game.params_type)
        if not self.specs:
            raise DesignkitError(f"{self.game.name} has no parameter a sweep can vary")
        self.table: pd.DataFrame | None = None
        self.figures: list[Any] = []
        self._build(n_games, seed)
        self.add_class("dk-sweep")

    # -- layout ---------------------------------------------------------------------------------
    def _build(self, n_games: int, seed: int) -> None:
        names = list(self.specs)
        first = next((n for n in tunable(self.game.params_type)
                      if n in self.specs and not n.startswith("players")), names[0])
        wide = widgets.Layout(width="460px")
        self.param = widgets.Dropdown(options=names, value=first, description="Parameter",
                                       style={"description_width": "initial"})
        self.param.add_class("dk-sweep-param")
        self.values = widgets.Text(description="Values", layout=wide,
                                   placeholder="24, 25, 26  or  20:30  or  0.2:0.6:0.1")
        self.values.add_class("dk-sweep-values")
        self.help = widgets.HTML()
        self.param2 = widgets.Dropdown(options=[("(none: line charts)", NONE)]
                                       + [(n, n) for n in names],
                                       value=NONE, description="2nd (heat map)",
                                       style={"description_width": "initial"})
        self.param2.add_class("dk-sweep-param2")
        self.values2 = widgets.Text(description="Values", layout=wide, disabled=True)
        self.values2.add_class("dk-sweep-values2")
        self.help2 = widgets.HTML()
        self.n_games = widgets.BoundedIntText(value=n_games, min=1, max=1_000_000,
                                              description="Games/point",
                                       style={"description_width": "initial"})
        batch_form(self, seed)
        self.trace = widgets.Checkbox(value=False, indent=False,
                                      description="drama and lead changes (slower)")
        controls = self._run_controls("Games")
        self.text = widgets.HTML()
        self.text.add_class("dk-sweep-text")
        self.charts = chart_grid()
        self._fill(self.param, self.values, self.help)
        self.param.observe(lambda _c: self._fill(self.param, self.values, self.help),
                           names="value")
        self.param2.observe(lambda _c: self._fill(self.param2, self.values2, self.help2),
                            names="value")
        self.children = [
            style_widget(), analysis_style(),
            widgets.HTML("<b>Sweep</b>: every point plays the same seeded games, so "
                         "differences come from the rules, not the deals."),
            widgets.HBox([self.param, self.values]), self.help,
            widgets.HBox([self.param2, self.values2]), self.help2,
            wrap_row(self.n_games, self.agents, self.seed),
            wrap_row(self.backend, self.workers, self.trace),
            controls, self.status, self.text, self.charts]

    def _fill(self, dropdown: widgets.Dropdown, values: widgets.Text,
              help_html: widgets.HTML) -> None:
        """Prefill ``values`` for the parameter chosen in ``dropdown`` (a user event)."""
        name = dropdown.value
        values.disabled = name == NONE
        if name == NONE:
            values.value, help_html.value = "", ""
            return
        spec = self.specs[name]
        params, _ = params_of(self.params_source, self.game)
        values.value = suggest_values(spec, getattr(params, name, None))
        self._help(dropdown, help_html)

    def _help(self, dropdown: widgets.Dropdown, help_html: widgets.HTML) -> None:
        """What the chosen parameter does and its range, in the lab's language."""
        from .i18n import tr

        if dropdown.value == NONE:
            help_html.value = ""
            return
        spec, lang = self.specs[dropdown.value], lang_of(self)
        help_html.value = (f'<span class="dk-rule">{escape(spec.rule)}</span> '
                           f'<span class="dk-help">'
                           f'{escape(spec_help(spec, lang, self.game.name))} '
                           f'({escape(tr(spec.describe_range(), lang))})</span>')

    def _dk_relabel(self, _lang: str) -> None:
        """The parameters' help in the lab's language (:mod:`.i18n`)."""
        self._help(self.param, self.help)
        self._help(self.param2, self.help2)

    # -- running --------------------------------------------------------------------------------
    def run(self, blocking: bool = True) -> pd.DataFrame | Any:
        """Run the sweep: blocking returns the tidy table (None when refused, e.g. for
        parameter errors or a value out of range); otherwise returns the thread."""
        return super().run(blocking)

    def _job(self) -> _Job:
        params = checked_params(self.params_source, self.game)
        param, param2 = self.param.value, self.param2.value or None
        values = parse_values(self.values.value)
        if not values:
            raise DesignkitError(f"give values for {param}, e.g. 24, 25, 26")
        values2 = parse_values(self.values2.value) if param2 else None
        if param2 and not values2:
            raise DesignkitError(f"give values for {param2}, or choose (none)")
        points = grid_params(params, param, values, param2, values2)  # checks every value
        return _Job(params, param, values, param2, values2, self.n_games.value,
                    self.agents.value, self.seed.value, self.backend.value,
                    self.workers.value, self.trace.value, len(points))

    def _compute(self, job: _Job) -> pd.DataFrame:
        total = job.points * job.n_games
        self.progress.max, self.progress.value = total, 0
        show_message(self.status, f"{job.points} points × {job.n_games} games …")
        return sweep(self.game, job.param, job.values, job.param2, job.values2,
                     n_games=job.n_games, params=job.params, agents=job.agents,
                     seed=job.seed, backend=job.backend, workers=job.workers,
                     trace=job.trace, on_progress=self._tick)

    def _show(self, job: _Job, table: pd.DataFrame) -> None:
        self.table = table
        labels = self._labels()
        reasons = {r: end_reason_label(self.game, r, None, lang_of(self))
                   for r in table.loc[table["metric"] == "end_share", "category"].unique()}
        self.text.value = "<br>".join(
            html_table([escape(first)] + [escape(h) for h in head],
                       [[escape(n)] + [escape(c) for c in row]
                        for n, row in zip(names, rows, strict=True)], css="dk-table dk-num-table")
            for first, names, head, rows in sweep_tables(table, labels, reasons)
        ) + f"<div class='dk-note'>{escape(SWEEP_NOTES)}</div>"
        figs = sweep_figures(table, labels, reasons)
        shown = show_figures(self.charts, {f"sweep-{i}": f for i, f in enumerate(figs)})
        self.figures = list(shown.values())
        axes = job.param + (f" × {job.param2}" if job.param2 else "")
        show_message(self.status, f"{axes}: {job.points} points × {job.n_games} games on "
                                  f"seed {job.seed} (the same games at every point)")

    def _labels(self) -> dict[int, str]:
        most = max(self.game.max_players, 1)
        if "players" in self.specs and self.specs["players"].range is not None:
            most = max(most, int(self.specs["players"].range[1]))
        return {s: self.game.seats_label(s) for s in range(most)}
