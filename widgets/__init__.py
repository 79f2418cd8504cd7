"""designkit_widgets: the ipywidgets panels (stepper, parameter editor, balance lab, ...).

Installed with the project under the import name ``designkit_widgets``. These panels
import ``designkit``; ``designkit`` never imports them (it runs headless, without Jupyter).

Each panel is imported when first named (module ``__getattr__``), so a dashboard page's
first cell, ``from designkit_widgets import DesignLab``, loads only what the lab's first
tabs need: pandas, plotly and the analysis come with the first run or analysis tab.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

#: exported name -> the module defining it
_EXPORTS = {"DesignLab": "design_lab", "MetricsPanel": "metrics_panel",
            "ParamsPanel": "params_panel", "RulesPanel": "rules_panel",
            "SimulationPanel": "simulation_panel", "Stepper": "stepper",
            "SweepPanel": "sweep_panel", "TunePanel": "tune_panel"}

__all__ = ["DesignLab", "MetricsPanel", "ParamsPanel", "RulesPanel", "SimulationPanel",
           "Stepper", "SweepPanel", "TunePanel"]

if TYPE_CHECKING:
    from .design_lab import DesignLab
    from .metrics_panel import MetricsPanel
    from .params_panel import ParamsPanel
    from .rules_panel import RulesPanel
    from .simulation_panel import SimulationPanel
    from .stepper import Stepper
    from .sweep_panel import SweepPanel
    from .tune_panel import TunePanel


def __getattr__(name: str) -> Any:
    """Import the panel ``name`` on first use (and keep it, like a plain import would)."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
