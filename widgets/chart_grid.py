"""ChartGrid: plotly figures laid out for the page's width, in one widget.

Why not a ``go.FigureWidget`` per chart: each one ships plotly's ~5 MB front end to the
page as its own module, so a panel used to squeeze all its charts into one figure with
subplots, which could not reflow: at 1024 px the right column was cut, at 420 px the
charts vanished, and every subplot's legend entries landed in one shared legend.

Here one anywidget per grid draws each figure in its own box of a wrapping flex row: two
or more columns when there is room, one when narrow. Each figure keeps its own legend and
axes; ``autosize`` plus a ``ResizeObserver`` keep it at its box's width (also when a hidden
tab is shown). Figures are plain plotly JSON in a synced list, so a new run only sends data.
plotly.js itself (the copy inside the ``plotly`` package, so nothing is fetched from a CDN)
is held by one :class:`PlotlySource` per kernel and sent to the page only when a grid first
has a figure to draw: the page's first render carries none of its 4.8 MB.

A grid made with ``on_screen=True`` waits further: it draws (and so fetches and evaluates
plotly.js) only once it scrolls into view, i.e. when the designer scrolls to it or opens
its tab. For charts that exist before any user event (the Rules
tab's design charts, built with the lab): drawn at once, plotly.js took the page's main
thread for 2.6-4 s right after the first render, so the first click waited for it.

Clicks come back: a click on a point (or a histogram bar) sends the chart's name, the
trace, x, y and the point's ``customdata`` (for a bar, that of every point in its bin) to
Python, where :meth:`ChartGrid.on_click` callbacks receive a :class:`ChartClick`. A trace
whose ``meta`` is ``"game_id"`` (:data:`designkit.analysis.charts.GAME_ID`) carries game
ids, so any chart can lead to the games behind it without code of its own.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import anywidget
import traitlets
from ipywidgets import widget_serialization

_RENDER = r"""
// plotly.js (4.8 MB) is not part of any grid's state: every grid of the kernel refers to one
// PlotlySource widget whose ``source`` stays empty until a grid has a figure to draw and
// asks for it. So the page's first render carries none of it (it used to carry a copy per
// grid: 4-5 copies, ~20 MB of widget state, on every game's page), and a page fetches it at
// most once. It is evaluated on first use, not when the module loads: anywidget gives a
// module 2 s to initialise, which parsing plotly could miss on a loaded machine.
function plotly(model) {
  if (globalThis.Plotly) { return Promise.resolve(globalThis.Plotly); }
  if (!globalThis.__dkPlotly) {
    globalThis.__dkPlotly = (async () => {
      const ref = model.get("_source");
      const src = await model.widget_manager.get_model(ref.slice("IPY_MODEL_".length));
      if (!src.get("source")) {
        await new Promise((resolve) => {
          src.once("change:source", resolve);
          src.send({event: "need"});
        });
      }
      (new Function(src.get("source")))();
      return globalThis.Plotly;
    })().catch((err) => { globalThis.__dkPlotly = null; throw err; });
  }
  return globalThis.__dkPlotly;
}
// Not plotly's own ``responsive`` (a window-resize handler racing the observer below, and
// a plot div of height 100% that collapsed to 0 px after a resize): each plot div gets its
// figure's height in px, and the observer of its box resizes it to the box's width.
const CONFIG = {displaylogo: false,
                modeBarButtonsToRemove: ["select2d", "lasso2d"]};
// plotly.js's own words (a box plot's "median:", "q1:"..., the modebar's tooltips) in the
// lab's language: the grid's ``words`` (empty in English) as a locale of the plot's config
function config(model) {
  const words = model.get("words") || {};
  if (!Object.keys(words).length) { return CONFIG; }
  return Object.assign({}, CONFIG, {locale: "ja", locales: {ja: {dictionary: words}}});
}

function shown(div) { return div.offsetParent !== null && div.clientWidth > 0; }

// A click on a point or bar goes back to Python with its customdata (a histogram bar: the
// customdata of every point in its bin), so a chart carrying game ids can open a game.
function clicked(model, name, event) {
  const pt = ((event && event.points) || [])[0];
  if (!pt) { return; }
  const trace = pt.data || {};
  let data = [];
  if (Array.isArray(pt.pointNumbers) && Array.isArray(trace.customdata)) {
    data = pt.pointNumbers.map((i) => trace.customdata[i]);
  } else if (pt.customdata !== undefined) {
    data = [pt.customdata];
  }
  const plain = (v) => (typeof v === "number" || typeof v === "string" ? v : null);
  model.send({event: "click", chart: name, trace: pt.curveNumber,
              meta: trace.meta === undefined ? null : trace.meta,
              x: plain(pt.x), y: plain(pt.y), customdata: data});
}

// Boxes are put in the order given *before* anything is drawn, and a box already in its
// place is never moved: appending each box in turn while redrawing left it alone in the
// last row (full width) while plotly measured it, and nothing resized it afterwards
// (charts 958 px wide in 475 px cells on a second run). Each box is also watched on its
// own, so a plot follows its cell whenever the cell changes size.
function place(el, boxes, figures) {
  figures.forEach((fig, i) => {
    const box = boxes.get(fig.name);
    const here = el.children[i];
    if (here !== box) { el.insertBefore(box, here || null); }
  });
}

function fit(box) {
  const Plotly = globalThis.Plotly;
  if (Plotly && shown(box.plot) && box.plot._fullLayout &&
      Math.abs(box.plot._fullLayout.width - box.plot.clientWidth) > 1) {
    Plotly.Plots.resize(box.plot);
  }
}

// Resolves once ``el`` is in view (Voila's page scrolls in an inner box, which clips without
// the margin; the margin counts where the document itself scrolls): a grid in a hidden tab
// has no box and waits until its tab is shown. Never, for a page that is never scrolled
// there: then plotly.js is never fetched.
function inView(el, teardown) {
  return new Promise((resolve) => {
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) { io.disconnect(); resolve(); }
    }, {rootMargin: "100% 0px"});
    io.observe(el);
    teardown.push(() => io.disconnect());
  });
}

function render({ model, el }) {
  // plotly.js (4.8 MB) is evaluated only once there is a figure to draw: an empty grid
  // (every panel's, until its first run) costs the page's first render nothing
  el.classList.add("dk-chart-grid");
  const teardown = [];
  const boxes = new Map();
  const observer = new ResizeObserver((entries) => {
    for (const entry of entries) { fit(entry.target); }
  });
  const drawNow = async () => {
    const figures = model.get("figures");
    if (!figures.length && !boxes.size) { return; }
    const Plotly = await plotly(model);
    const keep = new Set(figures.map((f) => f.name));
    for (const [name, box] of boxes) {
      if (!keep.has(name)) {
        observer.unobserve(box); Plotly.purge(box.plot); box.remove(); boxes.delete(name);
      }
    }
    for (const fig of figures) {
      let box = boxes.get(fig.name);
      if (!box) {
        box = document.createElement("div");
        box.plot = document.createElement("div");
        box.appendChild(box.plot);
        boxes.set(fig.name, box);
        box.fresh = true;
      }
      box.className = "dk-chart dk-" + fig.name.replace(/_/g, "") + (fig.wide ? " dk-wide" : "");
    }
    place(el, boxes, figures);  // the final layout first, then plotly measures each box
    for (const fig of figures) {
      const box = boxes.get(fig.name);
      const layout = Object.assign({}, fig.figure.layout || {}, {autosize: true});
      delete layout.width;
      box.plot.style.height = (layout.height || 450) + "px";
      Plotly.react(box.plot, fig.figure.data || [], layout, config(model));
      // plotly's event methods exist once the plot is drawn; a new config (the language)
      // makes react draw anew, which drops the listeners: so each draw puts its own
      box.plot.removeAllListeners("plotly_click");
      box.plot.on("plotly_click", (event) => clicked(model, fig.name, event));
      if (box.fresh) {
        box.fresh = false;
        observer.observe(box);
      }
    }
    // and once more after the page has laid out (a tab shown, a scrollbar come or gone)
    requestAnimationFrame(() => { for (const box of boxes.values()) { fit(box); } });
  };
  // one draw at a time, in order: a new run's figures wait for the previous draw (which
  // may be waiting for plotly.js to arrive)
  // (an on_screen grid: the first draw waits until the grid is in view)
  let drawing = model.get("on_screen") ? inView(el, teardown) : Promise.resolve();
  const draw = () => {
    drawing = drawing.then(drawNow).catch((err) => console.error("[ChartGrid]", err));
  };
  model.on("change:figures", draw);
  model.on("change:words", draw);
  draw();
  return () => {
    teardown.forEach((stop) => stop());
    observer.disconnect();
    model.off("change:figures", draw);
    model.off("change:words", draw);
    if (globalThis.Plotly) {
      for (const box of boxes.values()) { globalThis.Plotly.purge(box.plot); }
    }
  };
}
export default { render };
"""

_CSS = """
.dk-chart-grid { display: flex; flex-wrap: wrap; gap: 8px; width: 100%; box-sizing: border-box; }
.dk-chart-grid > .dk-chart { flex: 1 1 440px; min-width: 0; max-width: 100%;
  box-sizing: border-box; }
.dk-chart-grid > .dk-chart.dk-wide { flex-basis: 100%; }
.dk-chart-grid > .dk-chart > div { width: 100%; }
.dk-charts.dk-stale .dk-chart-grid, .dk-chart-grid.dk-stale { opacity: 0.35; }
"""


#: what plotly.js words itself (not the figures, which the lab localizes): a box plot's
#: hover labels and the modebar's tooltips, in Japanese. The ``plotly`` package ships no
#: plotly.js locale (``plotly-locale-ja.js`` is not in its offline assets), so the grid
#: passes these as its plots' ``locale`` (keys are plotly.js's own English strings).
PLOTLY_JA = {
    "median:": "中央値：", "min:": "最小：", "max:": "最大：", "q1:": "第1四分位：",
    "q3:": "第3四分位：", "mean:": "平均：", "mean ± σ:": "平均 ± σ：",
    "lower fence:": "下側フェンス：", "upper fence:": "上側フェンス：", "kde:": "密度推定：",
    "Autoscale": "自動で合わせる", "Reset axes": "軸を戻す", "Zoom": "拡大範囲を選ぶ",
    "Zoom in": "拡大", "Zoom out": "縮小", "Pan": "移動", "Box Select": "四角で選ぶ",
    "Lasso Select": "投げ縄で選ぶ", "Download plot as a PNG": "PNG で保存",
    "Download plot": "図を保存", "Download plot as JSON": "JSON で保存",
    "Toggle Spike Lines": "補助線の表示を切り替え",
    "Show closest data on hover": "最も近いデータを表示",
    "Compare data on hover": "データを並べて表示",
    "Toggle show closest data on hover": "最も近いデータの表示を切り替え",
    "Double-click to zoom back out": "ダブルクリックで元の範囲に戻ります",
    "Double-click on legend to isolate one trace": "凡例をダブルクリックでその系列だけを表示",
    "Preparing image - this may take a few seconds": "画像を準備しています（数秒かかります）",
    "Image download succeeded": "画像を保存しました",
    "Sorry, there was a problem downloading your image!": "画像を保存できませんでした",
    "Reset": "戻す", "Reset view": "表示を戻す", "Reset views": "表示を戻す",
}


@cache
def _plotly_source() -> str:
    """plotly.js as shipped inside the ``plotly`` package (evaluated once per page)."""
    import plotly  # here, not at import: the first render needs no plotly

    return (Path(plotly.__file__).parent / "package_data" / "plotly.min.js").read_text(
        encoding="utf-8")


@dataclass(frozen=True)
class ChartClick:
    """A click on a chart of the grid: which chart and trace, where, and its customdata."""

    chart: str
    trace: int | None = None
    meta: Any = None
    x: Any = None
    y: Any = None
    customdata: list[Any] = field(default_factory=list)

    @property
    def game_ids(self) -> list[int]:
        """The game ids under the click, if the trace carries them (``meta == "game_id"``)."""
        if self.meta != "game_id":
            return []
        out = []
        for value in self.customdata:
            value = value[0] if isinstance(value, list) and value else value
            if isinstance(value, (int, float)) and not isinstance(value, bool) \
                    and float(value).is_integer():
                out.append(int(value))
        return out


class PlotlySource(anywidget.AnyWidget):
    """plotly.js for every ChartGrid of the kernel, sent only when a grid asks for it
    (its first figure): an unused grid, or a page that never draws a chart, costs nothing."""

    _esm = traitlets.Unicode("export default {};").tag(sync=True)
    source = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._asked)

    def _asked(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "need" and not self.source:
            self.source = _plotly_source()


_SOURCE: list[PlotlySource] = []


def plotly_source() -> PlotlySource:
    """The kernel's one :class:`PlotlySource` (a new one if the last was closed)."""
    if not _SOURCE or _SOURCE[0].comm is None:
        _SOURCE[:] = [PlotlySource()]
    return _SOURCE[0]


class ChartGrid(anywidget.AnyWidget):
    """Plotly figures by name, drawn responsively; :meth:`show` replaces them;
    :meth:`on_click` hears clicks on their points."""

    _esm = traitlets.Unicode(_RENDER).tag(sync=True)
    _source = traitlets.Instance(PlotlySource).tag(sync=True, **widget_serialization)
    _css = traitlets.Unicode(_CSS).tag(sync=True)
    figures = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: draw only once the grid is in view (scrolled to, its tab shown): for
    #: charts shown before any user event, so plotly.js is not evaluated on first render
    on_screen = traitlets.Bool(False).tag(sync=True)
    #: plotly.js's own words in the lab's language (:data:`PLOTLY_JA`; empty: English)
    words = traitlets.Dict().tag(sync=True)

    @traitlets.default("_source")
    def _the_source(self) -> PlotlySource:
        return plotly_source()

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._click_callbacks: list[Callable[[ChartClick], None]] = []
        self.last_click: ChartClick | None = None
        self.on_msg(self._front_end_message)

    def _dk_relabel(self, lang: str) -> None:
        """plotly.js's words in ``lang`` (the lab's switch, :func:`.i18n.relabel`), and the
        charts drawn before the switch redrawn in it (:meth:`show_in` keeps their English)."""
        words = dict(PLOTLY_JA) if lang == "ja" else {}
        if words != self.words:
            self.words = words
        english = getattr(self, "_english", None)
        if english is not None and lang != self._lang:
            import plotly.graph_objects as go

            self._draw({name: go.Figure(fig) for name, fig in english.items()}, self._wide,
                       lang)

    def on_click(self, callback: Callable[[ChartClick], None], remove: bool = False) -> None:
        """Call ``callback(click)`` for every click on a point or bar of these charts."""
        if remove:
            self._click_callbacks = [c for c in self._click_callbacks if c is not callback]
        else:
            self._click_callbacks.append(callback)

    def click(self, click: ChartClick) -> None:
        """Deliver ``click`` to the callbacks (what a click in the page does; tests call it)."""
        self.last_click = click
        for callback in list(self._click_callbacks):
            callback(click)

    def _front_end_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("event") != "click":
            return
        data = content.get("customdata")
        trace = content.get("trace")
        self.click(ChartClick(chart=str(content.get("chart", "")),
                              trace=trace if isinstance(trace, int) else None,
                              meta=content.get("meta"), x=content.get("x"),
                              y=content.get("y"),
                              customdata=list(data) if isinstance(data, list) else []))

    def show(self, figures: dict[str, Any], wide: tuple[str, ...] = ()) -> dict[str, Any]:
        """Draw ``figures`` (name -> ``go.Figure``) in this order, as they are; ``wide``
        ones take a whole row. Returns the figures shown. (Whoever drew them redraws them
        on a language switch: :meth:`show_in` makes the grid do it.)"""
        self._english: dict[str, Any] | None = None
        return self._show(figures, wide)

    def show_in(self, figures: dict[str, Any], lang: str, wide: tuple[str, ...] = ()
                ) -> dict[str, Any]:
        """Draw English ``figures`` with their titles, legends and hover texts in ``lang``
        (:func:`.i18n.localize`, which changes them in place), keeping their English so a
        later switch of the lab's language redraws them in the new one."""
        self._english = {name: fig.to_dict() for name, fig in figures.items()}
        return self._draw(figures, wide, lang)

    def _draw(self, figures: dict[str, Any], wide: tuple[str, ...], lang: str
              ) -> dict[str, Any]:
        from .i18n import localize

        self._wide, self._lang = tuple(wide), lang
        if lang != "en":
            figures = {name: localize(fig, lang) for name, fig in figures.items()}
        return self._show(figures, wide)

    def _show(self, figures: dict[str, Any], wide: tuple[str, ...]) -> dict[str, Any]:
        self.figures = [{"name": name, "wide": name in wide,
                         "figure": json.loads(fig.to_json())} for name, fig in figures.items()]
        self._shown = dict(figures)
        return dict(figures)

    def title_of(self, name: str) -> str:
        """Chart ``name``'s English title, its first line without markup (what a message
        about a click on it calls it; the lab's language translates it with the message),
        or the name in words when it has none."""
        english = getattr(self, "_english", None) or {}
        if name in english:
            title = (english[name].get("layout") or {}).get("title") or {}
        else:
            fig = self.shown.get(name)
            title = fig.layout.title.to_plotly_json() if fig is not None else {}
        text = title.get("text") if isinstance(title, dict) else None
        if isinstance(text, str) and text.strip():
            return re.sub(r"<[^>]+>", "", re.split(r"<br\s*/?>", text)[0]).strip()
        return name.replace("_", " ")

    @property
    def shown(self) -> dict[str, Any]:
        """The figures on display, by name (``go.Figure``; empty before the first show)."""
        return dict(getattr(self, "_shown", {}))
