"""Every rule that decides a Crossroads position cites itself in the log (issue 21): the
restrictions that forbid or bound a release (CR-4.3, CR-4.4, CR-A11), a changed card's group
(CR-4.2), the skill choices of a pass (CR-A12, CR-A13, CR-A19), S2 declined (CR-A7), the
27-declaration (CR-8.2, CR-A5, CR-A6, CR-A3) and the game-end order (CR-A20, CR-A2)."""

from __future__ import annotations

from designkit.core.events import log_for
from designkit.games.crossroads.actions import Action

from .conftest import A, B, C, events, make_state, play

HOLD = Action("hold")


def rel(size: int) -> Action:
    return Action("release", size)


def test_cr_4_3_refusal_is_logged_for_the_drawer_only():
    """CR-4.3: B draws a 5 while B's pile holds 5×1: the log says why no release is offered,
    and only B (who alone knows the card) reads it."""
    st = make_state(hands={B: [5]}, piles={B: {5: 1}}, active=A, trigger=2)
    play(st, HOLD, 5)
    (ev,) = events(st, "CR-4.3")
    assert ev.seat == B and "already holds 5×1" in ev.text and ev.visible_to == {B}
    assert not [e for e in log_for(st.log, A) if e.rule == "CR-4.3"]


def test_cr_4_4_and_cr_a11_say_what_a_release_must_beat():
    """CR-4.4: C's 3×2 stands, so B's release of a 3 needs 3 cards; CR-A11: with two groups of
    3 standing (one kept by S3) the largest is the one to beat."""
    st = make_state(hands={B: [3]}, piles={C: {3: 2}}, active=A, trigger=2)
    play(st, HOLD, 3)
    (ev,) = events(st, "CR-4.4")
    assert "cannot release 3" in ev.text and "C's 3×2" in ev.text and ev.data["size"] == 3
    st = make_state(hands={B: [3, 3]}, piles={A: {3: 1}, C: {3: 2}}, skills={A: ["S3"]},
                    active=A, trigger=2)
    play(st, HOLD, 3)
    (ev,) = events(st, "CR-A11")
    assert "must be larger than A's 3×1, C's 3×2" in ev.text and ev.data["size"] == 3


def test_cr_4_2_a_release_with_a_changed_card_cites_cr_4_2():
    """CR-4.2: a release with an S7-shifted card is logged as a group of the trigger's number."""
    st = make_state(hands={A: [4]}, skills={A: ["S7"]}, active=A, trigger=5)
    play(st, rel(2))
    (ev,) = events(st, "CR-4.2")
    assert ev.data == {"number": 5, "size": 2} and "1 changed by a skill" in ev.text
    assert not events(st, "CR-4.1")


def test_cr_a19_cr_a12_cr_a13_skill_choices_of_a_pass():
    """CR-A19: no skill taken; CR-A12: a skill taken, none returned; CR-A13: S3 taken in this
    pass already protects the passer's group against the receiver's release."""
    st = make_state(hands={B: [4]}, active=A, trigger=4)
    play(st, Action("pass", B), Action("take", None))
    assert events(st, "CR-A19")[0].seat == A
    st = make_state(active=A, trigger=4, skills={A: ["S1"]})
    play(st, Action("pass", B), Action("take", "S4"), Action("return", None))
    assert "keeps all 2 skills" in events(st, "CR-A12")[0].text
    st = make_state(hands={B: [6]}, piles={A: {6: 1}}, active=A, trigger=6)
    play(st, Action("pass", B), Action("take", "S3"), rel(2))
    (ev,) = events(st, "CR-A13")
    assert ev.seat == A and "taken this turn" in ev.text and not events(st, "CR-7.3")


def test_cr_a7_declining_s2_is_logged():
    """CR-A7: S2 is optional; declining it is a line of the log."""
    st = make_state(hands={A: [2]}, skills={B: ["S2"]}, active=A, trigger=7)
    play(st, HOLD)
    assert st.phase.name == "S2_CHOICE"
    play(st, Action("s2", False))
    assert "does not use S2" in events(st, "CR-A7")[0].text


def test_cr_8_2_cr_a6_cr_a20_declaration_and_game_end_order():
    """CR-8.2: the declarer must discard half; CR-A6: each card is the declarer's choice;
    CR-A20: the game-end steps in their order, before S1 and the scores."""
    st = make_state(hands={A: [8, 8, 8]}, skills={A: ["S1"]}, active=A, trigger=3)
    play(st, HOLD, Action("declare", True), Action("declare_discard", 8),
         Action("declare_discard", 8))
    (must,) = events(st, "CR-8.2")
    assert "must discard 2 of the 4" in must.text and must.data["n"] == 2
    assert [e.data["card"] for e in events(st, "CR-A6")] == [8, 8]
    rules = [e.rule for e in st.log]
    assert rules.index("CR-8.2") < rules.index("CR-A20") < rules.index("CR-7.1")


def test_cr_a3_a_non_active_27_hand_cannot_declare():
    """CR-A3: B's hand sums to 27 at the end of A's turn: only B reads that it may not declare."""
    st = make_state(hands={B: [8, 8, 6, 5]}, active=A, trigger=2)
    play(st, HOLD)
    (ev,) = events(st, "CR-A3")
    assert ev.seat == B and ev.visible_to == {B}


def test_cr_a2_s5_with_an_empty_work_pile():
    """CR-A2: S5 counts the work pile; with an empty pile it adds nothing, and says so."""
    st = make_state(hands={A: [3]}, skills={A: ["S5"]}, active=B, trigger=2, deck={})
    play(st, HOLD)
    (ev,) = events(st, "CR-A2")
    assert ev.seat == A and ev.data["vp"] == 0
