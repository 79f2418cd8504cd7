"""Charts of a paired comparison: each difference and its interval, look by look.

Pure functions ``Comparison → plotly Figure`` (no kernel needed), so the Compare tab, the
questions notebooks and the report draw the same picture: the interval narrowing as games
come in (anytime-valid: every look's interval holds), the ±margin band "no practical
change" needs the whole interval inside, and zero.
"""

from __future__ import annotations

import plotly.graph_objects as go

from designkit.analysis.variant_compare import Comparison
from designkit.analysis.variant_metrics import parse_metric

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


def difference_figures(out: Comparison) -> dict[str, go.Figure]:
    """One figure per metric: per variant, the difference from the baseline at each look
    with its interval (error bars), the ±margin band and the zero line."""
    figs: dict[str, go.Figure] = {}
    for m in out.metrics:
        scale = 100.0 if parse_metric(m.name).unit == "%" else 1.0
        unit = " (points)" if scale == 100.0 else ""
        fig = go.Figure()
        for j, name in enumerate(out.names[1:]):
            rows = [t[(t["metric"] == m.name) & (t["variant"] == name)] for t in out.looks]
            rows = [r.iloc[0] for r in rows if len(r)]
            fig.add_trace(go.Scatter(
                x=[int(r["n"]) for r in rows], y=[r["diff"] * scale for r in rows],
                error_y={"type": "data", "symmetric": False, "visible": True,
                         "array": [_finite(r["hi"] - r["diff"]) * scale for r in rows],
                         "arrayminus": [_finite(r["diff"] - r["lo"]) * scale for r in rows]},
                mode="lines+markers", name=f"{name} − {out.names[0]}",
                line={"color": COLOURS[j % len(COLOURS)]}))
        band = out.precision_of(m.name) * scale   # the metric's margin, in its own unit
        fig.add_hrect(y0=-band, y1=band, fillcolor="#9e9e9e", opacity=0.15, line_width=0)
        fig.add_hline(y=0, line_color="#555", line_width=1)
        fig.update_layout(title=f"{m.label}: difference from {out.names[0]}",
                          xaxis_title="games per variant (paired)",
                          yaxis_title=f"difference{unit}", template="plotly_white",
                          margin={"l": 50, "r": 10, "t": 40, "b": 40}, height=320,
                          legend={"orientation": "h", "y": -0.25})
        fig.update_xaxes(type="log")
        figs[f"compare-{m.name}"] = fig
    return figs


def _finite(x: float) -> float:
    """An error bar's length (an interval not yet open, before its first games, as 0)."""
    return float(x) if x == x and abs(x) != float("inf") else 0.0
