"""The greedy bot's shortcuts give the stepped lookahead's floats (issue 37): a shortcut
that drifted by one ulp would change a decision somewhere, so each is compared with
clone-step-evaluate on the positions of seeded games, and must leave the position as it
found it."""

from __future__ import annotations

import random

import pytest

from designkit import get_game
from designkit.core.game import CHANCE
from designkit.core.lookahead import child_values
from designkit.games.rolling_stone import bots
from designkit.games.rolling_stone.state import Phase

G = get_game("rolling_stone")


def _setup_orient_positions(players: int, seed: int) -> list:
    """Every setup orientation question (LR-2.5) of a seeded random game, cloned."""
    st = G.new_state(G.params_type(players=players), log=False)
    rng = random.Random(seed)
    found = []
    while (who := G.to_move(st)) is not None and st.turn_no == 0:
        if who is CHANCE:
            G.apply(st, G.sample_chance(st, rng), check=False)
            continue
        if st.phase is Phase.ORIENT and st.ctx[2] == "LR-2.5":
            found.append(st.clone())
        legal = G.legal_actions(st)
        G.apply(st, legal[rng.randrange(len(legal))], check=False)
    return found


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (4, 3), (3, 4)])
def test_setup_orientation_shortcut_is_the_stepped_max(players, seed):
    positions = _setup_orient_positions(players, seed)
    assert positions, "the game asks setup orientations"
    shortcuts = 0
    for st in positions:
        seat = st.ctx[0]
        before = G.state_to_dict(st)
        fast = bots._setup_orient_max(G, st, seat)
        assert G.state_to_dict(st) == before, "the shortcut leaves the position as it was"
        stepped = max(child_values(G, st, st.options,
                                   lambda c, s=seat: bots.heuristic(G, c, s, 0)))
        if fast is None:   # the seat's last die: the next task is not a setup orientation
            assert st.stack[-1][0] != "orient" or st.stack[-1][-1] != "LR-2.5"
            continue
        shortcuts += 1
        assert fast == stepped   # the same float, not a close one
        # and through heuristic itself, one ply up (depth 1 is where it is taken)
        assert bots.heuristic(G, st, seat, 1) == stepped
    assert shortcuts >= len(positions) // 2


def test_setup_orientation_shortcut_declines_other_questions():
    positions = _setup_orient_positions(4, 5)
    st = positions[0]
    st.ctx = (st.ctx[0], st.ctx[1], "LR-8.4")   # a reroll's orientation: stepped as before
    assert bots._setup_orient_max(G, st, st.ctx[0]) is None
    assert bots._setup_orient_max(G, positions[0], (positions[0].ctx[0] + 1) % 4) is None
