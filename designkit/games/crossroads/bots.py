"""Crossroads' evaluation for greedy bots and per-turn drama metrics.

An estimate of the final score (S1 applied, S5 counted, skill costs paid)
plus a little credit for pairs in hand that may still be released, relative
to the best opponent, because only the rank decides a win (CR-10). It is
called once per seat for every option a greedy bot weighs, so it reads the
counts directly instead of building the scoring breakdown.
"""

from __future__ import annotations

from designkit.core.game import Game
from designkit.games.crossroads.state import CrossroadsState, Phase

PAIR_CREDIT = 0.4  # VP credited per card of a number held at least twice and not yet released


def estimate(st: CrossroadsState, seat: int) -> float:
    """Score ``seat`` would get if the game ended now, plus pending release and hand promise."""
    p, rules = st.params, st.rules
    masks, skills = rules.masks, st.skills[seat]
    pile, hand = st.piles[seat], st.hands[seat]
    work = largest = 0
    for group in pile.values():
        size = len(group)
        work += size
        if size > largest:
            largest = size
    if skills & masks.get("end_multiply_largest_group", 0):
        work += largest * (p.s5_multiplier - 1)
    if st.phase is Phase.COMPOSE and st.ctx[0] == seat:
        work += st.ctx[1]
    in_hand = st.hand_n[seat]
    if skills & masks.get("end_discard_per_number", 0):
        per = p.s1_max_per_number
        in_hand -= sum(k if k < per else per for k in hand if k)
    cost = 0
    bits, i = skills, 0
    while bits:
        if bits & 1:
            cost += rules.costs[i]
        bits >>= 1
        i += 1
    promise = sum(k for x, k in enumerate(hand) if k >= 2 and x not in pile)
    return (work * p.vp_per_work_card + in_hand * p.vp_per_hand_card - cost
            + PAIR_CREDIT * promise)


def heuristic(game: Game, st: CrossroadsState, seat: int) -> float:
    """``Game.heuristic`` (the game first, like every game's: ``core.hooks``)."""
    mine = estimate(st, seat)
    best_other = max(estimate(st, q) for q in range(st.n) if q != seat)
    return mine - best_other
