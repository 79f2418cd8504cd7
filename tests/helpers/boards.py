"""What a game's board offers to click: the actions its elements carry."""

from __future__ import annotations

import html as html_text
import json
import re
from typing import Any

ACTION_ATTR = re.compile(r"data-action='([^']*)'")


def board_actions(html: str) -> list[Any]:
    """The JSON of every ``data-action='<the action's JSON>'`` on a board, unescaped (the
    view writes it HTML-escaped inside the attribute)."""
    return [json.loads(html_text.unescape(raw)) for raw in ACTION_ATTR.findall(html)]
