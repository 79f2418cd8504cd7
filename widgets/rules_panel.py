"""RulesPanel: the game's rule texts as a searchable table (English and the draft's Japanese).

Reads ``data/<game>/rules.csv`` through ``Game.rule_texts`` only, so every game
with a rules file gets the tab; the log's rule IDs point into the same rows.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from designkit.core.game import Game
from designkit.core.registry import get_game

from ._util import html_table, style_widget


class RulesPanel(widgets.VBox):
    """Title, a search box and the rules table filtered by it (ID, title, English, Japanese)."""

    def __init__(self, game: Game | str) -> None:
        super().__init__()
        self.game = get_game(game)
        self.rules = list(self.game.rule_texts().values())
        self.search = widgets.Text(placeholder="search rule ID or text (English or 日本語)",
                                   description="Search", layout=widgets.Layout(width="420px"))
        self.table = widgets.HTML()
        self.table.add_class("dk-rules-table")
        self.search.observe(lambda _c: self.render(), names="value")
        self.children = [
            style_widget(),
            widgets.HTML(f"<h3>{escape(self.game.title)} / {escape(self.game.title_ja)}</h3>"
                         f"<div class='dk-help'>{self.game.min_players}–"
                         f"{self.game.max_players} players · {len(self.rules)} rules</div>"),
            self.search, self.table]
        self.add_class("dk-rules")
        self.render()

    def matching(self, query: str) -> list[dict[str, str]]:
        """Rows whose ID, title, English text or Japanese quote contains ``query``."""
        q = query.strip().lower()
        keys = ("rule_id", "title_en", "text_en", "quote_ja")
        return [r for r in self.rules if not q or any(q in (r.get(k) or "").lower()
                                                      for k in keys)]

    def render(self) -> None:
        rows = [[f'<code class="dk-rule">{escape(r.get("rule_id", ""))}</code>',
                 escape(r.get("title_en") or ""), escape(r.get("text_en") or ""),
                 f'<span lang="ja">{escape(r.get("quote_ja") or "")}</span>']
                for r in self.matching(self.search.value)]
        if not rows:
            self.table.value = "<i>no rule matches</i>"
            return
        self.table.value = html_table(["rule", "title", "text", "draft (日本語)"], rows)
