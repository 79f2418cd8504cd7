"""The JSON form of a Witch Academia state (hidden parts included): records, save/load, tests.

Every slot of :class:`WitchState` appears under its own name; cards are indices
into the compiled tables (``rules.explore``, ``rules.events``,
``rules.assignments``, ``rules.areas``), tuples become lists. The pending
decision's options are rebuilt from the flow, never stored.
"""

from __future__ import annotations

from typing import Any

from designkit.core.events import Event
from designkit.core.flow_dict import last_from_json, last_to_json, listify, tuplify
from designkit.core.invariants import BadStateValue, parse_checked
from designkit.core.params import VARIANTS
from designkit.games.witch_academy.actions import WitchAction
from designkit.games.witch_academy.invariants import check_state
from designkit.games.witch_academy.params import WitchParams
from designkit.games.witch_academy.state import FLOW, Phase, Ruleset, WitchState

_SKIP = ("rules", "params", "log", "options", "auto")
_FIELDS = ("stack", "phase", "seat", "ctx", "forced") + WitchState.__slots__
_TUPLES = ("ctx", "acting")
#: fields whose rows are tuples (``core.rows``: shared by clones, replaced when written)
_TUPLE_ROWS = ("explore", "tokens_on", "parts", "legacy", "loc", "health", "picks", "drafted",
               "carried", "res", "hands")
#: flat fields held as tuples, replaced when written (the piles a clone would copy whole)
_TUPLE_FIELDS = ("ex_deck", "ex_discard", "ev_removed", "ev_discard")


def params_to_dict(p: WitchParams) -> dict[str, Any]:
    """Every parameter, less the rule switches (group Variants) left at the draft's value:
    a state saved before a cure was added reads the same, and loads the same (a missing
    field is its default)."""
    specs, changed = p.specs(), p.diff()
    return {k: v for k, v in p.to_dict().items()
            if specs[k].group != VARIANTS or k in changed}


def state_to_dict(st: WitchState) -> dict[str, Any]:
    out: dict[str, Any] = {"params": params_to_dict(st.params)}
    for name in _FIELDS:
        if name in _SKIP:
            continue
        value = getattr(st, name)
        out[name] = value.name if name == "phase" else listify(value)
    out["last"] = last_to_json(st)
    out["log"] = None if st.log is None else [e.to_dict() for e in st.log]
    return out


def state_from_dict(data: dict[str, Any], params: WitchParams | None = None,
                    log: bool = True) -> WitchState:
    """The state ``data`` describes; a malformed or impossible one is one ImpossibleState
    naming the key or the broken invariant (``core.invariants.parse_checked``)."""
    def checked(st: WitchState) -> list:
        """The invariants, then the open question's options: a junk ``ctx`` trips there,
        so inside ``parse_checked`` (one ImpossibleState, not a TypeError)."""
        found = check_state(st)
        if not found:
            st.options = (tuple(FLOW.decisions[st.phase][0](st)) if st.phase in FLOW.decisions
                          else ())
        return found

    return parse_checked(lambda: _parse(data, params, log), checked)


def _parse(data: dict[str, Any], params: WitchParams | None, log: bool) -> WitchState:
    p = params if params is not None else WitchParams.from_dict(data.get("params", {}),
                                                                source="saved state")
    missing = [name for name in _FIELDS if name not in _SKIP and name not in data]
    if missing:
        raise BadStateValue(missing[0], "missing")
    if data["phase"] not in Phase.__members__:
        raise BadStateValue("phase", f"unknown phase {data['phase']!r}")
    st = WitchState.from_rules(Ruleset.compile(p), log=False)   # the one way a state is built
    for name in _FIELDS:
        if name not in _SKIP:
            setattr(st, name, _value(name, data[name]))
    st.log = [Event.from_dict(e) for e in data.get("log") or []] if log else None
    st.auto = []
    last_from_json(st, data.get("last"), WitchAction)
    return st


def _value(name: str, value: Any) -> Any:
    """One field's value as the state holds it (enums, tuples)."""
    if name == "phase":
        return Phase[value]
    if name == "stack":
        return [tuplify(t) for t in value]
    if name in ("familiars", "facilities"):  # rows replaced whole, never changed in place
        return [tuple(tuple(cards) for cards in row) for row in value]
    if name in _TUPLE_ROWS:
        return [tuple(row) for row in value]
    if name in _TUPLE_FIELDS:
        return tuple(value)
    if name in ("occupant", "univ"):
        return [None if v is None else tuple(v) for v in value]
    if name in _TUPLES:
        return None if value is None else tuplify(value)
    return value
