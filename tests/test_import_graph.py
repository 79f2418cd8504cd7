"""The import graph inside each game package has no circle (issue 23).

``lint-imports`` checks the layers between packages (core at the bottom, games apart from
each other, widgets on top), but not the modules inside one game. A circle there is easy to
hide with an import inside a function (``state.to_dict`` importing ``serialize``, which
imports ``state``), and it is what makes a game hard to read in order. So every import
counts here, at module level or inside a function, except those under ``TYPE_CHECKING``
(annotations only, never run).
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import pytest

from designkit.core.paths import REPO_ROOT

GAMES = REPO_ROOT / "designkit" / "games"
PACKAGES = sorted(p for p in GAMES.iterdir() if (p / "__init__.py").exists())


def _type_checking_only(tree: ast.Module) -> set[int]:
    """ids of the import nodes that stand under ``if TYPE_CHECKING:``."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return skipped


def sibling_imports(package: Path, module: Path) -> set[str]:
    """The modules of ``package`` that ``module`` imports, wherever the import stands."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    skipped = _type_checking_only(tree)
    prefix = f"designkit.games.{package.name}"
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom):
            name = node.module or ""
            if node.level == 1:
                found |= {name.split(".")[0]} if name else {a.name for a in node.names}
            elif name == prefix:
                found |= {a.name for a in node.names}
            elif name.startswith(prefix + "."):
                found.add(name[len(prefix) + 1:].split(".")[0])
        elif isinstance(node, ast.Import):
            found |= {a.name[len(prefix) + 1:].split(".")[0] for a in node.names
                      if a.name.startswith(prefix + ".")}
    own = {p.stem for p in package.glob("*.py")}
    return (found & own) - {module.stem, "__init__"}


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_no_import_circle_inside_a_game(package: Path):
    graph = {m.stem: sibling_imports(package, m) for m in package.glob("*.py")
             if m.stem != "__init__"}
    try:
        list(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as err:
        pytest.fail(f"{package.name}: import circle {' -> '.join(err.args[1])}")


def test_the_check_sees_an_import_inside_a_function(tmp_path: Path):
    """The circle this test exists for: a lazy import in a method."""
    pkg = tmp_path / "toy"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "state.py").write_text("def f():\n    from designkit.games.toy.serialize import g\n")
    (pkg / "serialize.py").write_text("from designkit.games.toy.state import f\n")
    assert sibling_imports(pkg, pkg / "state.py") == {"serialize"}
    assert sibling_imports(pkg, pkg / "serialize.py") == {"state"}


#: plotly's widget classes (they pull in anywidget and a Jupyter front end). ``lint-imports``
#: sees an external package as one node (``plotly``), so it cannot forbid a submodule or a
#: class of it; this check does, by name, anywhere in designkit's code (docstrings aside).
PLOTLY_WIDGETS = frozenset({"FigureWidget", "BaseFigureWidget", "basewidget"})


def widget_names(source: str) -> set[str]:
    """The plotly widget names ``source`` uses in code: imported, or read as an attribute."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            found |= {a.name for a in node.names} | set((node.module or "").split("."))
        elif isinstance(node, ast.Import):
            found |= {part for a in node.names for part in a.name.split(".")}
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.Name):
            found.add(node.id)
    return found & PLOTLY_WIDGETS


def test_the_engine_uses_no_plotly_widget_class():
    """designkit returns plain ``go.Figure``s; only designkit_widgets wraps them in widgets."""
    offenders = {str(p.relative_to(REPO_ROOT)): sorted(names)
                 for p in (REPO_ROOT / "designkit").rglob("*.py")
                 if (names := widget_names(p.read_text(encoding="utf-8")))}
    assert offenders == {}


def test_the_widget_check_sees_a_figure_widget():
    assert widget_names("import plotly.graph_objects as go\nw = go.FigureWidget()\n") == {
        "FigureWidget"}
    assert widget_names("from plotly.basewidget import BaseFigureWidget\n") == {
        "basewidget", "BaseFigureWidget"}
    assert widget_names('"""go.FigureWidget in a docstring"""\nx = 1\n') == set()


#: none: the one place a game is found by name is its entry point (``designkit.games``),
#: which the registry loads with ``EntryPoint.load`` (the packaging standard). Everything
#: else a game brings (hooks, printable cards, board) is imported by plain ``import``s.
STRING_LOADS_ALLOWED: set[str] = set()


def string_loads(source: str) -> list[int]:
    """Lines of ``source`` that import a module named by a value (``import_module(x)``,
    ``__import__(x)``): invisible to lint-imports, mypy and the structure drawing."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = ast.unparse(node.func)
            if name.endswith("import_module") or name == "__import__":
                lines.append(node.lineno)
    return lines


def test_no_module_is_imported_by_a_string():
    found = {rel: lines for p in sorted((REPO_ROOT / "designkit").rglob("*.py"))
             if (rel := str(p.relative_to(REPO_ROOT))) not in STRING_LOADS_ALLOWED
             and (lines := string_loads(p.read_text(encoding="utf-8")))}
    assert found == {}


def test_the_string_load_check_sees_one():
    assert string_loads("import importlib\nm = importlib.import_module(f'x.{g}')\n") == [2]
    assert string_loads("from importlib import import_module as im\nimport_module('a')\n") \
        == [2]
