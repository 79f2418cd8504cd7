"""What a game's parameters need of its card tables, checked before any game is played.

A table with fewer cards than the parameters deal (3 Areas for the 6 that 4 players
need, 10 year-1 events for a 20-card draft) either crashes mid-game or, worse, plays
silently with fewer cards. So a game declares its needs as data, ``Game.table_needs
(params)`` → :class:`TableNeed` (per player count, since ``params`` holds it), and the
core checks them when a game starts (``FlowGame.start`` through :func:`check_game_tables`,
which remembers a check passed until a table file changes; :func:`check_table_needs` for
anything else): the first need not met is one DataError naming the table, the count found
and the count needed, and the parameter that asks for it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from designkit.core.cardtable import file_stamp
from designkit.core.errors import DataError
from designkit.core.messages import bi
from designkit.core.paths import data_dir


@dataclass(frozen=True)
class TableNeed:
    """``found`` rows of ``what`` in ``file``; the parameters ``why`` need ``needed``."""

    file: str
    what: str
    found: int
    needed: int
    why: str

    def message(self) -> str:
        """One line in both languages: ``what`` and ``why`` may be :class:`Text` (a ``why``
        of parameter names and rule IDs only reads the same in both)."""
        return bi("{f} {w}, but {n} are needed ({y}): add rows or change the parameters",
                  "{w}は {f} しかなく、{n} 必要です（{y}）：行を足すかパラメータを変えてください",
                  f=self.found, w=self.what, n=self.needed, y=self.why)


def check_table_needs(game_name: str, needs: Iterable[TableNeed]) -> None:
    """Raise the first unmet need as a one-line DataError naming the table."""
    for need in needs:
        if need.found < need.needed:
            raise DataError(str(data_dir(game_name) / need.file), need.message())


def check_game_tables(game: Any, params: Any) -> None:
    """:func:`check_table_needs` for ``game.table_needs(params)``, once per parameters and
    version of the game's card tables: a game start asks it every game, and counting the
    tables cost 2-8 % of a game; the mark (stamps of the declared tables, re-read when a
    file changes) rides on the parameters like their compiled rulesets do."""
    tables = getattr(game, "card_tables", None)
    if not tables or not hasattr(params, "__dict__"):
        check_table_needs(game.name, game.table_needs(params))
        return
    folder, paths = _table_paths(game.name, tables)
    stamp = (folder, *map(file_stamp, paths))
    marks = params.__dict__.get("_tables_met")
    if marks is not None and marks.get(game.name) == stamp:
        return
    check_table_needs(game.name, game.table_needs(params))
    object.__setattr__(params, "_tables_met", {**(marks or {}), game.name: stamp})


#: ``(game, DESIGNKIT_DATA, tables)`` -> the data folder and each table's path, as strings
_PATHS: dict[tuple[str, str, tuple[str, ...]], tuple[str, tuple[str, ...]]] = {}


def _table_paths(game: str, tables: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """The folder and paths :func:`check_game_tables` stamps, worked out once per game and
    value of ``DESIGNKIT_DATA`` (building them with ``pathlib`` at every game start cost
    about as much as the rest of a short game's setup)."""
    key = (game, os.environ.get("DESIGNKIT_DATA", ""), tuple(tables))
    found = _PATHS.get(key)
    if found is None:
        folder = str(data_dir(game))
        found = _PATHS[key] = (folder, tuple(os.path.join(folder, t) for t in tables))
    return found


def count(rows: Iterable[Any]) -> int:
    return sum(1 for _ in rows)
