"""Fixtures for the headless widget tests: tmp variant folders, a class finder and the
Crossroads parameters panel the simulation and analysis panels read."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import ipywidgets as widgets
import pytest
from designkit_widgets import ParamsPanel

from designkit import get_game
from designkit.core.paths import data_root


def _walk(widget: widgets.Widget):
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from _walk(child)


def _find(root: widgets.Widget, css: str) -> list[widgets.Widget]:
    return [w for w in _walk(root) if css in getattr(w, "_dom_classes", ())]


@pytest.fixture
def find() -> Callable[[widgets.Widget, str], list[widgets.Widget]]:
    """``find(root, "dk-action")``: every widget under ``root`` carrying that CSS class."""
    return _find


@pytest.fixture
def variants_dir(tmp_path: Path) -> Path:
    return tmp_path / "variants"


@pytest.fixture
def params_panel(variants_dir: Path) -> ParamsPanel:
    """Crossroads' parameters panel at 3 players, saving variants in ``variants_dir``."""
    panel = ParamsPanel(get_game("crossroads"), variants_dir=variants_dir)
    panel.fields["players"].control.value = "3"
    return panel


@pytest.fixture
def data_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A designer's copy of ``data/`` selected through ``DESIGNKIT_DATA``."""
    copy = tmp_path / "data"
    shutil.copytree(data_root(), copy, ignore=shutil.ignore_patterns("variants"))
    monkeypatch.setenv("DESIGNKIT_DATA", str(copy))
    return copy
