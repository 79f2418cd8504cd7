"""Classic Hero (王道勇者, draft 3): 3–4 heroes race along 20 events and fight Demon Lords.

Spec: ``../shared/rules/classic_hero.md``; data: ``data/classic_hero/``.
"""

from designkit.games.classic_hero.params import ClassicHeroParams
from designkit.games.classic_hero.rules import GAME, ClassicHeroGame

__all__ = ["GAME", "ClassicHeroGame", "ClassicHeroParams"]
