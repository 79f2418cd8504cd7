"""The calibration chart: across every playtested rule set and bot level, each rate the
bots predict (win rate by turn position, share of games by end reason) against what the
playtests showed, both with their 95 % intervals. Points on the diagonal are rates the
bots predicted well. A point whose vertical bar misses the diagonal is one the playtests
contradict (the tables say whether the stated test agrees)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

TITLE = "Calibration: playtests against the bots' prediction"
X_TITLE = "bots' prediction (share of games)"
Y_TITLE = "playtests (share of games)"


def calibration_figure(blocks: Sequence[Any]) -> Any:
    """One marker trace per bot level, with error bars both ways, and the diagonal."""
    import plotly.graph_objects as go

    fig = go.Figure()
    fig.add_trace(go.Scatter(x=[0, 1], y=[0, 1], mode="lines", name="perfect prediction",
                             line={"dash": "dot", "color": "#888"}, hoverinfo="skip"))
    levels: dict[str, list[tuple[Any, Any]]] = {}
    for block in blocks:
        for line in block.lines:
            if line.metric.rate and line.bots is not None and line.playtests.n:
                levels.setdefault(block.agent, []).append((block, line))
    for agent, points in levels.items():
        b = [line.bots for _block, line in points]
        p = [line.playtests for _block, line in points]
        fig.add_trace(go.Scatter(
            x=[s.value for s in b], y=[s.value for s in p], mode="markers", name=agent,
            marker={"size": 9},
            error_x={"type": "data", "symmetric": False,
                     "array": [s.hi - s.value for s in b],
                     "arrayminus": [s.value - s.lo for s in b]},
            error_y={"type": "data", "symmetric": False,
                     "array": [s.hi - s.value for s in p],
                     "arrayminus": [s.value - s.lo for s in p]},
            text=[f"{line.metric.label} · {block.variant}, {len(block.playtests)} playtests"
                  f" · {line.verdict}" for block, line in points],
            hovertemplate="%{text}<br>bots %{x:.1%} · playtests %{y:.1%}<extra></extra>"))
    fig.update_layout(title=TITLE, xaxis_title=X_TITLE, yaxis_title=Y_TITLE, height=420,
                      xaxis={"range": [-0.03, 1.03], "tickformat": ".0%"},
                      yaxis={"range": [-0.03, 1.03], "tickformat": ".0%"})
    return fig
