"""The Playtests tab and the Play tab's offer to journal a game people played.

* :class:`PlaytestOffer` sits under the stepper: when a game with at least one human seat
  reaches its end it asks, with one button, whether to keep it in the journal (the full
  record is kept beside the row, so it replays). Nothing is written without that click;
  a new game, an undo or a game of bots only hides the offer again. The stepper tells it
  through its ``on_game_over`` hook, the one place human play ends.
* :class:`PlaytestsPanel` lists the journal's games (and one line per row it could not
  read), takes a paper playtest in a small form whose columns are the game's own scoring
  sources, and puts the bots' prediction for the same rules beside the playtests'
  values, each with its interval (:mod:`designkit.playtests.compare`).

The journal is a folder of the designer's (``playtests/<game>/`` beside the project's
``data/``; ``DESIGNKIT_PLAYTESTS`` picks another), shared with ``designkit playtests``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from designkit.core.errors import DesignkitError
from designkit.core.game import Game
from designkit.core.messages import text_of
from designkit.core.seats import player_count, seat_label
from designkit.playtests.charts import TITLE as CAL_TITLE
from designkit.playtests.charts import X_TITLE as CAL_X
from designkit.playtests.charts import Y_TITLE as CAL_Y
from designkit.playtests.journal import Journal
from designkit.playtests.schema import HUMAN, Playtest

from ._util import show_message, shows_errors, style_widget
from .i18n import JA, PATTERNS, words

BOT_LEVELS = ("greedy", "random", "mcts:50")
OFFER_NOTE = ("<b>This game had a human seat.</b> Keep it in the playtest journal, beside the "
              "bots' prediction? (nothing is saved unless you press the button)")
NO_GAMES = ("<i>No playtests yet: finish a game with a human seat in Play, or enter one "
            "below.</i>")
BESIDE = ("<b>Beside the bots</b>: the bots' prediction for the same rules and player count, "
          "with 95 % intervals")
PAPER = "<b>Enter a paper playtest</b>"
DATE_HINT = "e.g. 2026-12-07 (empty: today)"
SURPRISES = ("<b>The playtests that surprise the bots most</b> (−Σ log10 p over the winner's "
             "turn position, end, length and margin; lab games open in Play)")

JA.update({
    "Playtests": "プレイテスト", "<i>Playtests opens here …</i>": "<i>プレイテストはここに開きます …</i>",
    OFFER_NOTE: "<b>人間の席があるゲームでした。</b>ボットの予測と並べるため、プレイテストの記録帳に"
                "残しますか？（ボタンを押さない限り何も保存しません）",
    NO_GAMES: "<i>まだプレイテストがありません：プレイタブで人間の席のあるゲームを終えるか、下で"
              "入力してください。</i>",
    BESIDE: "<b>ボットと並べる</b>：同じルールと人数でのボットの予測（95 %区間つき）",
    PAPER: "<b>紙のプレイテストを入力</b>",
    SURPRISES: "<b>ボットがいちばん驚くプレイテスト</b>（勝者の手番順・終わり方・長さ・差の −Σ log10 p。"
               "ラボのゲームはプレイタブで開けます）",
    CAL_TITLE: "較正：ボットの予測に対するプレイテスト", CAL_X: "ボットの予測（ゲームの割合）",
    CAL_Y: "プレイテスト（ゲームの割合）",
    "people chose": "人が選んだもの", "same as greedy": "貪欲と同じ",
    "greedy preferred instead": "貪欲が代わりに選んだもの", "phase": "段階",
    "Open in Play": "プレイで開く", "Bots on the same deal": "同じ配りでボットが遊ぶ", "Notes": "メモ", "notes (optional)": "メモ（任意）",
    "Save to playtest journal": "プレイテストの記録帳に保存", "Reload": "再読み込み",
    "Journal": "記録帳", "Compare with the bots": "ボットと比べる", "Date": "日付",
    DATE_HINT: "例 2026-12-07（空欄：今日）", "Start": "開始", "Winner": "勝者",
    "top score": "最高得点", "Minutes": "分", "End": "終了", "e.g. 27, deck_out": "例：27、deck_out",
    "Add to journal": "記録帳に追加", "no playtests in the journal yet": "記録帳にまだプレイテストがありません",
    "only a finished game with a human seat can be journaled":
        "記録帳に残せるのは、人間の席があり終わったゲームだけです",
})
PATTERNS.extend([
    (re.compile(r": (\d+) games"), r"：\1 ゲーム"),
    (re.compile(r"saved as (\S+) in (.+)"), r"\1 として \2 に保存しました"),
    (re.compile(r"added (\S+)"), r"\1 を追加しました"),
    (re.compile(r"the bots play (\d+) games per rule set …"), r"ボットがルールごとに \1 ゲーム遊びます …"),
    (re.compile(r"(\d+) rule set\(s\) compared"), r"\1 つのルールで比べました"),
])


def _box(children: list[widgets.Widget], css: str = "") -> widgets.HBox:
    box = widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap",
                                                       align_items="center",
                                                       grid_gap="4px 8px"))
    if css:
        box.add_class(css)
    return box


class PlaytestOffer(widgets.VBox):
    """"Save this game to the playtest journal", shown when a human game has ended."""

    def __init__(self, stepper: Any, journal: Callable[[], Journal]) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self.stepper, self.journal = stepper, journal
        self.note = widgets.HTML()
        self.notes = widgets.Text(placeholder="notes (optional)", description="Notes",
                                  layout=widgets.Layout(width="360px"))
        self.save_button = widgets.Button(description="Save to playtest journal",
                                          icon="book", button_style="info",
                                          layout=widgets.Layout(width="auto"))
        self.save_button.add_class("dk-journal-save")
        self.save_button.on_click(lambda _b: self.save())
        self.status = widgets.HTML()
        self.status.add_class("dk-journal-status")
        self._saved: Callable[[Playtest], None] | None = None
        self.children = [self.note, _box([self.notes, self.save_button]), self.status]
        self.add_class("dk-journal-offer")
        stepper.on_game_over(self.game_over)

    def on_saved(self, callback: Callable[[Playtest], None]) -> None:
        self._saved = callback

    def game_over(self, over: bool) -> None:
        """The stepper's hook: show the offer at the end of a game with a human seat."""
        s = self.stepper.session
        human = HUMAN in s.controllers
        self.layout.display = "" if over and human else "none"
        if over and human:
            self.note.value = OFFER_NOTE
            self.status.value = ""
            self.save_button.disabled = False

    @shows_errors("status")
    def save(self) -> Playtest | None:
        """Journal the game the stepper shows (it must be over and have a human seat)."""
        from designkit.playtests.entries import from_record

        s = self.stepper.session
        if not s.is_over or HUMAN not in s.controllers:
            raise DesignkitError("only a finished game with a human seat can be journaled")
        record = s.to_record()
        journal = self.journal()
        pt = journal.add([from_record(record, notes=self.notes.value.strip())],
                         {0: record})[0]
        self.save_button.disabled = True
        show_message(self.status, f"saved as {pt.game_id} in {journal.folder}")
        if self._saved is not None:
            self._saved(pt)
        return pt


class PlaytestsPanel(widgets.VBox):
    """The journal of ``game``: its games, a form for a paper game, the bots beside them."""

    def __init__(self, game: Game, params_source: Any, journal: Callable[[], Journal]) -> None:
        super().__init__()
        self.game, self.params_source, self.journal = game, params_source, journal
        self.where = widgets.HTML()
        self.refresh_button = widgets.Button(description="Reload", icon="refresh",
                                             layout=widgets.Layout(width="auto"))
        self.refresh_button.on_click(lambda _b: self.refresh())
        self.games_html = widgets.HTML()
        self.games_html.add_class("dk-playtests-list")
        self.problems = widgets.HTML()
        self.problems.add_class("dk-playtests-problems")
        self.form = PaperForm(game, params_source)
        self.form.on_add(self._add_paper)
        self.agent = widgets.Dropdown(options=BOT_LEVELS, value="greedy", description="Bots",
                                      layout=widgets.Layout(width="200px"))
        self.bot_games = widgets.BoundedIntText(value=200, min=10, max=5000, description="games",
                                                layout=widgets.Layout(width="170px"))
        self.bot_games.add_class("dk-playtests-bot-games")
        self.compare_button = widgets.Button(description="Compare with the bots",
                                             icon="balance-scale", button_style="primary",
                                             layout=widgets.Layout(width="auto"))
        self.compare_button.add_class("dk-playtests-compare")
        self.compare_button.on_click(lambda _b: self.compare())
        self.status = widgets.HTML()
        self.status.add_class("dk-status")
        self.prediction = widgets.HTML()
        self.prediction.add_class("dk-playtests-prediction")
        self.loaded: list[Playtest] = []
        from .chart_grid import ChartGrid

        self.charts = ChartGrid()
        self.charts.add_class("dk-playtests-charts")
        self.surprise_box = widgets.VBox()
        self.surprise_box.add_class("dk-playtests-surprises")
        self._opener: Callable[[Path, bool], None] | None = None
        self.children = [style_widget(), _box([self.where, self.refresh_button]),
                         self.problems, self.games_html,
                         widgets.HTML(BESIDE),
                         _box([self.agent, self.bot_games, self.compare_button]),
                         self.status, self.prediction, self.charts, self.surprise_box,
                         widgets.HTML(PAPER), self.form]
        self.add_class("dk-playtests")
        self.refresh()

    def refresh(self) -> None:
        """Read the journal again (a row fixed by hand, a game saved from Play)."""
        journal = self.journal()
        try:
            loaded = journal.load()
        except DesignkitError as err:
            show_message(self.status, text_of(err), error=True)
            return
        self.loaded = loaded.games
        self.where.value = (f"<span>Journal</span> <code>{escape(str(journal.folder))}</code>"
                            f"<span>: {len(loaded.games)} games</span>")
        self.problems.value = "".join(f"<div class='dk-error'>{escape(p)}</div>"
                                      for p in loaded.problems)
        self.games_html.value = games_table(loaded.games)

    def on_open(self, callback: Callable[[Path, bool], None]) -> None:
        """``callback(record_path, bots)``: open a lab playtest in Play (``bots``: the
        bots' own game on the same deal instead); the lab sets it."""
        self._opener = callback

    def _show_surprises(self, blocks: list[Any]) -> None:
        from designkit.playtests.compare import surprises

        rows: list[widgets.Widget] = [widgets.HTML(SURPRISES)]
        journal = self.journal()
        for block in blocks:
            for found in surprises(block, most=3):
                pt = found.playtest
                text = widgets.HTML(f"<code>{escape(pt.game_id)}</code> {found.score:.2f} · "
                                    + escape("; ".join(found.reasons) or "nothing stands out")
                                    + f" <small>({escape(block.agent)})</small>")
                buttons: list[widgets.Widget] = []
                path = journal.record_path(pt)
                if path is not None and path.is_file() and self._opener is not None:
                    for label, bots in (("Open in Play", False), ("Bots on the same deal",
                                                                   True)):
                        button = widgets.Button(description=label, layout=widgets.Layout(
                            width="auto"))
                        button.add_class("dk-playtests-open")
                        button.on_click(lambda _b, p=path, b=bots: self._open(p, b))
                        buttons.append(button)
                rows.append(_box([text, *buttons]))
        old, self.surprise_box.children = self.surprise_box.children, rows
        for widget in old:
            widget.close()

    def _open(self, path: Path, bots: bool) -> None:
        if self._opener is not None:
            self._opener(path, bots)

    def _add_paper(self, pt: Playtest) -> Playtest:
        written = self.journal().add([pt])[0]
        self.refresh()
        return written

    @shows_errors("status")
    def compare(self) -> None:
        """The bots' prediction beside the journal's games, rule set by rule set."""
        from designkit.playtests.compare import compare

        self.refresh()
        if not self.loaded:
            raise DesignkitError("no playtests in the journal yet")
        show_message(self.status, f"the bots play {self.bot_games.value} games per rule set …")
        blocks = compare(self.game, self.loaded, [self.agent.value], self.bot_games.value)
        self.prediction.value = "".join(block_html(b) for b in blocks) + \
            differently_html(self.journal(), self.loaded)
        self._show_surprises(blocks)
        from designkit.playtests.charts import calibration_figure

        from ._util import show_figures

        show_figures(self.charts, {"calibration": calibration_figure(blocks)})
        show_message(self.status, f"{len(blocks)} rule set(s) compared")


class PaperForm(widgets.VBox):
    """A paper playtest: date, players, start seat, turns, minutes, end reason, then a row
    per seat (name, score, the game's scoring sources), winner and notes; Add checks every
    field and says what is wrong in one line, saving nothing then."""

    def __init__(self, game: Game, params_source: Any) -> None:
        super().__init__()
        self.game, self.params_source = game, params_source
        self._add: Callable[[Playtest], Playtest] | None = None
        self.date = widgets.Text(description="Date", placeholder=DATE_HINT,
                                 layout=widgets.Layout(width="230px"))
        self.start = widgets.Dropdown(description="Start", layout=widgets.Layout(width="150px"))
        self.winner = widgets.Dropdown(description="Winner",
                                       layout=widgets.Layout(width="170px"))
        self.turns = widgets.Text(description="Turns", layout=widgets.Layout(width="150px"))
        self.minutes = widgets.Text(description="Minutes", layout=widgets.Layout(width="160px"))
        self.end = widgets.Text(description="End", placeholder="e.g. 27, deck_out",
                                layout=widgets.Layout(width="220px"))
        self.notes = widgets.Text(description="Notes", layout=widgets.Layout(width="95%"))
        for name in ("date", "start", "winner", "turns", "minutes", "end", "notes"):
            getattr(self, name).add_class(f"dk-paper-{name}")
        self.seats = widgets.VBox()
        self.seats.add_class("dk-paper-seats")
        self.add_button = widgets.Button(description="Add to journal", icon="plus",
                                         button_style="success",
                                         layout=widgets.Layout(width="auto"))
        self.add_button.add_class("dk-paper-add")
        self.add_button.on_click(lambda _b: self.submit())
        self.status = widgets.HTML()
        self.status.add_class("dk-paper-status")
        self.children = [_box([self.date, self.start, self.turns, self.minutes, self.end]),
                         self.seats, _box([self.winner]), self.notes,
                         _box([self.add_button, self.status])]
        self.add_class("dk-paper-form")
        self.build_seats()

    def on_add(self, callback: Callable[[Playtest], Playtest]) -> None:
        self._add = callback

    def params(self) -> Any:
        from ._util import checked_params

        return checked_params(self.params_source, self.game)

    def build_seats(self) -> None:
        """A row per seat at the player count of the lab's parameters."""
        try:
            n = player_count(self.params())
        except DesignkitError:
            n = player_count(self.game.params_type())
        labels = [seat_label(s) for s in range(n)]
        self.start.options = [("—", "")] + [(x, x) for x in labels]
        self.winner.options = [("top score", "")] + [(x, x) for x in labels]
        sources = list(self.game.VP_SOURCE_LABELS.items())
        self.head = widgets.HTML()
        rows: list[widgets.Widget] = [self.head]
        self.cells: list[dict[str, widgets.Text]] = []
        for label in labels:
            cells = {"player": widgets.Text(placeholder="name", layout=widgets.Layout(
                         width="110px")),
                     "score": widgets.Text(placeholder="score", layout=widgets.Layout(
                         width="70px"))}
            for key, _labels in sources:
                cells[key] = widgets.Text(layout=widgets.Layout(width="90px"))
            for name, cell in cells.items():
                cell.add_class(f"dk-paper-{name}")
            self.cells.append(cells)
            rows.append(_box([widgets.HTML(f"<b>{label}</b>"), *cells.values()],
                             "dk-paper-seat"))
        self.seats.children = rows
        self._dk_relabel(getattr(self, "_dk_lang", "en"))

    def _dk_relabel(self, lang: str) -> None:
        """The seat rows' heading and each source box in ``lang``: the draft's own names
        of its scoring sources (``VP_SOURCE_LABELS``), so the form reads like its sheet."""
        sources = self.game.VP_SOURCE_LABELS
        names = [ja if lang == "ja" else en for en, ja in sources.values()]
        self.head.value = "<small>" + escape(words(
            "seat · name (optional) · score · VP by source: ", "席・名前（任意）・得点・得点源ごとの"
            "VP：", lang) + " · ".join(names)) + "</small>"
        for cells in self.cells:
            for key, name in zip(sources, names, strict=True):
                cells[key].placeholder = cells[key].tooltip = name

    @shows_errors("status")
    def submit(self) -> Playtest | None:
        """Check every field; add the game (one line naming the first bad field if not)."""
        from designkit.playtests.entries import paper_game
        from designkit.playtests.schema import parse_number, parse_seat

        params = self.params()
        if len(self.cells) != player_count(params):
            self.build_seats()
            raise DesignkitError("the player count changed: the seats were laid out again")

        def number(text: str, field: str, whole: bool = False) -> float | None:
            if not text.strip():
                return None
            try:
                return parse_number(text, whole, 0 if field in ("Turns", "Minutes") else None)
            except ValueError as err:
                raise DesignkitError(f"{field}: {err}") from None

        scores, vp = [], []
        for seat, cells in enumerate(self.cells):
            score = number(cells["score"].value, f"{seat_label(seat)} score")
            if score is None:
                raise DesignkitError(f"{seat_label(seat)} score: empty (every seat has one)")
            scores.append(score)
            vp.append({k: v for k in self.game.VP_SOURCE_LABELS
                       if (v := number(cells[k].value, f"{seat_label(seat)} {k}")) is not None})
        turns = number(self.turns.value, "Turns", whole=True)
        try:
            pt = paper_game(self.game, params, scores, vp,
                            [c["player"].value.strip() for c in self.cells],
                            winner=parse_seat(self.winner.value) if self.winner.value else None,
                            start_seat=parse_seat(self.start.value) if self.start.value
                            else None, turns=None if turns is None else int(turns),
                            minutes=number(self.minutes.value, "Minutes"),
                            end_reason=self.end.value.strip(), notes=self.notes.value.strip(),
                            date=self.date.value.strip() or None)
        except ValueError as err:
            raise DesignkitError(str(err)) from None
        if self._add is None:
            return pt
        written = self._add(pt)
        show_message(self.status, f"added {written.game_id}")
        for cells in self.cells:
            for cell in cells.values():
                cell.value = ""
        return written


# -- tables -------------------------------------------------------------------------------
def games_table(games: list[Playtest]) -> str:
    if not games:
        return NO_GAMES
    rows = []
    for pt in games:
        scores = " · ".join(f"{seat_label(s.seat)} {s.score:g}"
                            + (f" ({escape(s.player)})" if s.player else "")
                            + ("" if s.controller == HUMAN else f" [{escape(s.controller)}]")
                            for s in pt.seats)
        rows.append(f"<tr><td>{escape(pt.game_id)}</td><td>{escape(pt.date)}</td>"
                    f"<td>{escape(pt.source)}</td><td>{escape(pt.variant)}, "
                    f"{pt.players}p</td><td>{'' if pt.start_seat is None else seat_label(pt.start_seat)}"
                    f"</td><td>{scores}</td><td>{seat_label(pt.winner)}</td>"
                    f"<td>{'' if pt.turns is None else pt.turns}</td>"
                    f"<td>{escape(pt.end_reason)}</td><td>{escape(pt.notes)}</td></tr>")
    return ("<table class='dk-table dk-playtests-games'><tr><th>game</th><th>date</th>"
            "<th>source</th><th>rules</th><th>start</th><th>scores</th><th>winner</th>"
            "<th>turns</th><th>end</th><th>notes</th></tr>" + "".join(rows) + "</table>")


def differently_html(journal: Journal, games: list[Playtest]) -> str:
    """Where people chose otherwise than greedy (lab games with their records), as a table:
    per phase and kind of the person's action, how often greedy agreed (exact interval)."""
    from designkit.playtests.decisions import agreement, agreement_text, journal_decisions

    found, used = journal_decisions(journal, games)
    rows = agreement(found)
    if not rows:
        return ""
    head = escape(agreement_text(rows, used).splitlines()[0])
    body = "".join(
        f"<tr><td>{escape(r.phase)}</td><td>{escape(r.kind)}</td><td>{r.agreed}/{r.decisions}"
        f" [{100 * r.lo:.0f}, {100 * r.hi:.0f}] %</td><td>"
        f"{escape(', '.join(f'{k} ×{n}' for k, n in r.instead) or '—')}</td></tr>"
        for r in rows)
    return (f"<div class='dk-playtests-differently'><p><b>{head}</b></p>"
            f"<table class='dk-table'><tr><th>phase</th><th>people chose</th><th>same as "
            f"greedy</th><th>greedy preferred instead</th></tr>{body}</table></div>")


def block_html(block: Any) -> str:
    from designkit.playtests.compare import p_text, show

    head = escape(block.text().splitlines()[0])
    rows = []
    for line in block.lines:
        css = {"differs": "dk-differs", "consistent": "dk-consistent"}.get(line.verdict, "")
        p = escape(p_text(line))
        rows.append(f"<tr class='{css}'><td>{escape(line.metric.label)}</td>"
                    f"<td>{escape(show(line.bots, line.metric))}</td>"
                    f"<td>{escape(show(line.playtests, line.metric))}</td>"
                    f"<td>{p}</td><td><b>{escape(line.verdict)}</b></td></tr>")
    foot = escape(block.text().splitlines()[-1])
    return (f"<div class='dk-playtests-block'><p><b>{head}</b></p>"
            f"<table class='dk-table'><tr><th>metric</th><th>bots ({escape(block.agent)}) "
            f"[95%]</th><th>playtests [95%]</th><th>p (Holm)</th><th>reading</th></tr>"
            + "".join(rows) + f"</table><p><small>{foot}</small></p></div>")
