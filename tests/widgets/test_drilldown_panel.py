"""From a number to the game behind it, headless (issue 14 item 3): chart clicks and the
notable-games table open that game of the result set in the Play tab at step 0."""

from __future__ import annotations

import pytest
from designkit_widgets import DesignLab
from designkit_widgets.chart_grid import ChartClick, ChartGrid
from designkit_widgets.stepper import Stepper

from designkit import get_game

AGENTS = ["greedy", "random", "random"]


def _front_end_click(grid: ChartGrid, **content) -> None:
    """What the page sends on a plotly click (``model.send`` in ChartGrid's module)."""
    grid._front_end_message(grid, {"event": "click", **content}, [])


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> DesignLab:
    """One lab with a 12-game run (each test opens games in it anew)."""
    lab = DesignLab("crossroads", variants_dir=tmp_path_factory.mktemp("variants"))
    lab.params_panel.fields["players"].control.value = "3"
    lab.params_panel.fields["end_hand_sum"].control.value = "28"
    for dropdown, name in zip(lab.sim_panel.agent_dropdowns, AGENTS, strict=True):
        dropdown.value = name
    lab.sim_panel.n_games.value = 12
    lab.sim_panel.seed.value = 4
    lab.sim_panel.run(blocking=True)
    return lab


def _row(results, game_id):
    return results.games[results.games.game_id == game_id].iloc[0]


def _assert_opened(lab: DesignLab, results, game_id: int) -> None:
    s = lab.stepper.session
    assert lab.tabs.selected_index == 2  # Play
    assert s.cursor == 0 and not s.steps  # at its first step
    assert s.seed == int(_row(results, game_id)["seed"])
    assert s.params == lab.params and s.params.end_hand_sum == 28
    assert s.controllers == AGENTS
    assert f"game {game_id} " in lab.stepper.message.value
    assert f"seed {s.seed}" in lab.stepper.message.value
    # stepped by its bots, it is the very game the simulation played
    s.play_to_end(stand_in=None)
    want = results.seats[results.seats.game_id == game_id].sort_values("seat")["score"]
    assert [float(v) for v in get_game("crossroads").scores(s.state)] == \
        [float(v) for v in want]


def test_clicking_a_point_of_the_game_length_chart_opens_that_game(lab):
    results = lab.sim_panel.results
    length = lab.sim_panel.figures["length"]
    dots = length.data[1]
    assert dots.meta == "game_id" and list(dots.customdata) == list(range(12))
    assert length.data[0].meta == "game_id"  # the bars carry their games too
    game_id = 7
    _front_end_click(lab.sim_panel.charts, chart="length", trace=1, meta="game_id",
                     x=int(_row(results, game_id)["turns"]), y=0.3, customdata=[game_id])
    assert lab.sim_panel.charts.last_click.game_ids == [game_id]
    _assert_opened(lab, results, game_id)


def test_a_histogram_bar_opens_the_first_game_of_its_bin(lab):
    results = lab.sim_panel.results
    _front_end_click(lab.sim_panel.charts, chart="length", trace=0, meta="game_id", x=30,
                     y=3, customdata=[9, 3, 5])
    assert "first of the 3 games in the clicked bar" in lab.stepper.message.value
    title = lab.sim_panel.charts.title_of("length")
    assert title and title != "length" and "<" not in title
    assert f"bar of the {title} chart" in lab.stepper.message.value  # its title, not its id
    _assert_opened(lab, results, 3)


def test_the_clicked_charts_title_comes_in_japanese(lab):
    """The Play tab's note names the chart by its title, in the lab's language."""
    from designkit_widgets.i18n import tr

    lab.set_lang("ja")
    try:
        _front_end_click(lab.sim_panel.charts, chart="length", trace=1, meta="game_id",
                         x=10, y=0.3, customdata=[2])
        title = tr(lab.sim_panel.charts.title_of("length"), "ja")
        assert title != lab.sim_panel.charts.title_of("length")  # the table has its words
        assert f"「{title}」のグラフでクリック" in lab.stepper.message.value
    finally:
        lab.set_lang("en")


def test_clicks_without_game_ids_change_nothing(lab):
    before = lab.stepper.session
    lab.tabs.selected_index = 3
    _front_end_click(lab.sim_panel.charts, chart="win_rate", trace=0, meta=None, x="A", y=0.4,
                     customdata=[])
    _front_end_click(lab.sim_panel.charts, chart="items", trace=0, meta="other",
                     customdata=[[0.5, 12]])
    lab.sim_panel.charts._front_end_message(lab.sim_panel.charts, "not a dict", [])
    assert lab.stepper.session is before and lab.tabs.selected_index == 3


def test_game_ids_are_read_only_from_traces_that_carry_them():
    assert ChartClick("c", meta="game_id", customdata=[4, 4.0, "x", True, [6, 1]]).game_ids \
        == [4, 4, 6]
    assert ChartClick("c", meta=None, customdata=[4]).game_ids == []


def test_the_notable_games_open_from_their_table(lab, find):
    results = lab.sim_panel.results
    table = lab.sim_panel.notable.table
    labels = list(table["label"])
    assert labels[0].startswith("longest game") and labels[1].startswith("shortest game")
    assert int(table.iloc[0]["turns"]) == int(results.games["turns"].max())
    assert any(label.startswith("a game A won by") for label in labels)
    buttons = find(lab.sim_panel, "dk-open-game")
    assert len(buttons) == len(table) >= 4
    buttons[1].click()  # the shortest game
    _assert_opened(lab, results, int(table.iloc[1]["game_id"]))
    assert "shortest game" in lab.stepper.message.value


def test_the_metrics_tab_opens_its_games_too(lab):
    panel = lab.analysis_panel("Metrics")
    panel.n_games.value = 6
    for dropdown, name in zip(panel.agent_dropdowns, AGENTS, strict=True):
        dropdown.value = name
    results = panel.run(blocking=True)
    notable = lab.metrics_notable
    assert notable is not None and len(notable.table) >= 4
    assert notable.layout.display is None  # shown under the panel
    notable.buttons[0].click()
    _assert_opened(lab, results, int(notable.table.iloc[0]["game_id"]))
    lab.tabs.selected_index = 4
    _front_end_click(panel.charts, chart="any", trace=0, meta="game_id", customdata=[2])
    _assert_opened(lab, results, 2)


def test_a_stepper_opens_a_seeded_game_at_step_zero():
    game = get_game("crossroads")
    stepper = Stepper(game, game.params_type(players=4))
    stepper.session.play_to_end()
    stepper.auto.value = True  # switched off: the opened game waits at step 0
    params = game.params_type(players=3)
    stepper.open_game(123, params, ["random", "greedy", "random"], note="game 5, seed 123")
    assert stepper.auto.value is False
    assert stepper.session.cursor == 0 and stepper.session.seed == 123
    assert stepper.session.players == 3 and len(stepper.controller_dropdowns) == 3
    assert stepper.viewing is None  # bots only: the designer sees every seat
    assert stepper.message.value == "game 5, seed 123"
    assert "Step 0" in stepper.status.value


def test_the_seed_box_keeps_a_64_bit_game_seed_exact():
    game = get_game("crossroads")
    stepper = Stepper(game, game.params_type(players=3))
    big = 2**64 - 3  # a simulation's game seeds are 64-bit: more than a browser number holds
    stepper.open_game(big, controllers=["random"] * 3)
    assert stepper.seed_input.value == str(big)
    stepper.new_button.click()  # New game with the box's seed: the same game again
    assert stepper.session.seed == big and stepper.session.cursor == 0
    stepper.seed_input.value = "12x"
    stepper.new_button.click()
    assert "Seed: 12x is not a whole number 0–" in stepper.message.value
    assert stepper.session.seed == big
