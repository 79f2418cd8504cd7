"""The registry finds games through the ``designkit.games`` entry points, so a designer's own
package adds a game by declaring one, without editing designkit."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

import designkit.core.registry as registry
from designkit.core.errors import DesignkitError


def test_designkits_own_games_are_declared_entry_points():
    """pyproject.toml's entry points are the one list: no second list in the core."""
    declared = {ep.name: ep.value for ep in registry.entry_points(group=registry.GROUP)}
    own = {"crossroads", "rolling_stone", "witch_academy", "classic_hero"}
    assert {declared[n] for n in own} == {f"designkit.games.{n}:GAME" for n in own}
    assert own <= {g.name for g in registry.list_games()}
    assert not hasattr(registry, "BUILTIN")


def test_no_entry_point_at_all_says_to_install_the_project(monkeypatch):
    monkeypatch.setattr(registry, "entry_points", lambda group: [])
    with pytest.raises(DesignkitError, match=r"^no game is declared .*run `make install`"):
        registry.get_game("crossroads_not_loaded_yet")
    with pytest.raises(DesignkitError, match="make install"):
        registry.list_games()


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
