"""MetricsPanel: every design metric of one simulated batch, with its 95% interval.

The numbers come from :mod:`designkit.analysis.metrics` (``summary`` and the
functions behind it) and the charts from :mod:`designkit.analysis.report`; this
panel only collects the form, runs the games in a background thread (with the
per-turn trace, for drama and lead changes) and lays the results out. Figures
are created after a click only (Voila drops figure changes made while the
notebook itself runs).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets
import pandas as pd

from designkit.analysis import charts as C
from designkit.analysis import metrics as M
from designkit.analysis.compare import sample_size_advice
from designkit.analysis.coverage import rule_coverage, short_text
from designkit.analysis.report import ci, end_reason_chart, item_chart, tension_chart
from designkit.analysis.sweep_charts import PERCENT, TITLES
from designkit.core.game import Game
from designkit.sim import Results, simulate

from ._util import (
    BackgroundRun,
    FormRun,
    SeatAgents,
    analysis_style,
    chart_grid,
    checked_params,
    html_table,
    measured_batch,
    output_areas,
    run_form,
    show_figures,
    show_message,
    style_widget,
    wrap_row,
)
from .i18n import lang_of
from .labels import with_named_end_reasons

LABELS = {**TITLES, "win_rate": "Win rate", "score_mean": "Mean score",
          "score_sd": "Score spread (sd, all seats)", "end_share": "Ends by",
          "item_usage": "Held at the end", "item_win_rate": "Win rate when held"}
DELTA = 0.03  # the win-rate change the sample-size advice is about


@dataclass
class _Job(FormRun):
    coverage: bool = True


class MetricsPanel(SeatAgents, BackgroundRun, widgets.VBox):
    """Simulate ``game`` (parameters from ``params_source``: a ParamsPanel, a Params, a
    callable or None for the draft) with the trace on, and show every metric."""

    thread_name = "designkit-metrics"

    def __init__(self, game: Game | str, params_source: Any = None, n_games: int = 500,
                 seed: int = 0) -> None:
        super().__init__()
        self._use(game, params_source)
        self.results: Results | None = None
        self.table: pd.DataFrame | None = None  # metrics.summary(results, items=True)
        self.figures: dict[str, Any] = {}
        self._build(n_games, seed)
        if hasattr(params_source, "on_change"):
            params_source.on_change(lambda _p: self._fit_seats())
        self.add_class("dk-metrics")

    # -- layout ---------------------------------------------------------------------------------
    def _build(self, n_games: int, seed: int) -> None:
        run_form(self, n_games, seed)
        self.count_rules = widgets.Checkbox(
            value=True, description="Count rule coverage", indent=False,
            tooltip="how often each rule fires; builds every event's text, so slower")
        controls = self._run_controls("Games")
        output_areas(self, seat_test="dk-seat-test", advice="dk-advice",
                     metrics_table="dk-metrics-table", drama="dk-drama", items="dk-item-usage",
                     vp_sources="dk-vp-sources", coverage="dk-coverage")
        self.coverage_table: pd.DataFrame | None = None  # coverage.rule_coverage(results)
        self.charts = chart_grid()
        self._fit_seats()
        self.children = [
            style_widget(), analysis_style(),
            widgets.HTML("<b>Agents by seat</b> (games are played with the per-turn trace, "
                         "for drama and lead changes)"),
            self.agent_box,
            wrap_row(self.n_games, self.workers, self.seed, self.count_rules),
            controls, self.status, self.seat_test, self.advice, self.metrics_table,
            self.drama, self.items, self.vp_sources, self.coverage, self.charts,
            self._ladder()]

    def _ladder(self) -> widgets.Accordion:
        """Balance by skill level (issue 14): a collapsed accordion with its own Run."""
        from .ladder_box import LadderBox, ladder_accordion

        self.ladder = LadderBox(self.game, self.params_source)
        return ladder_accordion(self.ladder)

    # -- running --------------------------------------------------------------------------------
    def run(self, blocking: bool = True) -> Results | Any:
        """Simulate and show the metrics: blocking returns the Results (None when refused,
        e.g. while the parameter editor shows errors); otherwise returns the thread."""
        return super().run(blocking)

    def _job(self) -> _Job:
        params = checked_params(self.params_source, self.game)
        self._fit_seats()
        return _Job(params, [d.value for d in self.agent_dropdowns], self.n_games.value,
                    self.seed.value, self.workers.value, self.count_rules.value)

    def _compute(self, job: _Job) -> Results:
        self.progress.max, self.progress.value = job.n_games, 0
        show_message(self.status, f"running {job.n_games} games …")
        agents = job.agents if len(set(job.agents)) > 1 else job.agents[0]
        return simulate(self.game, job.n_games, params=job.params, agents=agents,
                        seed=job.seed, workers=job.workers, progress=False, trace=True,
                        coverage=job.coverage, on_progress=self._tick,
                        batch_size=measured_batch(self.game, job.params, [agents],
                                                  job.n_games, job.workers, job.seed))

    # -- showing --------------------------------------------------------------------------------
    def _show(self, job: _Job, results: Results) -> None:
        if results.n_games == 0:
            show_message(self.status, "stopped before any game finished: nothing to show")
            return
        self.results = results
        results = with_named_end_reasons(self.game, results, job.params,  # what is shown
                                         lang_of(self))
        self.table = M.summary(results, items=True)
        labels = M.seat_label_map(results)
        main = self.table[~self.table["metric"].isin(["item_usage", "item_win_rate"])]
        self.metrics_table.value = "<b>Every metric (95% intervals)</b>" + _table_html(
            main, labels)
        self.seat_test.value = self._seat_test_html(results, lang_of(self))
        self.advice.value = self._advice_html(results)
        self.drama.value = self._drama_html(results)
        usage = M.item_usage(results)
        self.items.value = _items_html(usage)
        figs = {"end_reasons": end_reason_chart(results), "tension": tension_chart(results)}
        if not usage.empty:
            figs["items"] = item_chart(usage)
        self.vp_sources.value = _vp_sources_html(self.game, results, lang_of(self))
        if results.vp_sources():
            figs["vp_sources"] = C.vp_source_figure(results, lang=lang_of(self))
        self.coverage_table = rule_coverage(results) if results.rules is not None else None
        self.coverage.value = _coverage_html(self.coverage_table, results.n_games, lang_of(self))
        if self.coverage_table is not None:
            figs["coverage"] = C.coverage_figure(self.coverage_table, lang=lang_of(self))
        self.figures = show_figures(self.charts, figs)
        cut = f" (stopped early: {results.n_games} of {results.requested})" \
            if results.interrupted else ""
        show_message(self.status, f"{results.n_games} games on seed {results.seed}, agents "
                                  f"{', '.join(results.agents)}{cut}")

    def _dk_relabel(self, lang: str) -> None:
        """The seat-advantage verdict in ``lang`` (:mod:`.i18n`)."""
        if self.results is not None and self.results.n_games:
            self.seat_test.value = self._seat_test_html(self.results, lang)

    def _seat_test_html(self, results: Results, lang: str = "en") -> str:
        test = M.seat_advantage_test(results)
        bal = M.balance(results)
        p = test["p_value"]
        if lang == "ja":
            return _seat_test_ja(test, bal, p)
        if p != p:  # NaN
            return ("<p><b>Seat advantage</b>: not testable here (it needs two or more "
                    "seats and at least one win).</p>")
        if p < 0.05:
            words = (f"<b>a seat advantage is likely</b>: seat win rates this unequal would "
                     f"happen by chance in only {_pct_words(p)} of runs (p = {p:.3g}). "
                     f"{escape(str(bal['best']))} wins most often, "
                     f"{escape(str(bal['worst']))} least.")
        else:
            words = (f"<b>no seat advantage detected</b>: differences this large happen by "
                     f"chance in {_pct_words(p)} of runs (p = {p:.3g}). That does not prove "
                     f"the seats equal; more games can reveal a smaller advantage.")
        return (f"<p><b>Seat advantage</b> (chi-square test of equal seat win rates, "
                f"χ² = {test['chi2']:.2f} on {test['df']} df): {words} Balance "
                f"{ci(bal['value'], bal['lo'], bal['hi'], digits=3)}.</p>")

    def _advice_html(self, results: Results) -> str:
        rates = M.seat_win_rates(results)
        players = max(1, len(rates))
        p = min(max(1.0 / players, 0.01), 0.99 - DELTA)
        half = float(((rates["hi"] - rates["lo"]) / 2).max()) if len(rates) else math.nan
        known = (f"With {results.n_games} games the seat win rates are known to about "
                 f"±{100 * half:.1f} points (95%). ") if half == half else ""
        return ('<p class="dk-note"><b>Sample size</b>: ' + escape(
            known + sample_size_advice(DELTA, p, seat="a seat")) + "</p>")

    def _drama_html(self, results: Results) -> str:
        t = M.tension(results)
        pct = {"behind_share", "decisiveness", "lead_change_rate"}
        rows = [[escape(LABELS.get(r.metric, r.metric)),
                 ci(r.value, r.lo, r.hi, pct=r.metric in pct), str(r.n)]
                for r in t.itertuples()]
        return ("<b>Drama and lead changes</b> <span class='dk-note'>(from the game's "
                "heuristic at the start of every turn, as in Ludii)</span>"
                + html_table(["metric", "mean [95%]", "games"], rows))


def _seat_test_ja(test: Any, bal: Any, p: float) -> str:
    """The seat-advantage verdict in Japanese, from the same test."""
    if p != p:  # NaN
        return ("<p><b>席の有利</b>：ここでは検定できません（2席以上と、1勝以上が必要です）。"
                "</p>")
    chance = "1,000回に1回未満" if p < 0.001 else f"約{100 * p:.2g}%"
    if p < 0.05:
        words = (f"<b>席による有利がありそうです</b>：これほど差のある勝率が偶然に出るのは"
                 f"{chance}の実行だけです（p = {p:.3g}）。最もよく勝つのは "
                 f"{escape(str(bal['best']))}、最も勝てないのは {escape(str(bal['worst']))}。")
    else:
        words = (f"<b>席による有利は見られません</b>：この程度の差は{chance}の実行で偶然に"
                 f"出ます（p = {p:.3g}）。席が等しいという証明ではなく、ゲーム数を増やすと"
                 "小さな有利が見えることがあります。")
    return (f"<p><b>席の有利</b>（席ごとの勝率が等しいかのカイ二乗検定、χ² = "
            f"{test['chi2']:.2f}、自由度 {test['df']}）：{words} バランス "
            f"{ci(bal['value'], bal['lo'], bal['hi'], digits=3)}。</p>")


def _pct_words(p: float) -> str:
    if p < 0.001:
        return "fewer than 1 in 1,000"
    return f"about {100 * p:.2g}%" if p < 0.1 else f"about {100 * p:.0f}%"


def _fmt(value: float, pct: bool) -> str:
    if value != value:
        return "–"
    return f"{100 * value:.1f}%" if pct else f"{value:.3g}"


def _table_html(table: pd.DataFrame, labels: dict[int, str]) -> str:
    """The tidy summary table as HTML: metric, seat or case, value, 95% interval, n."""
    rows = []
    for r in table.itertuples():
        pct = r.metric in PERCENT
        seat = labels.get(int(r.seat), str(r.seat)) if not pd.isna(r.seat) else ""
        case = seat or (str(r.category) if r.category is not None and
                        not pd.isna(r.category) else "")
        interval = "" if r.lo != r.lo else f"[{_fmt(r.lo, pct)}, {_fmt(r.hi, pct)}]"
        rows.append([escape(LABELS.get(r.metric, r.metric)),
                     f'<code>{escape(r.metric)}</code>', escape(case or "–"),
                     _fmt(r.value, pct), interval, str(r.n)])
    return html_table(["metric", "name", "seat / case", "value", "95% interval", "n"], rows,
                      css="dk-table dk-summary-table")


def _items_html(usage: pd.DataFrame) -> str:
    if usage.empty:
        return "<p class='dk-note'>This game reports no cards, skills or actions held.</p>"
    rows = [[escape(f"{r.column.removesuffix('_held')}: {r.item}"), str(r.seat_games),
             ci(r.usage, r.usage_lo, r.usage_hi, pct=True),
             ci(r.win_rate, r.lo, r.hi, pct=True), f"{100 * r.lift:+.1f} pts",
             f"{r.p_value:.2g}"] for r in usage.itertuples()]
    return ("<b>Cards, skills and actions held at the end</b> <span class='dk-note'>(a "
            "positive lift says holders win more often, not that the item causes it)</span>"
            + html_table(["item", "seat-games", "usage [95%]", "win rate when held [95%]",
                          "lift", "p"], rows, css="dk-table dk-item-table"))


def _vp_sources_html(game: Game, results: Results, lang: str = "en") -> str:
    """Mean VP per scoring category and seat, 95% intervals (the chart's numbers)."""
    table = results.vp_by_source()
    if table.empty:
        return ""
    seats = sorted(table["seat"].unique())
    rows = []
    for key, grp in table.groupby("source", sort=False):
        cells = {int(r.seat): ci(r.mean, r.lo, r.hi) for r in grp.itertuples()}
        name = (game.vp_source_label(key, "ja") if lang == "ja" else
                f"{game.vp_source_label(key)} ({game.vp_source_label(key, 'ja')})")
        rows.append([escape(name),
                     *[cells.get(s, "–") for s in seats]])
    return ("<b>VP by source</b> <span class='dk-note'>(mean VP per game from each of the "
            "draft's scoring categories, 95% intervals; a seat's sources add up to its mean "
            "score)</span>" + html_table(["source", *[game.seats_label(int(s)) for s in seats]],
                                         rows, css="dk-table dk-vp-table"))


def _coverage_html(table: pd.DataFrame | None, n_games: int, lang: str = "en") -> str:
    """How many logged rules fired, the never-fired ones by name, and every rule's share."""
    if table is None:
        return ("<p class='dk-note'><b>Rule coverage</b>: not counted (tick “Count rule "
                "coverage” and run again).</p>")
    events = table[table["kind"] == "event"]
    never = events[events["games_fired"] == 0]
    head = (f"<b>Rule coverage</b>: {len(events) - len(never)} of the {len(events)} rules "
            f"the engine logs fired in at least one of {n_games} games. ")
    if len(never):
        head += "<b>Never fired</b>: " + "; ".join(
            f"<code class='dk-rule'>{escape(r.rule)}</code> "
            + (f"「{escape(r.quote_ja)}」" if lang == "ja" and r.quote_ja else "" if lang == "ja"
               else f"{escape(short_text(r.text_en or r.title_en, 120))}"
               + (f" 「{escape(r.quote_ja)}」" if r.quote_ja else ""))
            for r in never.itertuples())
    else:
        head += "Every one fired."

    def text(r: Any) -> str:  # in 日本語 the draft's own words (none: the ID says it)
        if lang == "ja":
            return r.quote_ja or "–"
        return r.text_en or r.title_en

    rows = [[f"<code class='dk-rule'>{escape(r.rule)}</code>",
             escape(short_text(text(r))),
             str(r.games_fired),
             ci(r.share, r.share_lo, r.share_hi, pct=True), f"{r.fires_per_game:.2f}"]
            for r in events.itertuples()]
    return (f"<p>{head}</p>" + html_table(["rule", "text", "games fired", "share [95%]",
                                           "per game"], rows, css="dk-table dk-coverage-table"))
