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


#: the built-in games printed by a module of this package
MODULES = ("crossroads", "rolling_stone", "witch_academy", "classic_hero")


def exporter(game: Any) -> Callable[[Any, NewDeck], list[Deck]] | None:
    """``game``'s ``decks(params, new)``: a built-in game's module here (plain imports, made
    on first use: they read the games' card loaders), else the ``print_decks`` hook a game's
    own ``printing.py`` declares (``core.hooks``), else ``None`` (nothing to print)."""
    from designkit.export.content import classic_hero, crossroads, rolling_stone, witch_academy

    built_in: dict[str, Content] = {"crossroads": crossroads, "rolling_stone": rolling_stone,
                                    "witch_academy": witch_academy,
                                    "classic_hero": classic_hero}
    if game.name in built_in:
        return built_in[game.name].decks
    declared = getattr(game, "print_decks", None)
    return declared if callable(declared) else None
