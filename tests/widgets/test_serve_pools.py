"""The index page holds a whole lab: it gets a preheated kernel like each game's page
(issue 26: 7.5-7.9 s to first render without one)."""

from designkit_widgets.serve import dashboards_dir, pools_for


def test_the_index_gets_a_preheated_kernel() -> None:
    pools = pools_for(dashboards_dir())
    assert pools["index.ipynb"]["pool_size"] >= 1
    assert pools["default"]["pool_size"] == 0
    assert not any(name.startswith("questions_") for name in pools)
