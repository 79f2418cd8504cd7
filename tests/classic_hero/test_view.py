"""The board view (issue item 6): track, Start/Goal order, dice, blessings, Demon Lords."""

from __future__ import annotations

from tests.helpers.boards import board_actions

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


def test_board_targets_are_open_decisions_and_cover_the_natural_ones():
    """Issue 26: every ``data-action`` on the board is a legal action of the seat to move;
    moves (CH-5.3), Demon Lord HPs (CH-7), skills (CH-7.5) and single-die decisions can
    be taken on the board."""
    import json
    import random

    from designkit.session import Session

    session = Session(G, seed=3, controllers=["human", "random", "random"])
    rng = random.Random(3)
    clickable: set[str] = set()
    while not session.is_over:
        session.advance()
        if session.is_over:
            break
        legal = {json.dumps(G.action_to_json(a)) for a in session.legal_actions()}
        html = G.view(session.state, 0)
        for data in board_actions(html):
            assert json.dumps(data) in legal
            clickable.add(data[0])
        session.human_move(rng.choice(session.legal_actions()))
    assert {"move", "hit", "skill"} <= clickable
    assert clickable & {"fortune", "bless", "adjust", "ability", "return", "grow_upgrade"}
