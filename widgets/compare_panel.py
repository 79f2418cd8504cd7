"""ComparePanel: is a cure better than the draft, and how sure is that?

Pick a question of the draft (``data/<game>/questions.yaml``: its cures, primary metric,
target and margin) or a baseline, variants (the draft's shipped cures, saved variants, or
the Parameters tab's current values), a metric and a margin in the metric's own unit;
Run plays them on the same seeds (:func:`designkit.analysis.variant_compare.compare_variants`)
until every verdict is reached, drawing each difference with its anytime-valid interval as
the looks come in, then the verdict sentences (fixes it / improves it / no practical
change / makes it worse / not decided yet, with the interval, margin, target, games and
bots). *Open the game where they differ most* loads that seed under both variants,
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
    extend_comparison,
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
    workers: int
    extend: Comparison | None = None     # play on from this finished comparison
    second: str = ""                     # the second bot level ("": one level)


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
        self.questions = self._questions()
        for p in self.questions:   # the label the 日本語 switch shows: the draft's own words
            i18n.JA.setdefault(f"{p.question.key}: {p.question.title}",
                               f"{p.question.key}：{p.question.quote_ja[:40]}")
        self.question = widgets.Dropdown(
            options=[("(a metric, no question)", ""),
                     *[(f"{p.question.key}: {p.question.title}", p.question.key)
                       for p in self.questions]],
            value="", description="Question", layout=widgets.Layout(width="auto",
                                                                    min_width="420px"))
        self.question.add_class("dk-compare-question")
        self.metric = widgets.Dropdown(options=self._metrics(), value="seat_balance",
                                       description="Metric",
                                       layout=widgets.Layout(width="auto", min_width="420px"))
        self.metric.add_class("dk-compare-metric")
        self.precision = widgets.FloatText(value=parse_metric("seat_balance").default_margin,
                                           description="± margin",
                                           step=0.01, style={"description_width": "initial"})
        self.precision.add_class("dk-compare-precision")
        self.precision.add_class("dk-compare-margin")
        self.max_games = widgets.BoundedIntText(value=400, min=1, max=1_000_000,
                                                description="Max games")
        self.first_games = widgets.BoundedIntText(value=50, min=1, max=100_000,
                                                  description="First look")
        self.agents = widgets.Dropdown(options=AGENT_CHOICES, value="greedy",
                                       description="Every seat")
        self.workers = widgets.BoundedIntText(value=1, min=1, max=max(1, os.cpu_count() or 1),
                                              description="Workers")
        self.second = widgets.Dropdown(
            options=[("(one level)", ""), *[(a, a) for a in ("search", "greedy", "mcts:50")]],
            value="", description="Second level", style={"description_width": "initial"})
        self.second.add_class("dk-compare-second")
        self.second_comparison: Comparison | None = None
        self.run_on = widgets.Checkbox(value=False, indent=False,
                                       description="Run on (keep the last games)",
                                       tooltip="Run on from the last comparison: its games "
                                               "are kept, up to Max games")
        self.run_on.add_class("dk-compare-run-on")
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
        self.question.observe(lambda _c: self._ui(self._use_question), names="value")
        self.metric.observe(lambda c: self._ui(lambda: self._default_margin(c["new"])),
                            names="value")
        self.baseline.observe(lambda _c: self._describe(), names="value")
        self.variants.observe(lambda _c: self._describe(), names="value")
        self._describe()
        row = widgets.Layout(flex_flow="row wrap")
        self.children = [
            style_widget(), analysis_style(),
            widgets.HTML("<b>Compare</b>: every variant plays the same seeded games (paired) "
                         "until each verdict is reached: <i>fixes it</i> (inside the "
                         "question's target), <i>improves it</i>, <i>no practical change</i> "
                         "(the whole interval inside ± the margin), <i>makes it worse</i>. "
                         "The intervals are anytime-valid (95 % over every look and every "
                         "verdict of the run), so Stop at any moment, or running on, stays "
                         "honest."),
            self.question,
            widgets.HBox([self.baseline, self.variants], layout=row), self.info,
            widgets.HBox([self.metric, self.precision], layout=row),
            widgets.HBox([self.max_games, self.first_games, self.agents, self.second,
                          self.workers], layout=row), self.run_on,
            controls, self.status, self.verdict, self.charts, self.open_button,
            self.side_by_side]

    def _questions(self) -> list[Any]:
        from designkit.analysis.questions.cures import load_problems

        try:
            return list(load_problems(self.game.name))
        except (DesignkitError, OSError):
            return []       # a game without questions (or a broken file): metrics only

    def _problem(self) -> Any:
        return next((p for p in self.questions if p.question.key == self.question.value), None)

    def _default_margin(self, metric: str) -> None:
        """A new metric brings its own unit, so its default margin (a question's margin is
        set after its metric)."""
        self.precision.value = parse_metric(metric).default_margin

    def _use_question(self) -> None:
        """A question picks its cures, its primary metric and its margin."""
        p = self._problem()
        if p is None:
            return
        options = list(self.metric.options)
        if p.metric not in [v for _, v in options]:
            self.metric.options = [*options, (p.metric, p.metric)]
        self.metric.value = p.metric
        self.precision.value = float(p.margin)
        self.baseline.value = DRAFT
        self.variants.value = tuple(c for c in p.cures if c in self.variants.options)

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
        p = self._problem()
        targets = {}
        if p is not None and p.metric == self.metric.value:
            n = p.players[0] if p.players else None
            target = p.target_at(n) if n else None
            if target is not None:
                targets[p.metric] = target
            plan = plan_comparison(self.game, [self._choice(n) for n in chosen],
                                   self.metric.value, self.agents.value, None,
                                   self.max_games.value, self.first_games.value,
                                   players=n, margin=self.precision.value, targets=targets)
        else:
            plan = plan_comparison(self.game, [self._choice(n) for n in chosen],
                                   self.metric.value, self.agents.value, None,
                                   self.max_games.value, self.first_games.value,
                                   margin=self.precision.value)
        last = self.comparison
        if self.run_on.value and last is not None and len(last.table):
            if last.names != [v.name for v in plan.variants] or [m.name for m in last.metrics] \
                    != [m.name for m in plan.metrics] or last.agents != plan.agents:
                raise DesignkitError("run on: pick the same variants, metric and bots as the "
                                     "last comparison, or untick Run on")
            if self.max_games.value <= last.n_games:
                raise DesignkitError(f"run on: raise Max games above the {last.n_games} games "
                                     "already played")
            return _Job(plan, self.workers.value, last)
        second = self.second.value if self.second.value != self.agents.value else ""
        if second:
            from designkit.agents import make_agents

            make_agents(second, 2)       # an unknown level is refused before anything runs
        return _Job(plan, self.workers.value, second=second)

    def _compute(self, job: _Job) -> Comparison:
        self.open_button.disabled = True
        show_message(self.status, job.plan.summary())
        if job.extend is not None:       # confidence sequences: running on stays valid
            return extend_comparison(job.extend, job.plan, self.max_games.value,
                                     workers=job.workers, on_look=self._look,
                                     on_progress=self._tick)
        self.second_comparison = None
        out = compare_variants(job.plan.game, job.plan.variants, plan=job.plan,
                               workers=job.workers, on_look=self._look,
                               on_progress=self._tick)
        if job.second and out.stopped != "interrupted" and not job.plan.inert:
            from designkit.analysis.verdict_study import _replan

            self.comparison = out
            plan = _replan(job.plan, job.plan.variants, job.second, job.plan.family)
            self.second_comparison = compare_variants(plan.game, plan.variants, plan=plan,
                                                      workers=job.workers,
                                                      on_progress=self._tick)
        return out

    def _look(self, out: Comparison) -> None:
        """Each look: the charts with the intervals so far (the run goes on)."""
        self.comparison = out
        self.figures = show_figures(self.charts, difference_figures(out))
        self.verdict.value = _verdict_html(out, final=False, lang=i18n.lang_of(self))

    def _show(self, job: _Job, out: Comparison) -> None:
        self.comparison = out
        if job.plan.inert:      # the arms play the same ruleset: one line, no verdict
            self.verdict.value = ""
            show_message(self.status, job.plan.inert)
            return
        if len(out.table):
            self.figures = show_figures(self.charts, difference_figures(out))
        self.verdict.value = _verdict_html(out, final=True, lang=i18n.lang_of(self),
                                           second=self.second_comparison)
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
        boxes, titles = [], []
        for k in (0, variant):
            res = out.results[k]
            seed = int(res.games.set_index("game_id").loc[gid, "seed"])
            params = self.game.params_type.from_dict(res.params)
            stepper = Stepper(self.game, params)
            titles.append(f"{out.names[k]}: game {gid}, seed {seed}")
            stepper.open_game(seed, params, list(out.agents), titles[-1])
            self.steppers.append(stepper)
            box = widgets.VBox([widgets.HTML(f"<b>{escape(out.names[k])}</b>"), stepper],
                               layout=widgets.Layout(min_width="440px", flex="1 1 440px"))
            boxes.append(box)
        self.side_by_side.children = boxes
        show_first_difference(self.steppers, titles)   # both where they part ways
        from ._util import close_tree

        for s in old:
            close_tree(s)
        return gid

    def _dk_relabel(self, lang: str) -> None:
        """The variants' words and the verdict in ``lang`` (:mod:`.i18n`)."""
        self._describe()
        if self.comparison is not None:
            self.verdict.value = _verdict_html(self.comparison, final=not self.running,
                                               lang=lang, second=self.second_comparison)

    def _ui(self, action: Any) -> None:
        try:
            action()
        except DesignkitError as err:
            show_message(self.status, text_of(err), error=True)


def _verdict_html(out: Comparison, final: bool, lang: str = "en",
                  second: Comparison | None = None) -> str:
    """The verdict sentences (the library's, in the lab's words; or written in Japanese
    from the same numbers); with a second bot level, its verdicts too and whether the two
    levels agree."""
    if not len(out.table):
        return i18n.tr("<i>no game finished under every variant yet</i>", lang)
    if second is not None and len(second.table):
        return (_verdict_html(out, final, lang) + _verdict_html(second, final, lang)
                + _skill_note(out, second, lang))
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
    head = (f"<b>Verdict</b> after {out.n_games} games per variant ({escape(out.stopped)}; "
            f"anytime-valid intervals, 95 % over a family of {out.family})"
            if final else f"<i>after {out.n_games} games per variant: running …</i>")
    items = "".join(f"<li>{escape(i18n.lab_words(v))}</li>" for v in out.verdicts())
    note = (f"<div class='dk-note'>Pairing: independent runs would need "
            f"{max(ratios):.1f}× the games for the same width.</div>" if ratios else "")
    return f"<div class='dk-verdict'>{head}<ul>{items}</ul>{note}</div>"


def _skill_note(a: Comparison, b: Comparison, lang: str) -> str:
    """"depends on bot skill" where the two levels' verdict words differ."""
    lines = []
    for (_, r1), (_, r2) in zip(a.table.iterrows(), b.table.iterrows(), strict=True):
        same = r1["kind"] == r2["kind"]
        if lang == "ja":
            word = "ボットの強さによらない" if same else "ボットの強さによる"
            lines.append(f"{escape(r1['variant'])}（{escape(i18n.tr(r1['metric'].replace('_', ' '), 'ja'))}）：{word}")
        else:
            word = "holds at both bot levels" if same else "depends on bot skill"
            lines.append(f"{escape(r1['variant'])} on {escape(r1['metric'])}: {word} "
                         f"({escape(a.bots)}: {r1['kind']}; {escape(b.bots)}: {r2['kind']})")
    return "<div class='dk-note'>" + "<br>".join(lines) + "</div>"


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
    kinds={"fixes it": "解決する", "improves it": "改善する",
           "no practical change": "実質的な変化なし", "makes it worse": "悪化させる",
           "raises it": "上げる", "lowers it": "下げる", "not decided yet": "まだ決まらない"},
    line=("{name}：{word}{extra} — {label}：{base} との差 {what}；{levels}；{target}幅 "
          "±{margin}；各 {n} ゲーム；ボット {bots}"),
    levels="{base} {a}、{name} {b}", target="目標 {target}；", no_target="",
    more="（あと約 {more} ゲーム）", never="（{why}）", exploratory="［探索的］",
    show=lambda value, metric, kind: (_value(value, metric, True).lstrip("+")
                                      if kind == "width" else
                                      _value(value, metric, kind != "level")),
    name=lambda name: i18n.tr(name, "ja"),
    label=lambda m: i18n.tr(m.name.replace("_", " "), "ja"))


def _verdict_ja(row: Any, out: Comparison) -> str:
    """One verdict row in Japanese (as ``variant_compare.verdict`` decides it)."""
    m = parse_metric(row["metric"])
    row = row.copy()
    why = str(row["why"])
    whole = i18n.tr(why, "ja")
    row["why"] = whole if whole != why else "；".join(
        i18n.tr(part, "ja") for part in why.split("; ") if part)
    bots = "、".join(i18n.tr(b, "ja") for b in sorted(set(out.agents)))
    return verdict(m, row, out.precision_of(m.name), JAPANESE, bots=bots)
