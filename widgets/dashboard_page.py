"""The generic dashboard page (``notebooks/dashboards/game_lab.ipynb``): one notebook for
every game without a page of its own, so a game declared by entry point needs no notebook.

The page asks :func:`requested_game` which game it shows: the server's game
(``DESIGNKIT_GAME``, set by ``designkit dashboard GAME``, so a preheated kernel knows it
before any request) or the URL's ``?game=NAME`` (Voila hands a non-preheated kernel the
query string as ``QUERY_STRING``; the index links there).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from urllib.parse import parse_qs

import ipywidgets as widgets

from designkit.core.registry import get_game, list_games

from .design_lab import DesignLab
from .serve import GAME_ENV, GENERIC_PAGE


def requested_game(env: Mapping[str, str] | None = None) -> str | None:
    """The game this page is for: :data:`GAME_ENV`, else ``?game=`` of the URL, else None."""
    env = os.environ if env is None else env
    chosen = env.get(GAME_ENV, "").strip()
    if chosen:
        return chosen
    asked = parse_qs(env.get("QUERY_STRING", "")).get("game", [""])[0].strip()
    return asked or None


def game_page(env: Mapping[str, str] | None = None) -> widgets.Widget:
    """The page: a title and the game's design lab, or, with no game asked for, links to
    every registered game's page (cheap: nothing is built until a game is chosen)."""
    name = requested_game(env)
    if name is None:
        links = "".join(f"<li><a href='{GENERIC_PAGE}?game={g.name}'>{g.title} "
                        f"({g.title_ja})</a></li>" for g in list_games())
        return widgets.HTML(f"<h1>designkit design lab</h1><p>Which game? Open this page "
                            f"as <code>{GENERIC_PAGE}?game=NAME</code>:</p><ul>{links}</ul>")
    game = get_game(name)
    title = widgets.HTML(f"<h1>{game.title} ({game.title_ja}) design lab</h1>"
                         f"<p><a href='index.ipynb'>All games</a></p>")
    return widgets.VBox([title, DesignLab(game)])
