"""Running many games: ``simulate`` and its tidy ``Results``.

``Results`` (and with it pandas, about 0.3 s of CPU to import) loads on first use: a spawned
worker imports this package to unpickle its batch function (``designkit.sim.runner``) and
builds no tables, so it should not pay for pandas at start-up (benchmarks/README.md, issue
37: the start-up CPU per worker).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from designkit.sim.simulate import simulate

if TYPE_CHECKING:
    from designkit.sim.results import Results

__all__ = ["Results", "simulate"]


def __getattr__(name: str) -> Any:
    if name == "Results":
        from designkit.sim.results import Results

        return Results
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
