"""Stepper: play or watch one game step by step, with undo, redo and a timeline.

All game logic lives in :class:`designkit.session.Session`; this panel
only turns clicks into session calls and re-renders (board from the game's own
``view``, where a clicked card or cell is the move; legal actions as buttons too; the
event log with its rule texts), so it works for every registered game.

Playtesting with hidden information: the board, the log and the timeline show what
the seat chosen in "View as" may see (:func:`designkit.core.events.log_for`); a human
seat views its own seat by default, and the designer's all-seeing view is one choice
away. "bots move on their own" plays chance and bot steps at the chosen pace in the
background and stops at a human decision.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from designkit.core.errors import DesignkitError
from designkit.core.events import Event
from designkit.core.game import CHANCE, Game
from designkit.core.messages import text_of
from designkit.core.params import Params
from designkit.core.records import load_record, save_record
from designkit.core.registry import get_game
from designkit.session import HUMAN, Session, seat_count

from ._util import close_tree, held, show_message, shows_errors, style_widget
from .board_view import BoardView, action_key, board_titles
from .i18n import LANGS, relabel, tr
from .log_view import LOG_LIMIT, log_html

# "mcts:0.1s" is the strongest opponent to playtest against: a tenth of a second per move.
# Its moves depend on the machine's speed, not only the seed; the steps are recorded, so
# undo, redo and a saved record still give this game back.
CONTROLLERS = (HUMAN, "random", "greedy", "mcts:200", "mcts:0.1s")
_ALL = "all"
MAX_SEED = 2**64 - 1  # a simulation's game seeds are 64-bit (designkit.sim.runner.game_seed)


class SeedText(widgets.Text):
    """The seed box. A game opened from a simulation has a 64-bit seed, more digits than a
    browser number (an IntText) holds exactly, so the digits travel as text; an int
    assigned from Python is written out."""

    value = traitlets.CUnicode(help="the seed's digits").tag(sync=True)

    @property
    def seed(self) -> int:
        """The seed typed, or a one-line error naming the allowed range."""
        try:
            seed = int(str(self.value).strip())
        except ValueError:
            seed = -1
        if not 0 <= seed <= MAX_SEED:
            raise DesignkitError(f"Seed: {self.value} is not a whole number 0–{MAX_SEED}")
        return seed


_UI = {
    "new": ("New game", "新しいゲーム"), "step": ("Step", "1手進める"),
    "advance": ("To next human decision", "次の人間の手番まで"),
    "end": ("Play to end", "最後まで"), "undo": ("Undo", "元に戻す"), "redo": ("Redo", "やり直す"),
    "save": ("Save record", "記録を保存"), "load": ("Load record", "記録を読み込む"),
    "earlier": ("◀ earlier", "◀ 前"), "later": ("later ▶", "次 ▶"), "seed": ("Seed", "シード"),
    "view_as": ("View as", "視点"), "auto": ("bots move on their own", "ボットが自動で進める"),
    "pace": ("pace (s)", "間隔（秒）"), "timeline": ("Step", "ステップ"), "record": ("Record", "記録"),
    "decisions": ("<b>Decisions</b> (or click the board)", "<b>選択肢</b>（盤面もクリックできます）"),
    "log": ("<b>Event log</b> (click an entry for its rule)",
            "<b>イベントログ</b>（項目をクリックするとルールを表示）"),
    "chance": ("chance step next (Step draws it)", "次は偶然の手順（「1手進める」で引く）"),
    "over": ("Game over.", "ゲーム終了。"),
    "no_decision": ("No human decision now: use Step.", "今は人間の選択はありません：「1手進める」を押してください。"),
    "not_yours": ("{seat} decides now; its options are its own: choose {seat} (or the designer) "
                  "in View as to see them.",
                  "いまは{seat}の選択です。選択肢は{seat}だけのものなので、視点で{seat}（またはデザイナー）"
                  "を選ぶと表示されます。"),
}


def _ui(key: str, lang: str) -> str:
    """The stepper's own words in ``lang`` ("en" or "ja")."""
    en, ja = _UI[key]
    return ja if lang == "ja" else en


class Stepper(widgets.VBox):
    """One game in progress for ``game``; seats are played by humans or bots."""

    def __init__(self, game: Game | str, params: Params | None = None, seed: int = 0,
                 controllers: Sequence[str] | None = None, lang: str = "en",
                 record_path: str = "record.json") -> None:
        super().__init__()
        self.game = get_game(game)
        params = params if params is not None else self.game.params_type()
        n = seat_count(self.game, params)
        controllers = list(controllers) if controllers else [HUMAN] + ["random"] * (n - 1)
        self.params = params  # what New game plays with
        self.session = Session(self.game, params, seed, controllers)
        self.action_buttons: list[widgets.Button] = []
        self._shown_actions: tuple = ()
        #: called before New game; raises DesignkitError while the parameter editor shows
        #: errors (the lab sets it), so New game refuses instead of silently starting with
        #: the last valid values
        self.params_check: Callable[[], Any] | None = None
        self._lock = threading.RLock()  # the session is shared with the auto-play thread
        self._auto_thread: threading.Thread | None = None
        self._log_page: int | None = None  # None: follow the newest events
        self._build(seed, lang, record_path)
        self._relabel()
        self._view_as_human()
        self.add_class("dk-stepper")
        self.render()

    # -- layout ---------------------------------------------------------------------------------
    def _button(self, text: str, css: str, handler, icon: str = "") -> widgets.Button:
        button = widgets.Button(description=text, icon=icon,
                                layout=widgets.Layout(width="auto"))
        button.add_class(css)
        button.on_click(lambda _b: handler())
        return button

    def _build(self, seed: int, lang: str, record_path: str) -> None:
        self.seed_input = SeedText(value=str(seed), description="Seed",
                                   layout=widgets.Layout(width="290px"))
        self.new_button = self._button("New game", "dk-new", self.new_game, "refresh")
        self.viewer = widgets.Dropdown(description="View as")
        self.lang = widgets.ToggleButtons(options=LANGS, value=lang,
                                          style={"button_width": "70px"})
        self.lang.add_class("dk-lang")
        self.lang._dk_fixed = True  # each language in its own words
        self.controller_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.controller_box.add_class("dk-controllers")
        self.step_button = self._button("Step", "dk-step", self.step, "step-forward")
        self.advance_button = self._button("To next human decision", "dk-advance",
                                           self.advance, "forward")
        self.end_button = self._button("Play to end", "dk-play-to-end", self.play_to_end,
                                       "fast-forward")
        self.undo_button = self._button("Undo", "dk-undo", self.undo, "undo")
        self.redo_button = self._button("Redo", "dk-redo", self.redo, "repeat")
        self.auto = widgets.Checkbox(value=False, description="bots move on their own",
                                     indent=False, layout=widgets.Layout(width="auto"))
        self.auto.add_class("dk-auto")
        self.pace = widgets.FloatSlider(value=0.5, min=0.0, max=3.0, step=0.1,
                                        description="pace (s)", readout_format=".1f",
                                        continuous_update=False,
                                        layout=widgets.Layout(width="260px"))
        self.pace.add_class("dk-pace")
        self.timeline = widgets.IntSlider(min=0, max=0, description="Step",
                                          continuous_update=False,
                                          layout=widgets.Layout(width="95%"))
        self.timeline.add_class("dk-timeline")
        self.status = widgets.HTML()
        self.status.add_class("dk-status")
        self.playing = widgets.HTML()   # what is played: the lab fills it (widgets.playing)
        self.playing.add_class("dk-playing")
        self.name_params: Callable[[Params, str], str] | None = None
        self.message = widgets.HTML(layout=widgets.Layout(display="none"))
        self.board = BoardView()
        self.board.add_class("dk-board")
        self.board.on_pick(self._picked)
        self.actions = widgets.VBox()
        self.actions.add_class("dk-actions")
        self.log_view = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.log_view.add_class("dk-log")
        self.log_earlier = self._button("◀ earlier", "dk-log-earlier",
                                        lambda: self._page_log(-1))
        self.log_later = self._button("later ▶", "dk-log-later", lambda: self._page_log(+1))
        self.log_where = widgets.HTML()
        self.log_where.add_class("dk-log-where")
        self.record_path = widgets.Text(value=record_path, description="Record")
        self.save_button = self._button("Save record", "dk-save-record", self.save_record,
                                        "save")
        self.load_button = self._button("Load record", "dk-load-record", self.load_record,
                                        "folder-open")
        self._no_actions = widgets.HTML()
        self._build_seats()
        self.viewer.observe(lambda _c: self.render(), names="value")
        self.lang.observe(lambda _c: self._lang_changed(), names="value")
        self.timeline.observe(self._on_timeline, names="value")
        self.auto.observe(lambda change: self._auto_changed(change.new), names="value")
        self.decisions_head = widgets.HTML(_ui("decisions", lang))
        self.log_head = widgets.HTML(_ui("log", lang))
        left = widgets.VBox([self.board, self.decisions_head, self.actions],
                            layout=widgets.Layout(flex="1 1 520px", min_width="0"))
        right = widgets.VBox([self.log_head,
                              widgets.HBox([self.log_earlier, self.log_where, self.log_later],
                                           layout=widgets.Layout(align_items="center")),
                              self.log_view],
                             layout=widgets.Layout(flex="1 1 340px", min_width="0"))
        self.children = [
            style_widget(),
            widgets.HBox([self.seed_input, self.new_button, self.viewer, self.lang],
                          layout=widgets.Layout(flex_flow="row wrap")),
            self.controller_box,
            widgets.HBox([self.step_button, self.advance_button, self.end_button,
                          self.undo_button, self.redo_button, self.auto, self.pace],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.timeline, self.playing, self.status, self.message,
            widgets.HBox([left, right], layout=widgets.Layout(flex_flow="row wrap",
                                                              grid_gap="8px")),
            widgets.HBox([self.record_path, self.save_button, self.load_button])]

    def _relabel(self) -> None:
        """Every label of the stepper in the chosen language (日本語 switches them all)."""
        lang = self.lang.value
        for widget, key in ((self.new_button, "new"), (self.step_button, "step"),
                            (self.advance_button, "advance"), (self.end_button, "end"),
                            (self.undo_button, "undo"), (self.redo_button, "redo"),
                            (self.save_button, "save"), (self.load_button, "load"),
                            (self.log_earlier, "earlier"), (self.log_later, "later"),
                            (self.seed_input, "seed"), (self.viewer, "view_as"),
                            (self.auto, "auto"), (self.pace, "pace"),
                            (self.timeline, "timeline"), (self.record_path, "record")):
            widget.description = _ui(key, lang)
        self.decisions_head.value = _ui("decisions", lang)
        self.log_head.value = _ui("log", lang)

    def _dk_relabel(self, lang: str) -> None:
        """A lab's switch moves this stepper's own (:func:`.i18n.relabel`)."""
        if self.lang.value != lang:
            self.lang.value = lang

    def _lang_changed(self) -> None:
        self._relabel()
        relabel(self, self.lang.value)  # the seat and viewer choices, the message line
        self.render()

    def _build_seats(self) -> None:
        """Controller dropdowns and viewer choices for the session's seat count."""
        old_dropdowns = self.controller_box.children
        dropdowns = []
        for seat, name in enumerate(self.session.controllers):
            options = list(CONTROLLERS) + ([name] if name not in CONTROLLERS else [])
            dd = widgets.Dropdown(options=options, value=name,
                                  description=self.game.seats_label(seat),
                                  layout=widgets.Layout(width="170px"),
                                  style={"description_width": "30px"})
            dd.observe(lambda change, s=seat: self._on_controller(s, change.new), names="value")
            dropdowns.append(dd)
        self.controller_dropdowns = dropdowns
        self.controller_box.children = dropdowns
        for old in old_dropdowns:
            close_tree(old)
        relabel(self.controller_box, self.lang.value)
        seats = [("all (designer)", _ALL)] + [(self.game.seats_label(s), s)
                                              for s in range(self.session.players)]
        if list(self.viewer.options) != seats:
            keep = self.viewer.value if self.viewer.value in [v for _, v in seats] else _ALL
            self.viewer.options = seats
            self.viewer.value = keep
            relabel(self.viewer, self.lang.value)

    def _view_as_human(self) -> None:
        """A human seat sees its own seat, not every hand (the designer picks "all")."""
        humans = [s for s, name in enumerate(self.session.controllers) if name == HUMAN]
        if humans and self.viewer.value not in humans:
            self.viewer.value = humans[0]

    # -- what the buttons do --------------------------------------------------------------------
    @shows_errors("message")
    def step(self) -> None:
        """One chance or bot step (nothing when a human must decide)."""
        with self._lock:
            stepped = self.session.step()
        self._say("" if stepped else "a human decides now: pick a decision")
        self.render()

    def _session_then_render(self, move: Callable[[], object], note: str = "") -> None:
        """Run one session call under the lock, then say ``note`` and redraw (every button
        that moves the game ends the same way)."""
        with self._lock:
            move()
        self._say(note)
        self.render()

    @shows_errors("message")
    def advance(self) -> None:
        self._session_then_render(self.session.advance)

    @shows_errors("message")
    def play_to_end(self) -> None:
        """Finish the game; human seats are played by the random agent."""
        humans = HUMAN in self.session.controllers
        self._session_then_render(lambda: self.session.play_to_end(stand_in="random"),
                                  "human seats were played by 'random' to finish" if humans
                                  else "")

    @shows_errors("message")
    def undo(self) -> None:
        self._session_then_render(self.session.undo)

    @shows_errors("message")
    def redo(self) -> None:
        self._session_then_render(self.session.redo)

    @shows_errors("message")
    def choose(self, action: Hashable) -> None:
        """The human seat to move takes ``action`` (an illegal one is refused, nothing changes)."""
        self._session_then_render(lambda: self.session.human_move(action))
        self._kick_auto()

    def _picked(self, data: Any) -> None:
        """A click on the board: the legal decision whose JSON form it carries."""
        with self._lock:
            key = action_key(data)
            match = [a for a in self.session.legal_actions()
                     if action_key(self.game.action_to_json(a)) == key]
        if match:
            self.choose(match[0])
        else:
            self._say("that is not a decision open now")

    @shows_errors("message")
    def new_game(self, seed: int | None = None) -> None:
        """Start again with the seed box's seed (or ``seed``) and :attr:`params`."""
        if self.params_check is not None:  # the editor's errors: refused, as Simulate is
            self.params_check()
        seed = self.seed_input.seed if seed is None else seed
        players = self.session.players
        with self._lock:
            self.session.new_game(seed, params=self.params)
        if self.seed_input.value != str(seed):
            self.seed_input.value = seed
        if self.session.players != players:
            self._build_seats()
            self._view_as_human()
        self._say("")
        self.render()
        self._kick_auto()

    def set_params(self, params: Params, restart: bool | None = None) -> None:
        """Play with ``params``: at once if nothing was decided yet (or ``restart``)."""
        if params == self.params:
            return
        self.params = params
        decided = any(s.seat is not None for s in self.session.steps[:self.session.cursor])
        if restart or (restart is None and not decided):
            self.new_game(self.session.seed)
        else:
            self._say("Parameters changed: press New game to play with them.")

    @shows_errors("message")
    def open_game(self, seed: int, params: Params | None = None,
                  controllers: Sequence[str] | None = None, note: str = "") -> None:
        """Load the game ``seed`` fixes with ``params`` and seat ``controllers`` at its first
        step (step 0): e.g. a game of a simulation, opened from a chart or a table. Stepped
        by its bots, it is the very game the simulation played. Auto-play is switched off,
        so the game waits at step 0; ``note`` says which game it is."""
        params = params if params is not None else self.params
        if self.auto.value:
            self.auto.value = False
            self.wait_for_bots(timeout=10.0)
        if not controllers:
            n, old = seat_count(self.game, params), self.session.controllers
            controllers = (old + [old[-1]] * n)[:n]
        session = Session(self.game, params, int(seed), list(controllers))
        with self._lock:
            self.session = session
            self.params = params
        self._log_page = None
        if self.seed_input.value != str(session.seed):
            self.seed_input.value = session.seed
        self._build_seats()
        if HUMAN in session.controllers:
            self._view_as_human()
        else:  # bots only: the designer watches every seat
            self.viewer.value = _ALL
        self.render()
        self._say(note or f"opened the game of seed {session.seed} at step 0")

    @shows_errors("message")
    def save_record(self, path: str | None = None) -> None:
        saved = save_record(self.session.to_record(), path or self.record_path.value)
        self._say(f"saved {saved} ({self.session.cursor} steps)")

    @shows_errors("message")
    def load_record(self, path: str | None = None) -> None:
        record = load_record(path or self.record_path.value)
        if record["game"] != self.game.name:
            raise ValueError(f"that record is a {record['game']} game, not {self.game.name}")
        self.session = Session.from_record(record)
        self.params = self.session.params
        self.seed_input.value = self.session.seed
        self._build_seats()
        self.render()
        self._say(f"loaded {path or self.record_path.value} ({self.session.cursor} steps)")

    def _on_controller(self, seat: int, name: str) -> None:
        if self.session.controllers[seat] == name:
            return
        with self._lock:
            self.session.set_controller(seat, name)
        if name == HUMAN:
            self.viewer.value = seat  # the person at this seat sees what it sees
        elif self.viewer.value == seat:
            humans = [s for s, c in enumerate(self.session.controllers) if c == HUMAN]
            self.viewer.value = humans[0] if humans else _ALL
        self.render()
        self._kick_auto()

    # -- bots moving on their own ---------------------------------------------------------------
    def _auto_changed(self, on: bool) -> None:
        if on:
            self._kick_auto()

    def _kick_auto(self) -> None:
        """Start the auto-play thread if it should run and is not running."""
        if not self.auto.value or (self._auto_thread and self._auto_thread.is_alive()):
            return
        self._auto_thread = threading.Thread(target=self._auto_play, daemon=True,
                                             name="designkit-autoplay")
        self._auto_thread.start()

    def _auto_play(self) -> None:
        """Chance and bot steps at the chosen pace until a human decides or the game ends."""
        while self.auto.value:
            with self._lock:
                try:
                    step = self.session.step()
                except (DesignkitError, ValueError) as err:
                    self._say(text_of(err))
                    break
            if step is None:  # a human decides now, or the game is over
                break
            self.render()
            time.sleep(max(0.0, float(self.pace.value)))
        self.render()

    def wait_for_bots(self, timeout: float = 30.0) -> None:
        """Block until auto-play has stopped (for tests and notebooks)."""
        if self._auto_thread is not None:
            self._auto_thread.join(timeout)

    def _on_timeline(self, change) -> None:
        with self._lock:
            if change.new == self.session.cursor:
                return
            self.session.jump_to(change.new)
        self.render()

    def _say(self, text: str) -> None:
        show_message(self.message, text)

    # -- the log, page by page ----------------------------------------------------------------
    def _page_log(self, delta: int) -> None:
        pages = self._log_pages()
        current = pages - 1 if self._log_page is None else self._log_page
        target = min(pages - 1, max(0, current + delta))
        self._log_page = None if target == pages - 1 else target
        self.render()

    def _log_pages(self) -> int:
        return max(1, -(-len(self.visible_events()) // LOG_LIMIT))

    def _render_log(self, lang: str) -> None:
        s = self.session
        shown = self.visible_events()
        pages = max(1, -(-len(shown) // LOG_LIMIT))
        page = pages - 1 if self._log_page is None else min(self._log_page, pages - 1)
        part = shown[page * LOG_LIMIT:(page + 1) * LOG_LIMIT]
        new = s.step_events(s.cursor) if s.cursor else range(0)
        fresh = range(0)
        if new:
            marks = [k for k, (i, _e) in enumerate(part) if i in new]
            fresh = range(marks[0], marks[-1] + 1) if marks else range(0)
        self.log_view.value = log_html(self.game.name, [e for _i, e in part], lang, fresh,
                                       self.game.seats_label, limit=LOG_LIMIT)
        first = page * LOG_LIMIT + 1 if shown else 0
        last = page * LOG_LIMIT + len(part)
        self.log_where.value = ("<span class='dk-help'>" + (
            f"イベント {first}–{last}（全{len(shown)}件）" if lang == "ja" else
            f"events {first}–{last} of {len(shown)}") + "</span>")
        self.log_earlier.disabled = page == 0
        self.log_later.disabled = page >= pages - 1

    # -- rendering ------------------------------------------------------------------------------
    @property
    def viewing(self) -> int | None:
        """The seat whose view is shown (``None``: the designer, who sees everything)."""
        return None if self.viewer.value == _ALL else self.viewer.value

    def visible_events(self) -> list[tuple[int, Event]]:
        """(position in the full log, the event as the viewing seat sees it)."""
        viewer = self.viewing
        out = []
        for i, event in enumerate(self.session.events):
            seen = event.seen_by(viewer) if hasattr(event, "seen_by") else event
            if seen is not None:
                out.append((i, seen))
        return out

    def render(self) -> None:
        """Redraw board, decisions, log, timeline and button states from the session."""
        with self._lock:
            self._render()
        self._tell_game_over()

    def on_game_over(self, callback: Callable[[bool], object]) -> None:
        """``callback(True)`` when the game shown reaches its end (the one place human play
        ends: a move, Play to end, the bots, a jump), ``callback(False)`` when it is no
        longer at its end (New game, Undo); the playtest journal's offer listens here."""
        self.__dict__.setdefault("_over_hooks", []).append(callback)

    def _tell_game_over(self) -> None:
        over = (id(self.session), self.session.is_over)
        if getattr(self, "_over_told", None) != over:
            self._over_told = over
            for callback in getattr(self, "_over_hooks", ()):
                callback(over[1])

    def _render(self) -> None:
        s = self.session
        lang = self.lang.value
        viewer = self.viewing
        legal = [action_key(self.game.action_to_json(a)) for a in s.legal_actions()] \
            if s.human_to_move and viewer in (None, s.to_move) else []
        with self.board.hold_sync():
            self.board.html = self.game.view(s.state, viewer, lang)
            self.board.legal = legal
        self.status.value = self._status_html()
        if self.name_params is not None:
            self.playing.value = self.name_params(s.params, lang)
        self._render_log(lang)
        self._render_actions(lang)
        n = len(s.steps)
        with held(self.timeline):
            self.timeline.max = max(self.timeline.max, n)
            self.timeline.value = s.cursor
            self.timeline.max = n
        busy = s.is_over or s.human_to_move
        for button, disabled in ((self.undo_button, not s.can_undo),
                                 (self.redo_button, not s.can_redo),
                                 (self.step_button, busy), (self.advance_button, busy),
                                 (self.end_button, s.is_over)):
            if button.disabled != disabled:
                button.disabled = disabled

    def _status_html(self) -> str:
        s, g = self.session, self.game
        ja = self.lang.value == "ja"
        head = (f"<b>ステップ {s.cursor}</b> / {len(s.steps)} · シード {s.seed} · " if ja else
                f"<b>Step {s.cursor}</b> of {len(s.steps)} · seed {s.seed} · ")
        if s.is_over:
            scores = g.scores(s.state)
            winners = ", ".join(g.seats_label(w) for w in g.winners(s.state))
            shown = ", ".join(f"{g.seats_label(i)} {v:g}" for i, v in enumerate(scores))
            return head + (f"<b>ゲーム終了</b>：{escape(shown)}；勝者 {escape(winners)}" if ja
                           else f"<b>game over</b>: {escape(shown)}; winner {escape(winners)}")
        who = s.to_move
        if who is CHANCE or who is None:  # (None: over, answered above)
            return head + _ui("chance", self.lang.value)
        name = tr(s.controllers[who], self.lang.value)
        seat = escape(g.seats_label(who))
        return head + (f"<b>{seat}</b>（{escape(name)}）の決定" if ja else
                       f"<b>{seat}</b> ({escape(name)}) to decide")

    def _render_actions(self, lang: str) -> None:
        """One button per decision; its tooltip also says what the choice means, from the
        ``title`` of the board element standing for it (a card's effect text, a class's
        ability), so no game needs code here. The buttons follow "View as" like the board
        and the log (issue 36): a seat's options name what only it may know (its weakness
        card, its hand), so another seat's view shows who decides, not the options."""
        s = self.session
        viewer = self.viewing
        mover = s.to_move if s.human_to_move else None
        hidden = mover is not None and viewer not in (None, mover)
        actions = tuple(s.legal_actions()) if s.human_to_move and not hidden else ()
        key = (actions, lang, s.cursor, s.human_to_move, viewer)
        if key == self._shown_actions:
            return
        self._shown_actions = key
        old_buttons, self.action_buttons = self.action_buttons, []
        meanings = board_titles(self.board.html)
        for action in actions:
            text = self.game.describe_action(action, lang)
            meaning = meanings.get(action_key(self.game.action_to_json(action)))
            button = widgets.Button(description=text, layout=widgets.Layout(width="auto"),
                                    tooltip=f"{text}: {meaning}" if meaning and meaning not in text
                                    else text)
            button.add_class("dk-action")
            button.on_click(lambda _b, a=action: self.choose(a))
            self.action_buttons.append(button)
        if actions:
            self.actions.children = self.action_buttons
        else:
            note = (_ui("not_yours", lang).format(seat=self.game.seats_label(mover))
                    if hidden and isinstance(mover, int) else
                    _ui("over" if s.is_over else "no_decision", lang))
            self._no_actions.value = f"<i>{escape(note)}</i>"
            self.actions.children = [self._no_actions]
        for old in old_buttons:  # after the swap, so no view points at a closed model
            old.close()
