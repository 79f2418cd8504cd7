"""designkit: turn a tabletop game draft into a playable, simulatable rules engine."""

from importlib.metadata import PackageNotFoundError, version

from designkit.core import (
    CHANCE,
    DataError,
    DesignkitError,
    Game,
    IllegalAction,
    ParamError,
    get_game,
    list_games,
)

try:
    __version__ = version("designkit")
except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
    __version__ = "0.0.0"


def simulate(*args, **kwargs):  # noqa: ANN002, ANN003 - thin lazy re-export
    """See :func:`designkit.sim.simulate` (imported lazily: pandas is slow to import)."""
    from designkit.sim import simulate as _simulate

    return _simulate(*args, **kwargs)


__all__ = ["CHANCE", "DataError", "DesignkitError", "Game", "IllegalAction", "ParamError",
           "__version__", "get_game", "list_games", "simulate"]
