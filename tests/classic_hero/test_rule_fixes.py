"""王道勇者 rule fixes of issue 21: battle end (CH-7.4, CH-A33), die abilities at every
own decision point (CH-A35), two PASS_TRIAL abilities on one move (CH-A34)."""

from __future__ import annotations

from designkit.games.classic_hero.notation import parse_condition
from designkit.games.classic_hero.reach import reachable
from designkit.games.classic_hero.state import Phase
from designkit.games.classic_hero.turn import destinations
from tests.classic_hero.conftest import A, act, scenario, start

E4_TRACK = {1: "S1-10", 3: "S1-05", 4: "S1-01", 5: "S1-20", 6: "S1-15", 7: "S1-02", 8: "S1-11"}


def _battle(hand, lords, bless=0, abilities=(), **params):
    st = scenario(stage=2, hands={A: hand}, pos={A: 21}, bless={A: bless},
                  abilities={A: list(abilities)}, **params)
    r = st.rules
    st.lords_up = [(r.lord_index[b], marks) for b, marks in lords]
    st.lord_deck = [b for b in range(len(r.lords)) if b not in [x for x, _ in st.lords_up]]
    st.display = [r.ability_index["SK02"], r.ability_index["SK03"]]
    st.skill_deck = [a for a in st.skill_deck if a not in st.display]
    start(st, ("battle", A), ("skill_pick", A), ("forced_pass", A))
    return st


# -- CH-7.4 / CH-A33 ------------------------------------------------------------------------------
def test_ch_a33_the_battle_ends_when_no_blessing_or_ability_could_make_an_hp_achievable():
    # Dark Knight: [6][5・5][1・2・3] all marked but HP3; Lich HP2 6・6 and HP3 ゾロ目3 open.
    # Dice W1 W1: 1・2・3 needs three dice, 6・6 needs 5 blessings per die, ゾロ目3 three dice.
    st = _battle(("W1", "W1"), [("B04", (True, True, False)), ("B02", (True, False, False))],
                 bless=2)
    assert st.phase is Phase.SKILL_PICK                   # ended without asking
    assert any(e.rule == "CH-A33" for e in st.log) and st.bless[A] == 2   # kept (CH-A11)


def test_ch_a33_the_battle_stays_open_when_a_blessing_would_make_an_hp_achievable():
    # Lich HP2 6・6 with W5 W6 and one blessing: 5 → 6 makes it achievable
    st = _battle(("W5", "W6"), [("B02", (True, False, True))], bless=1)
    assert st.phase is Phase.BATTLE and any(a.kind == "bless" for a in st.options)
    act(st, "bless", lambda a: a[1] == 1)
    assert any(a.kind == "hit" for a in st.options)


def test_ch_a33_a_ready_ability_counts_too():
    # Warrior CL1 ADJUST(1) turns W5 into 6: Lich HP2 6・6 with W5 W6
    st = _battle(("W5", "W6"), [("B02", (True, False, True))], abilities=["CL1"])
    assert st.phase is Phase.BATTLE and any(a.kind == "ability" for a in st.options)


def test_reachable_counts_blessings_abilities_and_sums_exactly():
    six_six = parse_condition("6・6")
    assert reachable(six_six, [5, 6], 1, 1, (), 1, 6)
    assert not reachable(six_six, [4, 6], 1, 1, (), 1, 6)           # needs two blessings
    assert reachable(six_six, [4, 6], 0, 1, (("set_any", 1),), 1, 6)
    assert reachable(six_six, [1, 6], 0, 1, (("invert", 1),), 1, 6)  # 7 − 1 = 6
    assert reachable(parse_condition("16↑"), [5, 5, 4], 2, 1, (), 1, 6)
    assert not reachable(parse_condition("16↑"), [5, 5, 4], 1, 1, (), 1, 6)
    assert reachable(parse_condition("ゾロ目3"), [2, 2, 3], 1, 1, (), 1, 6)
    assert not reachable(parse_condition("ゾロ目3"), [2, 4, 6], 1, 1, (), 1, 6)
    assert reachable(parse_condition("ゾロ目3"), [2, 4, 6], 2, 2, (), 1, 6)  # ±2 blessings


# -- CH-A35 ------------------------------------------------------------------------------------------
def test_ch_a35_a_die_ability_may_be_used_at_the_move_step():
    st = scenario(track=E4_TRACK, pos={A: 0, 1: 3, 2: 5}, hands={A: ("W1", "W2")},
                  abilities={A: ["CL1"]})
    start(st, ("turn",))
    assert st.phase is Phase.MOVE and any(a.kind == "ability" for a in st.options)
    act(st, "ability", lambda a: a[0] == "CL1" and a[2] == 2)
    assert st.phase is Phase.MOVE and not any(a.kind == "ability" for a in st.options)
    assert any(e.rule == "CH-A35" for e in st.log)


def test_ch_a35_and_at_the_fortune_step_before_the_fortune_applies():
    # S1-10 City, Fortune +1, condition 4/5: Warrior adjusts first, then the Fortune asks again
    st = scenario(track={1: "S1-10"}, hands={A: ("W1", "W2")}, abilities={A: ["CL1"]})
    start(st, ("move", A))
    act(st, "move", lambda a: a[0] == 1)
    assert st.phase is Phase.FORTUNE and any(a.kind == "ability" for a in st.options)
    act(st, "ability", lambda a: a[0] == "CL1" and a[2] == 3)
    assert st.phase is Phase.FORTUNE and any(a.kind == "fortune" for a in st.options)
    assert any(e.rule == "CH-A35" for e in st.log)


# -- CH-A34 ------------------------------------------------------------------------------------------
def test_ch_a34_thief_and_pathfinder_together_pass_two_empty_trials():
    st = scenario(track=E4_TRACK, pos={A: 0, 1: 3, 2: 5}, abilities={A: ["CL4", "SK04"]})
    stops = {q: via for q, via in destinations(st, A)}
    assert [q for q, v in stops.items() if len(v) == 0] == [1, 4]
    assert [q for q, v in stops.items() if len(v) == 1] == [6, 7]
    assert [q for q, v in stops.items() if len(v) == 2][0] == 8      # beyond the 2nd Trial
    start(st, ("move", A))
    act(st, "move", lambda a: a[0] == 8)
    assert len(st.spent[A]) == 2 and any(e.rule == "CH-A34" for e in st.log)


def test_ch_a34_variant_at_most_one_per_move():
    st = scenario(track=E4_TRACK, pos={A: 0, 1: 3, 2: 5}, abilities={A: ["CL4", "SK04"]},
                  pass_trial_once_per_move=True)
    assert max(q for q, _ in destinations(st, A)) == 7                 # the 2nd Trial stops A
