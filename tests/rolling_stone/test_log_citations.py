"""Life is Rolling Stone: the board shows no stale options, and rules that decide cite
themselves (issue 21): LR-A34 a declined optional skill, LR-7.2 a cell the frame rules out."""

from __future__ import annotations

from designkit.core.game import CHANCE
from designkit.games.rolling_stone.actions import Action
from designkit.games.rolling_stone.state import Phase

from .conftest import A, G, advance, cards_with, events, play, scenario


def test_the_view_at_a_chance_step_offers_nothing_to_click():
    """At a chance step the state still holds the options of the decision before it; the
    board must not offer them (a click would apply a decision nobody is asked)."""
    st = G.new_state(G.params_type(players=3))
    st = advance(st, lambda s: G.to_move(s) is CHANCE and bool(getattr(s, "options", ())),
                 seed=3)
    assert st.options and st.seat is None                  # stale, from the last decision
    for seat in (None, 0, 1, 2):
        assert "data-action" not in G.view(st, seat)
    st = advance(st, lambda s: isinstance(G.to_move(s), int), seed=3)
    assert "data-action" in G.view(st, G.to_move(st))      # a decision: clickable again


def test_lr_a34_declining_an_optional_skill_is_logged():
    st = scenario(skills={A: [(1, "D01")]}, slot_of={A: 1}, stack=[("turn", A)],
                  field=["1G1", "1G2"])
    assert st.phase is Phase.USE
    play(st, ("use", ("D01", False)))
    (line,) = events(st, "LR-A34")
    assert line.seat == A and "optional" in line.text and "任意" in line.text_ja


def test_lr_7_2_a_free_cell_the_frame_rules_out_is_named():
    red = cards_with(attr="R")
    row = {(0, 1): red[0], (0, 2): red[1], (0, 3): red[2]}   # four wide with the character
    st = scenario(albums={A: row}, stack=[("place", A, red[3], "field")])
    assert st.phase is Phase.PLACE
    assert {(a.arg[1], a.arg[2]) for a in st.options} == {(-1, 0), (1, 0)}
    play(st, Action("place", (red[3], 1, 0, None)))
    (line,) = events(st, "LR-7.2")
    assert "(0, -1) would leave the 4×4 frame" in line.text
