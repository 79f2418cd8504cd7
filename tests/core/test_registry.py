"""The registry finds games through the ``designkit.games`` entry points, so a designer's own
package adds a game by declaring one, without editing designkit."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

import designkit.core.registry as registry
from designkit.core.errors import DesignkitError


def test_designkits_own_games_are_declared_entry_points():
    declared = {ep.name: ep.value for ep in registry.entry_points(group=registry.GROUP)}
    assert declared == registry.BUILTIN
    assert [g.name for g in registry.list_games()] == sorted(registry.BUILTIN)


def test_a_game_declared_by_another_package_is_found_by_name(monkeypatch):
    own = EntryPoint("high_card", "tests.contract.example_game:GAME", registry.GROUP)
    monkeypatch.setattr(registry, "entry_points", lambda group: [own])
    try:
        game = registry.get_game("high_card")
        assert game.title == "High Card"
        assert "high_card" in [g.name for g in registry.list_games()]
    finally:
        registry.unregister("high_card")


def test_an_unknown_or_broken_game_is_a_one_line_error(monkeypatch):
    with pytest.raises(DesignkitError, match="unknown game 'nope'; known: .*crossroads"):
        registry.get_game("nope")
    broken = EntryPoint("broken", "no_such_package.game:GAME", registry.GROUP)
    monkeypatch.setattr(registry, "entry_points", lambda group: [broken])
    with pytest.raises(DesignkitError, match="game 'broken' is declared as .* cannot be "
                                             "imported"):
        registry.get_game("broken")
