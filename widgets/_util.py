"""Small helpers every panel shares: messages, the stylesheet, closing widget trees.

Kept apart so each panel module stays about one panel, and the CSS classes that
browser tests look for (``dk-error`` and friends) are defined in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from functools import wraps
from html import escape
from typing import Any, TypeVar

import ipywidgets as widgets

from designkit.core.errors import DesignkitError

AGENT_CHOICES = ("random", "greedy", "mcts:50", "mcts:200")

CSS = """<style>
.dk-error { color: #b00020; }
.dk-error .widget-html-content, .dk-error { white-space: normal; }
.dk-ok { color: #1b5e20; }
.dk-rule { font-family: monospace; font-size: 11px; color: #555; background: #eef;
  border-radius: 3px; padding: 0 3px; }
.dk-help { color: #777; font-size: 11px; }
.dk-log details { border-bottom: 1px solid #eee; padding: 1px 0; }
.dk-log summary { cursor: pointer; }
.dk-log .dk-new { background: #fff8e1; }
.dk-log .dk-ruletext { margin: 2px 0 4px 18px; color: #333; font-size: 12px; }
.dk-table { border-collapse: collapse; font-size: 12px; }
.dk-table td, .dk-table th { border-bottom: 1px solid #ddd; padding: 2px 6px;
  text-align: left; vertical-align: top; }
</style>"""

F = TypeVar("F", bound=Callable[..., Any])


def style_widget() -> widgets.HTML:
    """The panels' stylesheet; harmless when several panels each include it."""
    return widgets.HTML(CSS, layout=widgets.Layout(display="none"))


def show_message(target: widgets.HTML, text: str, error: bool = False) -> None:
    """Show ``text`` in ``target``; errors get the ``dk-error`` class, empty text hides it."""
    with target.hold_sync():
        target.value = escape(text)
        if error and text:
            target.add_class("dk-error")
            target.remove_class("dk-ok")
        else:
            target.remove_class("dk-error")
            if text:
                target.add_class("dk-ok")
            else:
                target.remove_class("dk-ok")
        target.layout.display = None if text else "none"


def shows_errors(status_attr: str = "status") -> Callable[[F], F]:
    """Decorate a UI handler: designer-caused errors become a message, not a lost traceback."""
    def decorate(fn: F) -> F:
        @wraps(fn)
        def run(self: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return fn(self, *args, **kwargs)
            except (DesignkitError, OSError, ValueError) as err:
                show_message(getattr(self, status_attr), str(err), error=True)
                return None
        return run  # type: ignore[return-value]
    return decorate


@contextmanager
def held(*items: widgets.Widget) -> Iterator[None]:
    """``hold_sync`` on several widgets at once: one message each instead of one per trait."""
    with ExitStack() as stack:
        for item in items:
            stack.enter_context(item.hold_sync())
        yield


def close_tree(widget: widgets.Widget) -> None:
    """Close a widget and everything inside it, so replaced panels free their kernel comms."""
    for child in getattr(widget, "children", ()) or ():
        close_tree(child)
    widget.close()


def html_table(header: list[str], rows: list[list[str]], css: str = "dk-table") -> str:
    """A small HTML table; cells are escaped by the caller where they hold user text."""
    head = "".join(f"<th>{h}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f'<table class="{css}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
