"""A position's children, valued one after another: the one way a bot looks a step ahead.

Lookahead clones the position once per option (or chance outcome) and applies it to the
clone; that clone per option is all it must pay, so nothing else is done per option
(issue 19):

- on a game on the core flow with its stepping untouched
  (:func:`~designkit.core.flow.is_plain_flow`) each step goes to the flow's ``_apply``
  (or ``_apply_chance``) directly: every step of one position is of the same kind, so
  ``apply``'s dispatch would choose the same method every time;
- when the caller will never read the position again (it is itself a clone made for the
  lookahead), the last step is applied to the position itself: one clone fewer per node.

The values, and the order they come in, are the same as clone-apply-evaluate's.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any, TypeVar

from designkit.core.flow import is_plain_flow
from designkit.core.game import Game, State

S = TypeVar("S", bound=State)


def stepper(game: Game, st: State) -> Callable[[Any, Hashable], None]:
    """How a step of position ``st`` is applied to a copy of it, unchecked."""
    if is_plain_flow(game):
        flow = game.flow  # type: ignore[attr-defined]
        return game._apply_chance if flow.is_chance[st.phase] else game._apply  # type: ignore[attr-defined, no-any-return]
    return lambda child, step: game.apply(child, step, check=False)


def child_values(game: Game, st: S, steps: Sequence[Hashable], value: Callable[[S], float],
                 spent: bool = False) -> Iterator[float]:
    """``value(child)`` for each of ``steps`` applied to a copy of ``st``, in order, with
    logging off. ``spent``: the caller reads ``st`` no more, so the last step is applied
    to ``st`` itself instead of a clone of it."""
    apply, clone = stepper(game, st), st.clone
    last = len(steps) - 1 if spent else -1
    for i, step in enumerate(steps):
        child = st if i == last else clone()  # a clone is an ``S`` (no ``cast`` call per child)
        child.log = None
        apply(child, step)
        yield value(child)  # type: ignore[arg-type]
