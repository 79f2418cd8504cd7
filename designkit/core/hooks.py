"""A game's hooks read from the modules of its package, declared by plain imports.

A bigger game keeps what a seat sees (``observe.py``), the board (``view.py``), the JSON
form (``serialize.py``), its invariants (``invariants.py``), its bot estimate (``bots.py``),
its explanations (``explain.py``) and its printable cards (``printing.py``) in modules of
their own. Each game used to say so with a method per hook that imported its module and
called one function, the same ten methods in every game; then with a package name the core
imported by string (invisible to ``lint-imports``, mypy and the structure drawing).
:data:`STANDARD_HOOKS` is the table, written once, and the game lists the modules it
imported (``hooks = (bots, observe, view)``): :func:`declare_hooks`, run by
``Game.__init_subclass__``, puts each table function of those modules on the class, unless
the class defines that method itself. The import graph then shows every hook module of
every game. (They import only the core and the stdlib; importing them with the game, where
they were imported on first use, took importing all four games from 0.11 to 0.14 s of CPU,
once per process: medians of 8 runs each.)

A module the game does not list leaves the base class' default (a game without
``explain.py`` explains nothing); a listed module that lacks a table function the class does
not define is an error when the class is created, naming both.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType

#: Game method → (module of the game's package, function in it). Each function takes the
#: method's arguments after ``self``; those in :data:`TAKE_THE_GAME` take the game first.
#: Written as a text table (method, then module.function) so it reads as one.
STANDARD_HOOKS: dict[str, tuple[str, str]] = {
    method: (target.split(".")[0], target.split(".")[1])
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
        print_decks      printing.decks
        question_metrics metrics.declared
    """.strip().splitlines())
}

#: hooks whose function is called with the game first (a bot estimate that looks ahead
#: plays the game's own moves: ``heuristic(game, state, seat)``)
TAKE_THE_GAME = frozenset({"heuristic"})

#: module name → the hooks it may hold, in table order
_BY_MODULE: dict[str, list[str]] = {}
for _method, (_module, _function) in STANDARD_HOOKS.items():
    _BY_MODULE.setdefault(_module, []).append(_method)


class HookError(TypeError):
    """A game's ``hooks`` name a module that is not a hook module, or lacks a function."""


def declare_hooks(cls: type, modules: Iterable[ModuleType]) -> list[str]:
    """Put on ``cls`` each :data:`STANDARD_HOOKS` function of ``modules`` (the game's own
    modules, imported) whose method ``cls`` does not define itself; returns the hooks
    declared, in table order."""
    declared: list[str] = []
    for module in modules:
        short = module.__name__.rsplit(".", 1)[-1]
        if short not in _BY_MODULE:
            raise HookError(f"{cls.__name__}.hooks: {module.__name__} is not a hook module "
                            f"(one of {', '.join(sorted(_BY_MODULE))})")
        for name in _BY_MODULE[short]:
            if name in vars(cls):
                continue
            function = STANDARD_HOOKS[name][1]
            fn = getattr(module, function, None)
            if not callable(fn):
                raise HookError(f"{cls.__name__}.{name}: {module.__name__} has no function "
                                f"{function}")
            # heuristic(game, …) binds as a method; the others take the method's arguments
            setattr(cls, name, fn if name in TAKE_THE_GAME else staticmethod(fn))
            declared.append(name)
    order = list(STANDARD_HOOKS)
    return sorted(declared, key=order.index)
