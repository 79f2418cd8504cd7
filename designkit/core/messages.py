"""Engine messages in two languages: the English a designer reads in the CLI, logs and
tests, with its Japanese written beside it.

Why a ``str`` subclass: every caller that prints, logs, compares or pickles a message
keeps working on the English (``str(text)``, ``==``, ``in``), so the command line, the
golden playthroughs and the tests are unchanged, while a viewer that knows a language (the
lab's 日本語 mode) reads ``text.ja``. The engine never imports the widgets: it only writes
both texts where it words a message (an illegal action's reason, a parameter's range
error, a bad row of a table), and the lab picks one with :func:`in_lang`.

A :class:`Text` is built with :func:`bi` from two templates and the same fields; a field
that is itself a :class:`Text` (a game's reason inside the core's "is not legal" line) is
put in each language, so a message composed of parts stays bilingual. Formatting it any
other way (``+``, an f-string) gives plain English: the catalog test
(``tests/test_messages.py``) finds such a loss, since the message then has no ``ja``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class Text(str):
    """English text (what ``str`` and ``==`` see) carrying its Japanese as :attr:`ja`."""

    ja: str

    def __new__(cls, en: str, ja: str) -> Text:
        self = super().__new__(cls, en)
        self.ja = ja
        return self

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]
        """Picklable (an error raised in a simulation worker reaches the parent whole)."""
        return (str(self), self.ja)

    def in_lang(self, lang: str) -> str:
        return self.ja if lang == "ja" else str(self)


def _field(value: Any, lang: str) -> Any:
    """A field of a template in ``lang``: a Text as its text there, anything else as is
    (so a format spec such as ``{n:,}`` still applies to a number)."""
    if isinstance(value, Text):
        return value.ja if lang == "ja" else str(value)
    return value


def bi(en: str, ja: str, /, **fields: Any) -> Text:
    """``en`` and ``ja`` (``str.format`` templates) filled with the same ``fields``."""
    return Text(en.format(**{k: _field(v, "en") for k, v in fields.items()}),
                ja.format(**{k: _field(v, "ja") for k, v in fields.items()}))


def join(parts: Iterable[Any], sep: str = ", ", sep_ja: str = "、") -> Text:
    """Several texts as one list, each in its language."""
    items = list(parts)
    return Text(sep.join(str(_field(p, "en")) for p in items),
                sep_ja.join(str(_field(p, "ja")) for p in items))


def in_lang(text: Any, lang: str) -> str:
    """``text`` in ``lang``: its Japanese where it has one, else the text itself."""
    if lang == "ja" and isinstance(text, Text):
        return text.ja
    return str(text)


def is_bilingual(text: Any) -> bool:
    return isinstance(text, Text)


def text_of(err: BaseException) -> str:
    """What an error says, as the engine worded it: its :class:`Text` (both languages)
    where it has one, else its English."""
    first = err.args[0] if len(err.args) == 1 else None
    return first if isinstance(first, Text) else str(err)


def too_few(file: str, have: int, want: int, what: str, what_ja: str,
            unit_ja: str = "枚") -> Text:
    """A parameter asking for more rows than a data file holds (one wording for every
    game): ``dreams.csv has only 20 cards, not 24``."""
    return bi("{f} has only {h} {w}, not {n}", "{f} には{wj}が {h} {u}しかなく、{n} {u}に足りません",
              f=file, h=have, n=want, w=what, wj=what_ja, u=unit_ja)


def word_table(table: str, what: str) -> dict[str, tuple[str, str]]:
    """Names in both languages from a text table, one a line: ``key | English | Japanese``
    (the Japanese may be empty). A list of words is data, not code: written as rows of
    text, each game's reads as the draft's own list, and no two games repeat a dict
    literal's shape. A row without its three cells names itself (``what`` says whose
    row: the mistake is the game author's, at import)."""
    words: dict[str, tuple[str, str]] = {}
    for row in filter(None, (line.strip() for line in table.splitlines())):
        cells = [c.strip() for c in row.split("|")]
        if len(cells) != 3 or not all(cells[:2]):
            raise ValueError(f"{what} row {row!r}: want 'key | English | Japanese'")
        words[cells[0]] = (cells[1], cells[2])
    return words
