"""The lab in two languages: one switch (English / 日本語) relabels every panel.

Why a walk over the widget tree rather than a language argument in every panel: most of
the lab's words are static labels (descriptions, buttons, tab titles, placeholders,
option labels, headings) written once in English where each widget is built. The walk
(:func:`relabel`) finds each of them and swaps it for its Japanese in :data:`JA`,
remembering the English so the switch back restores it, and a label a panel rewrites
later (a status line, a rebuilt dropdown) is taken as its new English. Words that change
with a run (status lines: "120 games (stopped early)") are matched by :data:`PATTERNS`;
:func:`~._util.show_message` translates through the language the walk left on its
target, so a status line written after the switch comes in the right language too.

A widget that knows better says so: :func:`relabel` calls its ``_dk_relabel(lang)``
(the parameter fields show ``label_ja`` and the rule's Japanese quote; Tune and Compare
write their verdicts in the language). Game texts (boards, the log, decisions) are the
games' own ``view`` / ``describe_action`` in either language. The library's tables
(Metrics, Sweep, Tune: ``designkit.analysis`` DataFrames drawn as HTML) keep their column
keys in the engine; :func:`tr_markup` translates their headers, row labels and headings
where they are shown, text node by text node.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as widgets

from . import ja_lab, ja_library  # noqa: F401  (they fill JA and PATTERNS, lab words first)
from .ja_lookup import JA, PATTERNS, tr

LANGS = (("English", "en"), ("日本語", "ja"))

_TEXT_NODE = re.compile(r">([^<>]+)<")
#: HTML whose words are the game's own text (board, log, rules): never retranslated
GAME_TEXT = ("dk-log", "dk-board", "dk-rules-table", "dk-design-tables")


def tr_markup(text: str, lang: str) -> str:
    """An HTML label in ``lang``: whole, as :func:`tr` does, else each text node between
    tags (a table's headers and row labels, a heading beside it) by itself; a node in
    ``<pre>`` or ``<code>`` (library output, field names) stays."""
    if lang != "ja" or not text:
        return text
    whole = tr(text, lang)
    if whole != text or "<" not in text:
        return whole
    from html import escape, unescape

    def node(m: re.Match[str]) -> str:
        raw = m[1]
        core = unescape(raw.strip())
        if not core or not re.search("[A-Za-z]", core):
            return m[0]
        new = tr(core, lang)
        if new == core:
            return m[0]
        return ">" + raw.replace(raw.strip(), escape(new, quote=False)) + "<"

    parts = re.split(r"(<(?:pre|code)\b.*?</(?:pre|code)>)", text, flags=re.S)
    return "".join(part if part.startswith(("<pre", "<code")) else
                   _TEXT_NODE.sub(node, part) for part in parts)


#: a rule ID in running text (an error naming its rule): kept on one line
RULE_ID = re.compile(r"\b[A-Z]{2}-[A-Z]?\d+(?:\.\d+)*[a-z]?\b")


def message_html(text: str, lang: str) -> str:
    """A status line's HTML: ``text`` in ``lang``, escaped, its rule IDs unbreakable."""
    from html import escape

    return RULE_ID.sub(lambda m: f'<span class="dk-rule-id">{m[0]}</span>',
                       escape(tr(text, lang)))


def words(en: str, ja: str, lang: str) -> str:
    """Pick one of two texts written side by side in the code."""
    return ja if lang == "ja" else en


def lang_of(widget: Any) -> str:
    """The language the last :func:`relabel` left on ``widget`` ("en" before any)."""
    return getattr(widget, "_dk_lang", "en")


def walk(root: Any) -> Iterator[Any]:
    """``root`` and every widget inside it (children of boxes, tabs and accordions)."""
    stack = [root]
    seen: set[int] = set()
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        yield widget
        stack.extend(reversed(list(getattr(widget, "children", ()) or ())))


_ATTRS = ("description", "tooltip", "placeholder")


def _swap(widget: Any, attr: str, memo: dict[str, tuple[Any, Any]], lang: str,
          change: Callable[[Any, str], Any]) -> None:
    """Show ``attr`` in ``lang``, from its remembered English (or its current value, if
    the panel wrote it anew since the last walk)."""
    current = getattr(widget, attr)
    en, shown = memo.get(attr, (None, None))
    if en is None or current != shown:
        en = current
    new = change(en, lang)
    memo[attr] = (en, new)
    if new != current:
        widget.set_trait(attr, new)  # set_trait: the option labels are read-only


def _each(values: Any, lang: str) -> tuple[str, ...]:
    return tuple(tr(str(v), lang) for v in values)


def relabel(root: Any, lang: str) -> None:
    """Every label inside ``root`` in ``lang`` ("en" or "ja")."""
    for widget in walk(root):
        if getattr(widget, "_dk_fixed", False):  # a language switch names each in its own
            continue
        try:
            widget.__dict__["_dk_lang"] = lang
        except (AttributeError, TypeError):
            continue
        memo = widget.__dict__.setdefault("_dk_en", {})
        for attr in _ATTRS:
            if widget.has_trait(attr) and isinstance(getattr(widget, attr), str):
                _swap(widget, attr, memo, lang, tr)
        if isinstance(widget, (widgets.Tab, widgets.Accordion)):
            _swap(widget, "titles", memo, lang, _each)
        if widget.has_trait("_options_labels"):
            # the labels only: values and the selection stay (a new ``options`` would
            # reset the selection and fire the panels' observers)
            _swap(widget, "_options_labels", memo, lang, _each)
        if isinstance(widget, (widgets.HTML, widgets.Label)):
            message = memo.get("message")
            if message is not None and widget.value == message[1]:
                new = message_html(message[0], lang)  # a show_message text, from its source
                memo["message"] = (message[0], new)
                if widget.value != new:
                    widget.value = new
            elif set(getattr(widget, "_dom_classes", ())) & set(GAME_TEXT):
                _swap(widget, "value", memo, lang, tr)
            else:
                _swap(widget, "value", memo, lang, tr_markup)
        hook = getattr(widget, "_dk_relabel", None)
        if callable(hook):
            hook(lang)


def localize(fig: Any, lang: str) -> Any:
    """A plotly figure's title and axis titles in ``lang`` (the library draws them in
    English; its data and legends stay)."""
    layout = fig.layout
    for key in ("title", *(k for k in layout if k.startswith(("xaxis", "yaxis")))):
        part = layout[key]
        title = part if key == "title" else getattr(part, "title", None)
        text = getattr(title, "text", None)
        if isinstance(text, str) and text:
            new = tr(text, lang)
            if new != text and title is not None:  # (a text was read from it)
                title.text = new
    for note in layout.annotations or ():  # "fair share" and the like
        if isinstance(note.text, str) and tr(note.text, lang) != note.text:
            note.text = tr(note.text, lang)
    if lang == "en":
        return fig
    for trace in fig.data:  # legends, hover texts, and the words on a category axis
        name = getattr(trace, "name", None)
        if isinstance(name, str) and name and tr(name, lang) != name:
            trace.name = tr(name, lang)
        template = getattr(trace, "hovertemplate", None)
        if isinstance(template, str) and template:
            trace.hovertemplate = hover_text(template, lang)
        for axis in ("x", "y"):
            _category_ticks(fig, trace, axis, lang)
    return fig


#: the words of the library's hover templates (designkit.analysis charts), placeholders kept
_HOVER = (
    (r"game %\{customdata\}: %\{x\} turns", "ゲーム %{customdata}：%{x} 手番"),
    (r"(%\{x\}): (%\{y:[^}]*\}) \(held (%\{customdata\}) times\)", r"\1：\2（\3 回保持）"),
    (r"(%\{y\}) (%\{customdata\[0\]\}): in (%\{x:[^}]*\}) of games, (%\{customdata\[1\][^}]*\}) "
     r"per game", r"\1 \2：ゲームの \3 で発生、1ゲームあたり \4 回"),
    (r"(%\{x\}): (%\{y:[^}]*\}) \((%\{customdata\[0\]\}) of (%\{customdata\[1\]\})\)",
     r"\1：\2（\4 中 \3）"),
    (r"(%\{y\}): wins (%\{x:[^}]*\}) when held \(held in (%\{customdata\[1\]\}) seat-games\)",
     r"\1：保持したときの勝率 \2（\3 席×ゲームで保持）"),
    (r"(seat|turn position) (\S+), (%\{x\}): (%\{y:[^}]*\}) VP",
     lambda m: f"{tr(m[1], 'ja')} {m[2]}、{m[3]}：{m[4]} VP"),
    (r"(%\{[xy]\}): ", r"\1："),
)


def hover_text(template: str, lang: str) -> str:
    """A plotly hover template in ``lang``: its words translated, its ``%{…}``
    placeholders kept, the trace name in ``<extra>`` translated as a legend is."""
    if lang != "ja":
        return template
    body, extra, rest = template.partition("<extra>")
    for pattern, repl in _HOVER:
        new = re.sub(pattern, repl, body)
        if new != body:
            body = new
            break
    if extra:
        name, _, tail = rest.partition("</extra>")
        rest = (tr(name, lang) if "%{" not in name else name) + "</extra>" + tail
    return body + extra + rest


def _category_ticks(fig: Any, trace: Any, axis: str, lang: str) -> None:
    """A category axis's tick labels in ``lang``; the data (what a click reports, the
    categories' order) stays as the library drew it."""
    values = getattr(trace, axis, None) if axis in trace else None
    if values is None or not len(values) or not all(isinstance(v, str) for v in values):
        return
    shown = [tr(v, lang) for v in values]
    if shown == list(values):
        return
    template = getattr(trace, "hovertemplate", None)
    if isinstance(template, str) and f"%{{{axis}}}" in template \
            and getattr(trace, "hovertext", None) is None:
        # the hover names the category as the ticks do, not as the data holds it
        trace.hovertext = shown
        trace.hovertemplate = template.replace(f"%{{{axis}}}", "%{hovertext}")
    ref = getattr(trace, f"{axis}axis", None) or axis
    key = f"{axis}axis{ref[1:]}"
    part = fig.layout[key]
    known = dict(zip(part.tickvals or (), part.ticktext or (), strict=False))
    known.update(zip(values, shown, strict=True))
    part.tickmode, part.tickvals, part.ticktext = "array", list(known), list(known.values())


def lab_words(text: str) -> str:
    """The library's advice as the lab says it: the lab's controls, not command-line
    flags (the CLI's own words come from the same functions)."""
    for flag, control in _FLAGS:
        text = text.replace(flag, control)
    return text


_FLAGS = (("with --save-anyway", "by ticking \u201csave even if the gain did not hold\u201d"),
          ("raise --max-games", "raise Max games"),
          ("--max-games", "Max games"), ("--save-anyway",
                                         "\u201csave even if the gain did not hold\u201d"))

__all__ = ["JA", "LANGS", "PATTERNS", "lab_words", "lang_of", "localize", "message_html",
           "relabel", "tr", "tr_markup", "walk", "words"]
