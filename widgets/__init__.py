"""designkit_widgets: the ipywidgets panels (stepper, parameter editor, balance lab, ...).

Installed with the project under the import name ``designkit_widgets``. These panels
import ``designkit``; ``designkit`` never imports them (it runs headless, without Jupyter).
"""

from .design_lab import DesignLab
from .metrics_panel import MetricsPanel
from .params_panel import ParamsPanel
from .rules_panel import RulesPanel
from .simulation_panel import SimulationPanel
from .stepper import Stepper
from .sweep_panel import SweepPanel
from .tune_panel import TunePanel

__all__ = ["DesignLab", "MetricsPanel", "ParamsPanel", "RulesPanel", "SimulationPanel",
           "Stepper", "SweepPanel", "TunePanel"]
