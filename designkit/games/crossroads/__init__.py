"""Crossroads (draft 6a): a 3–5 player card game of releases, holds and passes.

Spec: ``../shared/rules/crossroads.md``; data: ``data/crossroads/``.
"""

from designkit.games.crossroads.params import CrossroadsParams
from designkit.games.crossroads.rules import GAME, CrossroadsGame

__all__ = ["GAME", "CrossroadsGame", "CrossroadsParams"]
