"""Every worked example of the spec (LW-E1 to LW-E12), step by step through the engine."""

from __future__ import annotations

import pytest

from designkit.core.errors import IllegalAction
from designkit.core.rows import put
from designkit.games.witch_academy.scoring import (
    assignment_vp,
    auto_pay,
    final_ranking,
    majority_vp,
    next_order,
)
from designkit.games.witch_academy.state import ACTION_MODE, UNIV, Phase
from tests.helpers.seats import A, B, C, D

from .conftest import G, options, place, play, res, resume, rules_logged, scenario

D4, D6, D8 = range(3)
FOREST_CARDS = {"FOREST": ("EX-G-1", "EX-G-2")}


def test_lw_e1_push_out_and_health() -> None:
    """LW-E1 (LW-8.2, LW-8.3, LW-8.4, LW-0.2): free push, same-rank push, floor, stop at 1."""
    st = scenario(4, explore=FOREST_CARDS)
    place(st, B, D6, "FOREST")
    put(st.health, B, D6, 5)
    put(st.health, A, D8, 7)
    resume(st, ("turn", A))
    play(st, ("worker", "d8"), ("target", "FOREST"))
    assert st.health[A][D8] == 7 and st.health[B][D6] == 4 and st.loc[B][D6] is None
    assert st.phase is Phase.EXPLORE and st.actions_left == 3
    assert "LW-8.2" in rules_logged(st)
    play(st, ("end", None), "EX-B-1")
    # 2. same rank: Green pays 1 (2 → 1), Red's d8 7 → 6 and home
    put(st.health, C, D8, 2)
    resume(st, ("turn", C))
    play(st, ("worker", "d8"), ("target", "FOREST"))
    assert st.health[C][D8] == 1 and st.health[A][D8] == 6 and st.loc[A][D8] is None
    assert st.actions_left == 3 and "LW-8.3" in rules_logged(st)
    play(st, ("end", None), "EX-B-2")
    # 3. Yellow: d4 / d6 cannot push a d8; the d8 pays 1, Green's d8 stays at 1
    resume(st, ("turn", D))
    for die in ("d4", "d6"):
        probe = st.clone()
        play(probe, ("worker", die))
        assert ("target", "FOREST") not in options(probe)
        with pytest.raises(IllegalAction, match="LW-8.2"):
            play(probe, ("target", "FOREST"))
    play(st, ("worker", "d8"), ("target", "FOREST"))
    assert st.health[D][D8] == 7 and st.health[C][D8] == 1 and st.loc[C][D8] is None
    assert not st.placeable(C, D8)   # at Health 1 it cannot be placed until healed


def test_lw_e1_variant_payment_floor_2() -> None:
    """LW-E1 step 4 (LW-A4): with payment_floor 2, the d8 at Health 2 cannot push the d8."""
    st = scenario(4, explore=FOREST_CARDS, payment_floor=2)
    place(st, A, D8, "FOREST")
    put(st.health, C, D8, 2)
    resume(st, ("turn", C))
    play(st, ("worker", "d8"))
    assert ("target", "FOREST") not in options(st)
    before = G.state_to_dict(st)
    with pytest.raises(IllegalAction, match="payment floor 2"):
        play(st, ("target", "FOREST"))
    assert G.state_to_dict(st) == before


def _univ(st, seat, die):  # noqa: ANN001, ANN202 - a test helper
    resume(st, ("turn", seat))
    play(st, ("worker", die), ("target", UNIV))


def test_lw_e2_university_overflow() -> None:
    """LW-E2 (LW-7.1, LW-A21, LW-9.2): N−1 slots, first in first out, no Health lost."""
    st = scenario(4)
    for seat, die in ((A, "d4"), (B, "d8"), (C, "d6")):
        _univ(st, seat, die)
    assert st.univ == [(A, D4), (B, D8), (C, D6)]
    _univ(st, D, "d4")
    assert st.univ == [(B, D8), (C, D6), (D, D4)]
    assert st.loc[A][D4] is None and st.health[A][D4] == 4
    assert any(e.rule == "LW-5.3" and e.data.get("n") == 1 and e.seat == D for e in st.log)
    _univ(st, A, "d4")
    assert st.univ == [(C, D6), (D, D4), (A, D4)]
    put(st.health, C, D4, 2)
    resume(st, ("turn", C))
    play(st, ("rest", None), ("recall", ("d6",)))
    assert st.univ == [(D, D4), (A, D4)]
    assert st.health[C] == (4, 6, 8)


def test_lw_e3_university_actions() -> None:
    """LW-E3 (LW-7.3, LW-7.5, LW-7.8): exchange R→W, request paid with W, a facility."""
    st = scenario(4, hands={A: ("RQ1-3", "FC1-GREENHOUSE")}, resources={A: "R4 G1"})
    _univ(st, A, "d8")
    assert ("exchange", ("R", "E")) not in options(st)          # never into Elixir
    with pytest.raises(IllegalAction, match="never give Elixir"):
        play(st, ("exchange", ("R", "E")))
    play(st, ("exchange", ("R", "W")), ("amount", 3))
    assert st.res[A] == res("R1 G1 W3")
    play(st, ("play", "RQ1-3"), ("pay", "W"), ("pay", "W"), ("pay", "W"))
    assert st.vp[A] == 2 and st.res[A] == res("R1 G1")
    play(st, ("play", "FC1-GREENHOUSE"))
    assert [c.id for c in st.active_facilities(A)] == ["FC1-GREENHOUSE"]
    assert st.phase is Phase.OVER    # the three actions are used; the turn ended (LW-5.4)


@pytest.mark.parametrize("start", [6, 3])
def test_lw_e4_area_extra_stage_and_rotation(start: int) -> None:
    """LW-E4 (LW-6.1 to LW-6.6, LW-A7, LW-A8): bonus, two ES, rotation."""
    st = scenario(4, year=2, explore={"FOREST": ("EX-G-1", "EX-R-8")})
    put(st.health, A, D6, start)
    resume(st, ("turn", A))
    play(st, ("worker", "d6"), ("target", "FOREST"), ("bonus", True))
    assert st.res[A] == res("G1")
    play(st, ("explore", "EX-R-8"), ("es", True))
    assert st.health[A][D6] == start - 2 and st.legacy[A] == (0, 1, 0)
    play(st, ("explore", "EX-R-8"))
    if start == 3:   # the first ES left Health 1: no second ES is offered
        assert st.phase is Phase.EX_DRAW and st.legacy[A] == (0, 1, 0)
        return
    play(st, ("es", True))
    assert st.health[A][D6] == 2 and st.legacy[A] == (0, 2, 0) and st.stock[1] == 4
    assert st.res[A] == res("G1 R2")
    pos = st.areas.index(st.rules.area_index["FOREST"])
    assert st.phase is Phase.EX_DRAW
    assert [st.rules.explore[c].id for c in st.explore[pos]] == ["EX-R-8"]
    assert [st.rules.explore[c].id for c in st.ex_discard] == ["EX-G-1"]
    play(st, "EX-W-1")
    assert [st.rules.explore[c].id for c in st.explore[pos]] == ["EX-R-8", "EX-W-1"]
    assert st.health[A][D6] > st.params.unplaceable_health   # it can be placed later


def test_lw_e5_round_end_cap() -> None:
    """LW-E5 (LW-11.5): 8 resources → 3 go back; Storehouse 2 → 1; exactly 5 → none."""
    st = scenario(4, resources={A: "G3 B2 R1 E2", B: "G3 B2 R1 E2", C: "G5"})
    st.facilities[B] = ((st.rules.event_index["FC2-STOREHOUSE"],),)
    resume(st, ("cap", A))
    play(st, ("return", "B"), ("return", "B"), ("return", "R"))
    assert st.res[A] == res("G3 E2")
    resume(st, ("cap", B))
    assert st.phase is Phase.RETURN
    play(st, ("return", "R"))
    assert sum(st.res[B]) == 7
    resume(st, ("cap", C))
    assert st.res[C] == res("G5") and st.phase is Phase.OVER


def test_lw_e5_kept_card_joins_next_hand() -> None:
    """LW-E5 (LW-11.4, LW-3.5): keep 1 of 3, discard 2; after the next draft 5 + 1 = 6."""
    st = scenario(4, hands={A: ("RQ1-1", "MG1-1", "FA1-1")})
    resume(st, ("keep", A, 0), ("keep_end",))
    play(st, ("keep", "MG1-1"))
    assert [st.rules.events[e].id for e in st.carried[A]] == ["MG1-1"]
    assert len(st.ev_discard) == 2 and st.hands[A] == ()
    st.drafted[A] = tuple(st.rules.event_index[f"RQ2-{i}"] for i in range(1, 6))
    resume(st, ("draft_end",))
    assert len(st.hands[A]) == 6 and "LW-3.5" in rules_logged(st)


def test_lw_e6_legacy_majority() -> None:
    """LW-E6 (LW-12.2, LW-A19): split ties rounded down; nobody holding scores nobody."""
    assert majority_vp([2, 2, 1, 0], 8) == [4, 4, 0, 0]
    assert majority_vp([2, 2, 2, 0], 8) == [2, 2, 2, 0]
    assert majority_vp([0, 0, 0, 1], 8) == [0, 0, 0, 8]
    assert majority_vp([0, 0, 0, 0], 8) == [0, 0, 0, 0]
    assert majority_vp([1] * 5, 8) == [1] * 5
    st = scenario(4)
    st.legacy = [[2, 2, 0], [2, 2, 0], [1, 2, 0], [0, 0, 1]]
    resume(st, ("majorities",))
    assert st.vp == [6, 6, 2, 8]


def test_lw_e7_assignment_ratio_and_elixir() -> None:
    """LW-E7 (LW-10.1, LW-10.2, LW-A9, LW-0.1): 12, 9, 6 (own token again), 6."""
    assert [assignment_vp(12, k, (100, 75, 50)) for k in range(4)] == [12, 9, 6, 6]
    assert [assignment_vp(6, k, (100, 75, 50)) for k in range(3)] == [6, 4, 3]
    cost = (("G", 3), ("R", 2), ("W", 2))
    assert auto_pay(res("G2 R2 W2 E2"), cost) == list(res("G2 R2 W2 E1"))
    assert auto_pay(res("G2 R2 W2"), cost) is None
    st = scenario(4, year=2, display=("AS2-5",), resources={
        A: "G2 R2 W2 E2 G3 R2 W2", B: "G3 R2 W2", C: "G3 R2 W2"})
    for seat in (A, B, A, C):
        resume(st, ("assign_turn", seat))
        play(st, ("complete", "AS2-5"))
    assert st.vp == [18, 9, 6, 0]
    assert st.tokens_on[0] == (A, B, A, C) and st.tokens[:3] == [3, 4, 4]
    assert st.res[A] == res("E1")


def test_lw_e8_passing_and_forced_pass_vp() -> None:
    """LW-E8 (LW-4.4, LW-10.4, LW-11.1, LW-A16, LW-A17): forced-pass VP A 2, B 0, C 0."""
    plenty = "G9 B9 R9 W9"
    st = scenario(3, rounds=1, display=("AS1-1", "AS1-2", "AS1-3", "AS1-4"),
                  resources={A: plenty, B: plenty, C: plenty}, order=(A, B, C))
    resume(st, ("main_start",))
    play(st, ("assign", None), ("complete", "AS1-1"),      # turn 1: A
         ("rest", None),                                    # B: an Action (recalls nothing)
         ("assign", None), ("complete", "AS1-2"),           # C
         ("pass", None))                                    # turn 2: A, first pass
    assert st.seat == B and st.phase is Phase.ASSIGN       # B forced (LW-4.4)
    assert "LW-A16" in rules_logged(st)                     # A's pass counts (LW-A16)
    play(st, ("complete", "AS1-3"), ("complete", "AS1-4"),  # B, C
         ("complete", "AS1-1"),                              # turn 3: A forced pass +1, B
         ("pass", None))                                     # C first pass
    play(st, ("pass", None))                                 # turn 4: A +1, B passes
    assert [p[2] for p in st.parts] == [2, 0, 0]
    assert "LW-11.1" in rules_logged(st)


def test_lw_e9_next_turn_order() -> None:
    """LW-E9 (LW-11.6, LW-A20): lowest VP first; ties: later this round first."""
    assert next_order([10, 7, 7, 12], [C, A, B, D]) == [B, C, A, D]
    st = scenario(4, order=(C, A, B, D))
    st.vp = [10, 7, 7, 12]
    resume(st, ("next_order",))
    assert st.order == [B, C, A, D]


def test_lw_e10_rest() -> None:
    """LW-E10 (LW-9.1, LW-9.2, LW-0.2): only workers in supply heal, capped at max."""
    st = scenario(4)
    place(st, A, D6, "FOREST")
    place(st, A, D8, UNIV)
    st.health[A] = (1, 3, 5)
    resume(st, ("turn", A))
    assert ("worker", "d4") not in options(st)               # Health 1 (LW-5.1)
    play(st, ("rest", None), ("recall", ("d6",)))
    assert st.health[A] == (3, 5, 5) and st.loc[A][D8] == UNIV
    put(st.health, A, D4, 3)
    resume(st, ("turn", A))
    play(st, ("rest", None), ("recall", ()))
    assert st.health[A][D4] == 4


def test_lw_e11_facility_stacking() -> None:
    """LW-E11 (LW-7.8, LW-A23): same name stacks, full slots cover, highest number applies."""
    st = scenario(4, year=3)
    ix = st.rules.event_index
    st.facilities[A] = ((ix["FC1-GREENHOUSE"],), (ix["FC1-INFIRMARY"],), (ix["FC2-STOREHOUSE"],))
    resume(st, ("facility", A, ix["FC3-GREENHOUSE"]))
    assert [c.id for c in st.active_facilities(A)][0] == "FC3-GREENHOUSE"
    resume(st, ("facility", A, ix["FC3-DISPLAY"]))
    assert st.phase is Phase.FACILITY
    play(st, ("cover", 1))
    resume(st, ("facility", A, ix["FC2-GREENHOUSE"]))
    active = st.active_facilities(A)
    assert [(c.facility, c.number) for c in active] == [("GREENHOUSE", 3), ("DISPLAY", 3),
                                                       ("STOREHOUSE", 2)]
    assert st.facility_passive(A, "rest_heal") == 0   # the Infirmary stopped working


def test_lw_e12_setup_and_tie_break() -> None:
    """LW-E12 (LW-2.6, LW-12.3): SP seat 2 → seats 2, 3, 4, 0, 1 take 2, 3, 3, 4, 4."""
    st = scenario(5)
    st.sp = 2
    resume(st, ("start_resources",))
    taken = [(e.seat, e.data["n"]) for e in st.log if e.rule == "LW-2.6"]
    assert taken == [(2, 2), (3, 3), (4, 3), (0, 4), (1, 4)]
    assert final_ranking([45, 45], [2, 1], "elixir") == [[0], [1]]
    assert final_ranking([45, 45], [1, 1], "elixir") == [[0, 1]]
    st = scenario(3)
    st.vp, st.res[A], st.res[B] = [45, 45, 3], res("E2"), res("E1")
    resume(st, ("winner",))
    assert G.winners(st) == [A] and G.ranking(st) == [A, B, C]
    assert "most Elixir" in st.log[-1].text and G.tie_break_event(st) is st.log[-1]
    assert st.mode == [ACTION_MODE] * 3
