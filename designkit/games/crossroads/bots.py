"""Crossroads' evaluation for greedy bots and per-turn drama metrics.

An estimate of the final score (S1 applied, S5 counted, skill costs paid)
plus a little credit for pairs in hand that may still be released, relative
to the best opponent, because only the rank decides a win (CR-10).
"""

from __future__ import annotations

from designkit.games.crossroads.scoring import breakdown, s1_discards
from designkit.games.crossroads.state import CrossroadsState, Phase


def estimate(st: CrossroadsState, seat: int) -> float:
    """Score ``seat`` would get if the game ended now, plus pending release and hand promise."""
    hand_after_s1 = st.hand_n[seat] - len(s1_discards(st, seat))
    value = float(breakdown(st, seat, hand_after_s1)["total"])
    if st.phase is Phase.COMPOSE and st.releaser == seat:
        value += st.release_size * st.params.vp_per_work_card
    hand, pile = st.hands[seat], st.piles[seat]
    for x, k in enumerate(hand):
        if k >= 2 and x not in pile:
            value += 0.4 * k
    return value


def heuristic(st: CrossroadsState, seat: int) -> float:
    mine = estimate(st, seat)
    best_other = max(estimate(st, q) for q in range(st.n) if q != seat)
    return mine - best_other
