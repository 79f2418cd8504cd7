"""What can never be true of a Witch Academia position (``Game.check_state``).

Checked after every step of the property tests and on loading a saved state:
Health within [1, max], achievement tokens conserved, legacy within the stock,
the University within its slots, no negative resources, every exploration and
event card in exactly one place, and worker locations agreeing with the board.
"""

from __future__ import annotations

from collections import Counter

from designkit.core.invariants import Violation
from designkit.games.witch_academy.state import UNIV, Phase, WitchState

_CARD_TASKS = {"request_done": 2, "facility": 2, "play_card": 3}


def check_state(st: WitchState) -> list[Violation]:
    out: list[Violation] = []
    p, rules = st.params, st.rules
    for s in range(st.n):
        for w, h in enumerate(st.health[s]):
            if not 1 <= h <= rules.max_health[w]:
                out.append(Violation("health_range", f"seat {s} {rules.ranks[w]} has Health {h}"))
        if any(r < 0 for r in st.res[s]):
            out.append(Violation("resources_negative", f"seat {s} holds {st.res[s]}"))
        if p.achievement_tokens_per_player is not None and st.year:
            on_cards = sum(t.count(s) for t in st.tokens_on)
            if st.tokens[s] + on_cards != p.achievement_tokens_per_player:
                out.append(Violation("tokens_conserved", f"seat {s}: {st.tokens[s]} in hand + "
                                     f"{on_cards} on cards"))
        for w, where in enumerate(st.loc[s]):
            if where == UNIV and (s, w) not in st.univ:
                out.append(Violation("location", f"seat {s} worker {w} not in the University"))
            elif isinstance(where, int) and st.occupant[where] != (s, w):
                out.append(Violation("location", f"seat {s} worker {w} not on Area {where}"))
    for k in range(len(rules.legacy)):
        held = sum(st.legacy[s][k] for s in range(st.n))
        if st.stock[k] < 0 or held + st.stock[k] != p.legacy_per_type:
            out.append(Violation("legacy_stock", f"type {rules.legacy[k]}: {held} held + "
                                 f"{st.stock[k]} in stock ≠ {p.legacy_per_type}"))
    if len(st.univ) > p.slots():
        out.append(Violation("university_slots", f"{len(st.univ)} workers in {p.slots()} slots"))
    explore = Counter([*st.ex_deck, *st.ex_discard, *(c for x in st.explore for c in x)])
    if explore != Counter(range(len(rules.explore))):
        out.append(Violation("exploration_conserved", "an exploration card is missing or doubled"))
    out += _events_conserved(st)
    out += _board(st)
    return out


def _board(st: WitchState) -> list[Violation]:
    """Every Area and University entry is a worker that says it is there, and no worker is
    in two places (LW-5.1: one worker per Area; LW-A22; LW-7.1: the University slots)."""
    out: list[Violation] = []
    seen: Counter[tuple[int, int]] = Counter()
    entries: list[tuple[int | str, tuple[int, int]]] = [(pos, occ) for pos, occ in enumerate(st.occupant) if occ is not None]
    entries += [(UNIV, occ) for occ in st.univ]
    for where, occ in entries:
        seat, w = occ
        seen[(seat, w)] += 1
        if not (0 <= seat < st.n and 0 <= w < len(st.rules.ranks)):
            out.append(Violation("location", f"board entry {occ} is not a worker (LW-5.1)"))
        elif st.loc[seat][w] != where:
            out.append(Violation("location", f"seat {seat} worker {w} is on the board at "
                                 f"{where} but its location is {st.loc[seat][w]} (LW-5.1)"))
    out += [Violation("location", f"seat {s} worker {w} is in {k} places (LW-5.1)")
            for (s, w), k in seen.items() if k > 1]
    return out


def _event_places(st: WitchState) -> Counter[int]:
    """Event cards in every place of the state (hands, piles, familiars, pending tasks)."""
    seen: Counter[int] = Counter([*st.ev_pool, *st.ev_removed, *st.ev_discard])
    for s in range(st.n):
        for group in (st.hands, st.picks, st.drafted, st.carried):
            seen.update(group[s])
        for fs in st.familiars[s]:
            seen.update(fs)
        for stack in st.facilities[s]:
            seen.update(stack)
    for t in st.stack:
        if t[0] in _CARD_TASKS:
            seen[t[_CARD_TASKS[t[0]]]] += 1
    if st.phase is Phase.FACILITY:
        seen[st.ctx[1]] += 1
    return seen


def _events_conserved(st: WitchState) -> list[Violation]:
    seen = _event_places(st)
    expected = Counter(e for y in range(1, st.year + 1) for e in st.rules.year_events[y])
    if seen != expected:
        diff = (seen - expected) + (expected - seen)
        ids = ", ".join(sorted(st.rules.events[e].id for e in diff))
        return [Violation("events_conserved", f"event cards missing or doubled: {ids}")]
    return []


# -- declarations for the contract suite (Game.components, Game.hidden_zones) -------------------
def components(st: WitchState) -> dict[str, int]:
    """Exploration and event cards by ID (a later year's events still in the box, LW-3.3),
    legacy by type and, where limited, achievement tokens, over all places."""
    rules = st.rules
    out: Counter[str] = Counter(f"exploration {rules.explore[c].id}" for c in
                                (*st.ex_deck, *st.ex_discard, *(c for x in st.explore for c in x)))
    seen = _event_places(st)
    seen.update(e for evs in rules.year_events[st.year + 1:] for e in evs)
    out.update({f"event {rules.events[e].id}": k for e, k in seen.items()})
    for k, name in enumerate(rules.legacy):
        out[f"legacy {name}"] = st.stock[k] + sum(st.legacy[s][k] for s in range(st.n))
    per_seat = st.params.achievement_tokens_per_player
    if per_seat is not None:   # handed out in year 1 (LW-2), in the box before
        out["achievement token"] = (sum(st.tokens) + sum(len(t) for t in st.tokens_on)
                                    if st.year else per_seat * st.n)
    return dict(out)


def hidden_zones(st: WitchState, seat: int) -> list[list[tuple[str | int, ...]]]:
    """Event cards (LW-3.3, LW-3.4): the other seats' hands, hidden picks and drafted cards
    with the undealt pool; the cards they kept face down (LW-11.4); the exploration deck."""
    others = [q for q in range(st.n) if q != seat]
    events = [(zone, q) for q in others for zone in ("hands", "picks", "drafted")]
    return [[*events, ("ev_pool",)], [("carried", q) for q in others], [("ex_deck",)]]
