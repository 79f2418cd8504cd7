"""The documented JSON form of a Crossroads state (hidden parts included).

Used by records, the stepper's save/load and tests. Keys:
``players, phase, active, receiver, trigger, turn, first_player, ending, end_reason,
deck {number: count}, top, bottom, top_owner, bottom_owner, hands [[cards]], known [[cards]],
piles [{number: [printed cards]}], discard [cards], skills [[ids]], crossroads [ids],
releaser, release_size, s2_cards, deal_left, extra_left, declare_queue, declarer,
discard_left, taken, took [ids], returned, released [counts], final [scores] | null, log [events]``.

No task stack is saved: Crossroads' tasks schedule only their own successor, so
at every question the stack is empty and the phase says who is asked
(:func:`seat_to_answer`). ``state_from_dict`` refuses an impossible state
(:mod:`invariants`) with :class:`~designkit.core.invariants.ImpossibleState`.
"""

from __future__ import annotations

from typing import Any

from designkit.core.events import Event
from designkit.core.invariants import parse_checked
from designkit.games.crossroads.params import CrossroadsParams
from designkit.games.crossroads.state import FLOW, CrossroadsState, Phase, Ruleset


def _cards(counts: list[int]) -> list[int]:
    return [x for x, k in enumerate(counts) for _ in range(k)]


def _counts(cards: list[int], size: int) -> list[int]:
    out = [0] * size
    for x in cards:
        if not 0 <= int(x) < size:
            raise ValueError(f"card {x} is not a number of this deck")
        out[int(x)] += 1
    return out


def _ids(st: CrossroadsState, mask: int) -> list[str]:
    return [s.id for i, s in enumerate(st.rules.skills) if mask >> i & 1]


def state_to_dict(st: CrossroadsState) -> dict[str, Any]:
    return {
        "players": st.n, "phase": st.phase.name, "active": st.active,
        "receiver": st.receiver, "trigger": st.trigger, "turn": st.turn,
        "first_player": st.first_player, "ending": st.ending, "end_reason": st.end_reason,
        "deck": {str(x): k for x, k in enumerate(st.deck) if k},
        "top": st.top[:], "bottom": st.bottom[:], "top_owner": st.top_owner[:],
        "bottom_owner": st.bottom_owner[:],
        "hands": [_cards(h) for h in st.hands], "known": [_cards(k) for k in st.known],
        "piles": [{str(n): list(g) for n, g in sorted(p.items())} for p in st.piles],
        "discard": _cards(st.discard),
        "skills": [_ids(st, m) for m in st.skills], "crossroads": _ids(st, st.crossroads),
        "releaser": st.releaser, "release_size": st.release_size,
        "s2_cards": st.s2_cards[:], "deal_left": st.deal_left, "extra_left": st.extra_left,
        "declare_queue": st.declare_queue[:], "declarer": st.declarer,
        "discard_left": st.discard_left, "taken": st.taken, "took": _ids(st, st.took),
        "returned": st.returned,
        "released": st.released[:],
        "final": list(st.final) if st.final is not None else None,
        "log": [e.to_dict() for e in st.log] if st.log is not None else None,
    }


def state_from_dict(data: dict[str, Any], params: CrossroadsParams | None = None,
                    log: bool = True) -> CrossroadsState:
    """The state ``data`` describes; a malformed or impossible one is an ImpossibleState."""
    from designkit.games.crossroads.invariants import check_state

    st = parse_checked(lambda: _parse(data, params, log), check_state)
    st.seat = seat_to_answer(st)
    if st.phase in FLOW.decisions:
        st.options = tuple(FLOW.decisions[st.phase].options(st))
    return st


def _parse(data: dict[str, Any], params: CrossroadsParams | None, log: bool
           ) -> CrossroadsState:
    p = params if params is not None else CrossroadsParams(players=data["players"])
    rules = Ruleset.compile(p)
    size = rules.size

    def mask(ids: list[str]) -> int:
        return sum(1 << rules.index[i] for i in ids)

    st = CrossroadsState.__new__(CrossroadsState)
    st.init_flow()
    st.rules, st.params, st.n = rules, p, int(data["players"])
    st.phase = Phase[data["phase"]]
    st.active, st.receiver, st.trigger = data["active"], data["receiver"], data["trigger"]
    st.turn, st.first_player = data["turn"], data["first_player"]
    st.ending, st.end_reason = data["ending"], data["end_reason"]
    st.deck = [0] * size
    for x, k in data["deck"].items():
        _counts([int(x)], size)  # a number of this deck
        st.deck[int(x)] = int(k)
    st.deck_n = sum(st.deck)
    st.top, st.bottom = list(data["top"]), list(data["bottom"])
    st.top_owner, st.bottom_owner = list(data["top_owner"]), list(data["bottom_owner"])
    st.hands = [_counts(h, size) for h in data["hands"]]
    st.hand_n = [len(h) for h in data["hands"]]
    st.known = [_counts(k, size) for k in data["known"]]
    st.piles = [{int(n): tuple(g) for n, g in pile.items()} for pile in data["piles"]]
    st.discard = _counts(data["discard"], size)
    st.skills = [mask(s) for s in data["skills"]]
    st.crossroads = mask(data["crossroads"])
    st.releaser, st.release_size = data["releaser"], data["release_size"]
    st.s2_cards = list(data["s2_cards"])
    st.deal_left, st.extra_left = data["deal_left"], data["extra_left"]
    st.declare_queue, st.declarer = list(data["declare_queue"]), data["declarer"]
    st.discard_left, st.taken, st.took = data["discard_left"], data["taken"], mask(data["took"])
    st.returned = int(data.get("returned", 0))
    st.released = list(data.get("released") or [0] * st.n)
    st.final = tuple(data["final"]) if data.get("final") is not None else None
    events = data.get("log")
    st.log = None if not log else [
        Event.from_dict(e) for e in events or []]
    return st


def seat_to_answer(st: CrossroadsState) -> int | None:
    """The seat a question of ``st.phase`` is put to (``None`` for chance and the end)."""
    ph = st.phase
    if ph in FLOW.chances or ph in (Phase.RUN, Phase.OVER):
        return None
    if ph is Phase.RECEIVE:
        return st.receiver
    if ph is Phase.COMPOSE:
        return st.releaser
    if ph is Phase.DECLARE:
        return st.declare_queue[0] if st.declare_queue else None
    if ph is Phase.DECLARE_DISCARD:
        return st.declarer
    return st.active
