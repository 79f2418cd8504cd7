"""One or more tests per rule CR-1.1 … CR-10.3 (section 2 of the spec), the skills
CR-7.1 … CR-7.8 and the ambiguity resolutions CR-A*; each checks the event the rule logs.
"""

from __future__ import annotations

import csv
import random
from collections import Counter
from pathlib import Path

import pytest

from designkit import CHANCE, IllegalAction, ParamError
from designkit.games.crossroads.actions import Action, a_card
from designkit.games.crossroads.skills import load_skills
from tests.helpers.bad_params import assert_player_count
from tests.helpers.seats import A, B, C, D

from .conftest import (
    G,
    count_cards,
    events,
    full_deck,
    kinds,
    make_state,
    piles,
    play,
    sizes,
    visible_to,
)

HOLD = Action("hold")
ALL_SKILLS = ["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8"]


def rel(size: int) -> Action:
    return Action("release", size)


def dealt(players: int = 4, seed: int = 1, **kw):
    """A fresh game with the starting hands dealt by seeded chance."""
    st = G.new_state(G.params_type(players=players, **kw))
    rng = random.Random(seed)
    while st.phase.name == "DEAL":
        G.apply(st, G.sample_chance(st, rng))
    return st


def end_by_hold(**kw):
    """The active player drew the last card (deck empty) and holds it: the game ends."""
    kw.setdefault("deck", {})
    st = make_state(**kw)
    return play(st, HOLD)


# -- CR-1 Players and components -------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_cr_1_1_three_to_five_players(players):
    """CR-1.1: 3–5 players are allowed; 2 or 6 players raise ParamError."""
    assert_player_count(G, players, (3, 5), match="players")


def test_cr_1_2_deck_numbers_two_to_eight_six_each():
    """CR-1.2: numbers 2–8, six copies each, 42 cards."""
    st = G.new_state(G.params_type(players=4))
    assert G.state_to_dict(st)["deck"] == {str(x): 6 for x in range(2, 9)}
    assert st.deck_total() == 42


def test_cr_1_3_eight_skills_with_costs():
    """CR-1.3 / CR-7: eight different skills; costs 2, 2, 2, 2, 1, 1, 1, 1."""
    skills = load_skills()
    assert [s.id for s in skills] == ALL_SKILLS
    assert [s.cost for s in skills] == [2, 2, 2, 2, 1, 1, 1, 1]
    assert all(s.hooks for s in skills)


# -- CR-2 Setup ------------------------------------------------------------------------------------

def test_cr_2_1_three_players_remove_the_twos():
    """CR-2.1: with 3 players the six 2s are removed (36 cards); the event says so."""
    st = G.new_state(G.params_type(players=3))
    d = G.state_to_dict(st)
    assert "2" not in d["deck"] and st.deck_total() == 36
    (ev,) = events(st, "CR-2.1")
    assert ev.data["deck"] == 36 and "36" in ev.text and "2" in ev.text


@pytest.mark.parametrize("players", [4, 5])
def test_cr_2_1_four_or_five_players_use_42(players):
    """CR-2.1: with 4 or 5 players all 42 cards are used."""
    st = G.new_state(G.params_type(players=players))
    assert st.deck_total() == 42
    assert G.state_to_dict(st)["deck"]["2"] == 6
    assert events(st, "CR-2.1")[0].data["deck"] == 42


@pytest.mark.parametrize("players", [3, 4, 5])
def test_cr_2_2_starting_hands_of_two(players):
    """CR-2.2: each player draws 2 cards as a starting hand (one CR-2.2 event per seat)."""
    st = dealt(players)
    assert st.hand_n == [2] * players
    assert [len(h) for h in G.state_to_dict(st)["hands"]] == [2] * players
    assert st.deck_total() == (36 if players == 3 else 42) - 2 * players
    assert sorted(e.seat for e in events(st, "CR-2.2")) == list(range(players))
    assert count_cards(st) == full_deck(st)


def test_cr_2_3_all_skills_in_the_crossroads():
    """CR-2.3: all 8 skills start in the Crossroads; nobody holds one."""
    st = dealt()
    assert st.crossroads_ids() == ALL_SKILLS
    assert G.state_to_dict(st)["skills"] == [[], [], [], []]
    assert events(st, "CR-2.3")


def test_cr_2_4_start_player_is_chance():
    """CR-2.4: without a parameter, the start player is a uniform chance outcome."""
    st = dealt()
    assert st.phase.name == "START" and G.to_move(st) is CHANCE
    assert G.chance_outcomes(st) == [(s, 0.25) for s in range(4)]
    play(st, 2)
    assert st.first_player == 2 and st.active == 2
    (ev,) = events(st, "CR-2.4")
    assert ev.seat == 2


def test_cr_2_4_start_player_parameter():
    """CR-2.4: the start player may be given as a parameter (no chance step)."""
    st = dealt(start_player=3)
    assert st.first_player == 3 and st.active == 3
    assert st.phase.name == "DRAW"
    assert events(st, "CR-2.4")[0].seat == 3
    with pytest.raises(ParamError, match="start_player"):
        G.params_type(players=3, start_player=3)


# -- CR-3 Turn structure ---------------------------------------------------------------------------

def test_cr_3_1_turns_go_clockwise_from_the_start_player():
    """CR-3.1: turns run clockwise from the start player; each logs CR-3.1."""
    st = dealt(start_player=2)
    rng = random.Random(5)
    order = []
    for _ in range(6):
        order.append(st.active)
        play(st, G.sample_chance(st, rng), HOLD)
        while st.phase.name == "DECLARE":
            play(st, Action("declare", False))
    assert order == [2, 3, 0, 1, 2, 3]
    assert [e.seat for e in events(st, "CR-3.1")] == [2, 3, 0, 1, 2, 3, 0]


def test_cr_3_2_draw_gives_trigger_then_one_action():
    """CR-3.2: the turn's draw is the trigger card; then Release, Hold or Pass."""
    st = make_state(active=B)
    assert st.phase.name == "DRAW" and G.to_move(st) is CHANCE
    play(st, 6)
    assert st.trigger == 6 and G.to_move(st) == B
    assert kinds(st) == {"hold", "release", "pass"}
    (ev,) = events(st, "CR-3.2")
    assert ev.seat == B and ev.data["card"] == 6


def test_cr_3_3_turn_passes_after_receiver_response():
    """CR-3.3: after a pass the turn ends only when the receiver has responded, then goes
    to the passer's next player."""
    st = make_state(active=A, trigger=6)
    play(st, Action("pass", C), Action("take", None))
    assert st.active == A and G.to_move(st) == C
    play(st, HOLD)
    assert st.active == B and G.to_move(st) is CHANCE
    assert events(st, "CR-3.1")[-1].seat == B


# -- CR-4 Release ----------------------------------------------------------------------------------

def test_cr_4_1_release_trigger_plus_any_matching_cr_a9():
    """CR-4.1 / CR-A9: the trigger plus 0..m matching hand cards form one group."""
    st = make_state(hands={A: [5, 5, 5, 2]}, active=A, trigger=5)
    assert sizes(st) == [1, 2, 3, 4]
    play(st, rel(2))
    assert piles(st)[A] == {5: 2} and st.hand_cards(A) == [2, 5, 5]
    (ev,) = events(st, "CR-4.1")
    assert ev.seat == A and ev.data == {"number": 5, "size": 2}


def test_cr_4_2_changed_card_counts_as_n():
    """CR-4.2: a card changed by S7 counts as n for every rule: a 5-group (4, 5) has size 2,
    so another player needs 3 to beat it."""
    st = make_state(hands={A: [4], B: [5]}, skills={A: ["S7"]}, active=A, trigger=5)
    play(st, rel(2))
    assert st.piles[A] == {5: (4, 5)}
    play(st, 5)  # B draws a 5 holding {5}
    assert st.active == B and sizes(st) == []
    with pytest.raises(IllegalAction, match="CR-4.4"):
        G.apply(st, rel(2))


def test_cr_4_3_no_second_group_of_a_number():
    """CR-4.3: a player whose pile holds a group of n cannot release n, whatever the size."""
    st = make_state(hands={A: [4, 4, 4]}, piles={A: {4: 1}}, active=A, trigger=4)
    assert sizes(st) == [] and "release" not in kinds(st)
    with pytest.raises(IllegalAction, match="CR-4.3"):
        G.apply(st, rel(4))


def test_cr_4_4_must_strictly_beat_every_group():
    """CR-4.4: c must be strictly greater than every existing group of n (the draft's example:
    someone has 3×2, so a 3-release needs 3 cards)."""
    st = make_state(hands={C: [3, 3]}, piles={A: {3: 2}, B: {3: 1}}, active=C, trigger=3,
                    skills={A: ["S3"]})
    assert sizes(st) == [3]
    with pytest.raises(IllegalAction, match=r"CR-4\.4.*A's 3×2"):
        G.apply(st, rel(2))


def test_cr_4_4_release_comparison_parameter():
    """CR-4.4 parameter release_comparison=greater_or_equal allows ties for everybody."""
    st = make_state(hands={C: [3]}, piles={A: {3: 2}}, active=C, trigger=3,
                    release_comparison="greater_or_equal")
    assert sizes(st) == [2]


def test_cr_4_5_release_discards_other_groups_and_logs_both_seats():
    """CR-4.5: after a release of n, other players' groups of n go to the discard pile; the
    event names the releaser and the owner."""
    st = make_state(hands={D: [3, 3]}, piles={A: {3: 1}, B: {3: 2, 6: 1}}, active=D,
                    trigger=3, skills={})
    play(st, rel(3))
    assert piles(st) == [{}, {6: 1}, {}, {3: 3}]
    assert G.state_to_dict(st)["discard"] == [3, 3, 3]
    evs = events(st, "CR-4.5")
    assert [(e.seat, e.data["owner"], e.data["size"]) for e in evs] == [(A, A, 1), (B, B, 2)]
    assert "D's release" in evs[1].text and "B's group" in evs[1].text and "3×2" in evs[1].text
    assert count_cards(st) == full_deck(st)


def test_cr_4_6_receiver_releases_under_the_same_rules():
    """CR-4.6: a receiver releases with the passed card as trigger, under CR-4.3/CR-4.4."""
    st = make_state(hands={B: [6, 6]}, piles={C: {6: 2}}, active=A, trigger=6)
    play(st, Action("pass", B), Action("take", None))
    assert sizes(st) == [3]
    play(st, rel(3))
    assert piles(st) == [{}, {6: 3}, {}, {}]
    assert [e.seat for e in events(st, "CR-4.6")] == [B]
    assert events(st, "CR-4.1")[0].seat == B
    # CR-4.3 for a receiver: a receiver with a group of 6 cannot release a passed 6
    st2 = make_state(hands={B: [6, 6]}, piles={B: {6: 1}}, active=A, trigger=6)
    play(st2, Action("pass", B), Action("take", None))
    # hold is B's only option, so the core applies it at once and records it (st.auto)
    assert st2.hand_cards(B) == [6, 6, 6] and events(st2, "CR-6.4")[0].seat == B
    assert st2.auto[-1][1:] == (B, HOLD) and st2.forced >= 1


# -- CR-5 Hold -------------------------------------------------------------------------------------

def test_cr_5_1_hold_puts_trigger_in_hand():
    """CR-5.1: holding puts the trigger into the hand (an event only the holder sees)."""
    st = make_state(hands={A: [2]}, active=A, trigger=7)
    play(st, HOLD)
    assert st.hand_cards(A) == [2, 7]
    (ev,) = events(st, "CR-5.1")
    assert ev.seat == A and ev.data["card"] == 7 and tuple(visible_to(ev)) == (A,)
    assert G.state_to_dict(st)["known"][A] == []


def test_cr_5_2_hold_always_legal_even_when_release_is():
    """CR-5.2: Hold is offered even when a release would be legal, active or receiver."""
    st = make_state(hands={A: [5]}, active=A, trigger=5)
    assert HOLD in G.legal_actions(st) and sizes(st) == [1, 2]
    rng = random.Random(2024)
    for _ in range(15):  # and in every ACT/RECEIVE position of random games
        st = dealt(seed=rng.randrange(10**6))
        while not G.is_over(st):
            if G.to_move(st) is CHANCE:
                G.apply(st, G.sample_chance(st, rng), check=False)
                continue
            legal = G.legal_actions(st)
            if st.phase.name in ("ACT", "RECEIVE"):
                assert HOLD in legal
            G.apply(st, rng.choice(legal), check=False)
        assert count_cards(st) == full_deck(st)


# -- CR-6 Pass -------------------------------------------------------------------------------------

def test_cr_6_1_pass_to_any_other_player_face_up():
    """CR-6.1: the drawn card goes face-up to one other player (never oneself)."""
    st = make_state(active=C, trigger=4)
    assert {a.arg for a in G.legal_actions(st) if a.kind == "pass"} == {A, B, D}
    with pytest.raises(IllegalAction):
        G.apply(st, Action("pass", C))
    play(st, Action("pass", A), Action("take", None), HOLD)
    (ev,) = events(st, "CR-6.1")
    assert ev.seat == C and ev.data == {"card": 4, "target": A}
    assert G.state_to_dict(st)["known"][A] == [4]  # face-up: known to everyone


def test_cr_6_2_taking_a_skill_is_optional():
    """CR-6.2: after passing, the passer may take any one Crossroads skill, or none."""
    st = make_state(active=A, trigger=4)
    play(st, Action("pass", B))
    assert set(G.legal_actions(st)) == {Action("take", None)} | {
        Action("take", s) for s in ALL_SKILLS}
    play(st, Action("take", "S5"))
    assert st.skill_ids(A) == ["S5"] and "S5" not in st.crossroads_ids()
    assert G.to_move(st) == B  # at most one skill per pass (no RETURN: nothing held before)
    (ev,) = events(st, "CR-6.2")
    assert ev.seat == A and ev.data["skill"] == "S5"
    st2 = play(make_state(active=A, trigger=4), Action("pass", B), Action("take", None))
    assert st2.skill_ids(A) == [] and st2.crossroads_ids() == ALL_SKILLS
    assert not events(st2, "CR-6.2")


def test_cr_6_2_pass_legal_with_empty_crossroads_cr_a19():
    """CR-6.2 / CR-A19: with the Crossroads empty, Pass is still legal and takes no skill."""
    st = make_state(active=A, trigger=4, skills={B: ALL_SKILLS[:4], C: ALL_SKILLS[4:]})
    assert st.crossroads_ids() == []
    play(st, Action("pass", D))
    assert st.phase.name == "RECEIVE" and G.to_move(st) == D


def test_cr_6_3_exchange_or_keep_all_cr_a12():
    """CR-6.3 / CR-A12: with skills held, return exactly one old skill or none; only as an
    exchange; the new one cannot be returned; the number held is unlimited."""
    st = make_state(active=A, trigger=4, skills={A: ["S1", "S2", "S3"]})
    play(st, Action("pass", B), Action("take", "S4"))
    assert st.phase.name == "RETURN"
    assert set(G.legal_actions(st)) == {Action("return", s) for s in (None, "S1", "S2", "S3")}
    before = G.state_to_dict(st)
    with pytest.raises(IllegalAction, match="CR-6.3"):
        G.apply(st, Action("return", "S4"))
    assert G.state_to_dict(st) == before
    play(st, Action("return", None))
    assert st.skill_ids(A) == ["S1", "S2", "S3", "S4"]  # several skills are fine
    # exchange: the returned skill goes straight back to the Crossroads
    st = make_state(active=A, trigger=4, skills={A: ["S1"]})
    play(st, Action("pass", B), Action("take", "S5"), Action("return", "S1"))
    assert st.skill_ids(A) == ["S5"] and "S1" in st.crossroads_ids()
    (ev,) = events(st, "CR-6.3")
    assert ev.seat == A and ev.data["skill"] == "S1"
    # ... and is available again at once (here to B on the next turn)
    play(st, HOLD, 2, Action("pass", C))
    assert Action("take", "S1") in G.legal_actions(st)
    # no return without taking a skill
    st = make_state(active=A, trigger=4, skills={A: ["S1"]})
    play(st, Action("pass", B), Action("take", None))
    assert st.phase.name == "RECEIVE" and st.skill_ids(A) == ["S1"]


def test_cr_6_3_returns_per_pass_and_holding_limit_with_two_takes():
    """CR-6.2 / CR-6.3 with ``max_skills_taken_per_pass=2``: one return per pass at most, and at
    the holding limit a take must stay an exchange (found by a random parameter sweep: the
    second take used to go over ``max_skills_held``)."""
    st = make_state(active=A, trigger=4, skills={A: ["S1"]}, max_skills_taken_per_pass=2,
                    max_skills_held=1)
    play(st, Action("pass", B), Action("take", "S2"))
    # over the limit, returning S1 is the only option: applied at once (CR-6.3)
    assert st.auto[-1][1:] == (A, Action("return", "S1"))
    # the limit is reached and the one return of this pass is used: no second take
    assert st.phase.name == "RECEIVE" and st.skill_ids(A) == ["S2"]
    assert G.check_state(st) == []
    # without a limit the second take is offered, but no second return
    st = make_state(active=A, trigger=4, skills={A: ["S1", "S3"]}, max_skills_taken_per_pass=2)
    play(st, Action("pass", B), Action("take", "S2"), Action("return", "S1"))
    assert st.phase.name == "TAKE"
    play(st, Action("take", "S4"))
    assert st.phase.name == "RECEIVE" and st.skill_ids(A) == ["S2", "S3", "S4"]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_cr_3_2_extra_draws_stop_when_the_deck_runs_out(players):
    """CR-3.2 with ``draw_per_turn=3``: the extra draws stop at an empty deck and the turn goes
    on (the issue's ``simulate --set draw_per_turn=3`` crashed with IndexError here)."""
    p = G.params_type(players=players, draw_per_turn=3)
    for seed in range(15):
        st = G.new_state(p, log=seed % 2 == 0)
        rng = random.Random(seed)
        while not G.is_over(st):
            assert G.check_state(st) == []
            if G.to_move(st) is CHANCE:
                G.apply(st, G.sample_chance(st, rng))
            else:
                G.apply(st, rng.choice(G.legal_actions(st)))
        assert st.deck_total() == 0 or st.end_reason == "27"
        assert count_cards(st) == full_deck(st)


def test_cr_6_4_receiver_cannot_pass():
    """CR-6.4: Pass is for the active player only; a receiver may Release or Hold."""
    st = make_state(hands={B: [4]}, active=A, trigger=4)
    play(st, Action("pass", B), Action("take", None))
    assert kinds(st) == {"hold", "release"}
    with pytest.raises(IllegalAction, match="CR-6.4"):
        G.apply(st, Action("pass", C))
    play(st, HOLD)
    (ev,) = events(st, "CR-6.4")
    assert ev.seat == B and ev.data["card"] == 4


def test_cr_6_5_new_skill_works_at_once_s3_cr_a13():
    """CR-6.5 / CR-A13: S3 taken during a pass already protects against the receiver's release."""
    st = make_state(hands={B: [6]}, piles={A: {6: 1}}, active=A, trigger=6)
    play(st, Action("pass", B), Action("take", "S3"), rel(2))
    assert piles(st) == [{6: 1}, {6: 2}, {}, {}]
    assert [e.seat for e in events(st, "CR-A13")] == [A] and not events(st, "CR-4.5")
    # control: without S3 the receiver's release discards A's group
    st = make_state(hands={B: [6]}, piles={A: {6: 1}}, active=A, trigger=6)
    play(st, Action("pass", B), Action("take", "S5"), rel(2))
    assert piles(st) == [{}, {6: 2}, {}, {}]
    assert [e.seat for e in events(st, "CR-4.5")] == [A]


# -- CR-7 Skills -----------------------------------------------------------------------------------

def test_cr_7_1_s1_discards_one_per_number_at_end_cr_a17():
    """CR-7.1 / CR-A17: at game end S1 discards one hand card of each number (the maximum)."""
    st = end_by_hold(hands={A: [3, 3, 5, 8, 8]}, skills={A: ["S1"]}, active=B, trigger=2)
    (ev,) = events(st, "CR-7.1")
    assert ev.seat == A and ev.data["cards"] == [3, 5, 8]
    assert st.hand_cards(A) == [3, 8]
    assert G.scores(st)[A] == -2 - 2


def test_cr_7_1_s1_after_the_27_discard_cr_a20():
    """CR-7.1 / CR-A20: S1 applies after the declarer's 27-discard, before scoring."""
    st = make_state(hands={A: [8, 8, 8]}, skills={A: ["S1"]}, active=A, trigger=3)
    play(st, HOLD, Action("declare", True), Action("declare_discard", 8),
         Action("declare_discard", 8))
    assert G.is_over(st)
    rules = [e.rule for e in st.log]
    assert rules.index("CR-8.2") < rules.index("CR-7.1") < rules.index("CR-9.1")
    assert events(st, "CR-7.1")[0].data["cards"] == [3, 8]
    assert st.hand_cards(A) == [] and G.scores(st)[A] == -2


def test_cr_7_2_s2_draw_two_keep_one_bottom():
    """CR-7.2: S2 draws 2, keeps 1 as trigger, the other goes to the bottom of the deck."""
    st = make_state(hands={D: [2]}, skills={A: ["S2"]}, active=D, trigger=3)
    play(st, HOLD)
    assert st.phase.name == "S2_CHOICE" and G.to_move(st) == A
    play(st, Action("s2", True), 8, 4, Action("keep", 4))
    assert st.trigger == 4 and st.bottom == [8] and st.phase.name == "ACT"
    (ev,) = events(st, "CR-7.2")
    assert ev.seat == A and ev.data["kept"] == 4 and ev.data["returned"] == [8]
    assert count_cards(st) == full_deck(st)


def test_cr_7_2_s2_is_optional_cr_a7():
    """CR-7.2 / CR-A7: S2 may be declined (normal draw); s2_optional=False forces it."""
    st = make_state(hands={D: [2]}, skills={A: ["S2"]}, active=D, trigger=3)
    play(st, HOLD, Action("s2", False))
    assert st.phase.name == "DRAW" and G.to_move(st) is CHANCE
    play(st, 6)
    assert st.trigger == 6 and st.phase.name == "ACT" and not events(st, "CR-7.2")
    st = make_state(hands={D: [2]}, skills={A: ["S2"]}, active=D, trigger=3, s2_optional=False)
    play(st, HOLD)
    assert st.phase.name == "S2_DRAW" and G.to_move(st) is CHANCE


def test_cr_7_2_s2_does_not_apply_to_passed_cards():
    """CR-7.2: a receiver holding S2 gets the passed card only (no second draw)."""
    st = make_state(skills={B: ["S2"]}, active=A, trigger=6)
    play(st, Action("pass", B), Action("take", None))
    assert st.phase.name == "RECEIVE" and kinds(st) == {"hold", "release"}


def test_cr_7_3_protected_group_still_counts_cr_a11():
    """CR-7.3 / CR-A11: an S3 group is never discarded but must still be beaten (CR-4.4)."""
    st = make_state(hands={B: [4, 4]}, piles={A: {4: 2}}, skills={A: ["S3"]}, active=B,
                    trigger=4)
    assert sizes(st) == [3]
    play(st, rel(3))
    assert piles(st)[A] == {4: 2} and piles(st)[B] == {4: 3}
    (ev,) = events(st, "CR-7.3")
    assert ev.seat == A and ev.data["number"] == 4


def test_cr_7_3_protection_judged_at_release_time():
    """CR-7.3: protection is judged when the release happens: S3 returned during the pass
    no longer protects against the receiver's release."""
    st = make_state(hands={B: [6]}, piles={A: {6: 1}}, skills={A: ["S3"]}, active=A,
                    trigger=6)
    play(st, Action("pass", B), Action("take", "S5"), Action("return", "S3"), rel(2))
    assert piles(st) == [{}, {6: 2}, {}, {}]
    assert [e.seat for e in events(st, "CR-4.5")] == [A]


def test_cr_7_4_s4_compose_choice_and_one_card_limit():
    """CR-7.4: S4 lets one hand card join as n when a hand card of n exists; one per release;
    when several compositions give the size, the releaser chooses (COMPOSE step)."""
    st = make_state(hands={C: [5, 2, 3]}, skills={C: ["S4"]}, active=C, trigger=5)
    assert sizes(st) == [1, 2, 3]  # not 4: only one card may change per release
    st = make_state(hands={C: [5, 4, 2]}, skills={C: ["S4", "S7"]}, active=C, trigger=5)
    play(st, rel(2))
    assert st.phase.name == "COMPOSE" and G.to_move(st) == C
    # the 4 joins by S7 or by S4 with the same result: offered once (the first way, S7)
    assert [a.arg for a in G.legal_actions(st)] == [((), ()), ((), (4,)), ((2,), ())]
    with pytest.raises(IllegalAction, match="CR-7.7"):
        G.apply(st, Action("compose", ((4,), ())))
    play(st, Action("compose", ((2,), ())))
    assert st.piles[C] == {5: (2, 5)} and st.hand_cards(C) == [4, 5]
    (ev,) = events(st, "CR-7.4")
    assert ev.seat == C and ev.data == {"number": 5, "card": 2}


def test_cr_7_4_cr_7_7_each_distinct_release_offered_once():
    """CR-7.4 / CR-7.7: S4 on the 4 and S7 on the 6, or S4 on the 6 and S7 on the 4, make the
    same group and leave the same hand, so that release is offered once."""
    st = make_state(hands={C: [5, 4, 6]}, skills={C: ["S4", "S7"]}, active=C, trigger=5)
    play(st, rel(3))
    comps = [a.arg for a in G.legal_actions(st)]
    results = [tuple(sorted(a + b)) for a, b in comps]
    assert len(results) == len(set(results))
    assert set(results) == {(4,), (6,), (4, 6)}  # with the natural 5: 5+4, 5+6, or 4+6
    assert ((4,), (6,)) in comps and ((6,), (4,)) not in comps
    play(st, Action("compose", ((4,), (6,))))
    assert sorted(st.piles[C][5]) == [4, 5, 6] and st.hand_cards(C) == [5]


@pytest.mark.parametrize("comp, reason", [
    (((4, 2), ()), "CR-7.4: S4 changes at most 1"),
    (((), (7,)), "CR-7.7: S7 shifts only hand cards of 4 or 6"),
    (((5,), ()), "CR-7.4: S4 changes cards of another number"),
    (((3,), ()), "CR-7.4/CR-7.7: C's hand does not hold the cards [3]"),
    (((), ()), "CR-4.1: with these cards a group of 3 would need 2 matching 5s"),
    ("S4 please", "CR-7.4/CR-7.7: a composition lists"),
])
def test_cr_7_4_cr_7_7_rejected_composition_names_the_rule(comp, reason):
    """A rejected release composition says which rule forbids it (CR-7.4 / CR-7.7)."""
    st = make_state(hands={C: [5, 4, 2, 7]}, skills={C: ["S4", "S7"]}, active=C, trigger=5)
    play(st, rel(3))
    before = G.state_to_dict(st)
    with pytest.raises(IllegalAction, match=reason.replace("[", r"\[").replace("]", r"\]")):
        G.apply(st, Action("compose", comp))
    assert G.state_to_dict(st) == before


def test_cr_7_4_trigger_is_not_a_reference_cr_a1():
    """CR-7.4 / CR-A1: without a hand card of n, S4 cannot be used (the trigger is no reference)."""
    st = make_state(hands={C: [2, 3]}, skills={C: ["S4"]}, active=C, trigger=5)
    assert sizes(st) == [1]
    st = make_state(hands={C: [2, 3]}, skills={C: ["S4"]}, active=C, trigger=5,
                    s4_trigger_may_be_reference=True)
    assert sizes(st) == [1, 2]


def test_cr_7_5_s5_doubles_largest_group_cr_a2():
    """CR-7.5 / CR-A2: S5 adds the size of the largest work-pile group once more; ties give the
    same bonus; an empty pile adds 0."""
    st = end_by_hold(piles={A: {4: 2, 6: 2, 3: 1}, B: {5: 3}}, hands={C: [7, 7, 7]},
                     skills={A: ["S5"]}, active=D, trigger=2)
    parts = {e.seat: e.data for e in events(st, "CR-9.4")}
    assert parts[A]["s5_bonus"] == 2 and parts[A]["total"] == 5 + 2 - 1
    assert "S5" in events(st, "CR-9.4")[A].text
    (bonus,) = events(st, "CR-7.5")
    assert bonus.seat == A and bonus.data["vp"] == 2
    assert G.scores(st) == [6, 3, -3, -1]
    # an empty work pile adds nothing, and the hand is not a group (each skill exists once,
    # so the second holder is a second position)
    st = end_by_hold(piles={A: {4: 2}}, hands={C: [7, 7, 7]}, skills={C: ["S5"]}, active=D,
                     trigger=2)
    parts = {e.seat: e.data for e in events(st, "CR-9.4")}
    assert parts[C]["s5_bonus"] == 0 and parts[C]["total"] == -3 - 1
    assert not events(st, "CR-7.5")


def test_cr_7_6_s6_receiver_may_discard():
    """CR-7.6: a receiver holding S6 may discard the passed card."""
    st = make_state(hands={B: [3]}, skills={B: ["S6"]}, active=A, trigger=5)
    play(st, Action("pass", B), Action("take", None))
    assert kinds(st) == {"hold", "release", "discard"}
    play(st, Action("discard"))
    assert st.hand_cards(B) == [3] and G.state_to_dict(st)["discard"] == [5]
    (ev,) = events(st, "CR-7.6")
    assert ev.seat == B and ev.data["card"] == 5
    assert st.active == B  # the turn moved on


def test_cr_7_7_s7_one_card_plus_or_minus_one():
    """CR-7.7: one hand card of n±1 may join as n; one card per release; S4 and S7 combine."""
    st = make_state(hands={C: [4, 6]}, skills={C: ["S7"]}, active=C, trigger=5)
    assert sizes(st) == [1, 2]
    play(st, rel(2))
    assert st.phase.name == "COMPOSE"
    play(st, Action("compose", ((), (6,))))
    assert st.piles[C] == {5: (6, 5)} and st.hand_cards(C) == [4]
    assert events(st, "CR-7.7")[0].data == {"number": 5, "card": 6}


def test_cr_7_8_s8_ties_allowed_but_not_cr_4_3():
    """CR-7.8: with S8 an equal size is enough (equal groups are then discarded); CR-4.3 still
    applies; S8 helps only its holder."""
    st = make_state(hands={B: [4]}, piles={A: {4: 2}}, skills={B: ["S8"]}, active=B, trigger=4)
    assert sizes(st) == [2]
    play(st, rel(2))
    assert piles(st)[A] == {} and [e.seat for e in events(st, "CR-4.5")] == [A]
    (tie,) = events(st, "CR-7.8")
    assert tie.seat == B and "A's 4×2" in tie.text
    st = make_state(hands={B: [4, 4]}, piles={B: {4: 1}}, skills={B: ["S8"]}, active=B,
                    trigger=4)
    with pytest.raises(IllegalAction, match="CR-4.3"):
        G.apply(st, rel(1))
    st = make_state(hands={C: [4]}, piles={A: {4: 2}}, skills={B: ["S8"]}, active=C, trigger=4)
    assert sizes(st) == []


def test_cr_7_8_illegal_size_with_s8_names_cr_7_8():
    """CR-7.8: a too-small release by an S8 holder is explained with CR-7.8."""
    st = make_state(hands={B: [4]}, piles={A: {4: 2}}, skills={B: ["S8"]}, active=B, trigger=4)
    with pytest.raises(IllegalAction, match="CR-7.8"):
        G.apply(st, rel(1))


# -- CR-8 End of turn and end of game --------------------------------------------------------------

def test_cr_8_1_declare_27_optional_for_the_active_player():
    """CR-8.1: an active player whose hand sums to exactly 27 may declare; declining continues."""
    st = make_state(hands={A: [8, 8, 8]}, active=A, trigger=3)
    play(st, HOLD)
    assert st.phase.name == "DECLARE" and G.to_move(st) == A
    assert set(G.legal_actions(st)) == {Action("declare", True), Action("declare", False)}
    play(st, Action("declare", False))
    assert not G.is_over(st) and st.active == B
    for hand, trigger in (([8, 8, 8], 2), ([8, 8, 8], 4)):  # 26 and 28
        st = play(make_state(hands={A: hand}, active=A, trigger=trigger), HOLD)
        assert st.phase.name == "DRAW" and st.active == B


def test_cr_8_1_printed_numbers_only_cr_a4():
    """CR-8.1 / CR-A4: S4/S7 do not change the 27 sum (printed numbers count)."""
    st = play(make_state(hands={A: [8, 8, 8]}, skills={A: ["S4", "S7"]}, active=A, trigger=2),
              HOLD)
    assert st.hand_sum(A) == 26 and st.phase.name == "DRAW"


def test_cr_8_1_declaration_logged():
    """CR-8.1: the declaration reveals the hand and is logged."""
    st = play(make_state(hands={A: [8, 8, 8]}, active=A, trigger=3), HOLD,
              Action("declare", True))
    (ev,) = events(st, "CR-8.1")
    assert ev.seat == A and sorted(ev.data["hand"]) == [3, 8, 8, 8]


def test_cr_8_1_only_active_declares_by_default_cr_a3():
    """CR-8.1 / CR-A3: a receiver with 27 may not declare; declare_27_by=any lets them."""
    st = make_state(hands={B: [8, 8, 4]}, active=A, trigger=7)
    play(st, Action("pass", B), Action("take", None), HOLD)
    assert st.hand_sum(B) == 27 and st.phase.name == "DRAW" and st.active == B
    st = make_state(hands={B: [8, 8, 4]}, active=A, trigger=7, declare_27_by="any")
    play(st, Action("pass", B), Action("take", None), HOLD)
    assert st.phase.name == "DECLARE" and G.to_move(st) == B
    play(st, Action("declare", True), Action("declare_discard", 4), Action("declare_discard", 8))
    assert G.is_over(st) and st.end_reason == "27"
    assert st.ending == A  # CR-8.4: the active player of the turn is the ending player


def test_cr_8_1_declare_with_empty_deck_cr_a5():
    """CR-8.1 / CR-A5: declaring is allowed when the deck is also empty; the switch disables it."""
    st = play(make_state(hands={A: [8, 8, 8]}, active=A, trigger=3, deck={}), HOLD)
    assert st.phase.name == "DECLARE"
    play(st, Action("declare", True), Action("declare_discard", 8),
         Action("declare_discard", 8))
    assert st.end_reason == "27"
    st = play(make_state(hands={A: [8, 8, 8]}, active=A, trigger=3, deck={},
                         declare_27_when_deck_empty=False), HOLD)
    assert G.is_over(st) and st.end_reason == "deck_out" and not events(st, "CR-8.1")


def test_cr_8_2_declarer_discards_half_rounded_down_cr_a6():
    """CR-8.2 / CR-A6: the declarer discards ⌊h/2⌋ cards of their choice."""
    st = play(make_state(hands={A: [8, 8, 8]}, active=A, trigger=3), HOLD,
              Action("declare", True))
    assert st.ctx == (2,) and G.to_move(st) == A
    assert {a.arg for a in G.legal_actions(st)} == {3, 8}
    with pytest.raises(IllegalAction):
        G.apply(st, Action("declare_discard", 5))
    play(st, Action("declare_discard", 3))  # then only 8s are left: a forced discard
    assert st.auto[-1][1:] == (A, Action("declare_discard", 8))
    assert G.is_over(st) and st.hand_cards(A) == [8, 8]
    assert [e.data["card"] for e in events(st, "CR-A6")] == [3, 8]   # the declarer's choice
    assert "must discard 2 of the 4" in events(st, "CR-8.2")[0].text
    assert G.scores(st)[A] == -2
    st = play(make_state(hands={A: [8, 8, 6, 2]}, active=A, trigger=3), HOLD,
              Action("declare", True))
    assert st.ctx == (2,)  # ⌊5/2⌋


def test_cr_8_3_deck_exhaustion_ends_the_game_cr_a8():
    """CR-8.3 / CR-A8: the deck is checked at end of turn; empty ends the game; the discard
    pile is never reshuffled."""
    st = make_state(active=C, trigger=5, deck={})
    assert len(G.state_to_dict(st)["discard"]) == 41
    play(st, HOLD)
    assert G.is_over(st) and st.end_reason == "deck_out"
    (ev,) = events(st, "CR-8.3")
    assert ev.seat == C
    st = play(make_state(active=C, trigger=5, deck={2: 1}), HOLD)
    assert not G.is_over(st) and st.active == D and not events(st, "CR-8.3")


def test_cr_8_4_ending_player_after_a_pass_cr_a22():
    """CR-8.4 / CR-A22: after a pass, the ending player is the passer, not the receiver."""
    st = make_state(active=A, trigger=5, deck={})
    play(st, Action("pass", C), Action("take", None), HOLD)
    assert G.is_over(st) and st.ending == A
    (ev,) = events(st, "CR-8.4")
    assert ev.seat == A and ev.data["reason"] == "deck_out"
    assert G.priority(st) == [B, C, D, A]


# -- CR-9 Scoring ----------------------------------------------------------------------------------

def scored():
    return end_by_hold(piles={A: {5: 2, 6: 1}, B: {7: 3}}, hands={A: [2], C: [3, 4]},
                       skills={A: ["S2", "S8"], B: ["S6"]}, active=D, trigger=8)


def test_cr_9_1_plus_one_per_work_pile_card():
    """CR-9.1: +1 VP per card in the work pile."""
    parts = {e.seat: e.data for e in events(scored(), "CR-9.4")}
    assert [parts[s]["work"] for s in range(4)] == [3, 3, 0, 0]


def test_cr_9_2_minus_one_per_hand_card():
    """CR-9.2: −1 VP per card left in hand."""
    parts = {e.seat: e.data for e in events(scored(), "CR-9.4")}
    assert [parts[s]["hand"] for s in range(4)] == [-1, 0, -2, -1]


def test_cr_9_3_skill_costs():
    """CR-9.3: subtract the cost of every skill held at game end."""
    parts = {e.seat: e.data for e in events(scored(), "CR-9.4")}
    assert [parts[s]["skills"] for s in range(4)] == [-3, -1, 0, 0]


def test_cr_9_4_scores_can_be_negative():
    """CR-9.4: a score can be 0 or negative."""
    st = scored()
    assert G.scores(st) == [-1, 2, -2, -1]
    assert [e.data["total"] for e in events(st, "CR-9.4")] == [-1, 2, -2, -1]


def test_cr_9_returned_skills_cost_nothing_cr_a21():
    """CR-9.3 / CR-A21: a skill returned earlier costs nothing; only skills held at the end."""
    st = make_state(active=A, trigger=5, deck={}, skills={A: ["S1"]})
    play(st, Action("pass", B), Action("take", "S5"), Action("return", "S1"), HOLD)
    assert G.is_over(st) and st.skill_ids(A) == ["S5"]
    assert G.scores(st)[A] == -1


# -- CR-10 Winner ----------------------------------------------------------------------------------

def test_cr_10_1_most_vp_wins():
    """CR-10.1: the player with the most VP wins (logged CR-10.1)."""
    st = scored()
    assert G.winners(st) == [B]
    (ev,) = events(st, "CR-10.1")
    assert ev.seat == B


def test_cr_10_2_tie_break_clockwise_from_ending_players_left():
    """CR-10.2 / CR-A16: among tied players, the nearest clockwise from the ending player's left
    neighbour (the next seat clockwise) wins."""
    st = end_by_hold(piles={A: {5: 1}, C: {6: 1}}, active=B, trigger=2, hands={B: []},
                     skills={B: ["S8"]})  # B: −1 hand −1 skill; A and C tie on 1
    assert G.scores(st) == [1, -2, 1, 0]
    assert G.priority(st) == [C, D, A, B]
    assert G.winners(st) == [C]
    (ev,) = events(st, "CR-10.2")
    assert ev.seat == C and ev.data["tied"] == [C, A] and ev.data["priority"] == [C, D, A, B]


def test_cr_10_3_never_a_draw_by_default_cr_a15():
    """CR-10.3 / CR-A15: the clockwise tie-break always picks one winner, even if all tie."""
    st = end_by_hold(piles={A: {5: 1}, B: {6: 1}, C: {7: 1}}, hands={D: [2]}, active=D,
                     trigger=3, skills={D: ["S5"]})  # D: S5 on empty pile, −2 hand, −1 skill
    assert G.scores(st) == [1, 1, 1, -3]
    assert G.winners(st) == [A]
    assert not events(st, "CR-A15")


def test_cr_10_3_tiebreak_draw_shares_the_win_cr_a15():
    """CR-10.3 / CR-A15: with tiebreak=draw the tied players share the win."""
    st = end_by_hold(piles={A: {5: 1}, B: {6: 1}, C: {7: 1}}, hands={D: [2]}, active=D,
                     trigger=3, tiebreak="draw")
    assert G.scores(st) == [1, 1, 1, -2]
    assert G.winners(st) == [A, B, C]
    (ev,) = events(st, "CR-A15")
    assert ev.data["tied"] == [A, B, C]
    assert not events(st, "CR-10.2")


# -- The event log ---------------------------------------------------------------------------------

def test_every_logged_rule_id_exists_in_rules_csv():
    """Every event's ``rule`` is an ID of data/crossroads/rules.csv (random full games)."""
    path = Path(__file__).resolve().parents[2] / "data" / "crossroads" / "rules.csv"
    with path.open(encoding="utf-8", newline="") as fh:
        known = {row["rule_id"] for row in csv.DictReader(fh)}
    seen: Counter = Counter()
    rng = random.Random(7)
    for players in (3, 4, 5):
        for _ in range(4):
            st = dealt(players, seed=rng.randrange(10**6))
            while not G.is_over(st):
                if G.to_move(st) is CHANCE:
                    G.apply(st, G.sample_chance(st, rng))
                else:
                    G.apply(st, rng.choice(G.legal_actions(st)))
            seen.update(e.rule for e in st.log)
            assert all(isinstance(e.text, str) and e.text for e in st.log)
    assert set(seen) <= known, set(seen) - known


# -- invariants over random games ------------------------------------------------------------------

def test_random_games_keep_invariants_and_round_trip():
    """At every step of random games: no card is created or lost (CR-1.2, CR-A8); at most one
    group of a number stands, two with S3 (CR-4.5, CR-7.3); publicly known hand cards are in
    the hand (CR-A14); and the documented JSON state round-trips with the same legal moves."""
    rng = random.Random(11)
    for players in (3, 4, 5):
        for _ in range(3):
            st = dealt(players, seed=rng.randrange(10**6))
            while not G.is_over(st):
                assert count_cards(st) == full_deck(st)
                groups = Counter(n for p in st.piles for n in p)
                assert all(k <= 2 for k in groups.values()), groups
                for q in range(players):
                    assert all(k <= h for k, h in zip(st.known[q], st.hands[q], strict=True))
                d = G.state_to_dict(st)
                copy = G.state_from_dict(d, st.params)
                assert G.state_to_dict(copy) == d
                if G.to_move(st) is CHANCE:
                    assert G.chance_outcomes(copy) == G.chance_outcomes(st)
                    G.apply(st, G.sample_chance(st, rng))
                else:
                    assert G.legal_actions(copy) == G.legal_actions(st)
                    G.apply(st, rng.choice(G.legal_actions(st)))
            assert count_cards(st) == full_deck(st)
            assert len(G.scores(st)) == players and st.ending is not None


# -- who may read the log (CR-A14) ------------------------------------------------------------------

def _logged_game(players=4, seed=3, **params):
    from designkit.agents import make_agents
    from designkit.core.play import play_game

    p = G.params_type(players=players, **params)
    return play_game(G, p, make_agents("random", players), seed, log=True).state


@pytest.mark.parametrize("params", [{}, {"s2_optional": False, "draw_per_turn": 2}])
def test_cr_a14_hidden_events_read_as_public_text_by_other_seats(params):
    """CR-A14: hands are hidden, so a seat's log shows "B draws a card", never the card:
    starting hands (CR-2.2), draws (CR-3.2), holds (CR-5.1) and S2 (CR-7.2)."""
    from designkit.core.events import log_for

    st = _logged_game(**params)
    hidden = {"CR-2.2", "CR-3.2", "CR-5.1", "CR-7.2"}
    #: what a hidden card allows (a release restriction on the drawn card, S4's missing
    #: reference, a 27 hand that may not declare): its rule alone would tell the others
    #: about the card, so they read nothing at all
    private = {"CR-4.3", "CR-4.4", "CR-A11", "CR-A1", "CR-A3"}
    assert {e.rule for e in st.log if e.visible_to is not None} <= hidden | private
    assert all(e.visible_to == frozenset({e.seat}) for e in st.log
               if e.rule in hidden or e.visible_to is not None)
    assert all(e.public is None for e in st.log if e.visible_to is not None
               and e.rule in private)
    for viewer in range(st.n):
        mine = log_for(st.log, viewer)
        shown = [e for e in st.log if e.public is not None or e.visible(viewer)]
        assert len(mine) == len(shown)  # every other hidden event has a public text
        for full, seen in zip(shown, mine, strict=True):
            if full.rule in hidden and full.seat != viewer:
                assert seen.data == {} and (seen.text, seen.text_ja) == full.public
                assert "starting hand:" not in seen.text
                if "card" in full.data:
                    assert a_card(full.data["card"]) not in seen.text
            else:
                assert seen == full
    deal = [e for e in st.log if e.rule == "CR-2.2"]
    assert "starting hand:" in deal[0].text  # the designer's log keeps the cards
    assert log_for(st.log, None) == st.log


def test_cr_a14_face_up_passes_and_releases_stay_public():
    """CR-6.1 / CR-4.1: passed and released cards are face-up, so their events are public."""
    st = _logged_game(seed=5)
    for e in st.log:
        if e.rule in ("CR-6.1", "CR-6.4", "CR-4.1", "CR-4.5", "CR-8.1", "CR-8.2", "CR-9.4"):
            assert e.visible_to is None


def test_view_shows_another_seats_vp_without_its_s1_discards():
    """CR-A14 (hands are hidden) with CR-7.1 (S1: at the end, discard one card of each
    distinct number): A holds S1 and either {3, 5, 5} (S1 would discard 2) or {3, 4, 5}
    (3). B sees three cards either way, so B's view, its "VP now" included, must be the
    same; counting S1 for another seat told B how many numbers A's hand holds."""
    st = make_state(hands={A: [3, 5, 5]}, skills={A: ["S1"]}, active=A, trigger=6)
    st_other = make_state(hands={A: [3, 4, 5]}, skills={A: ["S1"]}, active=A, trigger=6)
    assert G.view(st, B) == G.view(st_other, B)
    assert G.view(st, None) != G.view(st_other, None)    # the designer sees the hands
