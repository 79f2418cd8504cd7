"""Games register themselves by name when ``designkit.games`` is imported."""

from __future__ import annotations

from designkit.core.errors import DesignkitError
from designkit.core.game import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    _GAMES[game.name] = game
    return game


def _load_all() -> None:
    import designkit.games  # noqa: F401  (registers every game package)


def get_game(name: str | Game) -> Game:
    if isinstance(name, Game):
        return name
    _load_all()
    try:
        return _GAMES[name]
    except KeyError:
        raise DesignkitError(f"unknown game '{name}'; known: {', '.join(sorted(_GAMES))}") \
            from None


def list_games() -> list[Game]:
    _load_all()
    return [_GAMES[k] for k in sorted(_GAMES)]
