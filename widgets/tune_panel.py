"""TunePanel: search named parameters toward a design target, then check the gain on
fresh seeds.

The search, the re-check and the saving are :func:`designkit.analysis.tune.tune`;
this panel collects the target, the parameters to tune (one checkbox per
:func:`~designkit.analysis.tune.tunable` field with its grid; the game's short
default list is ticked), the constraints to keep, runs it in a background
thread and shows what the loss measures next to numbers of that kind (the
start's and the best trial's loss with intervals on the search seeds, both
again on fresh seeds), the best variant's changes against the draft, whether
the gain held (a variant that did not hold is saved only when asked), and a
button that loads the best variant into the parameter editor.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from designkit.analysis.tune import (
    Dim,
    Keep,
    Target,
    TuneResult,
    build_space,
    parse_keep,
    tunable,
    tune,
)
from designkit.core.errors import DesignkitError
from designkit.core.game import Game
from designkit.core.params import Params
from designkit.core.paths import data_dir

from . import i18n
from ._util import (
    BackgroundRun,
    analysis_style,
    batch_form,
    checked_params,
    html_table,
    output_areas,
    pre,
    show_message,
    style_widget,
    wrap_row,
)

TARGET_CHOICES = (("equal seats (win rates)", "equal-seats"), ("game length", "length"),
                  ("winner's margin", "margin"), ("mix of the three", "mix"))
_NAME = re.compile(r"[\w][\w.\- ]*")


def _fmt(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return escape(", ".join(map(str, value)) or "(none)")
    if isinstance(value, dict):
        return escape(", ".join(f"{k}: {v}" for k, v in value.items()))
    return escape("(unset)" if value is None else str(value))


#: what the loss measures before a run (after one, the result says which case applied)
LOSS_HELP_JA = {
    "equal-seats": "開始プレイヤーがランダムなゲームでは手番順ごと（固定なら席ごと）の勝率の"
                   "開き：最高の勝率 − 最低の勝率",
    "length": "|平均手番数 − 目標| / 目標",
    "margin": "|勝者の平均の差 − 目標| / max(1, |目標|)",
    "mix": "Σ 重み × 3つの損失（重み0のものは除外）",
}
LOSS_HELP = {
    "equal-seats": "spread of win rates by turn position where the start player is random "
                   "(by seat where it is fixed): best win rate − worst",
    "length": "|mean turns − target| / target",
    "margin": "|mean winner's margin − target| / max(1, |target|)",
    "mix": "Σ weight × the three losses (a zero weight leaves one out)",
}


@dataclass
class _Job:
    params: Params
    target: Target
    space: dict[str, Dim]
    n_trials: int
    n_games: int
    recheck_games: int
    agents: str
    seed: int
    backend: str
    workers: int
    save: Path | None
    keeps: list[Keep]
    save_anyway: bool


lab_words = i18n.lab_words  # the library's advice as the lab says it: no CLI flags


#: The tune verdict's sentences, per language (``str.format`` templates).
_VERDICT = {
    "en": {
        "numbers": "loss {start:.4f} → {best:.4f}, difference {diff:+.4f} [{lo:+.4f}, {hi:+.4f}]",
        "none": ('<p class="dk-tune-none"><b>Nothing better found</b>: the starting parameters '
                 'were the best feasible trial of the search (nothing saved).</p>'),
        "held": ('<p class="dk-tune-held dk-ok"><b>The gain held on fresh seeds</b> '
                 "({numbers}: the interval is below zero).</p>"),
        "broke": "it broke {}", "and": ", ",
        "noise": "noise, or overfitting to the search seeds; try more games per trial",
        "saved": "saved anyway, as asked",
        "not_saved": "not saved (tick “save even if the gain did not hold” to keep it)",
        "not_held": ('<p class="dk-tune-not-held"><b>The gain did NOT hold on fresh seeds</b> '
                     "({numbers}): {why}. The variant is {saved}.</p>"),
    },
    "ja": {
        "numbers": "損失 {start:.4f} → {best:.4f}、差 {diff:+.4f} [{lo:+.4f}, {hi:+.4f}]",
        "none": ('<p class="dk-tune-none"><b>より良い値は見つかりませんでした</b>：探索で'
                 "条件を満たす最良の試行は出発点そのものでした（何も保存していません）。</p>"),
        "held": ('<p class="dk-tune-held dk-ok"><b>新しいシードでも改善が保たれました</b>'
                 "（{numbers}：区間がゼロより下）。</p>"),
        "broke": "{} を破りました", "and": "、",
        "noise": "偶然か、探索のシードへの過学習です。試行ごとのゲーム数を増やしてください",
        "saved": "指示どおり、それでも保存しました",
        "not_saved": "保存していません（残すには「改善が保たれなくても保存する」にチェック）",
        "not_held": ('<p class="dk-tune-not-held"><b>新しいシードでは改善が保たれませんでした</b>'
                     "（{numbers}）：{why}。このバリアントは{saved}。</p>"),
    },
}


class TunePanel(BackgroundRun, widgets.VBox):
    """Tune ``game`` starting from ``params_source`` (a ParamsPanel, whose ``set_params``
    receives the best variant on request; or a Params, a callable, None for the draft).

    ``variants_dir`` (default ``data/<game>/variants``) is where the best variant is saved.
    """

    thread_name = "designkit-tune"

    def __init__(self, game: Game | str, params_source: Any = None,
                 variants_dir: str | Path | None = None, n_trials: int = 20,
                 n_games: int = 300, recheck_games: int = 2000, seed: int = 0) -> None:
        super().__init__()
        self._use(game, params_source)
        self.variants_dir = Path(variants_dir) if variants_dir else \
            data_dir(self.game.name) / "variants"
        self.specs = tunable(self.game.params_type)
        self.result: TuneResult | None = None
        self._build(n_trials, n_games, recheck_games, seed)
        self.add_class("dk-tune")

    # -- layout ---------------------------------------------------------------------------------
    def _build(self, n_trials: int, n_games: int, recheck_games: int, seed: int) -> None:
        self.target = widgets.Dropdown(options=TARGET_CHOICES, value="equal-seats",
                                       description="Target")
        self.target.add_class("dk-tune-target")
        self.length = widgets.BoundedFloatText(value=30.0, min=0.1, max=100_000,
                                               description="Turns")
        self.margin = widgets.BoundedFloatText(value=2.0, min=-1_000, max=1_000,
                                               description="Margin")
        self.weights = {name: widgets.BoundedFloatText(value=value, min=0, max=100,
                                                       description=f"× {name}",
                                                       layout=widgets.Layout(width="190px"))
                        for name, value in (("equal-seats", 1.0), ("length", 0.5),
                                            ("margin", 0.0))}
        self.weight_box = widgets.HBox(list(self.weights.values()),
                                       layout=widgets.Layout(flex_flow="row wrap"))
        self.target_help = widgets.HTML()
        self.param_boxes = self._param_boxes()
        self.space_box = self._space_box()
        self.keep = widgets.Text(description="Keep", layout=widgets.Layout(width="460px"),
                                 placeholder="mean_turns=10%, margin=2, end_reason:<name>=0.05")
        self.keep.add_class("dk-tune-keep")
        self.keep_help = widgets.HTML(
            '<span class="dk-help">constraints that keep the game\'s character, measured '
            "against the start on the same seeds: 10% = within ±10 % of the start's value, "
            "2 = within ±2, 20:40 = between; trials that break one are kept out of the "
            "choice of the best (and shown as rejected)</span>")
        self.n_trials = widgets.BoundedIntText(value=n_trials, min=1, max=10_000,
                                               description="Trials")
        self.n_games = widgets.BoundedIntText(value=n_games, min=1, max=1_000_000,
                                              description="Games/trial", style={"description_width": "initial"})
        self.recheck_games = widgets.BoundedIntText(value=recheck_games, min=1,
                                                    max=1_000_000, description="Re-check", style={"description_width": "initial"})
        self.recheck_games.tooltip = "games per variant on fresh seeds after the search"
        batch_form(self, seed)
        self.save = widgets.Checkbox(value=True, indent=False,
                                     description="save the best variant as")
        self.save_name = widgets.Text(placeholder="tuned-<target>-seed<seed>",
                                      layout=widgets.Layout(width="260px"))
        self.save_name.add_class("dk-tune-name")
        self.save_anyway = widgets.Checkbox(value=False, indent=False,
                                            description="save even if the gain did not hold")
        self.save_anyway.add_class("dk-tune-save-anyway")
        controls = self._run_controls("Trials")
        output_areas(self, summary="dk-tune-summary", verdict="dk-tune-verdict",
                     numbers="dk-tune-numbers", diff_html="dk-tune-diff",
                     trials_html="dk-tune-trials")
        self.load_button = widgets.Button(description="Load best into Parameters",
                                          icon="upload", disabled=True,
                                          layout=widgets.Layout(width="auto"))
        self.load_button.add_class("dk-load-best")
        self.load_button.on_click(lambda _b: self.load_best())
        self.target.observe(lambda _c: self._show_target_fields(), names="value")
        self._show_target_fields()
        self.children = [
            style_widget(), analysis_style(),
            widgets.HTML("<b>Tune</b>: search the ticked parameters on their grids toward "
                         "a target (Optuna TPE; every trial plays the same seeded games), "
                         "then re-check the best against the start on fresh seeds; only a "
                         "gain that holds there is saved."),
            wrap_row(self.target, self.length, self.margin),
            self.weight_box, self.target_help, self.space_box, self.keep, self.keep_help,
            wrap_row(self.n_trials, self.n_games, self.recheck_games),
            wrap_row(self.agents, self.seed),
            wrap_row(self.backend, self.workers),
            wrap_row(self.save, self.save_name, self.save_anyway),
            controls, self.status, self.verdict, self.numbers, self.diff_html,
            self.load_button,
            self.summary, self.trials_html]

    def _show_target_fields(self) -> None:
        kind = self.target.value
        mix = kind == "mix"
        self.length.layout.display = None if kind in ("length", "mix") else "none"
        self.margin.layout.display = None if kind in ("margin", "mix") else "none"
        self.weight_box.layout.display = None if mix else "none"
        lang = i18n.lang_of(self)
        self.target_help.value = (
            '<span class="dk-help dk-tune-loss-help">' + i18n.words(
                f"loss = {escape(LOSS_HELP[kind])} (0 is perfect)",
                f"損失 = {escape(LOSS_HELP_JA[kind])}（0 が最良）", lang) + "</span>")

    def _dk_relabel(self, lang: str) -> None:
        """The loss, the parameters' checkboxes and the verdict in ``lang`` (:mod:`.i18n`)."""
        self._show_target_fields()
        for name, box in self.param_boxes.items():
            box.description = self._param_label(name, lang)
            spec = self.specs[name]
            from .param_fields import spec_help

            box.tooltip = f"{spec.rule}: {spec_help(spec, lang, self.game.name)}"
        for html, group in self._group_heads:
            html.value = f"<span class='dk-help'>{escape(i18n.tr(group, lang))}</span>"
        self._space_head.value = self._space_head_html(lang)
        if self.result is not None:
            changed = bool(self.result.best.diff(self.result.base))
            self.verdict.value = self._verdict_html(self.result, changed, lang)

    def _param_label(self, name: str, lang: str = "en") -> str:
        spec = self.specs[name]
        grid = i18n.tr(build_space(self.game.params_type, [name])[name].describe(), lang)
        if lang == "ja":
            return f"{name}（{spec.label_ja}）：{grid}" if spec.label_ja else f"{name}：{grid}"
        ja = f" ({spec.label_ja})" if spec.label_ja else ""
        return f"{name}{ja}: {grid}"

    def _space_head_html(self, lang: str = "en") -> str:
        short = escape(", ".join(self.game.params_type.tune_defaults()))
        return i18n.words(
            "<b>Parameters to tune</b> <span class='dk-help'>(each on its grid; ticked: "
            f"the game's short list, {short})</span>",
            "<b>調整するパラメータ</b> <span class='dk-help'>（それぞれの格子上で。チェック済み："
            f"このゲームの短いリスト、{short}）</span>", lang)

    def _param_boxes(self) -> dict[str, widgets.Checkbox]:
        defaults = set(self.game.params_type.tune_defaults())
        boxes = {}
        for name in self.specs:
            box = widgets.Checkbox(value=name in defaults, indent=False,
                                   description=self._param_label(name),
                                   layout=widgets.Layout(width="auto", margin="0 14px 0 0"))
            box.add_class("dk-tune-param")
            box.add_class(f"dk-tune-param-{name}")
            box.tooltip = f"{self.specs[name].rule}: {self.specs[name].help}"
            boxes[name] = box
        return boxes

    def _space_box(self) -> widgets.VBox:
        """The checkboxes by parameter group, the game's default list ticked."""
        groups: dict[str, list[widgets.Widget]] = {}
        for name, box in self.param_boxes.items():
            groups.setdefault(self.specs[name].group, []).append(box)
        keep = widgets.Layout(flex="0 0 auto")  # rows keep their height; the box scrolls
        self._space_head = widgets.HTML(self._space_head_html(), layout=keep)
        rows: list[widgets.Widget] = [self._space_head]
        self._group_heads: list[tuple[widgets.HTML, str]] = []
        for group, boxes in groups.items():
            head = widgets.HTML(f"<span class='dk-help'>{escape(group)}</span>", layout=keep)
            self._group_heads.append((head, group))
            rows.append(head)
            rows.append(widgets.HBox(boxes, layout=widgets.Layout(flex_flow="row wrap",
                                                                  flex="0 0 auto")))
        box = widgets.VBox(rows, layout=widgets.Layout(max_height="320px", overflow="auto",
                                                       border="1px solid #ddd",
                                                       padding="2px 6px"))
        box.add_class("dk-tune-space")
        return box

    def chosen(self) -> list[str]:
        """The ticked parameters, in declaration order."""
        return [name for name, box in self.param_boxes.items() if box.value]

    def space(self) -> dict[str, Dim]:
        """The search space the ticked boxes stand for (what ``--param`` gives the CLI)."""
        names = self.chosen()
        if not names:
            raise DesignkitError("choose one or more parameters to tune")
        return build_space(self.game.params_type, names)

    def keeps(self) -> list[Keep]:
        return [parse_keep(item) for item in self.keep.value.split(",") if item.strip()]

    # -- running --------------------------------------------------------------------------------
    def run(self, blocking: bool = True) -> TuneResult | Any:
        """Tune: blocking returns the TuneResult (None when refused, e.g. for parameter
        errors or no parameter chosen); otherwise returns the thread."""
        return super().run(blocking)

    def _target(self) -> Target:
        kind = self.target.value
        weights = {k: w.value for k, w in self.weights.items()} if kind == "mix" else {}
        if kind == "mix" and not any(weights.values()):
            raise DesignkitError("target mix: give at least one of the weights a value "
                                 "above zero")
        return Target(kind, length=self.length.value, margin=self.margin.value,
                      weights=weights)

    def _job(self) -> _Job:
        params = checked_params(self.params_source, self.game)
        space = self.space()
        keeps = self.keeps()
        target = self._target()
        path = None
        if self.save.value:
            name = self.save_name.value.strip() or f"tuned-{target.kind}-seed{self.seed.value}"
            if not _NAME.fullmatch(name):
                raise DesignkitError(f"variant name {name!r}: use letters, digits, - _ . or "
                                     "spaces")
            path = self.variants_dir / f"{name}.yaml"
        return _Job(params, target, space, self.n_trials.value,
                    self.n_games.value, self.recheck_games.value, self.agents.value,
                    self.seed.value, self.backend.value, self.workers.value, path, keeps,
                    self.save_anyway.value)

    def _compute(self, job: _Job) -> TuneResult:
        self.progress.max, self.progress.value = job.n_trials, 0
        show_message(self.status, f"{job.n_trials} trials × {job.n_games} games …")
        self.load_button.disabled = True

        def on_trial(done: int, total: int, best: float) -> None:
            self._tick(done, total)
            if done >= total:
                show_message(self.status, f"best loss in the search {best:.4f}; re-checking "
                                          f"on fresh seeds ({job.recheck_games} games each) …")
            else:
                show_message(self.status, f"trial {done} of {total}: best loss {best:.4f}")

        return tune(self.game, job.target, space=job.space, n_trials=job.n_trials,
                    n_games=job.n_games, params=job.params, agents=job.agents,
                    seed=job.seed, recheck_games=job.recheck_games, backend=job.backend,
                    workers=job.workers, save=job.save if job.save is not None else False,
                    on_trial=on_trial, keep=job.keeps, save_anyway=job.save_anyway)

    # -- showing --------------------------------------------------------------------------------
    def _show(self, job: _Job, result: TuneResult) -> None:
        self.result = result
        changed = bool(result.best.diff(result.base))
        self.summary.value = "<b>Summary</b>" + pre(result.summary_text())
        self.verdict.value = self._verdict_html(result, changed, i18n.lang_of(self))
        self.numbers.value = self._numbers_html(result)
        self.diff_html.value = self._diff_html(result)
        self.trials_html.value = self._trials_html(result)
        self.load_button.disabled = not changed
        saved = ""
        if result.path is not None:
            saved = f"; saved {result.path}"
            if hasattr(self.params_source, "refresh_variants"):
                self.params_source.refresh_variants()
        elif result.not_saved:
            saved = f"; nothing saved: {lab_words(result.not_saved)}"
        show_message(self.status, f"{len(result.trials)} trials × {result.n_games} games, "
                                  f"re-checked with {result.recheck_games} games{saved}")

    @staticmethod
    def _verdict_html(result: TuneResult, changed: bool, lang: str = "en") -> str:
        """The verdict in the lab's language, from the re-check's start and best rows."""
        words = _VERDICT[lang if lang in _VERDICT else "en"]
        best = result.recheck.iloc[-1]
        start = result.recheck.iloc[0]
        if not changed:
            return words["none"]
        numbers = words["numbers"].format(start=start["loss"], best=best["loss"],
                                          diff=best["diff"], lo=best["diff_lo"],
                                          hi=best["diff_hi"])
        if result.held:
            return words["held"].format(numbers=numbers)
        broken = [k.metric for k in result.keeps.itertuples() if not k.recheck_ok]
        why = (words["broke"].format(escape(words["and"].join(broken)))
               if broken and best["diff_hi"] < 0 else words["noise"])
        saved = words["saved"] if result.path is not None else words["not_saved"]
        return words["not_held"].format(numbers=numbers, why=why, saved=saved)

    @staticmethod
    def _numbers_html(result: TuneResult) -> str:
        """The loss in words, then numbers of that one kind: start and best on the search
        seeds and on fresh seeds, each with its interval, and the paired difference."""
        by = "turn position" if result.by == "position" else "seat"
        start = ("start (the draft)" if result.base == type(result.base)()
                 else "start (your parameters)")
        rows = []
        for seeds, table in ((f"search (seed {result.seed}, {result.n_games} games)",
                              result.search),
                             (f"re-check (seed {result.recheck_seed}, "
                              f"{result.recheck_games} games)", result.recheck)):
            for r in table.itertuples():
                diff = ("" if r.variant == "start" else
                        f"{r.diff:+.4f} [{r.diff_lo:+.4f}, {r.diff_hi:+.4f}]")
                label = {"start": start, "best": "best trial"}[r.variant]
                rows.append([escape(seeds), label, f"{r.loss:.4f}",
                             f"[{r.lo:.4f}, {r.hi:.4f}]", diff, f"{r.turns:.1f}",
                             " ".join(f"{w:.1%}" for w in r.win_rates)])
        html = (f'<p class="dk-tune-meaning"><b>The loss</b> = {escape(result.meaning)}</p>'
                + html_table(["seeds", "variant", "loss", "95% interval",
                              "best − start [95%]", "mean turns", f"win rate by {by}"],
                             rows, css="dk-table dk-tune-numbers-table"))
        if len(result.keeps):
            keep_rows = [[escape(k.describe), f"{k.search_lo:.3g}–{k.search_hi:.3g}",
                          f"{k.search_best:.3g}", f"{k.recheck_lo:.3g}–{k.recheck_hi:.3g}",
                          f"{k.recheck_best:.3g}", "kept" if k.recheck_ok else "<b>broken</b>"]
                         for k in result.keeps.itertuples()]
            html += ("<b>Constraints</b>" + html_table(
                ["keep", "allowed (search)", "best trial", "allowed (re-check)",
                 "best (re-check)", ""], keep_rows, css="dk-table dk-tune-keeps-table"))
        return html

    def _diff_html(self, result: TuneResult) -> str:
        draft = self.game.params_type()
        names = list(dict.fromkeys([*result.best.diff(draft), *result.best.diff(result.base),
                                    *result.base.diff(draft)]))
        if not names:
            return "<b>Best variant</b>: <i>the draft itself</i>"
        specs = self.game.params_type.specs()
        tuned = result.best.diff(result.base)
        rows = []
        for name in names:
            mark = "<b>{}</b>" if name in tuned else "{}"
            rows.append([escape(name), f'<span class="dk-rule">{escape(specs[name].rule)}</span>',
                         _fmt(getattr(draft, name)), _fmt(getattr(result.base, name)),
                         mark.format(_fmt(getattr(result.best, name)))])
        return ("<b>Best variant against the draft</b> (bold: changed by the search)"
                + html_table(["field", "rule", "draft", "start", "best"], rows,
                             css="dk-table dk-tune-diff-table"))

    @staticmethod
    def _trials_html(result: TuneResult, top: int = 10) -> str:
        trials = result.trials.dropna(subset=["value"]).sort_values("value").head(top)
        pcols = [c for c in trials.columns if c.startswith("params_")]
        rows = [[str(int(r["number"])), f"{r['value']:.4f}",
                 *(escape(str(r[c])) for c in pcols),
                 f"{r['user_attrs_turns']:.1f}" if "user_attrs_turns" in r else "",
                 escape(str(r.get("user_attrs_rejected") or ""))
                 if isinstance(r.get("user_attrs_rejected"), str) else ""]
                for _, r in trials.iterrows()]
        head = ["trial", "loss", *(c.removeprefix("params_") for c in pcols), "turns",
                "rejected"]
        rejected = len(result.rejected)
        note = (f"; {rejected} rejected by a constraint or the parameters' checks"
                if rejected else "")
        return (f"<b>Best trials</b> (of {len(result.trials)}; trial 0 is the start when it "
                f"lies on the searched grid{note})"
                + html_table(head, rows, css="dk-table dk-trials-table"))

    # -- loading --------------------------------------------------------------------------------
    def load_best(self) -> Params | None:
        """Put the best variant into the parameter editor (``params_source.set_params``)."""
        if self.result is None:
            show_message(self.status, "run a search first", error=True)
            return None
        if not hasattr(self.params_source, "set_params"):
            show_message(self.status, "no parameter editor to load into", error=True)
            return None
        self.params_source.set_params(self.result.best)
        show_message(self.status, "loaded the best variant into the Parameters tab")
        return self.result.best
