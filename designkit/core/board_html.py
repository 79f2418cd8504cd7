"""Clickable boards: what makes an element of a game's HTML view a decision to click.

A view marks the element standing for an open decision with ``data-action='<the action's
JSON>'``; the lab's board widget makes the marked elements whose action is legal now
clickable and sends the action back (docs/ARCHITECTURE.md, "Boards you click"). Every game
writes the attribute the same way, and a decision with no piece of its own on the board
(Rest, pass, end the actions …) becomes a *token*: a small labelled chip in the mover's own
area, so a whole game can be played on the board alone while the buttons stay as the
accessible fallback.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from html import escape

from designkit.core.action import Action

_TOKEN_STYLE = ("display:inline-block;margin:2px 3px;padding:1px 6px;border:1px solid "
                "#1565c0;border-radius:9px;color:#1565c0;white-space:nowrap;font-size:11px")


def data_action(action: Action | None) -> str:
    """`` data-action='…'`` for ``action`` (``""`` for none): the attribute a view puts on the
    element that stands for it."""
    if action is None:
        return ""
    return f" data-action='{escape(json.dumps(action.to_json(), ensure_ascii=False))}'"


def token(action: Action, text: str) -> str:
    """One token: a chip reading ``text`` that stands for ``action``."""
    return f'<span class="dk-token"{data_action(action)} style="{_TOKEN_STYLE}">{escape(text)}</span>'


def token_row(actions: Iterable[Action], lang: str = "en") -> str:
    """A row of tokens, one per action, each reading the action's own text."""
    chips = "".join(token(a, a.describe(lang)) for a in actions)
    return f'<div class="dk-tokens">{chips}</div>' if chips else ""
