"""Each game's decks for printing: one module per game, each a ``decks(params, new)``.

``new(table, (title_en, title_ja), source)`` gives a :class:`~designkit.export.decks.DeckBuilder`;
a module reads its game's card loaders (the engine's truth) and the raw cells, and adds one
card per row with the fields its default template names.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from designkit.export.decks import Deck, DeckBuilder

NewDeck = Callable[[str, tuple[str, str], Path], DeckBuilder]


class Content(Protocol):
    def decks(self, params: Any, new: NewDeck) -> list[Deck]: ...


MODULES = {"crossroads": "designkit.export.content.crossroads",
           "rolling_stone": "designkit.export.content.rolling_stone",
           "witch_academy": "designkit.export.content.witch_academy",
           "classic_hero": "designkit.export.content.classic_hero"}
