"""The Parameters banner tells the truth (issue 26): with invalid fields, New game,
Simulate, Sweep, Tune and Compare all refuse, running nothing, with the same list of
errors the banner shows; fixed fields lift the refusal."""

from __future__ import annotations

import pytest
from designkit_widgets import DesignLab
from designkit_widgets._util import checked_params
from designkit_widgets.i18n import message_html

from designkit.core.errors import DesignkitError

BAD = {"players": "9", "numbers": "nonsense"}  # CR-1.1 players 3–5; a number list


@pytest.fixture
def lab(variants_dir) -> DesignLab:
    lab = DesignLab("crossroads", variants_dir=variants_dir)
    for name, value in BAD.items():
        lab.params_panel.fields[name].control.value = value
    assert set(lab.params_panel.errors) == set(BAD)
    return lab


def _refusal(lab: DesignLab) -> str:
    with pytest.raises(DesignkitError) as err:
        checked_params(lab.params_panel, lab.game)
    text = str(err.value)
    assert text.startswith("Refused: fix the parameter errors first")
    assert all(name in text for name in BAD)
    return message_html(text, "en")  # as the status lines show it (rule IDs unbroken)


def test_the_banner_says_every_tab_refuses(lab: DesignLab) -> None:
    banner = lab.params_panel.error_summary.value
    assert "New game, Simulate" in banner and "refuse" in banner
    assert "go on with the last valid values" not in banner


def test_new_game_refuses(lab: DesignLab) -> None:
    seed = lab.stepper.session.seed
    steps = lab.stepper.session.steps
    lab.stepper.new_game(seed + 1)
    assert lab.stepper.message.value == _refusal(lab)
    assert lab.stepper.session.seed == seed and lab.stepper.session.steps == steps
    lab.params_panel.fields["numbers"].control.value = "2, 3, 4, 5, 6, 7, 8"
    lab.params_panel.fields["players"].control.value = "3"
    assert not lab.params_panel.errors  # fixed: New game plays with the new values
    lab.stepper.new_game(seed + 1)
    assert lab.stepper.session.players == 3 and lab.stepper.session.seed == seed + 1
    assert lab.stepper.message.value == ""


def test_simulate_refuses(lab: DesignLab) -> None:
    assert lab.sim_panel.run() is None and lab.sim_panel.results is None
    assert lab.sim_panel.status.value == _refusal(lab)


@pytest.mark.parametrize("tab", ["Sweep", "Tune", "Compare", "Metrics"])
def test_analysis_tabs_refuse(lab: DesignLab, tab: str) -> None:
    panel = lab.analysis_panel(tab)
    assert panel.run() is None
    assert panel.status.value == _refusal(lab)
