"""CSV card tables a designer edits in a spreadsheet, validated on load.

Errors name the file, the spreadsheet row (the header is row 1) and the
column, so a designer can go straight to the cell. A column the table does
not know is an error too (with the closest known name), so a typo in a
header is never silently ignored; columns a table may lack are declared
``required=False``.

Every game's tables go through one cache, :class:`Table`: a table is read
the first time it is used (never because another game was imported) and
again whenever its file's modification time or size changes, so a designer
who saves the sheet sees the new cards without restarting the kernel.
"""

from __future__ import annotations

import csv
import difflib
import io
import os
import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

from designkit.core.effects import EffectError, HookSpec, parse_effects
from designkit.core.errors import DataError
from designkit.core.messages import Text, bi, text_of
from designkit.core.paths import data_dir
from designkit.core.textfiles import CARD_TABLE, not_utf8, read_bytes

T = TypeVar("T")
#: the largest card table read: a deck is dozens to hundreds of cards, and every game
#: enumerates its cards per position, so a 190 MB events.csv (2 games took 320 s and 7 GB)
#: is refused in one line instead of being played
MAX_TABLE_BYTES = 5_000_000
MAX_ROWS = 10_000
#: columns any card table may have that only print-and-play reads (designkit.export checks
#: them): ``copies``, how many of the row's card to print
PRINT_ONLY = ("copies",)
#: what identifies one version of a file: modification time (ns) and size; (0, -1) if missing
Stamp = tuple[int, int]


@dataclass(frozen=True)
class Column:
    """One column of a card table and how to read a cell of it."""

    name: str
    type: str = "str"  # str | int | float | bool | effects | list
    required: bool = True
    range: tuple[float, float] | None = None
    choices: tuple[str, ...] | None = None
    default: Any = None
    unique: bool = False


def optional_text(*names: str) -> tuple[Column, ...]:
    """Text columns a table may lack or leave empty (translations, rule texts): ``""`` then.
    Spread into a table's columns: ``(Column("id", unique=True), *optional_text("text_ja"))``."""
    return tuple(Column(name, required=False, default="") for name in names)


#: what a table's ``row_check`` returns for a row: nothing when it is fine, else the
#: problem as ``"column: message"`` or ``(column, message)``
RowCheck = Callable[[dict[str, Any]], str | tuple[str, Any] | None]


def load_table(path: str | Path, columns: Sequence[Column],
               vocabulary: Mapping[str, HookSpec] | None = None,
               row_check: RowCheck | None = None,
               row_key: str | None = None,
               min_rows: tuple[int, str] = (0, "")) -> list[dict[str, Any]]:
    """Read and validate ``path``; return one dict per card with typed values.

    ``row_key``: also store each card's spreadsheet row under that key, for a game whose
    own later checks name the row (blank rows counted, as everywhere here).
    ``min_rows``: the fewest cards the rules can play with and the rule ID that says so
    (a skills table left with its header alone would give an empty Crossroads)."""
    path = Path(path)
    name = str(path)
    data = read_bytes(path, MAX_TABLE_BYTES, CARD_TABLE)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise DataError(name, not_utf8(data, err)) from None
    records = _records(name, text)
    if len(records) - 1 > MAX_ROWS:
        raise DataError(name, bi("{n:,} rows, more than a card table may hold ({cap:,}): is "
                                 "this the right file?", "{n:,} 行はカード表の上限（{cap:,} 行）"
                                 "より多いです：正しいファイルですか？", n=len(records) - 1,
                                 cap=MAX_ROWS))
    if not records:
        raise DataError(name, Text("the file is empty (a header row and one row per card)",
                                   "ファイルが空です（見出しの行と、カード1枚ごとに1行が必要です）"))
    header_row, cells = records[0]
    header = [h.strip() for h in cells]
    _check_header(name, header, columns, header_row)
    for col in columns:
        if col.required and col.name not in header:
            raise DataError(name, bi("missing column (have: {h})", "列がありません（あるのは：{h}）",
                                     h=", ".join(header)), row=header_row, column=col.name)
    rows: list[dict[str, Any]] = []
    seen: dict[str, set[Any]] = {c.name: set() for c in columns if c.unique}
    for rowno, values in records[1:]:
        raw = _by_column(name, rowno, header, values)
        if raw is None:
            continue
        row: dict[str, Any] = {}
        for col in columns:
            cell = raw.get(col.name, "")
            row[col.name] = _cell(name, rowno, col, cell, vocabulary)
            if col.unique:
                if row[col.name] in seen[col.name]:
                    raise DataError(name, bi("duplicate value {v!r}", "値 {v!r} が重複しています",
                                             v=row[col.name]), row=rowno, column=col.name)
                seen[col.name].add(row[col.name])
        if row_key is not None:
            row[row_key] = rowno
        if row_check is not None:
            problem = row_check(row)
            if isinstance(problem, tuple):  # (column, message): a message in both languages
                raise DataError(name, problem[1], row=rowno, column=problem[0] or None)
            if problem:
                col_name, _, message = problem.partition(": ")
                raise DataError(name, message or problem, row=rowno, column=col_name or None)
        rows.append(row)
    if len(rows) < min_rows[0]:
        raise DataError(name, bi("{n} card rows, but the rules need at least {m} ({r})",
                                 "カードの行が {n} 行しかありません。ルールには {m} 行以上必要です"
                                 "（{r}）",
                                 n=len(rows), m=min_rows[0], r=min_rows[1]))
    return rows


#: characters no spreadsheet cell means to hold: C0/C1 controls (a tab and line breaks
#: inside a quoted cell aside), line and paragraph separators, byte-order marks
_INVISIBLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff]")


def _records(file: str, text: str) -> list[tuple[int, list[str]]]:
    """``(spreadsheet row, cells)`` of every row after leading blank ones. Blank rows count
    (a spreadsheet shows them), a quoted cell spanning lines is one row, and only CR/LF
    end a row (``str.splitlines`` would also split at U+2028 inside a cell)."""
    out: list[tuple[int, list[str]]] = []
    try:
        for number, cells in enumerate(csv.reader(io.StringIO(text, newline="")), start=1):
            if cells or out:
                out.append((number, cells))
    except csv.Error as err:
        raise DataError(file, bi("not readable as CSV ({e})", "CSV として読めません（{e}）",
                                 e=err)) from None
    for number, cells in out:
        for cell in cells:
            bad = _INVISIBLE.search(cell)
            if bad:
                raise DataError(file, bi(
                    "the cell {c!r} holds an invisible control character U+{u:04X} at position "
                    "{p}: delete it", "セル {c!r} の {p} 文字目に見えない制御文字 U+{u:04X} が"
                    "あります：消してください", c=cell[:30], u=ord(bad.group()),
                    p=bad.start() + 1), row=number)
    return out


def _by_column(file: str, rowno: int, header: Sequence[str], values: Sequence[str]
               ) -> dict[str, str] | None:
    """A row's stripped cells by column name; None for a blank row. A filled cell beyond
    the last headed column is an error (it would be dropped: ``…,bless(n=1)``)."""
    cells = [v.strip() for v in values]
    if not any(cells):
        return None
    extra = [c for c in cells[len(header):] if c]
    if extra:
        raise DataError(file, bi(
            "the cell {c!r} lies beyond the last column (the header has {n} columns): put it "
            "in a headed column or add the column's name", "セル {c!r} は最後の列より右にあります"
            "（見出しは {n} 列）：見出しのある列に移すか、列の名前を加えてください",
            c=extra[0][:40], n=len(header)), row=rowno)
    named = {h: c for h, c in zip(header, cells, strict=False) if h}
    unheaded = [c for h, c in zip(header, cells, strict=False) if not h and c]
    if unheaded:
        raise DataError(file, bi("the cell {c!r} is in a column with no name in the header "
                                 "row", "セル {c!r} は見出しの行に名前のない列にあります",
                                 c=unheaded[0][:40]), row=rowno)
    return named


def _check_header(file: str, header: Sequence[str], columns: Sequence[Column],
                  row: int = 1) -> None:
    known = [c.name for c in columns]
    known += [p for p in PRINT_ONLY if p not in known]
    for title in header:
        if title and title not in known:
            close = difflib.get_close_matches(title, known, n=1, cutoff=0.0)
            raise DataError(file, bi("unknown column{h} (known: {k})", "その列はありません{hj}"
                                     "（あるのは：{k}）", h=f"; did you mean '{close[0]}'?"
                                     if close else "", hj=f"。'{close[0]}' のことですか？"
                                     if close else "", k=", ".join(known)),
                            row=row, column=title)
        if header.count(title) > 1 and title:
            raise DataError(file, Text("column appears twice", "列が2回あります"), row=row,
                            column=title)


def _cell(file: str, rowno: int, col: Column, cell: str,
          vocabulary: Mapping[str, HookSpec] | None) -> Any:
    def fail(message: str) -> DataError:
        return DataError(file, message, row=rowno, column=col.name)

    if cell == "":
        if col.required and col.default is None:
            raise fail(Text("empty cell", "セルが空です"))
        return col.default
    if col.type in ("int", "float"):
        if not cell.isascii():
            # Python's int() reads '٣' and '３' as 3; --set refuses them, so do tables: a
            # number a spreadsheet shows in another script is a typing accident to see
            import unicodedata

            plain = "".join(str(d) if (d := unicodedata.decimal(c, None)) is not None
                            else c for c in unicodedata.normalize("NFKC", cell))
            raise fail(bi("{c!r} is not written in ASCII digits 0-9{h}",
                          "{c!r} は半角数字 0-9 で書かれていません{hj}", c=cell,
                          h=f" (write {plain})" if plain.isascii() else "",
                          hj=f"（{plain} と書いてください）" if plain.isascii() else ""))
        try:
            value: Any = int(cell) if col.type == "int" else float(cell)
        except ValueError:
            raise fail(bi("{c!r} is not a {w}number", "{c!r} は{wj}ではありません", c=cell,
                          w="whole " if col.type == "int" else "",
                          wj="整数" if col.type == "int" else "数")) from None
        if col.range and not col.range[0] <= value <= col.range[1]:
            raise fail(bi("{c} is outside {lo:g}–{hi:g}", "{c} は {lo:g}–{hi:g} の外です",
                          c=cell, lo=col.range[0], hi=col.range[1]))
        return value
    if col.type == "bool":
        low = cell.lower()
        if low not in ("true", "false", "yes", "no", "1", "0"):
            raise fail(bi("{c!r} is not true/false", "{c!r} は true／false ではありません",
                          c=cell))
        return low in ("true", "yes", "1")
    if col.type == "list":
        return tuple(p.strip() for p in cell.replace(";", ",").split(",") if p.strip())
    if col.type == "effects":
        try:
            return parse_effects(cell, vocabulary or {})
        except EffectError as err:
            raise fail(text_of(err)) from None
    if col.choices and cell not in col.choices:
        raise fail(bi("{c!r} is not one of {k}", "{c!r} は {k} のどれでもありません", c=cell,
                      k=", ".join(col.choices)))
    return cell


# -- the one cache of every game's tables ------------------------------------------------------
def file_stamp(path: str | Path) -> Stamp:
    """Modification time and size of ``path``: a cached table is stale when either changes.
    A path that cannot be read (missing, a file where a folder should be) stamps as absent:
    the table's loader names the problem in one line when the table is read."""
    try:
        info = os.stat(path)
    except OSError:
        return (0, -1)
    return (info.st_mtime_ns, info.st_size)


#: ``(DESIGNKIT_DATA, game, file)`` -> the table's path as a string (:func:`table_file`)
_TABLE_FILES: dict[tuple[str, str, str], str] = {}


def table_file(game: str, file: str) -> str:
    """``data_dir(game) / file`` as a string, worked out once per value of
    ``DESIGNKIT_DATA``: every game start stamps its tables (a ruleset is rebuilt when one
    changed), and building the paths with ``pathlib`` each time cost more than the
    ``stat`` calls themselves (about 10 µs a table, 2 % of a random game)."""
    key = (os.environ.get("DESIGNKIT_DATA", ""), game, file)
    found = _TABLE_FILES.get(key)
    if found is None:
        found = _TABLE_FILES[key] = str(data_dir(game) / file)
    return found


def tables_stamp(game: str, *files: str) -> tuple[tuple[str, Stamp], ...]:
    """The paths and :func:`file_stamp` of a game's card tables ``files``: the ``stamp``
    a game's :class:`CompiledRules` is compiled against (stale when any of them changes)."""
    return tuple((path, file_stamp(path)) for path in [table_file(game, f) for f in files])


_CACHE: dict[tuple[Hashable, str], tuple[Stamp, Any]] = {}


def cached(key: Hashable, path: str | Path, build: Callable[[Path], T]) -> T:
    """``build(path)``, re-run only when the file at ``path`` changed since the last call.

    A build that raises caches nothing, so fixing the file and calling again works.
    """
    path = Path(path)
    stamp = file_stamp(path)
    slot = (key, str(path))
    hit = _CACHE.get(slot)
    if hit is not None and hit[0] == stamp:
        return hit[1]  # type: ignore[no-any-return]
    value = build(path)
    _CACHE[slot] = (stamp, value)
    return value


def compiled(params: object, stamp: Hashable, build: Callable[[], T]) -> T:
    """The ruleset ``build()`` makes from ``params``, kept on the (frozen) params object and
    built again only when the card tables' ``stamp`` differs from the one it was built with
    (its ``stamp`` field): every new game of a run reuses it, and a designer who saves a
    sheet gets the new cards."""
    kept = params.__dict__.get("_ruleset")
    if kept is not None and kept.stamp == stamp:
        return cast(T, kept)
    rules = build()
    object.__setattr__(params, "_ruleset", rules)
    return rules


class CompiledRules:
    """Base of a game's compiled ``Ruleset`` (params and card tables turned into lookup
    tables): ``Ruleset.compile(params)`` builds it through :func:`compiled`, once per params
    object and version of the card tables, which the class keyword ``stamp`` names::

        @dataclass(frozen=True)
        class Ruleset(CompiledRules, stamp=table_stamp):
            params: MyParams
            stamp: tuple[tuple[str, Stamp], ...]

            @classmethod
            def _build(cls, p: MyParams, stamp: tuple[tuple[str, Stamp], ...]) -> Ruleset: ...
    """

    #: the game's function giving its card tables' current version
    _table_stamp: ClassVar[tuple[Callable[[], Hashable]]]

    def __init_subclass__(cls, stamp: Callable[[], Hashable] | None = None,
                          **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if stamp is not None:
            cls._table_stamp = (stamp,)   # in a tuple: a function attribute would bind

    @classmethod
    def compile(cls, params: Any) -> Self:
        stamp = cls._table_stamp[0]()
        return compiled(params, stamp, lambda: cls._build(params, stamp))

    @classmethod
    def _build(cls, params: Any, stamp: Any) -> Self:
        raise NotImplementedError(f"{cls.__name__}._build")


@dataclass(frozen=True, eq=False)
class Table(Generic[T]):
    """One card table of one game: where it lives, its columns and what a row becomes.

    ``make`` turns a validated row (a dict of typed cells) into the game's card;
    ``row_check`` may rewrite cells in place (compiling effects) or name a problem as
    ``"column: message"`` or as ``(column, message)`` (a :class:`~.messages.Text` message,
    read in the lab's 日本語 mode too). Tables are module constants of the game package, so the
    table object itself keys the cache.
    """

    game: str
    file: str
    columns: tuple[Column, ...]
    make: Callable[[dict[str, Any]], T]
    vocabulary: Mapping[str, HookSpec] | None = None
    row_check: RowCheck | None = None
    #: the fewest rows the rules play with, and the rule ID that says so
    min_rows: tuple[int, str] = (1, "a table of no cards would play as if it had none")

    def path(self) -> Path:
        """Where the table is read from now (``DESIGNKIT_DATA`` moves every game's data)."""
        return data_dir(self.game) / self.file

    def load(self, path: str | Path | None = None) -> tuple[T, ...]:
        """The validated cards (cached; re-read when the file changes)."""
        return cached(self, path if path is not None else self.path(), self._read)

    def stamp(self) -> tuple[str, Stamp]:
        path = table_file(self.game, self.file)
        return (path, file_stamp(path))

    def _read(self, path: Path) -> tuple[T, ...]:
        rows = load_table(path, self.columns, self.vocabulary, self.row_check,
                          min_rows=self.min_rows)
        return tuple(self.make(r) for r in rows)


class CardName:
    """``name(lang)`` for a card row with ``id``, ``name_en`` and ``name_ja`` fields: the
    id and the English name, or the id and the Japanese name in 「」 (the English one where
    the table leaves the Japanese empty). A mixin for a game's frozen card dataclasses, so
    each game's cards print their names one way."""

    id: str
    name_en: str
    name_ja: str
    #: how the name reads in English and in Japanese, from ``{id}`` and ``{name}``: a draft
    #: that writes the name first ("Forest F1") or alone (an Area) sets its own
    NAME_FORMAT: ClassVar[tuple[str, str]] = ("{id} {name}", "{id}「{name}」")

    def name(self, lang: str = "en") -> str:
        if lang == "ja":
            return self.NAME_FORMAT[1].format(id=self.id, name=self.name_ja or self.name_en)
        return self.NAME_FORMAT[0].format(id=self.id, name=self.name_en)
