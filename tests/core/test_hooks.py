"""core.hooks: a game's hooks read from the modules it imports and lists (no import by
string: the import graph shows every game's hook modules)."""

from __future__ import annotations

import types

import grimp
import pytest

from designkit.core.game import Game
from designkit.core.hooks import STANDARD_HOOKS, HookError


def _module(name: str, **functions: object) -> types.ModuleType:
    module = types.ModuleType(name)
    for key, value in functions.items():
        setattr(module, key, value)
    return module


@pytest.fixture
def modules() -> tuple[types.ModuleType, types.ModuleType]:
    """A game's ``observe`` and ``bots`` modules (no view)."""
    observe = _module("hookpkg.observe", observation=lambda st, seat: {"seat": seat, "st": st},
                      determinize=lambda st, seat, rng: ("copy", st))
    bots = _module("hookpkg.bots", heuristic=lambda game, st, seat: (game.name, seat))
    return observe, bots


def _game(*hook_modules: types.ModuleType) -> type:
    class Toy(Game):
        name = "toy"
        hooks = hook_modules

        def check_state(self, state):  # its own method wins over the table
            return ["own"]

    return Toy


def test_hooks_come_from_the_listed_modules(modules):
    game = _game(*modules)()
    assert game.observation("S", 1) == {"seat": 1, "st": "S"}
    assert game.determinize("S", 0, None) == ("copy", "S")
    assert game.heuristic("S", 2) == ("toy", 2)  # heuristic takes the game first
    assert game.check_state("S") == ["own"]


def test_a_module_not_listed_keeps_the_default(modules):
    game = _game(*modules)()
    with pytest.raises(NotImplementedError):  # no view module: Game.view
        game.view("S")
    assert "explain_illegal" not in vars(type(game))   # no explain either


def test_the_class_holds_the_function_itself(modules):
    observe, bots = modules
    cls = _game(*modules)
    assert vars(cls)["heuristic"] is bots.heuristic
    assert vars(cls)["observation"].__func__ is observe.observation   # a staticmethod


def test_a_module_without_the_function_names_it(modules):
    observe, bots = modules
    del observe.determinize
    with pytest.raises(HookError, match="Toy.determinize: hookpkg.observe has no "
                                        "function determinize"):
        _game(observe, bots)


def test_a_module_that_holds_no_hook_is_refused():
    with pytest.raises(HookError, match="hookpkg.turn is not a hook module"):
        _game(_module("hookpkg.turn"))


def test_without_hooks_nothing_is_declared():
    class Plain(Game):
        name = "plain"

    assert not any(name in vars(Plain) for name in STANDARD_HOOKS)


GAMES = ("classic_hero", "witch_academy", "rolling_stone", "crossroads")


def test_the_four_games_use_it():
    from designkit.core.registry import get_game

    for name in GAMES:
        game = get_game(name)
        state = game.new_state(game.default_params(), log=False)
        assert isinstance(game.observation(state, 0), dict)
        assert game.state_from_dict(game.state_to_dict(state), log=False) is not None


def test_the_import_graph_shows_every_games_hooks():
    """What lint-imports reads (grimp): each game's rules module imports its hook modules."""
    graph = grimp.build_graph("designkit")
    for name in GAMES:
        rules = f"designkit.games.{name}.rules"
        imported = graph.find_modules_directly_imported_by(rules)
        hooks = {f"designkit.games.{name}.{m}" for m in
                 ("bots", "explain", "invariants", "observe", "printing", "serialize",
                  "view")}
        assert hooks <= imported, sorted(hooks - imported)
