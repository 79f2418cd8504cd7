"""The design-questions notebooks and their dashboard pages stay in step with the library."""

from __future__ import annotations

import inspect
import re

import nbformat
import pytest

from designkit.analysis.doubts import load_doubts
from designkit.analysis.questions import GAMES, module
from designkit.core.paths import REPO_ROOT

NOTEBOOKS = REPO_ROOT / "notebooks"


def _shown(nb: nbformat.NotebookNode, cells: list[nbformat.NotebookNode] | None = None) -> str:
    return "\n".join(o["data"]["text/markdown"] for c in (cells or nb.cells)
                     if c.cell_type == "code" for o in c.outputs
                     if "text/markdown" in o.get("data", {}))


@pytest.mark.parametrize("game", GAMES)
def test_notebook_walks_every_doubt_with_a_reading(game: str) -> None:
    """The notebook is the doubts table walked: one cell per doubt, in the draft's order,
    each with its quote and a reading written from the numbers; the draft's own charts
    (every question of analysis/questions/<game>.py) under the doubts they bear on."""
    nb = nbformat.read(NOTEBOOKS / f"questions_{game}.ipynb", as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert re.search(r"^N_GAMES = \d+  # ", code, re.M), "N_GAMES with a comment at the top"
    doubts = load_doubts(game)
    entries = [c for c in nb.cells if re.fullmatch(r"doubt-[a-z0-9-]+", c.get("id", ""))
               and "evidence" not in c["id"]]
    assert [c["id"] for c in entries] == [f"doubt-{d.key.replace('_', '-')}" for d in doubts]
    problems = {p.question.key: p for p in getattr(module(game), "PROBLEMS", ())}
    for d, cell in zip(doubts, entries, strict=True):
        text = _shown(nb, [cell])
        assert f"「{d.quote_ja}」" in text and d.quote_en in text, d.key
        reading = text.split("**Reading:**", 1)[1]
        assert reading.strip(), d.key
        if d.status == "answered":      # the draft's value and every cure, read from numbers
            p = problems[d.detail]
            assert re.search(r"\d", reading), d.key
            assert all(f"`{cure}`" in text for cure in p.cures), d.key
            assert all(f"| {n} |" in text for n in p.players), d.key   # each player count
            assert "Next:" in reading, d.key
        else:
            assert d.detail.split(":")[0][:40] in " ".join(text.split()), d.key
    texts = _shown(nb)
    for q in module(game).QUESTIONS:
        assert f"「{q.quote_ja}」" in texts, q.key  # the draft's own charts, as evidence
    evidence = [c for c in nb.cells if "-evidence-" in c.get("id", "")]
    assert texts.count("**Reading:**") == len(doubts) + len(evidence)
    assert all("application/vnd.plotly.v1+json" in o.get("data", {})
               for c in evidence for o in c.outputs
               if "text/markdown" not in o.get("data", {}) and o.get("output_type") != "stream")


@pytest.mark.parametrize("game", GAMES)
def test_the_coverage_table_is_at_the_top(game: str) -> None:
    """The coverage table comes before the first doubt's entry, right after the review."""
    nb = nbformat.read(NOTEBOOKS / f"questions_{game}.ipynb", as_version=4)
    ids = [c.get("id", "") for c in nb.cells]
    slug = game.replace("_", "-")
    cover = ids.index(f"q-{slug}-coverage")
    assert f'coverage("{game}", done)' in nb.cells[cover].source
    assert ids.index(f"q-{slug}-walk") < cover < min(i for i, c in enumerate(ids)
                                                      if c.startswith("doubt-"))
    shown = "".join(o.get("data", {}).get("text/html", "") for o in nb.cells[cover].outputs)
    statuses = re.findall(r"<td>(answered|not decided at \d+ games|cannot be simulated|"
                          r"no cure built yet)</td>", shown)
    assert len(statuses) == len(load_doubts(game))


def test_crossroads_27_merit_has_a_verdict_from_the_searching_level() -> None:
    """Greedy cannot see the 27 merit (settled after the declaration): the notebook shows
    each 27-merit cure's verdict from the search level too, at every count it names."""
    nb = nbformat.read(NOTEBOOKS / "questions_crossroads.ipynb", as_version=4)
    cell = next(c for c in nb.cells if c.get("id") == "doubt-merit-27")
    text = _shown(nb, [cell])
    p = next(p for p in module("crossroads").PROBLEMS if p.question.key == "merit_27")
    for cure in p.cures:
        for n in p.players:
            row = [line for line in text.splitlines()
                   if line.startswith(f"| `{cure}`") and f"| {n} | search |" in line]
            assert len(row) == 1, (cure, n)
            assert re.search(r"\| (fixes it|improves it|no practical change|makes it worse|"
                             r"not decided yet)", row[0])


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
