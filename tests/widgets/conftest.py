"""Fixtures for the headless widget tests: tmp variant folders and a class finder."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import ipywidgets as widgets
import pytest

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
def data_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A designer's copy of ``data/`` selected through ``DESIGNKIT_DATA``."""
    copy = tmp_path / "data"
    shutil.copytree(data_root(), copy, ignore=shutil.ignore_patterns("variants"))
    monkeypatch.setenv("DESIGNKIT_DATA", str(copy))
    return copy
