"""Explicit wiring, read from the import graph lint-imports reads (grimp, issue 41).

Every built-in game's hook modules (printable cards included) are plain imports of its
package: the graph reaches each from ``designkit.games.<game>``, so lint-imports, mypy and the
structure drawing see them. The export names no game: it reads the registered game's
``print_decks``, so the registry (the entry points) is the one list of games.
"""

from __future__ import annotations

import grimp
import pytest

from designkit.core.registry import get_game
from designkit.export import exporter
from tests.contract.test_checklist import built_in_games


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("designkit")


@pytest.mark.parametrize("name", built_in_games())
def test_the_graph_reaches_every_hook_module_from_the_game_package(graph, name):
    game = get_game(name)
    package = f"designkit.games.{name}"
    defining = type(game).__module__
    hooks = {m.__name__ for m in type(game).hooks}
    assert f"{package}.printing" in hooks, "printable cards are a declared hook module"
    from designkit.analysis.questions import games

    if name in games():   # a game with questions declares what they count (ADDING_A_GAME)
        assert f"{package}.metrics" in hooks, "question metrics are a declared hook module"
    assert hooks <= graph.find_modules_directly_imported_by(defining), \
        sorted(hooks - graph.find_modules_directly_imported_by(defining))
    for module in sorted(hooks):
        assert module.startswith(package + "."), module
        assert graph.find_shortest_chain(importer=package, imported=module), module


@pytest.mark.parametrize("name", built_in_games())
def test_the_export_prints_the_games_own_printing_module(name):
    game = get_game(name)
    make = exporter(game)
    assert make is not None
    assert make.__module__ == f"designkit.games.{name}.printing"


def test_the_export_imports_no_game(graph):
    """No second game list: nothing under designkit.export imports a game package."""
    export = {m for m in graph.modules if m == "designkit.export"
              or m.startswith("designkit.export.")}
    games = {m for m in graph.modules if m.startswith("designkit.games.")}
    found = sorted((importer, imported) for importer in export
                   for imported in graph.find_modules_directly_imported_by(importer)
                   if imported in games)
    assert found == []


def test_a_game_without_printing_has_nothing_to_print():
    from tests.contract.example_game import GAME as EXAMPLE

    assert exporter(EXAMPLE) is None


@pytest.mark.parametrize("name", built_in_games())
def test_the_declared_metrics_come_from_the_games_own_metrics_module(name):
    """core.metrics: the ``question_metrics`` hook is the game's ``metrics.declared``, and
    its watch class lives in the game's package (the counting moved out of analysis)."""
    from designkit.core.metrics import Declared
    from designkit.sim.watched import declared_metrics

    game = get_game(name)
    assert game.question_metrics.__module__ == f"designkit.games.{name}.metrics"
    declared = declared_metrics(game)
    assert isinstance(declared, Declared)
    assert declared.watch.__module__ in (f"designkit.games.{name}.metrics",
                                         "designkit.core.metrics")
