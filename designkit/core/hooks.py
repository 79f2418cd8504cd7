"""A game's hooks read from the modules of its package, declared once.

A bigger game keeps what a seat sees (``observe.py``), the board (``view.py``), the JSON
form (``serialize.py``), its invariants (``invariants.py``), its bot estimate (``bots.py``)
and its explanations (``explain.py``) in modules of their own, imported only when first
used: a simulation never renders a board, and the view's imports stay out of the worker
processes. Each game used to say so with a method per hook that imported its module and
called one function, the same ten methods in every game. :data:`STANDARD_HOOKS` is that
table, written once: a Game that sets ``hooks_package = __package__`` has each hook it does
not define itself read from there (:func:`declare_hooks`, run by ``Game.__init_subclass__``).

A module the package does not have leaves the base class' default (a game without
``explain.py`` explains nothing); a module that lacks the function fails on first use,
naming it. After the first call the hook is the module's function itself (for hooks that
take the game) or one thin call into it, so the hot paths (``heuristic`` in the bots) pay
nothing for the lookup.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

#: Game method → (module of the game's package, function in it). Each function takes the
#: method's arguments after ``self``; those in :data:`TAKE_THE_GAME` take the game first.
#: Written as a text table (method, then module.function) so it reads as one.
STANDARD_HOOKS: dict[str, tuple[str, str]] = {
    method: tuple(target.split("."))  # type: ignore[misc]
    for method, target in (line.split() for line in """
        heuristic        bots.heuristic
        observation      observe.observation
        determinize      observe.determinize
        view             view.render
        state_to_dict    serialize.state_to_dict
        state_from_dict  serialize.state_from_dict
        explain_illegal  explain.explain_illegal
        check_state      invariants.check_state
        components       invariants.components
        hidden_zones     invariants.hidden_zones
    """.strip().splitlines())
}

#: hooks whose function is called with the game first (a bot estimate that looks ahead
#: plays the game's own moves: ``heuristic(game, state, seat)``)
TAKE_THE_GAME = frozenset({"heuristic"})


class _Hook:
    """A Game method that is a module's function, imported on first use.

    On first access it puts the function (bound like a method) on the class in its own
    place, so later calls go straight to it.
    """

    def __init__(self, owner: type, name: str, module: str, function: str) -> None:
        self.owner, self.name, self.module, self.function = owner, name, module, function

    def resolve(self) -> Callable[..., Any]:
        """The method that replaces this placeholder on the class."""
        module = importlib.import_module(self.module)
        fn = getattr(module, self.function, None)
        if not callable(fn):
            raise AttributeError(f"{self.owner.__name__}.{self.name}: {self.module} has no "
                                 f"function {self.function}")
        if self.name in TAKE_THE_GAME:
            return fn  # a plain function on the class binds as a method: fn(game, …)

        @functools.wraps(fn)
        def method(game: Any, *args: Any, **kwargs: Any) -> Any:
            return fn(*args, **kwargs)

        return method

    def __get__(self, game: Any, cls: type | None = None) -> Any:
        method = self.resolve()
        setattr(self.owner, self.name, method)
        return method if game is None else method.__get__(game, cls)


def declare_hooks(cls: type, package: str) -> list[str]:
    """Put a placeholder for each of :data:`STANDARD_HOOKS` that ``cls`` does not define
    itself and whose module ``package`` has; returns the hooks declared, in table order."""
    declared = []
    for name, (module, function) in STANDARD_HOOKS.items():
        if name in vars(cls):
            continue
        path = f"{package}.{module}"
        if importlib.util.find_spec(path) is None:
            continue
        setattr(cls, name, _Hook(cls, name, path, function))
        declared.append(name)
    return declared
