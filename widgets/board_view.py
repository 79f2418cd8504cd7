"""BoardView: the game's own board HTML, where clicking a piece of the board is the move.

Generic: a game's ``view(state, seat, lang)`` marks an element that stands for a
decision with ``data-action='<JSON of the action>'`` (``game.action_to_json``). The
stepper lists the JSON of the decisions open to the person at the board in
:attr:`legal`; the front end outlines the matching elements and, on a click, sends the
element's ``data-action`` back. :meth:`on_pick` handlers get it parsed. Nothing here
knows a game: per-game code stays in the view.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

_ESM = r"""
function render({ model, el }) {
  el.classList.add("dk-board-view");
  const draw = () => {
    el.innerHTML = model.get("html");
    const legal = new Set(model.get("legal"));
    for (const node of el.querySelectorAll("[data-action]")) {
      const key = JSON.stringify(JSON.parse(node.getAttribute("data-action")));
      node.classList.toggle("dk-clickable", legal.has(key));
      if (legal.has(key)) { node.setAttribute("role", "button"); node.setAttribute("tabindex", "0"); }
    }
  };
  const pick = (event) => {
    const node = event.target.closest("[data-action]");
    if (!node || !el.contains(node) || !node.classList.contains("dk-clickable")) { return; }
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") { return; }
    event.preventDefault();
    model.send({ pick: JSON.parse(node.getAttribute("data-action")) });
  };
  el.addEventListener("click", pick);
  el.addEventListener("keydown", pick);
  model.on("change:html", draw);
  model.on("change:legal", draw);
  draw();
  return () => {
    model.off("change:html", draw);
    model.off("change:legal", draw);
    el.removeEventListener("click", pick);
    el.removeEventListener("keydown", pick);
  };
}
export default { render };
"""

_CSS = """
.dk-board-view .dk-clickable { cursor: pointer; outline: 2px solid #1e88e5; outline-offset: 1px;
  border-radius: 4px; }
.dk-board-view .dk-clickable:hover { outline: 3px solid #fb8c00; }
.dk-board-view svg .dk-clickable { outline: none; }
.dk-board-view svg .dk-clickable rect { stroke: #1e88e5; stroke-width: 2.5; }
.dk-board-view svg .dk-clickable:hover rect { stroke: #fb8c00; stroke-width: 3.5; }
"""


_TARGET = re.compile(r"data-action='([^']*)'[^>]*?\btitle=\"([^\"]*)\"")


def board_titles(html_text: str) -> dict[str, str]:
    """What each clickable board element says of its decision (its ``title``), by the
    action's canonical JSON (:func:`action_key`): decision buttons show the same text."""
    out: dict[str, str] = {}
    for raw, title in _TARGET.findall(html_text):
        try:
            out.setdefault(action_key(json.loads(html.unescape(raw))), html.unescape(title))
        except ValueError:
            continue
    return out


def action_key(data: Any) -> str:
    """The canonical JSON text of an action's JSON form (what ``legal`` holds)."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


class BoardView(anywidget.AnyWidget):
    """The board as HTML (``html``) with the clickable decisions (``legal``, JSON texts)."""

    _esm = traitlets.Unicode(_ESM).tag(sync=True)
    _css = traitlets.Unicode(_CSS).tag(sync=True)
    html = traitlets.Unicode("").tag(sync=True)
    legal = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._pick_handlers: list[Callable[[Any], None]] = []
        self.on_msg(self._message)

    def on_pick(self, handler: Callable[[Any], None]) -> None:
        """Call ``handler(action_json)`` when a clickable element is clicked."""
        self._pick_handlers.append(handler)

    def pick(self, data: Any) -> None:
        """What a click does (tests call it directly): refuse anything not in ``legal``."""
        if action_key(data) not in self.legal:
            return
        for handler in self._pick_handlers:
            handler(data)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and "pick" in content:
            self.pick(content["pick"])
