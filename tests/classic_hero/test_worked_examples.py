"""Spec section 6: every worked example CH-E1 … CH-E10 as a regression test."""

from __future__ import annotations

import pytest

from designkit.games.classic_hero.notation import (
    apply_atom,
    fortune_options,
    parse_condition,
    parse_fortune,
)
from designkit.games.classic_hero.resolve import achieve_sets
from designkit.games.classic_hero.scoring import city_sets, request_vp, winners
from designkit.games.classic_hero.stage import pilgrimage_penalty
from designkit.games.classic_hero.state import Phase
from designkit.games.classic_hero.turn import destinations

from .conftest import A, B, C, D, G, act, chance, labels, refs_text, scenario, start


# -- CH-E1 condition matching --------------------------------------------------------------------------
@pytest.mark.parametrize("cond, expected", [
    ("5・6", {("W5", "W6"), ("R5", "W6")}),
    ("4/5", {("W5",), ("R5",)}),
    ("ゾロ目2", {("R5", "W5")}),
    ("ゾロ目3", set()),
    ("15↑", {("R5", "W5", "W6")}),
    ("10↑", {("R5", "W5"), ("W5", "W6"), ("R5", "W6")}),
    ("6・6★", set()),
])
def test_ch_e1_condition_matching(cond, expected):
    st = scenario(hands={A: ("W2", "W5", "R5", "W6")})
    sets = achieve_sets(st, A, parse_condition(cond))
    got = {refs_text((i, *st.dice[A][i][:2]) for i in u) for u in sets}
    assert got == expected
    if expected:   # the best red bonus is +1 in every row that has a legal set
        assert max(sum(st.dice[A][i][1] for i in u) for u in sets) == 1


def test_ch_e1_non_minimal_sum_sets_are_illegal_ch_a7():
    st = scenario(hands={A: ("W2", "W5", "R5", "W6")})
    sets = achieve_sets(st, A, parse_condition("15↑"))
    assert all(len(u) == 3 for u in sets)          # {W2, W5, R5, W6} = 18 is not minimal
    loose = scenario(hands={A: ("W2", "W5", "R5", "W6")}, sum_requires_minimal_set=False)
    assert any(len(u) == 4 for u in achieve_sets(loose, A, parse_condition("15↑")))


# -- CH-E2 blessing + ★ + red bonus ------------------------------------------------------------------------
def test_ch_e2_blessing_star_red_bonus():
    st = scenario(hands={A: ("W2", "W5", "R5", "W6")}, bless={A: 1}, track={1: "S1-04"},
                  pos={A: 1})
    start(st, ("check", A))                                 # a Trial with 6・6★, no Fortune here
    assert st.phase is Phase.CHECK
    act(st, "bless", lambda a: a[0][1:] == (5, True) and a[1] == 1)    # R5 → R6
    act(st, "achieve", lambda a: refs_text(a[1]) == ("R6", "W6"))
    assert st.vp[A] == 1                                    # +1 red bonus
    assert st.phase is Phase.STAR
    act(st, "star", lambda a: a[1:] == (6, False))          # the player marks W6 as used
    assert st.phase is Phase.EFFECT
    act(st, "upgrade", lambda a: a[1:] == (5, False))       # UPGRADE(1): W5 → R5
    assert labels(st, A) == sorted(["W2", "R5", "R6", "[W6]"])
    assert st.bless[A] == 0 and st.vp[A] == 1


# -- CH-E3 Fortune: "apply correctly if possible" ------------------------------------------------------------
def _results(fortune: str, vals: tuple[int, ...]) -> set[tuple[int, ...]]:
    out = set()
    for opt in fortune_options(parse_fortune(fortune), vals):
        v = list(vals)
        for i, atom in opt:
            v[i] = apply_atom(v[i], atom)[0]
        out.add(tuple(v))
    return out


@pytest.mark.parametrize("fortune, vals, expected", [
    ("-2", (2, 4), {(2, 2)}),
    ("-2", (1, 2), {(1, 1), (1, 2)}),
    ("+1/-1", (6, 6, 1), {(6, 6, 2), (5, 6, 1), (6, 5, 1)}),
    ("+1・-2", (6, 2), {(4, 3)}),
    ("+2・-1", (5,), {(4,)}),
    ("反転", (1, 5), {(6, 5), (1, 2)}),
])
def test_ch_e3_fortune(fortune, vals, expected):
    assert _results(fortune, vals) == expected


def test_ch_e3_fortune_in_the_engine_ch_6_2():
    st = scenario(hands={A: ("W2", "W4")}, track={1: "S1-04"}, pos={A: 1})   # Fortune -2
    start(st, ("fortune", A))
    # a single legal application (the 4) is applied at once, without asking
    assert labels(st, A) == ["W2", "W2"] and st.forced >= 1
    assert any(e.rule == "CH-6.1" and "-2" in e.text for e in st.log)
    st = scenario(hands={A: ("W1", "W2")}, track={1: "S1-04"}, pos={A: 1})
    start(st, ("fortune", A))
    assert st.phase is Phase.FORTUNE and len(st.options) == 2       # no full option: any die
    act(st, "fortune", lambda a: a[0][0][1] == 2)
    assert labels(st, A) == ["W1", "W1"]
    assert any(e.rule == "CH-6.2" for e in st.log)


# -- CH-E4 movement ---------------------------------------------------------------------------------------
E4_TRACK = {1: "S1-10", 3: "S1-05", 4: "S1-01", 5: "S1-20", 6: "S1-15", 7: "S1-02", 8: "S1-11"}


def test_ch_e4_movement():
    st = scenario(track=E4_TRACK, pos={A: 0, B: 3, C: 5}, hands={s: ("W1",) for s in range(3)})
    assert st.rearmost() == A
    assert [q for q, _ in destinations(st, A)] == [1, 4]
    st.pos[A] = 4
    assert st.rearmost() == B
    assert [q for q, _ in destinations(st, B)] == [6, 7]
    st.pos[A] = 1
    assert st.rearmost() == A                     # still rearmost: A moves again
    assert [q for q, _ in destinations(st, A)] == [4]


def test_ch_e4_rearmost_moves_again_in_the_engine_ch_5_1():
    st = scenario(track=E4_TRACK, pos={A: 0, B: 3, C: 5},
                  hands={s: ("W1", "W1") for s in range(3)})
    start(st, ("turn",))
    assert st.phase is Phase.MOVE and st.seat == A
    assert sorted(a.arg[0] for a in st.options if a.kind == "move") == [1, 4]
    act(st, "move", lambda a: a[0] == 1)
    # A is still rearmost and moves again; its only stop is the Trial at 4, taken at once
    # the second move stops on the empty Trial at 4, a forced stop (CH-5.4)
    moves = [e for e in st.log if e.rule in ("CH-5.3", "CH-5.4")]
    assert [(e.seat, e.data["to"]) for e in moves] == [(A, 1), (A, 4)]
    # then B is rearmost and may pass the Trial A stands on: {6, 7}
    assert st.seat == B and [a.arg[0] for a in st.options if a.kind == "move"] == [6, 7]


def test_pass_trial_lets_a_pawn_pass_one_empty_trial_ch_5_4():
    st = scenario(track=E4_TRACK, pos={A: 0, B: 3, C: 5}, abilities={A: ["CL4"]})
    stops = destinations(st, A)
    assert [q for q, via in stops if not via] == [1, 4]
    assert [q for q, via in stops if via] == [6, 7]   # 7 is the next empty Trial


# -- CH-E5 Demon Lord battle ------------------------------------------------------------------------------
def _battle(line: str):
    st = scenario(stage=2, hands={A: ("R6", "W5", "W5", "W3", "W2", "W1")}, pos={A: 21})
    r = st.rules
    st.lords_up = [(r.lord_index["B04"], (False, False, False)),
                   (r.lord_index["B10"], (True, True, False))]
    st.lord_deck = [b for b in range(len(r.lords)) if b not in (r.lord_index["B04"],
                                                                 r.lord_index["B10"])]
    st.display = [r.ability_index["SK02"], r.ability_index["SK03"]]
    st.skill_deck = [a for a in st.skill_deck if a not in st.display]
    start(st, ("battle", A), ("skill_pick", A), ("forced_pass", A))
    return st


def test_ch_e5_battle_line_b():
    st = _battle("B")
    act(st, "hit", lambda a: a[:2] == ("B04", 3) and refs_text(a[2]) == ("W1", "W2", "W3"))
    assert st.vp[A] == 5
    act(st, "hit", lambda a: a[:2] == ("B04", 2))
    assert st.vp[A] == 9
    act(st, "hit", lambda a: a[:2] == ("B04", 1))
    assert st.vp[A] == 16                              # 5 + 4 + (3 + red 1) + final damage 3
    assert st.phase is Phase.DRAW_LORD                 # a new card is drawn at once (CH-7.3)
    chance(st, "B07")
    assert st.phase is Phase.SKILL_PICK                 # all dice used: the battle ends (CH-7.4)
    assert any(e.rule == "CH-7.4" for e in st.log[-3:])


def test_ch_e5_battle_line_a():
    st = _battle("A")
    act(st, "hit", lambda a: a[:2] == ("B10", 3) and refs_text(a[2]) == ("R6", "W1", "W5", "W5"))
    assert st.vp[A] == 9                                # 3 + 2 + red 1, then final damage 3
    chance(st, "B07")                                   # Golem [5][4・4][ゾロ目3]
    # W3 and W2 meet nothing on Dark Knight or Golem: the battle ends by itself
    assert st.phase is Phase.SKILL_PICK
    act(st, "skill", "SK02")
    assert st.phase is not Phase.SKILL_PICK and any(e.rule == "CH-7.6" for e in st.log)


def test_marked_hp_cannot_be_achieved_again_ch_7_2():
    st = _battle("A")
    assert not any(a.kind == "hit" and a.arg[0] == "B10" and a.arg[1] in (1, 2)
                   for a in st.options)


# -- CH-E6 artifacts ------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode, total", [("before", 7), ("after", 10)])
def test_ch_e6_artifact_sequence(mode, total):
    st = scenario(artifact_vp=mode)
    gained = []
    for source in ("S1-05", "S1-06", "S1-08", "S2-05", "S2-06"):   # α1 α1 β1 α2 α2
        before = st.vp[A]
        start(st, ("fx", A, "artifact", None, source))
        gained.append(st.vp[A] - before)
    assert sum(gained) == total
    if mode == "before":
        assert gained == [0, 1, 1, 2, 3]


# -- CH-E7 Rest ------------------------------------------------------------------------------------------
def test_ch_e7_rest():
    st = scenario(hands={A: ("W4", "W2", "[R3]", "[W6]", "[W1]")}, track={1: "S1-10"})
    start(st, ("move", A))
    rests = [a for a in st.options if a.kind == "rest"]
    assert sorted(refs_text(a.arg) for a in rests) == [("R3",), ("W6",)]  # white or red back
    act(st, "rest", lambda a: not a[0][2])             # returns a white used die (W1's kind)
    chance(st, (5, 2))                                 # R and W are rerolled to 5 and 2 (one roll)
    assert labels(st, A) == sorted(["W4", "W2", "R5", "W2"])
    assert st.phase is Phase.MOVE and not any(a.kind == "rest" for a in st.options)


def test_rest_needs_two_used_dice_ch_5_6():
    st = scenario(hands={A: ("W4", "W2", "[R3]")}, track={1: "S1-10"})
    start(st, ("move", A))
    assert not any(a.kind == "rest" for a in st.options)


# -- CH-E8 stage end ---------------------------------------------------------------------------------------
def test_ch_e8_pilgrimage_penalty():
    st = scenario(players=4, stage=2, taken={A: ["S2-15"], B: ["S1-15"], C: ["S2-16", "S2-17"]})
    assert pilgrimage_penalty(st) == [0, -2, 0, -2]
    nobody = scenario(players=4, stage=2)
    assert pilgrimage_penalty(nobody) == [0, 0, 0, 0]
    three = scenario(players=4, stage=2, taken={A: ["S2-15"], B: ["S2-16"], C: ["S2-17"]})
    assert pilgrimage_penalty(three) == [0, 0, 0, -3]


def test_ch_e8_growth():
    st = scenario(players=4, stage=2, hands={A: ("W1", "W2", "W3", "W4", "W5", "R6"),
                                             B: ("W1", "W2", "W3", "W4"),
                                             C: ("R1", "R2", "R3", "R4", "R5", "R6"),
                                             D: ("W1", "W1", "W1", "W1")})
    start(st, ("stage_end",))
    assert st.phase is Phase.GROWTH and st.seat == A
    act(st, "grow_gain")
    chance(st, 3)
    assert st.phase is Phase.LIMIT and len(st.dice[A]) == 7
    G.apply(st, st.options[0])
    assert len(st.dice[A]) == 6                       # still 6
    act(st, "grow_gain")                              # B: 4W → 5W
    chance(st, 4)
    assert len(st.dice[B]) == 5 and not any(d[1] for d in st.dice[B])
    # C: 6R, no white die to upgrade: the only growth is a white die (forced), returned
    assert st.phase is Phase.ROLL and st.ctx[0] == C
    chance(st, 2)
    assert st.phase is Phase.LIMIT and st.seat == C
    act(st, "return", lambda a: not a[2])
    assert labels(st, C) == sorted(f"R{v}" for v in range(1, 7))
    assert st.phase is Phase.GROWTH and st.seat == D


def test_ch_e8_bot_upgrades_at_six_dice_ch_a20():
    import random

    from designkit.agents.greedy import GreedyAgent

    st = scenario(players=4, stage=2, hands={A: ("W1", "W2", "W3", "W4", "W5", "R6"),
                                             B: ("W1",), C: ("W1",), D: ("W1",)})
    start(st, ("stage_end",))
    a = GreedyAgent().act(G, st, random.Random(0))
    assert a.kind == "grow_upgrade"


# -- CH-E9 last player and the next stage's order ------------------------------------------------------------
@pytest.mark.parametrize("fill, first", [("left_to_right", C), ("reverse", B)])
def test_ch_e9_last_player_and_next_order(fill, first):
    st = scenario(stage=2, track={7: "S2-10", 9: "S2-01"}, pos={A: 21, B: 7, C: 21},
                  hands={B: ("W5", "[W1]", "[W2]")}, goal_fill=fill)
    st.goal_order = [C, A]
    r = st.rules
    st.lords_up = [(r.lord_index["B04"], (False, False, False))]
    start(st, ("turn",))
    assert st.seat == B
    moves = [a for a in st.options if a.kind == "move"]
    assert [a.arg[0] for a in moves] == [21]               # straight to the Goal (CH-5.5)
    assert any(a.kind == "rest" for a in st.options)      # B may Rest first (CH-A23)
    act(st, "move")
    assert any(e.rule == "CH-5.5" for e in st.log)
    assert not any(e.rule == "CH-6.1" for e in st.log)    # no Fortune
    while st.phase in (Phase.BATTLE, Phase.SKILL_PICK):
        G.apply(st, st.options[-1] if st.phase is Phase.BATTLE else st.options[0])
    assert st.goal_order == [C, A, B]
    st.stage = 3
    start(st, ("place_pawns",), ("turn",))
    assert st.start_order[0] == first and st.seat == first


# -- CH-E10 final scoring ---------------------------------------------------------------------------------
def test_ch_e10_final_scoring():
    cities = [(2, 1, 1), (2, 2, 2), (1, 1, 0), (0, 0, 0)]
    assert [city_sets(c) * 5 for c in cities] == [5, 10, 0, 0]
    assert request_vp([3, 1, 3, 1], 4, -4) == [4, -4, 4, -4]
    assert request_vp([2, 2, 2, 2], 4, -4) == [0, 0, 0, 0]
    assert winners([30, 12, 30, 5], [2, 1, 5, 3], "speed_then_draw") == [C]
    assert winners([30, 12, 30, 5], [2, 1, 5, 3], "draw") == [A, C]


def test_ch_e10_in_the_engine():
    st = scenario(players=4, stage=3, races=["RC2", "RC1", "RC5", "RC3"], taken={
        A: ["S1-10", "S1-11", "S2-10", "S3-10", "S1-20", "S1-21", "S1-22"],
        B: ["S1-10", "S1-11", "S2-10", "S2-11", "S3-10", "S3-11", "S2-20"],
        C: ["S1-12", "S2-12", "S2-20", "S2-21", "S2-22"],
        D: ["S3-20"]})
    for s in (A, B, C, D):
        st.taken[s] = tuple(dict.fromkeys(st.taken[s]))
    st.taken[B] = tuple(e for e in st.taken[B] if e not in st.taken[A])
    st.vp = [21, 0, 26, 0]
    start(st, ("final",))
    assert st.phase is Phase.OVER
    assert G.winners(st) == [C] and st.vp[A] == st.vp[C] == 30
    assert any(e.rule == "CH-9.3" and "higher speed" in e.text for e in st.log)
