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



def test_a_japanese_design_chart_is_drawn_on_the_first_switch(variants_dir, monkeypatch):
    """``DesignTable.figure_ja`` as a function: not called with the page (which opens in
    English, issue 26), called once on the first switch to 日本語, kept after."""
    import pandas as pd
    import plotly.graph_objects as go

    from designkit.core.game import DesignTable

    game = get_game("crossroads")
    drawn: list[go.Figure] = []

    def japanese() -> go.Figure:
        drawn.append(go.Figure(go.Bar(x=["一", "二"], y=[1, 2]), layout={"title": "確率"}))
        return drawn[-1]

    def tables(self, params=None):  # noqa: ANN001
        return [DesignTable("Odds", "確率", pd.DataFrame({"card": [1]}),
                            go.Figure(go.Bar(x=["one", "two"], y=[1, 2])), figure_ja=japanese)]

    monkeypatch.setattr(type(game), "design_tables", tables)
    lab = DesignLab("crossroads", variants_dir=variants_dir)
    assert drawn == [] and lab.rules.charts.shown["design0"].data[0].x == ("one", "two")
    lab.set_lang("ja")
    assert len(drawn) == 1 and lab.rules.charts.shown["design0"] is drawn[0]
    lab.set_lang("en")
    lab.set_lang("ja")
    assert len(drawn) == 1 and lab.rules.charts.shown["design0"] is drawn[0]


@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_parameter_rows_are_made_when_their_tab_opens(game):
    """A lab opens on Rules: its Parameters rows (most of the page's widget models) wait
    for their tab (issue 26), while values, checks, the banner and variants work before."""
    lab = DesignLab(game)  # the shipped variants, read only
    panel = lab.params_panel
    assert not any(f.built for f in panel.fields.values())
    assert all(not box.children for box in panel.accordion.children)
    draft = panel.params
    variant = next(n for n in panel.list_variants() if n != "draft")
    panel.load_variant(variant)  # Play and Simulate get it without the tab
    assert panel.params != draft and lab.stepper.session.params == panel.params
    assert not any(f.built for f in panel.fields.values())
    lab.set_lang("ja")
    lab.tabs.selected_index = 1
    rows = [row for box in panel.accordion.children for row in box.children]
    by_group = sorted(panel.fields.values(), key=lambda f: panel.groups.index(f.spec.group))
    assert rows == [f.row for f in by_group]
    for name, field in panel.fields.items():  # each shows the variant's value, in 日本語
        assert panel.params_type.check_value(name, field.read()) == getattr(panel.params, name)
        assert field.label.value == (f"<b>{field.spec.label_ja}</b>" if field.spec.label_ja
                                     else f"<code>{name}</code>")
    field = panel.fields["players"]
    field.control.value = "99"
    assert "は許容範囲" in field.error.value and "dk-field-error" in field.row._dom_classes


def test_an_error_made_before_the_tab_opens_is_shown_when_it_does(variants_dir):
    lab = DesignLab("crossroads", variants_dir=variants_dir)
    panel = lab.params_panel
    field = panel.fields["numbers"]
    field.show("nonsense")  # a value put in without the tab, then checked
    panel._validate()
    assert "numbers" in panel.errors and not field.built
    assert "numbers" in panel.error_summary.value
    assert lab.sim_panel.run() is None  # refused with the same list of errors
    lab.tabs.selected_index = 1
    assert field.control.value == "nonsense" and "nonsense" in field.error.value
    assert "dk-field-error" in field.row._dom_classes
    field.control.value = "2, 3, 4"  # typed into the row made late: checked as ever
    assert panel.errors == {}


def test_the_play_tab_names_the_variant_and_its_changes():
    """Issue 39: after Load variant the Play tab says which variant it plays and what
    differs from the draft; an edit after loading says so; the draft says it is the draft."""
    lab = DesignLab("classic_hero")  # the shipped variants, read only
    assert "the draft" in lab.stepper.playing.value
    lab.params_panel.build_fields()
    lab.params_panel.load_variant("shared_hp_once")
    line = lab.stepper.playing.value
    assert "variant <b>shared_hp_once</b>" in line and "shared_hp = once" in line
    assert "edited" not in line
    edited = lab.params_panel.params.with_strings({"red_die_bonus_vp": "3"})
    lab.params_panel.set_params(edited)
    line = lab.stepper.playing.value
    assert "shared_hp_once</b>, edited" in line and "red_die_bonus_vp = 3" in line
    lab.lang.value = "ja"
    lab.stepper.render()
    assert "プレイ中：バリアント" in lab.stepper.playing.value
