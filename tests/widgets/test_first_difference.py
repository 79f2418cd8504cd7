"""Compare opens both games where they first differ (issue 39), not at step 0 of 0."""

from __future__ import annotations

from designkit_widgets.first_difference import show_first_difference
from designkit_widgets.stepper import Stepper

from designkit.analysis.first_difference import first_difference
from designkit.core.registry import get_game
from designkit.core.variants import load_variant
from designkit.session import Session

CH = get_game("classic_hero")
BOTS = ["greedy"] * 3


def _texts(s: Session, i: int) -> list[str]:
    return [s.events[k].render() for k in s.step_events(i)]


def test_the_first_difference_is_the_first_step_that_differs() -> None:
    once = load_variant(CH.params_type, "shared_hp_once").params
    found = first_difference(CH, [CH.params_type(), once], 7, BOTS)
    assert not found.same_to_end and found.step > 1
    a, b = (Session(CH, p, 7, BOTS) for p in (CH.params_type(), once))
    for i in range(found.step):
        a.step(), b.step()
        same = (a.steps[i], _texts(a, i)) == (b.steps[i], _texts(b, i))
        assert same == (i < found.step - 1), i     # equal before, different at the step


def test_identical_parameters_never_differ_and_setups_can() -> None:
    draft = CH.params_type()
    found = first_difference(CH, [draft, draft], 3, ["random"] * 3)
    assert found.same_to_end and found.step > 10
    four = draft.with_strings({"players": "4"})
    assert first_difference(CH, [draft, four], 3, ["random"]).step == 0


def test_both_views_open_at_the_first_difference() -> None:
    once = load_variant(CH.params_type, "shared_hp_once").params
    views = []
    for p in (CH.params_type(), once):
        view = Stepper(CH, p)
        view.open_game(7, p, BOTS, "game 1")
        views.append(view)
    found = show_first_difference(views)
    assert found is not None and found.step > 0
    for view in views:
        assert view.session.cursor == found.step
        assert f"<b>Step {found.step}</b>" in view.status.value
        assert "first difference at step" in view.message.value
