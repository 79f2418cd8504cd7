"""The documented JSON form of a Life is Rolling Stone state (hidden parts included).

Used by records, the stepper's save/load and tests. Cards, dreams and events
appear by their IDs (``1G5``, ``D02``, ``E1-1``), cells as ``[row, col]``
relative to the character card, dice as ``[top, north, east]`` (LR-8.1).
Keys:

``players, phase, seat, ctx, stack, stage, round, turn_no, current, marker, settling,
slot_of [slot | null], board [seat | null], decks {stage: [ids]}, field [ids], removed [ids],
event_pool {stage: [ids]}, events_row [ids], events_done [ids], dream_pool [ids],
hands [[ids]], pending [[ids]], gave [[ids]], skills [[[stage, id]]], used [[keys]],
albums [[[row, col, id | "character"]]], dice [{colour: {"orientation": [t, n, e],
"cell": [row, col]}}], frame [null | [row_lo, row_hi, col_lo, col_hi]], discard [[ids]],
power [], vp [], vp_parts [{category: vp}], snapshot null | [[[t, n, e]]], final null | [],
log [events]``.

``stack`` lists the tasks still to run, next first; ``ctx`` is the context of the
decision or chance step now due (both hold only IDs, seats, colour indices and
numbers), read back by the core's :func:`~designkit.core.flow_dict.flow_from_dict`.
Unlike the other games' documents, this one does not carry ``last`` (the last real
choice) yet: writing it changes the golden playthroughs, so it waits for a deliberate
change of the documented form; a document that has it is read. The bounding boxes, card
and ★ counts and active skills are derived.
"""

from __future__ import annotations

from typing import Any

from designkit.core.flow_dict import flow_from_dict, listify, rebuild_options
from designkit.core.invariants import parse_checked
from designkit.games.rolling_stone.actions import Action
from designkit.games.rolling_stone.invariants import check_state
from designkit.games.rolling_stone.params import RollingStoneParams
from designkit.games.rolling_stone.resolve import refresh_active
from designkit.games.rolling_stone.setup import blank_state
from designkit.games.rolling_stone.state import CHARACTER, VP_PARTS, RollingStoneState, Ruleset


def state_to_dict(st: RollingStoneState) -> dict[str, Any]:
    rules = st.rules
    cid, did, eid = rules.card_id, (lambda d: rules.dreams[d].id), (lambda e: rules.events[e].id)
    dice = rules.dice
    return {
        "players": st.n, "phase": st.phase.name, "seat": st.seat, "ctx": listify(st.ctx),
        "stack": [listify(t) for t in reversed(st.stack)],
        "stage": st.stage, "round": st.round, "turn_no": st.turn_no, "current": st.current,
        "marker": st.marker, "settling": st.settling,
        "slot_of": st.slot_of[:], "board": st.board[:],
        "decks": {str(s): [cid(c) for c in d] for s, d in enumerate(st.decks) if s},
        "field": [cid(c) for c in st.field], "removed": [cid(c) for c in st.removed],
        "event_pool": {str(s): [eid(e) for e in p] for s, p in enumerate(st.event_pool) if s},
        "events_row": [eid(e) for e in st.events_row],
        "events_done": [eid(e) for e in st.events_done],
        "dream_pool": [did(d) for d in st.dream_pool],
        "hands": [[did(d) for d in h] for h in st.hands],
        "pending": [[did(d) for d in h] for h in st.pending],
        "gave": [[did(d) for d in h] for h in st.gave],
        "skills": [[[s, did(d)] for s, d in sk] for sk in st.skills],
        "used": [list(u) for u in st.used],
        "albums": [[[*rules.rc[i], cid(v)] for i, v in enumerate(a) if v is not None]
                   for a in st.album],
        "dice": [{c: {"orientation": list(dice.orients[st.dice[p][k]]),
                      "cell": list(rules.rc[st.dcell[p][k]])}
                  for k, c in enumerate(rules.colours)} for p in range(st.n)],
        "frame": [list(f) if f is not None else None for f in st.frame],
        "discard": [[cid(c) for c in d] for d in st.discard],
        "power": st.power[:], "vp": st.vp[:],
        "vp_parts": [dict(zip(VP_PARTS, parts, strict=True)) for parts in st.parts],
        "snapshot": None if st.snapshot is None else [
            [list(dice.orients[i]) for i in d] for d in st.snapshot],
        "final": list(st.final) if st.final is not None else None,
        "log": [e.to_dict() for e in st.log] if st.log is not None else None,
    }


def state_from_dict(data: dict[str, Any], params: RollingStoneParams | None = None,
                    log: bool = True) -> RollingStoneState:
    """The state ``data`` describes; a malformed or impossible one is an ImpossibleState."""
    st = parse_checked(lambda: _parse(data, params, log), check_state)
    return st


def _lookup(table: dict[str, int], what: str) -> Any:
    def get(ident: str) -> int:
        if ident not in table:
            raise KeyError(f"{what} {ident!r}")
        return table[ident]
    return get


def _parse(data: dict[str, Any], params: RollingStoneParams | None,
           log: bool) -> RollingStoneState:
    p = params if params is not None else RollingStoneParams(players=data["players"])
    rules = Ruleset.compile(p)
    st = blank_state(rules, log=False)
    card = _lookup(rules.card_index, "album card")
    dream = _lookup(rules.dream_index, "dream card")
    event = _lookup(rules.event_index, "event card")
    dice = rules.dice
    st.stage, st.round, st.turn_no = data["stage"], data["round"], data["turn_no"]
    st.current, st.marker, st.settling = data["current"], data["marker"], data["settling"]
    st.slot_of, st.board = list(data["slot_of"]), list(data["board"])
    for s, ids in data["decks"].items():
        st.decks[int(s)] = [card(i) for i in ids]
    st.field = [card(i) for i in data["field"]]
    st.removed = [card(i) for i in data["removed"]]
    for s, ids in data["event_pool"].items():
        st.event_pool[int(s)] = [event(i) for i in ids]
    st.events_row = [event(i) for i in data["events_row"]]
    st.events_done = [event(i) for i in data["events_done"]]
    st.dream_pool = [dream(i) for i in data["dream_pool"]]
    st.hands = [[dream(i) for i in h] for h in data["hands"]]
    st.pending = [tuple(dream(i) for i in h) for h in data["pending"]]
    st.gave = [tuple(dream(i) for i in h) for h in data["gave"]]
    st.skills = [tuple((s, dream(i)) for s, i in sk) for sk in data["skills"]]
    st.used = [tuple(u) for u in data["used"]]
    for seat, cells in enumerate(data["albums"]):
        album: list[int | None] = [None] * rules.size
        for r, c, i in cells:
            album[rules.cell(r, c)] = CHARACTER if i == "character" else card(i)
        st.album[seat] = tuple(album)   # a tuple row, replaced when written (core.rows)
        _recount(st, seat)
    for seat, by_colour in enumerate(data["dice"]):
        st.dice[seat] = tuple(dice.index[tuple(by_colour[c]["orientation"])]
                              for c in rules.colours)
        st.dcell[seat] = tuple(rules.cell(*by_colour[c]["cell"]) for c in rules.colours)
    st.frame = [tuple(f) if f is not None else None for f in data["frame"]]
    st.discard = [tuple(card(i) for i in d) for d in data["discard"]]
    st.power, st.vp = list(data["power"]), list(data["vp"])
    st.parts = [tuple(parts.get(name, 0) for name in VP_PARTS) for parts in data["vp_parts"]]
    st.snapshot = None if data["snapshot"] is None else [
        tuple(dice.index[tuple(o)] for o in d) for d in data["snapshot"]]
    st.final = tuple(data["final"]) if data.get("final") is not None else None
    flow_from_dict(st, data, log, Action, options=False)
    refresh_active(st)
    rebuild_options(st)
    return st


def _recount(st: RollingStoneState, seat: int) -> None:
    """Bounding box, album card count and ★ from the cells (derived, never stored)."""
    rules = st.rules
    cells = [(rules.rc[i], v) for i, v in enumerate(st.album[seat]) if v is not None]
    rows = [rc[0] for rc, _ in cells]
    cols = [rc[1] for rc, _ in cells]
    st.box[seat] = (min(rows), max(rows), min(cols), max(cols))
    st.placed[seat] = sum(1 for _, v in cells if v)
    st.stars[seat] = sum(rules.card_stars[v] for _, v in cells if v)
