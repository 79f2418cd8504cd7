"""What each seat may see and resampling what it may not (for ISMCTS).

Hidden (spec section 7): opponents' dream hands, dream choices not yet
revealed (LR-A10), the dream cards removed unseen, deck order and the events
removed unseen. Decks and event pools are unordered pools the engine draws
from as chance steps, so only the dream cards need resampling: ``determinize``
deals the dreams this seat cannot see anew, keeping what it knows (the dream
it passed to its left neighbour is still there unless discarded since).
"""

from __future__ import annotations

import random
from typing import Any

from designkit.games.rolling_stone.state import (
    FLOW,
    Phase,
    RollingStoneState,
)


def observation(st: RollingStoneState, seat: int) -> dict[str, Any]:
    """Everything ``seat`` may know, as plain JSON-ready data."""
    rules = st.rules
    did = lambda d: rules.dreams[d].id  # noqa: E731
    cid = rules.card_id
    dice = rules.dice
    left = (seat + 1) % st.n
    mine = st.seat == seat and st.phase in FLOW.decisions
    return {
        "seat": seat, "players": st.n, "phase": st.phase.name,
        "to_move": st.seat, "stage": st.stage, "round": st.round, "turn_no": st.turn_no,
        "current": st.current, "start_marker": st.marker,
        "order_slots": st.board[:], "slot_of": st.slot_of[:],
        "deck_counts": [len(d) for d in st.decks[1:]],
        "field": [cid(c) for c in st.field],
        "events_row": [rules.events[e].id for e in st.events_row],
        "events_done": [rules.events[e].id for e in st.events_done],
        "hand": [did(d) for d in st.hands[seat]],
        "hand_sizes": [len(h) for h in st.hands],
        "own_pending": [did(d) for d in st.pending[seat]],
        "pending_counts": [len(h) for h in st.pending],
        "passed_left": [did(d) for d in st.gave[seat] if d in st.hands[left]],
        "skills": [[[s, did(d)] for s, d in sk] for sk in st.skills],
        "albums": [{f"{rules.rc[i][0]},{rules.rc[i][1]}": cid(v)
                    for i, v in enumerate(a) if v is not None} for a in st.album],
        "dice": [{c: [list(dice.orients[st.dice[p][k]]), list(rules.rc[st.dcell[p][k]])]
                  for k, c in enumerate(rules.colours)} for p in range(st.n)],
        "discard": [[cid(c) for c in d] for d in st.discard],
        "power": st.power[:], "vp": st.vp[:],
        "legal": [a.to_json() for a in st.options] if mine else [],
        # the card being placed was drawn or taken face up (LR-6.3, LR-6.4)
        "placing": st.ctx[1] if st.phase is Phase.PLACE else None,
        "revealed_dreams": ([[did(d) for d in h] for h in st.hands]
                            if st.phase is Phase.OVER or st.settling == "final" else None),
    }


def determinize(st: RollingStoneState, seat: int, rng: random.Random) -> RollingStoneState:
    """A copy consistent with ``seat``'s view, unseen dream cards dealt anew.

    The result depends only on what ``seat`` can see (and ``rng``): the unseen
    cards are pooled in a fixed order before shuffling, and the passes ``seat``
    did not witness are forgotten.
    """
    c = st.clone()
    c.log = None
    # the stage decks' order is hidden (their contents are not): drawn by index, a deck in
    # the true order would steer a search's draws
    c.decks = [sorted(d) for d in c.decks]
    if c.settling == "final" or c.phase is Phase.OVER:
        return c  # dreams are revealed at the final settlement (LR-12.1)
    left, right = (seat + 1) % c.n, (seat - 1) % c.n
    c.gave = [g if q in (seat, right) else () for q, g in enumerate(c.gave)]
    known = [d for d in c.gave[seat] if d in c.hands[left]]
    pool = list(c.dream_pool)
    sizes = []
    for q in range(c.n):
        if q == seat:
            sizes.append((0, 0))
            continue
        fixed = known if q == left else []
        hidden = [d for d in c.hands[q] if d not in fixed]
        pool += hidden + list(c.pending[q])
        sizes.append((len(hidden), len(c.pending[q])))
    pool.sort()
    rng.shuffle(pool)
    # a dream ``seat`` passed left that has left that hand since may not be dealt back into it
    gone = {d for d in c.gave[seat] if d not in known}
    for q in [left] + [q for q in range(c.n) if q not in (seat, left)]:
        fixed = known if q == left else []
        n_hand, n_pending = sizes[q]
        allowed = [d for d in pool if d not in gone] if q == left else pool
        hand = allowed[:n_hand]
        for d in hand:
            pool.remove(d)
        c.hands[q] = fixed + hand
        c.pending[q], pool = tuple(pool[:n_pending]), pool[n_pending:]
    c.dream_pool = pool
    if c.phase in FLOW.decisions:
        c.options = tuple(FLOW.decisions[c.phase].options(c))
    return c
