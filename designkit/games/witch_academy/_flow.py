"""Stand-in for ``designkit.core.flow`` until the lead's core flow lands in main.

It follows /work/briefs/FLOW_API.md name for name (``Flow``, ``FlowState``,
``FlowGame``, ``push``, ``ask``, ``roll``, ``run``, hidden ``emit``), so moving
the game onto the core is an import change and deleting this file. Nothing here
is specific to Witch Academia.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

from designkit.core.errors import IllegalAction
from designkit.core.events import Event
from designkit.core.game import CHANCE, Chance, Game, State

Handler = Callable[..., bool]


class Flow:
    """One registry per game: task handlers, decision phases, chance phases."""

    def __init__(self, phases: type[enum.IntEnum]) -> None:
        self.phases = phases
        self.tasks: dict[str, Handler] = {}
        self.decisions: dict[Any, tuple[Callable[..., tuple[Any, ...]], Callable[..., None]]] = {}
        self.chances: dict[Any, tuple[Callable[..., list[Any]], Callable[..., None], bool,
                                      Callable[..., Any] | None]] = {}

    def task(self, name: str) -> Callable[[Handler], Handler]:
        def deco(fn: Handler) -> Handler:
            self.tasks[name] = fn
            return fn
        return deco

    def decision(self, phase: Any, options: Callable[..., tuple[Any, ...]]
                 ) -> Callable[[Callable[..., None]], Callable[..., None]]:
        def deco(fn: Callable[..., None]) -> Callable[..., None]:
            self.decisions[phase] = (options, fn)
            return fn
        return deco

    def chance(self, phase: Any, outcomes: Callable[..., Any], uniform: bool = False,
               sample: Callable[..., Any] | None = None
               ) -> Callable[[Callable[..., None]], Callable[..., None]]:
        def deco(fn: Callable[..., None]) -> Callable[..., None]:
            self.chances[phase] = (outcomes, fn, uniform, sample)
            return fn
        return deco


class FlowState(State):
    """A position driven by a task stack (tuples of primitives only)."""

    flow: Flow
    stack: list[tuple[Any, ...]]
    phase: Any
    seat: int | None
    ctx: tuple[Any, ...]
    options: tuple[Any, ...]
    forced: int

    def emit(self, rule: str, seat: int | None, text: str, text_ja: str = "",
             visible_to: tuple[int, ...] | None = None,
             public: tuple[str, str] | None = None, **data: Any) -> None:
        """Log a rule application; ``visible_to`` hides the full text from other seats."""
        if self.log is None:
            return
        if visible_to is not None:
            data = {**data, "visible_to": tuple(visible_to), "public": public}
        self.log.append(Event(rule, seat, text, text_ja or text, data))


def log_for(log: list[Event] | None, seat: int | None) -> list[Event]:
    """The log as ``seat`` sees it (``None``: the designer sees everything)."""
    out: list[Event] = []
    for e in log or []:
        vis = e.data.get("visible_to")
        if vis is None or seat is None or seat in vis:
            out.append(e)
        elif e.data.get("public"):
            en, ja = e.data["public"]
            out.append(Event(e.rule, e.seat, en, ja, {}))
    return out


def push(st: FlowState, *tasks: tuple[Any, ...]) -> None:
    """Schedule ``tasks`` to run next, in the given order."""
    st.stack.extend(reversed(tasks))


def ask(st: FlowState, phase: Any, seat: int, ctx: tuple[Any, ...]) -> bool:
    """Wait for ``seat``'s decision; a single option is applied at once."""
    st.phase, st.seat, st.ctx = phase, seat, ctx
    build, apply = st.flow.decisions[phase]
    options = build(st)
    if len(options) == 1:
        st.phase, st.seat, st.options = st.flow.phases.RUN, None, ()
        st.forced += 1
        apply(st, options[0])
        return False
    if not options:
        raise RuntimeError(f"no options for {phase!r} with ctx {ctx!r}")
    st.options = options
    return True


def roll(st: FlowState, phase: Any, ctx: tuple[Any, ...]) -> bool:
    """Wait for a chance outcome; a certain one is applied at once."""
    st.phase, st.seat, st.ctx = phase, None, ctx
    outcomes = st.flow.chances[phase][0](st)
    found = list(outcomes)
    if len(found) == 1:
        st.phase = st.flow.phases.RUN
        one = found[0] if st.flow.chances[phase][2] else found[0][0]
        st.flow.chances[phase][1](st, one)
        return False
    return True


def run(st: FlowState) -> None:
    """Run tasks until one waits; an empty stack ends the game."""
    stack, tasks = st.stack, st.flow.tasks
    while stack:
        t = stack.pop()
        if tasks[t[0]](st, *t[1:]):
            return
    st.phase, st.seat, st.ctx, st.options = st.flow.phases.OVER, None, (), ()


class FlowGame(Game):
    """The Game contract's stepping part, over a :class:`Flow`."""

    flow: Flow
    action_type: type[NamedTuple]

    def start(self, st: FlowState, *tasks: tuple[Any, ...]) -> None:
        st.stack, st.phase, st.seat, st.ctx, st.options, st.forced = \
            [], self.flow.phases.RUN, None, (), (), 0
        push(st, *tasks)
        run(st)

    def to_move(self, st: FlowState) -> int | Chance | None:
        if st.phase is self.flow.phases.OVER:
            return None
        if st.phase in self.flow.chances:
            return CHANCE
        return st.seat

    def legal_actions(self, st: FlowState) -> list[Any]:
        return list(st.options) if st.phase in self.flow.decisions else []

    def chance_outcomes(self, st: FlowState) -> list[tuple[Hashable, float]]:
        entry = self.flow.chances.get(st.phase)
        if entry is None:
            return []
        found = list(entry[0](st))
        if entry[2]:
            p = 1.0 / len(found)
            return [(o, p) for o in found]
        return found

    def sample_chance(self, st: FlowState, rng: random.Random) -> Hashable:
        outcomes, _, uniform, sample = self.flow.chances[st.phase]
        if sample is not None:
            return sample(st, rng)
        if uniform:
            found = list(outcomes(st))
            return found[rng.randrange(len(found))]
        return super().sample_chance(st, rng)

    def apply(self, st: FlowState, action: Hashable, check: bool = True) -> None:
        if st.phase in self.flow.decisions and not isinstance(action, self.action_type):
            raise IllegalAction(f"{action!r} is not a {self.title} action")
        super().apply(st, action, check)

    def _apply(self, st: FlowState, action: Any) -> None:
        self.flow.decisions[st.phase][1](st, action)
        st.phase = self.flow.phases.RUN
        run(st)

    def _apply_chance(self, st: FlowState, outcome: Hashable) -> None:
        self.flow.chances[st.phase][1](st, outcome)
        st.phase = self.flow.phases.RUN
        run(st)

    def is_over(self, st: FlowState) -> bool:
        return st.phase is self.flow.phases.OVER
