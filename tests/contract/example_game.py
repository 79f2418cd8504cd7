# TEMPORARY placeholder until core flow lands in main; replaced by the real example game.
from designkit.games.crossroads import GAME  # noqa: F401
