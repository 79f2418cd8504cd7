"""Plot builders for sweep tables: pure ``DataFrame → plotly Figure`` functions.

They take the tidy table of :func:`designkit.analysis.sweep.sweep` and never
touch game objects, so panels, notebooks, the CLI and tests share them.
One swept parameter: lines with shaded 95% interval bands
(:func:`sweep_line`); two: a heat map with the interval in the hover text
(:func:`sweep_heatmap`). :func:`sweep_figures` picks sensible charts for a table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd
import plotly.graph_objects as go

from designkit.analysis.sweep import swept_params

PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf")

TITLES = {
    "win_rate": "Win rate by seat", "balance": "Seat balance (1 − largest win-rate gap)",
    "seat_p_value": "Seat advantage test (chi-square p-value)",
    "score_mean": "Mean score by seat", "score_sd": "Score spread (sd)",
    "winner_margin": "Winner's margin (winner − runner-up)", "turns": "Game length (turns)",
    "decisions": "Decisions per game", "multi_option_share": "Share of real choices",
    "branching_factor": "Branching factor", "end_share": "End reasons (share of games)",
    "lead_changes": "Lead changes per game", "lead_change_rate": "Lead change rate",
    "drama": "Drama (how far behind the winner was)",
    "behind_share": "Share of turns the winner was behind",
    "decisiveness": "Decisiveness (share of game before the winner was out of reach)",
}
PERCENT = {"win_rate", "balance", "multi_option_share", "end_share", "behind_share",
           "decisiveness", "lead_change_rate", "item_win_rate", "item_usage"}


def _rgba(hex_color: str, alpha: float) -> str:
    h = hex_color.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgba({r},{g},{b},{alpha})"


def band_traces(x: list[Any], value: list[float], lo: list[float], hi: list[float],
                name: str, color: str) -> list[go.Scatter]:
    """A line with markers plus a translucent band from ``lo`` to ``hi``."""
    traces = []
    pairs = [(a, b, c) for a, b, c in zip(x, lo, hi, strict=True) if b == b and c == c]
    if pairs:
        bx = [p[0] for p in pairs]
        traces.append(go.Scatter(x=bx + bx[::-1], y=[p[2] for p in pairs]
                                 + [p[1] for p in pairs][::-1], fill="toself", mode="lines",
                                 fillcolor=_rgba(color, 0.18), line={"width": 0},
                                 hoverinfo="skip", showlegend=False, legendgroup=name,
                                 name=f"{name} 95% interval"))
    text = [f"{v:.4g} [{a:.4g}, {b:.4g}]" if a == a else f"{v:.4g}"
            for v, a, b in zip(value, lo, hi, strict=True)]
    traces.append(go.Scatter(x=x, y=value, mode="lines+markers", name=name, legendgroup=name,
                             line={"color": color}, text=text,
                             hovertemplate="%{x}: %{text}<extra>" + name + "</extra>"))
    return traces


def _select(table: pd.DataFrame, metric: str, seat: int | None, category: str | None
            ) -> pd.DataFrame:
    sel = table[table["metric"] == metric]
    if seat is not None:
        sel = sel[sel["seat"] == seat]
    if category is not None:
        sel = sel[sel["category"] == category]
    if sel.empty:
        raise ValueError(f"the sweep table has no rows for metric {metric!r}"
                         + (f", seat {seat}" if seat is not None else "")
                         + (f", category {category!r}" if category is not None else ""))
    return sel


def _seat_name(seat: int, labels: Mapping[int, str] | None) -> str:
    """Seat letters as in the drafts (A, B, …) unless the caller names them."""
    return (labels or {}).get(int(seat), f"seat {chr(ord('A') + int(seat))}")


def _series(sel: pd.DataFrame, labels: Mapping[int, str] | None,
            reasons: Mapping[str, str] | None = None) -> list[tuple[str, pd.DataFrame]]:
    """Split rows into lines: per seat (named), per category, or a single one."""
    if sel["seat"].notna().any() and sel["seat"].nunique() > 1:
        return [(_seat_name(s, labels), g) for s, g in sel.groupby("seat", sort=True)]
    if sel["category"].notna().any() and sel["category"].nunique() > 1:
        return [((reasons or {}).get(str(c), str(c)), g)
                for c, g in sel.groupby("category", sort=False)]
    return [("", sel)]


def _percent_axis(fig: go.Figure, values: pd.Series) -> None:
    """Shares on 0–100 % (ticks never repeat on a narrow range); a "share" that runs past
    100 % is not clipped, so the error shows."""
    top = float(pd.concat([values]).max()) if len(values) else 1.0
    fig.update_yaxes(tickformat=".0%", range=[0, max(1.0, top) * 1.02 if top > 1 else 1.0001])


def sweep_line(table: pd.DataFrame, metric: str, seat: int | None = None,
               category: str | None = None, labels: Mapping[int, str] | None = None,
               title: str | None = None, reasons: Mapping[str, str] | None = None
               ) -> go.Figure:
    """Metric against the (first) swept parameter, 95% interval bands shaded.

    Per-seat or per-category metrics get one line each unless ``seat`` or
    ``category`` picks one; with two swept parameters each value of the second
    becomes its own line.
    """
    params = swept_params(table)
    x_name = params[0]
    sel = _select(table, metric, seat, category)
    series = _series(sel, labels, reasons)
    if len(params) > 1 and len(series) == 1:
        series = [(f"{params[1]}={v}", g) for v, g in sel.groupby(params[1], sort=True)]
    fig = go.Figure()
    for i, (name, grp) in enumerate(series):
        grp = grp.sort_values(x_name)
        for tr in band_traces(grp[x_name].tolist(), grp["value"].tolist(), grp["lo"].tolist(),
                              grp["hi"].tolist(), name or metric, PALETTE[i % len(PALETTE)]):
            fig.add_trace(tr)
    if metric == "seat_p_value":
        fig.add_hline(y=0.05, line_dash="dot", annotation_text="0.05")
    if metric == "win_rate" and sel["seat"].notna().any():
        fig.add_hline(y=1.0 / sel["seat"].nunique(), line_dash="dot",
                      annotation_text="fair share")
    fig.update_layout(title=title or TITLES.get(metric, metric), xaxis_title=x_name,
                      yaxis_title=metric, template="plotly_white", hovermode="x unified",
                      showlegend=len(series) > 1,
                      legend={"orientation": "h", "y": -0.25}, height=360,
                      margin={"l": 50, "r": 20, "t": 50, "b": 40})
    if metric in PERCENT:
        _percent_axis(fig, sel["value"])
    return fig


def sweep_heatmap(table: pd.DataFrame, metric: str, seat: int | None = None,
                  category: str | None = None, title: str | None = None) -> go.Figure:
    """Two swept parameters: a heat map of the metric, interval in the hover text."""
    params = swept_params(table)
    if len(params) != 2:
        raise ValueError("a heat map needs a sweep over two parameters")
    sel = _select(table, metric, seat, category)
    if sel.duplicated(params).any():
        raise ValueError(f"{metric!r} has several rows per point: choose a seat or category")
    xs = sorted(sel[params[0]].unique())
    ys = sorted(sel[params[1]].unique())
    idx = sel.set_index(params)
    z, text = [], []
    for y in ys:
        zr, tr = [], []
        for x in xs:
            r = idx.loc[(x, y)] if (x, y) in idx.index else None
            zr.append(float(r["value"]) if r is not None else None)
            if r is None:
                tr.append("")
            elif r["lo"] == r["lo"]:
                tr.append(f"{r['value']:.4g} [{r['lo']:.4g}, {r['hi']:.4g}]")
            else:
                tr.append(f"{r['value']:.4g}")
        z.append(zr)
        text.append(tr)
    fig = go.Figure(go.Heatmap(x=[str(x) for x in xs], y=[str(y) for y in ys], z=z, text=text,
                               texttemplate="%{text}", colorscale="Viridis",
                               hovertemplate=f"{params[0]}=%{{x}}<br>{params[1]}=%{{y}}<br>"
                                             "%{text}<extra></extra>"))
    suffix = (f" — seat {seat}" if seat is not None else "") + (
        f" — {category}" if category is not None else "")
    fig.update_layout(title=(title or TITLES.get(metric, metric)) + suffix,
                      xaxis_title=params[0], yaxis_title=params[1], template="plotly_white")
    return fig


def sweep_figures(table: pd.DataFrame, labels: Mapping[int, str] | None = None,
                  reasons: Mapping[str, str] | None = None) -> list[go.Figure]:
    """The charts worth looking at for a sweep: length, end reasons, balance, seat win
    rates, margin (and drama metrics when traced); heat maps for two parameters."""
    present = set(table["metric"])
    base = ["turns", "end_share", "balance", "seat_p_value", "win_rate", "winner_margin",
            "multi_option_share", "drama", "lead_change_rate", "decisiveness"]
    metrics = [m for m in base if m in present]
    if len(swept_params(table)) == 1:
        return [sweep_line(table, m, labels=labels, reasons=reasons) for m in metrics]
    figs = []
    for m in metrics:
        sel = table[table["metric"] == m]
        if m == "win_rate":
            figs += [sweep_heatmap(table, m, seat=int(s),
                                   title=f"Win rate of {_seat_name(s, labels)}")
                     for s in sorted(sel["seat"].dropna().unique())]
        elif m == "end_share":
            figs += [sweep_heatmap(table, m, category=c,
                                   title="Share of games ending "
                                         f"'{(reasons or {}).get(str(c), c)}'")
                     for c in dict.fromkeys(sel["category"])]
        else:
            figs.append(sweep_heatmap(table, m))
    return figs
