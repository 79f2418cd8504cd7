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
    """One design table: title, note, a sort control and the table itself."""

    def __init__(self, table: Any, lang: str = "en") -> None:
        super().__init__()
        self.table = table
        frame = table.frame
        columns = [str(c) for c in frame.columns]
        self.sort_by = widgets.Dropdown(options=[("(as given)", "")] + [(c, c) for c in columns],
                                        value="", description="Sort by",
                                        layout=widgets.Layout(width="260px"))
        self.descending = widgets.ToggleButton(value=False, description="descending",
                                               layout=widgets.Layout(width="110px"))
        self.html = widgets.HTML()
        self.html.add_class("dk-design-table")
        self.sort_by.observe(lambda _c: self.render(), names="value")
        self.descending.observe(lambda _c: self.render(), names="value")
        title = table.title_ja if lang == "ja" and table.title_ja else table.title
        note = f"<div class='dk-note'>{escape(table.note)}</div>" if table.note else ""
        self.children = [widgets.HTML(f"<h4>{escape(title)} <span lang='ja' class='dk-help'>"
                                      f"{escape(table.title_ja or '')}</span></h4>{note}"),
                         widgets.HBox([self.sort_by, self.descending]), self.html]
        self.add_class("dk-design-table-view")
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
        frame = self.rows()
        cols = list(frame.columns)
        body = [[_cell(v) for v in row] for row in frame.itertuples(index=False)]
        self.html.value = html_table([escape(str(c)) for c in cols], body)


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
        self.head = widgets.HTML(self._head_html())
        self.children = [style_widget(), self.head, self.search, self.table, self.tables_box]
        self.print_panel: PrintPanel | None = None
        if printable(self.game):
            self.print_panel = PrintPanel(self.game, params_source)
            self.children = (*self.children[:2], self.print_panel, *self.children[2:])
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

    def _dk_relabel(self, lang: str) -> None:
        """The title and the table's head in ``lang`` (:mod:`.i18n`)."""
        self.head.value = self._head_html(lang)
        self.render()

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
        views: list[widgets.Widget] = [DesignTableView(t) for t in tables]
        figures = {f"design{i}": t.figure for i, t in enumerate(tables) if t.figure is not None}
        if figures:
            if self.charts is None:
                from ._util import chart_grid

                # drawn when scrolled to: built with the lab, drawn at once they made
                # the page evaluate plotly.js (2.6-4 s) before its first click was answered
                self.charts = chart_grid(on_screen=True)
            self.charts.show(figures)
            views.append(self.charts)
        if tables:
            views.insert(0, widgets.HTML("<h3>Design tables</h3>"))
        self.tables_box.children = views
        for widget in old:
            if widget is not self.charts:
                widget.close()
