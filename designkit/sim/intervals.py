"""The win-rate interval every summary shows, in the simulation layer.

``Results`` (here) and the analysis layer (``designkit.analysis.stats``,
which re-exports it) both need it; it lives below both so the simulation
never imports the analysis.
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson_interval(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion: honest near 0 and 1, unlike p ± 2·se."""
    if n <= 0:
        return (float("nan"), float("nan"))
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
