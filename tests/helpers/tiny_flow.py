"""What the core's flow tests need to declare a tiny game in a few lines: its phases, a
blank position, a clone and the game itself, so each test file shows only the rules it
tests."""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from designkit.core.action import Action
from designkit.core.flow import Flow, FlowGame, FlowState

S = TypeVar("S", bound=FlowState)


def phases(*middle: str) -> Any:
    """A flow's phase enum: ``RUN`` (0), the ``middle`` phases in order, then ``OVER``."""
    return enum.IntEnum("Phase", ["RUN", *middle, "OVER"], start=0)


def blank(cls: type[S], log: bool = True, **fields: Any) -> S:
    """A new ``cls`` position: the flow fields set, the log on or off, then ``fields``."""
    st = cls.__new__(cls)
    st.init_flow()
    st.log = [] if log else None
    for name, value in fields.items():
        setattr(st, name, value)
    return st


def cloned(st: S, **fields: Any) -> S:
    """A clone of ``st``'s flow fields (a copy of its log, if any), then ``fields``."""
    c = type(st).__new__(type(st))
    c.copy_flow(st)
    c.log = None if st.log is None else st.log[:]
    for name, value in fields.items():
        setattr(c, name, value)
    return c


def tiny_game(name: str, flow: Flow, state_type: type[FlowState], action_type: type[Action],
              tasks: Sequence[tuple[Any, ...]], fields: Callable[[], dict[str, Any]],
              seats: int = 1) -> FlowGame:
    """A flow test's game ``name``: a new position is a blank ``state_type`` holding
    ``params`` and ``fields()`` (fresh for each game), started with ``tasks``; seat 0
    scores the position's ``total``, the other ``seats`` 0."""

    class TinyGame(FlowGame):
        def new_state(self, params: Any = None, log: bool = True) -> Any:
            st = blank(state_type, log, params=params, **fields())
            self.start(st, *tasks)
            return st

        def scores(self, st: Any) -> list[float]:
            return [float(st.total)] + [0.0] * (seats - 1)

    TinyGame.name, TinyGame.title = name, name.title()
    TinyGame.flow, TinyGame.action_type = flow, action_type
    return TinyGame()
