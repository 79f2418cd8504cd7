"""What every design-questions page shares: the question, its answer, intervals, charts.

A draft's author asks questions in their own words; an :class:`Answer` keeps that quote
(Japanese original and English) beside a plotly chart, the numbers behind it (with 95%
intervals) and a one-line reading *generated from those numbers*, so the sentence stays
true when the rules or the bots change. The game modules
(``designkit.analysis.questions.<game>``) only compute tables; this module turns tables
into answers.

:func:`simulate_observed` plays exactly the games ``simulate`` plays (same seeds, same
rows) in this process while an :class:`Observer` watches each decision: the questions
need counts (decisions per stage, where workers go, the first start player) that the
tidy Results do not carry, and watching costs far less than a second simulation.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd
import plotly.graph_objects as go

from designkit.agents import make_agents
from designkit.analysis.stats import mean_interval, ratio_interval, wilson_interval
from designkit.core.game import Game, State
from designkit.core.limits import check_games, check_seed
from designkit.core.params import Params
from designkit.core.registry import get_game
from designkit.core.seats import player_count
from designkit.sim.many import results_from_rows
from designkit.sim.results import Results
from designkit.sim.runner import _rows, game_seed

COLOURS = ("#4c78a8", "#f58518", "#54a24b", "#e45756", "#72b7b2", "#b279a2")
LAYOUT = {"template": "plotly_white", "height": 360, "width": 760,
          "margin": {"l": 60, "r": 20, "t": 60, "b": 50}}


# -- questions and answers ---------------------------------------------------------------------
@dataclass(frozen=True)
class Question:
    """A question as the draft raises it: ``quote_ja`` is verbatim from the draft."""

    key: str
    title: str
    quote_ja: str
    quote_en: str
    source: str  # where in the draft (file and section)


@dataclass
class Answer:
    """A question answered: the chart, the numbers behind it and the generated reading."""

    question: Question
    figure: go.Figure
    table: pd.DataFrame
    reading: str
    notes: list[str] = field(default_factory=list)

    def markdown(self) -> str:
        q = self.question
        lines = [f"### {q.title}", "", f"> 「{q.quote_ja}」", ">", f"> *{q.quote_en}*",
                 f"> — {q.source}", "", f"**Reading:** {self.reading}"]
        lines += [f"- {n}" for n in self.notes]
        return "\n".join(lines)


# -- numbers with intervals -------------------------------------------------------------------
def pct(x: float) -> str:
    return "n/a" if x != x else f"{x:.0%}"


def rate_text(rate: float, lo: float, hi: float) -> str:
    """``41% [35–47%]``: a share and its 95% interval."""
    return f"{pct(rate)} [{pct(lo)}–{pct(hi)}]"


def num_text(value: float, lo: float, hi: float, digits: int = 1) -> str:
    if value != value:
        return "n/a"
    if lo != lo:
        return f"{value:.{digits}f}"
    return f"{value:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def rate_row(successes: float, n: float) -> dict[str, float]:
    lo, hi = wilson_interval(successes, n)
    return {"n": int(n), "successes": successes,
            "rate": successes / n if n else float("nan"), "lo": lo, "hi": hi}


def rate_by(frame: pd.DataFrame, by: str, flag: str = "won") -> pd.DataFrame:
    """Share of rows with ``flag`` true in each group of ``by``, with Wilson 95% intervals."""
    rows = [{by: key, **rate_row(float(grp[flag].sum()), len(grp))}
            for key, grp in frame.groupby(by, sort=True)]
    return pd.DataFrame(rows, columns=[by, "n", "successes", "rate", "lo", "hi"])


def mean_by(frame: pd.DataFrame, by: str, column: str) -> pd.DataFrame:
    """Mean of ``column`` in each group of ``by``, with Student-t 95% intervals."""
    rows = []
    for key, grp in frame.groupby(by, sort=True):
        mean, lo, hi = mean_interval(grp[column].tolist())
        rows.append({by: key, "n": len(grp), "mean": mean, "lo": lo, "hi": hi})
    return pd.DataFrame(rows, columns=[by, "n", "mean", "lo", "hi"])


def share_row(num: Sequence[float], den: Sequence[float]) -> dict[str, float]:
    """Σnum / Σden with the delta-method interval, games as the sampling unit."""
    value, lo, hi = ratio_interval(list(num), list(den))
    return {"n": len(num), "rate": value, "lo": lo, "hi": hi}


def separated(a: dict[str, float] | pd.Series, b: dict[str, float] | pd.Series) -> bool:
    """True when two 95% intervals do not overlap (a clear difference at this game count)."""
    return bool(a["hi"] < b["lo"] or b["hi"] < a["lo"])


def vp_columns(results: Results) -> list[str]:
    """The VP-by-source columns (``vp_<key>``) the game writes into ``Results.seats``."""
    return [c for c in results.seats.columns if c.startswith("vp_")]


def gained_share(results: Results, part: pd.Series) -> dict[str, float]:
    """The share of all VP gained (every ``vp_`` source, losses left out) that ``part``
    (a value per seat row) makes up, per game, with the delta-method interval."""
    seats = results.seats
    gained = seats[vp_columns(results)].clip(lower=0).sum(axis=1)
    by_game = pd.DataFrame({"g": seats.game_id, "x": part, "d": gained}).groupby("g").sum()
    return share_row(by_game.x.tolist(), by_game.d.tolist())


def winner_changes_without(results: Results, column: str) -> pd.Series:
    """Per game: does the top score change hands when ``column``'s VP are taken away?

    A counterfactual on the finished games (the players would have played differently),
    so it measures how often a VP source *decided* the result as played, not what a
    variant without it would do. Games whose winner is shared count when the set of
    best seats changes.
    """
    seats = results.seats
    out = {}
    for gid, grp in seats.groupby("game_id", sort=True):
        before = set(grp.seat[grp.score == grp.score.max()])
        rest = grp.score - grp[column]
        after = set(grp.seat[rest == rest.max()])
        out[gid] = before != after
    return pd.Series(out, name=f"decided_by_{column}", dtype=bool)


# -- charts -----------------------------------------------------------------------------------
def figure(title: str, **layout: Any) -> go.Figure:
    fig = go.Figure()
    fig.update_layout(title=title, **{**LAYOUT, **layout})
    return fig


def error_y(table: pd.DataFrame, value: str = "rate") -> dict[str, Any]:
    return {"type": "data", "symmetric": False,
            "array": (table["hi"] - table[value]).round(4).tolist(),
            "arrayminus": (table[value] - table["lo"]).round(4).tolist()}


def bars(table: pd.DataFrame, x: str, title: str, ytitle: str, value: str = "rate",
         rate: bool = True, reference: float | None = None, reference_text: str = "",
         name: str | None = None, colour: int = 0, fig: go.Figure | None = None
         ) -> go.Figure:
    """Bars of ``value`` by ``x`` with their 95% intervals as error bars (rounded to 4
    digits so stored notebook outputs stay small)."""
    if fig is None:
        fig = figure(title, xaxis={"title": x.replace("_", " "), "type": "category"},
                     yaxis={"title": ytitle, **({"tickformat": ".0%"} if rate else {})},
                     showlegend=name is not None, barmode="group")
    fig.add_bar(x=[str(v) for v in table[x]], y=table[value].round(4).tolist(),
                error_y=error_y(table, value), marker_color=COLOURS[colour % len(COLOURS)],
                name=name or ytitle)
    if reference is not None:
        fig.add_hline(y=reference, line_dash="dash", line_color="grey",
                      annotation_text=reference_text, annotation_position="top left")
    return fig


# -- watching the games -----------------------------------------------------------------------
class Observer:
    """Reads one batch of games for a chart; the counting is the game's own.

    The game's declared watch (its ``metrics.py``, :mod:`designkit.core.metrics`) counts
    each game; :func:`simulate_observed` hands it to the observer as ``self.watch`` before
    ``start(game_id)``, and the observer turns what it counted into rows at ``finish(state)``.
    ``decision(state, seat, action, options)`` and ``step(state)`` are still called (an
    observer of a game that declares nothing may count itself). ``rows`` collects one dict
    per game or per game × seat.
    """

    def __init__(self) -> None:
        self.rows: list[dict[str, Any]] = []
        self.game_id = -1
        self.watch: Any = None

    def start(self, game_id: int) -> None:
        self.game_id = game_id

    def decision(self, state: State, seat: int, action: Hashable, options: int) -> None:
        pass

    def step(self, state: State) -> None:
        pass

    def finish(self, state: State) -> None:
        pass

    def frame(self) -> pd.DataFrame:
        return pd.DataFrame(self.rows)


def simulate_observed(game: Game | str, n_games: int, params: Params | None = None,
                      agents: str | Sequence[str] | None = "greedy", seed: int = 0,
                      observer: Observer | None = None) -> Results:
    """``simulate(game, n_games, params, agents, seed, metrics=True)`` in this process,
    watched.

    The Results are ``simulate``'s (same game seeds and rows) with the game's declared
    metrics as ``metric_<name>`` columns (:mod:`designkit.sim.watched`); the observer
    sees every decision on the way, and the game's watch of each game (``observer.watch``).
    """
    from designkit.core.metrics import columns
    from designkit.sim.watched import WatchedAgent, declared_metrics, play_watched

    game = get_game(game)
    params = params if params is not None else game.params_type()
    check_games(n_games)
    seed = check_seed(seed)
    observer = observer if observer is not None else Observer()
    declared = declared_metrics(game)
    inner = make_agents(agents, player_count(params))
    names = [a.name for a in inner]
    watched = [WatchedAgent(a, s) for s, a in enumerate(inner)]
    rows = []
    for gid in range(n_games):
        s = game_seed(seed, gid)
        watch = declared.watch(len(inner))
        observer.watch = watch
        observer.start(gid)
        played = play_watched(game, params, watched, s, [watch, observer],
                              log=declared.needs_log)
        observer.finish(played.state)
        row, seats = _rows(game, played, gid, s, names)
        per_game, per_seat = columns(declared, watch.values(played.state), len(inner))
        row.update(per_game)
        for srow, extra in zip(seats, per_seat, strict=True):
            srow.update(extra)
        rows.append((row, seats))
    return results_from_rows(game, params, names, seed, rows, n_games, False,
                             {"backend": "observed", "workers": 1})
