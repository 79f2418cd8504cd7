"""What each seat may see (CR-A14) and resampling what it may not (for ISMCTS).

Hands are hidden except cards received face-up by a pass; the card S2 put
back is known only to its owner; piles, skills, discards and the deck count
are public. ``determinize`` reshuffles exactly the hidden cards, so a search
never reads an opponent's hand.
"""

from __future__ import annotations

import random
from typing import Any

from designkit.games.crossroads.state import FLOW, CrossroadsState, Phase

_TRIGGER_PRIVATE = (Phase.ACT, Phase.S2_KEEP)


def trigger_visible(st: CrossroadsState, seat: int) -> bool:
    return st.trigger is not None and (seat == st.active or st.phase not in _TRIGGER_PRIVATE)


def observation(st: CrossroadsState, seat: int) -> dict[str, Any]:
    """Everything ``seat`` may know, as plain JSON-ready data."""
    return {
        "seat": seat,
        "players": st.n,
        "phase": st.phase.name,
        "active": st.active,
        "receiver": st.receiver(),
        "turn": st.turn,
        "deck_count": st.deck_total(),
        "own_cards_in_deck": {"top": [c for c, o in zip(st.top, st.top_owner, strict=True) if o == seat],
                              "bottom": [c for c, o in zip(st.bottom, st.bottom_owner, strict=True)
                                         if o == seat]},
        "hand": st.hand_cards(seat),
        "hand_sizes": st.hand_n[:],
        "known_hand_cards": [[x for x, k in enumerate(st.known[q]) for _ in range(k)]
                             for q in range(st.n)],
        "piles": [{n: list(g) for n, g in sorted(p.items())} for p in st.piles],
        "discard": [x for x, k in enumerate(st.discard) for _ in range(k)],
        "skills": [st.skill_ids(q) for q in range(st.n)],
        "crossroads": st.crossroads_ids(),
        "trigger": st.trigger if trigger_visible(st, seat) else None,
        "s2_cards": list(st.s2_cards) if seat == st.active else [],
    }


def determinize(st: CrossroadsState, seat: int, rng: random.Random) -> CrossroadsState:
    """A copy consistent with ``seat``'s view, hidden cards dealt anew from the unseen pool."""
    c = st.clone()
    c.log = None
    pool: list[int] = []
    for x, k in enumerate(c.deck):
        pool += [x] * k
    hidden_hand = [0] * c.n
    for q in range(c.n):
        if q == seat:
            continue
        hand, known = c.hands[q], c.known[q]
        for x, k in enumerate(hand):
            extra = k - known[x]
            if extra:
                pool += [x] * extra
                hand[x] = known[x]
                hidden_hand[q] += extra
    top_slots = [i for i, o in enumerate(c.top_owner) if o != seat]
    bottom_slots = [i for i, o in enumerate(c.bottom_owner) if o != seat]
    pool += [c.top[i] for i in top_slots] + [c.bottom[i] for i in bottom_slots]
    trigger = c.trigger
    hide_trigger = trigger is not None and not trigger_visible(c, seat)
    if trigger is not None and hide_trigger:
        pool.append(trigger)
    hide_s2 = seat != c.active and bool(c.s2_cards)
    if hide_s2:
        pool += c.s2_cards
    pool.sort()  # the deal must not depend on where hidden cards sit now
    rng.shuffle(pool)
    it = iter(pool)
    for q in range(c.n):
        for _ in range(hidden_hand[q]):
            c.hands[q][next(it)] += 1
    for i in top_slots:
        c.top[i] = next(it)
    for i in bottom_slots:
        c.bottom[i] = next(it)
    if hide_trigger:
        c.trigger = next(it)
    if hide_s2:
        c.s2_cards = [next(it) for _ in c.s2_cards]
    c.deck = [0] * len(c.deck)
    for x in it:
        c.deck[x] += 1
    if c.phase in FLOW.decisions and seat != c.seat:
        # the mover's options follow its cards, which were dealt anew (an S2 keep, a release)
        c.options = tuple(FLOW.decisions[c.phase].options(c))
    return c
