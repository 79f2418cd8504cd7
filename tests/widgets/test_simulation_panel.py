"""SimulationPanel headless: blocking and background runs, refusal, A/B, stop."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest
from designkit_widgets import ParamsPanel, SimulationPanel

from designkit import get_game

G = get_game("crossroads")


@pytest.fixture
def params_panel(variants_dir) -> ParamsPanel:
    panel = ParamsPanel(G, variants_dir=variants_dir)
    panel.fields["players"].control.value = 3
    return panel


def _panel(source, **kw) -> SimulationPanel:
    return SimulationPanel(G, source, n_games=60, **kw)


def test_blocking_run_charts_three_seats(find):
    panel = _panel(G.params_type(players=3))
    assert len(panel.agent_dropdowns) == 3
    assert set(panel.figures) == {"win_rate"}, "one chart widget, created with the page"
    assert panel.charts.layout.display == "none" and not panel.figures["win_rate"].data
    results = panel.run(blocking=True)
    assert results.n_games == 60 and panel.results is results
    win = panel.figures["win_rate"]
    assert isinstance(win, go.FigureWidget)
    titles = [a.text for a in win.layout.annotations]
    assert titles[0] == "Win rate by seat"  # the first subplot, the others follow
    assert {"Score by seat", "Game length", "End reasons"} <= set(titles)
    assert win.data[0].xaxis == "x" and len(win.data[0].x) == 3
    assert set(panel.figures) == {"win_rate"}  # one widget: each ships plotly.js
    again = panel.run(blocking=True)
    assert panel.figures["win_rate"] is win, "a second run reuses the chart widget"
    assert again.n_games == 60 and len(win.data[0].x) == 3
    assert panel.progress.value == panel.progress.max == 60
    assert find(panel, "dk-winrate")[0].children == (win,)
    assert panel.summary.value.count("<tr>") == 4  # header + 3 seats
    assert not panel.run_button.disabled


def test_background_run_from_the_button(params_panel):
    panel = _panel(params_panel)
    panel.agent_dropdowns[1].value = "greedy"
    panel.run_button.click()
    panel._thread.join(timeout=30)
    assert panel.results is not None and panel.results.agents == ["random", "greedy", "random"]
    assert "60 games" in panel.status.value


def test_refused_while_params_have_errors(params_panel):
    panel = _panel(params_panel)
    params_panel.fields["numbers"].control.value = "2, 3, 99"
    assert panel.run(blocking=True) is None
    assert "dk-error" in panel.status._dom_classes and "Refused" in panel.status.value
    assert panel.results is None and not panel.figures["win_rate"].data and panel.progress.value == 0


def test_seats_follow_the_params_panel(params_panel):
    panel = _panel(params_panel)
    assert len(panel.agent_dropdowns) == 3
    params_panel.fields["players"].control.value = 5
    assert len(panel.agent_dropdowns) == 5


def test_ab_against_the_draft(params_panel, find):
    params_panel.fields["end_hand_sum"].control.value = 20
    params_panel.fields["players"].control.value = 4
    panel = _panel(params_panel)
    panel.ab.value = True
    panel.run()
    assert panel.baseline_results.params == G.params_type().to_dict()
    assert panel.results.params["end_hand_sum"] == 20
    assert list(panel.baseline_results.games.seed) == list(panel.results.games.seed)
    ab = panel.figures["win_rate"]
    assert [t.name for t in ab.data[:3]] == ["draft", "current", "difference"]
    assert all(len(t.x) == 4 for t in ab.data[:3])
    assert ab.layout.title.text == "A/B: current vs draft"
    table = panel.comparison
    assert ((table["diff_lo"] <= table["diff"]) & (table["diff"] <= table["diff_hi"])).all()
    assert "dk-compare" in panel.summary.value and find(panel, "dk-ab")
    assert panel.progress.value == 120


def test_ab_against_a_saved_variant(params_panel, variants_dir):
    params_panel.save_variant("base3")
    params_panel.fields["vp_per_hand_card"].control.value = 0
    panel = _panel(params_panel, variants_dir=variants_dir)
    panel.ab.value = True
    assert "base3" in panel.baseline.options
    panel.baseline.value = "base3"
    panel.run()
    assert panel.baseline_results.params["players"] == 3
    assert panel.baseline_results.params["vp_per_hand_card"] == -1
    assert panel.results.params["vp_per_hand_card"] == 0
    assert "base3" in panel.status.value


def test_stop_keeps_the_finished_games():
    panel = SimulationPanel(G, G.params_type(players=3), n_games=4000)
    thread = panel.run(blocking=False)
    panel.stop()
    thread.join(timeout=30)
    assert panel.results.interrupted and 0 < panel.results.n_games < 4000
    assert "stopped early" in panel.status.value
