"""RulesPanel: the game's rule texts as a searchable table (English and the draft's Japanese),
then the game's design tables (``Game.design_tables(params)``: exact odds, costs, ...).

Reads ``data/<game>/rules.csv`` through ``Game.rule_texts`` only, so every game
with a rules file gets the tab; the log's rule IDs point into the same rows. Search
folds full-width and half-width forms together (Unicode NFKC, then case), so "VP"
finds rules written with "ＶＰ" and "ｶｰﾄﾞ" finds "カード".

Design tables are generic too: each is a sortable table (pick a column and the order;
sorting is done here, on the DataFrame) with its chart, if the game gives one, in a
responsive chart grid, drawn when the designer scrolls to it (not on the page's first
render); they follow the parameter editor. The "Print & play" button
(:class:`PrintPanel`, under the title) for games with printable card tables.
"""

from __future__ import annotations

import unicodedata
from html import escape
from typing import Any

import ipywidgets as widgets

from designkit.core.game import Game
from designkit.core.registry import get_game
from designkit.export import printable

from ._util import html_table, params_of, style_widget
from .i18n import lang_of, words
from .print_panel import PrintPanel


def fold(text: str) -> str:
    """Text as the search compares it: NFKC (full-width → half-width) and case-folded."""
    return unicodedata.normalize("NFKC", text or "").casefold()


class DesignTableView(widgets.VBox):
    """One design table: title, note, a sort control and the table itself, in the lab's
    language (the game's ``words_ja`` for headers and category values in 日本語)."""

    def __init__(self, table: Any, lang: str = "en") -> None:
        super().__init__()
        self.table = table
        self.lang = lang
        self.sort_by = widgets.Dropdown(options=self._sort_options(), value="",
                                        description="Sort by",
                                        layout=widgets.Layout(width="260px"))
        self.descending = widgets.ToggleButton(value=False, description="descending",
                                               layout=widgets.Layout(width="110px"))
        self.head = widgets.HTML()
        self.html = widgets.HTML()
        self.html.add_class("dk-design-table")
        self.sort_by.observe(lambda _c: self.render(), names="value")
        self.descending.observe(lambda _c: self.render(), names="value")
        self.children = [self.head, widgets.HBox([self.sort_by, self.descending]), self.html]
        self.add_class("dk-design-table-view")
        self.render()

    def word(self, text: str) -> str:
        """``text`` (a header or value the game wrote in English) in the view's language."""
        return self.table.words_ja.get(text, text) if self.lang == "ja" else text

    def _sort_options(self) -> list[tuple[str, str]]:
        first = "（表の順）" if self.lang == "ja" else "(as given)"
        return [(first, "")] + [(self.word(str(c)), str(c)) for c in self.table.frame.columns]

    def _dk_relabel(self, lang: str) -> None:
        """Headers, values, title and note in ``lang`` (:mod:`.i18n`'s walk calls it)."""
        if lang != self.lang:
            self.lang = lang
            self.sort_by.options = self._sort_options()  # keeps the chosen column
            self.render()

    def rows(self) -> Any:
        """The table's rows in the chosen order."""
        frame = self.table.frame
        key = self.sort_by.value
        if not key:
            return frame.iloc[::-1] if self.descending.value else frame
        column = next(c for c in frame.columns if str(c) == key)
        return frame.sort_values(column, ascending=not self.descending.value, kind="stable")

    def render(self) -> None:
        t = self.table
        ja = self.lang == "ja"
        title = t.title_ja if ja and t.title_ja else t.title
        beside = "" if ja or not t.title_ja else \
            f" <span lang='ja' class='dk-help'>{escape(t.title_ja)}</span>"
        note = (t.note_ja or t.note) if ja else t.note
        self.head.value = (f"<h4>{escape(title)}{beside}</h4>"
                           + (f"<div class='dk-note'>{escape(note)}</div>" if note else ""))
        frame = self.rows()
        body = [[_cell(self.word(v) if isinstance(v, str) else v) for v in row]
                for row in frame.itertuples(index=False)]
        self.html.value = html_table([escape(self.word(str(c))) for c in frame.columns], body)


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return escape(str(value))


class RulesPanel(widgets.VBox):
    """Title, a search box and the rules table filtered by it (ID, title, English, Japanese);
    below, the game's design tables for the parameters of ``params_source``."""

    def __init__(self, game: Game | str, params_source: Any = None) -> None:
        super().__init__()
        self.game = get_game(game)
        self.params_source = params_source
        self.rules = list(self.game.rule_texts().values())
        self._folded = [{k: fold(r.get(k) or "") for k in ("rule_id", "title_en", "text_en",
                                                             "quote_ja")} for r in self.rules]
        self.search = widgets.Text(placeholder="search rule ID or text (English or 日本語)",
                                   description="Search", layout=widgets.Layout(width="420px"))
        self.table = widgets.HTML()
        self.table.add_class("dk-rules-table")
        self.search.observe(lambda _c: self.render(), names="value")
        self.tables_box = widgets.VBox()
        self.tables_box.add_class("dk-design-tables")
        self.charts: Any = None
        self._tables: list[Any] = []
        self._drawn: dict[tuple[int, str], Any] = {}  # (table, lang) → its figure, once drawn
        self._charts_lang = "en"  # the language the design charts were drawn in
        self.head = widgets.HTML(self._head_html())
        self.children = [style_widget(), self.head, self.search, self.table, self.tables_box]
        self.print_panel: PrintPanel | None = None
        if printable(self.game):
            self.print_panel = PrintPanel(self.game, params_source)
            self.children = [*self.children[:2], self.print_panel, *self.children[2:]]
        self.add_class("dk-rules")
        self.render()
        self.show_design_tables()
        if hasattr(params_source, "on_change"):
            params_source.on_change(lambda _p: self.show_design_tables())

    def _head_html(self, lang: str = "en") -> str:
        g = self.game
        titles = (f"{escape(g.title_ja)} / {escape(g.title)}" if lang == "ja" else
                  f"{escape(g.title)} / {escape(g.title_ja)}")
        count = words(f"{g.min_players}–{g.max_players} players · {len(self.rules)} rules",
                      f"{g.min_players}〜{g.max_players}人 · ルール {len(self.rules)} 件", lang)
        return f"<h3>{titles}</h3><div class='dk-help'>{count}</div>"

    def matching(self, query: str) -> list[dict[str, str]]:
        """Rows whose ID, title, English text or Japanese quote contains ``query`` (NFKC)."""
        q = fold(query.strip())
        return [r for r, f in zip(self.rules, self._folded, strict=True)
                if not q or any(q in v for v in f.values())]

    def render(self) -> None:
        rows = [[f'<code class="dk-rule">{escape(r.get("rule_id", ""))}</code>',
                 escape(r.get("title_en") or ""), escape(r.get("text_en") or ""),
                 f'<span lang="ja">{escape(r.get("quote_ja") or "")}</span>']
                for r in self.matching(self.search.value)]
        lang = lang_of(self)
        if not rows:
            self.table.value = words("<i>no rule matches</i>", "<i>該当するルールなし</i>", lang)
            return
        if lang == "ja":  # the draft's words first
            rows = [[r[0], r[3], r[1], r[2]] for r in rows]
            head = ["ルール", "草案（日本語）", "見出し（英語）", "本文（英語）"]
        else:
            head = ["rule", "title", "text", "draft (日本語)"]
        self.table.value = html_table(head, rows)

    def show_design_tables(self) -> None:
        """The game's design tables for the current parameters (none: nothing shown)."""
        params, _errors = params_of(self.params_source, self.game)
        tables = list(self.game.design_tables(params) or [])
        old = self.tables_box.children
        lang = lang_of(self)
        self._tables, self._drawn = tables, {}
        views: list[widgets.Widget] = [DesignTableView(t, lang) for t in tables]
        figures = self._figures(lang)
        if figures:
            if self.charts is None:
                from ._util import chart_grid

                # drawn when scrolled to: built with the lab, drawn at once they made
                # the page evaluate plotly.js (2.6-4 s) before its first click was answered
                self.charts = chart_grid(on_screen=True)
            self.charts.show(figures)
            self._charts_lang = lang
            views.append(self.charts)
        if tables:
            views.insert(0, widgets.HTML(words("<h3>Design tables</h3>", "<h3>設計用の表</h3>",
                                               lang)))
        self.tables_box.children = views
        for widget in old:
            if widget is not self.charts:
                widget.close()

    def _figures(self, lang: str) -> dict[str, Any]:
        """The tables' charts by name, each as the game drew it for ``lang`` (a Japanese
        figure the game draws on demand, once: ``DesignTable.figure_in``)."""
        for i, t in enumerate(self._tables):
            if t.figure is not None and (i, lang) not in self._drawn:
                self._drawn[i, lang] = t.figure_in(lang)
        return {f"design{i}": self._drawn[i, lang] for i, t in enumerate(self._tables)
                if t.figure is not None}

    def _dk_relabel(self, lang: str) -> None:
        """The design charts in ``lang`` (the tables relabel themselves)."""
        if self.charts is not None and lang != self._charts_lang:
            self.charts.show(self._figures(lang))
            self._charts_lang = lang
