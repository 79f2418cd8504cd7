"""The documented JSON form of a Crossroads state (hidden parts included).

Used by records, the stepper's save/load and tests. Keys:
``players, active, trigger, turn, first_player, ending, end_reason,
deck {number: count}, top, bottom, top_owner, bottom_owner, hands [[cards]], known [[cards]],
piles [{number: [printed cards]}], discard [cards], skills [[ids]], crossroads [ids],
s2_cards, declarer, took [ids], released [counts], final [scores] | null`` and the core
flow's ``phase, seat, ctx, stack, last, log`` (:mod:`designkit.core.flow_dict`): the
question's context (a pass's receiver, a release's size, who may declare …) is in ``ctx``.

A document written before the flow keys (``receiver, releaser, release_size, deal_left,
extra_left, declare_queue, discard_left, taken, returned`` and no ``stack``) still loads:
:func:`_legacy_flow` turns those fields into the question's seat and ``ctx`` (its stack
was always empty at a question). ``state_from_dict`` refuses an impossible state
(:mod:`invariants`) with :class:`~designkit.core.invariants.ImpossibleState`.
"""

from __future__ import annotations

from typing import Any

from designkit.core.flow_dict import flow_from_dict, flow_to_dict, rebuild_options
from designkit.core.invariants import Violation, parse_checked
from designkit.games.crossroads.actions import Action
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
        "players": st.n, **flow_to_dict(st), "active": st.active, "trigger": st.trigger, "turn": st.turn,
        "first_player": st.first_player, "ending": st.ending, "end_reason": st.end_reason,
        "deck": {str(x): k for x, k in enumerate(st.deck) if k},
        "top": st.top[:], "bottom": st.bottom[:], "top_owner": st.top_owner[:],
        "bottom_owner": st.bottom_owner[:],
        "hands": [_cards(h) for h in st.hands], "known": [_cards(k) for k in st.known],
        "piles": [{str(n): list(g) for n, g in sorted(p.items())} for p in st.piles],
        "discard": _cards(st.discard),
        "skills": [_ids(st, m) for m in st.skills], "crossroads": _ids(st, st.crossroads),
        "s2_cards": st.s2_cards[:], "declarer": st.declarer, "took": _ids(st, st.took),
        "released": st.released[:],
        "final": list(st.final) if st.final is not None else None,
    }


def state_from_dict(data: dict[str, Any], params: CrossroadsParams | None = None,
                    log: bool = True) -> CrossroadsState:
    """The state ``data`` describes; a malformed or impossible one is an ImpossibleState."""
    from designkit.games.crossroads.invariants import check_state

    def checked(st: CrossroadsState) -> list[Violation]:
        """The invariants, then the open question's options (a junk ``ctx`` trips there,
        inside ``parse_checked``: one ImpossibleState, not a TypeError)."""
        found = check_state(st)
        if not found:
            rebuild_options(st)
        return found

    return parse_checked(lambda: _parse(data, params, log), checked)


def _parse(data: dict[str, Any], params: CrossroadsParams | None, log: bool
           ) -> CrossroadsState:
    p = params if params is not None else CrossroadsParams(players=data["players"])
    rules = Ruleset.compile(p)
    size = rules.size

    def mask(ids: list[str]) -> int:
        return sum(1 << rules.index[i] for i in ids)

    st = CrossroadsState.from_rules(rules, log=False)   # the one way a state is built
    st.n = int(data["players"])
    st.active, st.trigger = data["active"], data["trigger"]
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
    st.s2_cards = list(data["s2_cards"])
    st.declarer, st.took = data["declarer"], mask(data["took"])
    st.released = list(data.get("released") or [0] * st.n)
    st.final = tuple(data["final"]) if data.get("final") is not None else None
    if "stack" not in data:
        data = _legacy_flow(data)
    flow_from_dict(st, data, log, Action, options=False)
    return st


def _legacy_flow(data: dict[str, Any]) -> dict[str, Any]:
    """The flow keys of a document saved before Crossroads kept a question's context in
    ``ctx``: the old fields say who is asked and with what (the stack was empty)."""
    ph = Phase[data["phase"]]
    receiver, active = data.get("receiver"), data["active"]
    ctx: tuple[Any, ...] = ()
    seat: int | None = active
    if ph is Phase.DEAL:
        ctx = (sum(len(h) for h in data["hands"]),)   # the cards dealt so far
    elif ph is Phase.DRAW and data.get("extra_left"):
        ctx = (data["extra_left"],)
    elif ph in (Phase.TAKE, Phase.RETURN):
        ctx = (receiver, data.get("taken", 0), data.get("returned", 0))
    elif ph is Phase.RECEIVE:
        ctx, seat = (receiver,), receiver
    elif ph is Phase.COMPOSE:
        ctx, seat = (data.get("releaser"), data.get("release_size", 0)), data.get("releaser")
    elif ph is Phase.DECLARE:
        ctx = tuple(data.get("declare_queue") or ())
        seat = ctx[0] if ctx else None
    elif ph is Phase.DECLARE_DISCARD:
        ctx, seat = (data.get("discard_left", 0),), data.get("declarer")
    if ph in FLOW.chances or ph in (Phase.RUN, Phase.OVER):
        seat = None
    return {**data, "seat": seat, "ctx": list(ctx), "stack": []}
