"""What each seat may see, and the determinisation ISMCTS samples (spec §7).

Classic Hero has perfect information apart from deck order and dice rolls; every
choice is made in view of the table, so the last one (``last``) is in every observation.
The decks are unordered pools the engine draws from as chance steps, so the
state holds nothing a seat may not see: an observation is the public state
plus the seat's own legal moves, and a determinisation is a plain copy.
"""

from __future__ import annotations

import random
from typing import Any

from designkit.games.classic_hero.serialize import state_to_dict
from designkit.games.classic_hero.state import FLOW, ClassicHeroState


def observation(st: ClassicHeroState, seat: int) -> dict[str, Any]:
    """Everything ``seat`` may know, as plain JSON-ready data (deck contents, not order)."""
    data = state_to_dict(st)
    data.pop("log")
    data.pop("stack")
    for key in ("event_deck", "lord_deck", "skill_deck"):
        data[key] = sorted(data[key])
    data["seat"] = seat
    data["to_move"] = st.seat
    mine = st.seat == seat and st.phase in FLOW.decisions
    data["legal"] = [a.to_json() for a in st.options] if mine else []
    return data


def determinize(st: ClassicHeroState, seat: int, rng: random.Random) -> ClassicHeroState:
    """A copy for search: nothing is hidden in the state, so nothing is resampled."""
    c = st.clone()
    c.log = None
    return c
