"""The Metrics tab's "Balance by skill level" accordion, headless: collapsed until
opened, a tiny seeded run fills the table and the chart, bad bots refuse the run."""

from __future__ import annotations

import ipywidgets as widgets
from designkit_widgets import MetricsPanel
from designkit_widgets.ladder_box import LadderBox

from designkit import get_game

CR = get_game("crossroads")


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from _walk(child)


def test_metrics_panel_has_a_collapsed_ladder_accordion():
    panel = MetricsPanel(CR, n_games=10)
    accordions = [w for w in _walk(panel) if "dk-ladder-accordion" in w._dom_classes]
    assert len(accordions) == 1
    acc = accordions[0]
    assert isinstance(acc, widgets.Accordion) and acc.selected_index is None
    assert acc.get_title(0) == "Balance by skill level"
    assert acc.children == (panel.ladder,) and panel.ladder.figures == {}


def test_run_fills_table_and_chart():
    box = LadderBox(CR, CR.params_type(players=3), n_games=4, seed=3)
    box.rungs.value = "random, mcts:2"
    table = box.run(blocking=True)
    assert table["agent"].drop_duplicates().tolist() == ["random", "mcts:2"]
    assert box.progress.value == box.progress.max == 8
    assert "Balance by skill level" in box.result.value and "1st" in box.result.value
    assert "% [" in box.result.value and "same seeds" in box.result.value
    assert list(box.figures) == ["ladder"] and len(box.figures["ladder"].data) == 3
    assert "4 games per rung" in box.status.value


def test_bad_bot_refuses_the_run():
    box = LadderBox(CR, CR.params_type(players=3), n_games=4)
    box.rungs.value = "random, mcts:0s"
    assert box.run(blocking=True) is None
    assert "dk-error" in box.status._dom_classes and "mcts:0s" in box.status.value
    assert box.progress.value == 0 and not box.run_button.disabled and box.table is None
    box.rungs.value = " , "
    assert box.run(blocking=True) is None and "at least one bot" in box.status.value
