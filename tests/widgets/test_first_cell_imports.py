"""The dashboard page's first cell must not load pandas or plotly (issue 26: first render).

``from designkit_widgets import DesignLab`` plus building the lab for each game is what a
page's first cell runs before its first widget shows; pandas and plotly (≈1 s of CPU on
the lab's machine) belong to the first run or analysis tab. Checked in a fresh interpreter,
since this test process has long imported both. Witch Academia's and 王道勇者's Rules
tab shows the game's own design tables (pandas frames, a plotly odds chart), built by the
game, so those two labs are checked for the import only.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

_CELL = """
import json, sys
from designkit_widgets import DesignLab
after_import = sorted(m for m in ("pandas", "plotly") if m in sys.modules)
DesignLab({game!r})
print(json.dumps([after_import, sorted(m for m in ("pandas", "plotly") if m in sys.modules)]))
"""


def _heavy_modules(game: str) -> list[list[str]]:
    out = subprocess.run([sys.executable, "-c", _CELL.format(game=game)], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


@pytest.mark.parametrize("game", ["crossroads", "rolling_stone"])
def test_first_cell_loads_no_pandas_or_plotly(game: str) -> None:
    after_import, after_build = _heavy_modules(game)
    assert after_import == [], f"import designkit_widgets loads {after_import}"
    assert after_build == [], f"building the {game} lab loads {after_build}"


@pytest.mark.parametrize("game", ["witch_academy", "classic_hero"])
def test_import_loads_no_pandas_or_plotly(game: str) -> None:
    after_import, _after_build = _heavy_modules(game)
    assert after_import == [], f"import designkit_widgets loads {after_import}"


def test_lazy_exports_are_the_panels() -> None:
    import designkit_widgets
    from designkit_widgets.tune_panel import TunePanel

    assert designkit_widgets.TunePanel is TunePanel
    assert set(designkit_widgets.__all__) <= set(dir(designkit_widgets)) | set(
        designkit_widgets._EXPORTS)
    with pytest.raises(AttributeError):
        _ = designkit_widgets.NoSuchPanel  # type: ignore[attr-defined]
