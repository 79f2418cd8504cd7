"""DesignLab headless: builds for every registered game and wires params into the tabs."""

from __future__ import annotations

import pytest
from designkit_widgets import DesignLab

from designkit import get_game, list_games


@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_builds_for_every_game(game, variants_dir, find):
    lab = DesignLab(game, variants_dir=variants_dir)
    assert lab.game.name == game
    assert list(lab.tabs.titles)[:4] == ["Rules", "Parameters", "Play", "Simulate"]
    assert find(lab, "dk-lab") == [lab]
    for css in ("dk-params", "dk-stepper", "dk-sim", "dk-log", "dk-board", "dk-rules"):
        assert len(find(lab, css)) == 1, css
    assert lab.stepper.board.html  # the game's own view
    assert lab.rules.rules and lab.game.title in lab.rules.children[1].value


def test_params_reach_play_and_simulate(variants_dir):
    lab = DesignLab("crossroads", variants_dir=variants_dir)
    lab.params_panel.fields["players"].control.value = "3"
    assert lab.params.players == 3
    assert lab.stepper.session.players == 3
    assert len(lab.sim_panel.agent_dropdowns) == 3
    lab.params_panel.fields["numbers"].control.value = "nonsense"
    assert lab.stepper.session.players == 3  # an invalid value never reaches the engine
    assert lab.sim_panel.run() is None


def test_rules_search(variants_dir):
    lab = DesignLab("crossroads", variants_dir=variants_dir)
    everything = lab.rules.table.value.count("<tr>")
    lab.rules.search.value = "CR-8"
    found = lab.rules.table.value.count("<tr>")
    assert 1 < found < everything
    lab.rules.search.value = "zzzz-nothing"
    assert "no rule matches" in lab.rules.table.value


def test_selecting_a_game_rebuilds_the_tabs(variants_dir):
    lab = DesignLab(variants_dir=variants_dir)
    old = lab.stepper
    lab.select(lab.game.name)
    assert lab.stepper is not old and lab.tabs.children[2] is lab.stepper


def test_rules_search_folds_full_and_half_width(variants_dir):
    from designkit_widgets.rules_panel import fold

    assert fold("ＶＰ") == fold("vp") == "vp" and fold("ｶｰﾄﾞ") == "カード"
    lab = DesignLab("rolling_stone", variants_dir=variants_dir)
    wide = [r for r in lab.rules.rules if "ＶＰ" in (r.get("quote_ja") or "")]
    found = lab.rules.matching("VP")
    assert all(r in found for r in wide)


def test_every_game_has_a_japanese_title():
    from designkit.core.registry import list_games

    for game in list_games():
        assert game.title_ja and game.title_ja != game.title, game.name


def test_design_tables_are_shown_sortable(variants_dir, monkeypatch):
    import pandas as pd
    import plotly.graph_objects as go

    from designkit.core.game import DesignTable

    game = get_game("crossroads")
    frame = pd.DataFrame({"card": [1, 2, 3], "odds": [0.2, 0.5, 0.3]})

    def tables(self, params=None):  # noqa: ANN001
        return [DesignTable("Odds", "確率", frame, go.Figure(go.Bar(x=[1, 2], y=[1, 2])),
                            f"{params.players} players")]

    monkeypatch.setattr(type(game), "design_tables", tables)
    lab = DesignLab("crossroads", variants_dir=variants_dir)
    view = lab.rules.tables_box.children[1]
    assert "Odds" in view.children[0].value and "4 players" in view.children[0].value
    view.sort_by.value = "odds"
    view.descending.value = True
    assert list(view.rows()["card"]) == [2, 3, 1]
    assert view.html.value.index(">2<") < view.html.value.index(">3<")
    assert lab.rules.charts.figures[0]["name"] == "design0"
    # drawn when scrolled to, not with the page (issue 26: plotly.js held the first click);
    # a run's charts, drawn in answer to a click, at once
    assert lab.rules.charts.on_screen
    assert not lab.sim_panel.charts.on_screen
    lab.params_panel.fields["players"].control.value = "3"
    assert "3 players" in lab.rules.tables_box.children[1].children[0].value
