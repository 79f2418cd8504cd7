"""What each seat may see, and resampling what it may not (for ISMCTS).

Hidden (spec section 7, LW-A28): other seats' hands, their draft picks not yet
passed on, their kept cards, and the event cards removed unseen. Decks and the
assignment pool are unordered pools drawn by chance steps, so only event cards
need resampling: :func:`determinize` pools every event card ``seat`` cannot
see, year by year, and deals them back into the same places in the same
numbers. The result depends only on what ``seat`` sees (and ``rng``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from designkit.games.witch_academy.state import FLOW, Phase, WitchState

_HIDDEN = ("hands", "picks", "drafted", "carried")
#: decisions whose choice only the chooser sees (LW-3.4 draft picks, LW-11.4 kept cards)
_HIDDEN_CHOICES = ("pick", "keep")


def observation(st: WitchState, seat: int) -> dict[str, Any]:
    """Everything ``seat`` may know, as plain JSON-ready data."""
    rules = st.rules
    ev = rules.events
    ids = lambda xs: [ev[e].id for e in xs]  # noqa: E731
    mine = st.seat == seat and st.phase in FLOW.decisions
    return {
        "seat": seat, "players": st.n, "phase": st.phase.name, "to_move": st.seat,
        "year": st.year, "start_player": st.sp, "order": st.order[:], "mode": st.mode[:],
        "areas": [rules.areas[a].id for a in st.areas],
        "exploration": [[rules.explore[c].id for c in x] for x in st.explore],
        "exploration_deck": len(st.ex_deck),
        "exploration_discard": [rules.explore[c].id for c in st.ex_discard],
        "occupant": [None if o is None else list(o) for o in st.occupant],
        "university": [list(u) for u in st.univ],
        "display": [rules.assignments[a].id for a in st.display],
        "tokens_on": [list(t) for t in st.tokens_on],
        "hand": ids(st.hands[seat]), "own_picks": ids(st.picks[seat]) + ids(st.drafted[seat]),
        "own_kept": ids(st.carried[seat]),
        "hand_sizes": [len(h) for h in st.hands],
        "picked": [len(p) for p in st.picks],
        "kept_counts": [len(c) for c in st.carried],
        "event_discard": ids(st.ev_discard),
        "health": [list(h) for h in st.health],
        "location": [[None if x is None else (rules.areas[st.areas[x]].id if isinstance(x, int) else x)
                      for x in loc] for loc in st.loc],
        "resources": [list(r) for r in st.res], "vp": st.vp[:],
        "legacy": [list(g) for g in st.legacy], "legacy_stock": st.stock[:],
        "tokens": st.tokens[:],
        "familiars": [[ids(f) for f in fs] for fs in st.familiars],
        "facilities": [[ids(s) for s in fs] for fs in st.facilities],
        "legal": [a.to_json() for a in st.options] if mine else [],
        "last": _last_seen(st, seat),
    }


def _last_seen(st: WitchState, seat: int) -> list[Any] | None:
    """The last real choice, as the table saw it: a payment order or which of two equal
    exploration cards was used is public; another seat's draft pick or kept card is not."""
    if st.last is None:
        return None
    who, action = st.last
    if who != seat and action.kind in _HIDDEN_CHOICES:
        return [who, action.kind]
    return [who, action.to_json()]


def _shuffle(x: list[int], getrandbits: Callable[[int], int]) -> None:
    """``Random.shuffle(x)`` written out over ``getrandbits``: CPython's loop with its
    ``_randbelow_with_getrandbits`` inlined, the same draws without two calls per card
    (:data:`_INLINE_SHUFFLE` checks it once per process)."""
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        x[i], x[r] = x[r], x[i]


def _same_shuffles() -> bool:
    """Whether :func:`_shuffle` gives ``Random.shuffle``'s order on this Python."""
    for seed in range(8):
        a, b = random.Random(seed), random.Random(seed)
        for size in (0, 1, 2, 3, 7, 16, 33):
            x, y = list(range(size)), list(range(size))
            a.shuffle(x)
            _shuffle(y, b.getrandbits)
            if x != y:
                return False
    return a.random() == b.random()


_INLINE_SHUFFLE = _same_shuffles()


def determinize(st: WitchState, seat: int, rng: random.Random) -> WitchState:
    """A copy consistent with ``seat``'s view, the unseen event cards dealt anew."""
    c = st.clone()
    c.log = None
    # the exploration deck's order is hidden: drawn by index, the true order would steer a
    # search's draws
    c.ex_deck = tuple(sorted(c.ex_deck))
    if c.last is not None and c.last[0] != seat and c.last[1].kind in _HIDDEN_CHOICES:
        # another seat's hidden pick: the search knows a pick was made, not which card
        c.last = (c.last[0], type(c.last[1])(c.last[1].kind, None))
    ev = c.rules.events
    pools: dict[int, list[int]] = {}
    # (a field's rows, the seat, years of its hidden cards); hands and the draft piles are
    # tuple rows (``core.rows``): each is replaced by a row of its own kind
    slots: list[tuple[list[Any], int, list[int]]] = []
    for q in range(c.n):
        if q == seat:
            continue
        for name in _HIDDEN:
            rows = getattr(c, name)
            container = rows[q]
            if container == ():  # nothing hidden: the (shared, immutable) row stays
                continue
            years = [ev[e].year for e in container]
            for e in container:
                pools.setdefault(ev[e].year, []).append(e)
            slots.append((rows, q, years))
    removed_years = [ev[e].year for e in c.ev_removed]
    for e in c.ev_removed:
        pools.setdefault(ev[e].year, []).append(e)
    inline = _INLINE_SHUFFLE and type(rng) is random.Random
    for pool in pools.values():
        pool.sort()
        if inline:
            _shuffle(pool, rng.getrandbits)
        else:
            rng.shuffle(pool)
    for rows, q, years in slots:
        dealt = [pools[y].pop() for y in years]
        rows[q] = dealt if type(rows[q]) is list else tuple(dealt)
    c.ev_removed = tuple([pools[y].pop() for y in removed_years])
    if c.phase in FLOW.decisions and not (c.seat == seat and c._options is not None):
        # another seat's options may name its hidden cards: built anew on the sample; the
        # seat's own (built) are its own information (``observation``'s ``legal``), kept
        c.options = tuple(FLOW.decisions[c.phase][0](c))
    return c


def visible(st: WitchState, seat: int | None) -> bool:
    """Whether ``seat`` (None: the designer) may see the pending decision's options."""
    return seat is None or st.seat == seat or st.phase not in (Phase.DRAFT, Phase.KEEP)
