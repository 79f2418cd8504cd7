"""The worked examples CR-E1 … CR-E8 of ``shared/rules/crossroads.md`` section 6.

Each example is set up with ``make_state`` and then played through ``Game.apply``
(decisions and chance outcomes alike), so the whole turn flow is exercised, not
only the release or scoring helpers.
"""

from __future__ import annotations

import pytest

from designkit import CHANCE, IllegalAction
from designkit.games.crossroads.actions import Action
from designkit.games.crossroads.scoring import breakdown
from tests.helpers.seats import A, B, C, D

from .conftest import G, count_cards, events, full_deck, kinds, make_state, piles, play, sizes

HOLD = Action("hold")


def rel(size: int) -> Action:
    return Action("release", size)


# -- CR-E1 Release legality (CR-4.3, CR-4.4, CR-4.5, S8, S3) -------------------------------------

def e1_state(**kw):
    """A {3:2, 6:1}, B {5:3}, C {7:1}, D empty; D's turn, D drew a 3, hand {3, 3, 8}."""
    return make_state(hands={A: [6, 6], D: [3, 3, 8]},
                      piles={A: {3: 2, 6: 1}, B: {5: 3}, C: {7: 1}},
                      active=D, trigger=3, **kw)


def test_e1_sizes_one_and_two_are_illegal_cr_4_4():
    """CR-E1 / CR-4.4: c=1 and c=2 lose to A's 3×2 (2 ≥ 1, 2 ≥ 2); only c=3 is legal."""
    st = e1_state()
    assert sizes(st) == [3]
    for c in (1, 2):
        with pytest.raises(IllegalAction, match="CR-4.4"):
            G.apply(st, rel(c))


def test_e1_release_three_discards_a_group_cr_4_5():
    """CR-E1 / CR-4.4, CR-4.5: D releases 3×3, A's 3×2 goes to the discard pile."""
    st = e1_state()
    play(st, rel(3))
    assert piles(st) == [{6: 1}, {5: 3}, {7: 1}, {3: 3}]
    assert st.hand_cards(D) == [8]
    assert G.state_to_dict(st)["discard"] == [3, 3]
    (ev,) = events(st, "CR-4.5")
    assert ev.seat == A and "D's release" in ev.text and "A's group" in ev.text
    assert count_cards(st) == full_deck(st)


def test_e1_variant_s8_size_two_is_legal_cr_7_8():
    """CR-E1 S8 variant / CR-7.8: with S8, c=2 ties A's 3×2 and is legal; A's group is discarded."""
    st = e1_state(skills={D: ["S8"]})
    assert sizes(st) == [2, 3]
    play(st, rel(2))
    assert piles(st) == [{6: 1}, {5: 3}, {7: 1}, {3: 2}]
    assert st.hand_cards(D) == [3, 8]
    assert G.state_to_dict(st)["discard"] == [3, 3]


def test_e1_variant_a_holds_s3_both_groups_stay_cr_7_3():
    """CR-E1 S3 variant / CR-7.3: D's 3×3 is legal, A keeps 3×2, both 3-groups stay."""
    st = e1_state(skills={A: ["S3"]})
    assert sizes(st) == [3]
    play(st, rel(3))
    assert piles(st) == [{3: 2, 6: 1}, {5: 3}, {7: 1}, {3: 3}]
    assert G.state_to_dict(st)["discard"] == []
    assert not events(st, "CR-4.5")
    assert [e.seat for e in events(st, "CR-7.3")] == [A]


def test_e1_later_a_cannot_release_six_again_cr_4_3():
    """CR-E1 last bullet / CR-4.3: A draws a 6 holding {6, 6}; A already has a 6 group."""
    st = e1_state()
    play(st, rel(3))
    assert G.to_move(st) is CHANCE and st.active == A
    play(st, 6)
    assert st.trigger == 6 and st.hand_cards(A) == [6, 6]
    assert sizes(st) == []
    for c in (1, 2, 3):
        with pytest.raises(IllegalAction, match="CR-4.3"):
            G.apply(st, rel(c))


# -- CR-E2 S4 and S7 (CR-7.4, CR-7.7, CR-A1) ------------------------------------------------------

def e2_state(hand, trigger=5, **kw):
    return make_state(hands={C: hand}, skills={C: ["S4", "S7"]}, active=C, trigger=trigger, **kw)


def test_e2_largest_release_is_five_times_four_cr_7_4_cr_7_7():
    """CR-E2 / CR-7.4, CR-7.7, CR-4.2: 5 + hand 5 + 2 as 5 (S4) + 4 as 5 (S7) = 5×4."""
    st = e2_state([5, 4, 2])
    assert sizes(st) == [1, 2, 3, 4]
    play(st, rel(4))  # exactly one composition makes size 4, so no COMPOSE step
    group = st.piles[C][5]
    assert len(group) == 4 and piles(st)[C] == {5: 4}
    assert sorted(group[:2]) == [2, 4] and group[2:] == (5, 5)  # changed cards at the bottom
    assert st.hand_cards(C) == []
    assert [e.data["card"] for e in events(st, "CR-7.4")] == [2]
    assert [e.data["card"] for e in events(st, "CR-7.7")] == [4]


def test_e2_variant_no_natural_five_max_two_cr_a1():
    """CR-E2 variant / CR-A1: hand {4, 2}; S4 has no hand reference, so max is 2 (via S7)."""
    st = e2_state([4, 2])
    assert sizes(st) == [1, 2]
    play(st, rel(2))
    assert st.piles[C][5] == (4, 5)
    assert st.hand_cards(C) == [2]
    assert not events(st, "CR-7.4")


def test_e2_variant_trigger_may_be_reference_max_three_cr_a1():
    """CR-E2 variant / CR-A1 switch: s4_trigger_may_be_reference=True gives a maximum of 3."""
    st = e2_state([4, 2], s4_trigger_may_be_reference=True)
    assert sizes(st) == [1, 2, 3]
    play(st, rel(3))
    assert sorted(st.piles[C][5]) == [2, 4, 5]
    assert st.hand_cards(C) == []


def test_e2_s7_never_changes_the_trigger_draw_six_cr_a18():
    """CR-E2 / CR-7.7, CR-A18: C draws a 6 with hand {5}: group 6×2 (the hand 5 as 6)."""
    st = e2_state([5], trigger=6)
    assert sizes(st) == [1, 2]
    play(st, rel(2))
    assert piles(st)[C] == {6: 2} and st.piles[C][6] == (5, 6)


def test_e2_s7_minus_one_draw_four_cr_7_7():
    """CR-E2 / CR-7.7: C draws a 4 with hand {5}: 4×1 or 4×2 (the 5 counted as 4 via −1)."""
    st = e2_state([5], trigger=4)
    assert sizes(st) == [1, 2]
    play(st, rel(2))
    assert piles(st)[C] == {4: 2} and st.piles[C][4] == (5, 4)
    st1 = play(e2_state([5], trigger=4), rel(1))
    assert st1.piles[C] == {4: (4,)} and st1.hand_cards(C) == [5]


def test_e2_hand_six_never_joins_a_four_group_cr_7_7():
    """CR-E2 / CR-7.7: a hand 6 is 2 away from a trigger 4, so only 4×1 is possible."""
    st = e2_state([6], trigger=4)
    assert sizes(st) == [1]


# -- CR-E3 Pass, skill exchange and receiver (CR-6, CR-7.6) ----------------------------------------

def e3_state(**kw):
    """A's turn, A holds S6 and drew a 7; C has {7:1}; B's hand {7, 4}, no skills."""
    kw.setdefault("hands", {B: [7, 4]})
    return make_state(piles={C: {7: 1}}, skills={A: ["S6"]}, active=A, trigger=7, **kw)


def test_e3_pass_and_take_keeping_both_skills_cr_6_2_cr_6_3():
    """CR-E3 / CR-6.1, CR-6.2, CR-6.3: A passes the 7 to B, takes S3, keeps S6 (cost 3)."""
    st = e3_state()
    assert {Action("pass", s) for s in (B, C, D)} <= set(G.legal_actions(st))
    play(st, Action("pass", B))
    assert st.phase.name == "TAKE" and G.to_move(st) == A
    assert Action("take", "S3") in G.legal_actions(st)
    assert Action("take", "S6") not in G.legal_actions(st)
    play(st, Action("take", "S3"))
    assert set(G.legal_actions(st)) == {Action("return", None), Action("return", "S6")}
    play(st, Action("return", None))
    assert st.skill_ids(A) == ["S3", "S6"]
    assert breakdown(st, A)["skills"] == -3
    assert "S3" not in st.crossroads_ids() and "S6" not in st.crossroads_ids()
    assert G.to_move(st) == B


def test_e3_exchange_s3_in_s6_back_cr_6_3():
    """CR-E3 alternative / CR-6.3, CR-A12: exchange S3 in, S6 back to the Crossroads."""
    st = e3_state()
    play(st, Action("pass", B), Action("take", "S3"), Action("return", "S6"))
    assert st.skill_ids(A) == ["S3"]
    assert "S6" in st.crossroads_ids()
    assert [e.data["skill"] for e in events(st, "CR-6.3")] == ["S6"]
    assert breakdown(st, A)["skills"] == -2


def test_e3_receiver_options_release_two_or_hold_only_cr_6_4():
    """CR-E3 / CR-6.4, CR-7.6: B may release 7×2 or hold; c=1, pass and discard are not offered."""
    st = play(e3_state(), Action("pass", B), Action("take", "S3"), Action("return", None))
    assert G.to_move(st) == B
    assert kinds(st) == {"hold", "release"}
    assert sizes(st) == [2]
    before = G.state_to_dict(st)
    with pytest.raises(IllegalAction, match="CR-4.4"):
        G.apply(st, rel(1))
    with pytest.raises(IllegalAction, match="CR-6.4"):
        G.apply(st, Action("pass", C))
    with pytest.raises(IllegalAction, match="CR-7.6"):
        G.apply(st, Action("discard"))
    assert G.state_to_dict(st) == before


def test_e3_receiver_releases_two_and_discards_c_cr_4_6():
    """CR-E3 / CR-4.6, CR-4.5: B's 7×2 (passed 7 + hand 7) discards C's {7:1}."""
    st = play(e3_state(), Action("pass", B), Action("take", "S3"), Action("return", None),
              rel(2))
    assert piles(st) == [{}, {7: 2}, {}, {}]
    assert st.hand_cards(B) == [4]
    assert G.state_to_dict(st)["discard"] == [7]
    assert [e.seat for e in events(st, "CR-4.6")] == [B]
    # CR-3.3: the turn then passes to A's left neighbour B, not to the receiver's neighbour
    assert st.active == B and G.to_move(st) is CHANCE


def test_e3_receiver_holds_card_is_public_cr_6_4_cr_a14():
    """CR-E3 / CR-6.4, CR-A14: B holds; hand {7, 7, 4} with one 7 publicly known."""
    st = play(e3_state(), Action("pass", B), Action("take", None), HOLD)
    assert st.hand_cards(B) == [4, 7, 7]
    assert G.state_to_dict(st)["known"][B] == [7]
    assert G.observation(st, C)["known_hand_cards"][B] == [7]


def test_e3_end_of_turn_belongs_to_a_cr_8_1():
    """CR-E3 / CR-8.1, CR-A3: only A (the active player) may declare 27 at this end of turn."""
    st = e3_state(hands={A: [8, 8, 8, 3], B: [8, 8, 4]})  # A sums 27; B will sum 27 too
    play(st, Action("pass", B), Action("take", None))  # B can only hold: applied at once
    assert st.auto[-1][1:] == (B, HOLD)
    assert st.hand_sum(B) == 27 and st.hand_sum(A) == 27
    assert st.phase.name == "DECLARE" and G.to_move(st) == A
    assert st.ctx == (A,)
    play(st, Action("declare", False))
    assert st.active == B and st.phase.name == "DRAW"


# -- CR-E4 27-declaration with S1 (CR-8.1, CR-8.2, CR-7.1, CR-A6), 3 players ----------------------

def e4_declared():
    """B draws a 3 and holds: hand {8, 8, 5, 3, 3} = 27; B holds S1, pile {6:3}; B declares."""
    st = make_state(3, hands={B: [8, 8, 5, 3]}, piles={B: {6: 3}}, skills={B: ["S1"]},
                    active=B, trigger=3)
    assert 2 not in count_cards(st)  # 3 players: no 2s
    play(st, HOLD)
    assert st.hand_sum(B) == 27
    assert st.phase.name == "DECLARE" and G.to_move(st) == B
    play(st, Action("declare", True))
    assert st.phase.name == "DECLARE_DISCARD" and st.ctx == (2,)  # ⌊5/2⌋
    assert G.state_to_dict(st)["known"][B] == [3, 3, 5, 8, 8]  # hand revealed
    return st


def test_e4_discard_eight_and_three_scores_one_cr_8_2_cr_7_1():
    """CR-E4 / CR-8.2, CR-7.1, CR-A20: discard {8, 3}; S1 empties {8, 5, 3}; B = 3 − 0 − 2 = 1."""
    st = play(e4_declared(), Action("declare_discard", 8), Action("declare_discard", 3))
    assert G.is_over(st) and st.end_reason == "27" and st.ending == B
    assert st.hand_cards(B) == []
    assert events(st, "CR-7.1")[0].data["cards"] == [3, 5, 8]
    assert G.scores(st) == [0, 1, 0]
    assert G.winners(st) == [B]


def test_e4_discard_eight_and_five_scores_zero_cr_8_2_cr_7_1():
    """CR-E4 / CR-8.2, CR-7.1: discard {8, 5}; S1 leaves {3}; B = 3 − 1 − 2 = 0."""
    st = play(e4_declared(), Action("declare_discard", 8), Action("declare_discard", 5))
    assert G.is_over(st) and st.ending == B
    assert st.hand_cards(B) == [3]
    assert G.scores(st) == [0, 0, 0]
    # everyone ties on 0: priority C, A, B (CR-10.2), so C wins
    assert G.priority(st) == [C, A, B]
    assert G.ranking(st) == [C, A, B] and G.winners(st) == [C]


def test_e4_tiebreak_priority_c_a_b_cr_10_2():
    """CR-E4 / CR-10.2, CR-8.4: B is the ending player, so the priority is C, A, B."""
    st = play(e4_declared(), Action("declare_discard", 8), Action("declare_discard", 3))
    assert G.priority(st) == [C, A, B]
    rules = [e.rule for e in st.log]
    # CR-A20 order: declaration discard, then S1, then scoring
    assert rules.index("CR-8.2") < rules.index("CR-8.4") < rules.index("CR-7.1") \
        < rules.index("CR-9.1")


# -- CR-E5 Final scoring and tie-break (CR-9, CR-10.2) ---------------------------------------------

E5_PILES = {A: {5: 3, 8: 2}, B: {4: 2, 6: 2, 3: 1, 2: 1}, C: {7: 4}}
E5_SKILLS = {A: ["S5"], C: ["S1"], D: ["S8"]}


def test_e5_scoring_table_and_a_wins_cr_9_cr_10_2():
    """CR-E5 / CR-9.1–CR-9.4, CR-7.5, CR-7.1, CR-10.2: deck runs out on C's turn; A 5, B 5, C 1,
    D −4; A wins on priority D, A, B, C."""
    st = make_state(hands={A: [4, 6], B: [7], C: [3, 3, 5], D: [2, 5, 8]}, piles=E5_PILES,
                    skills=E5_SKILLS, active=C, deck={8: 1})
    play(st, 8, HOLD)  # C draws the last card (an 8) and holds: hand {3, 3, 5, 8}
    assert G.is_over(st) and st.end_reason == "deck_out" and st.ending == C
    assert events(st, "CR-7.1")[0].data["cards"] == [3, 5, 8]
    assert st.hand_cards(C) == [3]
    assert G.scores(st) == [5, 5, 1, -4]
    parts = {e.seat: e.data for e in events(st, "CR-9.4")}
    assert (parts[A]["work"], parts[A]["s5_bonus"], parts[A]["hand"], parts[A]["skills"]) \
        == (5, 3, -2, -1)
    assert (parts[B]["work"], parts[B]["hand"], parts[B]["skills"]) == (6, -1, 0)
    assert (parts[C]["work"], parts[C]["hand"], parts[C]["skills"]) == (4, -1, -2)
    assert (parts[D]["work"], parts[D]["hand"], parts[D]["skills"]) == (0, -3, -1)
    assert G.priority(st) == [D, A, B, C]
    assert G.winners(st) == [A]
    assert G.ranking(st) == [A, B, C, D]
    (tie,) = events(st, "CR-10.2")
    assert tie.seat == A and tie.data["tied"] == [A, B]


def test_e5_alternative_ending_on_a_turn_b_wins_cr_10_2():
    """CR-E5 alternative / CR-10.2: had the game ended on A's turn, priority B, C, D, A: B wins."""
    st = make_state(hands={A: [6], B: [7], C: [3, 3, 5, 8], D: [2, 5, 8]}, piles=E5_PILES,
                    skills=E5_SKILLS, active=A, deck={4: 1})
    play(st, 4, HOLD)  # A draws the last card (a 4) and holds: hand {4, 6}
    assert G.is_over(st) and st.ending == A
    assert G.scores(st) == [5, 5, 1, -4]
    assert G.priority(st) == [B, C, D, A]
    assert G.winners(st) == [B]


# -- CR-E6 S3 and S8 chain (CR-7.3, CR-7.8, CR-A11) ------------------------------------------------

def test_e6_three_step_chain_cr_7_3_cr_7_8_cr_a11():
    """CR-E6 / CR-7.3, CR-7.8, CR-A11, CR-4.3: the three releases of 4 end with A {4:1}, B {4:2}."""
    st = make_state(hands={B: [8], C: [4], D: [6]}, piles={A: {4: 1}},
                    skills={A: ["S3"], B: ["S8"]}, active=B, trigger=4)
    # 1. B has no 4 in hand: 4×1 is legal via S8 (1 ≥ 1); A's group is protected.
    assert sizes(st) == [1]
    play(st, rel(1))
    assert piles(st) == [{4: 1}, {4: 1}, {}, {}]
    assert [e.seat for e in events(st, "CR-7.3")] == [A] and not events(st, "CR-4.5")
    # 2. C draws a 4 with hand {4}: c=1 illegal, c=2 legal; B's group goes, A's stays.
    play(st, 4)
    assert st.active == C and sizes(st) == [2]
    with pytest.raises(IllegalAction, match="CR-4.4"):
        G.apply(st, rel(1))
    mark = len(st.log)
    play(st, rel(2))
    assert piles(st) == [{4: 1}, {}, {4: 2}, {}]
    assert [e.seat for e in events(st, "CR-4.5", mark)] == [B]
    assert [e.seat for e in events(st, "CR-7.3", mark)] == [A]
    # D draws a 4 and passes it to B, who holds it; A draws a 7 and holds.
    play(st, 4, Action("pass", B), Action("take", None))
    # B's hand has no 4 yet, and S8 still needs 2 ≥ max(1, 2): holding is B's only option,
    # so the core applies it at once (recorded in st.auto, not put to B)
    assert st.auto[-1][1:] == (B, HOLD) and st.hand_cards(B) == [4, 8]
    play(st, 7, HOLD)
    # 3. B draws a 4 holding {4}: CR-4.3 does not block (the old group was discarded).
    play(st, 4)
    assert st.active == B and st.hand_cards(B) == [4, 8]
    assert sizes(st) == [2]
    mark = len(st.log)
    play(st, rel(2))
    assert piles(st) == [{4: 1}, {4: 2}, {}, {}]
    assert [e.seat for e in events(st, "CR-4.5", mark)] == [C]
    # all six 4s accounted for: A 1, B's first group 1, C 2, B's second group 2
    d = G.state_to_dict(st)
    assert d["discard"].count(4) == 3 and "4" not in d["deck"]
    assert count_cards(st)[4] == 6 and count_cards(st) == full_deck(st)


# -- CR-E7 Deck end with S2 (CR-7.2, CR-8.3) -------------------------------------------------------

def test_e7_s2_with_two_cards_then_b_ends_cr_7_2_cr_8_3():
    """CR-E7 / CR-7.2, CR-8.3, CR-8.4: A uses S2 on the last 2 cards, keeps one, the other goes
    to the bottom; B draws it, releases, the game ends with B as ending player (C, D, A, B)."""
    st = make_state(hands={D: [2]}, skills={A: ["S2"]}, active=D, trigger=3,
                    deck={5: 1, 7: 1})
    play(st, HOLD)  # D's turn ends; deck = 2 at the start of A's turn
    assert st.active == A and st.deck_total() == 2
    assert set(G.legal_actions(st)) == {Action("s2", True), Action("s2", False)}
    play(st, Action("s2", True))
    assert G.to_move(st) is CHANCE
    play(st, 5)  # the second S2 draw is the only card left: certain, applied at once
    assert st.s2_cards == [5, 7]
    assert set(G.legal_actions(st)) == {Action("keep", 5), Action("keep", 7)}
    play(st, Action("keep", 5))
    assert st.trigger == 5
    d = G.state_to_dict(st)
    assert d["bottom"] == [7] and d["bottom_owner"] == [A] and d["deck"] == {}
    assert st.deck_total() == 1
    assert G.observation(st, A)["own_cards_in_deck"]["bottom"] == [7]
    assert G.observation(st, B)["own_cards_in_deck"]["bottom"] == []
    (ev,) = events(st, "CR-7.2")
    assert ev.data["kept"] == 5 and ev.data["returned"] == [7]
    play(st, HOLD)
    assert st.hand_cards(A) == [5] and not G.is_over(st)  # deck = 1: play continues
    # B's draw is the S2 card at the bottom: certain, so it is drawn at once (CR-3.2)
    assert st.active == B and st.trigger == 7 and st.phase.name == "ACT"
    play(st, rel(1))
    assert G.is_over(st) and st.end_reason == "deck_out"
    assert st.ending == B and piles(st)[B] == {7: 1}
    assert events(st, "CR-8.3") and events(st, "CR-8.4")[0].seat == B
    assert G.priority(st) == [C, D, A, B]
    assert count_cards(st) == full_deck(st)


def test_e7_variant_one_card_no_choice_a_ends_cr_a7():
    """CR-E7 variant / CR-7.2, CR-A7: deck has 1 card at the start of A's turn; A draws it with
    no S2 choice and the game ends after A's turn (priority B, C, D, A)."""
    st = make_state(hands={D: [2]}, skills={A: ["S2"]}, active=D, trigger=3, deck={5: 1})
    play(st, HOLD)
    # no S2 decision, and the one card left is drawn at once (a certain chance step)
    assert st.active == A and G.to_move(st) == A and st.trigger == 5
    assert st.phase.name == "ACT"
    play(st, HOLD)
    assert G.is_over(st) and st.ending == A
    assert not events(st, "CR-7.2")
    assert G.priority(st) == [B, C, D, A]


# -- CR-E8 Releasing a number again (CR-4.3, CR-A10) -----------------------------------------------

def test_e8_release_again_after_discard_cr_4_3_cr_a10():
    """CR-E8 / CR-4.3, CR-4.4, CR-A10: B's 5×1 is discarded by C's 5×2; B later releases 5×3,
    discarding C's group. All six 5s are accounted for (1 + 2 + 3)."""
    st = make_state(hands={B: [5, 5], C: [5]}, piles={B: {5: 1}}, active=C, trigger=5)
    assert sizes(st) == [2]
    play(st, rel(2))
    assert piles(st) == [{}, {}, {5: 2}, {}]
    play(st, 8, HOLD, 7, HOLD)  # D and A hold
    play(st, 5)
    assert st.active == B and st.hand_cards(B) == [5, 5]
    assert sizes(st) == [3]  # CR-4.3 does not apply; CR-4.4 needs c ≥ 3
    play(st, rel(3))
    assert piles(st) == [{}, {5: 3}, {}, {}]
    assert G.state_to_dict(st)["discard"].count(5) == 3
    assert count_cards(st)[5] == 6 and count_cards(st) == full_deck(st)
