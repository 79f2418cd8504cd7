"""DesignLab: the whole lab for one game: Rules, Parameters, Play, Simulate.

Only wiring: a game selector, and the parameter editor feeding the stepper and
the simulation panel, so the designer edits a value once and both use it.
Every tab is a generic panel; the game contributes only its ``view``.
"""

from __future__ import annotations

from pathlib import Path

import ipywidgets as widgets

from designkit.core.game import Game
from designkit.core.params import Params
from designkit.core.registry import get_game, list_games

from ._util import close_tree, style_widget
from .params_panel import ParamsPanel
from .rules_panel import RulesPanel
from .simulation_panel import SimulationPanel
from .stepper import Stepper

TABS = ("Rules", "Parameters", "Play", "Simulate")


class DesignLab(widgets.VBox):
    """The design lab; ``game`` preselects a game (default: the first registered)."""

    def __init__(self, game: Game | str | None = None,
                 variants_dir: str | Path | None = None) -> None:
        super().__init__()
        games = list_games()
        self.variants_dir = variants_dir
        self.game_select = widgets.Dropdown(
            options=[(f"{g.title} / {g.title_ja}", g.name) for g in games],
            value=get_game(game).name if game is not None else games[0].name,
            description="Game")
        self.game_select.add_class("dk-game-select")
        self.tabs = widgets.Tab()
        self.tabs.add_class("dk-tabs")
        self.game_select.observe(lambda change: self.select(change.new), names="value")
        self.children = [style_widget(), self.game_select, self.tabs]
        self.add_class("dk-lab")
        self.select(self.game_select.value)

    def select(self, name: str) -> None:
        """Build the four tabs for game ``name`` (replacing the previous game's panels)."""
        if self.game_select.value != name:
            self.game_select.value = name  # the observer comes back here
            return
        old_tabs = self.tabs.children
        self.game = get_game(name)
        self.rules = RulesPanel(self.game)
        self.params_panel = ParamsPanel(self.game, variants_dir=self.variants_dir)
        self.stepper = Stepper(self.game, self.params_panel.params)
        self.sim_panel = SimulationPanel(self.game, self.params_panel,
                                         variants_dir=self.params_panel.variants_dir)
        self.params_panel.on_change(self._params_changed)
        self.tabs.children = [self.rules, self.params_panel, self.stepper, self.sim_panel]
        self.tabs.titles = TABS
        self.tabs.selected_index = 0
        for old in old_tabs:  # after the swap, so no view points at a closed model
            close_tree(old)

    @property
    def params(self) -> Params:
        return self.params_panel.params

    def _params_changed(self, params: Params) -> None:
        self.stepper.set_params(params)
