"""Regenerate the stored outputs of the notebooks, deterministically (``make notebooks``).

For each notebook (default: every ``notebooks/**/*.ipynb``):

1. clear outputs and execution counts, and strip stored widget state
   (``metadata.widgets``) and volatile metadata (execution timing, papermill, ...);
2. execute it in place with
   ``jupyter nbconvert --to notebook --execute --inplace
   --ExecutePreprocessor.store_widget_state=False`` (so no widget state, and none of
   plotly's widget JavaScript, is written back);
3. strip the volatile fields again, so that re-running changes nothing when the
   library's behaviour did not change and diffs stay small.

The stored outputs are what ``pytest --nbval notebooks/`` compares against.

Usage: ``python scripts/run_notebooks.py [NOTEBOOK ...]``
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TIMEOUT = 1500  # seconds per cell (the questions notebooks compare cures on a loaded machine)

# Cell metadata written by executors that changes on every run.
VOLATILE_CELL_META = ("execution", "papermill", "ExecuteTime", "collapsed", "scrolled")
VOLATILE_NB_META = ("widgets", "papermill", "toc-autonumbering")


def all_notebooks() -> list[Path]:
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def strip(nb: nbformat.NotebookNode, clear_outputs: bool) -> nbformat.NotebookNode:
    for key in VOLATILE_NB_META:
        nb.metadata.pop(key, None)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    for cell in nb.cells:
        for key in VOLATILE_CELL_META:
            cell.metadata.pop(key, None)
        if cell.cell_type != "code":
            continue
        if clear_outputs:
            cell.outputs = []
            cell.execution_count = None
        else:
            for out in cell.outputs:
                # Widget views carry a fresh random model id every run; nbval never compares
                # them, so keep the output (it shows where the widget goes) without the noise.
                data = out.get("data", {})
                view = data.get("application/vnd.jupyter.widget-view+json")
                if view is not None:
                    view["model_id"] = ""
                out.get("metadata", {}).pop("execution", None)
    return nb


def run(path: Path) -> float:
    nb = nbformat.read(path, as_version=4)
    nbformat.write(strip(nb, clear_outputs=True), path)
    jupyter = Path(sys.executable).with_name("jupyter")
    cmd = [str(jupyter) if jupyter.exists() else "jupyter", "nbconvert", "--to", "notebook",
           "--execute", "--inplace", "--ExecutePreprocessor.store_widget_state=False",
           "--ExecutePreprocessor.record_timing=False",
           f"--ExecutePreprocessor.timeout={TIMEOUT}",
           "--ExecutePreprocessor.kernel_name=python3", str(path)]
    start = time.perf_counter()
    subprocess.run(cmd, check=True, cwd=path.parent)
    elapsed = time.perf_counter() - start
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    nbformat.write(strip(nb, clear_outputs=False), path)
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    args = parser.parse_args(argv)
    paths = [p.resolve() for p in args.notebooks] or all_notebooks()
    if not paths:
        print("no notebooks found", file=sys.stderr)
        return 1
    for path in paths:
        elapsed = run(path)
        print(f"{path.relative_to(ROOT)}: executed in {elapsed:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
