"""The JSON form of a flow state's own fields, written once for every game on the core flow.

A game's ``state_to_dict`` merges :func:`flow_to_dict` into its own keys and its
``state_from_dict`` calls :func:`flow_from_dict` after restoring them, so the
stack, the open question and the log are (de)serialised the same way everywhere:
``phase`` by name, ``seat``, ``ctx`` and ``stack`` (next task first) with tuples
as lists, and the log as event dicts. The options of an open decision are
derived again from the phase's builder, never stored.
"""

from __future__ import annotations

from typing import Any

from designkit.core.action import Action
from designkit.core.events import Event
from designkit.core.flow import FlowState


def listify(x: Any) -> Any:
    """Tuples and lists (nested) as fresh lists, for JSON."""
    return [listify(v) for v in x] if isinstance(x, (tuple, list)) else x


def tuplify(x: Any) -> Any:
    """Lists (nested) back to the tuples the flow holds."""
    return tuple(tuplify(v) for v in x) if isinstance(x, list) else x


def flow_to_dict(st: FlowState) -> dict[str, Any]:
    """``phase``, ``seat``, ``ctx``, ``stack`` and ``log`` of ``st`` as JSON data."""
    return {"phase": st.phase.name, "seat": st.seat, "ctx": listify(st.ctx),
            "stack": [listify(t) for t in reversed(st.stack)],
            "last": last_to_json(st),
            "log": None if st.log is None else [e.to_dict() for e in st.log]}


def flow_from_dict(st: FlowState, data: dict[str, Any], log: bool = True,
                   action_type: type[Action] = Action, options: bool = True) -> None:
    """Restore the flow fields written by :func:`flow_to_dict` into ``st``.

    Call it after the game's own fields are restored: the open decision's options
    are rebuilt from them. With ``options=False`` the caller rebuilds them itself
    (:func:`rebuild_options`) once the state is known to be possible, so a hand-edited
    seat or ``ctx`` is refused by the game's invariants rather than trips its builder.
    """
    flow = st.flow
    st.phase = flow.phases[data["phase"]]
    st.seat, st.ctx = data["seat"], tuplify(data["ctx"])
    st.stack = [tuplify(t) for t in reversed(data["stack"])]
    events = data.get("log")
    st.log = [Event.from_dict(e) for e in events or []] if log else None
    last_from_json(st, data.get("last"), action_type)
    if options:
        rebuild_options(st)


def rebuild_options(st: FlowState) -> None:
    """The open decision's options, derived again from the phase's builder."""
    decision = st.flow.decisions.get(st.phase)
    st.options = tuple(decision.options(st)) if decision is not None else ()


def last_to_json(st: FlowState) -> list[Any] | None:
    """The last real choice (:attr:`FlowState.last`) as ``[seat, action JSON]``."""
    return None if st.last is None else [st.last[0], st.last[1].to_json()]


def last_from_json(st: FlowState, data: Any, action_type: type[Action] = Action) -> None:
    """Restore :attr:`FlowState.last`; absent in documents older than the field."""
    if data is None:
        st.last = None
        return
    seat, action = data
    st.last = (int(seat), action_type.from_json(action))
