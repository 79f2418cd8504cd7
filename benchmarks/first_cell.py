"""CPU time of each dashboard page's first cell, in a fresh process (a script, not a test).

What the page costs the kernel before its first widget shows: ``import designkit_widgets``
plus building the page's DesignLab (the index builds the default game's lab). Each page is
measured in its own fresh interpreter (imports are cached within one), ``--repeats`` times;
the median CPU time (``time.process_time``, so a loaded machine matters less) is printed,
with whether pandas or plotly were imported on the way.

Usage: ``.venv/bin/python benchmarks/first_cell.py [--repeats N]``
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

PAGES = {"index": None, "crossroads": "crossroads", "witch_academy": "witch_academy",
         "classic_hero": "classic_hero", "rolling_stone": "rolling_stone"}

_CELL = """
import json, sys, time
t0 = time.process_time()
from designkit_widgets import DesignLab
t1 = time.process_time()
DesignLab({game!r}) if {game!r} else DesignLab()
t2 = time.process_time()
print(json.dumps({{"import": t1 - t0, "build": t2 - t1,
                  "heavy": sorted(m for m in ("pandas", "plotly") if m in sys.modules)}}))
"""


def measure(game: str | None) -> dict[str, object]:
    """One fresh process running the page's first cell."""
    out = subprocess.run([sys.executable, "-c", _CELL.format(game=game)], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"{'page':<15} {'import s':>9} {'build s':>8} {'total s':>8}  heavy modules")
    for page, game in PAGES.items():
        runs = [measure(game) for _ in range(args.repeats)]
        imp = statistics.median(float(r["import"]) for r in runs)  # type: ignore[arg-type]
        build = statistics.median(float(r["build"]) for r in runs)  # type: ignore[arg-type]
        total = statistics.median(float(r["import"]) + float(r["build"])  # type: ignore[arg-type]
                                  for r in runs)
        print(f"{page:<15} {imp:9.3f} {build:8.3f} {total:8.3f}  {','.join(runs[0]['heavy']) or '-'}")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
