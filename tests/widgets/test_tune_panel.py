"""The Tune tab headless: checkboxes give the CLI's space, the loss is explained next to
numbers of its kind, a gain that did not hold is not saved unless asked, bad input refuses."""

from __future__ import annotations

import pytest
from designkit_widgets import TunePanel

import designkit.analysis.tune as tune_module
from designkit import get_game, list_games
from designkit.analysis.tune import build_space, parse_space
from designkit.cli import main
from designkit.core.errors import DesignkitError

CR = get_game("crossroads")


def _tick(panel: TunePanel, *names: str) -> None:
    for name, box in panel.param_boxes.items():
        box.value = name in names


@pytest.fixture
def no_gain_on_recheck(monkeypatch):
    """Force the re-check's difference interval to reach above zero."""
    real, calls = tune_module._table, []

    def table(*args):
        out = real(*args)
        calls.append(out)
        if len(calls) % 2 == 0:  # every second table of a run is its re-check
            out.loc[1, ["diff", "diff_lo", "diff_hi"]] = [0.0, -0.1, 0.1]
        return out

    monkeypatch.setattr(tune_module, "_table", table)


@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_checkboxes_show_each_grid_with_the_default_list_ticked(game, find):
    panel = TunePanel(game)
    params_type = get_game(game).params_type
    assert panel.chosen() == list(params_type.tune_defaults())
    assert set(panel.param_boxes) == set(tune_module.tunable(params_type))
    assert "players" not in panel.param_boxes
    assert len(find(panel, "dk-tune-param")) == len(panel.param_boxes)
    assert find(panel, "dk-tune-space") == [panel.space_box]


def test_labels_name_the_grid():
    panel = TunePanel(CR)
    assert panel.param_boxes["declare_discard_fraction"].description == (
        "declare_discard_fraction: 0.0–1.0 step 0.1 (11 values)")
    assert panel.param_boxes["tiebreak"].description == "tiebreak: clockwise | draw"
    assert "by turn position where the start player is random" in panel.target_help.value
    hero = TunePanel("classic_hero").param_boxes["max_dice"]
    assert hero.value and hero.description == "max_dice (サイコロ上限): 2–8 step 1 (7 values)"
    assert hero.tooltip.startswith("CH-2.3: ")


def test_checkboxes_produce_the_same_space_as_the_cli(monkeypatch, params_panel):
    spaces = []

    def capture(game, target, space, **kwargs):
        spaces.append(space)
        raise DesignkitError("captured")

    monkeypatch.setattr(tune_module, "tune", capture)
    monkeypatch.setattr("designkit_widgets.tune_panel.tune", capture)
    assert main(["tune", "crossroads", "--players", "3", "--param", "end_hand_sum",
                 "--param", "vp_per_hand_card", "--trials", "1", "--quiet"]) == 2
    panel = TunePanel(CR, params_panel)
    _tick(panel, "vp_per_hand_card", "end_hand_sum")
    assert panel.run() is None and "captured" in panel.status.value
    cli, lab = spaces
    assert cli == lab == build_space(CR.params_type, parse_space(["end_hand_sum",
                                                                  "vp_per_hand_card"]))
    assert main(["tune", "crossroads", "--trials", "1", "--quiet"]) == 2  # no --param
    assert spaces[-1] == TunePanel(CR).space()  # the short list, ticked by default


def test_a_gain_that_holds_is_saved_and_loaded(params_panel, variants_dir, find):
    panel = TunePanel(CR, params_panel, variants_dir=variants_dir, n_trials=3, n_games=60,
                      recheck_games=60, seed=3)
    assert find(panel, "dk-tune") == [panel]
    assert panel.length.layout.display == "none"
    panel.target.value = "length"
    assert panel.length.layout.display is None and panel.weight_box.layout.display == "none"
    panel.length.value = 12
    _tick(panel, "end_hand_sum", "copies_per_number")
    panel.save_name.value = "short"
    result = panel.run(blocking=True)
    assert panel.result is result and len(result.trials) == 3
    assert result.base == params_panel.params and result.held
    assert result.path == variants_dir / "short.yaml" and result.path.is_file()
    assert "short" in params_panel.variant_list.options  # the editor sees the new variant
    assert "tuned toward 12.0 turns" in panel.summary.value
    assert "dk-tune-held" in panel.verdict.value
    numbers = panel.numbers.value
    assert "The loss</b> = distance of the mean game length from 12 turns" in numbers
    assert numbers.count("<tr>") == 5 and "best − start [95%]" in numbers
    assert "search (seed 3, 60 games)" in numbers and "re-check (seed 4, 60 games)" in numbers
    assert "dk-tune-diff-table" in panel.diff_html.value and "players" in panel.diff_html.value
    assert "dk-trials-table" in panel.trials_html.value
    assert panel.progress.value == panel.progress.max == 3
    assert not panel.load_button.disabled
    panel.load_button.click()
    assert params_panel.params == result.best and params_panel.valid
    assert "loaded" in panel.status.value


def test_a_gain_that_did_not_hold_is_saved_only_when_asked(params_panel, variants_dir,
                                                          no_gain_on_recheck):
    panel = TunePanel(CR, params_panel, variants_dir=variants_dir, n_trials=3, n_games=40,
                      recheck_games=40, seed=3)
    panel.target.value = "length"
    panel.length.value = 12
    _tick(panel, "end_hand_sum", "copies_per_number")
    panel.keep.value = "mean_decisions=60%"
    result = panel.run(blocking=True)
    assert result.changed and not result.held and result.path is None
    assert not variants_dir.exists()
    assert "dk-tune-not-held" in panel.verdict.value and "not saved" in panel.verdict.value
    assert "nothing saved" in panel.status.value
    assert "dk-tune-keeps-table" in panel.numbers.value
    assert "mean_decisions within ±60% of the start&#x27;s" in panel.numbers.value
    panel.save_anyway.value = True
    again = panel.run(blocking=True)
    assert again.path is not None and again.path.is_file()
    assert "saved anyway" in panel.verdict.value


def test_equal_seats_is_read_by_turn_position(params_panel, variants_dir):
    panel = TunePanel(CR, params_panel, variants_dir=variants_dir, n_trials=2, n_games=30,
                      recheck_games=30)
    _tick(panel, "vp_per_hand_card")
    panel.save.value = False
    result = panel.run(blocking=True)
    assert result.by == "position"
    assert "spread of win rates by turn position" in panel.numbers.value
    assert "win rate by turn position" in panel.numbers.value


def test_tune_refuses_bad_input(params_panel, variants_dir):
    panel = TunePanel(CR, params_panel, variants_dir=variants_dir, n_trials=2, n_games=40,
                      recheck_games=40)
    _tick(panel)
    assert panel.run() is None and "choose one or more" in panel.status.value
    _tick(panel, "end_hand_sum")
    panel.keep.value = "turns=10%"
    assert panel.run() is None and "closest first: mean_turns" in panel.status.value
    panel.keep.value = ""
    panel.target.value = "mix"
    for w in panel.weights.values():
        w.value = 0
    assert panel.run() is None and "weights" in panel.status.value
    panel.target.value = "equal-seats"
    panel.save_name.value = "../escape"
    assert panel.run() is None and "variant name" in panel.status.value
    params_panel.fields["numbers"].control.value = "2, 3, 99"
    assert params_panel.errors
    assert panel.run() is None
    assert "dk-error" in panel.status._dom_classes and "Refused" in panel.status.value
    assert panel.progress.value == 0 and not panel.run_button.disabled
    assert panel.result is None and panel.load_button.disabled
    assert not variants_dir.exists()


def test_the_lab_never_names_a_command_line_flag():
    from designkit_widgets.tune_panel import lab_words

    said = lab_words("the gain did not hold, so the variant is only reported (save it "
                     "anyway with --save-anyway)")
    assert "--" not in said and "save even if the gain did not hold" in said
