"""Games by name: each game registers itself; the registry finds them through entry points.

A game package is declared in its distribution's metadata under the entry-point
group ``designkit.games`` (designkit's own two in ``pyproject.toml``), so a
designer's own package adds a game by declaring one line, without editing
designkit::

    [project.entry-points."designkit.games"]
    my_game = "my_package.my_game:GAME"

The registry imports a game only when it is asked for (``get_game``) or when
all are listed (``list_games``), and never imports ``designkit.games`` itself:
the core stays below the games. The entry points are the one list of games (a
new game edits nothing here): designkit is always installed (``make install``
installs it editable), and when no entry point is found at all the error says
so in one line. Tests register their own games with :func:`register`.
"""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points

from designkit.core.errors import DesignkitError
from designkit.core.game import Game

GROUP = "designkit.games"
NOT_INSTALLED = (f"no game is declared under the entry points {GROUP!r}: designkit's "
                 f"metadata is not installed; run `make install` (or `pip install -e .`)")

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    _GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    """Forget a game (tests that register a game of their own clean up with this)."""
    _GAMES.pop(name, None)


def _entry_points() -> dict[str, EntryPoint]:
    found = {ep.name: ep for ep in entry_points(group=GROUP)}
    if not found:
        raise DesignkitError(NOT_INSTALLED)
    return found


def _declared() -> dict[str, str]:
    """Game name → ``module:attribute``, from the installed distributions' entry points."""
    return {name: ep.value for name, ep in _entry_points().items()}


def _load(name: str) -> None:
    """Import the package a game's entry point names (``EntryPoint.load``: the packaging
    standard, the one place a game is found by name; everything a game declares beyond it,
    hooks, printable cards, board, is a plain import of its package)."""
    ep = _entry_points()[name]
    try:
        game = ep.load()
    except (ImportError, AttributeError) as err:
        raise DesignkitError(f"game '{name}' is declared as {ep.value!r} but cannot be "
                             f"imported: {err}") from err
    if isinstance(game, Game):
        register(game)


def get_game(name: str | Game) -> Game:
    if isinstance(name, Game):
        return name
    if name not in _GAMES and name in _declared():
        _load(name)
    try:
        return _GAMES[name]
    except KeyError:
        known = sorted(set(_GAMES) | set(_declared()))
        raise DesignkitError(f"unknown game '{name}'; known: {', '.join(known)}") from None


def list_games() -> list[Game]:
    for name in _declared():
        if name not in _GAMES:
            _load(name)
    return [_GAMES[k] for k in sorted(_GAMES)]
