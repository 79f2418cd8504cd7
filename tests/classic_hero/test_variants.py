"""王道勇者's cures as rule switches (CH-V1 … CH-V9): a worked example per switch.

Each example is the CH-E5 battle (or a small stop) played once under the draft and once
under the switch, so the test shows what the switch changes and that the event citing its
rule ID is logged; the draft's own line stays as CH-E5 says.
"""

from __future__ import annotations

import random

import pytest

from designkit.core.variants import list_variants, load_variant
from designkit.games.classic_hero.observe import determinize, observation
from designkit.games.classic_hero.state import Phase
from tests.classic_hero.conftest import (
    A,
    B,
    C,
    G,
    act,
    chance,
    labels,
    random_game,
    refs_text,
    scenario,
    start,
)


def _battle(seat: int = A, hp_marks: tuple[bool, ...] = (True, True, False),
            hand: tuple[str, ...] = ("R6", "W5", "W5", "W3", "W2", "W1"), before=None,
            **params):
    """CH-E5's position (stage 2): Dark Knight fresh, Kraken HP1 and HP2 marked."""
    st = scenario(stage=2, hands={seat: hand}, pos={seat: 21}, **params)
    r = st.rules
    st.lords_up = [(r.lord_index["B04"], (False, False, False)),
                   (r.lord_index["B10"], hp_marks)]
    if before is not None:
        before(st)
    st.lord_deck = [b for b in range(len(r.lords))
                    if b not in (r.lord_index["B04"], r.lord_index["B10"])]
    st.display = [r.ability_index["SK02"], r.ability_index["SK03"]]
    st.skill_deck = [a for a in st.skill_deck if a not in st.display]
    start(st, ("battle", seat), ("skill_pick", seat), ("forced_pass", seat))
    return st


def _rules(st) -> list[str]:
    return [e.rule for e in st.log]


# -- CH-V1 shared HP ------------------------------------------------------------------------------
def test_ch_v1_first_attack_bonus_and_no_new_card_under_once():
    st = _battle(shared_hp="once")
    act(st, "hit", lambda a: a[:2] == ("B04", 3))
    assert st.vp[A] == 5 + 2                          # CH-E5's 5 VP + First Attack 2
    act(st, "hit", lambda a: a[:2] == ("B04", 2))
    act(st, "hit", lambda a: a[:2] == ("B04", 1))
    # 16 (CH-E5 line B) + three First Attack bonuses; Dark Knight goes, nothing is drawn
    assert st.vp[A] == 16 + 3 * 2
    assert st.phase is Phase.SKILL_PICK
    assert st.rules.lord_index["B04"] not in [b for b, _ in st.lords_up]
    assert _rules(st).count("CH-V1") >= 4             # three bonuses + the fixed goal line
    assert st.parts[A][8] == 6                        # VP_FIRST


def test_ch_v1_repeat_lets_a_second_player_hit_a_marked_hp_without_the_bonus():
    def a_hit_kraken_hp1(st):
        st.hp_by[A] = ((st.rules.lord_index["B10"], 0),)

    # A already achieved Kraken HP1 (marked, and in A's own list): B may still hit it
    st = _battle(seat=B, hp_marks=(True, False, False), hand=("W2",), shared_hp="repeat",
                 before=a_hit_kraken_hp1)
    r = st.rules
    hits = [a for a in st.options if a.kind == "hit"]
    assert [(a.arg[0], a.arg[1]) for a in hits] == [("B10", 1)]
    act(st, "hit", lambda a: a[:2] == ("B10", 1))
    assert st.vp[B] == 1 + 2                          # base 1 + stage 2, no First Attack
    assert st.parts[B][8] == 0
    assert (r.lord_index["B10"], 0) in st.hp_by[B]


def test_ch_v1_repeat_keeps_a_defeated_card_up():
    st = _battle(shared_hp="repeat", hp_marks=(False, False, False))
    for h in (3, 2, 1):
        act(st, "hit", lambda a, h=h: a[:2] == ("B04", h))
    assert st.rules.lord_index["B04"] in [b for b, _ in st.lords_up]   # stays for the others
    assert any(e.rule == "CH-V1" and "stays" in e.text for e in st.log)


def test_ch_v1_off_is_ch_e5():
    st = _battle()
    for h in (3, 2, 1):
        act(st, "hit", lambda a, h=h: a[:2] == ("B04", h))
    assert st.vp[A] == 16 and st.phase is Phase.DRAW_LORD
    assert "CH-V1" not in _rules(st)


# -- CH-V2 weakness cards ---------------------------------------------------------------------------
def _pilgrimage_stop(**params):
    st = scenario(hands={A: ("W1", "W4", "W5", "W6")}, track={1: "S1-15"}, pos={A: 1},
                  **params)
    st.weak_deck = list(range(len(st.rules.weaknesses)))
    start(st, ("check", A))
    return st


def test_ch_v2_a_pilgrimage_draws_a_weakness_only_its_holder_sees():
    st = _pilgrimage_stop(weakness_cards=True)
    act(st, "achieve")                                # S1-15 Pilgrimage, condition 1
    assert st.phase is Phase.DRAW_WEAKNESS
    chance(st, "WK01")
    assert [st.rules.weaknesses[w].id for w in st.weak[A]] == ["WK01"]
    drawn = next(e for e in st.log if e.rule == "CH-V2")
    assert set(drawn.visible_to) == {A} and "WK01" not in str(drawn.public) \
        and "Weak to fire" not in str(drawn.public)
    # the others see a count; determinisations deal them other cards, same observation
    mine, theirs = observation(st, A), observation(st, B)
    assert mine["weaknesses"][A] == ["WK01"] and theirs["weaknesses"][A] == 1
    assert "WK01" in theirs["weakness_unseen"]
    seen = {tuple(determinize(st, B, random.Random(k)).weak[A]) for k in range(30)}
    assert len(seen) > 1
    assert all(observation(determinize(st, B, random.Random(k)), B) == theirs
               for k in range(10))
    assert "Weak to fire" in G.view(st, A) and "Weak to fire" not in G.view(st, B)
    assert "1 card(s)" in G.view(st, B)


def test_ch_v2_off_draws_nothing():
    st = _pilgrimage_stop()
    act(st, "achieve")
    assert st.phase is not Phase.DRAW_WEAKNESS and not st.weak[A] and "CH-V2" not in _rules(st)


def test_ch_v2_a_weakness_is_hit_like_an_hp():
    def holds_wk09(st):
        st.weak[A] = (next(i for i, w in enumerate(st.rules.weaknesses) if w.id == "WK09"),)

    st = _battle(weakness_cards=True, before=holds_wk09)      # WK09: 5・5, base 2
    act(st, "weak", lambda a: a[0] == "WK09")
    assert st.vp[A] == 2 + 2 and st.parts[A][9] == 4           # base + stage 2 → VP_WEAK
    assert not st.weak[A] and "CH-V2" in _rules(st)
    assert labels(st, A).count("[W5]") == 2


# -- CH-V3 reroll at every stop --------------------------------------------------------------------
def test_ch_v3_a_stop_rerolls_the_available_dice_but_not_a_fixed_one():
    st = scenario(hands={A: ("W1", "W2", "W3", "[W4]")}, track={3: "S1-11"},
                  reroll_each_stop=True)                # S1-11: City, no Fortune
    st.fixed[A] = (0,)
    start(st, ("move", A))
    act(st, "move", lambda a: a[0] == 3)
    assert st.phase is Phase.ROLLS and st.ctx[1] == (1, 2)   # W2, W3; W1 fixed, W4 used
    chance(st, (6, 6))                                # the two dice: one roll, one line
    assert labels(st, A) == ["W1", "W6", "W6", "[W4]"]
    assert "CH-V3" in _rules(st)
    assert any(e.rule == "CH-V3" and e.text.endswith("rolls W6 W6") for e in st.log)


def test_ch_v3_set_fixes_the_die_it_sets():
    st = scenario(hands={A: ("W2", "W5", "W3", "W1")}, track={1: "S1-20"}, pos={A: 1},
                  reroll_each_stop=True)
    start(st, ("check", A))
    act(st, "achieve")                                # S1-20 Request 2/5: SET(6)
    act(st, "set")
    six = next(i for i, d in enumerate(st.dice[A]) if d[0] == 6)
    assert six in st.fixed[A] and "CH-V3" in _rules(st)


def test_ch_v3_off_keeps_the_dice():
    st = scenario(hands={A: ("W1", "W2", "W3")}, track={3: "S1-11"})
    start(st, ("move", A))
    act(st, "move", lambda a: a[0] == 3)
    assert st.phase is not Phase.ROLL and labels(st, A) == ["W1", "W2", "W3"]


# -- CH-V4 suit effects -----------------------------------------------------------------------------
def test_ch_v4_each_suit_has_its_own_effect():
    p = G.params_type(suit_effects=True)
    st = G.new_state(p)
    r = st.rules
    by_suit = {}
    for e, card in enumerate(r.events):
        by_suit.setdefault(card.suit, set()).add(tuple(h.name for h in r.effects[e]))
    assert by_suit["Trial"] == {("upgrade",)} and by_suit["City"] == {("adjust",)}
    assert by_suit["Request"] == {("fix",)} and by_suit["Pilgrimage"] == {("bless",)}
    assert by_suit["Ruins"] == {("artifact", "gain_die")}
    assert p.weakness_on and r.weaknesses                    # 巡礼：ボス弱点


def test_ch_v4_a_request_fixes_a_die_at_a_chosen_value():
    st = scenario(hands={A: ("W2", "W5", "W3", "W1")}, track={1: "S1-20"}, pos={A: 1},
                  suit_effects=True)
    start(st, ("check", A))
    act(st, "achieve")
    act(st, "fix", lambda a: a[1] == 4)
    assert sorted(d[0] for d in st.dice[A]) == [1, 3, 4, 5] and len(st.fixed[A]) == 1


# -- CH-V5 red dice for two HPs ---------------------------------------------------------------------
def test_ch_v5_a_red_die_serves_two_hps_and_earns_no_bonus():
    st = _battle(red_dice_multi=True)
    act(st, "hit", lambda a: a[:2] == ("B04", 1) and refs_text(a[2]) == ("R6",))
    assert st.vp[A] == 1 + 2                           # no red bonus (CH-E5: 4)
    assert "R6" in labels(st, A)                       # still available
    assert "CH-V5" in _rules(st)
    st.dice[A][0] = (6, True, False)
    act(st, "hit", lambda a: a[:2] == ("B10", 3) and "R6" in refs_text(a[2]))
    assert "[R6]" in labels(st, A)                     # its second HP uses it


# -- CH-V6 no road VP -------------------------------------------------------------------------------
def test_ch_v6_artifacts_and_event_red_bonus_score_nothing():
    st = scenario(hands={A: ("R6", "W2", "W3", "W4")}, track={1: "S1-05"}, pos={A: 1},
                  road_vp=False)
    st.artifacts[A] = ("b1",)
    start(st, ("check", A))
    act(st, "achieve")                                 # S1-05 Ruins, condition 6, α1
    assert st.vp[A] == 0 and st.artifacts[A] == ("b1", "a1")
    assert _rules(st).count("CH-V6") == 2              # red bonus and artifact, both refused


def test_ch_v6_off_scores_them():
    st = scenario(hands={A: ("R6", "W2", "W3", "W4")}, track={1: "S1-05"}, pos={A: 1})
    st.artifacts[A] = ("b1",)
    start(st, ("check", A))
    act(st, "achieve")
    assert st.vp[A] == 1 + 1                           # red bonus 1 + one type held before


# -- CH-V7 set collection ----------------------------------------------------------------------------
def test_ch_v7_five_suit_sets_score_at_the_end():
    taken = {A: ["S1-01", "S1-05", "S1-10", "S1-15", "S1-20", "S1-02"], B: ["S1-06"]}
    st = scenario(taken=taken, set_collection="suits")
    start(st, ("final",))
    assert st.parts[A][10] == 5 and st.parts[B][10] == 0
    assert "CH-V7" in _rules(st)
    off = scenario(taken=taken)
    start(off, ("final",))
    assert off.vp[A] == st.vp[A] - 5


# -- CH-V8 dice faces (ダイスの面数) ----------------------------------------------------------------------
def test_ch_v8_d8_rolls_one_to_eight_and_inverts_to_nine_minus_value():
    st = scenario(hands={A: ("W2", "W4")}, dice_faces=8, die_range=(1, 8))
    start(st, ("roll_die", A, 0, "CH-4.8", "gain:test"))
    assert G.chance_outcomes(st) == [(v, 1 / 8) for v in range(1, 9)]
    chance(st, 8)
    assert labels(st, A) == ["W4", "W8"]
    # S1-13 City, Fortune 反転: W1 → 8 (9 − 1) and W5 → 4 on a d8; 6 and 2 on the draft's d6
    for faces, rng, results in ((8, (1, 8), [["W5", "W8"], ["W1", "W4"]]),
                                (6, (1, 6), [["W5", "W6"], ["W1", "W2"]])):
        for k, want in enumerate(results):
            st = scenario(hands={A: ("W1", "W5")}, track={1: "S1-13"}, pos={A: 1},
                          dice_faces=faces, die_range=rng)
            start(st, ("fortune", A))
            act(st, "fortune", lambda a, k=k: a[0][0][1] == (1, 5)[k])
            assert labels(st, A) == want, (faces, k)


def test_ch_v8_is_cited_in_the_log_and_the_die_range_is_checked_against_it():
    st = random_game(1, log=True, params=G.params_type(dice_faces=8, die_range=(1, 8),
                                                       auto_resolve=True))
    assert st.log[2].rule == "CH-V8" and "8 faces" in st.log[2].text
    # CH-4.8: a player's dice are rolled together, the faces listed in the line's data
    assert any(e.rule == "CH-4.8" and {7, 8} & set(e.data.get("value", ())) for e in st.log
               if getattr(e, "data", None))
    with pytest.raises(Exception, match="die_range.*6 faces"):
        G.params_type(die_range=(1, 8))


# -- CH-V9 growth only through red dice (サイコロの成長要素は上級サイコロのみ) ------------------------------
def test_ch_v9_a_ruins_gain_die_upgrades_instead():
    # S1-07 Ruins: condition 3・5, effects artifact α1 and GAIN_DIE(1)
    hand = ("W3", "W5", "W1", "W2")
    st = scenario(hands={A: hand}, track={1: "S1-07"}, pos={A: 1}, growth_only_red_die=True)
    start(st, ("check", A))
    act(st, "achieve")
    assert st.phase is Phase.EFFECT
    act(st, "upgrade", lambda a: a[1:] == (2, False))        # W2 → R2, no fifth die
    assert labels(st, A) == ["R2", "W1", "W3", "W5"]
    assert "CH-V9" in _rules(st)
    off = scenario(hands={A: hand}, track={1: "S1-07"}, pos={A: 1})
    start(off, ("check", A))
    act(off, "achieve")
    chance(off, 4)                                          # the draft: a fifth die, rolled
    assert len(off.dice[A]) == 5 and "CH-V9" not in _rules(off)


def test_ch_v9_stage_end_growth_only_upgrades():
    st = scenario(players=3, stage=2, hands={A: ("W1", "W2", "W3", "W4"),
                                             B: ("R1", "R2", "R3", "R4"),
                                             C: ("W1", "W1", "W1", "W1")},
                  growth_only_red_die=True)
    start(st, ("stage_end",))
    assert st.phase is Phase.GROWTH and st.seat == A
    assert {a.kind for a in st.options} == {"grow_upgrade"}
    act(st, "grow_upgrade", lambda a: a[1] == 4)
    assert labels(st, A) == ["R4", "W1", "W2", "W3"]
    # B has no white die: no growth at all (CH-E8 would hand it a white die)
    assert len(st.dice[B]) == 4
    assert any(e.rule == "CH-V9" and "B" in e.text and "no white die" in e.text
               for e in st.log)
    with pytest.raises(Exception, match="growth_only_red_die"):
        G.params_type(growth_only_red_die=True, growth_options="gain_only")


# -- the shipped variants ---------------------------------------------------------------------------
def test_every_shipped_variant_loads_cites_its_rules_and_plays_to_the_end():
    variants = list_variants(G.params_type)
    names = {v.name for v in variants}
    assert {"draft", "shared_hp_repeat", "shared_hp_once", "weakness_cards",
            "reroll_each_stop", "suit_effects", "red_dice_multi", "no_road_vp",
            "set_collection", "growth_twice", "dice_faces_8", "growth_only_red_die",
            "forced_clear", "ruins_scoring_flat", "request_scoring_per_card",
            "no_character_creation", "before_change_list", "final_damage_all_own"} <= names
    for v in variants[1:]:
        assert v.description_ja.startswith("「") and v.description_en and v.changes()
        assert load_variant(G.params_type, v.name).params == v.params
        rules = [r for r in v.rules() if r.startswith("CH-V")]
        for seed in (1, 2):
            st = random_game(seed, log=True, params=v.params.replace(auto_resolve=True))
            assert G.is_over(st)
            cited = {e.rule for e in st.log}
            if rules and seed == 1:
                assert set(rules) & cited or v.name == "set_collection", (v.name, rules)


@pytest.mark.parametrize("players", [3, 4])
def test_all_switches_together_keep_every_invariant(players):
    p = G.params_type(players=players, shared_hp="repeat", weakness_cards=True,
                      weakness_draws=3, reroll_each_stop=True, suit_effects=True,
                      red_dice_multi=True, road_vp=False, set_collection="suits")
    for seed in range(3):
        random_game(seed, params=p, check=lambda st: G.check_state(st) == [] or
                    pytest.fail(str(G.check_state(st))))
