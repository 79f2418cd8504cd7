"""The board view (issue item 6): track, Start/Goal order, dice, blessings, Demon Lords."""

from __future__ import annotations

from .conftest import A, B, C, G, random_game, scenario


def test_view_shows_track_pawns_dice_and_lords():
    st = scenario(track={1: "S1-10", 4: "S1-01"}, pos={A: 0, B: 4, C: 21},
                  hands={A: ("W2", "R5", "[W6]")}, bless={A: 2})
    st.goal_order = [C]
    st.start_order = [A]
    r = st.rules
    st.lords_up = [(r.lord_index["B04"], (True, False, False))]
    html = G.view(st)
    assert html.count('class="dk-die"') == 3 and "(used)" in html
    assert "S1-10" in html and "S1-01" in html and "4/5" in html       # suit, id, condition
    assert "Dark Knight" in html and "HP1 6 : 1 ✔" in html
    assert "blessings: 2" in html and html.count('class="dk-pawn"') == 3  # A on Start, B, C at Goal
    ja = G.view(st, lang="ja")
    assert "暗黒騎士" in ja and "都市" in ja and "加護: 2" in ja


def test_view_renders_every_position_of_a_game():
    seen = []

    def check(st):
        if len(seen) % 25 == 0:
            assert G.view(st, seat=0).startswith('<div class="dk-board')
        seen.append(1)
    random_game(11, check=check)
