"""ComparePanel: is a cure better than the draft, and how sure is that?

Pick a baseline and one or more variants (the draft's shipped cures, saved variants, or
the Parameters tab's current values), a metric and a precision; Run plays them on the
same seeds in doubling looks (:func:`designkit.analysis.variant_compare.compare_variants`)
and draws each difference with its interval as the looks come in, then the verdict
sentence. *Open the game where they differ most* loads that seed under both variants,
side by side, each in its own stepper.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from designkit.analysis.variant_charts import difference_figures
from designkit.analysis.variant_compare import (
    Comparison,
    Plan,
    VerdictWords,
    compare_variants,
    plan_comparison,
    verdict,
)
from designkit.analysis.variant_metrics import NAMED, parse_metric
from designkit.core.errors import DesignkitError
from designkit.core.game import Game
from designkit.core.messages import text_of
from designkit.core.variants import DRAFT, read_variant, variant_names

from . import i18n
from ._util import (
    AGENT_CHOICES,
    BackgroundRun,
    analysis_style,
    chart_grid,
    checked_params,
    show_figures,
    show_message,
    style_widget,
)

CURRENT = "(current parameters)"


@dataclass
class _Job:
    plan: Plan
    precision: float
    workers: int


class ComparePanel(BackgroundRun, widgets.VBox):
    """Compare rule variants of ``game`` on the same seeds, to a verdict."""

    thread_name = "designkit-compare"

    def __init__(self, game: Game | str, params_source: Any = None,
                 variants_dir: str | Path | None = None) -> None:
        super().__init__()
        self._use(game, params_source)
        self.variants_dir = Path(variants_dir) if variants_dir else None
        self.comparison: Comparison | None = None
        self.figures: dict[str, Any] = {}
        self.steppers: list[Any] = []
        self._build()
        self.add_class("dk-compare")

    # -- layout ---------------------------------------------------------------------------------
    def _build(self) -> None:
        names = self._names()
        cures = [n for n in names if n != DRAFT]
        self.baseline = widgets.Dropdown(options=[*names, CURRENT], value=DRAFT,
                                         description="Baseline")
        self.baseline.add_class("dk-compare-baseline")
        self.variants = widgets.SelectMultiple(options=[*cures, CURRENT],
                                               value=tuple(cures[:1]), rows=5,
                                               description="Compare")
        self.variants.add_class("dk-compare-variants")
        self.metric = widgets.Dropdown(options=self._metrics(), value="seat_balance",
                                       description="Metric",
                                       layout=widgets.Layout(width="auto", min_width="420px"))
        self.metric.add_class("dk-compare-metric")
        self.precision = widgets.FloatText(value=0.03, description="± precision",
                                           step=0.01, style={"description_width": "initial"})
        self.precision.add_class("dk-compare-precision")
        self.max_games = widgets.BoundedIntText(value=400, min=1, max=1_000_000,
                                                description="Max games")
        self.first_games = widgets.BoundedIntText(value=50, min=1, max=100_000,
                                                  description="First look")
        self.agents = widgets.Dropdown(options=AGENT_CHOICES, value="greedy",
                                       description="Every seat")
        self.workers = widgets.BoundedIntText(value=1, min=1, max=max(1, os.cpu_count() or 1),
                                              description="Workers")
        controls = self._run_controls("Games")
        self.charts = chart_grid()
        self.verdict = widgets.HTML()
        self.verdict.add_class("dk-compare-verdict")
        self.open_button = widgets.Button(description="Open the game where they differ most",
                                          icon="columns", disabled=True,
                                          layout=widgets.Layout(width="auto"))
        self.open_button.add_class("dk-compare-open")
        self.open_button.on_click(lambda _b: self._ui(self.open_most_different))
        self.side_by_side = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.side_by_side.add_class("dk-compare-games")
        self.info = widgets.HTML()
        self.baseline.observe(lambda _c: self._describe(), names="value")
        self.variants.observe(lambda _c: self._describe(), names="value")
        self._describe()
        row = widgets.Layout(flex_flow="row wrap")
        self.children = [
            style_widget(), analysis_style(),
            widgets.HTML("<b>Compare</b>: every variant plays the same seeded games (paired), "
                         "in looks of doubling size, until each difference is known to "
                         "± the precision; the intervals hold at every look (95 % "
                         "over all the planned looks), so stopping early is honest."),
            widgets.HBox([self.baseline, self.variants], layout=row), self.info,
            widgets.HBox([self.metric, self.precision], layout=row),
            widgets.HBox([self.max_games, self.first_games, self.agents, self.workers],
                         layout=row),
            controls, self.status, self.verdict, self.charts, self.open_button,
            self.side_by_side]

    def _names(self) -> list[str]:
        return variant_names(self.game.params_type, self.variants_dir)

    def _metrics(self) -> list[tuple[str, str]]:
        labels = getattr(self.game, "VP_SOURCE_LABELS", {})
        named = [(n.replace("_", " "), n) for n in NAMED if n != "lead_changes"]
        for en, ja in labels.values():  # the label the 日本語 switch shows
            i18n.JA.setdefault(f"VP share: {en}", f"VPの割合：{ja}")
        return named + [(f"VP share: {en}", f"vp_share:{k}") for k, (en, _) in labels.items()]

    def _describe(self) -> None:
        """What the picked variants switch, in the draft's words (the designer's question)."""
        parts = []
        for name in (self.baseline.value, *self.variants.value):
            if name in (CURRENT, DRAFT):
                parts.append(f"<b>{escape(i18n.tr(name, i18n.lang_of(self)))}</b>")
                continue
            try:
                v = read_variant(self.game.params_type, self._path(name))
            except DesignkitError as err:
                parts.append(f'<span class="dk-error">'
                             f'{escape(i18n.tr(text_of(err), i18n.lang_of(self)))}</span>')
                continue
            if i18n.lang_of(self) == "ja":
                parts.append(f"<b>{escape(name)}</b>：{escape(v.title_ja or v.title)} "
                             f"<span class='dk-help'>{escape(v.description_ja)}</span>")
                continue
            parts.append(f"<b>{escape(name)}</b>: {escape(v.title)} "
                         f"<span class='dk-help' lang='ja'>{escape(v.description_ja)}</span>")
        self.info.value = "<br>".join(parts)

    def _path(self, name: str) -> Path:
        from designkit.core.variants import variants_dir

        folder = self.variants_dir or variants_dir(self.game.name)
        return folder / f"{name}.yaml"

    def _choice(self, name: str) -> Any:
        if name == CURRENT:
            return checked_params(self.params_source, self.game)
        return name if name == DRAFT else str(self._path(name))

    # -- running --------------------------------------------------------------------------------
    def _job(self) -> _Job:
        checked_params(self.params_source, self.game)  # refused, like every tab, on errors
        chosen = [self.baseline.value, *[v for v in self.variants.value
                                         if v != self.baseline.value]]
        plan = plan_comparison(self.game, [self._choice(n) for n in chosen],
                               self.metric.value, self.agents.value, self.precision.value,
                               self.max_games.value, self.first_games.value)
        return _Job(plan, self.precision.value, self.workers.value)

    def _compute(self, job: _Job) -> Comparison:
        self.open_button.disabled = True
        show_message(self.status, job.plan.summary(job.precision))
        return compare_variants(job.plan.game, job.plan.variants, precision=job.precision,
                                plan=job.plan, workers=job.workers,
                                on_look=self._look, on_progress=self._tick)

    def _look(self, out: Comparison) -> None:
        """Each look: the charts with the intervals so far (the run goes on)."""
        self.comparison = out
        self.figures = show_figures(self.charts, difference_figures(out))
        self.verdict.value = _verdict_html(out, final=False, lang=i18n.lang_of(self))

    def _show(self, job: _Job, out: Comparison) -> None:
        self.comparison = out
        if len(out.table):
            self.figures = show_figures(self.charts, difference_figures(out))
        self.verdict.value = _verdict_html(out, final=True, lang=i18n.lang_of(self))
        self.open_button.disabled = not len(out.table)
        show_message(self.status, f"{out.n_games} games per variant, {out.elapsed:.1f} s "
                                  f"({out.stopped})")

    # -- the game behind the numbers ----------------------------------------------------------
    def open_most_different(self, variant: int = 1) -> int:
        """Load the seed where the variants differ most, under both, side by side."""
        from .first_difference import show_first_difference
        from .stepper import Stepper

        out = self.comparison
        if out is None or not len(out.table):
            raise DesignkitError("run a comparison first")
        gid = out.most_different_game(variant=variant)
        old = self.steppers
        self.steppers = []
        boxes = []
        for k in (0, variant):
            res = out.results[k]
            seed = int(res.games.set_index("game_id").loc[gid, "seed"])
            params = self.game.params_type.from_dict(res.params)
            stepper = Stepper(self.game, params)
            stepper.open_game(seed, params, list(out.agents),
                              f"{out.names[k]}: game {gid}, seed {seed}")
            self.steppers.append(stepper)
            box = widgets.VBox([widgets.HTML(f"<b>{escape(out.names[k])}</b>"), stepper],
                               layout=widgets.Layout(min_width="440px", flex="1 1 440px"))
            boxes.append(box)
        self.side_by_side.children = boxes
        show_first_difference(self.steppers)   # both at the step where they part ways
        from ._util import close_tree

        for s in old:
            close_tree(s)
        return gid

    def _dk_relabel(self, lang: str) -> None:
        """The variants' words and the verdict in ``lang`` (:mod:`.i18n`)."""
        self._describe()
        if self.comparison is not None:
            self.verdict.value = _verdict_html(self.comparison, final=not self.running,
                                               lang=lang)

    def _ui(self, action: Any) -> None:
        try:
            action()
        except DesignkitError as err:
            show_message(self.status, text_of(err), error=True)


def _verdict_html(out: Comparison, final: bool, lang: str = "en") -> str:
    """The verdict sentences (the library's, in the lab's words; or written in Japanese
    from the same numbers)."""
    if not len(out.table):
        return i18n.tr("<i>no game finished under every variant yet</i>", lang)
    ratios = [r for r in out.table["games_ratio"] if r == r]
    if lang == "ja":
        head = (f"<b>判定</b>：バリアントごとに {out.n_games} ゲーム（"
                f"{escape(i18n.tr(out.stopped, lang))}）" if final else
                f"<i>バリアントごとに {out.n_games} ゲーム：実行中 …</i>")
        items = "".join(f"<li>{escape(_verdict_ja(row, out))}</li>"
                        for _, row in out.table.iterrows())
        note = (f"<div class='dk-note'>対応づけの効果：独立に遊ぶと同じ幅に "
                f"{max(ratios):.1f} 倍のゲームが要ります。</div>" if ratios else "")
        return f"<div class='dk-verdict'>{head}<ul>{items}</ul>{note}</div>"
    head = (f"<b>Verdict</b> after {out.n_games} games per variant ({escape(out.stopped)})"
            if final else f"<i>after {out.n_games} games per variant: running …</i>")
    items = "".join(f"<li>{escape(i18n.lab_words(v))}</li>" for v in out.verdicts())
    note = (f"<div class='dk-note'>Pairing: independent runs would need "
            f"{max(ratios):.1f}× the games for the same width.</div>" if ratios else "")
    return f"<div class='dk-verdict'>{head}<ul>{items}</ul>{note}</div>"


def _value(value: float, metric: str, sign: bool = False) -> str:
    """A value in the metric's unit (shares in %, differences in points), as the
    library's verdict writes it."""
    if value != value or value in (float("inf"), float("-inf")):
        return "–"
    percent = parse_metric(metric).unit == "%"
    v = value * 100 if percent else value
    digits = 1 if percent or abs(v) >= 10 else 2
    text = f"{v:+.{digits}f}" if sign else f"{v:.{digits}f}"
    return text + ((" pt" if sign else "%") if percent else "")


#: the verdict in Japanese, written from the same numbers as the library's
JAPANESE = VerdictWords(
    decided="{name} は {base} より{word}：{what} — {level}（{n} ゲーム）",
    same="{n} ゲームで ±{precision} を超える差は見られません：{what} — {level}",
    undecided=("{n} ゲームではまだ決まりません：{what} の幅が ±{precision} より広い"
               "（「最大ゲーム数」を増やしてください） — {level}"),
    level="{label}：{name} {b}、{base} {a}",
    words=("高い", "低い", "良い", "悪い"),
    show=lambda value, metric, kind: _value(value, metric, kind != "level"),
    name=lambda name: i18n.tr(name, "ja"),
    label=lambda m: i18n.tr(m.name.replace("_", " "), "ja"))


def _verdict_ja(row: Any, out: Comparison) -> str:
    """One verdict row in Japanese (as ``variant_compare.verdict`` decides it)."""
    m = parse_metric(row["metric"])
    return verdict(m, row, out.precision_of(m.name), JAPANESE)
