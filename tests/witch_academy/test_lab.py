"""The generic lab panels drive Little Witch Academia unchanged: a human seat drafts and
places by clicking (the Stepper), and the board shows only that seat's hand."""

from __future__ import annotations

from designkit_widgets import Stepper

from designkit import get_game

G = get_game("witch_academy")


def _advance_to(stepper: Stepper, phase: str) -> None:
    for _ in range(500):
        state = stepper.session.state
        if stepper.session.human_to_move and state.phase.name == phase:
            return
        if stepper.session.human_to_move:
            stepper.action_buttons[0].click()
        else:
            stepper.advance_button.click()
    raise AssertionError(f"never reached {phase}")


def test_human_drafts_and_places_by_clicking() -> None:
    stepper = Stepper(G, seed=3)   # A is human, the others random
    _advance_to(stepper, "DRAFT")
    hand = [G.describe_action(a) for a in stepper.session.legal_actions()]
    assert [b.description for b in stepper.action_buttons] == hand
    stepper.action_buttons[0].click()
    assert stepper.session.state.picks[0]
    _advance_to(stepper, "MODE")
    stepper.action_buttons[0].click()                  # a worker
    assert stepper.session.state.phase.name == "TARGET"
    stepper.viewer.value = 0                            # view as A
    state = stepper.session.state
    others = {state.rules.events[e].id for q in (1, 2, 3) for e in state.hands[q]}
    mine = {state.rules.events[e].id for e in state.hands[0]}
    hidden = {c for c in others - mine if not any(c in m for m in mine)}
    assert hidden and not any(c in stepper.board.html for c in hidden)
    assert all(c in stepper.board.html for c in mine)
