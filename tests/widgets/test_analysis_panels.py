"""Metrics, Sweep and Tune panels headless: tiny runs, figures and tables appear, bad input
refuses the run, and the DesignLab appends the three tabs (built on first view)."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest
from designkit_widgets import DesignLab, MetricsPanel, ParamsPanel, SweepPanel, TunePanel

from designkit import get_game, list_games

GAMES = [g.name for g in list_games()]
CR = get_game("crossroads")


def _break(params_panel: ParamsPanel) -> None:
    params_panel.fields["numbers"].control.value = "2, 3, 99"
    assert params_panel.errors


def _refused(panel: MetricsPanel | SweepPanel | TunePanel) -> None:
    assert "dk-error" in panel.status._dom_classes and "Refused" in panel.status.value
    assert panel.progress.value == 0 and not panel.run_button.disabled


# -- Metrics -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_metrics_for_every_game(game, find):
    panel = MetricsPanel(game, n_games=60)
    assert find(panel, "dk-metrics") == [panel] and panel.figures == {}
    results = panel.run(blocking=True)
    assert results.n_games == 60 and panel.results is results and "trace" in results.meta
    assert panel.progress.value == panel.progress.max == 60
    table = panel.table
    # per-item rows only for a game whose seats hold items (`*_held` / item_columns): a
    # small game without cards to hold has none, and the rest of the panel is the same
    items = any(c.endswith("_held") or c in get_game(game).item_columns
                for c in results.seats.columns)
    assert {"win_rate", "balance", "seat_p_value", "winner_margin", "turns", "end_share",
            "drama", "lead_changes", "decisiveness"} <= set(table["metric"])
    assert ("item_usage" in set(table["metric"])) == items
    html = panel.metrics_table.value
    assert "dk-summary-table" in html and "95% interval" in html
    assert html.count("<tr>") == 1 + (~table["metric"].str.startswith("item_")).sum()
    assert "p = " in panel.seat_test.value and "seat advantage" in panel.seat_test.value
    assert "games per variant" in panel.advice.value and "±" in panel.advice.value
    assert "Lead changes per game" in panel.drama.value
    assert ("dk-item-table" in panel.items.value) == items
    assert set(panel.figures) == {"end_reasons", "tension", "vp_sources", "coverage",
                                  *(["items"] if items else [])}
    assert "VP by source" in panel.vp_sources.value and "dk-vp-table" in panel.vp_sources.value
    assert results.rules is not None and "dk-coverage-table" in panel.coverage.value
    assert f"of {results.n_games} games" in panel.coverage.value
    assert all(isinstance(f, go.Figure) for f in panel.figures.values())
    assert [f["name"] for f in panel.charts.figures] == list(panel.figures)  # one grid
    held = panel.table["metric"] == "item_usage"
    if items:
        assert len(panel.figures["items"].data[0].y) == held.sum() > 0
    assert "60 games" in panel.status.value and not panel.run_button.disabled


def test_metrics_background_run_follows_the_params_panel(params_panel):
    panel = MetricsPanel(CR, params_panel, n_games=60)
    assert len(panel.agent_dropdowns) == 3
    params_panel.fields["players"].control.value = "5"
    assert len(panel.agent_dropdowns) == 5
    panel.agent_dropdowns[0].value = "greedy"
    panel.run_button.click()
    panel._thread.join(timeout=30)
    assert panel.results.agents == ["greedy"] + ["random"] * 4
    assert panel.table.loc[panel.table["metric"] == "win_rate", "seat"].tolist() == [0, 1, 2,
                                                                                      3, 4]


def test_metrics_refused_while_params_have_errors(params_panel):
    panel = MetricsPanel(CR, params_panel, n_games=60)
    _break(params_panel)
    assert panel.run(blocking=True) is None
    _refused(panel)
    assert panel.results is None and panel.figures == {} and panel.metrics_table.value == ""


# -- Sweep ---------------------------------------------------------------------------------------
def test_sweep_one_parameter(params_panel, find):
    panel = SweepPanel(CR, params_panel, n_games=40)
    assert find(panel, "dk-sweep") == [panel]
    panel.param.value = "end_hand_sum"
    assert panel.values.value == "25, 26, 27, 28, 29"  # prefilled around the current value
    assert "CR-" in panel.help.value
    panel.values.value = "26, 27"
    table = panel.run(blocking=True)
    assert panel.table is table and sorted(table["end_hand_sum"].unique()) == [26, 27]
    assert table.loc[table["metric"] == "win_rate", "seat"].nunique() == 3
    assert panel.progress.value == panel.progress.max == 80
    assert panel.figures and all(isinstance(f, go.Figure) for f in panel.figures)
    titles = [f.layout.title.text for f in panel.figures]
    assert "Game length (turns)" in titles and "Win rate by seat" in titles
    assert all(len(f.data[-1].x) == 2 for f in panel.figures)  # lines over the two points
    assert "<table" in panel.text.value and "end_hand_sum" in panel.text.value  # tables
    assert "ends '27'" not in panel.text.value  # named from the swept parameter
    win = next(f for f in panel.figures if f.layout.title.text == "Win rate by seat")
    assert {t.name for t in win.data if t.showlegend is not False} >= {"A", "B"}
    assert tuple(win.layout.yaxis.range) == (0, 1.0001)  # shares on 0–100 %
    assert len(panel.charts.figures) == len(panel.figures)
    assert "2 points × 40 games" in panel.status.value


def test_sweep_two_parameters_draw_heat_maps(variants_dir):
    panel = SweepPanel("rolling_stone", None, n_games=40)
    panel.param.value = "stages"
    panel.values.value = "2, 3"
    panel.param2.value = "skill_duration"
    assert panel.values2.value == "stage, permanent" and not panel.values2.disabled
    panel.values2.value = "stage"
    table = panel.run()
    assert list(table.columns[:2]) == ["stages", "skill_duration"]
    assert panel.figures and all(isinstance(f.data[0], go.Heatmap) for f in panel.figures)
    assert "stages × skill_duration" in panel.text.value


def test_sweep_refuses_bad_input(params_panel):
    panel = SweepPanel(CR, params_panel, n_games=40)
    panel.param.value = "end_hand_sum"
    panel.values.value = "27, 999"
    assert panel.run() is None
    assert "dk-error" in panel.status._dom_classes and "end_hand_sum" in panel.status.value
    assert "outside the allowed range" in panel.status.value
    panel.values.value = "27"
    _break(params_panel)
    assert panel.run() is None
    _refused(panel)
    assert panel.table is None and panel.figures == []


def test_sweep_stop_shows_nothing_new(params_panel):
    panel = SweepPanel(CR, params_panel, n_games=1000)
    panel.param.value = "end_hand_sum"
    panel.values.value = "26, 27"
    thread = panel.run(blocking=False)
    panel.stop()
    thread.join(timeout=30)
    assert "stopped" in panel.status.value and panel.table is None
    assert not panel.run_button.disabled and panel.stop_button.disabled


# -- Tune: tests/widgets/test_tune_panel.py ----------------------------------------------------


# -- the lab -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_lab_appends_analysis_tabs_built_on_first_view(game, variants_dir, find):
    lab = DesignLab(game, variants_dir=variants_dir)
    assert list(lab.tabs.titles) == ["Rules", "Parameters", "Play", "Simulate",
                                     "Metrics", "Sweep", "Tune", "Compare", "Playtests",
                                     "Review"]
    assert lab.metrics_panel is None and not find(lab, "dk-metrics")
    lab.tabs.selected_index = 4
    assert isinstance(lab.metrics_panel, MetricsPanel) and len(find(lab, "dk-metrics")) == 1
    assert lab.metrics_panel.params_source is lab.params_panel
    lab.tabs.selected_index = 5
    lab.tabs.selected_index = 6
    assert find(lab, "dk-sweep") == [lab.sweep_panel] and find(lab, "dk-tune") == [lab.tune_panel]
    assert lab.tune_panel.variants_dir == lab.params_panel.variants_dir
    lab.tabs.selected_index = 4
    assert len(find(lab, "dk-metrics")) == 1  # built once
    assert lab.analysis_panel("Sweep") is lab.sweep_panel
    assert lab.compare_panel is None and not find(lab, "dk-compare")
    lab.tabs.selected_index = 7
    assert find(lab, "dk-compare") == [lab.compare_panel]


def test_lab_tabs_share_the_params_and_rebuild_per_game(variants_dir):
    lab = DesignLab("crossroads", variants_dir=variants_dir)
    metrics = lab.analysis_panel("Metrics")
    lab.params_panel.fields["players"].control.value = "3"
    assert len(metrics.agent_dropdowns) == 3
    lab.params_panel.fields["numbers"].control.value = "nonsense"
    assert metrics.run() is None and "Refused" in metrics.status.value
    assert lab.analysis_panel("Tune").run() is None
    lab.select("rolling_stone")
    assert lab.metrics_panel is None and lab.tabs.selected_index == 0
    assert lab.analysis_panel("Sweep").game.name == "rolling_stone"
