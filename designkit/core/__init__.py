"""Game-agnostic machinery: the Game contract, params, card tables, records, registry."""

from designkit.core.errors import DataError, DesignkitError, IllegalAction, ParamError
from designkit.core.events import Event
from designkit.core.game import CHANCE, Game, State
from designkit.core.params import Params, param
from designkit.core.registry import get_game, list_games, register

__all__ = ["CHANCE", "DataError", "DesignkitError", "Event", "Game", "IllegalAction",
           "ParamError", "Params", "State", "get_game", "list_games", "param", "register"]
