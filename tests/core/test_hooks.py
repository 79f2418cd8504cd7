"""core.hooks: a game's hooks read from its package's modules, declared once."""

from __future__ import annotations

import sys
import types

import pytest

from designkit.core.game import Game
from designkit.core.hooks import STANDARD_HOOKS


@pytest.fixture
def package(monkeypatch):
    """A throwaway package ``hookpkg`` with an observe and a bots module (no view)."""
    pkg = types.ModuleType("hookpkg")
    pkg.__path__ = []  # a package: its submodules are the ones put in sys.modules
    observe = types.ModuleType("hookpkg.observe")
    observe.observation = lambda st, seat: {"seat": seat, "st": st}
    observe.determinize = lambda st, seat, rng: ("copy", st)
    bots = types.ModuleType("hookpkg.bots")
    bots.heuristic = lambda game, st, seat: (game.name, seat)
    for name, module in (("hookpkg", pkg), ("hookpkg.observe", observe),
                         ("hookpkg.bots", bots)):
        module.__spec__ = types.SimpleNamespace(name=name)  # find_spec reads it
        monkeypatch.setitem(sys.modules, name, module)
    return observe


def _game(package_name: str = "hookpkg") -> type:
    class Toy(Game):
        name = "toy"
        hooks_package = package_name

        def check_state(self, state):  # its own method wins over the table
            return ["own"]

    return Toy


def test_hooks_come_from_the_package_modules(package):
    game = _game()()
    assert game.observation("S", 1) == {"seat": 1, "st": "S"}
    assert game.determinize("S", 0, None) == ("copy", "S")
    assert game.heuristic("S", 2) == ("toy", 2)  # heuristic takes the game first
    assert game.check_state("S") == ["own"]


def test_a_missing_module_keeps_the_default(package):
    game = _game()()
    with pytest.raises(NotImplementedError):  # no hookpkg.view: Game.view
        game.view("S")
    assert "explain_illegal" not in vars(type(game))   # no hookpkg.explain either


def test_after_the_first_call_the_class_holds_the_function(package):
    cls = _game()
    game = cls()
    game.heuristic("S", 0)
    assert vars(cls)["heuristic"] is sys.modules["hookpkg.bots"].heuristic
    game.observation("S", 0)
    assert vars(cls)["observation"].__wrapped__ is package.observation
    package.observation = lambda st, seat: "patched"   # resolved once: not re-read
    assert game.observation("S", 0) == {"seat": 0, "st": "S"}


def test_a_module_without_the_function_names_it(package):
    del package.determinize
    game = _game()()
    with pytest.raises(AttributeError, match="Toy.determinize: hookpkg.observe has no "
                                             "function determinize"):
        game.determinize("S", 0, None)


def test_without_a_package_nothing_is_declared():
    class Plain(Game):
        name = "plain"

    assert not any(name in vars(Plain) for name in STANDARD_HOOKS)


def test_the_four_games_use_it():
    from designkit.core.registry import get_game

    for name in ("classic_hero", "witch_academy", "rolling_stone", "crossroads"):
        game = get_game(name)
        state = game.new_state(game.default_params(), log=False)
        assert isinstance(game.observation(state, 0), dict)
        assert game.state_from_dict(game.state_to_dict(state), log=False) is not None
