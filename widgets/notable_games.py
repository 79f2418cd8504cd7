"""NotableGames: the games behind a result set's numbers, one Open button each.

Longest, shortest, closest, biggest margin and, per seat, the game it won by most
(:func:`designkit.analysis.notable.notable_games`); Open hands the game id to the
panel's callbacks, which load it in the Play tab. No game logic here.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

import ipywidgets as widgets

from .i18n import lang_of, relabel

if TYPE_CHECKING:  # pandas and the analysis load with the first results, not the page
    import pandas as pd

    from designkit.sim import Results

OpenGame = Callable[[int, str], object]  # (game id, what makes it notable)


class NotableGames(widgets.VBox):
    """A small table of notable games; :meth:`show` fills it, :meth:`on_open` listens."""

    def __init__(self) -> None:
        super().__init__(layout=widgets.Layout(display="none", width="100%", overflow="auto"))
        self._callbacks: list[OpenGame] = []
        self._table: pd.DataFrame | None = None  # built on first use (pandas is slow to load)
        self.buttons: list[widgets.Button] = []
        self.grid = widgets.GridBox(layout=widgets.Layout(
            grid_template_columns="auto auto auto auto auto minmax(0, 1fr)",
            grid_gap="2px 12px", align_items="center", width="100%"))
        self.children = [widgets.HTML("<b>Notable games</b> (Open loads the game in the "
                                      "Play tab at its first step)"), self.grid]
        self.add_class("dk-notable")

    @property
    def table(self) -> pd.DataFrame:
        """The notable games listed (an empty table before any :meth:`show`)."""
        if self._table is None:
            import pandas as pd

            from designkit.analysis.notable import COLUMNS

            self._table = pd.DataFrame(columns=list(COLUMNS))
        return self._table

    def on_open(self, callback: OpenGame) -> None:
        self._callbacks.append(callback)

    def open_row(self, row: int) -> None:
        """Open the game of table row ``row`` (what its Open button does)."""
        entry = self.table.iloc[row]
        for callback in list(self._callbacks):
            callback(int(entry["game_id"]), str(entry["label"]))

    def show(self, results: Results | None) -> None:
        """List the notable games of ``results`` (hide the table for none)."""
        from designkit.analysis.notable import notable_games

        self._table = notable_games(results) if results is not None and results.n_games \
            else self.table.iloc[0:0]
        old = self.grid.children
        cells: list[widgets.Widget] = []
        self.buttons = []
        head = ["", "what", "game", "turns", "winner", "scores"]
        cells += [widgets.HTML(f"<span class='dk-help'>{h}</span>") for h in head]
        for i, r in enumerate(self.table.itertuples()):
            button = widgets.Button(description="Open", icon="play",
                                    tooltip=f"open game {r.game_id} in the Play tab",
                                    layout=widgets.Layout(width="auto"))
            button.add_class("dk-open-game")
            button.on_click(lambda _b, row=i: self.open_row(row))
            self.buttons.append(button)
            cells += [button, widgets.HTML(escape(r.label)),
                      widgets.HTML(f"{r.game_id} <span class='dk-help'>(seed {r.seed})</span>"),
                      widgets.HTML(str(r.turns)), widgets.HTML(escape(r.winner)),
                      widgets.HTML(escape(r.scores))]
        self.grid.children = cells
        relabel(self.grid, lang_of(self.grid))  # the lab's language
        for widget in old:  # after the swap, so no view points at a closed model
            widget.close()
        self.layout.display = None if len(self.table) else "none"

