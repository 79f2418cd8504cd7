"""Problem → cure → verdict: a draft's problem, the metric that measures it, the draft's
value with its interval, and each cure's paired difference with its interval and verdict.

A game's :class:`Problem` list (the draft's words, the primary and exploratory metrics, the
target that would mean "fixed", the margin, the player counts, the shipped variants that
are the draft's own proposed cures) is data, ``data/<game>/questions.yaml``, read and
validated by :func:`load_problems`. :func:`run_cures`
plays the draft and every cure once, on the same seeds, with every metric at once
(:func:`designkit.analysis.variant_compare.compare_variants`: the metrics are free once
the games are played), and :func:`answer` turns the rows of one problem into an
:class:`~designkit.analysis.questions.common.Answer` whose reading is written from the
numbers.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd
import plotly.graph_objects as go

from designkit.analysis.questions.common import LAYOUT, Answer, Question
from designkit.analysis.variant_compare import (
    Comparison,
    Plan,
    compare_variants,
    plan_comparison,
)
from designkit.analysis.variant_metrics import (
    parse_metric,
)
from designkit.analysis.verdicts import Target
from designkit.core.errors import DataError, DesignkitError
from designkit.core.messages import Text, bi
from designkit.core.textfiles import load_yaml


@dataclass(frozen=True)
class Problem:
    """A problem the draft names, how it is measured, what would fix it, and its cures."""

    question: Question
    metrics: tuple[str, ...]         # the primary metric first (declared), then exploratory
    cures: tuple[str, ...]           # shipped variant names (data/<game>/variants/)
    measures: str                    # why these metrics measure the problem
    target: dict[str, Any] | None = None   # at_least / at_most / between / fair_within, text
    margin: float | None = None      # "no practical change" band, in the metric's unit
    players: tuple[int, ...] = ()    # the player counts it concerns

    @property
    def metric(self) -> str:
        """The primary metric: the one the verdict is declared on."""
        return self.metrics[0]

    def target_at(self, players: int) -> Target | None:
        """The target on the primary metric's own scale at ``players`` players."""
        return make_target(self.target, players, self.metric)


_REQUIRED = ("key", "title", "quote_ja", "quote_en", "metric", "cures", "measures", "margin",
             "players")
_OPTIONAL = ("source", "exploratory", "target")
_TARGET_KEYS = ("at_least", "at_most", "between", "fair_within", "text")


def make_target(spec: Mapping[str, Any] | None, players: int, metric: str) -> Target | None:
    """A question's target as a :class:`Target` at ``players`` (``fair_within: x`` is
    1/n ± x; on ``seat_balance``, whose value is the gap itself, it is ``≤ x``)."""
    if not spec:
        return None
    text = str(spec.get("text", ""))
    if "fair_within" in spec:
        x = float(spec["fair_within"])
        if metric == "seat_balance":
            return Target(None, x, text or f"every position within 1/n ± {x:g}")
        return Target(1 / players - x, 1 / players + x, text or f"within 1/n ± {x:g}")
    if "between" in spec:
        lo, hi = (float(v) for v in spec["between"])
        return Target(lo, hi, text or f"between {lo:g} and {hi:g}")
    least = float(spec["at_least"]) if "at_least" in spec else None
    most = float(spec["at_most"]) if "at_most" in spec else None
    return Target(least, most, text or (f"≥ {least:g}" if most is None else f"≤ {most:g}"))


def load_problems(game: str) -> tuple[Problem, ...]:
    """``game``'s questions from ``data/<game>/questions.yaml``: each row's question (its
    ``source`` the file's unless the row names its own), metric, target, margin, player
    counts and cures. A row missing a field, with one it does not know, or with a bad
    value names the file, the entry and the field in one line."""
    from designkit.core.paths import data_dir

    path = data_dir(game) / "questions.yaml"
    return parse_problems(path.read_text("utf-8"), f"data/{game}/questions.yaml", game)


def field_problem(row: Mapping[str, Any], required: Sequence[str], optional: Sequence[str]
                  ) -> tuple[str, str] | None:
    """The first field an entry of ``questions.yaml`` lacks or does not know, with why
    (the questions and the doubts tables read their entries alike), or None."""
    missing = [k for k in required if k not in row]
    extra = sorted(set(row) - set(required) - set(optional))
    if not (missing or extra):
        return None
    return ((missing or extra)[0], "missing" if missing else
            f"unknown; fields: {', '.join((*required, *optional))}")


def _bad(source: str, i: int, key: str, field: str, why: str) -> DataError:
    return DataError(source, Text(f"question {i} ({key}), field {field}: {why}",
                                  f"質問 {i}（{key}）の {field}：{why}"))


def parse_problems(text: str, source: str, game: str | None = None) -> tuple[Problem, ...]:
    """The questions of a ``questions.yaml`` text (``source`` names it in an error);
    ``game`` checks the metric's VP sources, the player counts and the cures."""
    data = load_yaml(text, source)
    if not isinstance(data, dict):
        raise DataError(source, Text("want source: and questions:",
                                     "source: と questions: が必要です"))
    out = []
    for i, row in enumerate(data.get("questions") or [], 1):
        if not isinstance(row, dict):
            raise DataError(source, bi("question {i}: want a mapping of {w}",
                                       "質問 {i}：{w} の対応が必要です", i=i,
                                       w=", ".join(_REQUIRED)))
        key = str(row.get("key", "?"))
        bad_field = field_problem(row, _REQUIRED, _OPTIONAL)
        if bad_field:
            raise _bad(source, i, key, *bad_field)
        out.append(_problem(row, i, key, source, str(row.get("source", data.get("source", ""))),
                            game))
    return tuple(out)


def _problem(row: dict[str, Any], i: int, key: str, source: str, where: str,
             game: str | None) -> Problem:
    metrics = (str(row["metric"]), *(str(m) for m in row.get("exploratory") or ()))
    for m in metrics:
        try:
            parse_metric(m)
        except DesignkitError as err:
            raise _bad(source, i, key, "metric", str(err)) from None
    try:
        margin = float(row["margin"])
    except (TypeError, ValueError):
        raise _bad(source, i, key, "margin", "give a number") from None
    if not (math.isfinite(margin) and margin > 0):
        raise _bad(source, i, key, "margin", f"{row['margin']}: give a finite number above 0")
    players = row["players"]
    if not (isinstance(players, list) and players
            and all(isinstance(p, int) and not isinstance(p, bool) for p in players)):
        raise _bad(source, i, key, "players", "give a list of player counts, e.g. [3]")
    target = row.get("target")
    if target is not None:
        if not isinstance(target, dict) or set(target) - set(_TARGET_KEYS) or not (
                set(target) & {"at_least", "at_most", "between", "fair_within"}):
            raise _bad(source, i, key, "target", "give at_least, at_most, between [lo, hi] "
                                                 "or fair_within (and text)")
        try:
            made = [make_target(target, n, metrics[0]) for n in players]
        except (TypeError, ValueError):
            raise _bad(source, i, key, "target", "its bounds must be numbers") from None
        for t in made:
            if t is not None and 2 * margin > t.width + 1e-9:
                raise _bad(source, i, key, "margin", f"±{margin:g} is wider than the "
                                                     f"target {t.text}")
    cures = row["cures"]
    if not (isinstance(cures, list) and cures):
        raise _bad(source, i, key, "cures", "give a list of variant names")
    if game is not None:
        _check_game(game, row, i, key, source, metrics, players, cures)
    question = Question(key, row["title"], row["quote_ja"], row["quote_en"], where)
    return Problem(question, metrics, tuple(str(c) for c in cures), row["measures"],
                   target, margin, tuple(players))


def _check_game(game: str, row: dict[str, Any], i: int, key: str, source: str,
                metrics: tuple[str, ...], players: list[int], cures: list[Any]) -> None:
    try:
        check_game_parts(game, list(metrics), players, cures)
    except DesignkitError as err:
        field, _, why = str(err).partition(": ")
        raise _bad(source, i, key, field, why) from None


def check_game_parts(game: str, metrics: Sequence[str], players: Sequence[int],
                     cures: Sequence[str]) -> None:
    """Refuse, as ``field: why``, a player count ``game`` does not play, a cure that is no
    shipped variant, or a metric the game cannot measure (an unknown VP source, rule ID,
    end reason or results column: what ``plan_comparison`` would refuse before playing)."""
    from designkit.analysis.variant_compare import _for_game
    from designkit.analysis.variant_metrics import check_metric_names
    from designkit.core.registry import get_game
    from designkit.core.variants import variant_names

    g = get_game(game)
    for n in players:
        if not g.min_players <= n <= g.max_players:
            raise DesignkitError(f"players: {n}: {game} plays {g.min_players}–{g.max_players}")
    shipped = set(variant_names(g.params_type))
    for c in cures:
        if c not in shipped:
            raise DesignkitError(f"cures: {c}: no such variant of {game}")
    for m in metrics:
        try:
            check_metric_names(g, _for_game(g, parse_metric(m)), g.params_type())
        except DesignkitError as err:
            raise DesignkitError(f"metric: {err}") from None


def find_problem(game: str, key: str) -> Problem:
    """One question of ``game`` by key (one line listing the keys otherwise)."""
    problems = load_problems(game)
    for p in problems:
        if p.question.key == key:
            return p
    raise DesignkitError(f"--question {key}: {game} has no such question; its questions: "
                         + ", ".join(p.question.key for p in problems))


def run_cures(game: str, problems: Sequence[Problem], n_games: int, seed: int = 2026,
              agents: str = "greedy", precision: float | dict[str, float] | None = None,
              first: int | None = None,
              players: int | None = None, workers: int = 1) -> Comparison:
    """The draft and every problem's cures on the same seeds, every metric at once. The
    family (printed) is every (cure, primary metric) pair the page declares; metrics that
    are no question's primary one are exploratory (α each, labelled). A primary metric's
    margin and target are its first question's; ``precision`` (per metric) gives the
    exploratory metrics' margins. With ``players``, only the problems that concern that
    count are played (:attr:`Problem.players`)."""
    if players is not None:     # a question is read only at the counts it concerns (a cure
        problems = [p for p in problems   # may not act at another: issue 38)
                    if not p.players or players in p.players]
    cures = list(dict.fromkeys(c for p in problems for c in p.cures))
    metrics = list(dict.fromkeys(m for p in problems for m in p.metrics))
    primary = {p.metric for p in problems}
    margins: dict[str, float] = {}
    targets: dict[str, Target] = {}
    n = players or (problems[0].players[0] if problems and problems[0].players else 3)
    for p in problems:
        margins.setdefault(p.metric, p.margin or parse_metric(p.metric).default_margin)
        t = p.target_at(n)
        if t is not None:
            targets.setdefault(p.metric, t)
    if isinstance(precision, dict):     # the exploratory metrics' margins (the questions
        margins.update({k: v for k, v in precision.items()   # own their primary ones)
                        if k in metrics and k not in primary})
    family = max(1, len({(c, p.metric) for p in problems for c in p.cures}))
    return compare_variants(game, ["draft", *cures], metric=metrics, agents=agents,
                            margin=margins, targets=targets, max_games=n_games,
                            first=first or max(1, n_games // 4), seed=seed, players=players,
                            workers=workers, family=family,
                            plan=None if not metrics else _plan(game, cures, metrics, agents,
                                                                margins, targets, n_games,
                                                                first, seed, players, family,
                                                                [m for m in metrics
                                                                 if m not in primary]))


def _plan(game: str, cures: list[str], metrics: list[str], agents: str,
          margins: dict[str, float], targets: dict[str, Target], n_games: int,
          first: int | None, seed: int, players: int | None, family: int,
          exploratory: list[str]) -> Plan:
    return plan_comparison(game, ["draft", *cures], metrics, agents, None, n_games,
                           first or max(1, n_games // 4), seed, players=players,
                           margin=margins, targets=targets, family=family,
                           exploratory=exploratory)


def draft_value(out: Comparison, metric: str) -> tuple[float, float, float]:
    """The draft's own value of ``metric`` with its anytime-valid interval (the level the
    comparison's table holds; seat balance: the imbalance, 0 when every position's interval
    contains the fair share)."""
    rows = out.table[out.table["metric"] == metric]
    if len(rows):
        r = rows.iloc[0]
        return float(r["a"]), float(r["a_lo"]), float(r["a_hi"])
    return (math.nan, math.nan, math.nan)


def _fmt(metric: str, value: float, sign: bool = False) -> str:
    if not math.isfinite(value):
        return "n/a"
    if parse_metric(metric).unit == "%":
        return f"{value * 100:+.1f} pts" if sign else f"{value * 100:.1f}%"
    return f"{value:+.2f}" if sign else f"{value:.2f}"


def answer(problem: Problem, out: Comparison) -> Answer:
    """One problem's answer: chart of each cure's paired difference (primary metric), the
    table of every metric, and the reading (draft value, then a verdict per cure: the
    primary metric's declared, the others marked exploratory)."""
    table = out.table[out.table["variant"].isin(problem.cures)
                      & out.table["metric"].isin(problem.metrics)].reset_index(drop=True)
    if table.empty and out.names[1:]:   # run_cures left it out: not its player count
        counts = ", ".join(map(str, problem.players))
        return Answer(problem.question, cure_figure(problem, out, table), table,
                      f"Not played in this comparison: the question concerns {counts} players, "
                      f"where its cures ({', '.join(problem.cures)}) act; read it from a "
                      f"comparison at one of those counts.", notes=[problem.measures])
    lines = []
    for metric in problem.metrics:
        value, lo, hi = draft_value(out, metric)
        label = table.loc[table["metric"] == metric, "label"]
        name = label.iloc[0] if len(label) else parse_metric(metric).label
        tag = "" if metric == problem.metric else " (exploratory)"
        lines.append(f"Draft{tag}: {name} = {_fmt(metric, value)} [{_fmt(metric, lo)}, "
                     f"{_fmt(metric, hi)}].")
        for _, row in table[table["metric"] == metric].iterrows():
            lines.append(_cure_line(row))
    lines.append(f"({out.n_games} paired games per variant, {out.bots} bots; anytime-valid "
                 f"intervals, 95 % over the page's family of {out.family} declared verdicts "
                 f"(Bonferroni); exploratory rows at 95 % each.)")
    return Answer(problem.question, cure_figure(problem, out, table), table, " ".join(lines),
                  notes=[problem.measures])


def _cure_line(row: pd.Series) -> str:
    m = row["metric"]
    diff = (f"{_fmt(m, row['diff'], True)} [{_fmt(m, row['lo'], True)}, "
            f"{_fmt(m, row['hi'], True)}]")
    target = f", target {row['target']}" if row["target"] else ""
    more = ""
    if row["kind"] == "not decided yet":
        more = (f" ({row['why']})" if row["why"] else
                f" (≈{int(row['more_games'])} more games)" if row["more_games"] == row[
                    "more_games"] and row["more_games"] is not None else " (many more games)")
    return (f"{row['variant']}: {row['kind']}{more}: {diff} (margin "
            f"±{_fmt(m, row['margin'], True).lstrip('+')}{target}).")


def cure_figure(problem: Problem, out: Comparison, table: pd.DataFrame) -> go.Figure:
    """Each cure's paired difference from the draft on the first metric, with its interval."""
    metric = problem.metrics[0]
    rows = table[table["metric"] == metric]
    scale = 100.0 if parse_metric(metric).unit == "%" else 1.0
    fig = go.Figure(go.Bar(
        y=list(rows["variant"]), x=list(rows["diff"] * scale), orientation="h",
        error_x={"type": "data", "array": list((rows["hi"] - rows["diff"]) * scale),
                 "arrayminus": list((rows["diff"] - rows["lo"]) * scale), "visible": True},
        marker_color=["#54a24b" if d else "#bab0ac" for d in rows["decided"]]))
    fig.add_vline(x=0, line_color="#555")
    label = rows["label"].iloc[0] if len(rows) else metric
    unit = " (points)" if scale == 100.0 else ""
    fig.update_layout(**{**LAYOUT, "height": 120 + 40 * max(1, len(rows))},
                      title=f"{problem.question.title}<br><sup>{label}: cure − draft{unit}, "
                            f"paired, {out.n_games} games each</sup>",
                      xaxis_title=f"difference from the draft{unit}")
    return fig
