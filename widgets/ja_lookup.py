"""The lab's Japanese: the lookup every panel translates through.

Why a module of its own: the words are two tables (:mod:`.ja_lab` for the lab's own
controls and status lines, :mod:`.ja_library` for what the engine's analysis writes) and
panels add their own entries; all of them fill the same :data:`JA` and :data:`PATTERNS`,
and :func:`tr` reads them. Keeping the lookup apart from the tables and from the widget
walk (:mod:`.i18n`) lets each table import it without an import circle.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from designkit.core.messages import Text

#: English label → Japanese (exact strings, as the panels write them)
JA: dict[str, str] = {}

#: (English pattern, Japanese) for texts with numbers or names in them; a replacement
#: may be a function of the match (its groups translated again where they are words)
PATTERNS: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = []


def tr(text: str, lang: str) -> str:
    """``text`` in ``lang``: itself in English; in Japanese an engine message's own
    Japanese (:class:`designkit.core.messages.Text`), else its entry in :data:`JA`, else
    the first of :data:`PATTERNS` matching it whole, else unchanged."""
    if lang != "ja" or not text:
        return text
    if isinstance(text, Text):  # an engine message: its Japanese is written beside it
        return text.ja
    found = JA.get(text)
    if found is not None:
        return found
    if len(text) > 2000:  # a table or a chart's HTML: not a label
        return text
    for pattern, repl in PATTERNS:
        match = pattern.fullmatch(text)
        if match:
            return repl(match) if callable(repl) else match.expand(repl)
    return text


def add_pattern(pattern: str, repl: str | Callable[[re.Match[str]], str]) -> None:
    """Translate texts matching ``pattern`` whole (first added, first tried)."""
    PATTERNS.append((re.compile(pattern, re.S), repl))


def translating(template: str, *groups: int) -> Callable[[re.Match[str]], str]:
    """A replacement whose groups are words to translate too."""
    def repl(m: re.Match[str]) -> str:
        return template.format(*(tr(m[g], "ja") for g in groups), m=m)
    return repl
