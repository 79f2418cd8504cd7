"""The layers contract of ``.importlinter`` catches what issue 36 planted (shown on a copy of
designkit, so the real tree is never touched): a ``designkit.core`` module importing
``designkit.walkthrough`` (a layer above it), ``import IPython`` in ``designkit.analysis``
(the engine imports no Jupyter package) and a new top-level module of designkit placed in
no layer. ``make lint`` / ``make test`` run ``lint-imports`` on the real tree."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from designkit.core.paths import REPO_ROOT

LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


@pytest.mark.slow
def test_lint_imports_fails_on_planted_imports(tmp_path: Path):
    shutil.copytree(REPO_ROOT / "designkit", tmp_path / "designkit",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO_ROOT / ".importlinter", tmp_path)
    with (tmp_path / "designkit" / "core" / "errors.py").open("a", encoding="utf-8") as fh:
        fh.write("\nfrom designkit import walkthrough  # planted\n")
    with (tmp_path / "designkit" / "analysis" / "stats.py").open("a", encoding="utf-8") as fh:
        fh.write("\nimport IPython  # planted\n")
    (tmp_path / "designkit" / "newthing.py").write_text('"""planted"""\n', encoding="utf-8")
    run = subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, PYTHONPATH=str(tmp_path)))
    out = " ".join(run.stdout.split())
    assert run.returncode != 0, out
    assert "designkit.core is not allowed to import designkit.walkthrough" in out
    assert "designkit is not allowed to import IPython" in out
    assert "designkit.analysis.stats -> IPython" in out
    assert "The following modules are not listed as layers: - designkit.newthing" in out
