"""Issue 9's two upward arrows stay removed, and the dashboard's missing-extra error is one line."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from designkit import cli

PACKAGE = Path(cli.__file__).resolve().parent


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_designkit_never_imports_the_widgets():
    offenders = [str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")
                 if any(n.split(".")[0] == "designkit_widgets" for n in _imports(p))]
    assert offenders == []


def test_core_does_not_import_the_package_root():
    offenders = [str(p.relative_to(PACKAGE)) for p in (PACKAGE / "core").rglob("*.py")
                 if "designkit" in _imports(p)]
    assert offenders == []


def test_dashboard_without_the_jupyter_extra_is_one_line(monkeypatch, capsys):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "voila" else real(name, *a))
    code = cli.main(["dashboard"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "jupyter extra" in err and "voila" in err


def test_a_bug_is_one_line_unless_debugging(monkeypatch, capsys):
    def broken(args):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(cli, "cmd_games", broken)
    monkeypatch.delenv("DESIGNKIT_DEBUG", raising=False)
    assert cli.main(["games"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error" in err and "DESIGNKIT_DEBUG=1" in err
    monkeypatch.setenv("DESIGNKIT_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        cli.main(["games"])
