"""SimulationPanel headless: blocking and background runs, refusal, A/B, stop."""

from __future__ import annotations

import plotly.graph_objects as go
from designkit_widgets import SimulationPanel

from designkit import get_game

G = get_game("crossroads")


def _panel(source, **kw) -> SimulationPanel:
    return SimulationPanel(G, source, n_games=60, **kw)


def test_blocking_run_charts_three_seats(find):
    panel = _panel(G.params_type(players=3))
    assert len(panel.agent_dropdowns) == 3
    assert panel.figures == {} and panel.charts.figures == []  # the grid exists, empty
    grid = panel.charts
    results = panel.run(blocking=True)
    assert results.n_games == 60 and panel.results is results
    # one figure per chart, each with its own axes and legend, in one grid widget
    assert list(panel.figures)[:1] == ["win_rate"]
    assert {"score", "length", "end_reasons"} <= set(panel.figures)
    assert all(isinstance(f, go.Figure) for f in panel.figures.values())
    win = panel.figures["win_rate"]
    assert win.layout.title.text == "Win rate by seat" and len(win.data[0].x) == 3
    assert win.layout.yaxis.tickformat == ".0%" and win.layout.yaxis.range[1] <= 1.001
    assert [f["name"] for f in grid.figures] == list(panel.figures)
    assert all(f["figure"]["layout"].get("width") is None for f in grid.figures)
    again = panel.run(blocking=True)
    assert panel.charts is grid, "a second run reuses the chart widget"
    assert again.n_games == 60 and len(panel.figures["win_rate"].data[0].x) == 3
    assert panel.progress.value == panel.progress.max == 60
    assert find(panel, "dk-charts") == [grid] and "dk-stale" not in grid._dom_classes
    assert panel.summary.value.count("<tr>") == 4  # header + 3 seats
    assert not panel.run_button.disabled


def test_end_reasons_are_named_from_the_params_in_force():
    panel = _panel(G.params_type(players=3, end_hand_sum=28))
    panel.run(blocking=True)
    assert "27" in set(panel.results.games["end_reason"])  # the engine's code ...
    shown = set(panel.figures["end_reasons"].data[0].x)
    assert shown == {"28 (end_hand_sum)", "deck out"}, shown  # ... named from the params


def test_turn_position_is_shown_where_the_start_player_is_random():
    panel = _panel(G.params_type(players=3))
    panel.run(blocking=True)
    if "position" in panel.results.seats.columns:
        assert "position" in panel.figures and "dk-position" in panel.positions.value
    else:
        assert "position" not in panel.figures


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
    assert panel.results is None and panel.figures == {} and panel.progress.value == 0
    params_panel.fields["numbers"].control.value = "2, 3, 4"  # fixed: the refusal goes
    assert panel.status.value == ""


def test_seats_follow_the_params_panel(params_panel):
    panel = _panel(params_panel)
    assert len(panel.agent_dropdowns) == 3
    params_panel.fields["players"].control.value = "5"
    assert len(panel.agent_dropdowns) == 5


def test_ab_against_the_draft(params_panel, find):
    params_panel.fields["end_hand_sum"].control.value = "20"
    params_panel.fields["players"].control.value = "4"
    panel = _panel(params_panel)
    panel.ab.value = True
    panel.run()
    assert panel.baseline_results.params == G.params_type().to_dict()
    assert panel.results.params["end_hand_sum"] == 20
    assert list(panel.baseline_results.games.seed) == list(panel.results.games.seed)
    ab, diff = panel.figures["ab_win"], panel.figures["ab_diff"]
    assert [t.name for t in ab.data] == ["draft", "current"]  # this chart's legend only
    assert all(len(t.x) == 4 for t in (*ab.data, diff.data[0]))
    assert diff.layout.title.text.startswith("Difference (current − draft)")
    table = panel.comparison
    assert ((table["diff_lo"] <= table["diff"]) & (table["diff"] <= table["diff_hi"])).all()
    assert "dk-compare" in panel.summary.value and find(panel, "dk-ab")
    assert panel.progress.value == 120


def test_ab_against_a_saved_variant(params_panel, variants_dir):
    params_panel.save_variant("base3")
    params_panel.fields["vp_per_hand_card"].control.value = "0"
    panel = _panel(params_panel, variants_dir=variants_dir)
    panel.ab.value = True
    assert "base3" in panel.baseline.options
    panel.baseline.value = "base3"
    panel.run()
    assert panel.baseline_results.params["players"] == 3
    assert panel.baseline_results.params["vp_per_hand_card"] == -1
    assert panel.results.params["vp_per_hand_card"] == 0
    assert "base3" in panel.status.value


def test_ab_with_different_player_counts_compares_against_fair_shares(params_panel,
                                                                      variants_dir):
    params_panel.fields["players"].control.value = "4"
    params_panel.save_variant("four")
    params_panel.fields["players"].control.value = "5"
    panel = _panel(params_panel, variants_dir=variants_dir)
    panel.agent_dropdowns[0].value = "greedy"  # per-seat agents: no refusal
    panel.ab.value = True
    panel.baseline.value = "four"
    panel.run()
    assert panel.baseline_results.agents == ["greedy", "random", "random", "random"]
    table = panel.comparison
    assert list(table["fair_a"].unique()) == [0.25] and list(table["fair_b"].unique()) == [0.2]
    assert "nan" not in panel.summary.value.lower()
    assert "above fair share" in panel.summary.value and "(no such seat)" in panel.summary.value
    assert len(panel.figures["ab_diff"].data[0].x) == 4  # seat E has no baseline


def test_variants_saved_elsewhere_appear_on_run(params_panel, variants_dir):
    panel = _panel(params_panel, variants_dir=variants_dir)
    panel.ab.value = True
    params_panel.save_variant("later")  # e.g. by the Tune tab
    panel.n_games.value = 5
    panel.run()
    assert "later" in panel.baseline.options


def test_stop_keeps_the_finished_games():
    panel = SimulationPanel(G, G.params_type(players=3), n_games=4000)
    thread = panel.run(blocking=False)
    panel.stop()
    thread.join(timeout=30)
    assert panel.results.interrupted and 0 < panel.results.n_games < 4000
    assert "stopped early" in panel.status.value
