"""DesignLab headless: builds for every registered game and wires params into the tabs."""

from __future__ import annotations

import pytest
from designkit_widgets import DesignLab

from designkit import list_games


@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_builds_for_every_game(game, variants_dir, find):
    lab = DesignLab(game, variants_dir=variants_dir)
    assert lab.game.name == game
    assert list(lab.tabs.titles)[:4] == ["Rules", "Parameters", "Play", "Simulate"]
    assert find(lab, "dk-lab") == [lab]
    for css in ("dk-params", "dk-stepper", "dk-sim", "dk-log", "dk-board", "dk-rules"):
        assert len(find(lab, css)) == 1, css
    assert lab.stepper.board.value  # the game's own view
    assert lab.rules.rules and lab.game.title in lab.rules.children[1].value


def test_params_reach_play_and_simulate(variants_dir):
    lab = DesignLab("crossroads", variants_dir=variants_dir)
    lab.params_panel.fields["players"].control.value = 3
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
