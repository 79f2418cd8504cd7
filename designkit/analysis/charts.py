"""Plot builders: ``Results -> plotly Figure``, pure, so they are tested without a kernel.

The panels wrap these in ``go.FigureWidget``; notebooks call ``fig.show()``.
They read only the tidy tables (never game objects), so every game gets them,
and the skill charts appear for games whose seats table has ``skills_held``.
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from designkit.analysis.compare import compare_win_rates, seat_count
from designkit.analysis.stats import wilson_interval
from designkit.core.seats import seat_label as core_seat_label
from designkit.sim.results import Results

COLOURS = ("#4c78a8", "#f58518", "#54a24b", "#e45756", "#72b7b2", "#b279a2")
_LAYOUT = {"template": "plotly_white", "height": 340, "margin": {"l": 50, "r": 20, "t": 50,
                                                                  "b": 40}}


def _RATE_AXIS(title: str) -> dict[str, object]:  # noqa: N802 - reads as a constant
    """A share axis: 0–100 %, ticks as percentages (never past 100 %)."""
    return {"title": title, "range": [0, 1.0001], "tickformat": ".0%"}


def seat_label(seat: int, agent: str | None = None) -> str:
    """The core's seat label (A, B, C, …), with the seat's agent if given."""
    name = core_seat_label(int(seat))
    return f"{name} ({agent})" if agent else name


def _figure(title: str, **layout: object) -> go.Figure:
    fig = go.Figure()
    fig.update_layout(title=title, **{**_LAYOUT, **layout})
    return fig


def _error_y(rate: pd.Series, lo: pd.Series, hi: pd.Series) -> dict[str, object]:
    return {"type": "data", "symmetric": False, "array": (hi - rate).tolist(),
            "arrayminus": (rate - lo).tolist()}


def win_rate_figure(results: Results) -> go.Figure:
    """Win rate by seat with 95% Wilson intervals and the fair share as a dashed line."""
    summ = results.seat_summary()
    fig = _figure("Win rate by seat", yaxis=_RATE_AXIS("win rate"), xaxis={"title": "seat"},
                  showlegend=False)
    fig.add_bar(x=[seat_label(s, a) for s, a in zip(summ.seat, summ.agent, strict=True)],
                y=summ.win_rate.tolist(), error_y=_error_y(summ.win_rate, summ.win_lo,
                                                             summ.win_hi),
                marker_color=COLOURS[0], name="win rate",
                hovertemplate="%{x}: %{y:.3f}<extra></extra>")
    if len(summ):
        fig.add_hline(y=1 / len(summ), line_dash="dash", line_color="grey",
                      annotation_text="fair share", annotation_position="top left")
    return fig


def score_figure(results: Results, kind: str = "box") -> go.Figure:
    """Score distribution per seat (one box or violin trace per seat)."""
    fig = _figure("Score by seat", yaxis={"title": "score"}, showlegend=False)
    trace = go.Violin if kind == "violin" else go.Box
    for seat, grp in results.seats.groupby("seat", sort=True):
        fig.add_trace(trace(y=grp["score"].tolist(), name=seat_label(seat),
                            marker_color=COLOURS[int(seat) % len(COLOURS)]))
    return fig


#: a trace whose ``customdata`` are game ids says so in its ``meta``: a click on it (in the
#: lab's ChartGrid) opens that game in the Play tab
GAME_ID = "game_id"


def length_figure(results: Results) -> go.Figure:
    """Histogram of game length in turns: too short or too long games show here first.

    Under it, one dot per game (spread over a thin strip by game id, no RNG): a click on a
    dot opens that game, a click on a bar the first game of that bin.
    """
    games = results.games
    fig = _figure("Game length", xaxis={"title": "turns", "anchor": "y2"},
                  yaxis={"title": "games", "domain": [0.3, 1.0]},
                  yaxis2={"domain": [0.0, 0.22], "range": [-0.15, 1.15],
                          "showticklabels": False, "showgrid": False, "zeroline": False,
                          "title": {"text": "each<br>game", "font": {"size": 10}}},
                  bargap=0.05, showlegend=False, hovermode="closest")
    ids = games["game_id"].astype(int).tolist() if len(games) else []
    fig.add_histogram(x=games["turns"].tolist(), marker_color=COLOURS[0], name="games",
                      customdata=ids, meta=GAME_ID)
    fig.add_scatter(x=games["turns"].tolist(), y=[(g * 0.6180339887) % 1.0 for g in ids],
                    yaxis="y2", mode="markers", name="game", customdata=ids, meta=GAME_ID,
                    marker={"size": 5, "color": COLOURS[0], "opacity": 0.55},
                    hovertemplate="game %{customdata}: %{x} turns<extra></extra>")
    return fig


def end_reasons_figure(results: Results) -> go.Figure:
    """Share of games ending each way (deck out, declared, ...)."""
    shares = results.end_reasons()
    fig = _figure("End reasons", yaxis=_RATE_AXIS("share of games"), showlegend=False)
    fig.add_bar(x=[str(k) or "(none)" for k in shares.index], y=shares.tolist(),
                marker_color=COLOURS[1], name="share",
                hovertemplate="%{x}: %{y:.1%}<extra></extra>")
    return fig


def has_skills(results: Results) -> bool:
    return "skills_held" in results.seats.columns


def skill_table(results: Results) -> pd.DataFrame:
    """Per skill: share of seat-games holding it at the end, and win rate when held."""
    seats = results.seats
    held = seats["skills_held"].fillna("").astype(str).str.split(",")
    exploded = pd.DataFrame({"skill": held, "won": seats["won"]}).explode("skill")
    exploded = exploded[exploded["skill"].str.strip() != ""]
    rows = []
    for skill, grp in exploded.groupby("skill", sort=True):
        n, wins = len(grp), float(grp["won"].sum())
        lo, hi = wilson_interval(wins, n)
        rows.append({"skill": skill, "held": n, "take_rate": n / len(seats),
                     "wins": int(wins), "win_rate": wins / n, "win_lo": lo, "win_hi": hi})
    return pd.DataFrame(rows, columns=["skill", "held", "take_rate", "wins", "win_rate",
                                       "win_lo", "win_hi"])


def skill_take_figure(results: Results) -> go.Figure:
    """Which skills players end up holding (share of seat-games), with Wilson intervals."""
    table = skill_table(results)
    n = len(results.seats)
    bounds = [wilson_interval(k, n) for k in table["held"]]
    lo = pd.Series([b[0] for b in bounds], dtype=float)
    hi = pd.Series([b[1] for b in bounds], dtype=float)
    fig = _figure("Skill take rate", yaxis=_RATE_AXIS("share of seat-games"),
                  showlegend=False)
    fig.add_bar(x=table["skill"].tolist(), y=table["take_rate"].tolist(),
                error_y=_error_y(table["take_rate"], lo, hi), marker_color=COLOURS[2],
                name="held at end")
    return fig


def skill_win_figure(results: Results) -> go.Figure:
    """Win rate of seats holding each skill at the end, against the overall seat average."""
    table = skill_table(results)
    fig = _figure("Win rate when holding a skill", yaxis=_RATE_AXIS("win rate"),
                  showlegend=False)
    fig.add_bar(x=table["skill"].tolist(), y=table["win_rate"].tolist(),
                error_y=_error_y(table["win_rate"], table["win_lo"], table["win_hi"]),
                marker_color=COLOURS[3], name="win rate when held",
                customdata=table["held"].tolist(),
                hovertemplate="%{x}: %{y:.3f} (held %{customdata} times)<extra></extra>")
    if len(results.seats):
        fig.add_hline(y=float(results.seats["won"].mean()), line_dash="dash",
                      line_color="grey", annotation_text="all seats")
    return fig


def vp_source_figure(results: Results, by: str = "seat", lang: str = "en") -> go.Figure:
    """Mean VP per scoring category for each seat (or turn ``position``), 95% intervals.

    Grouped bars, one group per source in the game's scoring order and one colour per
    seat, so "the Demon Lord decides most of the VP" or "seat C lives on its hand" reads
    at a glance; negative sources (penalties, skill costs) go below zero.
    """
    table = results.vp_by_source(by=by, lang=lang)
    name = "seat" if by == "seat" else "turn position"
    fig = _figure("VP by source" if lang == "en" else "VPの内訳",
                  yaxis={"title": "mean VP per game"}, xaxis={"title": "", "automargin": True},
                  barmode="group", legend={"orientation": "h", "y": -0.3},
                  height=380)
    for i, (value, grp) in enumerate(table.groupby(by, sort=True)):
        label = seat_label(int(value)) if by == "seat" else position_label(int(value))
        fig.add_bar(x=grp["label"].tolist(), y=grp["mean"].tolist(), name=f"{name} {label}",
                    marker_color=COLOURS[i % len(COLOURS)],
                    error_y=_error_y(grp["mean"], grp["lo"], grp["hi"]),
                    hovertemplate=f"{name} {label}, %{{x}}: %{{y:.2f}} VP<extra></extra>")
    fig.add_hline(y=0, line_color="grey")
    return fig


def coverage_figure(table: pd.DataFrame, lang: str = "en") -> go.Figure:
    """Share of games in which each rule the engine logs fired (``rule_coverage``), with
    95% intervals, rarest at the top (plotly draws the first bar at the bottom); rules
    that never fired are labelled in red, with only their interval to show."""
    rows = table[table["kind"] == "event"].sort_values(["share", "rule"],
                                                       ascending=[False, True])
    colour = [COLOURS[3] if g == 0 else COLOURS[0] for g in rows["games_fired"]]
    fig = _figure("Rule coverage" if lang == "en" else "ルールの発生率",
                  xaxis=_RATE_AXIS("share of games in which the rule fired"
                                   if lang == "en" else "発生したゲームの割合"),
                  yaxis={"title": "", "automargin": True, "type": "category"},
                  height=max(340, 14 * len(rows) + 120), showlegend=False)
    fig.add_bar(x=rows["share"].tolist(), y=rows["rule"].tolist(), orientation="h",
                marker_color=colour,
                error_x={"type": "data", "symmetric": False,
                         "array": (rows["share_hi"] - rows["share"]).tolist(),
                         "arrayminus": (rows["share"] - rows["share_lo"]).tolist()},
                customdata=[[t[:80], f] for t, f in zip(rows["text_en"], rows["fires_per_game"],
                                                        strict=True)],
                hovertemplate="%{y} %{customdata[0]}: in %{x:.1%} of games, "
                              "%{customdata[1]:.2f} per game<extra></extra>")
    return fig


def summary_figures(results: Results) -> dict[str, go.Figure]:
    """Every chart that applies to these results, by name, in reading order."""
    figs = {"win_rate": win_rate_figure(results), "score": score_figure(results),
            "length": length_figure(results), "end_reasons": end_reasons_figure(results)}
    if has_skills(results):
        figs["skill_take"] = skill_take_figure(results)
        figs["skill_win"] = skill_win_figure(results)
    return figs


def combine_figures(figs: dict[str, go.Figure], cols: int = 2, title: str = "",
                    legend: bool = False) -> go.Figure:
    """Several single-panel figures as one figure with subplots, in the order given.

    A panel then needs one plotly widget instead of one per chart: each
    ``FigureWidget`` ships plotly's ~5 MB front end to the page, which dominated
    the time from "Run" to charts in Voila.
    """
    names = list(figs)
    rows = max(1, -(-len(names) // cols))
    titles = [figs[n].layout.title.text or n.replace("_", " ") for n in names]
    combo = make_subplots(rows=rows, cols=cols, subplot_titles=titles,
                          vertical_spacing=min(0.3, 0.45 / rows), horizontal_spacing=0.12)
    for i, name in enumerate(names):
        row, col = divmod(i, cols)
        fig = figs[name]
        for trace in fig.data:
            combo.add_trace(trace, row=row + 1, col=col + 1)
        combo.update_xaxes(title_text=fig.layout.xaxis.title.text, row=row + 1, col=col + 1)
        combo.update_yaxes(title_text=fig.layout.yaxis.title.text, row=row + 1, col=col + 1)
        if fig.layout.yaxis.range:
            combo.update_yaxes(range=fig.layout.yaxis.range, row=row + 1, col=col + 1)
    combo.update_layout(**{**_LAYOUT, "height": 330 * rows, "margin": {
        "t": 80 if title else 50, "l": 50, "r": 20, "b": 40}},
        title={"text": title}, showlegend=legend, barmode="group")
    return combo


def _ab_parts(a: Results, b: Results, labels: tuple[str, str], fair_share: bool = False
              ) -> dict[str, go.Figure]:
    """Win rate by seat of two runs side by side, and their difference (b − a) with 95% CI
    (``fair_share``: of each seat's win rate above its run's fair share)."""
    table = compare_win_rates(a, b, fair_share=fair_share)
    seats = [seat_label(s) for s in table["seat"]]
    win = _figure("Win rate by seat", yaxis=_RATE_AXIS("win rate"),
                  legend={"orientation": "h", "y": -0.2})
    for key, label, colour, res in (("a", labels[0], COLOURS[0], a),
                                    ("b", labels[1], COLOURS[1], b)):
        summ = res.seat_summary().set_index("seat").reindex(table["seat"])
        win.add_trace(go.Bar(x=seats, y=table[f"win_rate_{key}"].tolist(), name=label,
                             marker_color=colour,
                             error_y=_error_y(summ.win_rate, summ.win_lo, summ.win_hi)))
    above = " above fair share" if fair_share else ""
    diff = _figure(f"Difference{above} ({labels[1]} − {labels[0]}), 95% interval",
                   yaxis={"title": "difference in win rate", "tickformat": "+.0%"},
                   showlegend=False)
    diff.add_hline(y=0, line_color="grey")
    both = table.dropna(subset=["diff"])  # a seat in one run only has no difference
    diff.add_trace(go.Scatter(x=[seat_label(s) for s in both["seat"]], y=both["diff"].tolist(),
                              mode="markers", marker={"size": 10, "color": COLOURS[3]},
                              name="difference",
                              error_y=_error_y(both["diff"], both["diff_lo"], both["diff_hi"])))
    return {"ab_win": win, "ab_diff": diff}


def ab_figure(a: Results, b: Results, labels: tuple[str, str] = ("A", "B")) -> go.Figure:
    """Win rate by seat of two runs side by side, and their difference (b − a) with 95% CI."""
    fig = combine_figures(_ab_parts(a, b, labels), title=f"A/B: {labels[1]} vs {labels[0]}",
                          legend=True)
    fig.add_hline(y=0, line_color="grey", row=1, col=2)
    return fig


def position_figure(results: Results) -> go.Figure | None:
    """Win rate by turn position (1st = start player), for games whose start player is
    random (``position`` in the seats table); ``None`` otherwise."""
    if "position" not in results.seats.columns or not results.n_games:
        return None
    summ = results.seat_summary(by="position")
    fig = _figure("Win rate by turn position", yaxis=_RATE_AXIS("win rate"),
                  xaxis={"title": "turn position (1st = start player)"}, showlegend=False)
    fig.add_bar(x=[_ordinal(p + 1) for p in summ.position], y=summ.win_rate.tolist(),
                error_y=_error_y(summ.win_rate, summ.win_lo, summ.win_hi),
                marker_color=COLOURS[4], name="win rate",
                hovertemplate="%{x}: %{y:.1%}<extra></extra>")
    fig.add_hline(y=1 / len(summ), line_dash="dash", line_color="grey",
                  annotation_text="fair share", annotation_position="top left")
    return fig


def _ordinal(k: int) -> str:
    return f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'}"


def position_label(position: int) -> str:
    """Turn position 0 (the start player) as "1st", 1 as "2nd", …"""
    return _ordinal(int(position) + 1)


def panel_figures(results: Results, base: Results | None = None,
                  labels: tuple[str, str] = ("baseline", "current")) -> dict[str, go.Figure]:
    """The simulation panel's charts, one figure each (so each has its own legend and axes
    and a page can lay them out for its width): win rate first (the A/B pair in A/B
    mode), then turn position where it applies, then every other chart of
    :func:`summary_figures`."""
    figs = summary_figures(results)
    first: dict[str, go.Figure] = {"win_rate": figs.pop("win_rate")}
    if base is not None:
        first = _ab_parts(base, results, labels,
                          fair_share=seat_count(base) != seat_count(results))
    position = position_figure(results)
    if position is not None:
        first["position"] = position
    return {**first, **figs}
