"""SimulationPanel: run many games in the background and chart the balance.

The run happens in a thread so the page stays responsive; figures are built
from ``designkit.analysis.charts`` and drawn in a :class:`~.chart_grid.ChartGrid`
only after a click (Voila drops widget changes made while the notebook itself runs).
With A/B on, the current parameters run against the draft or a saved variant on the
same seeds, and the difference in win rate by seat is shown with its interval; with
different player counts each seat is compared against its fair share.

Games run in batches of about a quarter of a second of play, timed by playing one game
with the chosen agents (:func:`~._util.measured_batch`; a greedy Witch Academia game takes
seconds, a random Crossroads one milliseconds), so the bar ("12 / 300 games") moves and
Stop is heard within a batch. Stop gives Run back at once: the game in progress ends in
the background, then the finished games' results are built ("building results …"),
unless a new run has started meanwhile, which waits for that game and replaces them. A
new run clears the old table and greys out the old charts until its own are drawn.

From a number to the game behind it: a click on a point of a chart carrying game ids
(the game-length chart) or an Open button of the notable-games table hands that game
(seed, parameters, agents: :func:`designkit.sim.results_file.game_of`) to the
:meth:`SimulationPanel.on_open_game` callbacks; the lab opens it in the Play tab.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from designkit.core.errors import DesignkitError
from designkit.core.game import Game
from designkit.core.messages import text_of
from designkit.core.params import Params
from designkit.core.paths import data_dir
from designkit.core.registry import get_game
from designkit.session import seat_count

from ._util import (
    FormRun,
    SeatAgents,
    chart_grid,
    checked_params,
    classed_html,
    html_table,
    measured_batch,
    message_of,
    run_form,
    run_widgets,
    show_figures,
    show_message,
    style_widget,
    wrap_row,
)
from .i18n import lang_of, words
from .labels import shared_wins_note, with_named_end_reasons
from .notable_games import NotableGames

if TYPE_CHECKING:  # pandas and plotly load with the first run, not with the page
    import plotly.graph_objects as go

    from designkit.sim import Results
    from designkit.sim.results_file import ResultGame

    from .chart_grid import ChartClick

OpenGame = Callable[["ResultGame", str], None]  # (the game, which one it is, in words)

DRAFT = "draft defaults"


def _load_run_modules() -> None:
    """Import what a run and its charts need here, at the click, before the run's thread
    starts: pandas and plotly load with the first run (not with the page), and importing
    them on the run's thread would hold the interpreter lock away from the kernel for most
    of a second while the run is going."""
    import plotly.graph_objects  # noqa: F401

    import designkit.analysis.charts  # noqa: F401
    import designkit.analysis.compare  # noqa: F401


class _Stop(KeyboardInterrupt):
    """Raised from the progress callback: ``simulate`` keeps the games finished so far."""


@dataclass
class _Job(FormRun):
    baseline: Params | None = None
    baseline_name: str = ""
    baseline_agents: list[str] | None = None
    stopped: bool = False  # Stop was pressed for this run
    after: threading.Thread | None = field(default=None, repr=False)  # a stopped run's thread


class SimulationPanel(SeatAgents, widgets.VBox):
    """Simulate ``game`` with parameters from ``params_source`` (a ParamsPanel, Params, ...)."""

    def __init__(self, game: Game | str, params_source: Any = None,
                 variants_dir: str | Path | None = None, n_games: int = 500,
                 seed: int = 0) -> None:
        super().__init__()
        self.game = get_game(game)
        self.params_source = params_source
        self.variants_dir = Path(variants_dir) if variants_dir else \
            data_dir(self.game.name) / "variants"
        self.results: Results | None = None
        self.baseline_results: Results | None = None
        self.comparison = None
        self._thread: threading.Thread | None = None
        self._current: _Job | None = None  # the run the page shows progress of
        self._open_callbacks: list[OpenGame] = []
        self._build(n_games, seed)
        if hasattr(params_source, "on_change"):
            params_source.on_change(lambda _p: self._fit_seats())
        if hasattr(params_source, "on_check"):
            params_source.on_check(self._params_checked)
        self.add_class("dk-sim")

    # -- layout ---------------------------------------------------------------------------------
    def _build(self, n_games: int, seed: int) -> None:
        run_form(self, n_games, seed)
        self.ab = widgets.Checkbox(value=False, description="A/B: compare with", indent=False)
        self.baseline = widgets.Dropdown(options=[DRAFT], value=DRAFT)
        run_widgets(self, "Games")
        self.count = classed_html("dk-count")  # "12 / 300 games": the bar alone says nothing
        self.summary = classed_html("dk-summary")
        self.positions = classed_html("dk-positions")
        # The chart widget exists from the start (empty): plotly's front end then loads with
        # the page, and a run only sends data (Voila keeps updates made in response to clicks).
        self.charts = chart_grid()
        self.charts.on_click(self._chart_clicked)
        self.notable = NotableGames()
        self.notable.on_open(self.open_game)
        self.figures: dict[str, go.Figure] = {}
        self._fit_seats()
        self.refresh_variants()
        self.ab.observe(lambda _c: self.refresh_variants(), names="value")
        self.children = [
            style_widget(), widgets.HTML("<b>Agents by seat</b>"), self.agent_box,
            wrap_row(self.n_games, self.workers, self.seed),
            widgets.HBox([self.ab, self.baseline]),
            widgets.HBox([self.run_button, self.stop_button, self.progress, self.count]),
            self.status, widgets.HBox([self.summary, self.positions],
                                      layout=widgets.Layout(flex_flow="row wrap",
                                                            grid_gap="4px 24px")),
            self.charts, self.notable]

    def refresh_variants(self) -> None:
        names = sorted(p.stem for p in self.variants_dir.glob("*.yaml")) \
            if self.variants_dir.is_dir() else []
        options = [DRAFT] + names
        if list(self.baseline.options) != options:
            keep = self.baseline.value if self.baseline.value in options else DRAFT
            self.baseline.options = options
            self.baseline.value = keep

    def _params_checked(self, errors: dict[str, str]) -> None:
        """A refusal for parameter errors goes away once they are fixed."""
        if not errors and message_of(self.status).startswith("Refused: fix the parameter"):
            show_message(self.status, "")

    # -- running --------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        """Stop the run: Run is usable at once; the game in progress ends in the background,
        then the finished games are kept and charted (unless a new run has begun)."""
        job = self._current
        if job is None or job.stopped or not self.running:
            return
        job.stopped = True
        self._busy(False)
        show_message(self.status, "stopped: the game in progress ends, then the results of "
                                  "the finished games are built …")

    def run(self, blocking: bool = True) -> Results | threading.Thread | None:
        """Run the simulation: in this thread (``blocking``; returns the Results) or in the
        background (returns the thread). Refused, running nothing, while params have errors.
        After Stop, a new run may start at once: it waits for the stopped run's last game."""
        try:
            job = self._job()
        except DesignkitError as err:
            show_message(self.status, text_of(err), error=True)
            return None
        job.after = self._thread if self.running else None
        self._current = job
        self._busy(True)
        if blocking:
            return self._work(job, raise_errors=True)
        _load_run_modules()
        self._thread = threading.Thread(target=self._work, args=(job,), daemon=True,
                                        name="designkit-simulation")
        self._thread.start()
        return self._thread

    def _job(self) -> _Job:
        if self.running and not (self._current and self._current.stopped):
            raise DesignkitError("a simulation is already running")
        params = checked_params(self.params_source, self.game)
        self._fit_seats()
        self.refresh_variants()
        job = _Job(params, [d.value for d in self.agent_dropdowns], self.n_games.value,
                   self.seed.value, self.workers.value)
        if self.ab.value:
            name = self.baseline.value
            job.baseline_name = "draft" if name == DRAFT else name
            job.baseline = self.game.params_type() if name == DRAFT else \
                self.game.params_type.load(self.variants_dir / f"{name}.yaml")
            n_base = seat_count(self.game, job.baseline)
            if n_base != len(job.agents):  # the baseline's seats: this run's, then the last
                job.baseline_agents = (job.agents + [job.agents[-1]] * n_base)[:n_base]
        return job

    def _busy(self, busy: bool) -> None:
        self.run_button.disabled = busy
        self.stop_button.disabled = not busy

    def _count(self, done: int, total: int) -> None:
        with self.progress.hold_sync():
            self.progress.max, self.progress.value = max(1, total), min(done, total)
        from .i18n import lang_of, tr

        self.count.value = tr(f"{done} / {total} games", lang_of(self.count))

    def _work(self, job: _Job, raise_errors: bool = False) -> Results | None:
        try:
            total = job.n_games * (2 if job.baseline is not None else 1)
            self._count(0, total)
            self.summary.value = self.positions.value = ""  # the old tables are gone ...
            self.charts.add_class("dk-stale")  # ... and the old charts greyed out
            if job.after is not None:  # a stopped run is finishing its last game
                show_message(self.status, "waiting for the stopped run's last game …")
                job.after.join()
            base = None
            if job.baseline is not None:
                base = self._simulate(job, job.baseline, offset=0)
            results = None if job.stopped and base is not None else \
                self._simulate(job, job.params, offset=total - job.n_games)
            if job is not self._current:  # a newer run replaces these results
                return results
            if job.stopped:
                show_message(self.status, "building results of the finished games …")
            self._show(job, results, base)
            return results
        except Exception as err:  # shown on the page: a thread's traceback would be lost
            if job is self._current:
                show_message(self.status, f"{type(err).__name__}: {err}", error=True)
            if raise_errors and not isinstance(err, DesignkitError):
                raise
            return None
        finally:
            if job is self._current:
                self._busy(False)

    def _simulate(self, job: _Job, params: Params, offset: int) -> Results:
        total = job.n_games * (2 if job.baseline is not None else 1)

        def progress(done: int, _total: int) -> None:
            if job is self._current:
                self._count(offset + done, total)
            if job.stopped:
                raise _Stop

        names = job.baseline_agents if params is job.baseline and job.baseline_agents \
            else job.agents
        agents = names if len(set(names)) > 1 else names[0]
        if job is self._current and not job.stopped:
            show_message(self.status, f"running {total} games (timing one game to size "
                                      "the batches) …")
        batch = measured_batch(self.game, params, [agents], job.n_games, job.workers,
                               job.seed)
        if job is self._current and not job.stopped:
            show_message(self.status, f"running {total} games …")
        from designkit.sim import simulate

        return simulate(self.game, job.n_games, params=params, agents=agents, seed=job.seed,
                        workers=job.workers, progress=False, on_progress=progress,
                        batch_size=batch)

    # -- from a number to the game behind it ------------------------------------------------------
    def on_open_game(self, callback: OpenGame) -> None:
        """Call ``callback(game, note)`` when a game of the results is picked (chart, table)."""
        self._open_callbacks.append(callback)

    def open_game(self, game_id: int, why: str = "") -> ResultGame | None:
        """Hand game ``game_id`` of the last run to the callbacks (the lab's Play tab); alone,
        the panel says how to replay it from the command line."""
        from designkit.sim.results_file import game_of, play_command

        if self.results is None:
            show_message(self.status, "run a simulation first", error=True)
            return None
        try:
            game = game_of(self.results, game_id)
        except DesignkitError as err:
            show_message(self.status, text_of(err), error=True)
            return None
        note = f"game {game_id} of the simulation, seed {game.seed}" + (f": {why}" if why
                                                                         else "")
        if not self._open_callbacks:
            show_message(self.status, f"{note}; replay it with `{play_command(game)}`")
        for callback in list(self._open_callbacks):
            callback(game, note)
        return game

    def _chart_clicked(self, click: ChartClick) -> None:
        ids = click.game_ids
        if not ids:
            return
        chart = self.charts.title_of(click.chart)
        if len(ids) == 1:
            why = f"clicked in the {chart} chart"
        else:
            why = f"the first of the {len(ids)} games in the clicked bar of the {chart} chart"
        self.open_game(min(ids), why)

    # -- showing --------------------------------------------------------------------------------
    def _show(self, job: _Job, results: Results | None, base: Results | None) -> None:
        from designkit.analysis.charts import panel_figures
        from designkit.analysis.compare import compare_win_rates
        from designkit.analysis.compare import seat_count as run_seats

        self.results, self.baseline_results = results, base
        figs: dict[str, go.Figure] = {}
        self.comparison = None
        if results is not None:
            results = self._named_end_reasons(results, job.params)
        if results is not None and base is not None:
            base = self._named_end_reasons(base, job.baseline)
            self.comparison = compare_win_rates(
                base, results, fair_share=run_seats(base) != run_seats(results))
            figs = panel_figures(results, base, labels=(job.baseline_name, "current"))
        elif results is not None:
            figs = panel_figures(results)
        self.figures = show_figures(self.charts, figs)
        self.charts.remove_class("dk-stale")
        (self.charts.add_class if base is not None else self.charts.remove_class)("dk-ab")
        self.summary.value = self._summary_html(results, lang_of(self))
        self.positions.value = self._positions_html(results, lang_of(self))
        self.notable.show(results)
        done = results.n_games if results is not None else 0
        cut = " (stopped early)" if results is None or results.interrupted else ""
        show_message(self.status, f"{done} games{cut}" + (
            f"; A/B against {job.baseline_name} on the same seeds" if base is not None else ""))

    def _named_end_reasons(self, results: Results, params: Params | None) -> Results:
        return with_named_end_reasons(self.game, results, params, lang_of(self))

    def _summary_html(self, results: Results | None, lang: str = "en") -> str:
        from .i18n import tr

        if results is None:
            return ""
        rows = [[escape(self.game.seats_label(r.seat)), escape(tr(str(r.agent), lang)),
                 f"{r.win_rate:.3f}", f"[{r.win_lo:.3f}, {r.win_hi:.3f}]",
                 f"{r.score_mean:.2f}"] for r in results.seat_summary().itertuples()]
        head = ["seat", "agent", "win rate", "95% interval", "mean score"] if lang != "ja" \
            else ["席", "ボット", "勝率", "95%区間", "平均得点"]
        table = html_table(head, rows)
        note = shared_wins_note(results, lang)
        if note:
            table += f'<div class="dk-note dk-shared-wins">{escape(note)}</div>'
        if self.comparison is not None:
            table += "<br>" + self._comparison_html(self.comparison, lang)
        return table

    def _dk_relabel(self, lang: str) -> None:
        """The tables' headings in ``lang`` (:mod:`.i18n`)."""
        self.summary.value = self._summary_html(self.results, lang)
        self.positions.value = self._positions_html(self.results, lang)

    @staticmethod
    def _positions_html(results: Results | None, lang: str = "en") -> str:
        """Win rate by turn position, where the game draws its start player at random."""
        if results is None or "position" not in results.seats.columns or not results.n_games:
            return ""
        rows = [[f"{r.position + 1}", f"{r.win_rate:.3f}", f"[{r.win_lo:.3f}, {r.win_hi:.3f}]"]
                for r in results.seat_summary(by="position").itertuples()]
        head = words("<b>Win rate by turn position</b> (1 = start player, who is drawn at "
                     "random)", "<b>手番順ごとの勝率</b>（1 = 開始プレイヤー、ランダムに決定）",
                     lang)
        return head + html_table(["position", "win rate", "95% interval"] if lang != "ja" else
                                 ["手番順", "勝率", "95%区間"], rows, css="dk-table dk-position")

    def _comparison_html(self, table: Any, lang: str = "en") -> str:
        fair = bool((table["fair_a"] != table["fair_b"]).any())
        crow = []
        for r in table.itertuples():
            seat = escape(self.game.seats_label(int(r.seat)))
            if r.win_rate_a != r.win_rate_a:  # NaN: a seat the baseline does not have
                crow.append([seat, "(no such seat)", f"{r.win_rate_b:.3f}",
                             f"{r.win_rate_b - r.fair_b:+.3f} vs fair share {r.fair_b:.3f}",
                             "–"])
            elif r.win_rate_b != r.win_rate_b:
                crow.append([seat, f"{r.win_rate_a:.3f}", "(no such seat)", "–", "–"])
            else:
                crow.append([seat, f"{r.win_rate_a:.3f}", f"{r.win_rate_b:.3f}",
                             f"{r.diff:+.3f}", f"[{r.diff_lo:+.3f}, {r.diff_hi:+.3f}]"])
        head = "difference above fair share" if fair else "difference"
        heads = ["seat", "baseline", "current", head, "95% interval"]
        if lang == "ja":
            heads = ["席", "基準", "現在", "公平な取り分を超える差" if fair else "差", "95%区間"]
            crow = [[c.replace("(no such seat)", "（この席なし）")
                     .replace("vs fair share", "（公平な取り分") + ("）" if "vs fair" in c else "")
                     for c in r] for r in crow]
        out = html_table(heads, crow, css="dk-table dk-compare")
        if fair:
            out += '<div class="dk-note">' + words(
                "Different player counts: each seat is compared by its win rate above its "
                "fair share (1/players of its run), not by the raw win rate, which is smaller "
                "with more players.",
                "人数が違います：各席は生の勝率ではなく、公平な取り分（その実行の 1/人数）を"
                "超える勝率で比べます（人数が多いほど生の勝率は小さくなるため）。", lang) + "</div>"
        return out
