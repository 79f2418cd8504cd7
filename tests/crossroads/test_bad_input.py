"""Bad input a designer can make: parameters, the skills table, variant files, illegal moves.

Every error must say what was wrong and where (field, file, row, column, rule), and an
illegal action must leave the state untouched.
"""

from __future__ import annotations

import pytest

from designkit import DataError, IllegalAction, ParamError
from designkit.core.invariants import ImpossibleState
from designkit.games.crossroads import CrossroadsParams
from designkit.games.crossroads.actions import Action
from designkit.games.crossroads.skills import load_skills, skills_path
from tests.helpers.bad_input import assert_rejects, assert_table_error, edited_table, replaced

from .conftest import A, B, C, D, G, build_dict, make_state, play

# -- parameters ------------------------------------------------------------------------------------


def test_start_player_outside_the_table():
    """CR-2.4: start_player must be a seat of this game."""
    with pytest.raises(ParamError, match=r"start_player.*0–2"):
        G.params_type(players=3, start_player=4)


# -- the skills table ------------------------------------------------------------------------------

def test_real_skills_table_loads():
    assert [s.id for s in load_skills()] == [f"S{i}" for i in range(1, 9)]


def test_skills_missing_column(tmp_path):
    """A skills CSV without the cost column: DataError naming file, row 1 and the column."""
    def drop_cost(lines):
        rows = [line.split(",", 4) for line in lines[:3]]
        return [",".join(r[:3] + r[4:]) for r in rows]  # drop column 4 (cost)
    path = edited_table(tmp_path, skills_path(), drop_cost, "no_cost.csv")
    assert_table_error(load_skills, path, 1, "cost")


@pytest.mark.parametrize(("edit", "row", "column", "words"), [
    # a cost of "two": the spreadsheet row and column, and the value
    (replaced(3, "S3,Immortal Catalogue,不朽のカタログ,2,",
              "S3,Immortal Catalogue,不朽のカタログ,two,"), 4, "cost", ("'two'",)),
    # an unknown effect name: the bad name
    (replaced(6, "may_discard_passed", "may_burn_passed"), 7, "effects", ("may_burn_passed",)),
    # a hook argument outside its range: the argument
    (replaced(5, "multiplier=2", "multiplier=9"), 6, "effects", ("multiplier",)),
], ids=["bad_cost", "unknown_effect", "effect_argument_out_of_range"])
def test_skills_bad_cell(tmp_path, edit, row, column, words):
    """A bad cell of the skills CSV: DataError naming file, row, column and what is wrong."""
    path = edited_table(tmp_path, skills_path(), edit, "bad.csv")
    assert_table_error(load_skills, path, row, column, *words)


# -- variant files ---------------------------------------------------------------------------------

def test_variant_unknown_field(tmp_path):
    path = tmp_path / "typo.yaml"
    path.write_text("game: crossroads\nparams:\n  end_sum: 30\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        CrossroadsParams.load(path)
    assert err.value.column == "end_sum" and str(path) in str(err.value)


def test_variant_round_trip(tmp_path):
    p = CrossroadsParams(players=3, declare_27_by="any")
    loaded = CrossroadsParams.load(p.save(tmp_path / "v.yaml"))
    assert loaded == p and loaded.diff() == {"players": (4, 3), "declare_27_by": ("active", "any")}


# -- illegal actions -------------------------------------------------------------------------------

def _rejects(st, action, *words):
    return assert_rejects(G, st, action, *words)


def test_release_too_small_cr_4_4():
    """Releasing size 1 against a 3×2 names the action and CR-4.4; nothing changes."""
    st = make_state(hands={D: [3, 3, 8]}, piles={A: {3: 2}}, active=D, trigger=3)
    _rejects(st, Action("release", 1), "CR-4.4", "A's 3×2")


def test_release_too_big_cr_4_1():
    st = make_state(hands={D: [3, 8]}, active=D, trigger=3)
    _rejects(st, Action("release", 3), "CR-4.1")


def test_release_again_cr_4_3():
    st = make_state(hands={D: [3]}, piles={D: {3: 1}}, active=D, trigger=3)
    _rejects(st, Action("release", 2), "CR-4.3")


def test_receiver_passing_cr_6_4():
    """A receiver may not pass the card on (CR-6.4)."""
    st = play(make_state(active=A, trigger=5), Action("pass", B), Action("take", None))
    _rejects(st, Action("pass", C), "CR-6.4")


def test_receiver_discard_without_s6_cr_7_6():
    st = play(make_state(active=A, trigger=5), Action("pass", B), Action("take", None))
    _rejects(st, Action("discard"), "CR-7.6")


def test_take_skill_not_in_crossroads_cr_6_2():
    """Taking a skill someone else holds names the skill and CR-6.2."""
    st = play(make_state(active=A, trigger=5, skills={C: ["S3"]}), Action("pass", B))
    _rejects(st, Action("take", "S3"), "CR-6.2", "S3")


def test_declare_without_27_cr_8_1():
    st = make_state(hands={A: [8, 8]}, active=A, trigger=3)
    _rejects(st, Action("declare", True), "CR-8.1")


def test_release_size_zero_cr_4_1():
    """A group always contains the trigger card: size 0 is explained by CR-4.1."""
    st = make_state(active=A, trigger=3)
    _rejects(st, Action("release", 0), "CR-4.1")


def test_pass_to_oneself_cr_6_1():
    st = make_state(active=B, trigger=3)
    _rejects(st, Action("pass", B), "CR-6.1")


def test_take_outside_the_take_step():
    """Taking a skill before passing is rejected with what is due now, not a false reason."""
    st = make_state(active=A, trigger=3)
    message = _rejects(st, Action("take", "S1"), "CR-3.2")
    assert "not in the Crossroads" not in message


def test_unknown_action_kind_is_illegal_not_a_crash():
    st = make_state(active=A, trigger=3)
    _rejects(st, Action("shuffle", 2), "CR-3.2")


def test_wrong_chance_outcome():
    """A chance outcome that cannot happen (no 2 left in the deck) is rejected."""
    st = make_state(active=A, deck={5: 1})
    before = G.state_to_dict(st)
    with pytest.raises(IllegalAction, match="not possible"):
        G.apply(st, 2)
    assert G.state_to_dict(st) == before


def test_action_after_the_end():
    st = play(make_state(active=A, trigger=5, deck={}), Action("hold"))
    assert G.is_over(st)
    with pytest.raises(IllegalAction, match="over"):
        G.apply(st, Action("hold"))


# -- impossible saved states (check_state, state_from_dict) -----------------------------------------

def _saved(**changes):
    data = G.state_to_dict(make_state(hands={A: [3, 5]}, piles={B: {4: 2}}, skills={C: ["S3"]},
                                      active=A, trigger=6))
    data.update(changes)
    return data


@pytest.mark.parametrize(("changes", "code"), [
    ({"hands": [[3, 5, 5], [], [], []]}, "cards_conserved"),         # a card from nowhere
    ({"hands": [[3, 99], [], [], []]}, "state_format"),              # not a number of the deck
    ({"skills": [["S3"], [], ["S3"], []]}, "skill_in_one_place"),
    ({"piles": [{}, {"5": [4, 4]}, {}, {}]}, "group_limit"),         # a group of 5 without a 5
    ({"known": [[8], [], [], []]}, "known_in_hand"),
    ({"phase": "RECEIVE", "seat": 0, "ctx": [0]}, "question"),       # A cannot receive from A
    ({"players": 4, "active": 7}, "question"),
])
def test_state_from_dict_rejects_an_impossible_state(changes, code):
    """A hand-edited state that breaks an invariant is one clear error naming it."""
    with pytest.raises(ImpossibleState) as err:
        G.state_from_dict(_saved(**changes))
    assert code in str(err.value) and "\n" not in str(err.value)
    assert err.value.violations[0].code == code


def test_state_from_dict_names_a_missing_key():
    data = _saved()
    del data["hands"]
    with pytest.raises(ImpossibleState, match="state_format: key 'hands': missing or unknown"):
        G.state_from_dict(data)


# -- validator gaps (issue 21) --------------------------------------------------------------------
def _refused(data, params=None, match=""):
    with pytest.raises(ImpossibleState, match=match) as err:
        G.state_from_dict(data, params)
    assert "\n" not in str(err.value)
    return err.value


def test_a_wrong_player_count_is_an_impossible_state_not_an_index_error():
    """CR-1.1: per-seat lists shorter than the player count, or Params for another count,
    are refused by the validator itself (no IndexError inside check_state)."""
    data = _saved(hands=[[3, 5], [], []], known=[[], [], []])
    _refused(data, match=r"players: hands has 3 entries for 4 players \(CR-1\.1\)")
    _refused(_saved(), CrossroadsParams(players=3), match="the state has 4 players, the Params 3")
    st = make_state()
    st.hands.pop()
    assert G.check_state(st)[0].code == "players"          # direct call: a list, no crash


def test_more_groups_of_a_number_than_protection_allows_are_refused():
    """CR-4.5, CR-7.3: one S3 card, so at most two groups of a number stand at once; with
    no skill that protects groups in the game, at most one."""
    three = build_dict(piles={A: {4: 1}, B: {4: 1}, C: {4: 1}}, skills={A: ["S3"]})
    _refused(three, match=r"3 groups of 4 on the table \(seats \[0, 1, 2\]\); at most 2")
    two = build_dict(piles={A: {4: 1}, B: {4: 1}})
    G.state_from_dict(two)       # S3 may have moved since it protected one: possible
    no_s3 = CrossroadsParams(crossroads_skills=("S1", "S2", "S4", "S5", "S6", "S7", "S8"))
    _refused(build_dict(piles={A: {4: 1}, B: {4: 1}}, params=no_s3), no_s3,
             match="at most 1: no skill of this game protects groups")


def test_a_group_needing_two_s4_cards_or_a_far_s7_card_is_refused():
    """CR-7.4 (S4: one hand card of any number per release) and CR-7.7 (S7: one hand card
    of n±1): a group of 5 holding a 2 and an 8 needs two S4 cards; with S4 out of the game
    a 7 in a group of 5 is no S7 card. A 4 and a 6 (S7 + S4) are possible."""
    G.state_from_dict(build_dict(piles={A: {5: [4, 6, 5]}}))
    _refused(build_dict(piles={A: {5: [2, 8, 5]}}),
             match=r"2 cards that only S4 could change .* S4 changes 1 per release")
    _refused(build_dict(piles={A: {5: [4, 6, 2, 5]}}), match=r"3 changed cards, S4 and S7 "
             r"change 1 \+ 1")
    no_s4 = CrossroadsParams(crossroads_skills=("S1", "S2", "S3", "S5", "S6", "S7", "S8"))
    G.state_from_dict(build_dict(piles={A: {5: [6, 5]}}, params=no_s4), no_s4)
    _refused(build_dict(piles={A: {5: [7, 5]}}, params=no_s4), no_s4,
             match=r"neither 5 nor 5±1.*S4 changes 0")


def test_a_game_ended_by_27_without_an_ending_player_is_refused():
    """CR-8.4: the ending player is the active player of the ending turn; an OVER state
    with end reason "27" must name one (the tie-break CR-10.2 starts from it)."""
    data = build_dict()
    data.update(phase="OVER", end_reason="27", ending=None, final=[0, 0, 0, 0])
    _refused(data, match=r"question: .*ending player None is no seat \(CR-8\.4\)")
    data.update(ending=2)
    G.state_from_dict(data)
    data.update(end_reason=None)
    _refused(data, match="no end reason")


def test_check_state_is_empty_for_every_reachable_position():
    """check_state holds after every step of random games at every player count."""
    import random

    from designkit import CHANCE

    for players in (3, 4, 5):
        for seed in range(4):
            st = G.new_state(G.params_type(players=players), log=False)
            rng = random.Random(seed)
            while not G.is_over(st):
                assert G.check_state(st) == [], (players, seed)
                G.apply(st, G.sample_chance(st, rng) if G.to_move(st) is CHANCE
                        else rng.choice(G.legal_actions(st)))
            assert G.check_state(st) == []
            assert G.check_state(G.state_from_dict(G.state_to_dict(st))) == []
