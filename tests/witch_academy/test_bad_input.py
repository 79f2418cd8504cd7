"""Bad input: one-line errors naming the parameter and range, the file, row and column, or
the action and why; the state is unchanged."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from designkit.core.errors import DataError, IllegalAction, ParamError
from designkit.games.witch_academy import WitchParams
from designkit.games.witch_academy.actions import WitchAction
from designkit.games.witch_academy.cards import load_assignments, load_events, load_exploration
from tests.witch_academy.conftest import A, G, resume, scenario


@pytest.mark.parametrize(("change", "field"), [
    ({"payment_floor": 3}, "payment_floor"),
    ({"worker_ranks": ("d4", "d10")}, "worker_ranks"),
    ({"draft_hand_size": 8, "players": 5}, "draft_hand_size"),
    ({"assignment_display": 9, "assignment_cards_per_year": 4}, "assignment_display"),
    ({"assignment_vp_ratio": (100, 150)}, "assignment_vp_ratio"),
])
def test_bad_params_name_the_field(change: dict, field: str) -> None:
    with pytest.raises(ParamError) as err:
        WitchParams(**change)
    assert err.value.field.startswith(field)


@pytest.fixture
def data_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    src = Path(__file__).resolve().parents[2] / "data" / "witch_academy"
    dst = tmp_path / "witch_academy"
    shutil.copytree(src, dst)
    monkeypatch.setenv("DESIGNKIT_DATA", str(tmp_path))
    return dst


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_bad_effect_cell_names_file_row_column(data_copy: Path) -> None:
    _edit(data_copy / "exploration.csv", "gain(res=G, n=2)", "gain(res=X, n=2)")
    with pytest.raises(DataError, match=r"exploration\.csv, row 2, column 'base'.*'X'"):
        load_exploration()


def test_bad_assignment_cost_names_row_column(data_copy: Path) -> None:
    _edit(data_copy / "assignments.csv", "AS1-3,1,G2 W2", "AS1-3,1,G2 Q2")
    with pytest.raises(DataError, match=r"assignments\.csv, row 4, column 'cost'.*'Q2'"):
        load_assignments()


def test_bad_event_row_names_row_column(data_copy: Path) -> None:
    _edit(data_copy / "events.csv", "FA1-1,1,familiar,Black Cat,黒猫,,,d4",
          "FA1-1,1,familiar,Black Cat,黒猫,,,d5")
    with pytest.raises(DataError, match=r"events\.csv, row 10, column 'die'"):
        load_events()


def test_designer_edit_is_used_by_the_next_game(data_copy: Path) -> None:
    """Content as data: a VP changed in the spreadsheet is what the next game scores."""
    _edit(data_copy / "assignments.csv", "AS1-1,1,G2 B2,4", "AS1-1,1,G2 B2,7")
    st = scenario(4, display=("AS1-1",), resources={A: "G2 B2"})
    resume(st, ("assign_turn", A))
    G.apply(st, WitchAction("complete", "AS1-1"))
    assert st.vp[A] == 7


@pytest.mark.parametrize("bad", [("place", 3), ("worker", "d10"), None, ("complete", "AS1-1")])
def test_illegal_actions_leave_state_unchanged(bad: object) -> None:
    st2 = scenario(4, display=("AS1-1",))
    resume(st2, ("turn", A))
    for state in (st2,):
        before = G.state_to_dict(state)
        action = WitchAction(*bad) if isinstance(bad, tuple) else bad
        with pytest.raises(IllegalAction) as err:
            G.apply(state, action)
        assert "\n" not in str(err.value)
        assert G.state_to_dict(state) == before
    with pytest.raises(IllegalAction, match="not a Little Witch Academia action"):
        G.apply(st2, ("worker", "d4"))


def test_action_from_json_rejects_malformed() -> None:
    with pytest.raises(IllegalAction, match="not an action"):
        G.action_from_json({"kind": "pass"})
    assert G.action_from_json(["exchange", ["R", "W"]]) == WitchAction("exchange", ("R", "W"))


def test_saved_state_with_an_impossible_position_is_refused() -> None:
    from designkit.core.invariants import ImpossibleState

    st = scenario(4)
    data = G.state_to_dict(st)
    data["health"][0][0] = 9
    with pytest.raises(ImpossibleState, match="health_range"):
        G.state_from_dict(data)
    del data["health"]
    with pytest.raises(ImpossibleState, match="state_format: key 'health': missing"):
        G.state_from_dict(data)


def test_the_same_worker_on_two_areas_is_refused() -> None:
    """LW-5.1 (one worker per Area, a worker in one place): the board's entries are checked
    against the workers' locations, so a worker copied onto a second Area is refused."""
    import random

    from designkit.core.game import CHANCE
    from designkit.core.invariants import ImpossibleState

    st, rng = G.new_state(G.params_type(players=4), log=False), random.Random(3)
    while None not in st.occupant or all(o is None for o in st.occupant):
        G.apply(st, G.sample_chance(st, rng) if G.to_move(st) is CHANCE
                else rng.choice(G.legal_actions(st)))
    data = G.state_to_dict(st)
    G.state_from_dict(data)                      # each worker on one Area: fine
    worker = next(o for o in data["occupant"] if o is not None)
    data["occupant"][data["occupant"].index(None)] = worker
    with pytest.raises(ImpossibleState, match=r"location: seat \d worker \d is on the board at \d but its location is \d \(LW-5\.1\)"):
        G.state_from_dict(data)


def test_a_malformed_state_is_one_impossible_state_naming_the_key() -> None:
    """Every game refuses bad input the same way (core.invariants.parse_checked)."""
    from designkit.core.invariants import ImpossibleState

    data = G.state_to_dict(scenario(4))
    data["phase"] = "NAP"
    with pytest.raises(ImpossibleState, match="state_format: key 'phase': unknown phase 'NAP'"):
        G.state_from_dict(data)
    data = G.state_to_dict(scenario(4))
    data["health"] = data["health"][:2]            # two seats of Health for four players
    with pytest.raises(ImpossibleState) as err:
        G.state_from_dict(data)
    assert "\n" not in str(err.value)
