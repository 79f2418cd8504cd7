"""Running many games: ``simulate`` and its tidy ``Results``."""

from designkit.sim.results import Results
from designkit.sim.simulate import simulate

__all__ = ["Results", "simulate"]
