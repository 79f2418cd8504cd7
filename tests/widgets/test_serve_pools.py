"""The index page holds a whole lab: it gets a preheated kernel like each game's page
(issue 26: 7.5-7.9 s to first render without one)."""

import pytest
from designkit_widgets.serve import dashboards_dir, pools_for


def test_the_index_gets_a_preheated_kernel() -> None:
    pools = pools_for(dashboards_dir())
    assert pools["index.ipynb"]["pool_size"] >= 1
    assert pools["default"]["pool_size"] == 0
    assert not any(name.startswith("questions_") for name in pools)


def test_a_game_without_a_page_of_its_own_gets_the_generic_page(monkeypatch) -> None:
    """Any registered game has a dashboard (issue 23): the generic page, told the game by
    the server's environment (a preheated kernel) or the URL (a link from the index)."""
    from designkit_widgets.dashboard_page import requested_game
    from designkit_widgets.serve import GAME_ENV, GENERIC_PAGE, dashboard_notebook, voila_env

    from designkit.core.errors import DesignkitError
    from designkit.core.registry import register, unregister
    from tests.contract.example_game import GAME

    register(GAME)
    try:
        assert dashboard_notebook("high_card").name == GENERIC_PAGE
        assert dashboard_notebook("crossroads").name == "crossroads.ipynb"
    finally:
        unregister(GAME.name)
    with pytest.raises(DesignkitError, match="^no dashboard for 'no_such_game': unknown game"):
        dashboard_notebook("no_such_game")
    assert GENERIC_PAGE not in pools_for(dashboards_dir())  # no game to preheat it for
    assert voila_env({}, game="high_card")[GAME_ENV] == "high_card"
    assert requested_game({GAME_ENV: "high_card", "QUERY_STRING": "game=x"}) == "high_card"
    assert requested_game({"QUERY_STRING": "a=1&game=crossroads"}) == "crossroads"
    assert requested_game({}) is None


def test_the_lab_notebooks_are_trusted_before_serving(tmp_path):
    """Issue 39: ``make dashboard`` logged "Notebook … is not trusted" for each page; the
    notebooks are signed first (into a private signature store here), once."""
    import nbformat
    from designkit_widgets.serve import dashboards_dir, trust_notebooks
    from nbformat.sign import NotebookNotary

    notary = NotebookNotary(data_dir=str(tmp_path))
    folder = dashboards_dir()
    notebooks = sorted(folder.glob("*.ipynb"))
    assert not any(notary.check_signature(nbformat.read(p, as_version=4)) for p in notebooks)
    assert trust_notebooks(folder, notary) == notebooks
    assert all(notary.check_signature(nbformat.read(p, as_version=4)) for p in notebooks)
    assert trust_notebooks(folder, notary) == []   # already trusted: nothing signed again


def test_every_page_title_names_its_game():
    """Issue 39: the page title was the notebook's file name; Voila uses metadata.title."""
    import nbformat
    from designkit_widgets.serve import dashboards_dir

    from designkit.core.registry import get_game

    for path in sorted(dashboards_dir().glob("*.ipynb")):
        title = nbformat.read(path, as_version=4).metadata.get("title", "")
        game = path.stem.removeprefix("questions_")
        if path.stem == "game_lab":     # the generic page: any game, told at run time
            continue
        if path.stem == "index":
            assert "designkit" in title
            continue
        g = get_game(game)
        assert g.title in title and g.title_ja in title, path.name
