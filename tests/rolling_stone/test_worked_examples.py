"""Spec section 6: every worked example LR-E1 … LR-E10 as a regression test."""

from __future__ import annotations

import pytest

from designkit import IllegalAction
from designkit.games.rolling_stone.actions import Action
from designkit.games.rolling_stone.dice import E, N, S, W, dice_table, tumble
from designkit.games.rolling_stone.scoring import places

from .conftest import (
    A,
    B,
    C,
    D,
    G,
    advance,
    block,
    cards_with,
    cells_offered,
    die_cell,
    events,
    orient,
    play,
    resume,
    scenario,
)


# -- LR-E1 Tumble arithmetic (LR-8.2) ------------------------------------------------------------
def test_lr_e1_tumble_arithmetic():
    o = (3, 2, 1)
    assert [tumble(o, d)[0] for d in (N, S, E, W)] == [5, 2, 6, 1]
    st = scenario(dice={A: {"R": ((3, 2, 1), (0, 0))}}, stack=[("place", A, "1R1", "field")])
    play(st, ("place", ("1R1", 0, 1, None)))
    assert orient(st, A, "R") == (6, 2, 3) and st.power[A] == 1
    assert events(st, "LR-7.7")
    st.stack.append(("place", A, "1R2", "field"))
    resume(st)
    play(st, ("place", ("1R2", -1, 1, None)))
    assert orient(st, A, "R") == (5, 6, 3) and st.power[A] == 1
    st.stack.append(("place", A, "1R3", "field"))
    resume(st)
    play(st, ("place", ("1R3", -1, 2, None)))
    assert orient(st, A, "R") == (4, 6, 5) and die_cell(st, A, "R") == (-1, 2)
    tumbles = events(st, "LR-8.2")
    assert [(e.data["before"], e.data["after"]) for e in tumbles] == [
        ([3, 2, 1], [6, 2, 3]), ([6, 2, 3], [5, 6, 3]), ([5, 6, 3], [4, 6, 5])]
    assert "tumbles east" in tumbles[0].text and "from 3 to 6" in tumbles[0].text


# -- LR-E2 Why the setup orientation matters (LR-2.5, LR-8.1) ---------------------------------------
def test_lr_e2_orientation_decides_where_the_six_is():
    o = (3, 6, 2)
    assert [tumble(o, d)[0] for d in (N, S, E, W)] == [1, 6, 5, 2]
    table = dice_table("right")
    for i, (top, _, _) in enumerate(table.orients):
        reachable = {table.top[table.moves[i][d]] for d in range(4)}
        assert reachable == set(range(1, 7)) - {top, 7 - top}
        if top in (1, 6):
            assert 6 not in reachable  # a 1 or a 6 never reaches 6 in one tumble


def test_lr_e2_two_dice_both_get_their_six():
    """Red 3 with its 1-face east and blue 4 with its 1-face south: both first moves give 6."""
    st = scenario(dice={A: {"R": ((3, 2, 1), (0, 0)), "B": ((4, 6, 5), (0, 0))}},
                  stack=[("place", A, "1R1", "field"), ("place", A, "1B1", "field")])
    play(st, ("place", ("1R1", 0, 1, None)), ("place", ("1B1", 1, 0, None)))
    assert orient(st, A, "R")[0] == 6 and orient(st, A, "B")[0] == 6 and st.power[A] == 2


# -- LR-E3 A complete turn (LR-6, LR-7) -----------------------------------------------------------------
def _e3_state():
    return scenario(
        albums={A: {(0, 1): "1R1", (1, 0): "1B1"}},
        dice={A: {"Y": ((4, 1, 2), (0, 0)), "G": ((1, 2, 4), (0, 0)),
                  "R": ((6, 2, 3), (0, 1)), "B": ((2, 1, 3), (1, 0))}},
        field=["1R2", "1G5"], round=2, slot_of={A: 4}, stack=[("turn", A)])


def test_lr_e3_complete_turn():
    st = _e3_state()
    assert st.dice_sum(A) == 13 and st.power[A] == 1  # slot 4: +1 power at turn start
    assert {a.arg for a in G.legal_actions(st)} == {"1R2", "1G5"}
    play(st, ("take", "1G5"))
    assert cells_offered(st) == {(-1, 0), (0, -1)}  # no overwrite while empty cells exist
    play(st, ("place", ("1G5", -1, 0, None)))
    assert orient(st, A, "G") == (5, 1, 4)
    assert G.to_move(st) is not None and G.chance_outcomes(st)  # the repeat draw
    play(st, "1Y6")  # only (0, -1) is legal for yellow: placed without asking
    assert orient(st, A, "Y") == (2, 1, 3) and die_cell(st, A, "Y") == (0, -1)
    assert st.tops(A) == [6, 2, 2, 5] and st.dice_sum(A) == 15
    assert st.power[A] == 1 and st.placed[A] + 1 == 5 and st.stars[A] == 1
    b = st.box[A]
    assert (b[1] - b[0] + 1, b[3] - b[2] + 1) == (3, 3)


def test_lr_e3_other_cell_gives_green_four():
    st = _e3_state()
    play(st, ("take", "1G5"), ("place", ("1G5", 0, -1, None)))
    assert orient(st, A, "G") == (4, 2, 6)


# -- LR-E4 Floating frame (LR-7.2) ----------------------------------------------------------------------
def test_lr_e4_floating_frame():
    st = scenario(albums={A: {(0, 1): "1B1", (0, 2): "1B2", (0, 3): "1B3"}},
                  stack=[("place", A, "1R1", "field")])
    assert cells_offered(st) == {(-1, 0), (1, 0)}
    with pytest.raises(IllegalAction, match="LR-7.2"):
        G.apply(st, Action("place", ("1R1", 0, -1, None)))
    with pytest.raises(IllegalAction, match="LR-7.3"):
        G.apply(st, Action("place", ("1R1", 0, 1, "1B1")))


# -- LR-E5 Overwrite and unplaceable (LR-7.3, LR-7.4) ------------------------------------------------------
def _e5(yellow_at=(0, 0)):
    # the example's rows 0–3 × cols 0–3 with the character at (2, 1), shifted so it is (0, 0)
    others = [c for c in cards_with(stars=0) if c[1] in "RG"][:13]
    cells = {(r, c): None for r in range(-2, 2) for c in range(-1, 3)}
    del cells[(0, 0)], cells[(1, 2)]
    cells[(-1, 2)] = "1Y2"
    rest = [rc for rc, v in cells.items() if v is None]
    cells.update(dict(zip(rest, others, strict=True)))
    return scenario(albums={A: cells},
                    dice={A: {"B": ((3, 6, 2), (-2, 2)), "G": ((1, 2, 4), (-2, 1)),
                              "Y": ((4, 1, 2), yellow_at)}},
                    stack=[("place", A, "1B1", "field")])


def test_lr_e5_overwrite():
    st = _e5()
    # one legal cell, (−1, 2) by overwriting 1Y2: applied without asking
    assert st.album[A][st.rules.cell(-1, 2)] == st.rules.card_index["1B1"]
    assert st.rules.card_index["1Y2"] in st.discard[A]
    assert orient(st, A, "B") == (6, 4, 2) and st.power[A] == 1
    assert events(st, "LR-7.3")


def test_lr_e5_unplaceable():
    st = _e5(yellow_at=(-1, 2))
    assert st.rules.card_index["1B1"] in st.discard[A]
    assert orient(st, A, "B") == (3, 6, 2) and st.power[A] == 0
    assert events(st, "LR-7.4") and not events(st, "LR-8.2")


# -- LR-E6 Slot-2 order bonus (LR-8.3) and reroll (LR-8.4) ----------------------------------------------------
def test_lr_e6_slot_two_move():
    st = scenario(albums={A: {(0, 1): "1R1", (1, 1): "1R2"}},
                  dice={A: {"B": ((5, 1, 4), (0, 1))}}, slot_of={A: 2}, round=2,
                  stack=[("turn", A)], field=["1G1"])
    assert G.legal_actions(st) == [Action("move_die", None), Action("move_die", "R"),
                                   Action("move_die", "B"), Action("move_die", "Y"),
                                   Action("move_die", "G")]
    play(st, ("move_die", "B"))
    assert {a.arg[1] for a in G.legal_actions(st)} == {"W", "S"}
    with pytest.raises(IllegalAction, match="LR-8.3"):
        G.apply(st, Action("move_dir", ("B", "N")))
    child = st.clone()
    play(child, ("move_dir", ("B", "W")))
    assert orient(child, A, "B") == (4, 1, 2) and die_cell(child, A, "B") == (0, 0)
    play(st, ("move_dir", ("B", "S")))
    assert orient(st, A, "B") == (1, 2, 4) and die_cell(st, A, "B") == (1, 1)


def test_lr_e6_no_move_in_round_one():
    st = scenario(slot_of={A: 2}, stack=[("turn", A)], field=["1G1"])
    assert any("no legal die move" in e.text for e in events(st, "LR-A3"))
    assert {a.kind for a in G.legal_actions(st)} == {"place"}  # the only card was taken


def test_lr_e6_reroll_to_six_gives_no_power():
    st = scenario(skills={A: [(1, "D01")]}, slot_of={A: 1}, stack=[("turn", A)],
                  field=["1G1", "1G2"])
    play(st, ("use", ("D01", True)), 6)
    assert st.power[A] == 0 and st.top(A, 0) == 6
    assert [a.arg[1:] for a in G.legal_actions(st)] == [(6, 2, 3), (6, 3, 5), (6, 4, 2),
                                                          (6, 5, 4)]
    assert "no power" in events(st, "LR-8.4")[0].text


# -- LR-E7 Mid-stage settlement (LR-11.3) ---------------------------------------------------------------------
@pytest.mark.parametrize(("totals", "vp"), [
    ([22, 22, 18, 18], [6, 6, 3, 3]),
    ([20, 17, 17, 15], [6, 3, 3, 0]),
    ([20, 20, 19, 12], [6, 6, 3, 0]),
    ([15, 15, 15], [6, 6, 6]),
])
def test_lr_e7_dense_ranking(totals, vp):
    table = (6, 3)
    assert [table[p - 1] if p <= 2 else 0 for p in places(totals)] == vp
    dice = {s: _dice_with_total(t) for s, t in enumerate(totals)}
    st = scenario(len(totals), dice=dice, round=3, stack=[("mid", 1)])
    assert st.vp == vp and [e.data["vp"] for e in events(st, "LR-11.3")] == vp


def _dice_with_total(total):
    tops = [6, 6, 6, 6]
    excess = 24 - total
    for k in range(4):
        cut = min(5, excess)
        tops[k] -= cut
        excess -= cut
    table = dice_table("right")
    return {c: (table.orients[table.by_top[t][0]], (0, 0))
            for c, t in zip(("R", "B", "Y", "G"), tops, strict=True)}


def test_lr_e7_celebrity_raises_yellow_before_the_totals():
    dice = {A: _dice_with_total(20), B: _dice_with_total(17), C: _dice_with_total(17),
            D: {"R": ((5, 1, 4), (0, 0)), "B": ((4, 1, 2), (0, 0)), "Y": ((3, 1, 5), (0, 0)),
                "G": ((4, 1, 2), (0, 0))}}
    st = scenario(dice=dice, skills={D: [(1, "D11")]}, round=3, stack=[("mid", 1)])
    assert st.dice_sum(D) == 17 and G.to_move(st) == D  # D orients the raised yellow die
    play(st, G.legal_actions(st)[0])
    assert st.vp == [6, 3, 3, 3] and st.top(D, 2) == 4


# -- LR-E8 Events (LR-9, §5.2) ---------------------------------------------------------------------------------
def _with_tops(colour, tops):
    table = dice_table("right")
    return {s: {colour: (table.orients[table.by_top[t][0]], (0, 0))} for s, t in enumerate(tops)}


def test_lr_e8_sports_day_ties():
    st = scenario(dice=_with_tops("R", [5, 5, 3, 1]), events_row=["E1-1"],
                  stack=[("event_phase",)])
    assert st.vp == [2, 2, 0, 0] and events(st, "LR-9.2")


def test_lr_e8_catching_a_cold_volunteer():
    st = scenario(dice=_with_tops("G", [1, 4, 1, 6]), skills={C: [(1, "D16")]},
                  events_row=["E1-5"], stack=[("event_phase",)])
    assert st.vp == [-1, 0, 0, 0]
    assert any("ignores" in e.text for e in events(st, "LR-4.2"))


def test_lr_e8_inheritance_nobody_qualifies():
    st = scenario(3, stage=3, events_row=["E3-4"], stack=[("event_phase",)])
    assert st.vp == [0, 0, 0] and events(st, "LR-A12")


# -- LR-E9 Order selection and the start player marker (LR-2.6, LR-5, LR-6.2) -----------------------------
def _e9(slots):
    dice = {A: _dice_with_total(12), B: _dice_with_total(9), C: _dice_with_total(9)}
    st = scenario(3, dice=dice, stack=[("start_player",), ("round", 1), ("round", 2)])
    assert {o for o, _ in G.chance_outcomes(st)} == {B, C}
    play(st, B)
    assert st.marker == B
    while G.to_move(st) is not None and st.phase.name == "DRAW":
        play(st, G.chance_outcomes(st)[0][0])
    for seat, slot in slots:
        assert G.to_move(st) == seat
        play(st, ("slot", slot))
    return st


def test_lr_e9_order_selection():
    st = _e9([(B, 4), (C, 1), (A, 2)])
    assert events(st, "LR-5.3")[-1].text.endswith("C (1), A (2), B (4)")
    assert G.to_move(st) == C
    advance(st, lambda s: s.phase.name == "ORDER")
    turns = [e.seat for e in events(st, "LR-6.2") if "takes the pawn" in e.text]
    assert turns == [C, A, B]
    assert any("no legal die move" in e.text and e.seat == A for e in events(st, "LR-A3"))
    assert any(e.seat == B and "order bonus of slot 4" in e.text for e in events(st, "LR-6.2"))
    assert st.marker == B and G.to_move(st) == B  # slot 3 stayed empty: B picks first again


def test_lr_e9_marker_moves_on_slot_three():
    st = _e9([(B, 4), (C, 3), (A, 2)])
    assert events(st, "LR-5.3")[-1].text.endswith("A (2), C (3), B (4)")
    advance(st, lambda s: s.phase.name == "ORDER")
    assert st.round == 2 and st.marker == C
    assert G.to_move(st) == C  # round 2 selection order: C, A, B
    assert [e.seat for e in events(st, "LR-A22") if "start player marker from" in e.text] == [C]


# -- LR-E10 Final settlement, 3 players (LR-12) ---------------------------------------------------------------
def test_lr_e10_final_settlement():
    starred = {s: cards_with(stars=s) for s in (1, 2, 3)}
    plain = cards_with(stars=0)
    a_cards = starred[2][:1] + starred[3][:1] + plain[:13]                 # 5 ★
    b_cards = starred[1][:4] + plain[13:23]                                # 4 ★, 14 cards
    c_cards = starred[3][1:3] + plain[23:36]                               # 6 ★
    t = dice_table("right")

    def dice(tops):
        return {c: (t.orients[t.by_top[v][0]], (0, 0)) for c, v in zip("RBYG", tops, strict=True)}

    st = scenario(
        3, stage=3, round=3, marker=A,
        albums={A: block(a_cards), B: block(b_cards), C: block(c_cards)},
        dice={A: dice([6, 4, 3, 5]), B: dice([5, 5, 5, 2]), C: dice([6, 3, 6, 6])},
        hands={A: ["D02"], B: ["D16"], C: ["D06"]},
        skills={A: [(3, "D15")], B: [(3, "D01")], C: [(3, "D09")]},
        power={A: 3, B: 7, C: 0}, vp={A: 11, B: 12, C: 14}, stack=[("final",)])
    assert [st.stars[s] for s in range(3)] == [5, 4, 6]
    assert G.is_over(st)
    parts = [dict(zip(("dream", "dice", "adversity", "full_album", "start_marker"),
                      (st.parts[s][3], st.parts[s][4], st.parts[s][5], st.parts[s][6],
                       st.parts[s][7]), strict=True)) for s in range(3)]
    assert parts[A] == {"dream": 6, "dice": 19, "adversity": 1, "full_album": 6,
                        "start_marker": 1}
    assert parts[B] == {"dream": 4, "dice": 17, "adversity": 4, "full_album": 0,
                        "start_marker": 0}
    assert parts[C] == {"dream": -2, "dice": 21, "adversity": -6, "full_album": 6,
                        "start_marker": 0}
    assert G.scores(st) == [44, 37, 33] and G.winners(st) == [A]
    assert "3 power left over" in events(st, "LR-A16")[0].text    # LR-A16: worth nothing


def test_lr_e10_tie_shares_the_win():
    """LR-12.6: had B also ended on 44, A and B would share the win."""
    st = scenario(3, stage=3, round=3, marker=C, vp={A: 10, B: 10, C: 3}, stack=[("final",)])
    assert G.scores(st) == [14, 14, 8] and G.winners(st) == [A, B]
    assert "share the win" in events(st, "LR-A18")[0].text
