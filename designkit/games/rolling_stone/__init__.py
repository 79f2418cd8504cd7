"""Life is Rolling Stone (draft 10): 3–4 players build a 4×4 photo album of their life.

Spec: ``../shared/rules/life_is_rolling_stone.md``; data: ``data/rolling_stone/``.
"""

from designkit.games.rolling_stone.params import RollingStoneParams
from designkit.games.rolling_stone.rules import GAME, RollingStoneGame

__all__ = ["GAME", "RollingStoneGame", "RollingStoneParams"]
