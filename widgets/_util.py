"""Small helpers every panel shares: messages, the stylesheet, closing widget trees.

Kept apart so each panel module stays about one panel, and the CSS classes that
browser tests look for (``dk-error`` and friends) are defined in one place.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from functools import wraps
from html import escape
from typing import Any, TypeVar

import ipywidgets as widgets

from designkit.core.errors import DesignkitError
from designkit.core.messages import Text, bi, in_lang, text_of
from designkit.core.params import Params
from designkit.core.registry import get_game

AGENT_CHOICES = ("random", "greedy", "mcts:50", "mcts:200")

CSS = """<style>
.dk-error { color: #b00020; }
.jupyter-widgets.jupyter-widget-tab.dk-tabs > .lm-TabBar .lm-TabBar-tab { min-width: fit-content; }
.dk-error .widget-html-content, .dk-error { white-space: normal; }
.dk-ok { color: #1b5e20; }
.dk-rule { font-family: monospace; font-size: 11px; color: #555; background: #eef;
  border-radius: 3px; padding: 0 3px; white-space: nowrap; }
.dk-rule-id { white-space: nowrap; }
.dk-design-table td:first-child { white-space: nowrap; }
.dk-help { color: #777; font-size: 11px; }
.dk-log details { border-bottom: 1px solid #eee; padding: 1px 0; }
.dk-log summary { cursor: pointer; }
.dk-log .dk-new { background: #fff8e1; }
.dk-log .dk-ruletext { margin: 2px 0 4px 18px; color: #333; font-size: 12px; }
.dk-table { border-collapse: collapse; font-size: 12px; }
.dk-table td, .dk-table th { border-bottom: 1px solid #ddd; padding: 2px 6px;
  text-align: left; vertical-align: top; }
/* a decision's meaning (its tooltip: a card's effect, a class's ability) for the keyboard
   too: the focused button shows it below itself, as hovering shows the tooltip */
.dk-action { position: relative; }
.dk-action:focus-visible { overflow: visible; z-index: 20; }
.dk-action[title]:focus-visible::after { content: attr(title); position: absolute; left: 0;
  top: calc(100% + 4px); width: max-content; max-width: min(420px, 90vw); white-space: normal;
  text-align: left; font-size: 12px; line-height: 1.35; padding: 4px 8px; border-radius: 4px;
  background: #263238; color: #fff; box-shadow: 0 2px 6px rgba(0,0,0,.3);
  pointer-events: none; }
</style>"""

F = TypeVar("F", bound=Callable[..., Any])


def style_widget() -> widgets.HTML:
    """The panels' stylesheet; harmless when several panels each include it."""
    return widgets.HTML(CSS, layout=widgets.Layout(display="none"))


def classed_html(css_class: str, value: str = "") -> widgets.HTML:
    """An HTML widget carrying ``css_class`` (how browser tests and the stylesheet find it)."""
    box = widgets.HTML(value)
    box.add_class(css_class)
    return box


def output_areas(panel: Any, **css_classes: str) -> None:
    """Set ``panel.<name>`` to an empty :func:`classed_html` of ``css_classes[name]`` for
    each name: the areas a panel's results are shown in, found by their class."""
    for name, css_class in css_classes.items():
        setattr(panel, name, classed_html(css_class))


def wrap_row(*children: widgets.Widget, **layout: str) -> widgets.HBox:
    """A row of fields that wraps onto the next line on a narrow page (``layout``: more
    of the row's CSS, e.g. ``align_items``)."""
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", **layout))


def show_message(target: widgets.HTML, text: str, error: bool = False) -> None:
    """Show ``text`` in ``target``; errors get the ``dk-error`` class, empty text hides it.

    The text is written in English and shown in the language the lab's switch left on
    ``target`` (:func:`~.i18n.relabel`), which also remembers it to translate it again."""
    from .i18n import lang_of, message_html

    shown = message_html(text, lang_of(target))
    target.__dict__.setdefault("_dk_en", {})["message"] = (text, shown)
    with target.hold_sync():
        target.value = shown
        if error and text:
            target.add_class("dk-error")
            target.remove_class("dk-ok")
        else:
            target.remove_class("dk-error")
            if text:
                target.add_class("dk-ok")
            else:
                target.remove_class("dk-ok")
        target.layout.display = None if text else "none"


def message_of(target: widgets.HTML) -> str:
    """The English of the text :func:`show_message` last put in ``target`` (what the
    panels compare against, in whichever language it shows)."""
    memo = target.__dict__.get("_dk_en", {}).get("message")
    return memo[0] if memo is not None and memo[1] == target.value else target.value


def shows_errors(status_attr: str = "status") -> Callable[[F], F]:
    """Decorate a UI handler: designer-caused errors become a message, not a lost traceback."""
    def decorate(fn: F) -> F:
        @wraps(fn)
        def run(self: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return fn(self, *args, **kwargs)
            except (DesignkitError, OSError, ValueError) as err:
                show_message(getattr(self, status_attr), text_of(err), error=True)
                return None
        return run  # type: ignore[return-value]
    return decorate


@contextmanager
def held(*items: widgets.Widget) -> Iterator[None]:
    """``hold_sync`` on several widgets at once: one message each instead of one per trait."""
    with ExitStack() as stack:
        for item in items:
            stack.enter_context(item.hold_sync())
        yield


def close_tree(widget: widgets.Widget) -> None:
    """Close a widget and everything inside it, so replaced panels free their kernel comms."""
    for child in getattr(widget, "children", ()) or ():
        close_tree(child)
    widget.close()


def html_table(header: list[str], rows: list[list[str]], css: str = "dk-table") -> str:
    """A small HTML table; cells are escaped by the caller where they hold user text."""
    head = "".join(f"<th>{h}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f'<table class="{css}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


# -- shared by the analysis panels (Metrics, Sweep, Tune) ---------------------------------------
ANALYSIS_CSS = """<style>
.dk-pre pre, pre.dk-pre { font-size: 11px; line-height: 1.3; white-space: pre; overflow-x: auto;
  background: #fafafa; border: 1px solid #eee; padding: 4px 6px; }
.dk-note { color: #555; font-size: 12px; }
.dk-table td.dk-num, .dk-table th.dk-num { text-align: right; }
</style>"""


SLOW_AGENTS = ("mcts",)  # the guess when no game is at hand to time
BATCH_SECONDS = 0.25  # a batch this long: the bar moves and Stop acts well within a second
_SECONDS_PER_GAME: dict[tuple[str, str, str], float] = {}


def batch_size(agents: list[str], n_games: int, workers: int, seconds: float | None = None
               ) -> int:
    """Games per batch: about :data:`BATCH_SECONDS` of play when the time of one game is
    known (``seconds``, from :func:`seconds_per_game`), so the bar moves and Stop acts in
    well under a second; large enough that batching costs nothing for fast agents. Without
    a timing, agents known to be slow by name get one game per batch."""
    cap = max(1, min(25, n_games // max(1, 20 * workers)))
    if seconds is not None:
        return max(1, min(cap, int(BATCH_SECONDS / max(seconds, 1e-6))))
    if any(a.split(":")[0] in SLOW_AGENTS for a in agents):
        return 1
    return cap


def seconds_per_game(game: Any, params: Any, agents: Any, seed: int = 0) -> float:
    """How long one game takes with ``agents`` (a name for every seat or one per seat),
    timed by playing one (remembered per game, agents and parameters for the kernel's
    life). Call it off the kernel's thread: with greedy or MCTS bots it takes a while."""
    import json
    import time

    from designkit.sim import simulate

    key = (game.name, json.dumps(agents), json.dumps(params.to_dict(), sort_keys=True,
                                                     default=str))
    if key not in _SECONDS_PER_GAME:
        start = time.perf_counter()
        simulate(game, 1, params=params, agents=agents, seed=seed, progress=False)
        _SECONDS_PER_GAME[key] = time.perf_counter() - start
    return _SECONDS_PER_GAME[key]


def measured_batch(game: Any, params: Any, seatings: list[Any], n_games: int,
                   workers: int = 1, seed: int = 0) -> int:
    """:func:`batch_size` for the slowest of ``seatings`` (each as ``agents`` of
    :func:`seconds_per_game`), measured rather than guessed from the agents' names."""
    seconds = max(seconds_per_game(game, params, s, seed) for s in seatings)
    names = [n for s in seatings for n in ([s] if isinstance(s, str) else s)]
    return batch_size(names, n_games, workers, seconds)


class Stopped(KeyboardInterrupt):
    """Raised from a progress callback after Stop: ``simulate`` keeps the games finished so
    far; sweeps and tuning give up and show nothing new."""


def params_of(source: Any, game: Any) -> tuple[Any, dict[str, str]]:
    """Current params and field errors from a ParamsPanel-like object, a Params, a callable
    returning Params, or None (the draft)."""
    from designkit.core.params import Params

    if source is None:
        return game.params_type(), {}
    if isinstance(source, Params):
        return source, {}
    if callable(source) and not hasattr(source, "params"):
        return source(), {}
    return source.params, dict(getattr(source, "errors", {}) or {})


def checked_params(source: Any, game: Any) -> Any:
    """:func:`params_of`, refusing (``DesignkitError``) while the editor shows errors."""
    params, errors = params_of(source, game)
    if errors:
        listed = Text("; ".join(f"{k}: {v}" for k, v in errors.items()),
                      "。".join(f"{k}：{in_lang(v, 'ja')}" for k, v in errors.items()))
        raise DesignkitError(bi("Refused: fix the parameter errors first ({e})",
                                "実行できません：先にパラメータの誤りを直してください（{e}）",
                                e=listed))
    return params


class SeatAgents:
    """One agent dropdown per seat, refitted when the player count changes (the panels that
    simulate share it). Expects ``game``, ``params_source`` and an ``agent_box``."""

    game: Any
    params_source: Any
    agent_box: widgets.Box
    agent_dropdowns: list[widgets.Dropdown]

    def _fit_seats(self) -> None:
        """One agent dropdown per seat of the current parameters (kept where possible)."""
        from designkit.session import seat_count

        params, _ = params_of(self.params_source, self.game)
        n = seat_count(self.game, params)
        old = [d.value for d in self.agent_box.children]
        if len(old) == n:
            return
        old_dropdowns = self.agent_box.children
        self.agent_dropdowns = [
            widgets.Dropdown(options=AGENT_CHOICES, value=old[s] if s < len(old) else "random",
                             description=self.game.seats_label(s),
                             layout=widgets.Layout(width="170px"),
                             style={"description_width": "30px"}) for s in range(n)]
        self.agent_box.children = self.agent_dropdowns
        for d in old_dropdowns:
            d.close()
        from .i18n import lang_of, relabel

        relabel(self.agent_box, lang_of(self.agent_box))  # the lab's language


def analysis_style() -> widgets.HTML:
    """The analysis panels' extra stylesheet (hidden; harmless when repeated)."""
    return widgets.HTML(ANALYSIS_CSS, layout=widgets.Layout(display="none"))


def pre(text: str) -> str:
    """Preformatted text (library text tables) for an HTML widget."""
    return f'<pre class="dk-pre">{escape(text)}</pre>'


def chart_grid(on_screen: bool = False) -> Any:
    """An empty responsive chart grid (filled by :func:`show_figures`); ``on_screen``: it
    draws only once it is in view (:attr:`.chart_grid.ChartGrid.on_screen`)."""
    from .chart_grid import ChartGrid

    grid = ChartGrid(layout=widgets.Layout(width="100%"), on_screen=on_screen)
    grid.add_class("dk-charts")
    return grid


def show_figures(grid: Any, figures: dict[str, Any], wide: tuple[str, ...] = ()
                 ) -> dict[str, Any]:
    """Draw plotly figures in ``grid`` (a :class:`~.chart_grid.ChartGrid`), each in a
    ``dk-chart`` box with class ``dk-<name>``, and return them by name.

    Call it from a user event only: Voila drops widget changes made while the notebook
    itself runs. Titles and axis titles come in the lab's language (:func:`.i18n.localize`)
    as the chart is drawn, and again in the new one when the lab's language is switched.
    """
    from .i18n import lang_of

    return grid.show_in(figures, lang_of(grid), wide=wide)


def workers_field() -> widgets.BoundedIntText:
    """How many worker processes a run may use (1 up to this machine's cores)."""
    return widgets.BoundedIntText(value=1, min=1, max=max(1, os.cpu_count() or 1),
                                  description="Workers")


def run_form(panel: Any, n_games: int, seed: int) -> None:
    """Set the fields every many-games run starts from on ``panel``: the agents' box (one
    picker per seat, filled by the panel), Games, Workers and Seed."""
    panel.agent_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
    panel.agent_box.add_class("dk-agents")
    panel.n_games = widgets.BoundedIntText(value=n_games, min=1, max=1_000_000,
                                           description="Games")
    panel.workers = workers_field()
    panel.seed = widgets.IntText(value=seed, description="Seed")


def batch_form(panel: Any, seed: int) -> None:
    """Set the fields of a run that plays one bot at every seat on ``panel``: the bot
    (``agents``), Seed, Backend (serial or process) and Workers, as a sweep or a tuning
    search reads them."""
    panel.agents = widgets.Dropdown(options=AGENT_CHOICES, value="random",
                                    description="Every seat",
                                    style={"description_width": "initial"})
    panel.seed = widgets.IntText(value=seed, description="Seed")
    panel.backend = widgets.ToggleButtons(options=["serial", "process"], value="serial",
                                          description="Backend", style={"button_width": "70px"})
    panel.workers = workers_field()


@dataclass
class FormRun:
    """What the fields of :func:`run_form` ask for, read in the calling thread: the
    parameters, one agent per seat, Games, Seed and Workers (a panel's job adds its own)."""

    params: Params
    agents: list[str]
    n_games: int
    seed: int
    workers: int


def run_widgets(panel: Any, unit: str = "Games") -> list[widgets.Widget]:
    """Set ``panel``'s Run and Stop buttons (calling its ``run(blocking=False)`` and
    ``stop()``), its progress bar counting ``unit`` and its hidden status line; return
    the buttons and bar, in that order, for the panel to lay out."""
    panel.run_button = widgets.Button(description="Run", icon="play", button_style="primary")
    panel.run_button.add_class("dk-run")
    panel.run_button.on_click(lambda _b: panel.run(blocking=False))
    panel.stop_button = widgets.Button(description="Stop", icon="stop", disabled=True)
    panel.stop_button.add_class("dk-stop")
    panel.stop_button.on_click(lambda _b: panel.stop())
    panel.progress = widgets.IntProgress(value=0, min=0, max=1, description=unit)
    panel.progress.add_class("dk-progress")
    panel.status = widgets.HTML(layout=widgets.Layout(display="none"))
    panel.status.add_class("dk-status")
    return [panel.run_button, panel.stop_button, panel.progress]


class BackgroundRun:
    """Run / Stop / progress plumbing shared by the analysis panels.

    A panel calls :meth:`_run_controls` while building, and implements ``_job()``
    (read and check the form in the calling thread; raise ``DesignkitError`` or
    ``ValueError`` to refuse with a ``dk-error`` message), ``_compute(job)`` (the slow
    part, in a background thread unless blocking) and ``_show(job, out)``.
    """

    thread_name = "designkit-analysis"
    # set by run_widgets (from _run_controls) while the panel builds
    status: widgets.HTML
    run_button: widgets.Button
    stop_button: widgets.Button
    progress: widgets.IntProgress
    _thread: Any = None
    _stop = False

    def _use(self, game: Any, params_source: Any) -> None:
        """Set the game the panel runs (a Game or its name) and where its parameters come
        from (``params_source``: a ParamsPanel, a Params, a callable or None for the
        draft), as every panel's ``__init__`` does first."""
        self.game = get_game(game)
        self.params_source = params_source

    def _run_controls(self, unit: str = "Games") -> widgets.HBox:
        return widgets.HBox(run_widgets(self, unit))

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        """Stop at the next progress report."""
        self._stop = True

    def run(self, blocking: bool = True) -> Any:
        """Run in this thread (``blocking``: returns the outcome, None when refused or
        failed) or in the background (returns the thread)."""
        try:
            if self.running:
                raise DesignkitError("a run is already in progress")
            job = self._job()
        except (DesignkitError, ValueError) as err:
            show_message(self.status, text_of(err), error=True)
            return None
        self._stop = False
        self._busy(True)
        charts = getattr(self, "charts", None)
        if charts is not None:  # the last run's charts stay, greyed out, until new ones come
            charts.add_class("dk-stale")
        if blocking:
            return self._work(job, raise_errors=True)
        import threading

        self._thread = threading.Thread(target=self._work, args=(job,), daemon=True,
                                        name=self.thread_name)
        self._thread.start()
        return self._thread

    def _busy(self, busy: bool) -> None:
        self.run_button.disabled = busy
        self.stop_button.disabled = not busy

    def _tick(self, done: int, total: int) -> None:
        """Progress callback: move the bar; raise :class:`Stopped` after Stop."""
        with self.progress.hold_sync():
            self.progress.max = max(1, total)
            self.progress.value = min(done, total)
        if self._stop:
            raise Stopped

    def _work(self, job: Any, raise_errors: bool = False) -> Any:
        try:
            out = self._compute(job)
            self._show(job, out)
            from .i18n import lang_of, relabel

            if lang_of(self) != "en":  # the new tables and headings in the lab's language
                relabel(self, lang_of(self))
            return out
        except Stopped:
            show_message(self.status, "stopped: nothing new to show")
            return None
        except Exception as err:  # shown on the page: a thread's traceback would be lost
            show_message(self.status, f"{type(err).__name__}: {err}", error=True)
            if raise_errors and not isinstance(err, DesignkitError):
                raise
            return None
        finally:
            charts = getattr(self, "charts", None)
            if charts is not None:
                charts.remove_class("dk-stale")
            self._busy(False)

    def _job(self) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def _compute(self, job: Any) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def _show(self, job: Any, out: Any) -> None:  # pragma: no cover - abstract
        raise NotImplementedError
