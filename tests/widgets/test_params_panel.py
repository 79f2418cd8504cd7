"""ParamsPanel headless: fields from specs, errors beside fields, reset, diff, variants."""

from __future__ import annotations

from unittest.mock import Mock

import ipywidgets as widgets
import pytest
from designkit_widgets import ParamsPanel
from designkit_widgets.i18n import message_html

from designkit import get_game

G = get_game("crossroads")


@pytest.fixture
def panel(variants_dir) -> ParamsPanel:
    return ParamsPanel(G, variants_dir=variants_dir)


def test_fields_follow_the_specs(panel, find):
    specs = G.params_type.specs()
    assert list(panel.fields) == list(specs)
    kinds = {name: type(f.control) for name, f in panel.fields.items()}
    # numbers are typed into text boxes: nothing clamps or rounds what was typed
    assert kinds["players"] is widgets.Text
    assert kinds["end_hand_sum"] is widgets.Text
    assert kinds["declare_discard_fraction"] is widgets.Text
    assert kinds["release_comparison"] is widgets.Dropdown
    assert kinds["s2_optional"] is widgets.Checkbox
    assert kinds["start_player"] is widgets.Text  # optional: empty means unset
    assert kinds["numbers"] is widgets.Text
    table = panel.fields["skill_cost"].control
    assert set(table.boxes) == set(G.params_type().skill_cost)
    assert all(isinstance(b, widgets.Text) for b in table.boxes.values())
    assert list(panel.accordion.titles) == list(dict.fromkeys(s.group for s in specs.values()))
    assert "CR-8.1" in panel.fields["end_hand_sum"].info.value
    assert "CR-8.1" in panel.fields["end_hand_sum"].control.tooltip
    # a tooltip on a Box makes the browser fail to draw it: only the table's items carry it
    assert table.tooltip is None and all("CR-9.3" in b.tooltip for b in table.boxes.values())
    assert panel.params == G.params_type() and panel.valid
    assert find(panel, "dk-params") == [panel]


def test_invalid_value_shows_error_and_never_reaches_params(panel):
    changed = Mock()
    panel.on_change(changed)
    field = panel.fields["numbers"]
    field.control.value = "2, 3, 99"
    assert "outside the allowed range 1–30" in panel.errors["numbers"]
    assert "dk-error" in field.error._dom_classes
    assert "99" in field.error.value and field.error.layout.display != "none"
    assert panel.params == G.params_type()
    changed.assert_not_called()
    field.control.value = "2, 3, 4"
    assert panel.errors == {} and "dk-error" not in field.error._dom_classes
    changed.assert_called_once_with(panel.params)
    assert panel.params.numbers == (2, 3, 4)


@pytest.mark.parametrize(("name", "typed", "expected"), [
    ("end_hand_sum", "500", "2–100"),  # was clamped to 100 without a word
    ("end_hand_sum", "1", "2–100"),  # was raised to 2
    ("end_hand_sum", "27.5", "not a whole number"),  # the dot was dropped
    ("players", "9", "3–5"),
])
def test_a_typed_value_stays_and_its_error_names_field_range_and_rule(panel, name, typed,
                                                                      expected):
    field = panel.fields[name]
    field.control.value = typed
    assert field.control.value == typed, "the field must keep what was typed"
    message = panel.message(name)
    assert message.startswith(f"{field.spec.label or name}: ") and expected in message
    assert field.spec.rule in message and field.spec.describe_range() in message
    assert message_html(message, "en") == field.error.value and "dk-field-error" in field.row._dom_classes
    assert panel.params == G.params_type()  # the engine keeps the last valid params


def test_a_table_item_keeps_what_was_typed(panel):
    box = panel.fields["skill_cost"].control.boxes["S1"]
    box.value = "50"
    assert box.value == "50" and "skill_cost" in panel.errors
    assert "50" in panel.message("skill_cost") and "CR-9.3" in panel.message("skill_cost")
    assert panel.params.skill_cost == G.params_type().skill_cost


def test_sections_with_errors_are_marked_and_listed_at_the_top(panel):
    group = panel.fields["end_hand_sum"].spec.group
    panel.fields["end_hand_sum"].control.value = "500"
    index = panel.groups.index(group)
    assert panel.accordion.titles[index] == f"⚠ {group} (1 to fix)"
    summary = panel.error_summary
    assert summary.layout.display != "none" and "end_hand_sum" in summary.value
    assert "1 field to fix" in summary.value
    assert "not applied" in panel.diff_html.value  # the diff does not pass for the draft
    panel.fields["end_hand_sum"].control.value = "27"
    assert panel.accordion.titles[index] == group and summary.layout.display == "none"


def test_garbage_in_an_optional_number(panel):
    panel.fields["max_skills_held"].control.value = "lots"
    assert "not a number" in panel.errors["max_skills_held"]
    panel.fields["max_skills_held"].control.value = ""
    assert panel.valid and panel.params.max_skills_held is None
    panel.fields["max_skills_held"].control.value = "3"
    assert panel.params.max_skills_held == 3


def test_cross_field_error_is_shown(panel):
    panel.fields["start_player"].control.value = "4"  # 4 players: seats 0–3
    assert "start_player" in panel.errors
    assert "dk-error" in panel.consistency._dom_classes
    assert "start_player" in panel.consistency.value
    assert panel.params.start_player is None
    panel.fields["players"].control.value = "5"
    assert panel.valid and not panel.consistency.value
    assert (panel.params.players, panel.params.start_player) == (5, 4)


def test_reset_to_draft(panel):
    panel.fields["end_hand_sum"].control.value = "30"
    panel.fields["tiebreak"].control.value = "draw"
    panel.fields["numbers"].control.value = "x"
    assert panel.params.end_hand_sum == 30 and not panel.valid
    panel.reset_button.click()
    assert panel.params == G.params_type() and panel.valid
    assert panel.fields["numbers"].control.value == "2, 3, 4, 5, 6, 7, 8"
    assert "none" in panel.diff_html.value


def test_live_diff(panel):
    panel.fields["end_hand_sum"].control.value = "30"
    panel.fields["skill_cost"].control.boxes["S1"].value = "5"
    html = panel.diff_html.value
    assert "end_hand_sum" in html and "<b>30</b>" in html and "CR-8.1" in html
    assert "S1: 5" in html and "S2" not in html  # only the changed entries of a table
    assert "dk-diff" in panel.diff_html._dom_classes


def test_variant_roundtrip(panel, variants_dir):
    panel.fields["end_hand_sum"].control.value = "24"
    panel.fields["s2_optional"].control.value = False
    panel.variant_name.value = "short game"
    panel.save_button.click()
    path = variants_dir / "short game.yaml"
    assert path.is_file() and "end_hand_sum: 24" in path.read_text(encoding="utf-8")
    assert "players" not in path.read_text(encoding="utf-8")  # only the changes
    assert panel.variant_list.options == ("draft", "short game")   # the draft is always there
    assert "end_hand_sum = 24" in panel.variant_info.value         # what the picked one sets
    saved = panel.params
    panel.reset()
    assert panel.params != saved
    panel.variant_list.value = "short game"
    panel.load_button.click()
    assert panel.params == saved
    assert "loaded" in panel.variant_status.value
    panel.variant_list.value = "draft"
    panel.load_button.click()
    assert panel.params == panel.draft


def test_shipped_variants_are_offered_with_the_drafts_words():
    """Every game's Parameters tab has a Variants group and a picker of its draft's cures."""
    from designkit.core.registry import list_games

    for game in list_games():
        panel = ParamsPanel(game)
        assert "Variants" in panel.groups, game.name
        assert panel.variant_list.options[0] == "draft" and len(panel.variant_list.options) > 1
        panel.variant_list.value = panel.variant_list.options[1]
        assert "「" in panel.variant_info.value, (game.name, panel.variant_info.value)


def test_variant_errors_are_shown(panel, variants_dir):
    panel.variant_name.value = "../escape"
    panel.save_button.click()
    assert "dk-error" in panel.variant_status._dom_classes
    assert not variants_dir.exists()
    panel.variant_name.value = "ok"
    panel.fields["numbers"].control.value = "x"
    panel.save_button.click()
    assert "fix the fields" in panel.variant_status.value and not variants_dir.exists()
    variants_dir.mkdir()
    (variants_dir / "broken.yaml").write_text("game: crossroads\nparams: {players: 9}\n")
    panel.refresh_variants()
    panel.variant_list.value = "broken"
    panel.load_button.click()
    assert "players" in panel.variant_status.value
    assert "dk-error" in panel.variant_status._dom_classes


def test_default_variants_folder_follows_designkit_data(data_copy):
    panel = ParamsPanel(G)
    assert panel.variants_dir == data_copy / "crossroads" / "variants"
    panel.fields["players"].control.value = "3"
    assert panel.save_variant("three") == data_copy / "crossroads" / "variants" / "three.yaml"
    assert G.params_type.load(panel.variants_dir / "three.yaml").players == 3
