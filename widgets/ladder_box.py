"""LadderBox: "Balance by skill level" in the Metrics tab (a collapsed accordion).

The numbers, table and chart come from :mod:`designkit.analysis.ladder`; this box
only reads the form (bots, games, seed), runs the ladder in a background thread
with Run / Stop / progress, and lays the results out. The default rungs use
iteration budgets (``mcts:50``, ``mcts:200``) so a seed gives the same figures
again; a time budget (``mcts:0.1s``) may be typed in, and the reading below the
table then says it is not reproducible.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets
import pandas as pd

from designkit.agents import get_agent
from designkit.analysis import ladder as L
from designkit.core.errors import DesignkitError
from designkit.core.game import Game
from designkit.core.params import Params

from ._util import (
    BackgroundRun,
    chart_grid,
    checked_params,
    html_table,
    measured_batch,
    show_figures,
    show_message,
    wrap_row,
)

TITLE = "Balance by skill level"


@dataclass
class _Job:
    params: Params
    rungs: list[str]
    n_games: int
    seed: int


class LadderBox(BackgroundRun, widgets.VBox):
    """Seat / turn-position win rates for a ladder of bots, rung beside rung."""

    thread_name = "designkit-ladder"

    def __init__(self, game: Game | str, params_source: Any = None, n_games: int = 40,
                 seed: int = 0) -> None:
        super().__init__()
        self._use(game, params_source)
        self.table: pd.DataFrame | None = None
        self.figures: dict[str, Any] = {}
        self.rungs = widgets.Text(value=", ".join(L.SEEDED_LADDER), description="Bots",
                                  layout=widgets.Layout(width="420px"))
        self.rungs.add_class("dk-ladder-bots")
        self.n_games = widgets.BoundedIntText(value=n_games, min=1, max=100_000,
                                              description="Games/rung")
        self.seed = widgets.IntText(value=seed, description="Seed")
        controls = self._run_controls("Games")
        self.result = widgets.HTML()
        self.result.add_class("dk-ladder-table")
        self.charts = chart_grid()
        self.children = [
            widgets.HTML("<span class='dk-note'>The same bot at every seat, the same seeds "
                         "on every rung: does a seat or turn-position advantage show only "
                         "with stronger players? mcts:N rungs are reproducible by seed; time "
                         "budgets (mcts:0.1s) are stronger per second but are not.</span>"),
            wrap_row(self.rungs, self.n_games, self.seed),
            controls, self.status, self.result, self.charts]
        self.add_class("dk-ladder")

    def _job(self) -> _Job:
        params = checked_params(self.params_source, self.game)
        rungs = [r.strip() for r in self.rungs.value.split(",") if r.strip()]
        if not rungs:
            raise DesignkitError("Bots: give at least one bot, e.g. random, greedy, mcts:50")
        names = [get_agent(r).name for r in rungs]  # one-line error for a bad name
        return _Job(params, names, self.n_games.value, self.seed.value)

    def _compute(self, job: _Job) -> pd.DataFrame:
        self.progress.max, self.progress.value = job.n_games * len(job.rungs), 0
        show_message(self.status, f"running {job.n_games} games on each of "
                                  f"{len(job.rungs)} rungs …")
        return L.run_ladder(self.game, job.rungs, job.n_games, params=job.params,
                            seed=job.seed, on_progress=self._tick,
                            batch_size=measured_batch(self.game, job.params, list(job.rungs),
                                                      job.n_games, 1, job.seed))

    def _show(self, job: _Job, table: pd.DataFrame) -> None:
        self.table = table
        rows = L.ladder_rows(table)
        header = list(rows[0]) if rows else []
        self.result.value = (f"<b>{TITLE}</b> (95% Wilson intervals)"
                             + html_table(header, [[escape(str(r[h])) for h in header]
                                                   for r in rows])
                             + f"<p class='dk-note'>{escape(L.ladder_note(table))}</p>")
        self.figures = show_figures(self.charts, {"ladder": L.ladder_chart(table)})
        show_message(self.status, f"{job.n_games} games per rung on seed {job.seed}")


def ladder_accordion(box: LadderBox) -> widgets.Accordion:
    """The box in a collapsed accordion titled "Balance by skill level"."""
    acc = widgets.Accordion(children=[box], selected_index=None)
    acc.set_title(0, TITLE)
    acc.add_class("dk-ladder-accordion")
    return acc
