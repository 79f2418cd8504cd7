"""Bad input: parameters, the card tables, saved states, illegal moves.

Every error says what was wrong and where (field and range; file, row, column
and the position in a notation cell; the action and why), and an illegal
action leaves the state untouched.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from designkit import DataError, IllegalAction, ParamError
from designkit.core.action import Action
from designkit.core.paths import data_dir
from designkit.games.classic_hero import ClassicHeroParams
from designkit.games.classic_hero.actions import HeroAction
from designkit.games.classic_hero.cards import (
    load_abilities,
    load_demon_lords,
    load_events,
    load_races,
)

from .conftest import A, G, scenario, start


# -- parameters ------------------------------------------------------------------------------------
@pytest.mark.parametrize("changes, field", [
    ({"adventure_slots": 24, "event_cards_per_stage": 20,
      "suit_mix_per_stage": {"Trial": 4, "Ruins": 4, "City": 4, "Pilgrimage": 4,
                             "Request": 4}}, "adventure_slots"),
    ({"event_cards_per_stage": 23}, "event_cards_per_stage"),
    ({"suit_mix_per_stage": {"Trial": 9, "Ruins": 5, "City": 5, "Pilgrimage": 5,
                             "Request": 0}}, "suit_mix_per_stage"),
    ({"players": 4, "classes": 3}, "classes"),
    ({"die_range": [6, 1]}, "die_range"),
])
def test_inconsistent_parameters_name_the_field(changes, field):
    with pytest.raises(ParamError) as err:
        ClassicHeroParams(**changes)
    assert err.value.field == field


def test_variant_file_round_trip(tmp_path):
    p = ClassicHeroParams(max_dice=5, goal_fill="reverse")
    path = p.save(tmp_path / "v.yaml", note="dice limit 5")
    assert ClassicHeroParams.load(path) == p
    (tmp_path / "bad.yaml").write_text("game: classic_hero\nparams: {max_dice: 40}\n")
    with pytest.raises(DataError) as err:
        ClassicHeroParams.load(tmp_path / "bad.yaml")
    assert err.value.column == "max_dice" and "2–8" in str(err.value)


# -- card tables ---------------------------------------------------------------------------------------
def _copy_data(tmp_path: Path, monkeypatch, name: str, edit) -> Path:
    root = tmp_path / "data"
    shutil.copytree(data_dir("classic_hero"), root / "classic_hero")
    path = root / "classic_hero" / name
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(edit(lines)) + "\n", encoding="utf-8")
    monkeypatch.setenv("DESIGNKIT_DATA", str(root))
    return path


def test_real_tables_load():
    assert len(load_events()) == 72 and len(load_demon_lords()) == 15
    assert len(load_races()) == 6 and len(load_abilities()) == 18


@pytest.mark.parametrize("name, line, old, new, loader, row, column, words", [
    ("events.csv", 5, "6・6★", "6・7★", load_events, 5, "condition",
     ["position 3", "outside 1–6"]),
    ("events.csv", 3, "ゾロ目2", "ゾロ目", load_events, 3, "condition",
     ["position 4", "equal dice"]),
    ("events.csv", 4, "+1/-1", "+1/x", load_events, 4, "fortune", ["position 4"]),
    ("events.csv", 2, "upgrade(n=1)", "upgrade(n=9)", load_events, 2, "effects",
     ["outside 1–6"]),
    ("events.csv", 2, "upgrade(n=1)", "artifact(type=a1)", load_events, 2, "effects",
     ["only Ruins"]),
    ("events.csv", 2, "Trial", "Dungeon", load_events, 2, "suit", ["'Dungeon'"]),
    ("demon_lords.csv", 2, "16↑", "16↑↑", load_demon_lords, 2, "hp3",
     ["position 4", "unexpected"]),
    ("abilities.csv", 2, "adjust(n=1)", "teleport", load_abilities, 2, "ability",
     ["unknown effect 'teleport'"]),
    ("races.csv", 3, ",2", ",1", load_races, 3, "speed", ["duplicate"]),
])
def test_bad_cells_name_file_row_column(tmp_path, monkeypatch, name, line, old, new, loader,
                                         row, column, words):
    def edit(lines):
        assert old in lines[line - 1], lines[line - 1]
        lines[line - 1] = lines[line - 1].replace(old, new, 1)
        return lines
    path = _copy_data(tmp_path, monkeypatch, name, edit)
    with pytest.raises(DataError) as err:
        loader()
    e = err.value
    assert (e.file, e.row, e.column) == (str(path), row, column), str(e)
    for w in words:
        assert w in str(e), (w, str(e))


def test_data_is_never_evaluated(tmp_path, monkeypatch):
    def edit(lines):
        lines[1] = lines[1].replace("5・6", "__import__('os')")
        return lines
    _copy_data(tmp_path, monkeypatch, "events.csv", edit)
    with pytest.raises(DataError, match="condition"):
        load_events()


# -- illegal actions ---------------------------------------------------------------------------------
def _rejects(st, action, *words):
    before = G.state_to_dict(st)
    with pytest.raises(IllegalAction) as err:
        G.apply(st, action)
    assert G.state_to_dict(st) == before
    for w in words:
        assert w in str(err.value), (w, str(err.value))


def test_illegal_stop_names_the_rule():
    st = scenario(track={1: "S1-10", 2: "S1-01", 3: "S1-11"}, hands={A: ("W1",)})
    start(st, ("move", A))
    _rejects(st, HeroAction("move", (3, "S1-11", None)), "CH-5.4")


def test_set_that_does_not_meet_the_condition():
    st = scenario(hands={A: ("W2", "W5", "R6", "W6")}, track={1: "S1-04"}, pos={A: 1},
                  bless={A: 1})
    start(st, ("check", A))
    _rejects(st, HeroAction("achieve", ("S1-04", ((0, 2, False), (1, 5, False)))), "CH-6.3")


def test_wrong_kind_of_action_names_what_is_due():
    st = scenario(track={1: "S1-10", 2: "S1-11"}, hands={A: ("W1",)})
    start(st, ("move", A))
    _rejects(st, HeroAction("stop"), "CH-5.3")


def test_other_types_are_refused():
    st = scenario(track={1: "S1-10", 2: "S1-11"}, hands={A: ("W1",)})
    start(st, ("move", A))
    legal = st.options[0]
    for bad in (tuple(legal), None, Action(legal.kind, legal.arg)):
        _rejects(st, bad, "not a Classic Hero action")


def test_bad_chance_outcome_and_after_the_end():
    st = G.new_state(ClassicHeroParams())
    assert G.to_move(st).name == "CHANCE"
    _rejects(st, "RC9", "not possible")
    st = scenario(stage=3)
    start(st, ("final",))
    _rejects(st, HeroAction("stop"), "over")


def test_malformed_json_action():
    with pytest.raises(IllegalAction):
        G.action_from_json({"kind": "move"})


def test_impossible_saved_state_is_refused():
    from designkit.core.invariants import ImpossibleState

    d = G.state_to_dict(G.new_state())
    d["dice"][0] = [[9, "W", False]] * 4
    with pytest.raises(ImpossibleState, match="die_value"):
        G.state_from_dict(d)


def test_malformed_saved_state_names_the_key():
    d = G.state_to_dict(G.new_state())
    d["track"] = ["S9-99"] * 20
    from designkit.core.invariants import ImpossibleState

    with pytest.raises(ImpossibleState, match="state_format: key 'track'") as err:
        G.state_from_dict(d)
    assert "\n" not in str(err.value)
