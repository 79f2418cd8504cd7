"""The lab's side of the playtest journal, headless: the offer at the end of a human game
(nothing saved without the click; hidden again by a new game; none for bots alone), the
paper form's checks, and the Playtests tab's list and prediction."""

from __future__ import annotations

from html import unescape
from pathlib import Path

import pytest
from designkit_widgets.design_lab import DesignLab

from designkit.playtests.journal import ENV


@pytest.fixture
def lab(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> DesignLab:
    monkeypatch.setenv(ENV, str(tmp_path))
    lab = DesignLab("crossroads")
    for dropdown in lab.stepper.controller_dropdowns[1:]:
        dropdown.value = "greedy"
    return lab


def finish(lab: DesignLab) -> None:
    stepper = lab.stepper
    while not stepper.session.is_over:
        if stepper.session.human_to_move:
            stepper.choose(stepper.session.legal_actions()[0])
        else:
            stepper.advance()


def test_a_human_game_is_offered_and_saved_only_on_the_click(lab: DesignLab,
                                                              tmp_path: Path) -> None:
    offer = lab.playtest_offer
    assert offer.layout.display == "none"
    finish(lab)
    assert offer.layout.display == ""
    assert not (tmp_path / "crossroads").exists()  # shown, not saved
    offer.notes.value = "first try"
    pt = offer.save()
    assert pt is not None and pt.game_id == "pt-0001" and pt.notes == "first try"
    assert (tmp_path / "crossroads" / pt.record).is_file()
    assert offer.save_button.disabled
    lab.stepper.new_game()
    assert offer.layout.display == "none"


def test_bots_alone_are_not_offered(lab: DesignLab) -> None:
    lab.stepper.controller_dropdowns[0].value = "greedy"
    lab.stepper.play_to_end()
    assert lab.stepper.session.is_over and lab.playtest_offer.layout.display == "none"
    assert lab.playtest_offer.save() is None  # refused in its status line
    assert "only a finished game with a human seat" in lab.playtest_offer.status.value


def test_the_form_checks_fields_and_the_tab_shows_the_prediction(lab: DesignLab) -> None:
    finish(lab)
    lab.playtest_offer.save()
    lab.tabs.selected_index = list(lab.tabs.titles).index("Playtests")
    panel = lab.playtests_panel
    assert panel is not None and "pt-0001" in panel.games_html.value
    form = panel.form
    assert list(form.cells[0]) == ["player", "score", "work_pile", "s5_bonus", "hand",
                                   "skill_costs"]  # the game's own scoring sources
    for seat, score in enumerate(["5", "3", "x", "2"]):
        form.cells[seat]["score"].value = score
    assert form.submit() is None and "C score: 'x' is not a number" in unescape(form.status.value)
    form.cells[2]["score"].value = "1"
    form.turns.value = "-3"
    assert form.submit() is None and "Turns" in form.status.value
    form.turns.value = "34"
    form.cells[0]["work_pile"].value = "9"
    form.cells[0]["hand"].value = "-3"
    form.cells[0]["s5_bonus"].value = "0"
    form.cells[0]["skill_costs"].value = "0"
    assert form.submit() is None and "add up to 6" in form.status.value
    form.cells[0]["hand"].value = "-2"
    form.cells[0]["skill_costs"].value = "-2"
    form.start.value = "B"
    written = form.submit()
    assert written is not None and written.game_id == "pt-0002"
    assert "pt-0002" in panel.games_html.value and form.cells[0]["score"].value == ""
    panel.bot_games.value = 30
    panel.compare()
    html = panel.prediction.value
    assert "2 playtests (1 paper, 1 lab)" in html and "n=30" in html and "n=2" in html
    assert "where people play differently" in html
    figure = panel.charts._english["calibration"]  # the rates, bots against playtests
    assert figure["layout"]["title"]["text"].startswith("Calibration")
    assert len(figure["data"]) == 2 and len(figure["data"][1]["x"]) >= 4


def test_a_surprising_lab_playtest_opens_in_play(lab: DesignLab) -> None:
    finish(lab)  # seed 0, the lab's first game
    lab.playtest_offer.save()
    lab.tabs.selected_index = list(lab.tabs.titles).index("Playtests")
    panel = lab.playtests_panel
    panel.bot_games.value = 30
    panel.compare()
    buttons = [w for row in panel.surprise_box.children[1:] for w in row.children
               if "dk-playtests-open" in w._dom_classes]
    assert [b.description for b in buttons] == ["Open in Play", "Bots on the same deal"]
    lab.stepper.new_game(seed=99)
    buttons[0].click()
    assert lab.tabs.selected_index == list(lab.tabs.titles).index("Play")
    session = lab.stepper.session
    assert session.is_over and session.seed == 0 and session.controllers[0] == "human"
    buttons[1].click()
    session = lab.stepper.session
    assert (session.seed, session.cursor, session.controllers) == (0, 0, ["greedy"] * 4)
