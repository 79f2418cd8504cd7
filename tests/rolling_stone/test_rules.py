"""One or more tests per rule LR-1 … LR-12 (and the section-4 switches), named by rule ID."""

from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import pytest

from designkit.core.rules_text import load_rule_texts
from designkit.games.rolling_stone.actions import Action
from designkit.games.rolling_stone.cards import load_album_cards, load_dreams, load_events
from designkit.games.rolling_stone.dice import RIGHT_HANDED_SIDES, dice_table, sides, tumble
from designkit.games.rolling_stone.state import Phase
from tests.helpers.bad_params import assert_player_count

from .conftest import (
    ALL_CARDS,
    A,
    B,
    C,
    D,
    G,
    advance,
    block,
    cards_with,
    cells_offered,
    count_everything,
    die_cell,
    events,
    orient,
    play,
    resume,
    rules_logged,
    scenario,
)


def new_game(players=4, seed=0, **params):
    return G.new_state(G.params_type(players=players, **params))


def full_game(players=4, seed=0, **params):
    return advance(new_game(players, **params), lambda s: False, seed=seed)


# -- LR-1 components -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_lr_1_1_three_or_four_players(players):
    """LR-1.1: 3 or 4 players; 2 or 5 raise a ParamError naming the range."""
    assert_player_count(G, players, (3, 4), match="3–4")


def test_lr_1_2_four_dice_one_per_attribute():
    st = advance(new_game(), lambda s: s.phase is Phase.ORIENT)
    assert len(st.rules.colours) == 4
    for s in range(4):
        assert len(st.dice[s]) == 4 and all(1 <= t <= 6 for t in st.tops(s))
        assert [die_cell(st, s, c) for c in "RBYG"] == [(0, 0)] * 4


def test_lr_1_3_album_cards_24_per_stage_one_attribute():
    cards = load_album_cards()
    assert len(cards) == 72
    assert [sum(1 for c in cards if c.stage == s) for s in (1, 2, 3)] == [24, 24, 24]
    assert all(len(c.attrs) == 1 for c in cards)  # LR-A7 default content
    assert sum(c.stars for c in cards) == 36 and sum(c.person for c in cards) == 12
    assert sum(1 for c in cards if c.stars) == 20


def test_lr_1_4_events_five_per_stage_three_used():
    events_ = load_events()
    assert [sum(1 for e in events_ if e.stage == s) for s in (1, 2, 3)] == [5, 5, 5]
    st = full_game()
    done = [st.rules.events[e].stage for e in st.events_done]
    assert done == [1, 1, 1, 2, 2, 2, 3, 3, 3]


def test_lr_1_5_dream_kept_scores_dream_discarded_gives_skill():
    assert len(load_dreams()) == 16
    st = full_game()
    for s in range(4):
        assert len(st.hands[s]) == 1 and [g for g, _ in st.skills[s]] == [1, 2, 3]
    revealed = [e.seat for e in events(st, "LR-12.1") if "reveals" in e.text]
    assert revealed == [A, B, C, D]


def test_lr_1_6_character_cards_are_identical():
    st = new_game()
    assert all(st.album[s] == st.album[0] for s in range(4))


def test_lr_1_7_power_supply_unlimited_by_default():
    st = scenario(power={A: 50}, slot_of={A: 4}, stack=[("turn", A)], field=["1G1"])
    assert st.power[A] == 51


def test_lr_1_7_power_supply_cap_lr_a19():
    st = scenario(power={A: 3, B: 2}, slot_of={A: 4}, stack=[("turn", A)], field=["1G1"],
                  power_supply=5)
    assert st.power[A] == 3 and events(st, "LR-A19")


# -- LR-2 setup --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "removed"), [(3, 4), (4, 0)])
def test_lr_2_1_four_dreams_each_rest_removed(players, removed):
    st = advance(new_game(players), lambda s: s.phase is Phase.PASS)
    assert [len(h) for h in st.hands] == [4] * players and len(st.dream_pool) == removed


def test_lr_2_2_pass_left_simultaneously_lr_a10():
    st = advance(new_game(), lambda s: s.phase is Phase.PASS)
    hands = [list(h) for h in st.hands]
    chosen = []
    for s in range(4):
        assert G.to_move(st) == s
        a = G.legal_actions(st)[0]
        chosen.append(st.rules.dream_index[a.arg])
        play(st, a)
        if s < 3:
            assert G.observation(st, s + 1)["pending_counts"][s] == 1
            assert st.rules.dreams[chosen[s]].id not in G.observation(st, s + 1)["hand"]
    for s in range(4):
        assert chosen[s - 1] in st.hands[s] and chosen[s] not in st.hands[s]
        assert len(st.hands[s]) == len(hands[s])


def test_lr_2_2_sequential_variant_lr_a10():
    st = advance(new_game(simultaneous_dream_choices=False), lambda s: s.phase is Phase.PASS)
    a = G.legal_actions(st)[0]
    play(st, a)
    assert st.rules.dream_index[a.arg] in st.hands[B] and not st.pending[A]


def test_lr_2_3_stage_decks_are_separate():
    st = new_game()
    for s in (1, 2, 3):
        assert {st.rules.cards[c].stage for c in st.decks[s]} == {s}
        assert len(st.decks[s]) == 24


def test_lr_2_4_floating_frame_lr_a4():
    st = new_game()
    assert st.frame == [None] * 4 and events(st, "LR-2.4")


def test_lr_2_4_fixed_frame_variant_lr_a4():
    st = advance(new_game(album_frame="fixed_at_setup"), lambda s: s.phase is Phase.CHAR_CELL)
    assert len(G.legal_actions(st)) == 16
    play(st, ("char_cell", (0, 0)))  # top-left corner: nothing north or west
    assert st.frame[A] == (0, 3, 0, 3)
    st2 = scenario(albums={}, stack=[("place", A, "1R1", "field")], album_frame="fixed_at_setup")
    st2.frame[A] = (0, 3, 0, 3)
    st2.stack.append(("place", A, "1R2", "field"))
    play(st2, ("place", ("1R1", 0, 1, None)))
    assert cells_offered(st2) == {(1, 1), (0, 2)}  # (−1, 1) is outside the fixed frame


def test_lr_2_5_roll_then_orient():
    st = advance(new_game(), lambda s: s.phase is Phase.ROLL)
    assert sorted(o for o, _ in G.chance_outcomes(st)) == [1, 2, 3, 4, 5, 6]
    st = advance(st, lambda s: s.phase is Phase.ORIENT)
    top = st.top(A, 0)
    options = G.legal_actions(st)
    assert len(options) == 4 and {a.arg[1] for a in options} == {top}
    assert events(st, "LR-2.5")


def test_lr_2_6_lowest_total_takes_the_marker():
    t = dice_table("right")
    high = {c: (t.orients[t.by_top[2][0]], (0, 0)) for c in "RBYG"}
    st = scenario(3, dice={A: high, B: high}, stack=[("start_player",)], marker=A)
    assert st.marker == C and "lowest dice total 4" in events(st, "LR-2.6")[0].text


def test_lr_2_6_random_start_variant():
    st = scenario(3, stack=[("start_player",)], start_player_rule="random")
    assert sorted(o for o, _ in G.chance_outcomes(st)) == [0, 1, 2]


# -- LR-3 structure ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_lr_3_1_three_stages_of_three_rounds(players):
    st = full_game(players)
    assert G.is_over(st) and st.turn_no == 9 * players
    assert len(events(st, "LR-3.2")) == 9 and len(events(st, "LR-3.1")) == 3


def test_lr_3_2_flow_order():
    st = full_game()
    seq = [r for r in rules_logged(st) if r in ("LR-3.1", "LR-4.1", "LR-4.4", "LR-5.1",
                                                  "LR-9.1", "LR-10.1", "LR-11.1", "LR-12")]
    compact = [r for i, r in enumerate(seq) if i == 0 or seq[i - 1] != r]
    stage = ["LR-3.1", "LR-4.1", "LR-4.4"] + ["LR-5.1", "LR-9.1", "LR-10.1"] * 3
    assert compact == stage + ["LR-11.1"] + stage + ["LR-11.1"] + stage + ["LR-12"]


# -- LR-4 stage start -------------------------------------------------------------------------------------
def test_lr_4_1_one_dream_discarded_each_stage():
    st = new_game()
    sizes = []
    for stage in (1, 2, 3):
        st = advance(st, lambda s, g=stage: s.stage == g and s.phase is Phase.ORDER)
        sizes.append([len(h) for h in st.hands])
        assert all(len(sk) == stage for sk in st.skills)
    assert sizes == [[3] * 4, [2] * 4, [1] * 4]


def test_lr_4_2_skill_only_during_its_stage_lr_a9():
    st = scenario(skills={A: [(1, "D01")]}, stage=2, slot_of={A: 1}, stack=[("turn", A)],
                  field=["2G1", "2G2"])
    assert st.phase is Phase.TAKE  # no reroll offer: D01 was stage 1's skill
    st = scenario(skills={A: [(1, "D01")]}, stage=2, slot_of={A: 1}, stack=[("turn", A)],
                  field=["2G1", "2G2"], skill_duration="permanent")
    assert st.phase is Phase.USE


def test_lr_4_2_skill_active_in_its_settlement():
    t = dice_table("right")
    st = scenario(skills={A: [(1, "D11")]}, round=3, stack=[("mid", 1)],
                  dice={A: {"Y": (t.orients[t.by_top[2][0]], (0, 0))}})
    assert st.phase is Phase.ORIENT and st.top(A, 2) == 3


def test_lr_4_3_die_values_clamp_to_one_to_six():
    st = scenario(skills={A: [(1, "D11")]}, round=3, stack=[("mid", 1)],
                  dice={A: {"Y": ((6, 2, 3), (0, 0))}})
    # LR-4.3: a skill's change is clamped (LR-A24 for events and dreams)
    assert st.top(A, 2) == 6 and "stays at 6" in events(st, "LR-4.3")[0].text
    # LR-8.4: the owner still chooses any of the four orientations with that top, as after
    # a reroll to the same value (the clamp does not take the choice away)
    assert st.phase is Phase.ORIENT and st.ctx == (A, 2, "LR-8.4")
    assert sorted(a.arg for a in G.legal_actions(st)) == [
        ("Y", 6, 2, 3), ("Y", 6, 3, 5), ("Y", 6, 4, 2), ("Y", 6, 5, 4)]
    play(st, Action("orient", ("Y", 6, 5, 4)))
    assert orient(st, A, "Y") == (6, 5, 4) and st.power[A] == 0  # no power (LR-A8)


def test_lr_4_3_clamp_parameter():
    st = scenario(skills={A: [(1, "D11")]}, round=3, stack=[("mid", 1)], die_max=5,
                  dice={A: {"Y": ((5, 1, 4), (0, 0))}})
    assert st.top(A, 2) == 5


def test_lr_4_4_three_events_left_to_right_lr_a33():
    st = advance(new_game(), lambda s: s.phase is Phase.ORDER)
    row = list(st.events_row)
    assert len(row) == 3 and len(st.event_pool[1]) == 2
    skills_first = rules_logged(st).index("LR-4.1") < rules_logged(st).index("LR-4.4")
    assert skills_first
    st = advance(st, lambda s: s.stage == 2)
    assert st.events_done[:3] == row


def test_lr_4_4_events_before_discard_variant_lr_a33():
    st = advance(new_game(events_revealed_before_discard=True), lambda s: s.phase is Phase.ORDER)
    assert rules_logged(st).index("LR-4.4") < rules_logged(st).index("LR-4.1")


# -- LR-5 round start -------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_lr_5_1_common_field_has_n_cards(players):
    st = advance(new_game(players), lambda s: s.phase is Phase.ORDER)
    assert len(st.field) == players and len(st.decks[1]) == 24 - players


def test_lr_5_2_selection_from_the_marker_clockwise_slot_four_with_three():
    st = scenario(3, marker=B, stack=[("round", 1)])
    st = advance(st, lambda s: s.phase is Phase.ORDER)
    order = []
    while st.phase is Phase.ORDER:
        order.append(G.to_move(st))
        play(st, ("slot", 4) if order[-1] == B else G.legal_actions(st)[0])
    assert order == [B, C, A] and st.slot_of[B] == 4


def test_lr_5_3_turns_in_ascending_slot_order():
    st = scenario(3, marker=A, stack=[("round", 1)])
    st = advance(st, lambda s: s.phase is Phase.ORDER)
    play(st, ("slot", 3), ("slot", 4), ("slot", 1))
    assert events(st, "LR-5.3")[0].text.endswith("C (1), A (3), B (4)")


def test_lr_6_1_marker_plays_no_part_in_turn_order():
    st = scenario(3, marker=A, stack=[("round", 1)])
    st = advance(st, lambda s: s.phase is Phase.ORDER)
    play(st, ("slot", 4), ("slot", 2), ("slot", 1))
    assert G.to_move(st) == C


# -- LR-6 turn ----------------------------------------------------------------------------------------------
def test_lr_6_2_slot_three_takes_the_marker_slot_four_power():
    st = scenario(marker=B, slot_of={A: 3, C: 4}, stack=[("turn", A), ("turn", C)],
                  field=["1G1", "1G2"])
    assert st.marker == A
    advance(st, lambda s: s.current == C and s.phase is Phase.TAKE)
    assert st.power[C] == 1


def test_lr_6_2_bonus_on_selection_variant_lr_a30():
    st = scenario(3, marker=A, stack=[("round", 1)], order_bonus_timing="on_selection")
    st = advance(st, lambda s: s.phase is Phase.ORDER)
    play(st, ("slot", 4))
    assert st.power[A] == 1


def test_lr_6_3_common_field_pick_is_mandatory_lr_a26():
    st = scenario(slot_of={A: 1}, stack=[("turn", A)], field=["1G1", "1R1"])
    assert kinds_of(st) == {"take"}


def kinds_of(st):
    return {a.kind for a in G.legal_actions(st)}


def test_lr_6_4_repeat_draws_from_the_stage_deck():
    st = scenario(slot_of={A: 1}, stack=[("turn", A)], field=["1G1"])
    play(st, G.legal_actions(st)[0])
    assert st.phase is Phase.DRAW and len(G.chance_outcomes(st)) == 23


def test_lr_6_4_empty_deck_skips_the_repeat_lr_a23():
    st = scenario(slot_of={A: 1}, stack=[("turn", A)], field=["1G1"], run_now=False)
    st.decks[1] = []
    resume(st)
    play(st, G.legal_actions(st)[0])
    assert events(st, "LR-A23") and st.placed[A] == 1


def test_lr_6_5_next_player_in_slot_order():
    st = scenario(slot_of={A: 1, B: 2}, stack=[("turn", A), ("turn", B)], field=["1G1", "1G2"])
    st = advance(st, lambda s: s.current == B)
    assert events(st, "LR-6.5")[0].seat == A


# -- LR-7 placement -----------------------------------------------------------------------------------------
def test_lr_7_1_adjacent_to_the_matching_die_never_diagonal():
    st = scenario(albums={A: {(0, 1): "1B1"}}, dice={A: {"R": ((3, 2, 1), (0, 1))}},
                  stack=[("place", A, "1R1", "field")])
    assert cells_offered(st) == {(-1, 1), (1, 1), (0, 2)}


def test_lr_7_2_frame_never_exceeds_four_by_four():
    st = scenario(albums={A: {(1, 0): "1B1", (2, 0): "1B2", (3, 0): "1B3"}},
                  dice={A: {"R": ((3, 2, 1), (0, 0))}}, stack=[("place", A, "1R1", "field")])
    assert cells_offered(st) == {(0, 1), (0, -1)}


def test_lr_7_3_overwrite_needs_no_empty_cell_and_no_die():
    cells = {(0, 1): "1B1", (1, 0): "1B2", (-1, 0): "1B3", (0, -1): "1B4"}
    st = scenario(albums={A: cells}, dice={A: {"B": ((3, 2, 1), (0, 1))}},
                  stack=[("place", A, "1R1", "field")])
    offered = {(a.arg[1], a.arg[2]): a.arg[3] for a in G.legal_actions(st)}
    assert offered == {(1, 0): "1B2", (-1, 0): "1B3", (0, -1): "1B4"}  # (0,1) carries a die


def test_lr_7_3_overwrite_always_variant_lr_a5():
    st = scenario(albums={A: {(0, 1): "1B1"}}, stack=[("place", A, "1R1", "field")],
                  overwrite_when="always")
    assert (0, 1) in cells_offered(st) and (1, 0) in cells_offered(st)


def test_lr_7_4_unplaceable_card_is_discarded():
    """Yellow on the character card: N, E and S carry dice, W is out of frame."""
    cells = {(0, 1): "1B1", (0, 2): "1B2", (0, 3): "1B3", (-1, 0): "1R1", (1, 0): "1G1"}
    dice = {A: {"B": ((3, 2, 1), (0, 1)), "R": ((3, 2, 1), (-1, 0)), "G": ((3, 2, 1), (1, 0)),
                "Y": ((3, 2, 1), (0, 0))}}
    st = scenario(albums={A: cells}, dice=dice, stack=[("place", A, "1Y1", "field")])
    assert st.rules.card_index["1Y1"] in st.discard[A] and events(st, "LR-7.4")
    assert orient(st, A, "Y") == (3, 2, 1) and not events(st, "LR-8.2")


def test_lr_7_5_discards_are_per_player():
    st = _e5_like_overwrite()
    assert st.discard[A] and not any(st.discard[s] for s in (B, C, D))


def _e5_like_overwrite():
    cells = {(0, 1): "1B1", (1, 0): "1B2", (-1, 0): "1B3", (0, -1): "1B4"}
    st = scenario(albums={A: cells}, dice={A: {"B": ((3, 2, 1), (0, 1))}},
                  stack=[("place", A, "1R1", "field")])
    play(st, ("place", ("1R1", 1, 0, "1B2")))
    return st


def test_lr_7_6_die_tumbles_onto_the_new_card():
    st = _e5_like_overwrite()
    assert die_cell(st, A, "R") == (1, 0) and orient(st, A, "R") == tumble((1, 2, 4), 2)


def test_lr_7_6_multi_attribute_card_moves_every_adjacent_die_lr_a7(tmp_path, monkeypatch):
    data = tmp_path / "data"
    shutil.copytree(Path(__file__).resolve().parents[2] / "data" / "rolling_stone",
                    data / "rolling_stone")
    path = data / "rolling_stone" / "album_cards.csv"
    rows = list(csv.reader(path.open(encoding="utf-8")))
    rows[1][2] = "RB"  # 1R1 becomes red and blue
    with path.open("w", encoding="utf-8", newline="") as fh:
        csv.writer(fh).writerows(rows)
    monkeypatch.setenv("DESIGNKIT_DATA", str(data))
    st = scenario(dice={A: {"R": ((3, 2, 1), (0, 0)), "B": ((4, 6, 5), (0, 0))}},
                  stack=[("place", A, "1R1", "field")])
    play(st, ("place", ("1R1", 0, 1, None)))
    assert die_cell(st, A, "R") == die_cell(st, A, "B") == (0, 1)
    assert [e.data["colour"] for e in events(st, "LR-8.2")] == ["R", "B"]


def test_lr_7_7_power_only_when_a_move_lands_on_six():
    st = scenario(dice={A: {"R": ((3, 2, 1), (0, 0))}}, stack=[("place", A, "1R1", "field")])
    play(st, ("place", ("1R1", 1, 0, None)))  # south: 5
    assert st.power[A] == 0
    st = scenario(dice={A: {"R": ((3, 2, 1), (0, 0))}}, stack=[("place", A, "1R1", "field")])
    play(st, ("place", ("1R1", 0, 1, None)))  # east: 6
    assert st.power[A] == 1


def test_lr_7_7_slot_two_move_gives_power_lr_a2():
    st = scenario(albums={A: {(0, 1): "1R1"}}, dice={A: {"B": ((3, 2, 1), (0, 0))}},
                  slot_of={A: 2}, stack=[("turn", A)], field=["1G1"])
    play(st, ("move_die", "B"))  # east onto 1R1 is its only move: made without asking
    assert orient(st, A, "B")[0] == 6 and st.power[A] == 1
    st = scenario(albums={A: {(0, 1): "1R1"}}, dice={A: {"B": ((3, 2, 1), (0, 0))}},
                  slot_of={A: 2}, stack=[("turn", A)], field=["1G1"],
                  order_bonus_move_gives_power=False)
    play(st, ("move_die", "B"))
    assert st.power[A] == 0


def test_lr_7_7_nonmove_six_variant_lr_a8():
    st = scenario(skills={A: [(1, "D01")]}, slot_of={A: 1}, stack=[("turn", A)],
                  field=["1G1", "1G2"], power_on_nonmove_six=True)
    play(st, ("use", ("D01", True)), 6)
    assert st.power[A] == 1


# -- LR-8 life stones ----------------------------------------------------------------------------------------
def test_lr_8_1_twenty_four_right_handed_orientations():
    t = dice_table("right")
    assert len(t.orients) == 24 and len(set(t.orients)) == 24
    assert [t.orients[i] for i in t.by_top[3]] == [(3, 1, 5), (3, 2, 1), (3, 5, 6), (3, 6, 2)]
    for o in t.orients:
        cycle = RIGHT_HANDED_SIDES[o[0]]
        n, e, s, w = sides(o)
        assert (n, e, s, w) in [cycle[k:] + cycle[:k] for k in range(4)]
    assert (1, 5, 3) in t.index  # 1 on top, 2 south → 3 east


def test_lr_8_1_left_handed_is_the_mirror_lr_a32():
    left = dice_table("left")
    assert (1, 5, 4) in left.index and (1, 5, 3) not in left.index
    st = scenario(dice={A: {"R": ((1, 5, 4), (0, 0))}}, dice_chirality="left",
                  stack=[("place", A, "1R1", "field")])
    play(st, ("place", ("1R1", 0, 1, None)))
    assert orient(st, A, "R") == (3, 5, 1) and orient(st, A, "R") in left.index


def test_lr_8_2_tumble_lookup_table_matches_the_formulas():
    for chirality in ("right", "left"):
        t = dice_table(chirality)
        for i, o in enumerate(t.orients):
            for d in range(4):
                assert t.orients[t.moves[i][d]] == tumble(o, d)
                assert t.top[t.moves[i][d]] not in (o[0], 7 - o[0])


def test_lr_8_3_slot_two_move_only_onto_cards_and_optional():
    st = scenario(albums={A: {(0, 1): "1R1"}}, slot_of={A: 2}, round=2, stack=[("turn", A)],
                  field=["1G1"])
    assert Action("move_die", None) in G.legal_actions(st)
    play(st, ("move_die", None))
    assert st.phase is Phase.PLACE and events(st, "LR-8.3")


def test_lr_8_3_in_place_variant_lr_a3():
    st = scenario(slot_of={A: 2}, stack=[("turn", A)], field=["1G1"],
                  order_bonus_move_mode="tumble_in_place")
    play(st, ("move_die", "R"))
    assert len(G.legal_actions(st)) == 4
    play(st, ("move_dir", ("R", "E")))
    assert die_cell(st, A, "R") == (0, 0) and orient(st, A, "R") == tumble((1, 2, 4), 1)


def test_lr_8_4_flip_is_seven_minus_top_then_owner_orients():
    st = scenario(skills={A: [(1, "D12")]}, slot_of={A: 1}, stack=[("turn", A), ("turn", A)],
                  field=["1G1", "1G2", "1G3"], dice={A: {"R": ((5, 1, 4), (0, 0))}})
    play(st, ("use", ("D12", True)), ("die", "R"))
    assert st.top(A, 0) == 2 and st.phase is Phase.ORIENT and st.power[A] == 0
    play(st, G.legal_actions(st)[1])
    st = advance(st, lambda s: s.turn_no == 2 and s.phase is not Phase.DRAW)
    assert st.phase is Phase.TAKE  # once per stage: no second offer


def test_lr_8_4_random_orientation_variant():
    st = scenario(skills={A: [(1, "D01")]}, slot_of={A: 1}, stack=[("turn", A)],
                  field=["1G1", "1G2"], reorient_after_nonmove_change="random")
    play(st, ("use", ("D01", True)), 4)
    assert st.phase is Phase.ORIENT_RANDOM and len(G.chance_outcomes(st)) == 4


def test_lr_8_5_dice_share_cards_and_protect_them():
    st = _e5_like_overwrite()
    assert len({die_cell(st, A, c) for c in "YG"}) == 1  # yellow and green share (0, 0)
    assert all(a.arg[1:3] != (0, 1) for a in G.legal_actions(st))


# -- LR-9 events ------------------------------------------------------------------------------------------------
def test_lr_9_1_leftmost_event_resolves_and_leaves():
    st = scenario(events_row=["E1-4", "E1-1", "E1-2"], stack=[("event_phase",)])
    assert [st.rules.events[e].id for e in st.events_row] == ["E1-1", "E1-2"]
    assert [st.rules.events[e].id for e in st.events_done] == ["E1-4"]


def test_lr_9_2_every_tied_player_is_affected():
    st = scenario(events_row=["E2-3"], stage=2, stack=[("event_phase",)])
    assert st.vp == [3, 3, 3, 3] and events(st, "LR-9.2")


def test_lr_9_event_where_selector():
    st = scenario(albums={B: {(0, 1): "2G4"}}, events_row=["E2-2"], stage=2,
                  stack=[("event_phase",)])
    assert st.vp == [0, 2, 0, 0]


# -- LR-10, LR-11 ----------------------------------------------------------------------------------------------
def test_lr_10_1_round_end_then_next_round():
    st = advance(new_game(), lambda s: s.round == 2 and s.phase is Phase.ORDER)
    assert len(st.field) == 4 and len(events(st, "LR-10.1")) == 1
    assert rules_logged(st).index("LR-10.1") < len(st.log) - 1 - rules_logged(st)[::-1].index(
        "LR-5.1")


def test_lr_11_1_mid_settlements_after_stages_one_and_two_only():
    st = full_game()
    assert len(events(st, "LR-11.1")) == 2 and len(events(st, "LR-11.3")) == 8


def test_lr_11_2_three_players_remove_the_leftover_deck():
    st = full_game(3)
    assert [e.data["cards"] for e in events(st, "LR-11.2")] == [6, 6]
    assert len(st.removed) == 12


def test_lr_11_2_carry_over_variant():
    st = full_game(3, discard_leftover_deck_at_mid_settlement=False)
    assert not st.removed and len(st.decks[3]) == 18


def test_lr_11_3_competition_ranking_variant_lr_a13():
    t = dice_table("right")

    def tops(v):
        return {c: (t.orients[t.by_top[v][0]], (0, 0)) for c in "RBYG"}

    st = scenario(3, dice={A: tops(5), B: tops(5), C: tops(4)}, round=3, stack=[("mid", 1)],
                  mid_settlement_ranking="competition")
    assert st.vp == [6, 6, 0]


def test_lr_11_3_settlement_changes_can_be_temporary_lr_a14():
    st = scenario(skills={A: [(1, "D11")]}, round=3, stack=[("mid", 1)],
                  dice={A: {"Y": ((3, 1, 5), (0, 0))}}, settlement_die_changes_persist=False)
    play(st, G.legal_actions(st)[0])
    assert st.top(A, 2) == 3 and st.vp[A] == 6


def test_lr_11_4_next_stage_follows():
    st = advance(new_game(), lambda s: s.stage == 2)
    assert events(st, "LR-11.4")[0].text.endswith("on to stage 2")


# -- LR-12 final settlement --------------------------------------------------------------------------------------
def _final(**kw):
    kw.setdefault("stage", 3)
    kw.setdefault("round", 3)
    return scenario(3, stack=[("final",)], **kw)


def test_lr_12_1_dream_effects_may_go_negative():
    st = _final(hands={A: ["D02"]})
    assert st.parts[A][3] == -2 and st.vp[A] < 4 + 1


def test_lr_12_1_skills_after_dreams_lr_a15():
    t = dice_table("right")
    yellow5 = {"Y": (t.orients[t.by_top[5][0]], (0, 0))}
    st = _final(hands={A: ["D10"]}, skills={A: [(3, "D11")]}, dice={A: yellow5})
    assert st.parts[A][3] == -2 and st.top(A, 2) == 6
    st = _final(hands={A: ["D10"]}, skills={A: [(3, "D11")]}, dice={A: yellow5},
                final_skill_timing="before_dream")
    assert st.parts[A][3] == 6


def test_lr_12_2_dice_total_is_vp():
    st = _final()
    assert st.parts[A][4] == 4


def test_lr_12_3_adversity_stars_against_power_lr_a16():
    two = cards_with(stars=2)[:2]
    st = _final(albums={A: block(two, 1, 3)}, power={A: 1}, discard={A: cards_with(stars=3)[:1]})
    assert st.parts[A][5] == 1 - 3
    st = _final(albums={A: block(two, 1, 3)}, power={A: 1}, discard={A: cards_with(stars=3)[:1]},
                adversity_count_discard=True)
    assert st.parts[A][5] == 1 - 6


def test_lr_12_4_full_album_bonus():
    ids = cards_with(stars=0)[:15]
    st = _final(albums={A: block(ids), B: block(ids[:0])})
    assert st.parts[A][6] == 6 and st.parts[B][6] == 0


def test_lr_12_5_start_marker_vp():
    st = _final(marker=B)
    assert st.parts[B][7] == 1 and st.parts[A][7] == 0


def test_lr_12_6_highest_total_wins_ties_share():
    st = _final(vp={A: 5, B: 5, C: 1}, marker=C)
    assert G.winners(st) == [A, B] and G.ranking(st)[:2] == [A, B]


# -- skills of the placeholder content (section 5.3) -------------------------------------------------------------
def test_lr_4_2_d02_extra_power_on_six():
    st = scenario(skills={A: [(1, "D02")]}, dice={A: {"R": ((3, 2, 1), (0, 0))}},
                  stack=[("place", A, "1R1", "field")])
    play(st, ("place", ("1R1", 0, 1, None)))
    assert st.power[A] == 2


def test_lr_4_2_d03_d04_on_place():
    st = scenario(skills={A: [(1, "D03")], B: [(1, "D04")]},
                  stack=[("place", A, "1R6", "field"), ("place", B, "1R5", "field")])
    play(st, G.legal_actions(st)[0])
    play(st, G.legal_actions(st)[0])
    assert st.power[A] == 1 and st.vp[B] == 1 and st.parts[B][2] == 1


def test_lr_4_2_d07_slot_one_power():
    st = scenario(skills={A: [(1, "D07")]}, slot_of={A: 1}, stack=[("turn", A)], field=["1G1"])
    assert st.power[A] == 1


def test_lr_4_2_d08_places_from_discard_once_per_stage():
    st = scenario(skills={A: [(1, "D08")]}, discard={A: ["1R1"]},
                  stack=[("skills", A, "turn_end"), ("skills", A, "turn_end")])
    play(st, ("use", ("D08", True)))
    assert st.phase is Phase.PLACE  # the only card was chosen; now its cell
    play(st, G.legal_actions(st)[0])
    assert st.placed[A] == 1 and not st.discard[A] and G.to_move(st) is None


def test_every_logged_rule_id_exists_in_rules_csv():
    texts = load_rule_texts("rolling_stone")
    for players in (3, 4):
        st = full_game(players, seed=players)
        unknown = {r for r in rules_logged(st) if r not in texts}
        assert not unknown


def test_every_rule_has_a_named_test():
    """Each LR-n.m rule of rules.csv is named by some test in this folder."""
    ids = [r for r in load_rule_texts("rolling_stone") if re.fullmatch(r"LR-\d+\.\d+", r)]
    names = " ".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    missing = [r for r in ids if "def test_" + r.lower().replace("-", "_").replace(".", "_")
               not in names]
    assert not missing


def test_no_card_is_lost_in_a_game():
    st = full_game(3, seed=3)
    cards, dreams, evs = count_everything(st)
    assert cards == ALL_CARDS and sum(dreams.values()) == 16 and sum(evs.values()) == 15
