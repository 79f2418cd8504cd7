"""DesignLab: the whole lab for one game: Rules, Parameters, Play, Simulate, then the
analysis tabs Metrics, Sweep, Tune and Compare (built on first view, to keep the first
render fast).

Only wiring: a game selector, the language switch (English / 日本語: every tab's labels,
buttons, status lines and verdicts, :mod:`.i18n`; the Play tab's own switch moves it too),
and the parameter editor feeding the stepper and the simulation panel, so the designer
edits a value once and both use it.
Every tab is a generic panel; the game contributes only its ``view``.

From a number to the game behind it: a game picked in the Simulate tab (a point of the
game-length chart, a notable game's Open button) or in the Metrics tab (any chart whose
points carry game ids, and a notable-games table under it) opens in the Play tab at its
first step, with its seed, parameters and agents (:meth:`DesignLab.open_game`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from designkit.core.errors import DesignkitError
from designkit.core.game import Game
from designkit.core.messages import text_of
from designkit.core.params import Params
from designkit.core.registry import get_game, list_games

from ._util import checked_params, close_tree, show_message, style_widget
from .i18n import LANGS, relabel
from .params_panel import ParamsPanel
from .playing import playing_html
from .rules_panel import RulesPanel
from .simulation_panel import SimulationPanel
from .stepper import Stepper

if TYPE_CHECKING:  # the analysis tabs (pandas, plotly) load when first opened
    from designkit.sim.results_file import ResultGame

    from .chart_grid import ChartClick
    from .compare_panel import ComparePanel
    from .metrics_panel import MetricsPanel
    from .notable_games import NotableGames
    from .playtests_panel import PlaytestsPanel
    from .review_panel import ReviewPanel
    from .sweep_panel import SweepPanel
    from .tune_panel import TunePanel

TABS = ("Rules", "Parameters", "Play", "Simulate")
#: appended after TABS, built on first view (Compare: the variants to a verdict)
ANALYSIS_TABS = ("Metrics", "Sweep", "Tune", "Compare", "Playtests", "Review")


class DesignLab(widgets.VBox):
    """The design lab; ``game`` preselects a game (default: the first registered)."""

    def __init__(self, game: Game | str | None = None,
                 variants_dir: str | Path | None = None) -> None:
        super().__init__()
        games = list_games()
        self.variants_dir = variants_dir
        self.game_select = widgets.Dropdown(
            options=[(g.title if g.title_ja == g.title else f"{g.title} / {g.title_ja}", g.name)
                     for g in games],
            value=get_game(game).name if game is not None else games[0].name,
            description="Game", layout=widgets.Layout(width="auto", min_width="320px"))
        self.game_select.add_class("dk-game-select")
        #: the lab's one language switch: every tab's labels, buttons and status lines
        #: (the Play tab's own switch follows it, and it follows the Play tab's)
        self.lang = widgets.ToggleButtons(options=LANGS, value="en",
                                          style={"button_width": "70px"})
        self.lang.add_class("dk-lab-lang")
        self.lang._dk_fixed = True  # each language in its own words
        self.lang.observe(lambda change: self.set_lang(change.new), names="value")
        self._relabelled = False  # nothing to walk until the first switch to 日本語
        self.tabs = widgets.Tab()
        self.tabs.add_class("dk-tabs")
        self.tabs.observe(self._tab_selected, names="selected_index")
        self.game_select.observe(lambda change: self.select(change.new), names="value")
        self.children = [style_widget(),
                         widgets.HBox([self.game_select, self.lang],
                                      layout=widgets.Layout(flex_flow="row wrap",
                                                            grid_gap="4px 16px")),
                         self.tabs]
        self.add_class("dk-lab")
        self.select(self.game_select.value)

    def select(self, name: str) -> None:
        """Build the four tabs for game ``name`` (replacing the previous game's panels)."""
        if self.game_select.value != name:
            self.game_select.value = name  # the observer comes back here
            return
        old_tabs = self.tabs.children
        self.game = get_game(name)
        self.params_panel = ParamsPanel(self.game, variants_dir=self.variants_dir, lazy=True)
        self.rules = RulesPanel(self.game, self.params_panel)
        self.stepper = Stepper(self.game, self.params_panel.params)
        self.stepper.params_check = lambda: checked_params(self.params_panel, self.game)
        self.stepper.name_params = lambda p, lang: playing_html(p, self.params_panel.loaded,
                                                                lang)
        self.stepper.playing.value = playing_html(self.stepper.session.params, None,
                                                  self.lang.value)
        self.stepper.lang.value = self.lang.value
        self.stepper.lang.observe(self._stepper_lang, names="value")
        self.sim_panel = SimulationPanel(self.game, self.params_panel,
                                         variants_dir=self.params_panel.variants_dir)
        self.params_panel.on_change(self._params_changed)
        self.sim_panel.on_open_game(self.open_game)
        self.metrics_panel: MetricsPanel | None = None
        self.metrics_notable: NotableGames | None = None
        self.sweep_panel: SweepPanel | None = None
        self.tune_panel: TunePanel | None = None
        self.compare_panel: ComparePanel | None = None
        self.playtests_panel: PlaytestsPanel | None = None
        self.review_panel: ReviewPanel | None = None
        self.playtest_offer = self._offer_journal()
        self._slots = {title: widgets.VBox([widgets.HTML(f"<i>{title} opens here …</i>")])
                       for title in ANALYSIS_TABS}
        self.tabs.children = [self.rules, self.params_panel, self.stepper, self.sim_panel,
                              *self._slots.values()]
        self.tabs.titles = TABS + ANALYSIS_TABS
        self.tabs.selected_index = 0
        if self._relabelled:
            relabel(self, self.lang.value)
        for old in old_tabs:  # after the swap, so no view points at a closed model
            close_tree(old)

    # -- the language -------------------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        """Every string of the lab in ``lang`` ("en" or "ja"): tab titles, labels, buttons,
        status lines, verdicts; the Play tab's board and log too."""
        if self.lang.value != lang:
            self.lang.value = lang  # the observer comes back here
            return
        self._relabelled = True
        if self.stepper.lang.value != lang:
            self.stepper.lang.value = lang
        relabel(self, lang)

    def _stepper_lang(self, change: Any) -> None:
        """The Play tab's own switch moves the whole lab."""
        if change.new != self.lang.value:
            self.lang.value = change.new

    @property
    def params(self) -> Params:
        return self.params_panel.params

    def _params_changed(self, params: Params) -> None:
        self.stepper.set_params(params)

    # -- from a number to the game behind it -------------------------------------------------------
    def open_game(self, game: ResultGame, note: str = "") -> None:
        """Show ``game`` (of a simulation) in the Play tab at step 0, its bots in the seats."""
        self.stepper.open_game(game.seed, game.params, game.agents,
                               note or f"seed {game.seed}")
        self.tabs.selected_index = TABS.index("Play")

    def _open_metrics_game(self, game_id: int, why: str) -> None:
        from designkit.sim.results_file import game_of

        panel = self.metrics_panel
        if panel is None or panel.results is None:
            return
        try:
            game = game_of(panel.results, game_id)
        except DesignkitError as err:
            show_message(panel.status, text_of(err), error=True)
            return
        self.open_game(game, f"game {game_id} of the Metrics run, seed {game.seed}"
                             + (f": {why}" if why else ""))

    def _metrics_clicked(self, click: ChartClick) -> None:
        ids = click.game_ids
        if ids and self.metrics_panel is not None:
            chart = self.metrics_panel.charts.title_of(click.chart)
            self._open_metrics_game(min(ids), f"clicked in the {chart} chart")

    def _hook_metrics(self, panel: MetricsPanel) -> NotableGames:
        """The Metrics tab's way to its games, without code in the panel: its chart grid's
        clicks, and a notable-games table refreshed whenever its status line changes (it
        does at the end of every run)."""
        from .notable_games import NotableGames

        panel.charts.on_click(self._metrics_clicked)
        notable = NotableGames()
        notable.on_open(self._open_metrics_game)
        shown: list[object] = [None]

        def refresh(_change: object = None) -> None:
            if panel.results is not shown[0]:
                shown[0] = panel.results
                notable.show(panel.results)

        panel.status.observe(refresh, names="value")
        return notable

    # -- the playtest journal: a human game's end offers it (Play), the Playtests tab ---------
    def _offer_journal(self) -> widgets.Widget:
        from designkit.playtests.journal import Journal

        from .playtests_panel import PlaytestOffer

        offer = PlaytestOffer(self.stepper, lambda: Journal(self.game))
        offer.on_saved(lambda _pt: self._refresh_playtests())
        self.stepper.children = [*self.stepper.children, offer]
        return offer

    def _refresh_playtests(self) -> None:
        """A game saved from Play shows in the Playtests tab (when it was ever opened)."""
        if self.playtests_panel is not None:
            self.playtests_panel.refresh()

    def _open_playtest(self, path: Path, bots: bool) -> None:
        """A lab playtest in Play: its record, or the bots' game on the same deal."""
        if bots:
            from designkit.core.records import load_record
            from designkit.session import seat_count

            record = load_record(path)
            params = self.game.params_type.from_dict(record["params"], source=str(path))
            self.stepper.open_game(int(record["seed"] or 0), params,
                                   ["greedy"] * seat_count(self.game, params),
                                   f"greedy on the deal of {path.stem}")
        else:
            self.stepper.load_record(str(path))
        self.tabs.selected_index = TABS.index("Play")

    # -- the analysis tabs (appended; each built the first time its tab is opened) ---------------
    def _tab_selected(self, change: Any) -> None:
        index = change.new
        if index == TABS.index("Parameters"):
            self.params_panel.build_fields()  # its ~500 widget models, on first open
        if index == TABS.index("Simulate"):
            self.sim_panel.refresh_variants()  # one saved meanwhile (e.g. by Tune) appears
        if index is not None and index >= len(TABS):
            self.analysis_panel(ANALYSIS_TABS[index - len(TABS)])
        if self._relabelled and index is not None:  # widgets a panel rebuilt meanwhile
            relabel(self.tabs.children[index], self.lang.value)

    def analysis_panel(self, title: str) -> (MetricsPanel | SweepPanel | TunePanel
                                             | ComparePanel | PlaytestsPanel | ReviewPanel):
        """The Metrics, Sweep, Tune or Compare panel of the current game, built on first use."""
        attr = {"Metrics": "metrics_panel", "Sweep": "sweep_panel", "Tune": "tune_panel",
                "Compare": "compare_panel", "Playtests": "playtests_panel",
                "Review": "review_panel"}[title]
        panel = getattr(self, attr)
        if panel is None:
            from .compare_panel import ComparePanel
            from .metrics_panel import MetricsPanel
            from .sweep_panel import SweepPanel
            from .tune_panel import TunePanel

            extra: list[widgets.Widget] = []
            if title == "Metrics":
                panel = MetricsPanel(self.game, self.params_panel)
                self.metrics_notable = self._hook_metrics(panel)
                extra = [self.metrics_notable]
            elif title == "Sweep":
                panel = SweepPanel(self.game, self.params_panel)
            elif title == "Playtests":
                from designkit.playtests.journal import Journal

                from .playtests_panel import PlaytestsPanel

                panel = PlaytestsPanel(self.game, self.params_panel,
                                       lambda: Journal(self.game))
                panel.on_open(self._open_playtest)
            elif title == "Review":
                from .review_panel import ReviewPanel

                panel = ReviewPanel(self.game)
            elif title == "Compare":
                panel = ComparePanel(self.game, self.params_panel,
                                     variants_dir=self.params_panel.variants_dir)
            else:
                panel = TunePanel(self.game, self.params_panel,
                                  variants_dir=self.params_panel.variants_dir)
            setattr(self, attr, panel)
            slot = self._slots[title]
            old = slot.children
            slot.children = [panel, *extra]
            if self._relabelled:
                relabel(slot, self.lang.value)
            for widget in old:
                close_tree(widget)
        return panel
