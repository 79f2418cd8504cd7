"""The environment is one lock: uv.lock, from which .venv, CI and Binder all install.

These checks read only committed files (and the venv running them), never a package index,
so a release upstream cannot turn them red: binder/requirements.txt must be what the export
of uv.lock produces, and the venv running the tests must hold the locked versions.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from importlib.metadata import distributions
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "uv.lock"
PYPROJECT = ROOT / "pyproject.toml"
BINDER_REQUIREMENTS = ROOT / "binder" / "requirements.txt"
EXPORT_SCRIPT = ROOT / "scripts" / "binder_requirements.py"


def required_uv_version() -> str:
    spec = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["uv"]["required-version"]
    assert spec.startswith("=="), f"pyproject.toml pins uv with ==, not {spec!r}"
    return spec[2:]


def pinned_uv() -> str:
    """The bootstrapped uv (make tools), or one on PATH at the same pinned version."""
    want = required_uv_version()
    for candidate in (os.environ.get("UV"), str(ROOT / ".venv-tools" / "bin" / "uv"),
                      shutil.which("uv")):
        if not candidate or not Path(candidate).is_file():
            continue
        out = subprocess.run([candidate, "--version"], capture_output=True, text=True).stdout
        if out.split()[1:2] == [want]:
            return candidate
    pytest.fail(f"uv {want} not found: run `make tools` (installs it into .venv-tools)")


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_binder_requirements_are_the_export_of_the_lock() -> None:
    """binder/requirements.txt == `uv export --frozen ...` of the committed uv.lock."""
    proc = subprocess.run([sys.executable, str(EXPORT_SCRIPT), "--check", "--uv", pinned_uv()],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_binder_requirements_pin_everything_binder_needs() -> None:
    """Every line pins one exact version; the lab's top-level packages are there, the
    test and Dask tools are not."""
    pins: dict[str, str] = {}
    for line in BINDER_REQUIREMENTS.read_text(encoding="utf-8").splitlines():
        requirement = line.split(";")[0].strip()
        if not requirement or requirement.startswith("#"):
            continue
        name, sep, version = requirement.partition("==")
        assert sep and version, f"binder/requirements.txt: {line!r} is not pinned with =="
        pins[normalise(name)] = version
    for needed in ("numpy", "pandas", "pyyaml", "plotly", "jsonschema", "pyarrow", "ipywidgets",
                   "voila", "anywidget", "jupyterlab", "ipykernel", "optuna"):
        assert needed in pins, f"binder/requirements.txt does not pin {needed}"
    for unwanted in ("pytest", "playwright", "distributed", "rlcard", "designkit"):
        assert unwanted not in pins, f"binder/requirements.txt should not install {unwanted}"


def test_the_lock_resolves_what_pyproject_asks_for() -> None:
    """uv.lock was made from this pyproject.toml (`make lock` after editing dependencies)."""
    proc = subprocess.run([pinned_uv(), "lock", "--check", "--offline"], cwd=ROOT,
                          capture_output=True, text=True,
                          env=dict(os.environ, UV_PYTHON_DOWNLOADS="never"))
    assert proc.returncode == 0, f"uv.lock is stale, run `make lock`:\n{proc.stderr}"


def test_this_venv_holds_exactly_the_locked_versions() -> None:
    """Every package installed in the venv running the tests is in uv.lock at that version."""
    if Path(sys.prefix).resolve() != (ROOT / ".venv").resolve():
        pytest.skip("not running from the project's .venv (made by `make install`)")
    locked: dict[str, set[str]] = {}
    for package in tomllib.loads(LOCK.read_text(encoding="utf-8"))["package"]:
        locked.setdefault(normalise(package["name"]), set()).add(package["version"])
    installed = {normalise(d.metadata["Name"]): d.version for d in distributions()}
    wrong = [f"{name} {version} (uv.lock: {', '.join(sorted(locked.get(name, ()))) or 'absent'})"
             for name, version in sorted(installed.items())
             if version not in locked.get(name, set())]
    assert not wrong, "installed versions differ from uv.lock (run `make install`): " + "; ".join(wrong)
