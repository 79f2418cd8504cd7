"""Problem → cure → verdict: a draft's problem, the metric that measures it, the draft's
value with its interval, and each cure's paired difference with its interval and verdict.

A game's :class:`Problem` list (the draft's words, the metrics, the shipped variants that
are the draft's own proposed cures) is data, ``problems/<game>.yaml`` beside this module,
read by :func:`load_problems`. :func:`run_cures`
plays the draft and every cure once, on the same seeds, with every metric at once
(:func:`designkit.analysis.variant_compare.compare_variants`: the metrics are free once
the games are played), and :func:`answer` turns the rows of one problem into an
:class:`~designkit.analysis.questions.common.Answer` whose reading is written from the
numbers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from designkit.analysis.questions.common import LAYOUT, Answer, Question
from designkit.analysis.stats import mean_interval, wilson_interval
from designkit.analysis.variant_compare import Comparison, compare_variants
from designkit.analysis.variant_metrics import (
    imbalance,
    parse_metric,
    per_game,
    won_by_position,
)
from designkit.core.errors import DataError
from designkit.core.messages import Text, bi
from designkit.core.textfiles import load_yaml


@dataclass(frozen=True)
class Problem:
    """A problem the draft names, how it is measured, and the cures it proposes."""

    question: Question
    metrics: tuple[str, ...]         # the first is charted; all are read
    cures: tuple[str, ...]           # shipped variant names (data/<game>/variants/)
    measures: str                    # why these metrics measure the problem


_PROBLEM_KEYS = ("key", "title", "quote_ja", "quote_en", "metrics", "cures", "measures")


def load_problems(game: str) -> tuple[Problem, ...]:
    """``game``'s problems from ``problems/<game>.yaml``: each row's question (its ``source``
    the file's unless the row names its own), metrics, cures and what they measure. A row
    missing a field, or with one it does not know, names the file and the row."""
    name = f"problems/{game}.yaml"
    text = resources.files(__package__).joinpath(name).read_text("utf-8")
    return parse_problems(text, f"designkit/analysis/questions/{name}")


def parse_problems(text: str, source: str) -> tuple[Problem, ...]:
    """The problems of a ``problems/<game>.yaml`` text (``source`` names it in an error)."""
    data = load_yaml(text, source)
    if not isinstance(data, dict):
        raise DataError(source, Text("want source: and problems:", "source: と problems: が必要です"))
    out = []
    for i, row in enumerate(data.get("problems") or [], 1):
        if not isinstance(row, dict) or set(row) - {"source"} != set(_PROBLEM_KEYS):
            have = set(row) if isinstance(row, dict) else set()
            raise DataError(source, bi("problem {i}: want {w}; has {h}",
                                       "問題 {i}：{w} が必要です（あるのは {h}）", i=i,
                                       w=", ".join(_PROBLEM_KEYS), h=", ".join(sorted(have))))
        question = Question(row["key"], row["title"], row["quote_ja"], row["quote_en"],
                            str(row.get("source", data.get("source", ""))))
        out.append(Problem(question, tuple(row["metrics"]), tuple(row["cures"]),
                           row["measures"]))
    return tuple(out)


def run_cures(game: str, problems: Sequence[Problem], n_games: int, seed: int = 2026,
              agents: str = "greedy", precision: float | dict[str, float] = 0.02,
              first: int | None = None,
              players: int | None = None, workers: int = 1) -> Comparison:
    """The draft and every problem's cures on the same seeds, every metric at once."""
    cures = list(dict.fromkeys(c for p in problems for c in p.cures))
    metrics = list(dict.fromkeys(m for p in problems for m in p.metrics))
    return compare_variants(game, ["draft", *cures], metric=metrics, agents=agents,
                            precision=precision, max_games=n_games,
                            first=first or max(1, n_games // 4), seed=seed, players=players,
                            workers=workers)


def draft_value(out: Comparison, metric: str) -> tuple[float, float, float]:
    """The draft's own value of ``metric`` with a 95 % interval (t for per-game values,
    bootstrap percentiles for seat balance)."""
    m = parse_metric(metric)
    res = out.results[0]
    if m.paired_games:
        values = per_game(m, res)
        values = values[np.isfinite(values)]
        if len(values) and set(np.unique(values)) <= {0.0, 1.0}:    # a rate: Wilson
            lo, hi = wilson_interval(float(values.sum()), len(values))
            return float(values.mean()), float(lo), float(hi)
        mean, lo, hi = mean_interval(values.tolist())
        return float(mean), float(lo), float(hi)
    won, _ = won_by_position(res)
    rng = np.random.default_rng(out.seed)
    boot = [imbalance(won, rng.integers(0, len(won), len(won))) for _ in range(400)]
    return imbalance(won), float(np.quantile(boot, 0.025)), float(np.quantile(boot, 0.975))


def _fmt(metric: str, value: float, sign: bool = False) -> str:
    if not math.isfinite(value):
        return "n/a"
    if parse_metric(metric).unit == "%":
        return f"{value * 100:+.1f} pts" if sign else f"{value * 100:.1f}%"
    return f"{value:+.2f}" if sign else f"{value:.2f}"


def answer(problem: Problem, out: Comparison) -> Answer:
    """One problem's answer: chart of each cure's paired difference (first metric), the
    table of every metric, and the reading (draft value, then a verdict per cure)."""
    table = out.table[out.table["variant"].isin(problem.cures)
                      & out.table["metric"].isin(problem.metrics)].reset_index(drop=True)
    lines = []
    for metric in problem.metrics:
        value, lo, hi = draft_value(out, metric)
        label = table.loc[table["metric"] == metric, "label"]
        name = label.iloc[0] if len(label) else parse_metric(metric).label
        lines.append(f"Draft: {name} = {_fmt(metric, value)} [{_fmt(metric, lo)}, "
                     f"{_fmt(metric, hi)}].")
        for _, row in table[table["metric"] == metric].iterrows():
            lines.append(_cure_line(row, out.precision_of(metric)))
    lines.append(f"({out.n_games} paired games per variant, {', '.join(sorted(set(out.agents)))}"
                 f" bots; intervals at 95 % over {len(out.schedule)} looks.)")
    return Answer(problem.question, cure_figure(problem, out, table), table, " ".join(lines),
                  notes=[problem.measures])


def _cure_line(row: pd.Series, precision: float) -> str:
    m = row["metric"]
    diff = (f"{_fmt(m, row['diff'], True)} [{_fmt(m, row['lo'], True)}, "
            f"{_fmt(m, row['hi'], True)}]")
    if row["decided"]:
        word = "raises" if row["lo"] > 0 else "lowers"
        return f"{row['variant']} {word} it by {diff}."
    if row["half_width"] <= precision:
        return f"{row['variant']}: no difference detected ({diff})."
    return f"{row['variant']}: {diff}, too close to call at these games."


def cure_figure(problem: Problem, out: Comparison, table: pd.DataFrame) -> go.Figure:
    """Each cure's paired difference from the draft on the first metric, with its interval."""
    metric = problem.metrics[0]
    rows = table[table["metric"] == metric]
    scale = 100.0 if parse_metric(metric).unit == "%" else 1.0
    fig = go.Figure(go.Bar(
        y=list(rows["variant"]), x=list(rows["diff"] * scale), orientation="h",
        error_x={"type": "data", "array": list(rows["half_width"] * scale), "visible": True},
        marker_color=["#54a24b" if d else "#bab0ac" for d in rows["decided"]]))
    fig.add_vline(x=0, line_color="#555")
    label = rows["label"].iloc[0] if len(rows) else metric
    unit = " (points)" if scale == 100.0 else ""
    fig.update_layout(**{**LAYOUT, "height": 120 + 40 * max(1, len(rows))},
                      title=f"{problem.question.title}<br><sup>{label}: cure − draft{unit}, "
                            f"paired, {out.n_games} games each</sup>",
                      xaxis_title=f"difference from the draft{unit}")
    return fig
