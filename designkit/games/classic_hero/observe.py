"""What each seat may see, and the determinisation ISMCTS samples (spec §7).

Classic Hero has perfect information apart from deck order and dice rolls; every
choice is made in view of the table, so the last one (``last``) is in every observation.
The decks are unordered pools the engine draws from as chance steps (kept in sorted
order), so apart from CH-V2's weakness cards the state holds nothing a seat may not see:
an observation is the public state plus the seat's own legal moves, and a determinisation
deals the other seats' weakness cards anew.
"""

from __future__ import annotations

import random
from typing import Any

from designkit.games.classic_hero.serialize import state_to_dict
from designkit.games.classic_hero.state import FLOW, ClassicHeroState


def observation(st: ClassicHeroState, seat: int) -> dict[str, Any]:
    """Everything ``seat`` may know, as plain JSON-ready data (deck contents, not order).

    The one hidden thing is CH-V2's weakness cards 「自分だけが知るボスの弱点」: a seat sees
    its own, only the count of the others', and the pool the others' come from.
    """
    data = state_to_dict(st)
    data.pop("log")
    data.pop("stack")
    for key in ("event_deck", "lord_deck", "skill_deck"):
        data[key] = sorted(data[key])
    if "weaknesses" in data:
        hands = data["weaknesses"]
        data["weakness_unseen"] = sorted(data.pop("weakness_deck") + [
            w for s, ws in enumerate(hands) if s != seat for w in ws])
        data["weaknesses"] = [ws if s == seat else len(ws) for s, ws in enumerate(hands)]
    data["seat"] = seat
    data["to_move"] = st.seat
    mine = st.seat == seat and st.phase in FLOW.decisions
    data["legal"] = [a.to_json() for a in st.options] if mine else []
    return data


def determinize(st: ClassicHeroState, seat: int, rng: random.Random) -> ClassicHeroState:
    """A copy for search: the other seats' weakness cards (CH-V2) are dealt again from the
    cards ``seat`` has not seen; everything else is public.

    A function of ``seat``'s observation and ``rng`` only: the unseen cards are pooled in
    sorted order before the shuffle, so where they sit in the true state (which seat holds
    which) cannot steer the deal (issue 36: pooled in the true order, two positions the
    seat could not tell apart gave ``mcts:30`` different samples and different choices)."""
    c = st.clone()
    c.log = None
    others = [s for s in range(c.n) if s != seat and c.weak[s]]
    if others:
        pool = sorted(c.weak_deck + [w for s in others for w in c.weak[s]])
        rng.shuffle(pool)
        for s in others:
            k = len(c.weak[s])
            c.weak[s], pool = tuple(pool[:k]), pool[k:]
        c.weak_deck = sorted(pool)
    elif c.weak_deck:
        c.weak_deck = sorted(c.weak_deck)   # its order is not seen either
    return c
