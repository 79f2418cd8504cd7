"""Little Witch Academia (リトルウィッチアカデミア), Draft 8: dice-as-workers placement."""

from designkit.games.witch_academy.params import WitchParams
from designkit.games.witch_academy.rules import GAME, WitchGame

__all__ = ["GAME", "WitchGame", "WitchParams"]
