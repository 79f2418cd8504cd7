"""The design-questions notebooks and their dashboard pages stay in step with the library."""

from __future__ import annotations

import inspect
import re

import nbformat
import pytest

from designkit.analysis.questions import GAMES, module
from designkit.core.paths import REPO_ROOT

NOTEBOOKS = REPO_ROOT / "notebooks"


@pytest.mark.parametrize("game", GAMES)
def test_notebook_answers_every_question_with_a_reading(game: str) -> None:
    nb = nbformat.read(NOTEBOOKS / f"questions_{game}.ipynb", as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert re.search(r"^N_GAMES = \d+  # ", code, re.M), "N_GAMES with a comment at the top"
    shown = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
             if "text/markdown" in o.get("data", {})]
    texts = "\n".join(o["data"]["text/markdown"] for o in shown)
    problems = getattr(module(game), "PROBLEMS", ())
    for q in [*module(game).QUESTIONS, *(p.question for p in problems)]:
        assert f"「{q.quote_ja}」" in texts, q.key  # the designer's words, answered
    assert texts.count("**Reading:**") == len(module(game).QUESTIONS) + len(problems)
    for p in problems:      # problem → cure → verdict: the draft's value and every cure read
        assert all(f"{cure}" in texts for cure in p.cures), p.question.key
    assert all("application/vnd.plotly.v1+json" in o.get("data", {})
               for c in nb.cells if c.cell_type == "code" and "show(" in c.source
               for o in c.outputs if "text/markdown" not in o.get("data", {})
               and o.get("output_type") != "stream")


@pytest.mark.parametrize("game", GAMES)
def test_dashboard_page_uses_the_notebook_game_counts(game: str) -> None:
    """The page calls ``page(game)``: ``answer_all``'s defaults are the notebook's counts."""
    nb = nbformat.read(NOTEBOOKS / f"questions_{game}.ipynb", as_version=4)
    setup = nb.cells[1].source
    defaults = inspect.signature(module(game).answer_all).parameters
    for name, param in (("N_GAMES", "n_games"), ("N_SWEEP", "n_sweep"), ("SEED", "seed")):
        found = re.search(rf"^{name} = (\d+)", setup, re.M)
        if found:
            assert defaults[param].default == int(found.group(1)), (name, game)
    cures = re.search(r'^N_CURES = int\(os.environ.get\("DESIGNKIT_NB_GAMES", "(\d+)"\)\)',
                      "\n".join(c.source for c in nb.cells if c.cell_type == "code"), re.M)
    if cures:       # the page plays as many paired games per cure as the notebook
        assert defaults["n_cures"].default == int(cures.group(1)), game
    for name, param in (("AGENTS", "agents"), ("SWEEP_AGENTS", "sweep_agents")):
        agents = re.search(rf'^{name} = "([^"]+)"', setup, re.M)
        if agents:  # the page plays the same bots as the notebook
            assert defaults[param].default == agents.group(1), (name, game)
    page = nbformat.read(NOTEBOOKS / "dashboards" / f"questions_{game}.ipynb", as_version=4)
    assert f'page("{game}")' in page.cells[-1].source
    assert "nbval-skip" in page.cells[-1].metadata.get("tags", [])  # run once in CI, above


def test_questions_pages_are_listed_and_get_no_preheated_kernel() -> None:
    from designkit_widgets.serve import dashboards_dir, pools_for

    pools = pools_for(dashboards_dir())
    for game in GAMES:
        assert f"questions_{game}.ipynb" not in pools
        assert pools[f"{game}.ipynb"]["pool_size"] >= 1
    index = nbformat.read(NOTEBOOKS / "dashboards" / "index.ipynb", as_version=4)
    listed = "".join(o["data"]["text/markdown"] for c in index.cells if c.cell_type == "code"
                     for o in c.outputs if "text/markdown" in o.get("data", {}))
    for game in GAMES:
        assert f"(questions_{game}.ipynb)" in listed
