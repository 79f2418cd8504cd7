"""Write binder/requirements.txt from uv.lock, or check that it matches (``--check``).

Binder (repo2docker) installs with pip from a pinned requirements file, so that file is
an export of the committed lock, never a second list kept by hand: the Binder image gets
exactly the versions the dev venv and CI test. The export reads only uv.lock (``--frozen``),
so its result cannot change when something new is released upstream.

Run by ``make binder-lock`` (and ``make lock``); tests/test_environment_lock.py runs
``--check``. Only the standard library: it runs from the uv bootstrap venv, before .venv.
"""

from __future__ import annotations

import argparse
import difflib
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "binder" / "requirements.txt"

# Binder serves the notebooks and the design lab: the engine's own dependencies plus the
# Jupyter stack and optuna (the lab's Tune tab); no test, benchmark or Dask tools.
# designkit itself is installed by binder/postBuild, so it is not emitted.
EXPORT_ARGS = [
    "export", "--frozen", "--format", "requirements-txt", "--no-hashes", "--no-header",
    "--no-dev", "--no-emit-project", "--extra", "jupyter", "--extra", "tune",
]

HEADER = """\
# The Binder (repo2docker) environment, generated from uv.lock by `make binder-lock`
# (part of `make lock`): do not edit by hand. The engine's dependencies, the Jupyter stack
# and optuna (the design lab's Tune tab), at exactly the versions the dev venv and CI use.
# designkit itself is installed by binder/postBuild. tests/test_environment_lock.py checks
# this file against the lock; tests/browser/test_binder_env.py builds a venv from it.
"""


def find_uv(explicit: str | None) -> str:
    """The uv the Makefile bootstrapped; any other uv is refused by required-version."""
    for candidate in (explicit, str(ROOT / ".venv-tools" / "bin" / "uv"), shutil.which("uv")):
        if candidate and Path(candidate).is_file():
            return candidate
    raise SystemExit("binder_requirements: uv not found; run `make tools` first "
                     "(it installs the pinned uv into .venv-tools)")


def render(uv: str) -> str:
    """The requirements file the committed lock produces."""
    proc = subprocess.run([uv, *EXPORT_ARGS], cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"binder_requirements: `uv {' '.join(EXPORT_ARGS)}` failed: "
                         f"{proc.stderr.strip()}")
    return HEADER + proc.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 when binder/requirements.txt differs")
    parser.add_argument("--uv", help="the uv executable (default: .venv-tools/bin/uv)")
    args = parser.parse_args(argv)
    expected = render(find_uv(args.uv))
    current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
    if args.check:
        if current == expected:
            return 0
        diff = difflib.unified_diff(current.splitlines(), expected.splitlines(),
                                    "binder/requirements.txt", "export of uv.lock", lineterm="")
        print("\n".join(list(diff)[:60]), file=sys.stderr)
        print("binder/requirements.txt does not match uv.lock: run `make binder-lock`",
              file=sys.stderr)
        return 1
    if current != expected:
        TARGET.write_text(expected, encoding="utf-8")
        print(f"binder_requirements: wrote {TARGET.relative_to(ROOT)}")
    else:
        print(f"binder_requirements: {TARGET.relative_to(ROOT)} already matches uv.lock")
    return 0


if __name__ == "__main__":
    sys.exit(main())
