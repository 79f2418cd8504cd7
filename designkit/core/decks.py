"""What is printed: decks of cards whose faces are plain text fields taken from a card table.

A :class:`Deck` is one card table (or one kind of row of it, as Classic Hero's classes and
skills share ``abilities.csv``); each :class:`Card` carries the strings a template may name
(``{name_ja}``, ``{cost}``, ``{effect_en}``, …). Fields come from the game's own loaders
(the numbers the engine reads, the texts its log uses) and from the raw CSV cells, so a
column a designer adds to a table can be printed without Python. The footer names game,
variant and a short SHA-256 of the data file: a printed card says which version of the
table it came from.

The types live in the core because each game's ``printing.py`` (a hook module, see
``core.hooks``) builds its decks with them: a game sits below the export and may not import
it. ``designkit.export`` hands a game's ``decks(params, new)`` the :data:`NewDeck` builder
and renders what comes back.
"""

from __future__ import annotations

import csv
import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from designkit.core.errors import DataError

LANGS = ("ja", "en", "both")
MAX_COPIES = 99   # copies of one row a ``copies`` column may ask for


@dataclass(frozen=True)
class Card:
    id: str
    fields: Mapping[str, str]
    copies: int = 1


@dataclass(frozen=True)
class Deck:
    """One printed deck: ``table`` names its template (``data/<game>/cards/<table>.svg``)."""

    game: str
    table: str
    title_en: str
    title_ja: str
    source: Path
    cards: tuple[Card, ...]
    fields: frozenset[str] = field(default=frozenset())
    back: Mapping[str, str] = field(default_factory=dict)

    @property
    def count(self) -> int:
        """Physical cards: copies included (Crossroads prints six of each number)."""
        return sum(c.copies for c in self.cards)

    def faces(self) -> list[Card]:
        """Every physical card in print order, copies next to each other."""
        return [c for c in self.cards for _ in range(c.copies)]


def data_hash(path: Path) -> str:
    """Short SHA-256 of a data file's bytes: changing one cell changes it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:8]


def raw_rows(path: Path) -> list[dict[str, str]]:
    """The table's cells as written (blank lines skipped), for columns the loaders drop."""
    with path.open(encoding="utf-8-sig", newline="") as fh:
        rows = [r for r in csv.DictReader(fh) if any((v or "").strip() for v in r.values())]
    return [{k: (v or "").strip() for k, v in r.items() if k} for r in rows]


def with_raw(row: Mapping[str, str]) -> dict[str, str]:
    """A CSV row's cells under their own names and as ``csv_<column>`` (kept when a derived
    field of the same name wins)."""
    return {**row, **{f"csv_{k}": v for k, v in row.items()}}


def by_lang(fields: dict[str, str], lang: str) -> dict[str, str]:
    """Add the language-resolved fields. For each ``X_en``/``X_ja`` pair: ``X`` (one
    language, or Japanese then English on the next line; it wins over a raw cell of that
    name, which stays readable as ``csv_X``), ``X_title`` (Japanese unless English only)
    and ``X_subtitle`` (the English under a Japanese title, else empty). ``title`` and
    ``subtitle`` are the card name's; ``lang`` is the language printed."""
    out = dict(fields, lang=lang)
    for key in list(fields):
        if key.endswith("_en"):
            base = key[:-3]
            en, ja = fields[key], fields.get(base + "_ja", "")
            out[base] = _pick(en, ja, lang)
            out[base + "_title"] = en if lang == "en" or not ja else ja
            out[base + "_subtitle"] = en if lang == "both" and ja and en != ja else ""
    en, ja = fields.get("name_en", ""), fields.get("name_ja", "")
    out["title"] = en if lang == "en" or not ja else ja
    out["subtitle"] = en if lang == "both" and ja and en != ja else ""
    return out


def _pick(en: str, ja: str, lang: str) -> str:
    if lang == "en" or not ja:
        return en
    if lang == "ja" or not en or en == ja:
        return ja
    return f"{ja}\n{en}"


@dataclass
class DeckBuilder:
    """Collects one deck's cards with the fields every card has (id, footer, deck names)."""

    game: str
    game_title: tuple[str, str]
    variant: str
    lang: str
    table: str
    title: tuple[str, str]
    source: Path
    cards: list[Card] = field(default_factory=list)
    show_code: bool = False

    def add(self, card_id: str, fields: Mapping[str, object], copies: int = 1) -> None:
        """One row's card; a ``copies`` cell in the row (a column the engine does not read)
        multiplies the printed copies: prototype spares, or a row meant to be printed twice."""
        text = {k: "" if v is None else str(v) for k, v in fields.items()}
        text.update(self.common(card_id))
        copies *= self._copies_cell(card_id, text.get("csv_copies", ""))
        self.cards.append(Card(card_id, by_lang(text, self.lang), copies))

    def _copies_cell(self, card_id: str, cell: str) -> int:
        if not cell.strip():
            return 1
        try:
            n = int(cell)
        except ValueError:
            n = -1
        if not 0 <= n <= MAX_COPIES:
            raise DataError(str(self.source), f"card {card_id}: {cell!r} is not a whole "
                            f"number 0 to {MAX_COPIES} (0 prints none of this row)",
                            column="copies")
        return n

    def common(self, card_id: str = "") -> dict[str, str]:
        if not hasattr(self, "_digest"):   # one read of the file per deck
            self._digest = data_hash(self.source)
        digest = self._digest
        return {"card_id": card_id, "game_en": self.game_title[0], "game_ja": self.game_title[1],
                "deck_en": self.title[0], "deck_ja": self.title[1], "variant": self.variant,
                "data_file": self.source.name, "data_hash": digest,
                "show_code": "yes" if self.show_code else "",
                "footer": f"{self.game_title[0]} · {self.variant} · {self.source.name} "
                          f"{digest}"}

    def back_fields(self) -> dict[str, str]:
        """What a back template may name: the deck's fields, no card's."""
        return by_lang(self.common(), self.lang)

    def deck(self) -> Deck:
        names = frozenset().union(*(c.fields for c in self.cards)) if self.cards else frozenset()
        return Deck(self.game, self.table, self.title[0], self.title[1], self.source,
                    tuple(self.cards), frozenset(names), self.back_fields())


#: what a game's ``printing.decks(params, new)`` is given: ``new(table, (title_en,
#: title_ja), source)`` starts one deck (its footer hashes ``source``)
NewDeck = Callable[[str, tuple[str, str], Path], DeckBuilder]


def slots(prefix: str, labels: list[tuple[str, str]], total: int) -> dict[str, str]:
    """``slot1`` … ``slot<total>`` (a template has a place for the most a parameter allows;
    the unused ones are empty, so ``dk:if`` leaves them out)."""
    out: dict[str, str] = {}
    for i in range(1, total + 1):
        en, ja = labels[i - 1] if i <= len(labels) else ("", "")
        out[f"{prefix}{i}_en"], out[f"{prefix}{i}_ja"] = en, ja
    return out

